"""{Hand} [Counter] effects against a Digimon's own [Counter] (CR 11-3-1, 15-16-14; rules_summary §8.9: a {Hand}
effect works while the card is in the hand). The card language marks a {Hand} [Counter] with ``hand: true``; a
Digimon's [Counter] without it works on the field only (an outside trial found it offered from the hand too)."""

from __future__ import annotations

import pytest

from boards import attack as attack_player
from boards import board, cards, names, play, side
from digiteach.cards import CardDataError, card_from_dict


def _counter_digimon(number: str, hand: bool) -> dict[str, object]:
    effect: dict[str, object] = {"timing": "Counter", "actions": [{"do": "suspend", "target": "attacker"}],
                                 "summary": "Suspend the attacking Digimon."}
    if hand:
        effect["hand"] = True
    return {"number": number, "name": "Stopmon", "level": 4, "colors": ["Blue"], "dp": 5000, "play_cost": 5,
            "effects": [effect], "summary": "Test Digimon with a [Counter] effect."}


FIELD_ONLY = _counter_digimon("HC-1", hand=False)
HAND_ONLY = _counter_digimon("HC-2", hand=True)


def _offered(h: list) -> list[str]:  # type: ignore[type-arg]
    return [o.label for s in h if s.decision for o in s.decision.options]


def test_a_digimons_counter_is_not_offered_from_the_hand() -> None:
    """CR 15-16-14, 11-3-1: a Digimon's [Counter] without the {Hand} icon is used on the field; in the hand it is
    not offered, and the attack goes on to its security check."""
    setup = board(side("BT1-064"), side(hand=("HC-1",), security=("ST3-04",)))
    h = play(setup, attack_player(), [], cards=cards(FIELD_ONLY))
    assert not [label for label in _offered(h) if "[Counter]" in label]
    assert len(h[-1].players[1].security) == 0  # checked: nothing stopped the attack


def test_a_digimons_counter_is_offered_on_the_field() -> None:
    """CR 11-3-1, 15-16-14-1: the same [Counter] on a Digimon in the Battle Area is offered and used."""
    setup = board(side("BT1-064"), side("HC-1", security=("ST3-04",)))
    h = play(setup, attack_player(), ["Activate [Counter] of HC-1 Stopmon", "Don't block"], cards=cards(FIELD_ONLY))
    assert "Activate [Counter] of HC-1 Stopmon" in _offered(h)


def test_a_hand_counter_is_offered_from_the_hand_and_not_on_the_field() -> None:
    """``hand: true`` ({Hand}): offered while the card is in the hand, never while it is in the Battle Area."""
    setup = board(side("BT1-064"), side(hand=("HC-2",), security=("ST3-04",)))
    h = play(setup, attack_player(), ["Use [Counter] of HC-2 Stopmon"], cards=cards(HAND_ONLY))
    assert "Use [Counter] of HC-2 Stopmon" in _offered(h)
    assert names(h[-1], "B", "hand") == ["HC-2"]
    on_field = board(side("BT1-064"), side("HC-2", security=("ST3-04",)))
    h = play(on_field, attack_player(), ["Don't block"], cards=cards(HAND_ONLY))
    assert not [label for label in _offered(h) if "[Counter]" in label]


def test_hand_is_only_for_a_counter_effect() -> None:
    """The loader refuses ``hand: true`` on an effect that is not [Counter], naming the field."""
    data = {"number": "HC-3", "name": "Bad", "level": 3, "colors": ["Red"], "dp": 1000, "play_cost": 1,
            "effects": [{"timing": "On Play", "hand": True, "actions": [{"do": "draw", "amount": 1}],
                         "summary": "x"}], "summary": "x"}
    with pytest.raises(CardDataError, match="hand"):
        card_from_dict(data, "test")
