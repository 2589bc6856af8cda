"""The newcomer's trial (session 11, shot 30_bad1_in_notebook): a long error from widgets.play(...) of a broken
scenario file ran past the right edge of the notebook ("did you mean 'Bloc") and needed horizontal scrolling. Now it
is wrapped between words by widgets.play (JupyterLab had broken it inside a word at the edge): at 1280x720 with the
sidebar open and at 1920x1080 every line is seen whole on one row, and the message still reads as a located one
(file:line: field: message, then "expected: ..."). Screenshots in test-output/browser/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from labharness import OUTPUT, REPO, LabServer, write_notebook
from test_lesson_in_browser import run_all_cells, wait_for_kernel
from test_player_layouts import set_sidebar

pytestmark = pytest.mark.browser

ERROR = '[data-mime-type="application/vnd.jupyter.error"], [data-mime-type="application/vnd.jupyter.stderr"]'


def bad_file(folder: Path) -> Path:
    """attack-resolution-1 with a misspelt choice, as the newcomer's bad1.yaml: 'Blok with ST4-08'."""
    text = (REPO / "digiteach" / "scenarios" / "attack-resolution-1.yaml").read_text(encoding="utf-8")
    assert "- B: Block with ST4-08" in text
    path = folder / "my-rulings" / "bad1.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.replace("- B: Block with ST4-08", "- B: Blok with ST4-08"), encoding="utf-8")
    return path


def test_a_long_scenario_error_wraps_in_the_notebook(chromium: Any, lab_server: LabServer) -> None:
    bad_file(lab_server.root)
    name = "work/error_wraps.ipynb"
    write_notebook(lab_server.root / name, ["import widgets\nwidgets.play('../my-rulings/bad1.yaml')"])
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        page.goto(lab_server.url(f"lab/workspaces/errwrap/tree/{name}"))
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", state="attached", timeout=60_000)
        set_sidebar(page, True)
        wait_for_kernel(page, lab_server, name)
        run_all_cells(page)
        error = page.locator(ERROR).first
        error.wait_for(state="visible", timeout=180_000)
        text = error.inner_text()
        print(text)
        assert text.startswith("error: ../my-rulings/bad1.yaml:32: choices[0]: 'Blok with ST4-08' is not a legal answer")
        assert "\n    expected: one of: 'Block with ST4-08 Kabuterimon'" in text, text
        assert "Traceback" not in text, text
        for size in ((1280, 720), (1920, 1080)):
            page.set_viewport_size({"width": size[0], "height": size[1]})
            page.wait_for_timeout(400)
            error.scroll_into_view_if_needed()
            OUTPUT.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(OUTPUT / f"lab-scenario-error-{size[0]}x{size[1]}.png"))
            # each line of the text is one line on screen: the browser broke none of them (it breaks inside a word),
            # nothing runs past the output's edge, and nothing scrolls sideways
            seen = error.evaluate("""el => [...el.querySelectorAll('pre')].map(p => {
                const r = p.getBoundingClientRect(), lh = parseFloat(getComputedStyle(p).lineHeight);
                return {lines: p.textContent.replace(/\\n$/, '').split('\\n').length, rows: Math.round(r.height / lh),
                        right: r.right, edge: el.getBoundingClientRect().right, wide: p.scrollWidth > p.clientWidth + 1};
            })""")
            print(size, seen)
            for pre in seen:
                assert pre["rows"] == pre["lines"], f"{size}: a line of the error is broken on screen: {seen}"
                assert not pre["wide"] and pre["right"] <= pre["edge"] + 1, f"{size}: the error runs past its edge: {seen}"
    finally:
        context.close()
        lab_server.shutdown_kernels()
