"""The quiz's answers are read whole (newcomer, session 15, shot 47): in `widgets.learn.study("ruling-R39")`, Quiz,
the long answers were buttons of one line cut with "..." at 1280x720, the whole text only in a tooltip. Each answer
now wraps at word boundaries inside its button, every word on screen, in Voilà as in JupyterLab (the same widgets)."""

from __future__ import annotations

from typing import Any

import pytest
from labharness import OUTPUT, LabServer, write_notebook
from test_lesson_in_browser import KERNEL_SECONDS, wait_for

from digiteach.quiz import make_quiz
from digiteach.scenario import load_scenario

pytestmark = [pytest.mark.browser]

SCENARIO = "ruling-R39"

# per answer button: its text, and whether it shows all of it (no ellipsis, nothing cut at its right or bottom edge)
READ_BUTTONS = """els => els.map(el => ({
  text: el.textContent.trim(),
  whole: el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1,
  wraps: getComputedStyle(el).whiteSpace !== 'nowrap',
  lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
  right: el.getBoundingClientRect().right,
}))"""


def test_long_quiz_answers_wrap_and_are_whole_at_720p(chromium: Any, voila_server: LabServer) -> None:
    options = [o.text for o in make_quiz(load_scenario(SCENARIO)).questions[0].options]
    assert max(len(o) for o in options) > 60, "the first question needs an answer longer than the old 60-character cut"
    write_notebook(voila_server.root / "quiz_wrap.ipynb", [f"import widgets\nwidgets.learn.study({SCENARIO!r})"])
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        page.goto(voila_server.url("voila/render/quiz_wrap.ipynb"), timeout=KERNEL_SECONDS * 1000)
        wait_for(page, ".digiteach-player", "the player in Voila")
        page.get_by_role("radio", name="Quiz").or_(page.locator("button", has_text="Quiz")).first.click()
        buttons = page.locator("button.digiteach-quiz-option")
        buttons.first.wait_for()
        buttons.first.scroll_into_view_if_needed()
        page.screenshot(path=str(OUTPUT / "quiz-answers-720.png"))
        shown = buttons.evaluate_all(READ_BUTTONS)
        assert [b["text"] for b in shown] == options, "an answer is not shown in full"
        for b in shown:
            assert b["wraps"] and b["whole"], f"answer cut: {b}"
            assert b["right"] <= 1280, f"answer runs off the window: {b}"
        page.set_viewport_size({"width": 800, "height": 720})  # narrower: the long answers take two lines or more
        page.wait_for_timeout(300)
        narrow = buttons.evaluate_all(READ_BUTTONS)
        assert all(b["wraps"] and b["whole"] for b in narrow), f"answer cut at 800 px: {narrow}"
        assert max(b["lines"] for b in narrow) >= 2, f"the long answer did not wrap: {narrow}"
    finally:
        context.close()
