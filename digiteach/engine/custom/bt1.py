"""Card functions for BT1 cards: BT1-021 MetalGreymon (R53, pending processing "lose 3 memory at the end of the
turn", CR 18-1) and BT1-087 T.K. Takaishi (look at the Security Stack, add a card to hand, <Recovery>, shuffle).

Registered when :mod:`digiteach.engine.custom` is imported; the protocol is in :mod:`digiteach.engine.customs`.
"""

from __future__ import annotations

import random
from digiteach.copying import replace

from digiteach.decisions import Option
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.customs import CustomResult, register_custom
from digiteach.engine.rules.turn import END_OF_TURN_MEMORY
from digiteach.state import ActivateFrame, Event, State

__all__: list[str] = []


def _bt1_087_security_tutor(s: State, f: ActivateFrame) -> CustomResult:
    p = f.owner
    pl = s.players[p]
    if not pl.security:
        return c.say(s, f"{c.pname(p)} has no security cards to look at.", "CR 1-3-2")
    if not f.picked:
        return c.say(ask(s, p, DecisionKind.TARGET, f"{c.pname(p)} looks at their Security Stack: which card goes to hand?",
                          [Option(f"Add {c.label(s, u)} to hand", u) for u in pl.security], "CR 15-15-3"),
                     f"{c.pname(p)} looks at their Security Stack and chooses a card.", "CR 15-15-3")
    uid = f.picked[-1]
    s = c.set_player(s, p, replace(pl, security=tuple(u for u in pl.security if u != uid), hand=pl.hand + (uid,)))
    s = c.say(s, f"{c.pname(p)} reveals {c.label(s, uid)} from their Security Stack and adds it to their hand.")
    s = c.trigger(s, Event("security_removed", p, None, uid, cause="effect", by=p))
    if "Yellow" in c.card(s, uid).colors:
        s = ops.recovery(s, p, 1)
    pl = s.players[p]
    order = list(pl.security)
    random.Random(s.next_id * 7919 + s.turn).shuffle(order)
    s = c.set_player(s, p, replace(pl, security=tuple(order)))
    return c.say(s, f"{c.pname(p)} shuffles their Security Stack.")


def _lose_3_memory_at_end_of_turn(s: State, f: ActivateFrame) -> CustomResult:
    key = f"{END_OF_TURN_MEMORY}{'AB'[f.owner]}:{f.source}"
    s = replace(s, delayed=s.delayed + ((key, -3),))
    return c.say(s, f"At the end of this turn {c.pname(f.owner)} will lose 3 memory (pending processing).",
                 "CR 18-1")


register_custom("bt1_087_security_tutor", _bt1_087_security_tutor)
register_custom("lose_3_memory_at_end_of_turn", _lose_3_memory_at_end_of_turn)
