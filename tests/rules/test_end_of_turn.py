"""End of turn (CR 6-6) and pending processing set up for it (CR 18-1)."""

from __future__ import annotations

from dataclasses import replace

from boards import attack, board, memory_a, play, play_from, rules_cited, side
from digiteach.cards import load_library
from digiteach.engine import initial_state
from digiteach.engine.rules.turn import END_OF_TURN_MEMORY
from digiteach.state import Delayed
from digiteach.setup import Action


def test_pass_then_pending_memory_loss_r53() -> None:
    """CR 6-5-1-7-1, 18-1-2 (R53, QA Q883): MetalGreymon's [When Attacking] gives 3 now and sets up "lose 3 at
    the end of the turn"; after the pass sets the gauge to B3, the loss still applies: B starts with 6."""
    h = play(board(side("BT1-021"), side(security=("ST3-04", "BT1-064")), memory=1), attack(), [])
    assert memory_a(h[-1]) == 4 and h[-1].turn_player == 0
    h2 = play_from(h[-1], Action("pass"))
    end = h2[-1]
    assert end.turn_player == 1 and end.memory == 6
    assert "CR 18-1-2" in rules_cited(h2)
    assert not end.delayed


def test_no_pending_loss_without_the_attack() -> None:
    """CR 6-5-1-7-1 (contrast): a plain pass leaves B with exactly 3."""
    h = play(board(side("BT1-021"), side()), Action("pass"))
    assert h[-1].turn_player == 1 and h[-1].memory == 3


def test_memory_back_on_your_side_at_end_of_turn_keeps_the_turn() -> None:
    """CR 6-6-4: if pending end-of-turn processing brings the turn player's memory back to 0 or more, the turn
    does not end."""
    s0 = initial_state(board(side("BT1-064"), side(), memory=-1), load_library())
    s0 = replace(s0, delayed=(Delayed(END_OF_TURN_MEMORY, 0, 2),))
    h = play_from(s0, Action("end_turn"))
    assert h[-1].turn_player == 0 and memory_a(h[-1]) == 1
    assert "CR 6-6-4" in rules_cited(h)
