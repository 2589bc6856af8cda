"""Keywords that shape an attack: <Blocker>, <Collision>, <Rush>, <Blitz>, <Alliance>, <Security A.>."""

from __future__ import annotations

import pytest

from boards import activated, attack, board, cards, memory_a, names, play, play_from, side, stack
from digiteach.decisions import IllegalAction
from digiteach.engine import begin, initial_state
from digiteach.setup import Action, StackRef
from digiteach.terms import EffectStatus

COLLIDER = {"number": "T-010", "name": "Crashmon", "level": 6, "colors": ["Red"], "dp": 12000,
            "keywords": ["Collision"], "summary": "Test card with <Collision>."}
RUSHER = {"number": "T-011", "name": "Dashmon", "level": 4, "colors": ["Red"], "dp": 5000,
          "keywords": ["Rush"], "summary": "Test card with <Rush>."}


def test_blocker_is_offered_and_redirects() -> None:
    """CR 12-1, 16-5: B may block with an unsuspended <Blocker>; the block switches the target and suspends it."""
    h = play(board(side("BT1-080"), side("ST1-06", security=("BT1-064",))), attack(), ["Block with ST1-06"])
    assert names(h[-1], "B", "battle") == []
    assert names(h[-1], "B", "security") == ["BT1-064"]


def test_dont_block() -> None:
    """CR 12-1: blocking is optional; without a block the check happens."""
    h = play(board(side("BT1-080"), side("ST1-06", security=("BT1-064",))), attack(), ["Don't block"])
    assert names(h[-1], "B", "battle") == ["ST1-06"]
    assert names(h[-1], "B", "security") == []


def test_suspended_blocker_cannot_block() -> None:
    """CR 12-1-4: a suspended <Blocker> cannot suspend to block."""
    h = play(board(side("BT1-080"), side(stack("ST1-06", suspended=True), security=("BT1-064",))), attack())
    assert not any(s.decision is not None for s in h)


def test_cant_block_without_digivolution_cards() -> None:
    """CR 15-1-3: ExTyrannomon with no digivolution cards can't block even though it has <Blocker>."""
    h = play(board(side("BT1-080"), side("EX3-060", security=("BT1-064",))), attack())
    assert not any(s.decision is not None for s in h)


def test_collision_forces_a_block() -> None:
    """CR 16-30: while a <Collision> Digimon attacks, the opponent's Digimon gain <Blocker> and B must block:
    "Don't block" is not offered."""
    h = play(board(side("T-010"), side("BT1-064", "ST3-03", security=("BT1-064",))), attack(), ["Block with ST3-03"],
             cards=cards(COLLIDER))
    decision = next(s.decision for s in h if s.decision is not None)
    assert decision.labels == ("Block with BT1-064 Goblimon", "Block with ST3-03 Tapirmon")
    assert names(h[-1], "B", "battle") == ["BT1-064"]


def test_rush_allows_attacking_the_turn_it_was_placed() -> None:
    """CR 16-15, 7-1-2-1: <Rush> lets a Digimon placed this turn attack; without it the action is refused."""
    lib = cards(RUSHER)
    h = play(board(side(stack("T-011", placed=True)), side(security=("BT1-064",))), attack(), cards=lib)
    assert names(h[-1], "B", "security") == []
    with pytest.raises(IllegalAction, match="7-1-2-1"):
        begin(initial_state(board(side(stack("BT1-064", placed=True)), side()), lib), attack())


def test_r05_blitz_first_and_the_other_when_digivolving_before_counter() -> None:
    """CR 16-16, 11-1-4, 15-4-5 (R05, QA Q1356): Omnimon's <Blitz> attack; MetalGarurumon's inherited +1
    memory (derived) comes first, then the pending unsuspend, all before the counter timing; memory ends at
    B1 and the turn passes after the attack."""
    setup = board(side("BT5-031", hand=("BT5-086",)), side(security=("BT1-064",) * 3), memory=2)
    answers = ["Activate <Blitz>", "Activate <Blitz>", "Attack Player B"]
    h = play(setup, Action("digivolve", card=StackRef("A", 0), hand_card="BT5-086"), answers)
    end = h[-1]
    assert activated(end) == ["Activate [When Digivolving] of BT5-086 Omnimon: <Blitz>",
                              "Activate [When Attacking] of BT5-086 Omnimon: +1 memory (inherited from MetalGarurumon)",
                              "Activate [When Digivolving] of BT5-086 Omnimon: unsuspend"]
    counter = next(s for s in h if s.attack is not None and s.attack.timing.value == "counter timing")
    assert not counter.players[0].battle[0].suspended
    assert len(end.players[1].security) == 2
    assert end.turn_player == 1 and end.memory == 1


def test_blitz_needs_opponent_memory() -> None:
    """CR 16-16: with memory still on A's side after digivolving, <Blitz>'s condition fails (not activated)."""
    setup = board(side("BT5-031", hand=("BT5-086",)), side(security=("BT1-064",)), memory=6)
    h = play(setup, Action("digivolve", card=StackRef("A", 0), hand_card="BT5-086"),
             ["Activate <Blitz>", "Activate <Blitz>"])
    statuses = {e.label: e.status for s in h for g in s.pending for e in g.effects}
    assert statuses["Activate [When Digivolving] of BT5-086 Omnimon: <Blitz>"] is EffectStatus.FAILED
    assert h[-1].attacks_declared == 0


def test_alliance_adds_dp_and_a_check_for_the_attack() -> None:
    """CR 16-24: Turuiemon suspends Tapirmon: +4000 DP and <Security A. +1> for the attack only."""
    setup = board(side("EX4-025", "ST3-03"), side(security=("BT1-064", "ST3-04", "ST3-03")))
    h = play(setup, attack(), ["Activate <Alliance>"])
    end = h[-1]
    assert names(end, "B", "security") == ["ST3-03"]
    assert end.players[0].battle[1].suspended
    assert end.modifiers == ()
    assert any("(8000 DP)" in s.caption for s in h)


def test_security_attack_plus_one_checks_two() -> None:
    """CR 16-4: VenomMyotismon (<Security A. +1>) checks 2 cards in its one security check."""
    h = play(board(side("BT2-079"), side(security=("BT1-064", "ST3-04", "ST3-03"))), attack())
    assert names(h[-1], "B", "security") == ["ST3-03"]


def test_security_attack_floor_is_zero() -> None:
    """CR 16-4-4 (R21, QA Q645): -3 then +1 still leaves 0 checks."""
    from boards import with_modifier

    s0 = initial_state(board(side("BT2-079"), side(security=("BT1-064",))), cards())
    s0 = with_modifier(s0, "A", 0, "security_a", amount=-4, owner="B")
    s0 = with_modifier(s0, "A", 0, "security_a", amount=1, duration="turn")
    h = play_from(s0, attack())
    assert names(h[-1], "B", "security") == ["BT1-064"]
    _ = memory_a
