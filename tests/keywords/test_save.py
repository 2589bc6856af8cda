"""Cards under a Tamer (CR 4-4-2, 4-7, 4-8-1) and <Save> (CR 16-20), which puts them there. Each test names the rule
or ruling it follows; the cards are test cards with nothing but what the test needs."""

from __future__ import annotations

from typing import Any

import pytest

from boards import activated, attack, board, captions, cards, names, play, rules_cited, side, stack
from digiteach.cards import CardDataError, card_from_dict
from digiteach.engine import query
from digiteach.engine.trace import board_view
from digiteach.keywords import parse_keyword
from digiteach.state import State


def mon(number: str, dp: int, *keywords: str, **more: Any) -> dict[str, Any]:
    """A test Digimon card with only ``keywords`` and ``more``."""
    return {"number": number, "name": f"Test {number}", "level": more.pop("level", 5), "colors": ["Black"], "dp": dp,
            "play_cost": 5, "keywords": list(keywords), "summary": "Test card.", **more}


def tamer(number: str) -> dict[str, Any]:
    """A test Tamer card with no effect."""
    return {"number": number, "name": f"Tamer {number}", "kind": "Tamer", "colors": ["Black"], "play_cost": 3,
            "summary": "Test Tamer."}


SAVER = mon("T-150", 3000, "Save", inherited=[{"keyword": "Blocker"}])
"""Deleted, it may go under a Tamer; it would give a Digimon above it <Blocker>."""
BIG = mon("T-151", 9000)
UNDER = mon("T-152", 2000, level=4)
LIB = cards(SAVER, BIG, UNDER, tamer("T-160"), tamer("T-161"))
SAVE = "Activate <Save> of T-150 Test T-150"


def _deleted(*tamers: str, answers: tuple[str, ...] = (SAVE,)) -> list[State]:
    """T-150 (3000 DP, <Save>, a digivolution card under it) attacks T-151 (9000 DP) and is deleted; A has
    ``tamers`` in the Battle Area."""
    setup = board(side(stack("T-150", "T-152"), *tamers), side(stack("T-151", suspended=True)))
    return play(setup, attack(target=0), list(answers), cards=LIB)


def _tamer_stack(s: State, index: int = 0) -> tuple[str, ...]:
    """Card numbers of A's Tamer ``index`` (top first) as the board view shows it."""
    tamers = [st for st in board_view(s).sides[0].battle_area if st.kind == "Tamer"]
    st = tamers[index]
    return (st.top.number, *(c.number for c in st.digivolution_cards))


def test_save_places_the_deleted_card_under_the_tamer() -> None:
    """CR 16-20-1: the deleted card goes from the trash under 1 of its owner's Tamers; its digivolution card stays in
    the trash (CR 4-7-8). The board shows it under the Tamer."""
    h = _deleted("T-160")
    assert _tamer_stack(h[-1]) == ("T-160", "T-150")
    assert names(h[-1], "A", "trash") == ["T-152"]
    assert {"CR 16-20-1", "CR 4-4-2", "CR 4-8-1"} <= rules_cited(h), captions(h)
    assert any("Save" in a for a in activated(h[-1]))


def test_a_card_under_a_tamer_gives_it_no_inherited_effect() -> None:
    """CR 4-8-1, 4-3-3: a card under a Tamer is not a digivolution card; its inherited <Blocker> does nothing."""
    h = _deleted("T-160")
    iid = h[-1].players[0].battle[0].iid
    assert not query.has_keyword(h[-1], iid, "Blocker")


def test_save_under_a_tamer_that_has_cards_goes_to_the_bottom() -> None:
    """CR 4-4-2: placed under a Tamer that already has cards under it, the new card goes at the bottom."""
    setup = board(side(stack("T-150", "T-152"), stack("T-160", "T-151")), side(stack("T-151", suspended=True)))
    h = play(setup, attack(target=0), [SAVE], cards=LIB)
    assert _tamer_stack(h[-1]) == ("T-160", "T-151", "T-150")
    assert "(2 under it now)" in captions(h)


def test_save_with_two_tamers_lets_the_player_choose() -> None:
    """CR 16-20-1 "1 of your Tamers": with two, the effect's player chooses which."""
    h = _deleted("T-160", "T-161", answers=(SAVE, "Place it under T-161 Tamer T-161"))
    assert _tamer_stack(h[-1], 0) == ("T-160",)
    assert _tamer_stack(h[-1], 1) == ("T-161", "T-150")


