"""A persistent effect whose condition depends on that same effect (CR 15-8-2, persistent effects; CR 15-6,
conditions): "-8000 DP while this Digimon has 1 DP or more", "<Blocker> to your opponent's Digimon while none of
them has <Blocker>". The rules give no loop here, so the kit takes one defined reading: while an effect's condition
is read, that effect is not in force, so the condition reads the board without it and has exactly one answer
(then the effect applies or not; a Digimon left with 0 DP is deleted by the rule check, CR 17-1-3-1-1)."""

from __future__ import annotations

from digiteach.effects import Persistent
from digiteach.state import State

__all__ = ["DECIDING", "condition_without", "deciding"]

DECIDING: list[tuple[int, Persistent]] = []
"""(stack iid, effect) of each persistent effect whose condition is being read now; while it is not empty,
no answer about persistent effects is memoised (it holds only for the reading in progress)."""


def deciding(iid: int, e: Persistent) -> bool:
    """True while the condition of effect ``e`` on the stack ``iid`` is being read: ``e`` is then not in force."""
    return (iid, e) in DECIDING


def condition_without(s: State, e: Persistent, owner: int, iid: int) -> bool:
    """Whether the condition of ``owner``'s persistent effect ``e`` on the stack ``iid`` holds, read on the board
    without ``e`` itself.

    Raises:
        ValueError: ``e.condition`` names an unknown condition kind.
    """
    from digiteach.engine import conditions  # conditions reads the query module, which reads this one

    assert e.condition is not None
    DECIDING.append((iid, e))
    try:
        return conditions.condition_met(s, e.condition, owner, iid, None)
    finally:
        DECIDING.pop()
