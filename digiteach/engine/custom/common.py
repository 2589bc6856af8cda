"""Card functions shared by several cards: an Option used inside an effect (CR 9-1) and Arts Digivolve (CR 4-20-2).

Registered when :mod:`digiteach.engine.custom` is imported; the protocol is in :mod:`digiteach.engine.customs`.
"""

from __future__ import annotations

from digiteach.copying import replace

from digiteach import effects as fx
from digiteach.decisions import Option
from digiteach.effects import Effect
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.customs import CustomResult, register_custom
from digiteach.state import ActivateFrame, Event, Frame, State
from digiteach.terms import Timing

__all__: list[str] = ["use_option_inline"]


_TRASH_USED = Effect(actions=(fx.Custom("trash_used_option"),), summary="The used Option card goes to the trash.")


def use_option_inline(s: State, player: int, uid: int) -> tuple[State, list[Frame]]:
    """``player`` uses the Option ``uid`` (from hand, already paid or free) inside an effect (CR 9-1).

    Returns the state (card moved to no area, "when ... uses an Option" triggers collected, the activation
    logged) and the frames to push: its [Main] effect, then the trash of the card (CR 9-1-5). No rule
    check happens between them (CR 9-1-2). Raises ValueError if ``uid`` has no [Main] effect."""
    cd = c.card(s, uid)
    mains = [e for e in cd.effects if isinstance(e, Effect) and e.timing is Timing.MAIN]
    if not mains:
        raise ValueError(f"{cd.label} has no [Main] effect to use (CR 9-1)")
    pl = s.players[player]
    s = c.set_player(s, player, replace(pl, hand=tuple(u for u in pl.hand if u != uid)))
    s = replace(s, limbo=s.limbo + (uid,))
    label = f"Activate [Main] of {cd.label}"
    s = replace(s, log=s.log + (("activated", label),))
    s = c.say(s, f"{c.pname(player)} uses {cd.label} without paying its cost; its [Main] effect is processed at once.",
              "CR 9-1")
    s = c.trigger(s, Event("option_used", player, None, uid, by=player))
    frames: list[Frame] = [
        ActivateFrame(effect=_TRASH_USED, owner=player, label=f"[Main] trash of {cd.label}", holder=None,
                      source=uid, started=True),
        ActivateFrame(effect=mains[0], owner=player, label="[Main] " + label, holder=None, source=uid, started=True),
    ]
    return s, frames


def _trash_used_option(s: State, f: ActivateFrame) -> CustomResult:
    uid = f.source
    if uid not in s.limbo:
        return s
    p = s.owners[uid]
    s = replace(s, limbo=tuple(u for u in s.limbo if u != uid))
    s = c.set_player(s, p, replace(s.players[p], trash=(uid,) + s.players[p].trash))
    return c.say(s, f"The used Option {c.label(s, uid)} is trashed.", "CR 9-1-5")


def _arts_digivolve(s: State, f: ActivateFrame) -> CustomResult:
    """Arts Digivolve (CR 4-20-2; DUAL cards such as BT25-043, R51): instead of the used card going to the trash
    (CR 9-1-5), one of your Digimon that meets the Digimon side's digivolution requirement may digivolve into
    it without paying the cost. No rule check comes between the [Main] effect and this digivolution. The
    digivolving player draws 1 as for any digivolution (CR 8-1-3; our sources do not settle this for Arts
    Digivolve, and R51 does not depend on it)."""

    p, uid = f.owner, f.source
    if uid not in s.limbo:
        return s
    new = c.card(s, uid)
    cands = [st.iid for st in s.players[p].battle if c.card(s, st.top).kind == "Digimon"
             and any(req.accepts(c.card(s, st.top)) for req in new.digivolve)]
    if not cands:
        return c.say(s, f"{c.pname(p)} has no Digimon that can Arts Digivolve into {new.label}.", "CR 4-20-2")
    if not f.picked:
        options = [Option(f"Arts Digivolve {c.label(s, c.stack_of(s, i).top)} into {new.label}", i)  # type: ignore[union-attr]
                   for i in cands]
        return ask(s, p, DecisionKind.OPTIONAL, f"{c.pname(p)}: Arts Digivolve instead of trashing {new.label}?",
                    options + [Option(f"Trash {new.label}", -1)], "CR 4-20-2")
    iid = f.picked[-1]
    st = c.stack_of(s, iid)
    if iid == -1 or st is None:
        return c.say(s, f"{c.pname(p)} does not Arts Digivolve.")
    before = c.label(s, st.top)
    s = replace(s, limbo=tuple(u for u in s.limbo if u != uid))
    s = c.update_stack(s, replace(st, cards=(uid,) + st.cards))
    s = c.say(s, f"Arts Digivolve: instead of going to the trash, {new.label} becomes the top card of {before} "
                 "without paying a cost.", "CR 4-20-2", "CR 8-1-3")
    s = ops.draw(s, p, 1)
    return c.trigger(s, Event("digivolved", p, iid, uid, by=p))


register_custom("trash_used_option", _trash_used_option)
register_custom("arts_digivolve", _arts_digivolve)
