"""Attacks granted by an effect to another Digimon ("one of them may attack", R07's Taiki Kudo) and the
trait filter on "when ... played" triggers."""

from __future__ import annotations

from boards import activated, attack, board, cards, names, play, rules_cited, side
from digiteach.setup import Action

XH = {"number": "XH-1", "name": "Xroshmon", "level": 3, "colors": ["Red"], "dp": 3000, "play_cost": 3,
      "traits": ["Xros Heart"], "summary": "Test card with the [Xros Heart] trait."}


def test_r07_no_attack_while_the_attack_is_ending() -> None:
    """CR 11-2-4, 11-6-2 (R07, QA Q4728): the team-mate played by OmniShoutmon's [End of Attack] cannot attack
    through Taiki Kudo's effect; only one attack is declared and A does not win."""
    setup = board(side("BT21-021", "BT21-083", hand=("XH-1",)), side(security=("ST3-04",)))
    h = play(setup, attack(), ["Activate [End of Attack]", "Activate [Your Turn] of BT21-083"], cards=cards(XH))
    end = h[-1]
    assert end.attacks_declared == 1 and end.winner is None
    assert names(end, "A", "battle") == ["BT21-083", "XH-1"]
    assert "CR 11-2-4" in rules_cited(h)


def test_taiki_kudo_cannot_make_a_digimon_played_this_turn_attack() -> None:
    """CR 7-1-2-1: an effect that lets a Digimon attack does not lift the rule that a Digimon new to the field this
    turn cannot attack (QA Q1898, Q3705, Q1241), so the [Xros Heart] Digimon just played does not attack, and the
    caption says why (an outside trial found it attacked)."""
    setup = board(side("BT21-083", hand=("XH-1",)), side(), memory=5)
    h = play(setup, Action("play", hand_card="XH-1"), ["Activate"], cards=cards(XH))
    end = h[-1]
    assert end.attacks_declared == 0 and end.winner is None
    assert "CR 7-1-2-1" in rules_cited(h)


def test_trait_filter_on_played_trigger() -> None:
    """A played Digimon without the [Xros Heart]/[Hero] trait does not trigger Taiki Kudo."""
    setup = board(side("BT21-083", hand=("BT1-064",)), side(), memory=5)
    h = play(setup, Action("play", hand_card="BT1-064"))
    assert activated(h[-1]) == []
