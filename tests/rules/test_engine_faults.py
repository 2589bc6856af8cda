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
                "effects": [{"timing": "Counter", "hand": True,
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


SECURITY_WATCHER = {"number": "WAT-1", "name": "Watchmon", "level": 4, "colors": ["Green"], "dp": 5000,
                    "play_cost": 5,
                    "effects": [{"when": {"event": "security_removed", "whose": "any", "kind": "any"},
                                 "actions": [{"do": "gain_memory", "amount": 1}],
                                 "summary": "When a security card is removed, gain 1 memory."}],
                    "summary": "Test Digimon watching Security Stacks."}
SOURCE_WATCHER = {"number": "WAT-2", "name": "Sourcewatchmon", "level": 4, "colors": ["Green"], "dp": 5000,
                  "play_cost": 5,
                  "effects": [{"when": {"event": "digivolution_trashed", "whose": "opponent", "kind": "any"},
                               "actions": [{"do": "gain_memory", "amount": 1}],
                               "summary": "When an opposing Digimon's digivolution cards are trashed, gain 1."}],
                  "summary": "Test Digimon watching digivolution cards."}
TRASH_BOTH = {"number": "OPT-T2", "name": "Double Strip", "kind": "Option", "colors": ["Green"], "use_cost": 0,
              "effects": [{"timing": "Main", "actions": [{"do": "trash_security", "whose": "both", "amount": 1}],
                           "summary": "Trash the top security card of both players."}],
              "summary": "Test Option."}
STRIP_ALL = {"number": "OPT-S2", "name": "Source Strip", "kind": "Option", "colors": ["Green"], "use_cost": 0,
             "effects": [{"timing": "Main", "actions": [
                 {"do": "trash_digivolution_cards", "target": {"who": "all", "whose": "opponent"}, "amount": 1}],
                 "summary": "Trash the bottom digivolution card of each opposing Digimon."}],
             "summary": "Test Option."}


def test_one_effect_trashing_two_security_stacks_triggers_a_watcher_once() -> None:
    """CR 15-5-2 (QA Q2603, Q2702, Q2814: things that happen at the same time in one timing trigger an effect
    once): trashing the top security card of both players is one event for a watcher."""
    setup = board(side("WAT-1", hand=("OPT-T2",), security=("ST3-04",)), side(security=("ST3-04",)), memory=0)
    h = play(setup, Action("use", hand_card="OPT-T2"), cards=cards(SECURITY_WATCHER, TRASH_BOTH))
    end = h[-1]
    assert names(end, "A", "security") == [] and names(end, "B", "security") == []
    assert [t for k, t in end.log if k == "activated" and "Watchmon" in t] == ["Activate [All Turns] of WAT-1 Watchmon: +1 memory"]
    assert end.memory == 1


def test_one_effect_trashing_digivolution_cards_of_two_digimon_triggers_a_watcher_once() -> None:
    """CR 15-5-2 (QA Q2603, Q2702, Q2814): digivolution cards trashed from two Digimon by one action go at the
    same time; a watcher triggers once."""
    setup = board(side("WAT-2", hand=("OPT-S2",)),
                  side(stack("ST3-03", "BT1-064"), stack("ST3-03", "BT1-064")), memory=0)
    h = play(setup, Action("use", hand_card="OPT-S2"), cards=cards(SOURCE_WATCHER, STRIP_ALL))
    end = h[-1]
    assert sorted(names(end, "B", "trash")) == ["BT1-064", "BT1-064"]
    assert [t for k, t in end.log if k == "activated" and "Sourcewatchmon" in t] == \
        ["Activate [All Turns] of WAT-2 Sourcewatchmon: +1 memory"]
    assert end.memory == 1


def test_security_cards_checked_one_by_one_stay_separate_events() -> None:
    """CR 13-1-2 with <Security A. +1> (contrast to CR 15-5-2): each security check is its own event, so the
    watcher triggers for each checked card."""
    two_checks = {"number": "SA-1", "name": "Doublemon", "level": 5, "colors": ["Red"], "dp": 20000,
                  "play_cost": 7, "keywords": ["Security A. +1"], "summary": "Test Digimon checking 2 cards."}
    setup = board(side("SA-1", "WAT-1"), side(security=("BT1-064", "BT1-064", "BT1-064")), memory=0)
    h = play(setup, attack_player(), cards=cards(SECURITY_WATCHER, two_checks))
    end = h[-1]
    assert [t for k, t in end.log if k == "activated"] == ["Activate [All Turns] of WAT-1 Watchmon: +1 memory"] * 2
    assert end.memory == 2


FORCER = {"number": "FRC-1", "name": "Forcemon", "level": 4, "colors": ["Black"], "dp": 5000, "play_cost": 5,
          "effects": [{"timing": "End of Opponent's Turn", "optional": True,
                       "actions": [{"do": "may_attack", "target": {"who": "choose", "whose": "opponent"}}],
                       "summary": "Choose 1 of the opponent's Digimon; it attacks."}],
          "summary": "Test Digimon that makes an opposing Digimon attack (like BT22-060's inherited effect)."}


def test_an_effect_making_the_opponents_digimon_attack_lets_the_attacking_player_choose() -> None:
    """CR 11-1-2, 11-2-7-1 (QA Q4914, Q3395): B's effect makes A's Digimon attack at the end of A's turn; A, the
    attacking player, chooses the attack target, and the player option names B (A's opponent)."""
    setup = board(side("BT1-064"), side("FRC-1", security=("ST3-04",)), memory=-1)
    h = play(setup, Action("end_turn"), ["Activate", "Attack Player B"], cards=cards(FORCER))
    asked = [s.decision for s in h if s.decision is not None and s.decision.kind == "attack target"]
    assert asked and asked[0].player == 0
    assert [o.label for o in asked[0].options] == ["Attack Player B"]
    assert h[-1].attacks_declared == 1 and names(h[-1], "B", "security") == []


def test_an_opponents_effect_cannot_make_the_non_turn_players_digimon_attack() -> None:
    """CR 11-1-2: only the turn player attacks; a "may attack" naming the non-turn player's Digimon does nothing."""
    mine = {"number": "FRC-2", "name": "Selfmon", "level": 4, "colors": ["Black"], "dp": 5000, "play_cost": 0,
            "effects": [{"timing": "On Play",
                         "actions": [{"do": "may_attack", "target": {"who": "choose", "whose": "opponent"}}],
                         "summary": "Choose 1 of the opponent's Digimon; it attacks."}],
            "summary": "Test Digimon."}
    setup = board(side(hand=("FRC-2",)), side("BT1-064"))
    h = play(setup, Action("play", hand_card="FRC-2"), cards=cards(mine))
    assert h[-1].attacks_declared == 0
    assert any("Only the turn player attacks" in s.caption for s in h)
