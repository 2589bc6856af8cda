"""The step player as a streamer and a learner use it, in Voilà (what `./lab --voila` serves) at 1920x1080
and 1280x720 (issue "The learner's path", points 3-7 and 9): stream layout readable (diagram text at least
14 CSS px, measured) and fitting the window at a decision; nothing moves when a decision or the "your
line" banner appears; choosing the documented option just moves on; the outcome at the last step; the top
of the trash; Space and the arrow keys after the speed select. Screenshots in test-output/browser/."""

from __future__ import annotations

from typing import Any

import pytest
from labharness import OUTPUT, LabServer, write_notebook
from layoutcheck import check_readable
from test_lesson_in_browser import KERNEL_SECONDS, read_player, wait_for, wait_for_step

from digiteach.scenario import load_scenario, play

pytestmark = [pytest.mark.browser, pytest.mark.long]

SCENARIO = "attack-resolution-5"
SIZES = [(1920, 1080), (1280, 720)]
TRACE = play(load_scenario(SCENARIO))
DECISION = next(s.index for s in TRACE.steps if s.decision is not None)


def open_player(chromium: Any, server: LabServer, layout: str, size: tuple[int, int]) -> tuple[Any, Any, Any]:
    name = f"player_{layout}.ipynb"
    if not (server.root / name).exists():
        write_notebook(server.root / name, [f"import widgets\nwidgets.play({SCENARIO!r}, layout={layout!r})"])
    context = chromium.new_context(viewport={"width": size[0], "height": size[1]})
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.on("pageerror", lambda err: print(f"[browser pageerror] {err}"))
    page.goto(server.url(f"voila/render/{name}"), timeout=KERNEL_SECONDS * 1000)
    player = wait_for(page, ".digiteach-player", f"the {layout} player in Voila")
    player.locator(".digiteach-diagram svg").first.wait_for(state="attached")
    player.scroll_into_view_if_needed()
    return context, page, player


def go_to(page: Any, player: Any, step: int) -> None:
    """Go to `step` (1-based) with the keys, as a person would."""
    player.locator(".digiteach-caption").click()
    page.keyboard.press("Home")
    for _ in range(step - 1):
        page.keyboard.press("ArrowRight")
    wait_for_step(player, step)
    page.wait_for_timeout(150)


def top(locator: Any) -> float:
    box = locator.bounding_box()
    assert box is not None
    return float(box["y"])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_stream_player_is_readable_and_fits_at_a_decision(chromium: Any, voila_server: LabServer, size: tuple[int, int]) -> None:
    context, page, player = open_player(chromium, voila_server, "stream", size)
    try:
        go_to(page, player, DECISION + 1)
        check_readable(player, f"player stream {size[0]}x{size[1]} step {DECISION + 1} (a decision)")
        box = player.bounding_box()
        assert box["height"] <= size[1], f"the player is {box['height']:.0f}px tall in a {size[1]}px window"
        OUTPUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUTPUT / f"voila-stream-{size[0]}x{size[1]}-decision.png"))
        diagrams_at_decision = top(player.locator(".digiteach-diagrams"))
        page.keyboard.press("ArrowRight")
        wait_for_step(player, DECISION + 2)
        assert top(player.locator(".digiteach-diagrams")) == diagrams_at_decision, "the diagrams moved"
        check_readable(player, f"player stream {size[0]}x{size[1]} step {DECISION + 2}")
    finally:
        context.close()


def test_compact_player_shows_controls_and_three_diagrams_at_1080p(chromium: Any, voila_server: LabServer) -> None:
    context, page, player = open_player(chromium, voila_server, "compact", (1920, 1080))
    try:
        go_to(page, player, DECISION + 1)
        box = player.bounding_box()
        assert box["height"] <= 1080, f"the compact player is {box['height']:.0f}px tall"
        for sel in (".digiteach-next", ".digiteach-pane-attack", ".digiteach-pane-priority", ".digiteach-pane-board"):
            r = player.locator(sel).bounding_box()
            assert r is not None and r["y"] >= 0 and r["y"] + r["height"] <= 1080, f"{sel} is off screen: {r}"
        page.screenshot(path=str(OUTPUT / "voila-compact-1920x1080-decision.png"))
    finally:
        context.close()


def test_branch_banner_outcome_keys_and_trash(chromium: Any, voila_server: LabServer) -> None:
    context, page, player = open_player(chromium, voila_server, "stream", (1920, 1080))
    try:
        go_to(page, player, DECISION + 1)
        next_top = top(player.locator(".digiteach-next"))
        documented = TRACE.steps[DECISION].choice
        player.locator(".digiteach-option.documented").click()  # the documented option: just moves on
        wait_for_step(player, DECISION + 2)
        assert "Documented line" in player.locator(".digiteach-branch").inner_text()

        go_to(page, player, DECISION + 1)
        other = [o for o in TRACE.steps[DECISION].decision.options if o != documented][0]  # type: ignore[union-attr]
        player.locator(".digiteach-option", has_text=other).click()
        page.locator(".digiteach-branch.digiteach-branch-yours").wait_for(state="attached", timeout=60_000)
        assert top(player.locator(".digiteach-next")) == next_top, "the banner moved the Next button"
        assert "Your line" in player.locator(".digiteach-branch").inner_text()

        player.locator(".digiteach-speed").select_option("375")
        page.keyboard.press("End")
        view = read_player(player)
        assert view.step == view.steps, f"End after the speed select should reach the last step: {view}"
        outcome = player.locator(".digiteach-outcome")
        assert outcome.is_visible() and "leaves the documented line at step" in outcome.inner_text()
        page.screenshot(path=str(OUTPUT / "voila-stream-1920x1080-branch-outcome.png"))
        page.keyboard.press(" ")  # Space plays from the start at the last step
        page.wait_for_timeout(900)
        page.keyboard.press(" ")
        assert 1 < read_player(player).step < view.steps, "Space should play, then pause"

        player.locator(".digiteach-back").click()
        page.keyboard.press("End")
        wait_for_step(player, len(TRACE.steps))
        board = player.locator(".digiteach-diagram[data-diagram=board] svg").text_content() or ""
        assert "top of trash: ST3-10 Magnadramon" in board.replace("\n", " ")
    finally:
        context.close()
