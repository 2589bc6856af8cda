"""The newcomer's trial in a real browser (Voilà, headless Chromium): "Back to the documented line" goes to
the step where the learner branched (it went to step 1), and Tab reaches the decision's options right
after the step controls, before the speed/layout/large pane selects and Export HTML (it took 8 Tabs)."""

from __future__ import annotations

from typing import Any

import pytest
from labharness import LabServer
from test_accessibility import DECISION, SCENARIO, TRACE, open_voila_player
from test_lesson_in_browser import read_player, wait_for_step

pytestmark = pytest.mark.browser


def focused_class(page: Any) -> str:
    return str(page.evaluate("document.activeElement && document.activeElement.className"))


def test_tab_order_and_back_to_the_branching_step(chromium: Any, voila_server: LabServer) -> None:
    context, page, player = open_voila_player(
        chromium, voila_server, "branch_keys.ipynb", f"import widgets\nwidgets.play({SCENARIO!r})")
    try:
        player.locator(".digiteach-slider").focus()
        for _ in range(DECISION):
            page.keyboard.press("ArrowRight")
        wait_for_step(player, DECISION + 1)
        page.keyboard.press("Tab")
        assert focused_class(page).startswith("digiteach-option"), focused_class(page)
        options = player.locator(".digiteach-option")
        for _ in range(options.count() - 1):
            page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        assert focused_class(page) == "digiteach-speed", "after the options come the secondary controls"
        page.keyboard.press("Shift+Tab")
        assert focused_class(page).startswith("digiteach-option")

        other = player.locator(".digiteach-option:not(.documented)").first
        other.click()
        player.locator(".digiteach-branch-yours").wait_for(state="attached", timeout=30000)
        wait_for_step(player, DECISION + 2)
        player.locator(".digiteach-last").click()
        assert read_player(player).step > DECISION + 2
        player.locator(".digiteach-back").click()
        player.locator(".digiteach-branch:not(.digiteach-branch-yours)").wait_for(state="attached", timeout=30000)
        view = wait_for_step(player, DECISION + 1)
        assert view.step == DECISION + 1, "Back goes to the step where the learner branched"
        assert view.caption == TRACE.steps[DECISION].caption
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "mark"), [("de", "(gewählt)"), ("en", "(chosen)")])
def test_the_documented_option_is_marked_in_the_players_language(chromium: Any, voila_server: LabServer, lang: str,
                                                                  mark: str) -> None:
    """The documented option's mark is real text in the player's language (read out by screen readers), not an
    English CSS ::after (a German lesson showed "... (this line)")."""
    context, page, player = open_voila_player(
        chromium, voila_server, f"documented_mark_{lang}.ipynb", f"import widgets\nwidgets.play({SCENARIO!r}, lang={lang!r})")
    try:
        player.locator(".digiteach-slider").focus()
        for _ in range(DECISION):
            page.keyboard.press("ArrowRight")
        option = player.locator(".digiteach-option.documented")
        option.wait_for(state="visible", timeout=30000)  # at the decision (the counter is in the player's language)
        text = option.inner_text()
        assert text.endswith(mark), f"the documented option reads {text!r}; it should end with {mark!r}"
        shown = option.evaluate("b => ['::before', '::after'].map(p => getComputedStyle(b, p).content)")
        assert all(c in ("none", "normal") for c in shown), f"CSS adds words to the option: {shown}"
        names = option.evaluate("b => b.textContent")
        assert mark in names, "the mark is in the button's text, so it is part of its accessible name"
    finally:
        context.close()
