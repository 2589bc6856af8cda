"""<Training> (CR 16-41): by suspending this Digimon, place the top card of your deck at the bottom of its
digivolution cards; activated in the main phase from the Battle Area or the Breeding Area."""

from __future__ import annotations

import pytest
from boards import board, cards, names, play, side

from digiteach.decisions import IllegalAction
from digiteach.engine import begin, board_view, initial_state
from digiteach.setup import Action, SideSetup, StackRef, StackSetup

TRAINEE = {"number": "T-TRN", "name": "Test Trainee", "level": 3, "colors": ["Red"], "dp": 3000, "play_cost": 3,
           "keywords": ["Training"], "summary": "A test Digimon with <Training>."}
LIB = cards(TRAINEE)


def activate(area: str = "battle", index: int = 0, player: str = "A") -> Action:
    return Action("activate", card=StackRef(player, index, area))  # type: ignore[arg-type]


def test_training_in_the_battle_area_suspends_and_puts_the_deck_top_at_the_bottom() -> None:
    """CR 16-41-1, 16-41-3: suspended as the optional condition, then the deck's top card goes under it, at the bottom."""
    setup = board(SideSetup(battle_area=(StackSetup(("T-TRN", "BT1-064")),), deck=("BT1-080", "ST3-03")), side())
    end = play(setup, activate(), cards=LIB)[-1]
    st = end.players[0].battle[0]
    assert st.suspended
    assert [end.cards[u].number for u in st.cards] == ["T-TRN", "BT1-064", "BT1-080"]
    assert names(end, "A", "deck") == ["ST3-03"]
    assert "Training" in board_view(end).sides[0].battle_area[0].keywords
    assert any("CR 16-41-1" in s.rules for s in play(setup, activate(), cards=LIB))


def test_training_is_activated_in_the_breeding_area_too() -> None:
    """CR 16-41-1: the one effect a Digimon in the Breeding Area activates; the board shows it suspended there (its
    keyword line is left empty there: information in the Breeding Area is not referenced, CR 3-4-7-8)."""
    setup = board(SideSetup(breeding_area=StackSetup(("T-TRN",)), deck=("BT1-080",)), side())
    end = play(setup, activate("breeding"), cards=LIB)[-1]
    br = end.players[0].breeding
    assert br is not None and br.suspended and [end.cards[u].number for u in br.cards] == ["T-TRN", "BT1-080"]
    view = board_view(end).sides[0].breeding_area
    assert view is not None and view.suspended


def test_a_suspended_digimon_cannot_pay_for_training() -> None:
    """CR 16-41-3, 15-7-2: the suspension is the optional condition; already suspended, nothing is placed."""
    setup = board(SideSetup(battle_area=(StackSetup(("T-TRN",), suspended=True),), deck=("BT1-080",)), side())
    end = play(setup, activate(), cards=LIB)[-1]
    assert len(end.players[0].battle[0].cards) == 1 and names(end, "A", "deck") == ["BT1-080"]


def test_only_training_is_activated_in_the_breeding_area() -> None:
    """CR 3-4-7: cards in the Breeding Area activate no other effect; and not the opponent's Digimon."""
    s = initial_state(board(SideSetup(breeding_area=StackSetup(("BT1-064",))), side()), LIB)
    with pytest.raises(IllegalAction, match="no <Training>"):
        begin(s, activate("breeding"))
    s = initial_state(board(side(), SideSetup(breeding_area=StackSetup(("T-TRN",)))), LIB)
    with pytest.raises(IllegalAction, match="own cards"):
        begin(s, activate("breeding", player="B"))
