"""Every learner can use the player (issue 15, accessibility; issue 12's loose ends), in a real browser:

- axe-core finds no serious or critical violation on the player in JupyterLab, in Voilà and on the HTML
  export;
- the player in Voilà and the export are driven with the keyboard alone (Tab to every control, a visible
  focus, Enter/Space/arrows), the diagrams are role="img" with a text alternative, the caption is a live
  region and a decision is announced with its options;
- in JupyterLab, ArrowDown on a focused speed or layout select changes the select, not the notebook, and
  Enter on a focused button presses it (the notebook stays in command mode);
- a broken scenario passed to widgets.play in a JupyterLab notebook shows the located `file:line field`
  message and no traceback;
- the stream layout at 1280x720 with a large pane: that pane readable (text >= 14 CSS px), the others
  shown whole.
Screenshots and axe reports in test-output/browser/.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from a11ycheck import axe_violations, focus_is_visible, tab_to
from labharness import OUTPUT, REPO, LabServer, write_notebook
from layoutcheck import STREAM_LARGE_MIN_PX, check_whole, measure
from test_lesson_in_browser import (KERNEL_SECONDS, open_notebook, read_player, run_all_cells,
                                    wait_for, wait_for_step)

from digiteach.diagrams import DIAGRAMS
from digiteach.export import to_html
from digiteach.scenario import load_scenario, play

pytestmark = [pytest.mark.browser, pytest.mark.long]

SCENARIO = "attack-resolution-5"
TRACE = play(load_scenario(SCENARIO))
DECISION = next(s.index for s in TRACE.steps if s.decision is not None)
BROKEN = """\
id: broken-one
title: A scenario with a mistake
setup:
  turn_player: A
  memory: A3
  A:
    battle_area: [BT1-081]
  B:
    security: two
action:
  attack: {with: BT1-081, target: player}
