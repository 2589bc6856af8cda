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


def test_export_large_pane_select_names_the_panes_of_the_step_shown(page: Any, tmp_path: Path) -> None:
    """The exported page's *Large pane* select names each pane as the step shown does (its figcaption): "Turn
    phases large" at the first step, "Attack timings large" in the attack. While the page plays on, the pane
    chosen stays chosen and the select keeps the focus."""
    titles = _expected()
    to_html(play(load_scenario(SCENARIO)), tmp_path / "page.html", layout="stream", large_pane="board")
    page.goto((tmp_path / "page.html").as_uri())
    select = page.locator("select.digiteach-large")
    assert select.locator('option[value="attack"]').inner_text() == f"{titles[0]} large"
    assert page.locator(".panetab").first.text_content() == f"1 {titles[0]}"
    page.locator("select.digiteach-speed").select_option("375")
    page.locator(".digiteach-play").click()
    select.focus()
    later = titles.index("Attack timings")
    seen = page.wait_for_function(
        """(n) => {
            const counter = document.querySelector(".digiteach-counter").textContent;
            if (!counter.startsWith("step " + n + " ")) return null;
            const sel = document.querySelector("select.digiteach-large");
            return {caption: document.querySelector("section.frame:not([hidden]) figure.attack figcaption").textContent,
                    option: sel.querySelector('option[value="attack"]').textContent, value: sel.value,
                    tab: document.querySelector(".panetab").textContent,
                    focused: document.activeElement === sel};
        }""", arg=later + 1, polling=10, timeout=30_000).json_value()
    assert seen == {"caption": "Attack timings", "option": "Attack timings large", "value": "board",
                    "tab": "1 Attack timings", "focused": True}  # (the tab: the pane's button in a short window)
