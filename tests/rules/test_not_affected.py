""""Isn't affected by the opponent's effects" (CR 15-15-5) and Gallantmon's delete-or-power-up (R43)."""

from __future__ import annotations

from boards import activated, attack, board, memory_a, names, play, rules_cited, side, stack


def test_r43_turn_player_gain_switches_the_protection_off() -> None:
    """CR 15-4-3-5, 15-8-2-3, 15-15-5 (R43, QA Q2746): Growlmon's +1 memory (A first) ends Gallantmon's
    "0 or less memory" protection before <Retaliation> resolves, so Gallantmon is deleted."""
    setup = board(side(stack("BT17-016", "ST7-05")), side(stack("BT2-080", suspended=True), security=("BT1-064",) * 2),
                  memory=0)
    h = play(setup, attack(target=0))
    end = h[-1]
    assert activated(end)[-2:] == ["Activate [Your Turn] of BT17-016 Gallantmon: +1 memory (inherited from Growlmon)", "Activate <Retaliation> of BT2-080 Piedmon"]
    assert names(end, "A", "battle") == [] and names(end, "B", "battle") == []
    assert memory_a(end) == 1


def test_protection_holds_while_memory_stays_at_zero() -> None:
    """CR 15-15-5 (contrast): without Growlmon the memory stays 0, so <Retaliation> activates but does nothing to
    Gallantmon, which survives with its +3000 DP."""
    setup = board(side("BT17-016"), side(stack("BT2-080", suspended=True), security=("BT1-064",) * 2), memory=0)
    h = play(setup, attack(target=0))
    end = h[-1]
    assert "Activate <Retaliation> of BT2-080 Piedmon" in activated(end)
    assert names(end, "A", "battle") == ["BT17-016"]
    assert "CR 15-15-5" in rules_cited(h)


def test_gallantmon_deletes_a_small_digimon_and_gets_no_power_up() -> None:
    """R43's card, other branch: with a 3000 DP Goblimon on B's side the [When Attacking] deletes it, so
    Gallantmon gets no +3000 DP and no <Blocker> (the check against Titamon 12000 vs 11000 deletes Gallantmon)."""
    setup = board(side("BT17-016"), side("BT1-064", security=("BT1-080",)), memory=3)
    h = play(setup, attack())
    end = h[-1]
    assert "BT1-064" in names(end, "B", "trash")
    assert not any(m.kind == "dp" for s in h for m in s.modifiers)
    assert names(end, "A", "battle") == []
