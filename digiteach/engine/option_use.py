"""Using an Option card from the hand (CR 9-1), by the one rule wherever it is done: in the main phase
(:func:`digiteach.engine.opening.use`, CR 6-5-1) or, for an Option whose effect is a [Counter] effect, in the counter
timing (:func:`digiteach.engine.rules.counter.use_counter`, CR 11-3-2, 15-16-14-1).

A use is possible only when the Option's colour requirement is met (CR 4-22-2, 9-1-1) and its use cost can be paid
(CR 1-3-11). Using it takes the card from the hand into no area while its effect is processed (CR 9-1-4), pays the
cost (the marker moves by exactly the cost, CR 4-2-2) and lets "when ... uses an Option" effects trigger; the caller
pushes the effect above a ``FlushFrame`` whose ``option`` is the card, so the card goes to the trash once the effect
is done, with no rule check between (CR 9-1-5, 9-1-2).
"""

from __future__ import annotations

from digiteach.cards import Card
from digiteach.copying import replace
from digiteach import captions as cap
from digiteach.engine import core as c
from digiteach.engine.gauge import can_pay
from digiteach.state import Event, State

__all__ = ["colour_problem", "can_use", "take_and_pay"]


def colour_problem(s: State, player: int, cd: Card) -> str | None:
    """Why ``player`` cannot use the Option ``cd`` for its colours (a sentence naming the rule), or None when its
    colour requirement is met: a Digimon or Tamer of each of its colours on their field (CR 4-22, 9-1-1; a
    multicolour Option needs all its colours, CR 4-22-3)."""
    missing = c.missing_colours(s, player, cd)
    if not missing:
        return None
    return (f"{cd.label} ({'/'.join(cd.colors)}) cannot be used: its colour requirement needs a Digimon or Tamer of "
            f"each of its colours on Player {'AB'[player]}'s field, and none is {' or '.join(missing)} "
            "(CR 4-22, 9-1-1; a multicolour Option needs all its colours, CR 4-22-3)")


def can_use(s: State, player: int, cd: Card) -> bool:
    """True when ``player`` may use the Option ``cd`` now as far as the card allows: its colour requirement is met
    (CR 4-22-2) and its use cost can be paid (CR 1-3-11, 1-4-2-2)."""
    return colour_problem(s, player, cd) is None and can_pay(s, player, cd.use_cost or 0)


_FREE: dict[str, str] = {"use.paid": "use.free", "use.dual": "use.dual_free", "use.counter_paid": "use.counter_free"}
"""The caption of a use that costs no memory, for each caption of a paid use."""


def take_and_pay(s: State, player: int, uid: int, key: str) -> State:
    """``player`` uses the Option ``uid`` from the hand: it goes to no area (CR 9-1-4), its use cost is paid (CR 4-2-2;
    the caption ``key`` says so with the marker's move), and effects that watch an Option's use trigger; they wait
    until the Option's effect is over (CR 15-4-2-2)."""
    cd = c.card(s, uid)
    pl = s.players[player]
    s = c.set_player(s, player, replace(pl, hand=tuple(u for u in pl.hand if u != uid)))
    s = replace(s, limbo=s.limbo + (uid,))
    was = c.memory_a(s)
    s = c.gain_memory(s, player, -(cd.use_cost or 0))
    if not cd.use_cost:  # nothing to pay: the marker does not move (CR 4-2-2)
        key = _FREE[key]
    s = c.tell(s, key, player=c.pname(player), card=cd.label, cost=cd.use_cost or 0,
               move=cap.memory_move(was, c.memory_a(s)))
    before = len(s.collecting)
    s = c.trigger(s, Event("option_used", player, None, uid, by=player))
    if len(s.collecting) > before:
        waiting = ", ".join(c.without_lead(p.label) for p in s.collecting[before:])
        many = len(s.collecting) - before > 1
        s = c.tell(s, "use.triggered_many" if many else "use.triggered", names=waiting)
    return s
