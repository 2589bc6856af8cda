"""Digivolution (CR 8): :func:`h_digivolve` runs a :class:`~digiteach.state.DigivolveFrame`."""

from __future__ import annotations

from digiteach.copying import replace

from digiteach import captions as cap
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.frames import pop
from digiteach.state import DigivolveFrame, Event, State

__all__ = ["h_digivolve"]


def h_digivolve(s: State, f: DigivolveFrame, answer: str | None) -> State:
    """Digivolve ``f.iid`` into hand card ``f.card`` for ``f.cost`` memory (CR 8-1-3; <Blast Digivolve> for free,
    CR 16-26); the player draws 1 and [When Digivolving] triggers. One stage: the frame is popped first."""
    s = pop(s)
    st = c.stack_of(s, f.iid)
    pl = s.players[f.player]
    if st is None or f.card not in pl.hand:
        return c.tell(s, "digivolve.cannot")
    before = c.label(s, st.top)
    s = c.set_player(s, f.player, replace(pl, hand=tuple(u for u in pl.hand if u != f.card)))
    was = c.memory_a(s)
    had = c.keywords_of(s, f.iid)
    if f.cost:
        s = c.gain_memory(s, f.player, -f.cost)
    s = c.update_stack(s, replace(st, cards=(f.card,) + st.cards))
    if f.blast:
        s = c.tell(s, "digivolve.blast", before=before, card=c.label(s, f.card))
    elif not f.cost:
        s = c.tell(s, "digivolve.free", before=before, card=c.label(s, f.card))
    else:
        s = c.tell(s, "digivolve.paid", before=before, card=c.label(s, f.card), cost=f.cost,
                   move=cap.memory_move(was, c.memory_a(s)))
    lost = sorted(had - c.keywords_of(s, f.iid))
    if lost:  # the card now under it gives only its inherited effects (CR 4-3-3)
        s = c.tell(s, "digivolve.keyword_left", card=c.label(s, f.card), before=before,
                   keywords=", ".join(f"<{k}>" for k in lost))
    s = ops.draw(s, f.player, 1)
    return c.trigger(s, Event("digivolved", f.player, f.iid, f.card, by=f.player))
