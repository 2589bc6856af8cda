"""The keywords whose CR text covers leaving the Battle Area, not only deletion (<Decode> CR 16-36, <Partition>
16-29, <Guard> 16-45), against an effect that moves a Digimon out of the Battle Area (a return to the hand, the deck,
the Security Stack or the trash), and the keywords that cover deletion only (<Evade> 16-22, <Armor Purge> 16-19,
<Fragment> 16-37, <Decoy> 16-18, <Scapegoat> 16-32), which such a move does not offer (judge, session 16, j19)."""

from __future__ import annotations

from typing import Any

import pytest

from boards import activated, attack, board, captions, cards, names, play, rules_cited, side, stack


def mon(number: str, dp: int, *keywords: str, level: int = 5, color: str = "Black", **more: Any) -> dict[str, Any]:
    """A test Digimon card with only ``keywords``."""
    return {"number": number, "name": f"Test {number}", "level": level, "colors": [color], "dp": dp,
            "play_cost": 5, "keywords": list(keywords), "summary": "Test card.", **more}


def mover(number: str, to: str, whose: str = "opponent") -> dict[str, Any]:
    """Attacks and, when it does, moves 1 Digimon of ``whose`` (another one for "you") from the Battle Area to
    ``to``."""
    target = {"who": "choose", "whose": whose, "area": "battle"} | ({"other": True} if whose == "you" else {})
    return mon(number, 6000, effects=[{"timing": "When Attacking", "actions": [
        {"do": "move", "target": target, "to": to}], "summary": "Move 1 Digimon."}])


BOUNCER = mover("T-300", "hand")
PLACES = {"hand": "hand", "deck_bottom": "deck", "security_bottom": "security", "trash": "trash"}


@pytest.mark.parametrize("to", sorted(PLACES))
def test_decode_plays_its_card_before_an_effect_moves_the_digimon_out(to: str) -> None:
    """CR 16-36: a Digimon leaving the Battle Area other than by battle (here moved by an effect to ``to``) may
    first play its Blue Lv.4 digivolution card; the Digimon then goes where the effect sends it."""
    lib = cards(mover("T-301", to), mon("T-220", 5000, "Decode (Blue Lv.4)"),
                mon("T-221", 4000, level=4, color="Blue"))
    h = play(board(side("T-301"), side(stack("T-220", "T-221"), security=("BT1-064",))), attack(),
             ["Use <Decode", "Play T-221"], cards=lib)
    assert names(h[-1], "B", "battle") == ["T-221"], captions(h)
    assert "T-220" in names(h[-1], "B", PLACES[to])
    assert activated(h[-1])[-1] == "Activate <Decode (Blue Lv.4)> of T-220 Test T-220"
    assert {"CR 15-8-5-1", "CR 16-36"} <= rules_cited(h)
    assert any("would leave the Battle Area" in s.caption for s in h), captions(h)


def test_partition_plays_both_cards_before_the_opponents_bounce_but_not_its_own() -> None:
    """CR 16-29-1: "would be removed from the field other than by your effects or in battle": an opponent's return
    to the hand offers it; its own player's return to the hand does not."""
    lib = cards(BOUNCER, mover("T-302", "hand", whose="you"),
                mon("T-230", 9000, "Partition (Blue Lv.4 & Green Lv.4)", level=6),
                mon("T-231", 4000, level=4, color="Blue"), mon("T-232", 4000, level=4, color="Green"))
    h = play(board(side("T-300"), side(stack("T-230", "T-231", "T-232"), security=("BT1-064",))), attack(),
             ["Use <Partition"], cards=lib)
    assert sorted(names(h[-1], "B", "battle")) == ["T-231", "T-232"], captions(h)
    assert names(h[-1], "B", "hand") == ["T-230"]
    h = play(board(side("T-302", stack("T-230", "T-231", "T-232")), side(security=("BT1-064",))), attack(),
             cards=lib)
    assert names(h[-1], "A", "battle") == ["T-302"], captions(h)
    assert "T-230" in names(h[-1], "A", "hand")


def test_guard_keeps_another_digimon_from_the_opponents_bounce() -> None:
    """CR 16-45-1: another of B's Digimon would leave the Battle Area by A's effect (a return to the hand); B deletes
    the <Guard> Digimon instead and the other does not leave."""
    lib = cards(BOUNCER, mon("T-140", 2000, "Guard"), mon("T-141", 4000, color="Red"))
    h = play(board(side("T-300"), side("T-140", "T-141", security=("BT1-064",))), attack(),
             ["Add T-141", "Use <Guard>"], cards=lib)
    assert names(h[-1], "B", "battle") == ["T-141"], captions(h)
    assert "T-140" in names(h[-1], "B", "trash")
    assert names(h[-1], "B", "hand") == []
    assert any("T-141 Test T-141 does not leave the Battle Area" in s.caption for s in h), captions(h)
    assert "CR 16-45" in rules_cited(h)


@pytest.mark.parametrize("keyword", ["Evade", "Armor Purge", "Fragment (1)", "Scapegoat"])
def test_a_would_be_deleted_keyword_does_not_stop_a_bounce(keyword: str) -> None:
    """CR 16-22, 16-19, 16-37, 16-32 say "would be deleted": a return to the hand is no deletion, so none of them is
    offered and the Digimon goes to the hand."""
    lib = cards(BOUNCER, mon("T-310", 5000, keyword), mon("T-311", 3000))
    h = play(board(side("T-300"), side(stack("T-310", "T-311"), "T-311", security=("BT1-064",))), attack(),
             ["Add T-310"], cards=lib)
    assert all(s.decision is None or "would" not in s.decision.prompt for s in h), captions(h)
    assert names(h[-1], "B", "hand") == ["T-310"]


def test_decoy_does_not_stop_a_bounce() -> None:
    """CR 16-18-1 says "would be deleted by an opponent's effect": a return to the hand offers no <Decoy>."""
    lib = cards(BOUNCER, mon("T-130", 2000, "Decoy (Black)"), mon("T-131", 4000))
    h = play(board(side("T-300"), side("T-130", "T-131", security=("BT1-064",))), attack(), ["Add T-131"],
             cards=lib)
    assert names(h[-1], "B", "hand") == ["T-131"], captions(h)
    assert names(h[-1], "B", "battle") == ["T-130"]


@pytest.mark.parametrize("where,target", [("effects", {"who": "choose", "whose": "opponent", "area": "battle"}),
                                          ("inherited", "this")])
def test_placing_a_battle_area_digimon_under_a_card_is_refused_at_load(where: str, target: Any) -> None:
    """A Digimon placed from the Battle Area under another card leaves the Battle Area (CR 4-7-7), which the engine
    does not offer <Decode>, <Partition> or <Guard> for: the card is refused with the path of the target, not played
    wrongly."""
    from digiteach.cards import CardDataError, card_from_dict

    data = mon("T-320", 3000, **{where: [{"timing": "Main", "summary": "Place it.", "actions": [
        {"do": "place_under", "target": target, "under": {"who": "choose", "whose": "you", "area": "battle"}}]}]})
    with pytest.raises(CardDataError, match=rf"{where}\.0\.actions\.0\.target: .*<Decode> CR 16-36"):
        card_from_dict(data, "<test>")
