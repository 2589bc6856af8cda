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


def test_the_effects_player_chooses_which_digivolution_cards_to_trash() -> None:
    """CR 15-10-2 (ruling R19's note): Omnimon (X Antibody) ends the attack by trashing 2 of its digivolution cards;
    the card does not say which, so B chooses: here HiAndromon and Tapirmon go and Plesiomon stays."""
    setup = board(side(stack("EX1-062", "ST1-05")),
                  side(stack("BT5-111", "BT2-064", "ST2-10", "ST3-03")), memory=3)
    h = play(setup, Action("attack", card=_ref("A", 0)),
             ["Activate [Opponent's Turn] of BT5-111", "Trash BT2-064", "Trash ST3-03"])
    asked = [s.decision for s in h if s.decision is not None and s.decision.kind == "cards"]
    assert [d.player for d in asked] == [1, 1]
    assert asked[0].labels == ("Trash BT2-064 HiAndromon", "Trash ST2-10 Plesiomon", "Trash ST3-03 Tapirmon")
    assert asked[1].labels == ("Trash ST2-10 Plesiomon", "Trash ST3-03 Tapirmon")
    omnimon = h[-1].players[1].battle[0]
    assert [h[-1].cards[u].number for u in omnimon.cards] == ["BT5-111", "ST2-10"]
    assert sorted(names(h[-1], "B", "trash")) == ["BT2-064", "ST3-03"]


def test_several_candidate_cards_for_an_immediate_effect_are_a_decision() -> None:
    """CR 15-10-2 with 15-8-5-2: Omnimon's "would be deleted by an opposing effect" trashes a level 6 card from under
    it; with two level 6 cards there, B chooses which (the engine used to take one without asking)."""
    setup = board(side(hand=("T-D1",)), side(stack("BT5-086", "ST2-10", "BT2-064", "ST1-06")), memory=3)
    h = play(setup, Action("play", hand_card="T-D1"), ["Use [All Turns] of BT5-086", "Trash BT2-064"],
             cards=_lib(DELETER))
    asked = [s.decision for s in h if s.decision is not None and s.decision.kind == "cards"]
    assert len(asked) == 1 and asked[0].labels == ("Trash ST2-10 Plesiomon", "Trash BT2-064 HiAndromon")
    end = h[-1]
    assert [end.cards[u].number for u in end.players[1].battle[0].cards] == ["BT5-086", "ST2-10", "ST1-06"]
    assert names(end, "B", "trash") == ["BT2-064"]


def test_one_candidate_card_needs_no_decision() -> None:
    """CR 15-10-2: with a single level 6 card under Omnimon there is nothing to choose."""
    setup = board(side(hand=("T-D1",)), side(stack("BT5-086", "ST2-10", "ST1-06")), memory=3)
    h = play(setup, Action("play", hand_card="T-D1"), ["Use [All Turns] of BT5-086"], cards=_lib(DELETER))
    assert not any(s.decision is not None and s.decision.kind == "cards" for s in h)
    assert names(h[-1], "B", "trash") == ["ST2-10"] and names(h[-1], "B", "battle") == ["BT5-086"]


def test_digi_burst_trashes_the_digivolution_cards_its_player_chooses() -> None:
    """CR 16-14, 15-10-2: HerculesKabuterimon's <Digi-Burst 2> trashes 2 of its digivolution cards (A picks which,
    never its top card) and then suspends an opposing Digimon."""
    setup = board(side(stack("ST4-13", "ST4-11", "ST1-06", "BT1-064")), side("BT2-075"), memory=3)
    h = play(setup, Action("activate", card=_ref("A", 0)), ["Trash ST4-11", "Trash BT1-064"])
    end = h[-1]
    assert [end.cards[u].number for u in end.players[0].battle[0].cards] == ["ST4-13", "ST1-06"]
    assert sorted(names(end, "A", "trash")) == ["BT1-064", "ST4-11"]
    assert end.players[1].battle[0].suspended


def test_trashing_from_the_top_takes_the_top_digivolution_card() -> None:
    """CR 4-3-2: "trash the top digivolution card" (Majiramon's [When Digivolving]) takes the card right under the top
    card; the Digimon's top card stays."""
    setup = board(side("BT1-036", hand=("BT6-027",)), side(stack("BT1-080", "ST1-06", "BT1-064")), memory=5)
    h = play(setup, Action("digivolve", card=_ref("A", 0), hand_card="BT6-027"))
    end = h[-1]
    assert [end.cards[u].number for u in end.players[1].battle[0].cards] == ["BT1-080", "BT1-064"]
    assert names(end, "B", "trash") == ["ST1-06"]


def _ref(player: str, index: int) -> Any:
    from digiteach.setup import StackRef

    return StackRef(player, index)  # type: ignore[arg-type]
