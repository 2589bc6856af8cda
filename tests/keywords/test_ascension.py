"""<Ascension> (CR 16-43) and the move it makes: a card from the trash to the Security Stack, face down. Each test
names the rule or ruling it follows; the cards are test cards with nothing but what the test needs."""

from __future__ import annotations

from typing import Any

import pytest

from boards import activated, attack, board, captions, cards, names, play, rules_cited, side, stack
from digiteach.cards import CardDataError, card_from_dict
from digiteach.keywords import parse_keyword


def mon(number: str, dp: int, *keywords: str, **more: Any) -> dict[str, Any]:
    """A test Digimon card with only ``keywords`` and ``more``."""
    return {"number": number, "name": f"Test {number}", "level": more.pop("level", 5), "colors": ["Black"], "dp": dp, "play_cost": 5,
            "keywords": list(keywords), "summary": "Test card.", **more}


DRAW_ON_DELETION = {"timing": "On Deletion", "actions": [{"do": "draw", "amount": 1}], "summary": "Draw 1."}
ASCEND = "Activate <Ascension> of T-130 Test T-130"
BIG = mon("T-131", 9000)
UNDER = mon("T-134", 2000, level=4)
"""A digivolution card with no inherited effect."""


def _deleted_in_battle(answers: list[str], *extra: dict[str, Any]) -> list[Any]:
    """T-130 (3000 DP, <Ascension> and an [On Deletion] draw) attacks T-131 (9000 DP) and is deleted."""
    lib = cards(mon("T-130", 3000, "Ascension", effects=[DRAW_ON_DELETION]), BIG, UNDER, *extra)
    setup = board(side(stack("T-130", "T-134"), security=("BT1-064",), hand=()),
                  side(stack("T-131", suspended=True)))
    return play(setup, attack(target=0), answers, cards=lib)


def test_ascension_places_the_card_on_top_of_the_security_stack() -> None:
    """CR 16-43-1: deleted, the card goes from the trash face down on top of its owner's Security Stack; its
    digivolution card stays in the trash (CR 4-7-8)."""
    h = _deleted_in_battle([ASCEND, ASCEND, "Activate [On Deletion] of T-130 Test T-130: draw 1"])
    assert names(h[-1], "A", "security") == ["T-130", "BT1-064"]
    assert names(h[-1], "A", "trash") == ["T-134"]
    text = captions(h)
    assert "top of the Security Stack, face down" in text, text
    assert {"CR 16-43-1", "CR 16-43-2"} <= rules_cited(h)


def test_ascension_first_leaves_the_other_on_deletion_effect_unable_to_activate() -> None:
    """QA Q7100 / Q6815: activated first, <Ascension> takes the card out of the trash, so the card's other
    [On Deletion] effect that was pending can no longer activate (no card is drawn)."""
    h = _deleted_in_battle([ASCEND, ASCEND])
    assert activated(h[-1]) == [ASCEND]
    assert names(h[-1], "A", "hand") == []
    assert "Q&A Q7100" in rules_cited(h)
    assert "left the trash" in captions(h)


def test_the_other_effect_first_then_ascension() -> None:
    """QA Q7100: the player chooses the order; the [On Deletion] draw first leaves the card in the trash, and
    <Ascension> still places it."""
    h = _deleted_in_battle(["Activate [On Deletion] of T-130 Test T-130: draw 1", ASCEND])
    assert len(names(h[-1], "A", "hand")) == 1
    assert names(h[-1], "A", "security")[0] == "T-130"


def test_ascension_is_optional() -> None:
    """CR 16-43-3: declined, the card stays in the trash."""
    h = _deleted_in_battle([ASCEND, "Don't activate <Ascension> of T-130 Test T-130"])
    assert "T-130" in names(h[-1], "A", "trash")
    assert names(h[-1], "A", "security") == ["BT1-064"]


def test_a_card_effect_may_move_a_trash_card_to_the_bottom_of_the_security_stack() -> None:
    """The move action takes any card from the trash to the top or bottom of the Security Stack, face down
    (CR 4-7): here an [On Deletion] effect places a level 5 Digimon card from the trash
    (itself: the level 4 card under it does not fit) at the bottom."""
    bottom = {"timing": "On Deletion", "actions": [{"do": "move", "to": "security_bottom", "target": {
        "who": "choose", "whose": "you", "area": "trash", "kind": "Digimon", "level": 5}}],
        "summary": "Place 1 level 5 Digimon card from your trash at the bottom of your Security Stack."}
    lib = cards(mon("T-132", 3000, effects=[bottom]), BIG, UNDER)
    h = play(board(side(stack("T-132", "T-134"), security=("BT1-064",)), side(stack("T-131", suspended=True))),
             attack(target=0), cards=lib)
    assert names(h[-1], "A", "security") == ["BT1-064", "T-132"]
    assert names(h[-1], "A", "trash") == ["T-134"]
    assert "bottom of the Security Stack, face down" in captions(h)


def test_ascension_takes_no_number_or_description() -> None:
    """The loader refuses <Ascension 1> and <Ascension (x)> with the keywords it accepts."""
    assert parse_keyword("Ascension")[0].keyword == "Ascension"
    for bad in ("Ascension 1", "Ascension (Red)"):
        with pytest.raises(ValueError, match="Ascension"):
            parse_keyword(bad)
    with pytest.raises(CardDataError, match="Ascension 2"):
        card_from_dict(mon("T-133", 3000, "Ascension 2"))


def test_ascension_of_a_token_says_there_is_no_card_to_place() -> None:
    """CR 4-21-5: a deleted token is removed from the game instead of going to the trash, so <Ascension> (CR 16-43-1)
    still triggers and may be activated but has no card to place (CR 1-3-2); its captions say so rather than what it
    would place, and no other effect is said to be unable to activate because the card left the trash (QA Q7100)."""
    lib = cards(mon("T-135", 3000, "Ascension", token=True), BIG)
    setup = board(side(stack("T-135"), security=("BT1-064",), hand=()), side(stack("T-131", suspended=True)))
    h = play(setup, attack(target=0), ["Activate <Ascension> of T-135 Test T-135"], cards=lib)
    assert names(h[-1], "A", "security") == ["BT1-064"]
    text = captions(h)
    assert "as a token it did not go to the trash" in text, text
    assert "a token never reaches the trash, so nothing is placed" in text, text
    assert "may go from the trash" not in text and "it is a security card now" not in text, text
    assert "left the trash" not in text, text
    assert {"CR 4-21-5", "CR 1-3-2"} <= rules_cited(h)
