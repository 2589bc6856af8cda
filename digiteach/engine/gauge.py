"""How much memory a player can pay or lose now (CR 1-3-11, 1-4-2-2, 4-2-2): one rule for the costs of a play, a
digivolution or an Option's use (:mod:`digiteach.engine.opening`, :mod:`digiteach.engine.option_use`).

>>> from digiteach.cards import load_library
>>> from digiteach.engine import initial_state
>>> from digiteach.setup import Setup, SideSetup
>>> s = initial_state(Setup(turn_player="A", memory=3, sides=(SideSetup(), SideSetup())), load_library())
>>> pay_room(s, 0), pay_room(s, 1)
(13, 7)
>>> can_pay(s, 1, 8)
False
"""

from __future__ import annotations

from digiteach.engine.query import memory_of
from digiteach.state import State

__all__ = ["pay_room", "can_pay"]


def pay_room(s: State, player: int) -> int:
    """The most memory ``player`` can pay or lose now: the marker moves toward the opponent and stops at 10 on the
    opponent's side (CR 1-4-2-2), so it is the memory on ``player``'s side plus 10."""
    return memory_of(s, player) + 10


def can_pay(s: State, player: int, cost: int) -> bool:
    """True when ``player`` can pay ``cost`` memory in full: paying moves the marker by exactly the cost (CR 4-2-2),
    and a use that cannot be paid cannot be declared (CR 1-3-11)."""
    return cost <= pay_room(s, player)