"""


def new_page(chromium: Any, size: tuple[int, int] = (1400, 1000)) -> tuple[Any, Any]:
    context = chromium.new_context(viewport={"width": size[0], "height": size[1]})
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.on("pageerror", lambda err: print(f"[browser pageerror] {err}"))
    return context, page


def open_voila_player(chromium: Any, server: LabServer, name: str, code: str,
                      size: tuple[int, int] = (1400, 1000)) -> tuple[Any, Any, Any]:
    if not (server.root / name).exists():
        write_notebook(server.root / name, [code])
    context, page = new_page(chromium, size)
    page.goto(server.url(f"voila/render/{name}"), timeout=KERNEL_SECONDS * 1000,
              wait_until="domcontentloaded")  # not "load": it waits on a CDN font that may hang offline
    player = wait_for(page, ".digiteach-player", f"the player of {name} in Voila")
    player.locator(".digiteach-diagram svg").first.wait_for(state="attached")
    return context, page, player


def check_diagram_alternatives(root: Any, what: str) -> None:
    """Each visible diagram is role="img" with a label that says what it shows at this step."""
    panes = root.locator(".digiteach-diagram").evaluate_all(
        "ps => ps.filter(p => p.offsetParent !== null).map(p => [p.dataset.diagram, p.getAttribute('role'), p.getAttribute('aria-label') || ''])")
    print(f"{what}: " + " | ".join(f"{n}: {label[:90]}" for n, _r, label in panes))
    assert [n for n, _r, _l in panes] == ["attack", "priority", "board"], panes
    for name, role, label in panes:
        assert role == "img" and len(label) > 20, f"{what}: {name} has no text alternative: {role!r} {label!r}"
    labels = {n: label for n, _r, label in panes}
    assert "Current timing:" in labels["attack"] or "Current phase:" in labels["attack"]
    assert labels["priority"].startswith("Pending activation")
    assert "Memory:" in labels["board"]


def counter(root: Any) -> str:
    return str(root.locator(".digiteach-counter").first.inner_text())


# ------------------------------------------------------------------------------------------ the HTML export


@pytest.fixture(scope="module")
def export_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return to_html(TRACE, tmp_path_factory.mktemp("export-a11y") / "ar5.html", layout="stream")


def test_export_has_no_serious_axe_violation_and_works_by_keyboard(chromium: Any, export_page: Path) -> None:
    context, page = new_page(chromium, (1920, 1080))
    try:
        page.goto(export_page.as_uri())
        page.wait_for_selector("html.js section.frame:not([hidden])", state="attached")
        severe = axe_violations(page, "export")
        assert severe == [], f"axe: serious or critical violations on the export: {[v['id'] for v in severe]}"
        frame = page.locator("section.frame:not([hidden])")
        check_diagram_alternatives(frame, "export step 1")
        assert page.locator(".announce[aria-live=polite]").inner_text().startswith("Step 1 of")

        total = len(TRACE.steps)
        tab_to(page, ".digiteach-next")
        assert focus_is_visible(page), "the focused Next button shows no focus ring"
        page.keyboard.press("Enter")
        assert counter(page) == f"step 2 of {total}"
        page.keyboard.press("Enter")  # a button pressed from the keyboard keeps the focus
        assert counter(page) == f"step 3 of {total}"
        tab_to(page, ".digiteach-slider")
        assert focus_is_visible(page)
        for _ in range(DECISION - 2):
            page.keyboard.press("ArrowRight")
        assert counter(page) == f"step {DECISION + 1} of {total}"
        spoken = page.locator(".announce").inner_text()
        decision = TRACE.steps[DECISION].decision
        assert decision is not None and decision.prompt in spoken, spoken
        assert all(option in spoken for option in decision.options), f"the options are not announced: {spoken}"
        tab_to(page, ".digiteach-speed")
        assert focus_is_visible(page)
        page.keyboard.press("ArrowDown")
        assert page.locator(".digiteach-speed").input_value() == "750", "ArrowDown moves the speed select"
        assert counter(page) == f"step {DECISION + 1} of {total}", "the select's keys are not the page's"
        tab_to(page, ".digiteach-play", backwards=True)
        page.keyboard.press("Space")
        page.wait_for_timeout(1000)
        page.keyboard.press("Space")
        assert counter(page) != f"step {DECISION + 1} of {total}", "Space on the Play button plays"
        page.screenshot(path=str(OUTPUT / "a11y-export-keyboard.png"))
    finally:
        context.close()


# ------------------------------------------------------------------------------------------------- Voilà


def test_voila_player_has_no_serious_axe_violation_and_works_by_keyboard(chromium: Any, voila_server: LabServer) -> None:
    context, page, player = open_voila_player(
        chromium, voila_server, "a11y_player.ipynb", f"import widgets\nwidgets.play({SCENARIO!r})")
    try:
        severe = axe_violations(page, "voila-player", ".digiteach-player")
        assert severe == [], f"axe: serious or critical violations on the player in Voila: {[v['id'] for v in severe]}"
        check_diagram_alternatives(player, "voila step 1")
        assert player.locator(".digiteach-caption").get_attribute("aria-live") == "polite"

        # keyboard only, from the top of the page
        page.locator("body").press("Tab")
        tab_to(page, ".digiteach-player")
        assert focus_is_visible(page), "the player's root shows no focus ring"
        page.keyboard.press("ArrowRight")
        wait_for_step(player, 2)
        page.keyboard.press("End")
        wait_for_step(player, len(TRACE.steps))
        assert player.locator(".digiteach-outcome").is_visible()
        page.keyboard.press("Home")
        wait_for_step(player, 1)
        tab_to(page, ".digiteach-next")
        assert focus_is_visible(page)
        for step in range(2, DECISION + 2):
            page.keyboard.press("Enter")
            wait_for_step(player, step)
        spoken = player.locator(".digiteach-announce").inner_text()
        decision = TRACE.steps[DECISION].decision
        assert decision is not None
        assert spoken.startswith(f"Decision for Player {decision.player}") and all(o in spoken for o in decision.options), spoken
        view = read_player(player)
        assert view.step == DECISION + 1

        tab_to(page, ".digiteach-option.documented")
        assert focus_is_visible(page), "the focused option shows no focus ring"
        page.keyboard.press("Enter")  # the documented option just moves on
        wait_for_step(player, DECISION + 2)

        tab_to(page, ".digiteach-layout", backwards=True)
        page.keyboard.press("ArrowDown")  # stacked -> compact
        page.locator(".digiteach-player.digiteach-layout-compact").wait_for(state="attached")
        page.keyboard.press("ArrowDown")  # compact -> stream
        page.locator(".digiteach-player.digiteach-layout-stream").wait_for(state="attached")
        player.locator(".digiteach-pane-attack.digiteach-pane-large").wait_for(state="attached")  # stream's default
        tab_to(page, ".digiteach-large")
        page.keyboard.press("ArrowDown")  # attack timings large -> pending activation large
        player.locator(".digiteach-pane-priority.digiteach-pane-large").wait_for(state="attached")
        tab_to(page, ".digiteach-player", backwards=True)
        page.keyboard.press("ArrowLeft")
        wait_for_step(player, DECISION + 1)
        page.screenshot(path=str(OUTPUT / "a11y-voila-keyboard.png"))
    finally:
        context.close()


def test_why_panel_opens_by_keyboard_shows_the_notes_and_has_no_serious_axe_violation(
        chromium: Any, voila_server: LabServer) -> None:
    """The Why panel at 1280x720: closed at first (the diagrams keep their room), Tab reaches its summary and Enter
    opens it on the scenario's notes (text); axe finds nothing serious with it open; switching to the stream layout
    closes it and puts its summary on the step log's line (no height of its own)."""
    code = f"import widgets\nwidgets.play({SCENARIO!r})"
    context, page, player = open_voila_player(chromium, voila_server, "a11y_why.ipynb", code, (1280, 720))
    try:
        why = player.locator("details.digiteach-why")
        assert why.get_attribute("open") is None and why.is_visible()
        page.locator("body").press("Tab")
        tab_to(page, ".digiteach-why summary")
        assert focus_is_visible(page), "the Why summary shows no focus ring"
        page.keyboard.press("Enter")
        player.locator("details.digiteach-why[open]").wait_for(state="attached")
        text = player.locator(".digiteach-why-text")
        assert text.is_visible() and text.inner_text().split() == TRACE.notes.split()
        severe = axe_violations(page, "voila-why-open", ".digiteach-player")
        assert severe == [], f"axe: serious or critical violations with the Why panel open: {[v['id'] for v in severe]}"
        page.screenshot(path=str(OUTPUT / "a11y-why-1280x720.png"))
        player.locator(".digiteach-layout").select_option("stream")
        page.locator(".digiteach-player.digiteach-layout-stream").wait_for(state="attached")
        assert why.get_attribute("open") is None
        assert player.locator(".digiteach-footer details.digiteach-why").count() == 1  # beside the step log
        log = player.locator(".digiteach-logbox summary").bounding_box()
        summary = player.locator(".digiteach-why summary").bounding_box()
        assert log is not None and summary is not None and abs(log["y"] - summary["y"]) <= 4, (log, summary)
        page.screenshot(path=str(OUTPUT / "a11y-why-stream-1280x720.png"))
    finally:
        context.close()


