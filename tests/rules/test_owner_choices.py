"""Choices the rules give a player that the engine must ask instead of making: which of several immediate-type
"would be deleted" effects to use first (CR 15-8-5-3, QA Q5600) and which cards an effect's player picks when the
card says they choose (CR 15-10-2). Inline test cards are invented for the rule."""

from __future__ import annotations

from typing import Any

from boards import activated, board, cards, names, play, side, stack
from digiteach.cards import Card
from digiteach.setup import Action


def _lib(*extra: dict[str, Any]) -> dict[str, Card]:
    return cards(*extra)


DELETER = {"number": "T-D1", "name": "Deleter", "level": 4, "colors": ["Red"], "dp": 4000, "play_cost": 1,
           "effects": [{"timing": "On Play", "actions": [{"do": "delete", "target": {"who": "choose"}}],
                        "summary": "Delete 1 opposing Digimon."}],
           "summary": "Test card."}
TWO_WAYS = {"number": "T-V1", "name": "Two Ways", "level": 5, "colors": ["Blue"], "dp": 6000, "play_cost": 6,
            "keywords": ["Evade", "Armor Purge"], "summary": "Test card with <Evade> and <Armor Purge>."}


def _two_ways_board() -> Any:
    return board(side(hand=("T-D1",)), side(stack("T-V1", "BT1-064")), memory=3)


def test_several_immediate_effects_of_one_player_are_a_decision() -> None:
    """CR 15-8-5-3, QA Q5600: B's Digimon would be deleted and both its <Evade> and <Armor Purge> could interrupt;
    B is asked which to use (they are simultaneous only with each other and B orders them freely)."""
    h = play(_two_ways_board(), Action("play", hand_card="T-D1"), [], cards=_lib(DELETER, TWO_WAYS))
    d = h[-1].decision
    assert d is not None and d.kind == "immediate" and d.player == 1
    assert d.labels == ("Use <Evade> of T-V1 Two Ways", "Use <Armor Purge> of T-V1 Two Ways", "Use none of them")
    assert d.rule == "CR 15-8-5-3"


def test_chosen_immediate_effect_prevents_the_deletion_and_the_other_is_not_needed() -> None:
    """CR 15-8-5-2: B uses <Armor Purge>: the top card is trashed instead and the deletion does not happen, so
    <Evade> is not offered any more and the Digimon stays unsuspended."""
    h = play(_two_ways_board(), Action("play", hand_card="T-D1"), ["Use <Armor Purge>"], cards=_lib(DELETER, TWO_WAYS))
    end = h[-1]
    assert end.finished
    assert names(end, "B", "battle") == ["BT1-064"] and not end.players[1].battle[0].suspended
    assert names(end, "B", "trash") == ["T-V1"]
    assert activated(end)[-1] == "Activate <Armor Purge> of T-V1 Two Ways"
    assert sum(1 for s in h if s.decision is not None and s.decision.kind == "immediate") == 1


def test_declining_every_immediate_effect_lets_the_deletion_happen() -> None:
    """CR 15-8-5-4: "Use none of them" declines both for this cause; the Digimon is deleted."""
    h = play(_two_ways_board(), Action("play", hand_card="T-D1"), ["Use none of them"], cards=_lib(DELETER, TWO_WAYS))
    end = h[-1]
    assert names(end, "B", "battle") == [] and sorted(names(end, "B", "trash")) == ["BT1-064", "T-V1"]
    assert [t for k, t in end.log if k == "deleted"] == ["T-V1 Two Ways"]
