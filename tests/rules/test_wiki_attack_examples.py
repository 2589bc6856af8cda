"""Wiki "Attack Resolution" examples (seed 000) replayed under CR 4.2."""

from __future__ import annotations

from boards import activated, attack, board, memory_a, names, play, side, stack


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
        "Activate [When Attacking] of BT1-081 HerculesKabuterimon: suspend (inherited from Lillymon)",
        "Activate <Piercing> of BT1-081 HerculesKabuterimon",
        "Activate [End of Attack] of BT1-081 HerculesKabuterimon: unsuspend",
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
        "Activate [Your Turn] of ST4-13 HerculesKabuterimon: trash 1 security (inherited from MegaKabuterimon)",
        "Activate [On Deletion] of BT2-034 Salamon: <Recovery +1>",
    ]
    assert names(end, "B", "security") == ["ST3-03"]
    assert names(end, "B", "battle") == []
    assert names(end, "A", "battle") == []
    assert set(names(end, "A", "trash")) == {"ST4-13", "ST4-11"}
    assert {"BT6-101", "ST3-10", "BT2-034"} <= set(names(end, "B", "trash"))
    assert end.winner is None


def test_example_2_unsuspend_before_the_block() -> None:
    """Attack ex. 2 (CR 11-1-4): BlackWarGreymon attacks the highest-DP Beelzemon and unsuspends at
    declaration; B then blocks with Vilemon, which is deleted."""
    setup = board(side("BT2-112"), side(stack("BT2-111", suspended=True), "BT2-072"))
    h = play(setup, attack(target=0), ["Block with BT2-072"])
    end = h[-1]
    assert activated(end) == ["Activate [When Attacking] of BT2-112 BlackWarGreymon: unsuspend"]
    assert not end.players[0].battle[0].suspended
    assert names(end, "B", "battle") == ["BT2-111"]
    assert "BT2-072" in names(end, "B", "trash")


def test_r47_prevented_deletion_is_not_a_deletion() -> None:
    """CR 15-8-5-2 (R47, QA Q1357): B's Omnimon trashes its level 6 card to stay; MaloMyotismon's "when another
    Digimon is deleted" does not trigger, and the attack goes on to one check."""
    setup = board(side("BT5-111", "BT3-092"), side(stack("BT5-086", "ST2-11"), security=("BT1-064", "ST3-03")))
    h = play(setup, attack(), ["Use"])
    end = h[-1]
    assert names(end, "B", "battle") == ["BT5-086"]
    assert end.players[1].battle[0].digivolution_cards == ()
    assert memory_a(end) == 3
    assert names(end, "B", "security") == ["ST3-03"]


def test_attacker_gone_means_no_block_and_nothing_at_confirmation() -> None:
    """CR 11-1-5, 12-1-6, 11-5-1-4: once declared every timing still happens; with the attacker gone no block is
    possible and confirmation does nothing (Omnimon X ends nothing here: Retaliation-free setup, attacker
    deleted by B's Dinorexmon-like effect)."""
    lib_card = {"number": "T-030", "name": "Trapmon", "level": 6, "colors": ["Green"], "dp": 9000,
                "effects": [{"when": {"event": "attacks", "whose": "opponent"}, "scope": "Opponent's Turn",
                             "actions": [{"do": "delete", "target": "subject"}],
                             "summary": "When an opposing Digimon attacks, delete it (test card)."}],
                "summary": "Test card."}
    from boards import cards

    setup = board(side("BT1-080"), side("T-030", "ST1-06", security=("BT1-064",)))
    h = play(setup, attack(), cards=cards(lib_card))
    end = h[-1]
    assert names(end, "A", "battle") == []
    assert names(end, "B", "security") == ["BT1-064"]
    path = [s.attack.path for s in h if s.attack is not None][-1]
    assert "block timing" in path and "confirming success" in path
    assert not any(s.decision is not None for s in h)
