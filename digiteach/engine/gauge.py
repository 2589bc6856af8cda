"""How much memory a player can pay or lose now (CR 1-3-11, 1-4-2-2, 4-2-2): one rule for the costs of a play, a
digivolution or an Option's use (:mod:`digiteach.engine.opening`, :mod:`digiteach.engine.option_use`) and how far
an effect's gain or loss can move the marker, so a memory cost inside an effect ("by losing 4 memory") that can be
done only in part is not done (CR 15-7-3, :mod:`digiteach.engine.apply`).

>>> from digiteach.cards import load_library
>>> from digiteach.engine import initial_state
>>> from digiteach.setup import Setup, SideSetup
>>> s = initial_state(Setup(turn_player="A", memory=3, sides=(SideSetup(), SideSetup())), load_library())
>>> pay_room(s, 0), pay_room(s, 1)
(13, 7)
>>> can_pay(s, 1, 8)
False
>>> gauge_room(s, 0, 4), gauge_room(s, 0, -4)
(7, 13)
"""

from __future__ import annotations

from digiteach import captions as cap
from digiteach.engine import core as c
from digiteach.engine.query import memory_of
from digiteach.i18n import pgettext
from digiteach.state import State

__all__ = ["pay_room", "can_pay", "gauge_room", "effect_memory"]


def pay_room(s: State, player: int) -> int:
    """The most memory ``player`` can pay or lose now: the marker moves toward the opponent and stops at 10 on the
    opponent's side (CR 1-4-2-2), so it is the memory on ``player``'s side plus 10."""
    return memory_of(s, player) + 10


def can_pay(s: State, player: int, cost: int) -> bool:
    """True when ``player`` can pay ``cost`` memory in full: paying moves the marker by exactly the cost (CR 4-2-2),
    and a use that cannot be paid cannot be declared (CR 1-3-11)."""
    return cost <= pay_room(s, player)


def gauge_room(s: State, player: int, amount: int) -> int:
    """How far the marker can move when ``player`` gains ``amount`` memory (negative: loses it): it stops at 10 on
    either side (CR 1-4-2-2), so a loss moves it at most :func:`pay_room` and a gain at most to 10 on ``player``'s
    side."""
    return pay_room(s, player) if amount < 0 else 10 - memory_of(s, player)


def effect_memory(s: State, player: int, amount: int, cost: bool = False) -> tuple[State, bool]:
    """``player`` gains ``amount`` memory by an effect (negative: loses it, CR 4-1-4), with a caption; returns the
    state and whether it was done.

    The marker stops at 10 on either side (CR 1-4-2-2): a plain gain or loss moves it as far as it can (CR 1-3-2) and
    its caption says how far that was. A memory ``cost`` ("by losing 4 memory") is done in full or not at all
    (CR 15-7-3): when the marker cannot move the whole amount nothing moves, and the effect's rest does not happen
    (CR 15-7-2), which the caller sees as ``False``.
    """
    room = gauge_room(s, player, amount)
    verb = pgettext("memory", "gain") if amount > 0 else pgettext("memory", "lose")
    if cost and abs(amount) > room:
        return c.tell(s, "effect.memory_cost_unpaid", player=c.pname(player), verb=verb, amount=abs(amount),
                      room=room), False
    before = c.memory_a(s)
    s = c.gain_memory(s, player, amount)
    moved, move = abs(c.memory_a(s) - before), cap.memory_move(before, c.memory_a(s))
    if moved < abs(amount):
        return c.tell(s, "effect.memory_capped", player=c.pname(player), verb=verb, amount=abs(amount), moved=moved,
                      move=move), True
    verb = cap.text("word.gains" if amount >= 0 else "word.loses")
    return c.tell(s, "effect.memory", player=c.pname(player), verb=verb, amount=abs(amount), move=move), True
