"""Card functions for BT4 cards: BT4-111 Jack Raid (gain 1 memory per full ten cards in the trash; the used Option
is in no area, CR 9-1-4) and BT4-077 Ghostmon (this card returns from the trash to hand).

Registered when :mod:`digiteach.engine.custom` is imported; the protocol is in :mod:`digiteach.engine.customs`.
"""

from __future__ import annotations

from digiteach.copying import replace

from digiteach import effects as fx
from digiteach.engine import core as c
from digiteach.engine.apply import apply_action
from digiteach.engine.customs import CustomResult, register_custom
from digiteach.state import ActivateFrame, State

__all__: list[str] = []


def _gain_memory_per_ten_trash(s: State, f: ActivateFrame) -> CustomResult:
    n = len(s.players[f.owner].trash) // 10
    s = c.say(s, f"{c.pname(f.owner)} has {len(s.players[f.owner].trash)} cards in their trash (the used Option is "
                 "in no area and does not count).", "CR 9-1-4")
    s, _done = apply_action(s, f, fx.GainMemory(n), [])
    return s


def _return_this_card_from_trash(s: State, f: ActivateFrame) -> CustomResult:
    uid = f.source
    p = s.owners[uid]
    pl = s.players[p]
    if uid not in pl.trash:
        return c.say(s, f"{c.label(s, uid)} is no longer in the trash, so nothing happens.", "CR 1-3-2")
    s = c.set_player(s, p, replace(pl, trash=tuple(u for u in pl.trash if u != uid), hand=pl.hand + (uid,)))
    return c.say(s, f"{c.label(s, uid)} returns from the trash to {c.pname(p)}'s hand.")


register_custom("gain_memory_per_ten_trash", _gain_memory_per_ten_trash)
register_custom("return_this_card_from_trash", _return_this_card_from_trash)