def test_save_is_optional() -> None:
    """CR 16-20-3: declined, the card stays in the trash."""
    h = _deleted("T-160", answers=("Don't activate <Save> of T-150 Test T-150",))
    assert _tamer_stack(h[-1]) == ("T-160",)
    assert "T-150" in names(h[-1], "A", "trash")


def test_save_without_a_tamer_places_nothing() -> None:
    """CR 1-3-2: with no Tamer to place it under, nothing happens and the card stays in the trash."""
    h = _deleted()
    assert "T-150" in names(h[-1], "A", "trash")
    assert "no card in the Battle Area" in captions(h)


def test_the_cards_under_a_tamer_are_trashed_when_it_leaves() -> None:
    """CR 4-7-8: a Tamer returned to the hand leaves the cards under it in the trash at the same time, and the caption
    says so."""
    bouncer = mon("T-153", 5000, effects=[{"timing": "When Attacking", "actions": [
        {"do": "move", "to": "hand", "target": {"who": "choose", "whose": "you", "kind": "Tamer"}}],
        "summary": "Return 1 of your Tamers to the hand."}])
    setup = board(side("T-153", stack("T-160", "T-150")), side())
    h = play(setup, attack(), [], cards=cards(bouncer, SAVER, tamer("T-160")))
    assert names(h[-1], "A", "hand") == ["T-160"]
    assert names(h[-1], "A", "trash") == ["T-150"]
    text = captions(h)
    assert "Tamer T-160 goes to the hand of its owner." in text, text
    assert "The cards under it (T-150 Test T-150) go to the trash at the same time." in text, text
    assert "CR 4-7-8" in rules_cited(h)


def test_a_token_returned_to_the_hand_leaves_the_game() -> None:
    """CR 4-21-5: a token that an effect would return to the hand is removed from the game instead, and the caption
    says so rather than that it goes to the hand."""
    token = mon("T-157", 1000, token=True)
    bouncer = mon("T-153", 5000, effects=[{"timing": "When Attacking", "actions": [
        {"do": "move", "to": "hand", "target": {"who": "choose", "whose": "opponent", "kind": "Digimon"}}],
        "summary": "Return 1 of your opponent's Digimon to the hand."}])
    setup = board(side("T-153"), side("T-157"))
    h = play(setup, attack(), [], cards=cards(bouncer, token))
    assert names(h[-1], "B", "hand") == []
    text = captions(h)
    assert "T-157 Test T-157 is a token: leaving the field, it is removed from the game instead of going to the hand." \
        in text, text
    assert "CR 4-21-5" in rules_cited(h)


def test_save_onto_the_opponents_tamer_names_whose_tamer_and_whose_trash() -> None:
    """CR 4-4-2, 4-7-8: a card placed under the opponent's Tamer; the caption names the Tamer's player and says the
    card goes to its owner's trash when the Tamer leaves."""
    under_theirs = mon("T-158", 3000, effects=[{"timing": "On Deletion", "actions": [
        {"do": "place_under", "target": {"who": "this_card", "whose": "you", "area": "trash", "kind": "any"},
         "under": {"who": "choose", "whose": "opponent", "kind": "Tamer"}}],
        "summary": "Place this card under 1 of your opponent's Tamers."}])
    setup = board(side("T-158"), side(stack("T-151", suspended=True), "T-160"))
    h = play(setup, attack(target=0), [], cards=cards(under_theirs, BIG, tamer("T-160")))
    text = captions(h)
    assert "goes from Player A's trash under Player B's Tamer T-160 Tamer T-160" in text, text
    assert "when the Tamer leaves it goes to its owner's trash (Player A's)" in text, text


def test_save_inside_another_effect_after_it_plays_a_tamer() -> None:
    """QA Q3130 (and Q3063, Q3076): an [On Deletion] effect that plays a Tamer from the trash and then <Save>s may
    place the card under that Tamer."""
    then_save = mon("T-154", 3000, effects=[{"timing": "On Deletion", "actions": [
        {"do": "play", "source": "trash", "kind": "Tamer", "optional": True},
        {"do": "place_under", "target": {"who": "this_card", "whose": "you", "area": "trash", "kind": "any"},
         "optional": True}], "summary": "Play a Tamer from your trash; then <Save>."}])
    setup = board(side("T-154", trash=("T-160",)), side(stack("T-151", suspended=True)))
    h = play(setup, attack(target=0), ["Play T-160 Tamer T-160", "Place it under T-160 Tamer T-160"],
             cards=cards(then_save, BIG, tamer("T-160")))
    assert _tamer_stack(h[-1]) == ("T-160", "T-154")
    assert names(h[-1], "A", "trash") == []


