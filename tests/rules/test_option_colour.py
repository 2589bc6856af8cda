"""Colour requirement for using an Option (CR 4-22, 9-1-1; Rule Manual 6.0): a Digimon or Tamer of the Option's
colour must be on your field; a multicolour Option needs every colour; a [Security] effect needs none."""

from __future__ import annotations

import pytest

from boards import activated, attack, board, cards, names, play, side
from digiteach.decisions import IllegalAction
from digiteach.engine import begin, initial_state
from digiteach.setup import Action, SideSetup, StackSetup

BLUE_RED_OPTION = {"number": "T-OPT2", "name": "Two-Colour Plan", "kind": "Option", "colors": ["Blue", "Red"],
                   "use_cost": 0, "effects": [{"timing": "Main", "actions": [{"do": "gain_memory", "amount": 1}],
                                               "summary": "Gain 1 memory."}],
                   "summary": "Test Option."}


def test_option_without_a_card_of_its_colour_cannot_be_used() -> None:
    """CR 4-22-2, 9-1-1: A has only a red Digimon, so the yellow Option BT23-094 is refused, naming the rule."""
    s = initial_state(board(side("ST1-06", hand=("BT23-094",)), side("BT2-075")), cards())
    with pytest.raises(IllegalAction, match=r"CR 4-22.*") as err:
        begin(s, Action("use", hand_card="BT23-094"))
    assert "Yellow" in str(err.value)


def test_tamer_of_the_colour_meets_the_requirement() -> None:
    """CR 4-22-2: a yellow Tamer (ST3-12) is enough to use the yellow Option."""
    h = play(board(side("ST3-12", hand=("BT23-094",)), side("BT2-075")), Action("use", hand_card="BT23-094"))
    assert "Activate [Main] of BT23-094 Nanomachine Break" in activated(h[-1])
    assert names(h[-1], "A", "trash") == ["BT23-094"]


def test_breeding_area_counts_for_the_colour_requirement() -> None:
    """CR 4-22-2, 3-4-6: the field includes the Breeding Area; a yellow Digimon there meets the requirement."""
    setup = board(SideSetup(hand=("BT23-094",), deck=("ST3-03",), breeding_area=StackSetup(("ST3-04",))),
                  side("BT2-075"))
    h = play(setup, Action("use", hand_card="BT23-094"))
    assert "Activate [Main] of BT23-094 Nanomachine Break" in activated(h[-1])


def test_multicolour_option_needs_every_colour() -> None:
    """CR 4-22-3, 4-22-4: a blue/red Option needs blue and red; a red Digimon alone is not enough, a red Digimon and
    a blue one are."""
    lib = cards(BLUE_RED_OPTION)
    s = initial_state(board(side("ST1-06", hand=("T-OPT2",)), side()), lib)
    with pytest.raises(IllegalAction, match="Blue"):
        begin(s, Action("use", hand_card="T-OPT2"))
    h = play(board(side("ST1-06", "BT1-036", hand=("T-OPT2",)), side()), Action("use", hand_card="T-OPT2"), cards=lib)
    assert activated(h[-1]) == ["Activate [Main] of T-OPT2 Two-Colour Plan"]


def test_security_effect_of_an_option_needs_no_colour() -> None:
    """CR 4-22-5: Holy Flame's [Security] effect activates from B's security although B has no yellow card."""
    h = play(board(side("BT1-114"), side(security=("ST3-15", "BT1-064"))), attack())
    assert "Activate [Security] of ST3-15 Holy Flame" in activated(h[-1])
