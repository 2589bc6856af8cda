"""The compact layout in a short window: JupyterLab at 1280x720 (a 720p screen or projector), its left sidebar open (as
`./lab` opens it) and closed. Three diagrams side by side there left the attack diagram's text at 3.0 px (sidebar
open) and 4.1 px (closed): nobody could read it. Now the compact layout, like the stream layout, shows one diagram at a
time at the full height of the player beside a column with the rest, chosen with the buttons 1, 2, 3 (or the keys):
the diagram shown is whole and its text at least COMPACT_SHORT_MIN_PX, the caption and the open decision are whole,
the keys 1, 2, 3 switch the diagram shown and the player keeps the focus. The exported page in compact at 1280x720
does the same (three panes there gave the attack diagram 5.6-7.8 px). Screenshots in test-output/browser/."""

from __future__ import annotations

from typing import Any

import pytest
from labharness import OUTPUT, LabServer, write_notebook
from layoutcheck import COMPACT_SHORT_MIN_PX, STREAM_LARGE_MIN_PX, check_text_clear, check_whole
from test_player_layouts import go_to, open_in_lab, player_at_top, set_sidebar

from digiteach.export import to_html
from digiteach.scenario import load_scenario, play

pytestmark = pytest.mark.browser

SCENARIO = "attack-resolution-5"
TRACE = play(load_scenario(SCENARIO))
DECISION = next(s.index for s in TRACE.steps if s.decision is not None)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_compact_in_jupyterlab_at_720p_shows_one_readable_diagram(chromium: Any, lab_server: LabServer, lang: str) -> None:
    """English: the promise COMPACT_SHORT_MIN_PX; German (longer captions and options, so a wider column): whole, and
    at least the stream layout's floor with the sidebar open."""
    name = f"player_compact_short_{lang}.ipynb"
    write_notebook(lab_server.root / name, [f"import widgets\nwidgets.play({SCENARIO!r}, layout='compact')"])
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        player = open_in_lab(page, lab_server, name, sidebar=True)
        for sidebar in (True, False):
            set_sidebar(page, sidebar)
            go_to(page, player, DECISION + 1)
            if lang != "en":  # retold at the same step (the step helpers read the English counter)
                player.locator(".digiteach-lang").select_option(lang)
                player.locator(".digiteach-counter", has_text="Schritt").wait_for()
                page.wait_for_timeout(300)
            player_at_top(page, player)
            what = f"JupyterLab compact {lang} 1280x720 sidebar {'open' if sidebar else 'closed'}, first decision"
            page.screenshot(path=str(OUTPUT / f"lab-compact-{lang}-1280x720-sidebar-{'open' if sidebar else 'closed'}.png"))
            floor = COMPACT_SHORT_MIN_PX[sidebar] if lang == "en" else STREAM_LARGE_MIN_PX[("lab", 1280, 720, "sidebar open")]
            panes = check_whole(player, what, floor, count=1)
            assert panes[0]["name"] == "attack", f"{what}: the attack diagram should be shown first: {panes}"
            info = player.locator(".digiteach-info")
            assert info.evaluate("el => el.scrollHeight <= el.clientHeight + 1"), f"{what}: the caption is cut"
            options = player.locator(".digiteach-decision-open .digiteach-option")
            assert options.count() >= 2, f"{what}: the decision is not open"
            check_text_clear(player, what, scrolls=True)
            for k in range(options.count()):
                box = options.nth(k).bounding_box()
                assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 720, f"{what}: option {k} off screen"
            if lang != "en":  # the rest (keys, every step) is the same in both languages
                player.locator(".digiteach-lang").select_option("en")
                player.locator(".digiteach-counter", has_text="step").wait_for()
                continue
            # the keys 1, 2, 3 choose the diagram shown; each is whole; the player keeps the focus
            player.locator(".digiteach-caption").click()
            for key, pane in (("2", "priority"), ("3", "board"), ("1", "attack")):
                page.keyboard.press(key)
                page.wait_for_timeout(200)
                shown = check_whole(player, f"{what}, key {key}", 0.0, count=1)
                assert shown[0]["name"] == pane, f"{what}: key {key} shows {shown}"
                pressed = player.locator(".digiteach-panetab[aria-pressed='true']")
                assert pressed.count() == 1 and pressed.get_attribute("data-diagram") == pane, f"{what}: key {key}"
                assert player.evaluate("el => document.activeElement === el"), f"{what}: key {key} took the focus away"
            # stepping keeps the diagram chosen and stays readable at every step
            for step in range(1, len(TRACE.steps) + 1):
                go_to(page, player, step)
                check_whole(player, f"{what}, step {step}", 0.0, count=1)
    finally:
        context.close()
        lab_server.shutdown_kernels()


def test_compact_export_at_720p_shows_one_readable_diagram(chromium: Any, tmp_path: Any) -> None:
    """The exported page in the compact layout at 1280x720: one diagram at a time (keys 1, 2, 3), whole, its text at
    least the stream page's promise at 1280x720, and the page fits the window at every step."""
    page_file = to_html(TRACE, tmp_path / "ar5-compact.html", layout="compact")
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = context.new_page()
        page.goto(page_file.as_uri())
        page.wait_for_selector("html.js section.frame:not([hidden])", state="attached")
        for k in range(len(TRACE.steps)):
            frame = page.locator("section.frame:not([hidden])")
            shown = check_whole(frame, f"export compact 1280x720 step {k + 1}", STREAM_LARGE_MIN_PX[(1280, 720)], 1)
            assert shown[0]["name"] == "attack", f"step {k + 1}: {shown}"
            height = page.evaluate("document.scrollingElement.scrollHeight")
            assert height <= 720, f"step {k + 1}: the page scrolls ({height}px in a 720px window)"
            if k == DECISION:
                page.screenshot(path=str(OUTPUT / "export-compact-1280x720-decision.png"))
                for key, pane in (("2", "priority"), ("3", "board"), ("1", "attack")):
                    page.keyboard.press(key)
                    seen = check_whole(frame, f"export compact 1280x720 step {k + 1} key {key}", 0.0, 1)
                    assert seen[0]["name"] == pane, f"key {key} shows {seen}"
                    assert page.locator("button.panetab[aria-pressed='true']").text_content().startswith(key)
            page.keyboard.press("ArrowRight")
    finally:
        context.close()
