"""Keywords around deletion and battle: <Piercing>, <Retaliation>, <Jamming>, <Evade>, <Armor Purge>,
<Barrier>, <De-Digivolve>, <Recovery>, <Draw>, <Digi-Burst>, <Blast Digivolve>."""

from __future__ import annotations

from boards import activated, attack, board, cards, names, play, rules_cited, side, stack
from digiteach.setup import Action, StackRef

JAMMER = {"number": "T-020", "name": "Sneakmon", "level": 3, "colors": ["Black"], "dp": 2000,
          "keywords": ["Jamming"], "summary": "Test card with <Jamming>."}
EVADER = {"number": "T-021", "name": "Dodgemon", "level": 5, "colors": ["Green"], "dp": 7000,
          "keywords": ["Evade"], "summary": "Test card with <Evade>."}
PURGER = {"number": "T-022", "name": "Shellmon", "level": 5, "colors": ["Blue"], "dp": 5000,
          "keywords": ["Armor Purge"], "summary": "Test card with <Armor Purge>."}
MAGNAMON = {"number": "ST17-13", "name": "Magnamon", "level": 6, "colors": ["Yellow"], "dp": 7000,
            "security": [{"keyword": "De-Digivolve 1"}], "summary": "[Security] <De-Digivolve 1>."}


def test_piercing_checks_after_battle_deletion() -> None:
    """CR 16-7-1, 16-7-4: deleting the target in battle during its own attack gives one security check."""
    h = play(board(side("ST4-13"), side(stack("BT1-064", suspended=True), security=("ST3-04", "ST3-03"))),
             attack(target=0))
    assert names(h[-1], "B", "security") == ["ST3-03"]


def test_no_piercing_when_both_are_deleted() -> None:
    """CR 16-7-2: on a tie the <Piercing> Digimon is deleted too; nothing is checked."""
    h = play(board(side("ST4-13"), side(stack("BT1-080", suspended=True), security=("ST3-04",))), attack(target=0))
    assert names(h[-1], "B", "security") == ["ST3-04"]
    assert activated(h[-1]) == []


def test_no_piercing_when_deletion_is_prevented() -> None:
    """CR 16-7-2, QA Q4863: <Armor Purge> saves the loser, so it was not deleted in battle: no <Piercing>."""
    lib = cards(PURGER)
    setup = board(side("ST4-13"), side(stack("T-022", "BT1-064", suspended=True), security=("ST3-04",)))
    h = play(setup, attack(target=0), ["Use <Armor Purge>"], cards=lib)
    assert names(h[-1], "B", "battle") == ["BT1-064"]
    assert names(h[-1], "B", "security") == ["ST3-04"]
    assert not any("Piercing" in t for t in activated(h[-1]))


def test_jamming_survives_losing_to_a_security_digimon() -> None:
    """CR 16-9: a <Jamming> Digimon is not deleted by a battle with a Security Digimon."""
    h = play(board(side("T-020"), side(security=("BT1-080",))), attack(), cards=cards(JAMMER))
    assert names(h[-1], "A", "battle") == ["T-020"]
    assert names(h[-1], "B", "security") == []


def test_evade_suspends_instead_of_deletion() -> None:
    """CR 16-22, 15-8-5: Omnimon X's [When Attacking] would delete Dodgemon; <Evade> suspends it instead."""
    lib = cards(EVADER)
    h = play(board(side("BT5-111"), side("T-021", security=("BT1-064",))), attack(), ["Use <Evade>"], cards=lib)
    assert names(h[-1], "B", "battle") == ["T-021"]
    assert h[-1].players[1].battle[0].suspended
    assert "CR 15-8-5" in rules_cited(h) or "CR 15-8-5-1" in rules_cited(h)


def test_evade_declined() -> None:
    """CR 16-22: <Evade> is optional; declined, the Digimon is deleted."""
    lib = cards(EVADER)
    h = play(board(side("BT5-111"), side("T-021", security=("BT1-064",))), attack(), ["Don't use"], cards=lib)
    assert names(h[-1], "B", "battle") == []


def test_de_digivolve_stops_at_level_3() -> None:
    """CR 16-12-4: <De-Digivolve> cannot trash a level 3 top card (nor ever the last card)."""
    lib = cards(MAGNAMON)
    h = play(board(side(stack("ST3-03", "BT1-003")), side(security=("ST17-13",))), attack(), cards=lib)
    assert any("trashes nothing" in s.caption for s in h)
    assert sorted(names(h[-1], "A", "trash")) == ["BT1-003", "ST3-03"]  # deleted by Magnamon in the battle


def test_draw_and_recovery() -> None:
    """CR 16-8, 16-6: Tapirmon's [On Deletion] <Draw 1>; Salamon's <Recovery +1 (Deck)> with 3 or fewer."""
    h = play(board(side("BT1-080"), side(stack("BT2-070", suspended=True), hand=(), deck=("ST3-03",))),
             attack(target=0))
    assert len(h[-1].players[1].hand) == 1
    h = play(board(side("BT1-080"), side(stack("BT2-034", suspended=True), security=("ST3-03",) * 3,
                                         deck=("ST3-04",))), attack(target=0))
    assert names(h[-1], "B", "security")[0] == "ST3-04"
    h = play(board(side("BT1-080"), side(stack("BT2-034", suspended=True), security=("ST3-03",) * 4,
                                         deck=("ST3-04",))), attack(target=0))
    assert len(h[-1].players[1].security) == 4


def test_digi_burst_pays_then_acts() -> None:
    """CR 16-14, 15-7-2: trashing 2 digivolution cards pays for the suspend; with too few cards nothing happens."""
    setup = board(side(stack("ST4-13", "ST4-11", "BT1-064")), side("BT1-080"))
    h = play(setup, Action("activate", card=StackRef("A", 0)), ["Activate"])
    assert h[-1].players[1].battle[0].suspended
    assert h[-1].players[0].battle[0].cards == (h[-1].players[0].battle[0].cards[0],)
    setup = board(side(stack("ST4-13", "ST4-11")), side("BT1-080"))
    h = play(setup, Action("activate", card=StackRef("A", 0)), ["Activate"])
    assert not h[-1].players[1].battle[0].suspended
    assert "CR 15-7-2" in rules_cited(h)


def test_blast_digivolve_requirements_checked_when_used() -> None:
    """CR 16-26: <Blast Digivolve> is offered only onto a Digimon meeting the requirements (level 5
    Garurumon or purple level 5)."""
    setup = board(side("BT2-064"), side("BT1-064", hand=("ST16-12",), security=("ST3-03",)))
    h = play(setup, attack())
    assert not any(s.decision is not None and s.decision.kind == "counter" for s in h)