def test_stream_at_720p_shows_one_readable_diagram_at_a_time(chromium: Any, voila_server: LabServer) -> None:
    """Streamers at 720p: three panes cannot be read there, so the stream layout shows ONE diagram at the full height
    (the one chosen: large_pane), whole, its text at the README's promise for Voila at 720p; the buttons 1 2 3 (Tab to
    one, Enter; it keeps the focus) and the keys 1 2 3 switch which diagram, each announced as pressed or not."""
    code = f"import widgets\nwidgets.play({SCENARIO!r}, layout='stream', large_pane='priority')"
    context, page, player = open_voila_player(chromium, voila_server, "a11y_stream_large.ipynb", code, (1280, 720))
    try:
        player.locator(".digiteach-caption").click()
        page.keyboard.press("Home")
        for _ in range(DECISION):
            page.keyboard.press("ArrowRight")
        wait_for_step(player, DECISION + 1)
        page.wait_for_timeout(300)
        assert "digiteach-one-pane" in (player.get_attribute("class") or "")
        check_whole(player, "Voila stream 1280x720, pending activation", STREAM_LARGE_MIN_PX[("voila", 1280, 720)], count=1)
        assert [p["name"] for p in measure(player)] == ["priority"]
        pressed = player.locator(".digiteach-panetab[aria-pressed=true]")
        assert pressed.count() == 1 and pressed.get_attribute("data-diagram") == "priority"
        box = player.bounding_box()
        assert box is not None and box["height"] <= 720, f"the player is {box} in a 720px window"
        page.screenshot(path=str(OUTPUT / "a11y-stream-1280x720-priority.png"))
        for name in ("board", "attack"):
            tab = player.locator(f".digiteach-panetab[data-diagram={name}]")
            tab.focus()
            page.keyboard.press("Enter")
            player.locator(f".digiteach-pane-{name}.digiteach-pane-large").wait_for(state="attached")
            page.wait_for_timeout(300)
            assert tab.get_attribute("aria-pressed") == "true" and tab.evaluate("b => b === document.activeElement")
            check_whole(player, f"Voila stream 1280x720, {name}", STREAM_LARGE_MIN_PX[("voila", 1280, 720)], count=1)
            page.screenshot(path=str(OUTPUT / f"a11y-stream-1280x720-{name}.png"))
        page.keyboard.press("2")  # the second diagram (pending activation), from the keyboard
        player.locator(".digiteach-pane-priority.digiteach-pane-large").wait_for(state="attached")
        page.keyboard.press("ArrowRight")  # the arrows still step
        wait_for_step(player, DECISION + 2)
    finally:
        context.close()


