"""An attack made by an effect "without suspending" (``may_attack`` with ``without_suspending: true``): the
declaration does not suspend the attacker (CR 11-2-8-1 otherwise), a suspended Digimon may make it (QA Q4418,
Q4998, Q5187), and every timing after the declaration still follows (CR 11-1-5)."""

from __future__ import annotations

from typing import Any

from boards import board, captions, cards, names, play, rules_cited, side, stack
from digiteach.cards import CardDataError, card_from_dict
from digiteach.effects import MayAttack
from digiteach.setup import Action, StackRef

END = Action("end_turn")


def mon(number: str, dp: int, *keywords: str, **more: Any) -> dict[str, Any]:
    """A test Digimon card."""
    return {"number": number, "name": f"Test {number}", "level": 5, "colors": ["Purple"], "dp": dp, "play_cost": 5,
            "keywords": list(keywords), "summary": "Test card.", **more}


def striker(number: str, **attack_fields: Any) -> dict[str, Any]:
    """A Digimon whose [End of Your Turn] effect may attack without suspending (as BT12-083's, without its
    condition)."""
    return mon(number, 7000, effects=[{"timing": "End of Your Turn", "optional": True, "actions": [
        {"do": "may_attack", "without_suspending": True, **attack_fields}],
        "summary": "At the end of your turn, it may attack without suspending."}])


def test_a_suspended_digimon_attacks_without_suspending() -> None:
    """QA Q4998 / Q4418: a suspended Digimon attacks through the effect; the security card is checked and the
    caption says why it may attack while suspended."""
    lib = cards(striker("T-300"))
    h = play(board(side(stack("T-300", suspended=True)), side(security=("BT1-064", "ST3-03")), memory=-1), END,
             ["Activate [End of Your Turn]", "Attack Player B"], cards=lib)
    assert h[-1].attacks_declared == 1
    assert names(h[-1], "B", "security") == ["ST3-03"], captions(h)
    assert "attacks all the same" in captions(h)
    assert "Q&A Q4418" in rules_cited(h)


def test_an_unsuspended_attacker_stays_unsuspended_and_nothing_sees_a_suspension() -> None:
    """CR 11-2-8-1 (contrast): the attacker is not suspended, so an effect "when this Digimon becomes suspended"
    does not trigger; the attack diagram notes the declaration."""
    watcher = {"when": {"event": "suspended", "whose": "this"}, "actions": [{"do": "draw", "amount": 1}],
               "summary": "Draw 1 when it becomes suspended."}
    card = striker("T-301")
    card["effects"] = card["effects"] + [watcher]
    lib = cards(card)
    h = play(board(side("T-301"), side(security=("BT1-064",)), memory=-1), END,
             ["Activate [End of Your Turn]", "Attack Player B"], cards=lib)
    assert h[-1].attacks_declared == 1
    assert not h[-1].players[0].battle[0].suspended
    assert names(h[-1], "A", "hand") == []
    noted = [a.notes for s in h if (a := s.attack) is not None and a.notes]
    assert any(("attack declaration", "without suspending") in n for n in noted), noted


def test_an_ordinary_effect_attack_still_needs_an_unsuspended_digimon() -> None:
    """QA Q2233, Q3705 (contrast): without ``without_suspending`` a suspended Digimon cannot attack by an
    effect."""
    lib = cards(mon("T-302", 7000, effects=[{"timing": "End of Your Turn", "optional": True, "actions": [
        {"do": "may_attack"}], "summary": "At the end of your turn, it may attack."}]))
    h = play(board(side(stack("T-302", suspended=True)), side(security=("BT1-064",)), memory=-1), END,
             ["Activate [End of Your Turn]"], cards=lib)
    assert h[-1].attacks_declared == 0
    assert "must be unsuspended" in captions(h)


def test_the_block_timing_still_follows() -> None:
    """CR 11-1-5: after a declaration without suspending, the opponent may still block with <Blocker>."""
    lib = cards(striker("T-303"), mon("T-304", 3000, "Blocker"))
    h = play(board(side(stack("T-303", suspended=True)), side("T-304", security=("BT1-064",)), memory=-1), END,
             ["Activate [End of Your Turn]", "Attack Player B", "Block with T-304"], cards=lib)
    assert names(h[-1], "B", "battle") == []
    assert names(h[-1], "B", "security") == ["BT1-064"]


def test_a_main_effect_lets_a_suspended_digimon_attack_without_suspending() -> None:
    """The action is general: a Tamer's [Main] effect lets 1 of its player's suspended Digimon attack without
    suspending (the Digimon chosen attacks, CR 11-2)."""
    tamer = {"number": "T-305", "name": "Test Tamer", "kind": "Tamer", "colors": ["Purple"], "play_cost": 2,
             "summary": "Test Tamer.", "effects": [{"timing": "Main", "actions": [
                 {"do": "may_attack", "without_suspending": True,
                  "target": {"who": "choose", "whose": "you", "suspended": True}}],
                 "summary": "1 of your suspended Digimon attacks without suspending."}]}
    lib = cards(tamer, mon("T-306", 7000))
    h = play(board(side(stack("T-306", suspended=True), "T-305"), side(security=("BT1-064", "ST3-03"))),
             Action("activate", card=StackRef("A", 1)), ["Attack Player B"], cards=lib)
    assert h[-1].attacks_declared == 1, captions(h)
    assert names(h[-1], "B", "security") == ["ST3-03"]


def test_the_loader_reads_the_field_and_refuses_a_bad_value() -> None:
    """The card loader takes ``without_suspending: true`` and names the field when its value is not true/false."""
    good = card_from_dict(striker("T-307"), "<t>")
    action = good.effects[0].actions[0]  # type: ignore[union-attr]
    assert isinstance(action, MayAttack) and action.without_suspending
    try:
        card_from_dict(striker("T-308", without_suspending="yes"), "cards.yaml")
    except CardDataError as exc:
        text = str(exc)
        assert "without_suspending" in text and "expected true or false" in text, text
    else:
        raise AssertionError("a text value was accepted")
