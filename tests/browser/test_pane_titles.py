"""A pane's title says what its diagram shows at the step shown: the attack pane is "Turn phases" while it draws the
turn's phases (outside an attack) and "Attack timings" during one, in the player as it steps and in the HTML export.
The panes themselves are not rebuilt when the title changes (a focused pane keeps the focus)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_player_random import open_player

from digiteach.export import to_html
from digiteach.render import trace_frames
from digiteach.scenario import load_scenario, play

pytestmark = pytest.mark.browser

SCENARIO = "attack-resolution-6"  # digivolves in the main phase, then <Blitz> attacks


def _expected() -> list[str]:
    trace = play(load_scenario(SCENARIO))
    titles = [f.titles[0] for f in trace_frames(trace)]
    assert titles[0] == "Turn phases" and "Attack timings" in titles, titles
    return titles


def test_attack_pane_title_follows_the_step(page: Any) -> None:
    titles = _expected()
    open_player(page, SCENARIO)
    pane = page.locator(".digiteach-pane-attack")
    body = pane.locator(".digiteach-diagram")
    body.focus()
    for k, want in enumerate(titles):
        assert pane.locator("figcaption").inner_text() == want, f"step {k + 1}"
        assert want in (pane.locator(".digiteach-enlarge").get_attribute("aria-label") or "")
        assert page.evaluate("() => document.activeElement.dataset.diagram") == "attack", "the pane kept the focus"
        page.keyboard.press("ArrowRight")
        page.wait_for_timeout(30)
    options = page.locator(".digiteach-large option").all_inner_texts()
    assert any(titles[-1] in o for o in options), options


def test_export_names_each_steps_attack_pane(tmp_path: Path) -> None:
    titles = _expected()
    to_html(play(load_scenario(SCENARIO)), tmp_path / "page.html")
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    shown = [part.split("</figcaption>")[0] for part in page.split('<figure class="attack"><figcaption>')[1:]]
    assert shown == titles