def test_save_takes_no_number_and_defaults_to_on_deletion() -> None:
    """The loader reads <Save> as an [On Deletion] effect (as printed) and refuses <Save 1>."""
    assert parse_keyword("Save")[0].timing is not None
    with pytest.raises(ValueError, match="Save"):
        parse_keyword("Save 1")
    with pytest.raises(CardDataError, match="Save 1"):
        card_from_dict(mon("T-155", 3000, "Save 1"))


def test_place_under_refuses_a_bad_under_selector() -> None:
    """A ``place_under`` whose ``under`` is not a selector is refused, naming the field."""
    bad = mon("T-156", 3000, effects=[{"timing": "On Deletion", "actions": [
        {"do": "place_under", "target": "this_card", "under": {"who": "nobody"}}], "summary": "Bad."}])
    with pytest.raises(CardDataError) as err:
        card_from_dict(bad)
    assert "under" in str(err.value) and "who" in str(err.value), str(err.value)


def test_place_under_refuses_a_place_outside_the_battle_area_or_itself() -> None:
    """CR 4-7: cards are stacked under a card on the field, never under a card in a pile or under themselves; the
    error names the field and what would be right."""
    for under, field, hint in (({"who": "choose", "whose": "you", "area": "trash"}, "under.area", "area: battle"),
                               ("this", "under", "placed under itself")):
        bad = mon("T-157", 3000, effects=[{"timing": "On Play", "actions": [
            {"do": "place_under", "target": "this", "under": under}], "summary": "Bad."}])
        with pytest.raises(CardDataError) as err:
            card_from_dict(bad)
        assert field in str(err.value) and hint in str(err.value), str(err.value)


def test_the_board_diagram_shows_the_card_under_the_tamer_in_both_languages() -> None:
    """A learner sees where <Save> put the card: the board diagram and its text name it under the Tamer, as not a
    digivolution card (CR 4-8-1), and mark the change, in English and German."""
    from digiteach import i18n
    from digiteach.diagrams.board import board_diagram, describe_board
    from digiteach.scenario import load_scenario, play as play_scenario

    trace = play_scenario(load_scenario("digiteach/scenarios/ruling-Q3130.yaml"))
    steps = trace[0].steps if isinstance(trace, tuple) else trace.steps
    i = next(k for k, st in enumerate(steps) if "under Player A's Tamer" in st.caption)
    for lang, under, changed in (("en", "under this Tamer (not digivolution cards): BT19-068 Shademon",
                                  "cards under it 0 -> 1"),
                                 ("de", "unter diesem Tamer (keine Digitationskarten): BT19-068 Shademon",
                                  "Karten darunter 0 -> 1")):
        with i18n.language(lang):
            text = describe_board(steps[i], steps[i - 1])
            source = board_diagram(steps[i], steps[i - 1]).source
        assert under in text and changed in text, text
        flat = source.replace("<BR/>", " ")  # the diagram wraps long labels
        assert under in flat and changed.replace(">", "&gt;") in flat, flat


def test_a_card_from_the_hand_placed_under_a_tamer_as_a_cost() -> None:
    """The action takes any chosen card: "by placing 1 Digimon card from your hand under one of your Tamers, <Draw
    1>" (BT10-072's kind of effect) places it, then draws (CR 15-7-2: the rest needs the placement done)."""
    placer = mon("T-158", 5000, effects=[{"timing": "When Attacking", "actions": [
        {"do": "place_under", "target": {"who": "choose", "whose": "you", "area": "hand", "kind": "Digimon"}},
        {"do": "draw", "amount": 1, "condition": {"kind": "previous_done"}}],
        "summary": "By placing 1 Digimon card from your hand under 1 of your Tamers, draw 1."}])
    setup = board(side("T-158", "T-160", hand=("T-152",)), side())
    h = play(setup, attack(), [], cards=cards(placer, UNDER, tamer("T-160")))
    assert _tamer_stack(h[-1]) == ("T-160", "T-152")
    assert names(h[-1], "A", "hand") == ["ST3-03"]
