"""Engine faults found when rulings and simulator bug reports were written as scenarios (issue 9): each test
names the rule it checks."""

from __future__ import annotations

from boards import board, cards, names, play, side, stack
from digiteach.setup import Action

EGG_WITH_DP = {"number": "EGG-DP", "name": "Eggmon", "kind": "Digi-Egg", "level": 2, "colors": ["Red"],
               "dp": 1000, "summary": "Test Digi-Egg card printed with DP."}
NO_DP_DIGIMON = {"number": "NODP-1", "name": "Voidmon", "level": 3, "colors": ["Red"], "play_cost": 3,
                 "summary": "Test Digimon card printed without DP."}
PLAIN_EGG = {"number": "EGG-0", "name": "Plainegg", "kind": "Digi-Egg", "level": 2, "colors": ["Red"],
             "summary": "Test Digi-Egg card without DP."}


def test_rule_check_trashes_a_digimon_without_dp_whatever_its_card_type() -> None:
    """CR 17-1-3-2-1: a Digimon without DP in the Battle Area is trashed. A Digi-Egg card printed with DP on top
    of a Battle Area stack has DP and stays; a Digimon card printed without DP is trashed; a Digi-Egg card
    without DP is trashed as before."""
    setup = board(side(stack("EGG-DP"), stack("NODP-1"), stack("EGG-0"), hand=("BT1-064",)), side(), memory=5)
    h = play(setup, Action("play", hand_card="BT1-064"), cards=cards(EGG_WITH_DP, NO_DP_DIGIMON, PLAIN_EGG))
    end = h[-1]
    assert names(end, "A", "battle") == ["EGG-DP", "BT1-064"]
    assert sorted(names(end, "A", "trash")) == ["EGG-0", "NODP-1"]
