"""``dump_scenario`` writes a scenario a judge can load again: every bundled scenario without inline cards, dumped and
loaded, plays the same steps (filler piles come back as counts, a named filler as ``setup.filler``; before, a pile of
fillers was written card by card and refused as more than 4 copies)."""

from __future__ import annotations

from pathlib import Path

import pytest

from digiteach.scenario import bundled_index, dump_scenario, load_scenario, play

IDS = [sid for sid, path in bundled_index() if not load_scenario(str(path)).cards]


@pytest.mark.parametrize("sid", IDS)
def test_a_dumped_scenario_loads_and_plays_the_same(sid: str, tmp_path: Path) -> None:
    scenario = load_scenario(sid)
    path = tmp_path / f"{sid}.yaml"
    path.write_text(dump_scenario(scenario), encoding="utf-8")
    again = load_scenario(str(path))
    assert again.setup == scenario.setup and again.filler == scenario.filler
    assert [s.caption for s in play(again, "en").steps] == [s.caption for s in play(scenario, "en").steps]


def test_most_bundled_scenarios_are_covered() -> None:
    assert len(IDS) >= 50
