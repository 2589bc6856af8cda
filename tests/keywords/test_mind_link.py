"""<Mind Link> (CR 16-28): a Tamer goes under one of its player's Digimon as the bottom digivolution card. Each test
names the rule or ruling it follows; the cards are test cards with nothing but what the test needs."""

from __future__ import annotations

from typing import Any

import pytest

from boards import board, captions, cards, names, play, rules_cited, side, stack
from digiteach.cards import CardDataError, card_from_dict
from digiteach.engine import query
from digiteach.keywords import parse_keyword
from digiteach.setup import Action, StackRef
from digiteach.state import State


def mon(number: str, dp: int = 5000, **more: Any) -> dict[str, Any]:
    """A test Digimon card with only ``more``."""
    return {"number": number, "name": f"Test {number}", "level": 4, "colors": ["Black"], "dp": dp, "play_cost": 4,
            "summary": "Test card.", **more}


def tamer(number: str, link: str = "Mind Link", **more: Any) -> dict[str, Any]:
    """A test Tamer with [Main] ``link`` and an inherited <Blocker>."""
    return {"number": number, "name": f"Tamer {number}", "kind": "Tamer", "colors": ["Black"], "play_cost": 3,
            "effects": [{"keyword": link, "timing": "Main"}], "inherited": [{"keyword": "Blocker"}],
            "summary": "Test Tamer.", **more}


LIB = cards(mon("T-171"), mon("T-172"), mon("T-173", traits=["SoC"]), tamer("T-170"),
            tamer("T-174", "Mind Link ([SoC])"), {**tamer("T-175"), "effects": []})


def _activate(index: int) -> Action:
    return Action("activate", card=StackRef("A", index))


def _stack(s: State, index: int) -> list[str]:
    """Card numbers of A's Battle Area stack ``index``, top first."""
    return [s.cards[u].number for u in s.players[0].battle[index].cards]


def test_mind_link_places_the_tamer_as_the_bottom_digivolution_card() -> None:
    """CR 16-28-1: the Tamer leaves the Battle Area and becomes the Digimon's bottom digivolution card; its inherited
    <Blocker> now counts for the Digimon (CR 4-3-3)."""
    h = play(board(side(stack("T-171", "T-172"), "T-170"), side()), _activate(1), cards=LIB)
    assert _stack(h[-1], 0) == ["T-171", "T-172", "T-170"]
    assert len(h[-1].players[0].battle) == 1
    assert query.has_keyword(h[-1], h[-1].players[0].battle[0].iid, "Blocker")
    assert {"CR 16-28-1", "CR 4-8-1", "CR 4-3-3"} <= rules_cited(h), captions(h)


def test_mind_link_skips_a_digimon_with_a_tamer_card_under_it() -> None:
    """CR 16-28-1: only a Digimon with no Tamer card among its digivolution cards; with one such Digimon the Tamer
    goes there without a question (the processing is mandatory, 16-28-3)."""
    h = play(board(side(stack("T-171", "T-175"), "T-172", "T-170"), side()), _activate(2), cards=LIB)
    assert _stack(h[-1], 0) == ["T-171", "T-175"]
    assert _stack(h[-1], 1) == ["T-172", "T-170"]


def test_mind_link_with_no_digimon_to_take_it_leaves_the_tamer() -> None:
    """CR 1-3-2, 16-28-1: every Digimon already has a Tamer card under it, so nothing happens."""
    h = play(board(side(stack("T-171", "T-175"), "T-170"), side()), _activate(1), cards=LIB)
    assert _stack(h[-1], 1) == ["T-170"]
    assert "no card in the Battle Area" in captions(h)


def test_mind_link_is_mandatory_and_asks_which_digimon() -> None:
    """CR 16-28-3: with two Digimon to choose from, the choice offers no "don't"."""
    h = play(board(side("T-171", "T-172", "T-170"), side()), _activate(2), ["Place it under T-172 Test T-172"],
             cards=LIB)
    assert _stack(h[-1], 1) == ["T-172", "T-170"]
    labels = [o.label for s in h if s.decision is not None for o in s.decision.options]
    assert labels == ["Place it under T-171 Test T-171", "Place it under T-172 Test T-172"]


def test_mind_link_with_a_trait_takes_only_a_digimon_with_it() -> None:
    """A printed <Mind Link> with a trait ("with 1 of your [SoC] Digimon") takes only such a Digimon."""
    h = play(board(side("T-171", "T-173", "T-174"), side()), _activate(2), cards=LIB)
    assert _stack(h[-1], 1) == ["T-173", "T-174"]


def test_the_cards_under_the_tamer_are_trashed_as_it_goes() -> None:
    """CR 4-7-7, 4-7-8: the Tamer leaves the field, and the cards under it are trashed at the same time."""
    h = play(board(side("T-171", stack("T-170", "T-172")), side()), _activate(1), cards=LIB)
    assert _stack(h[-1], 0) == ["T-171", "T-170"]
    assert names(h[-1], "A", "trash") == ["T-172"]
    assert {"CR 4-7-7", "CR 4-7-8"} <= rules_cited(h)


def test_mind_link_descriptions_the_loader_refuses() -> None:
    """Only traits in square brackets (or nothing) describe the Digimon; the error says what would be right."""
    assert parse_keyword("Mind Link ([SoC]/[X Antibody] trait)")[0].actions[0].under.trait == "SoC/X Antibody"
    with pytest.raises(ValueError, match=r"expected traits in square brackets"):
        parse_keyword("Mind Link (Red)")
    with pytest.raises(CardDataError, match="Mind Link"):
        card_from_dict(tamer("T-176", "Mind Link 2"))
