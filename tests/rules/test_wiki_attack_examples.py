"""Wiki "Attack Resolution" examples (seed 000) replayed under CR 4.2."""

from __future__ import annotations

from conftest import activated, attack, board, memory_a, names, play, side, stack


def test_example_1_piercing_with_no_security_does_not_win() -> None:
    """Attack ex. 1 (CR 16-7-4, 11-5-1-2, 1-2-3-1): Lillymon's inherited [When Attacking] suspends
    Goblimon; B blocks with Kabuterimon, which is deleted; <Piercing> activates but B has no security
    card, and Piercing never wins. A may pay 3 memory at end of attack to unsuspend."""
    setup = board(side(stack("BT1-081", "BT1-079")), side("ST4-08", "BT1-064", security=()), memory=5)
    h = play(setup, attack(), ["Block with ST4-08", "Activate [End of Attack]"])
    end = h[-1]
    assert end.winner is None
    assert names(end, "B", "battle") == ["BT1-064"]
    assert end.players[1].battle[0].suspended  # Goblimon suspended by Lillymon
    assert "ST4-08" in names(end, "B", "trash")
    assert activated(end) == [
        "Activate [When Attacking] of BT1-079 Lillymon",
        "Activate <Piercing> of BT1-081 HerculesKabuterimon",
        "Activate [End of Attack] of BT1-081 HerculesKabuterimon",
    ]
    herc = end.players[0].battle[0]
    assert not herc.suspended
    assert memory_a(end) == 2


def test_example_1_declining_end_of_attack_keeps_memory() -> None:
    """Attack ex. 1 variant (QA Q935): the [End of Attack] effect is optional; declined, the attacker stays
    suspended and memory stays at 5."""
    setup = board(side(stack("BT1-081", "BT1-079")), side("ST4-08", "BT1-064", security=()), memory=5)
    h = play(setup, attack(), ["Block with ST4-08", "Don't activate"])
    end = h[-1]
    assert end.players[0].battle[0].suspended
    assert memory_a(end) == 5


def test_example_5_piercing_check_after_other_battle_triggers() -> None:
    """Attack ex. 5 (CR 16-7-4, 15-4-3-5, 14-2-3): Salamon is deleted in battle; Piercing and
    MegaKabuterimon (A) then Salamon's [On Deletion] (B) activate. MegaKabuterimon trashes Wyvern's
    Breath (no [Security] effect), Salamon recovers Magnadramon, and the Piercing check meets
    Magnadramon: equal DP deletes HerculesKabuterimon only."""
    setup = board(
        side(stack("ST4-13", "ST4-11")),
        side(stack("BT2-034", suspended=True), security=("BT6-101", "ST3-03"), deck=("ST3-10",)),
    )
    h = play(setup, attack(target=0), ["Activate <Piercing>"])
    end = h[-1]
    assert activated(end) == [
        "Activate <Piercing> of ST4-13 HerculesKabuterimon",
        "Activate [Your Turn] of ST4-11 MegaKabuterimon",
        "Activate [On Deletion] of BT2-034 Salamon",
    ]
    assert names(end, "B", "security") == ["ST3-03"]
    assert names(end, "B", "battle") == []
    assert names(end, "A", "battle") == []
    assert set(names(end, "A", "trash")) == {"ST4-13", "ST4-11"}
    assert {"BT6-101", "ST3-10", "BT2-034"} <= set(names(end, "B", "trash"))
    assert end.winner is None