# -------------------------------------------------------------------------------------------- JupyterLab


def active_cell(page: Any) -> int:
    index: int = page.evaluate(
        "() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')].findIndex(c => c.classList.contains('jp-mod-active'))")
    return index


def test_broken_scenario_in_jupyterlab_shows_located_errors_not_a_traceback(page: Any, lab: LabServer) -> None:
    (lab.root / "broken.yaml").write_text(BROKEN, encoding="utf-8")
    write_notebook(lab.root / "a11y_broken.ipynb", ["import widgets\nwidgets.play('broken.yaml')"])
    open_notebook(page, lab, "a11y_broken.ipynb")
    run_all_cells(page)
    error = page.locator(".jp-OutputArea-output", has_text="error: broken.yaml").first
    error.wait_for(state="attached", timeout=KERNEL_SECONDS * 1000)
    page.wait_for_timeout(300)
    text = "\n".join(page.locator(".jp-OutputArea-output").all_inner_texts())
    print(f"the notebook shows:\n{text}")
    assert "error: broken.yaml:9: setup.B.security:" in text, text
    assert "error: broken.yaml:1: source: missing required key 'source'" in text, text
    for noise in ("Traceback", "File \"", "ScenarioError", "raise "):
        assert noise not in text, f"a traceback leaked into the notebook ({noise!r}):\n{text}"
    assert not page.locator(".digiteach-player").count()
    page.screenshot(path=str(OUTPUT / "a11y-jupyterlab-broken-scenario.png"))


