"""The breeding phase with nothing to do, said by why (outside trial, session 11): a Breeding Area that holds a
Digi-Egg leaves no room to hatch another (CR 6-4-1-1), and a Digi-Egg has no DP, so it cannot move to the Battle
Area (CR 4-17-2); with an empty Breeding Area and no Digi-Egg left to hatch there is simply nothing to do (CR 6-4-1).
English and German."""

from __future__ import annotations

from pathlib import Path

import pytest

from digiteach.scenario import load_scenario
from digiteach.scenario.play import play
from digiteach.views import Step

BOARD = """
id: t-breeding-nothing
title: a breeding phase with nothing to do
source: test
cards:
  - {{number: X-60, name: Sprout, kind: Digi-Egg, level: 2, colors: [Red], summary: x}}
setup:
  turn_player: A
  memory: A3
  phase: breeding
  A: {{{breeding}deck: 5, egg_deck: {eggs}}}
  B: {{security: 3, deck: 5}}
action:
  - start_turn: true
"""


def _breeding_step(tmp_path: Path, breeding: str, eggs: str, lang: str = "en") -> Step:
    path = tmp_path / "board.yaml"
    path.write_text(BOARD.format(breeding=breeding, eggs=eggs), encoding="utf-8")
    steps = play(load_scenario(str(path)), lang).steps
    return steps[0]


def test_a_digi_egg_in_the_breeding_area_blocks_hatching_and_cannot_move(tmp_path: Path) -> None:
    st = _breeding_step(tmp_path, "breeding_area: X-60, ", "[X-60]")
    assert "Breeding Area holds X-60 Sprout" in st.caption and "no DP" in st.caption
    assert "no Digi-Egg to hatch" not in st.caption
    assert {"CR 6-4-1-1", "CR 4-17-2"} <= set(st.rules)


def test_an_empty_breeding_area_and_egg_deck_leave_nothing_to_do(tmp_path: Path) -> None:
    st = _breeding_step(tmp_path, "", "[]")
    assert "no Digi-Egg to hatch and nothing to move" in st.caption and "CR 4-17-2" not in st.rules


@pytest.mark.parametrize("eggs", ["[X-60]", "[]"])
def test_the_held_egg_in_german(tmp_path: Path, eggs: str) -> None:
    st = _breeding_step(tmp_path, "breeding_area: X-60, ", eggs, "de")
    assert "X-60 Sprout" in st.caption and "keine DP" in st.caption
