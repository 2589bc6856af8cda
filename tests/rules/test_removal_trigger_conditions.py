"""CR 15-8-3-9-4: an effect triggered when its Digimon is removed from an area reads a condition about that Digimon
as it was when it left; every other reference is made as the effect activates (CR 15-8-3-9-3; Q&A Q1009)."""

from __future__ import annotations

from boards import activated, attack, board, cards, memory_a, names, play, side, stack
from digiteach.terms import EffectStatus


def _on_deletion(number: str, condition: dict[str, object]) -> dict[str, object]:
    """A 2000 DP purple test Digimon whose [On Deletion] gains 1 memory if ``condition`` holds."""
    return {"number": number, "name": "Testmon", "level": 3, "colors": ["Purple"], "dp": 2000,
            "effects": [{"timing": "On Deletion", "condition": condition,
                         "actions": [{"do": "gain_memory", "amount": 1}], "summary": "Gain 1 memory if it holds."}],
            "summary": "A test Digimon."}


def _wipe(number: str) -> dict[str, object]:
    """A 9000 DP attacker whose [When Attacking] deletes every opposing Digimon with 3000 DP or less."""
    return {"number": number, "name": "Wipemon", "level": 5, "colors": ["Red"], "dp": 9000,
            "effects": [{"timing": "When Attacking",
                         "actions": [{"do": "delete", "target": {"who": "all", "whose": "opponent", "max_dp": 3000}}],
                         "summary": "Delete every opposing Digimon with 3000 DP or less."}],
            "summary": "A test Digimon."}


def test_q1009_two_salamon_deleted_together_recover_once() -> None:
    """Q&A Q1009 (BT2-034 Salamon), CR 15-8-3-9-3: two Salamon are deleted at the same time while their owner has 3
    security cards. Both [On Deletion] effects trigger, but each reads "3 or fewer" as it activates: the first
    recovers to 4, so the second's condition fails and the Security Stack stays at 4, not 5 (before the attack's own
    security check takes one)."""
    lib = cards(_wipe("TST-9"))
    setup = board(side("TST-9"), side(stack("BT2-034", suspended=True), stack("BT2-034", suspended=True),
                                      security=("BT1-064",) * 3, deck=("BT1-064",) * 3), memory=0)
    h = play(setup, attack(), cards=lib, answers=["Activate [On Deletion] of BT2-034 Salamon: <Recovery +1>"])
    end = h[-1]
    assert end.finished and names(end, "B", "battle") == []
    assert activated(end) == ["Activate [When Attacking] of TST-9 Wipemon: delete all",  # the older label answered:
                              "Activate [On Deletion] of BT2-034 Salamon: <Recovery +1> (Player B's 1st Digimon)"]
    failed = {p.pid for s in h for g in s.pending for p in g.effects if p.status is EffectStatus.FAILED}
    assert len(failed) == 1, "the second Salamon's [On Deletion] does not activate"
    fails = next(s for s in h if any(p.status is EffectStatus.FAILED for g in s.pending for p in g.effects))
    assert len(fails.players[1].security) == 4, "one <Recovery +1>: 3 -> 4, not 5"
    assert len(end.players[1].security) == 3, "then the security check of the attack on Player B takes 1"


def test_q2556_candlemon_reads_its_opponent_memory() -> None:
    """Q&A Q2556/Q2557 (BT15-069 Candlemon): "if your opponent has 1 or less memory" holds with 1 on the opponent's side,
    and then both <Draw 1> and "gain 1 memory" happen. Nothing moves the memory before it activates here; the condition
    is read as it activates (CR 15-8-3-9-3)."""
    setup = board(side("EX4-010"), side(stack("BT15-069", suspended=True), security=("BT1-064",)), memory=1)
    h = play(setup, attack(target=0))
    end = h[-1]
    assert activated(end) == ["Activate [On Deletion] of BT15-069 Candlemon: draw 1, +1 memory"]
    assert len(end.players[1].hand) == 1
    assert memory_a(end) == 0


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
