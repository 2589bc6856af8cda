"""CR 15-8-3-9-4: an effect triggered when a card is removed from an area reads its processing conditions in the state
it triggered in; any other triggered effect reads them as it activates (CR 15-8-3-9-3)."""

from __future__ import annotations

from boards import activated, attack, board, cards, memory_a, names, play, side, stack
from digiteach.terms import EffectStatus


def _on_deletion(number: str, condition: dict[str, object]) -> dict[str, object]:
    """A 2000 DP purple test Digimon whose [On Deletion] gains 1 memory if ``condition`` holds."""
    return {"number": number, "name": "Testmon", "level": 3, "colors": ["Purple"], "dp": 2000,
            "effects": [{"timing": "On Deletion", "condition": condition,
                         "actions": [{"do": "gain_memory", "amount": 1}], "summary": "Gain 1 memory if it holds."}],
            "summary": "A test Digimon."}


def test_q2556_candlemon_reads_the_memory_as_it_was_at_the_deletion() -> None:
    """CR 15-8-3-9-4, QA Q2556/Q2557: A has 1 memory when its BlackWarGrowlmon deletes B's Candlemon in battle.
    Growlmon's inherited effect (the turn player's, first) takes A to 2 before Candlemon's [On Deletion]
    activates, yet "<Draw 1> if your opponent has 1 or less memory" reads the 1 of the deletion: B draws 1 and,
    A having had 1 or more, gains 1 memory too. Read at activation, B would not draw."""
    setup = board(side(stack("EX4-010", "ST7-05")), side(stack("BT15-069", suspended=True), security=("BT1-064",)),
                  memory=1)
    h = play(setup, attack(target=0))
    end = h[-1]
    assert activated(end) == ["Activate [Your Turn] of EX4-010 BlackWarGrowlmon: +1 memory (inherited from Growlmon)",
                              "Activate [On Deletion] of BT15-069 Candlemon: draw 1, +1 memory"]
    assert len(end.players[1].hand) == 1
    assert memory_a(end) == 1
    pending = next(p for s in h for g in s.pending for p in g.effects if p.source == end.players[1].trash[0])
    assert pending.moment is not None and pending.moment.after.memory == 1


def test_its_own_digimon_is_read_as_it_was_when_it_left() -> None:
    """CR 15-8-3-9-4 (its example): "[On Deletion] if this Digimon has digivolution cards" looks at the Digimon as it
    was deleted, although its cards are in the trash by the time the effect activates."""
    lib = cards(_on_deletion("TST-1", {"kind": "digivolution_cards_at_least", "n": 1}))
    setup = board(side("EX4-010"), side(stack("TST-1", "BT1-003", suspended=True), security=("BT1-064",)), memory=0)
    end = play(setup, attack(target=0), cards=lib)[-1]
    assert activated(end) == ["Activate [On Deletion] of TST-1 Testmon: +1 memory"]
    assert memory_a(end) == -1


def test_q1468_the_deleted_cards_already_count_in_the_trash() -> None:
    """QA Q1468 with CR 15-8-3-9-4: 9 cards in the trash when the Digimon is deleted; its own card going there makes
    10, and "if you have 10 or more cards in your trash" is met: the state it triggered in is after the move."""
    lib = cards(_on_deletion("TST-2", {"kind": "trash_at_least", "n": 10}))
    setup = board(side("EX4-010"), side(stack("TST-2", suspended=True), security=("BT1-064",),
                                        trash=("ST3-03",) * 9), memory=0)
    end = play(setup, attack(target=0), cards=lib)[-1]
    assert names(end, "B", "trash").count("TST-2") == 1
    assert memory_a(end) == -1


def test_another_trigger_reads_its_condition_as_it_activates() -> None:
    """CR 15-8-3-9-3: a "when it attacks" effect is no removal; its condition is read when it activates. The
    deletion-triggered pending effect keeps its moment, the attack's does not."""
    lib = cards(_on_deletion("TST-3", {"kind": "trash_at_least", "n": 1}))
    setup = board(side("BT1-114"), side(stack("TST-3", suspended=True), security=("BT1-064",)), memory=0)
    h = play(setup, attack(target=0), cards=lib)
    effects = {p.label: p for s in h for g in s.pending for p in g.effects}
    assert all(p.moment is not None for label, p in effects.items() if "On Deletion" in label)
    assert "Activate [When Attacking] of BT1-114 MetalGreymon: -5 memory" in effects
    assert all(p.moment is None for label, p in effects.items() if "On Deletion" not in label)
    assert all(p.status is not EffectStatus.FAILED for p in effects.values())
