"""The newcomer's trial (session 11, shot 30_bad1_in_notebook): a long error from widgets.play(...) of a broken
scenario file ran past the right edge of the notebook ("did you mean 'Bloc") and needed horizontal scrolling. Now it
is wrapped between words by widgets.play (JupyterLab had broken it inside a word at the edge): at 1280x720 with the
sidebar open and at 1920x1080 every line is seen whole on one row, and the message still reads as a located one
(file:line: field: message, then "expected: ..."). Also (session 11): a file whose expect the rules do not give plays,
with a located note above its player (what `digiteach check` says), wrapped the same way. Screenshots in test-output/browser/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from labharness import OUTPUT, REPO, LabServer, write_notebook
from test_lesson_in_browser import run_all_cells, wait_for_kernel
from test_player_layouts import set_sidebar

pytestmark = pytest.mark.browser

ERROR = '[data-mime-type="application/vnd.jupyter.error"], [data-mime-type="application/vnd.jupyter.stderr"]'


def bad_files(folder: Path) -> None:
    """attack-resolution-1 with a misspelt choice, as the newcomer's bad1.yaml ('Blok with ST4-08'), and with a wrong
    `deleted:` in its expect (bad2.yaml: it plays, and `digiteach check` says FAIL)."""
    text = (REPO / "digiteach" / "scenarios" / "attack-resolution-1.yaml").read_text(encoding="utf-8")
    assert "- B: Block with ST4-08" in text and "  deleted: [ST4-08]\n" in text
    (folder / "my-rulings").mkdir(parents=True, exist_ok=True)
    (folder / "my-rulings" / "bad1.yaml").write_text(text.replace("- B: Block with ST4-08", "- B: Blok with ST4-08"),
                                                     encoding="utf-8")
    (folder / "my-rulings" / "bad2.yaml").write_text(text.replace("  deleted: [ST4-08]\n", "  deleted: [BT1-064]\n"),
                                                     encoding="utf-8")


# each line of an output's text is one row on screen (the browser broke none of them: it breaks inside a word), it ends
# inside the output, and nothing scrolls sideways
ROWS_JS = """el => [...el.querySelectorAll('pre')].map(p => {
    const r = p.getBoundingClientRect(), lh = parseFloat(getComputedStyle(p).lineHeight);
    return {lines: p.textContent.replace(/\\n$/, '').split('\\n').length, rows: Math.round(r.height / lh),
            right: r.right, edge: el.getBoundingClientRect().right, wide: p.scrollWidth > p.clientWidth + 1};
})"""


def check_rows(output: Any, what: str) -> None:
    seen = output.evaluate(ROWS_JS)
    print(what, seen)
    for pre in seen:
        assert pre["rows"] == pre["lines"], f"{what}: a line is broken on screen: {seen}"
        assert not pre["wide"] and pre["right"] <= pre["edge"] + 1, f"{what}: it runs past its edge: {seen}"


def test_a_long_scenario_error_wraps_in_the_notebook(chromium: Any, lab_server: LabServer) -> None:
    bad_files(lab_server.root)
    name = "work/error_wraps.ipynb"
    write_notebook(lab_server.root / name, ["import widgets\nwidgets.play('../my-rulings/bad2.yaml')",
                                            "widgets.play('../my-rulings/bad1.yaml')"])
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        page.goto(lab_server.url(f"lab/workspaces/errwrap/tree/{name}"))
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", state="attached", timeout=60_000)
        set_sidebar(page, True)
        wait_for_kernel(page, lab_server, name)
        run_all_cells(page)
        error = page.locator(".jp-Cell").nth(1).locator(ERROR).first
        error.wait_for(state="visible", timeout=180_000)
        # bad2.yaml plays, and a note above its player says that its expect is not what the rules give (session 11)
        first = page.locator(".jp-Cell").nth(0)
        note = first.locator(ERROR).first
        assert note.inner_text().startswith("note: ../my-rulings/bad2.yaml: its expect does not match what the rules")
        assert "expect.deleted (line " in note.inner_text() and "expected BT1-064, got ST4-08 Kabuterimon" in note.inner_text()
        player = first.locator(".digiteach-player")
        player.locator(".digiteach-diagram svg").first.wait_for(state="attached")
        assert note.bounding_box()["y"] < player.bounding_box()["y"], "the note is not above the player"
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
            check_rows(error, f"the error at {size}")
            note.scroll_into_view_if_needed()
            page.screenshot(path=str(OUTPUT / f"lab-scenario-expect-note-{size[0]}x{size[1]}.png"))
            check_rows(note, f"the note at {size}")
    finally:
        context.close()
        lab_server.shutdown_kernels()


def test_an_export_refused_shows_a_plain_error_in_the_notebook(chromium: Any, lab_server: LabServer) -> None:
    """The newcomer's trial (session 12): `p.export_html("blocked.html")` run a second time printed a whole Python
    traceback ending in FileExistsError. Now, like a broken scenario file, a refused export shows one plain red
    `error: ...` line, as `digiteach export` says it (with overwrite=True for --force), and no traceback; so does a
    folder that does not exist. The file already there is left as it was. Session 16: the refusal no longer stops the
    cell or Run All (the method returns None there): the line after it in the cell, and the cells below, still run."""
    name = "work/export_refused.ipynb"
    (lab_server.root / "work" / "blocked.html").unlink(missing_ok=True)
    write_notebook(lab_server.root / name, ["import widgets\np = widgets.play('attack-resolution-5')",
                                            "p.export_html('blocked.html')",
                                            "p.export_html('blocked.html')\nprint('after the refusal')",
                                            "p.export_html('no-such-folder/x.html')\nprint('the last cell ran')"])
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        page.goto(lab_server.url(f"lab/workspaces/exprefused/tree/{name}"))
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", state="attached", timeout=60_000)
        wait_for_kernel(page, lab_server, name)
        run_all_cells(page)
        cells = page.locator(".jp-Cell")
        errors = [cells.nth(k).locator(ERROR).first for k in (2, 3)]
        errors[0].wait_for(state="visible", timeout=180_000)
        errors[1].wait_for(state="visible", timeout=60_000)  # Run All went on past the first refusal
        for k, said in ((2, "after the refusal"), (3, "the last cell ran")):
            printed = cells.nth(k).locator('[data-mime-type="application/vnd.jupyter.stdout"]')
            printed.wait_for(state="visible", timeout=60_000)
            assert printed.inner_text().strip() == said, printed.inner_text()
        assert not page.locator('[data-mime-type="application/vnd.jupyter.error"]').count(), "a traceback"
        written = cells.nth(1).locator(".jp-OutputArea-output").first.inner_text()
        assert "blocked.html" in written and not cells.nth(1).locator(ERROR).count(), written
        text = [error.inner_text().strip() for error in errors]
        print(text)
        assert text[0] == "error: blocked.html already exists; pass overwrite=True to replace it", text
        assert text[1] == "error: the folder no-such-folder does not exist; create it first", text
        for error in errors:
            error.scroll_into_view_if_needed()
            check_rows(error, "the export error")
        OUTPUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUTPUT / "lab-export-refused-1280x720.png"))
        assert (lab_server.root / "work" / "blocked.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    finally:
        context.close()
        lab_server.shutdown_kernels()
        (lab_server.root / "work" / "blocked.html").unlink(missing_ok=True)


def test_an_export_written_is_confirmed_in_the_players_language(chromium: Any, lab_server: LabServer) -> None:
    """The newcomer's trial (session 13): `p.export_html("mine.html")` wrote the file without a word (the command
    prints "wrote ..."). Now the notebook says so in one line naming the file, in the player's language (a German
    player: "mine.html geschrieben"), also when the cell's value is not shown (a trailing `;`)."""
    name = "work/export_written.ipynb"
    for file in ("mine.html", "mine-en.html"):
        (lab_server.root / "work" / file).unlink(missing_ok=True)
    write_notebook(lab_server.root / name, ["import widgets\np = widgets.play('attack-resolution-5', lang='de')",
                                            "p.export_html('mine.html');",
                                            "q = widgets.play('attack-resolution-1')",
                                            "q.export_html('mine-en.html');"])
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        page.goto(lab_server.url(f"lab/workspaces/expwritten/tree/{name}"))
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", state="attached", timeout=60_000)
        wait_for_kernel(page, lab_server, name)
        run_all_cells(page)
        cells = page.locator(".jp-Cell")
        outputs = [cells.nth(k).locator(".jp-OutputArea-output").first for k in (1, 3)]
        for output in outputs:
            output.wait_for(state="visible", timeout=180_000)
        text = [output.inner_text().strip() for output in outputs]
        print(text)
        assert text == ["mine.html geschrieben", "wrote mine-en.html"], text
        assert not page.locator(ERROR).count(), "an error or stderr output"
        assert (lab_server.root / "work" / "mine.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    finally:
        context.close()
        lab_server.shutdown_kernels()
        for file in ("mine.html", "mine-en.html"):
            (lab_server.root / "work" / file).unlink(missing_ok=True)
