"""Engine faults found when rulings and simulator bug reports were written as scenarios (issue 9): each test
names the rule it checks."""

from __future__ import annotations

from boards import attack as attack_player
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


FIELD_COUNTER = {"number": "CTR-1", "name": "Guardmon", "level": 4, "colors": ["Blue"], "dp": 5000,
                 "play_cost": 5,
                 "effects": [{"timing": "Counter", "once_per_turn": True,
                              "actions": [{"do": "dp", "target": "attacker", "amount": -3000, "duration": "turn"}],
                              "summary": "The attacking Digimon gets -3000 DP for the turn."}],
                 "summary": "Test Digimon with a [Counter] effect on the field."}
HAND_COUNTER = {"number": "CTR-2", "name": "Trickmon", "level": 3, "colors": ["Blue"], "dp": 3000,
                "play_cost": 3,
                "effects": [{"timing": "Counter",
                             "actions": [{"do": "suspend", "target": "attacker"}],
                             "summary": "Suspend the attacking Digimon."}],
                "summary": "Test card with a {Hand}[Counter] effect that is not <Blast Digivolve>."}


def test_counter_effect_of_a_digimon_in_play_is_offered() -> None:
    """CR 11-3-1, 11-3-2, 15-16-14-1: the counter timing offers the non-turn player's [Counter] effects, those of
    their Digimon in the Battle Area too; the chosen one activates and its own actions are processed (the
    attacker drops to 0 DP: B's Digimon wins nothing, the rule check deletes A's Digimon)."""
    setup = board(side("BT1-064"), side("CTR-1", security=("ST3-04",)))
    h = play(setup, attack_player(), ["Activate [Counter] of CTR-1 Guardmon"], cards=cards(FIELD_COUNTER))
    offered = [o.label for s in h if s.decision for o in s.decision.options]
    assert "Activate [Counter] of CTR-1 Guardmon" in offered
    end = h[-1]
    assert names(end, "A", "battle") == [] and names(end, "A", "trash") == ["BT1-064"]


def test_hand_counter_effect_runs_its_own_actions() -> None:
    """CR 11-3-2, 15-16-14-1: a {Hand}[Counter] effect that is not <Blast Digivolve> processes its own actions
    (here: suspend the attacking Digimon), and no digivolution happens."""
    setup = board(side("BT1-064"), side("ST3-03", hand=("CTR-2",), security=("ST3-04",)))
    h = play(setup, attack_player(), ["Use [Counter] of CTR-2 Trickmon"], cards=cards(HAND_COUNTER))
    end = h[-1]
    assert names(end, "B", "hand") == ["CTR-2"] and names(end, "B", "battle") == ["ST3-03"]
    assert "Activate [Counter] of CTR-2 Trickmon" in [t for k, t in end.log if k == "activated"]