def test_player_in_jupyterlab_axe_keys_and_the_readme_screenshot(chromium: Any, lab: LabServer) -> None:
    """The player in JupyterLab at 1920x1080 (stream layout): no serious or critical axe violation, the
    diagrams' text alternatives; the README's picture at the first decision (`DIGITEACH_UPDATE_SCREENSHOT=1`
    copies it to docs/screenshot.png); then, with the notebook in command mode, ArrowDown/ArrowUp on a
    focused speed or layout select change the select and not the notebook's active cell, and Enter on a
    focused button presses it without putting the notebook in edit mode (issue 12)."""
    write_notebook(lab.root / "step_player_stream.ipynb", [f"import widgets\nwidgets.play({SCENARIO!r}, layout='stream')", "y = 2"])
    context, page = new_page(chromium, (1920, 1080))
    try:
        open_notebook(page, lab, "step_player_stream.ipynb")
        run_all_cells(page)
        player = wait_for(page, ".digiteach-player", "the step player")
        player.locator(".digiteach-diagram svg").first.wait_for(state="attached")
        page.locator(".jp-Cell").nth(1).locator(".jp-InputArea-prompt", has_text="2").wait_for(state="attached", timeout=60_000)
        severe = axe_violations(page, "jupyterlab-player", ".digiteach-player")
        assert severe == [], f"axe: serious or critical violations on the player in JupyterLab: {[v['id'] for v in severe]}"
        check_diagram_alternatives(player, "jupyterlab step 1")

        player.locator(".digiteach-caption").click()
        for _ in range(DECISION):
            page.keyboard.press("ArrowRight")
        wait_for_step(player, DECISION + 1)
        page.locator(".jp-Cell").first.locator(".jp-InputArea-prompt").click()  # command mode, the player's cell
        player.scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        box = player.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 1080, f"the player is off screen: {box}"
        shot = OUTPUT / "readme-jupyterlab-1920x1080.png"
        page.screenshot(path=str(shot))
        print(f"screenshot: {shot}")
        if os.environ.get("DIGITEACH_UPDATE_SCREENSHOT", "").strip() not in ("", "0"):
            shutil.copyfile(shot, REPO / "docs" / "screenshot.png")
            print(f"README screenshot updated: {REPO / 'docs' / 'screenshot.png'}")

        cell = active_cell(page)
        for sel, key, before, after in ((".digiteach-speed", "ArrowDown", "1500", "750"),
                                        (".digiteach-layout", "ArrowUp", "stream", "compact")):
            player.locator(sel).focus()
            assert player.locator(sel).input_value() == before
            page.keyboard.press(key)
            page.wait_for_timeout(200)
            assert player.locator(sel).input_value() == after, f"{key} did not move {sel}"
            assert active_cell(page) == cell, f"{key} on {sel} moved the notebook to cell {active_cell(page)}"
        page.locator(".digiteach-player.digiteach-layout-compact").wait_for(state="attached")
        player.locator(".digiteach-next").focus()
        page.keyboard.press("Enter")
        wait_for_step(player, DECISION + 2)
        assert read_player(player).step == DECISION + 2, "Enter on the focused Next button steps"
        assert not page.locator(".jp-Notebook.jp-mod-editMode").count(), "Enter on a player button put the notebook in edit mode"
        assert active_cell(page) == cell
        page.screenshot(path=str(OUTPUT / "a11y-jupyterlab-keys.png"))
    finally:
        context.close()


def test_export_stream_at_720p_shows_one_readable_diagram_at_a_time(chromium: Any, tmp_path: Path) -> None:
    """The exported page at 1280x720 (`digiteach export --layout stream --large-pane board`): ONE diagram at a time,
    whole, its text at the README's promise for 720p; the buttons 1 2 3 and the keys 1 2 3 switch it; no scrolling."""
    page_file = to_html(TRACE, tmp_path / "ar5-board.html", layout="stream", large_pane="board")
    context, page = new_page(chromium, (1280, 720))
    try:
        page.goto(page_file.as_uri() + f"?step={DECISION + 1}")
        page.wait_for_selector("html.js section.frame:not([hidden])", state="attached")
        page.wait_for_timeout(200)
        frame = page.locator("section.frame:not([hidden])")
        for name, key in (("board", None), ("priority", "2"), ("attack", None)):
            if key:
                page.keyboard.press(key)
            elif name != "board":
                page.locator("button.panetab").nth(list(DIAGRAMS).index(name)).click()
            page.wait_for_timeout(200)
            assert [p["name"] for p in measure(frame)] == [name]
            check_whole(frame, f"export stream 1280x720, {name}", STREAM_LARGE_MIN_PX[(1280, 720)], count=1)
            assert page.locator("button.panetab[aria-pressed=true]").inner_text().endswith(
                frame.locator("figure.large figcaption").inner_text())
            page.screenshot(path=str(OUTPUT / f"a11y-export-stream-1280x720-{name}.png"))
        height = page.evaluate("document.scrollingElement.scrollHeight")
        assert height <= 720, f"the page scrolls: {height}px"
    finally:
        context.close()
