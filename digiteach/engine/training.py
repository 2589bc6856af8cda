"""<Training> (CR 16-41): an activation-type effect (CR 15-8-4) of a Digimon in the Battle Area or the Breeding Area:
by suspending that Digimon (an optional processing condition, CR 16-41-3), place the top card of its owner's deck at
the bottom of its digivolution cards. The one action :func:`train` does both, wherever the Digimon is; the Breeding
Area is the one place outside the Battle Area whose Digimon activates an effect (CR 16-41-1)."""

from __future__ import annotations

from digiteach import effects as fx
from digiteach.copying import replace
from digiteach.engine import core as c
from digiteach.engine.moves import DONE, FAILED, Result
from digiteach.state import ActivateFrame, Stack, State

__all__ = ["field_stack", "train"]


def field_stack(s: State, iid: int | None) -> tuple[int, Stack, bool] | None:
    """(owner, stack, True when in the Breeding Area) of the Digimon ``iid`` in a Battle Area or Breeding Area, or
    None."""
    if iid is None:
        return None
    hit = c.find(s, iid)
    if hit is not None:
        return hit[0], hit[1], False
    for p, pl in enumerate(s.players):
        if pl.breeding is not None and pl.breeding.iid == iid:
            return p, pl.breeding, True
    return None


def train(s: State, f: ActivateFrame, a: fx.Train, targets: list[int]) -> Result:
    """<Training>: suspend the Digimon holding the effect (not done when it is suspended, cannot be suspended or is
    gone: then nothing more happens, CR 15-7-2), then put the top card of its owner's deck under it, at the bottom (CR 16-41-1, 16-41-3)."""
    hit = field_stack(s, f.holder)
    if hit is None or hit[1].suspended or c.cant_suspend(s, hit[1].iid):  # the cost cannot be paid (CR 1-3-2)
        return c.tell(s, "training.not_paid", card=c.label(s, f.source)), FAILED
    p, st, breeding = hit
    pl = s.players[p]
    if not pl.deck:
        placed, after = st, pl.deck
    else:
        placed, after = replace(st, cards=st.cards + (pl.deck[0],)), pl.deck[1:]
    now = replace(placed, suspended=True)
    if breeding:
        s = c.set_player(s, p, replace(pl, breeding=now, deck=after))
    else:
        s = c.set_player(s, p, replace(pl, deck=after, battle=tuple(now if x.iid == st.iid else x for x in pl.battle)))
    name = c.label(s, st.top)
    if not pl.deck:
        return c.tell(s, "training.empty_deck", player=c.pname(p), card=name), DONE
    return c.tell(s, "training.done", player=c.pname(p), card=name, placed=c.label(s, pl.deck[0])), DONE
