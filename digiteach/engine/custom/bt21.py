"""Card functions for BT21 cards: BT21-021 OmniShoutmon [End of Attack] (R07).

Registered when :mod:`digiteach.engine.custom` is imported; the protocol is in :mod:`digiteach.engine.customs`.
"""

from __future__ import annotations

from digiteach.copying import replace

from digiteach.decisions import Option
from digiteach.engine import core as c
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.customs import CustomResult, register_custom
from digiteach.state import ActivateFrame, DeleteFrame, Event, Stack, State

__all__: list[str] = []


_TEAM_TRAITS = {"Xros Heart", "Blue Flare", "Hero"}


def _bt21_021_swap_out(s: State, f: ActivateFrame) -> CustomResult:
    """BT21-021 OmniShoutmon [End of Attack] (R07): play 1 Digimon or Tamer card with the [Xros Heart],
    [Blue Flare] or [Hero] trait from your hand, paying its play cost reduced by 5 (never below 0, CR 1-3-9);
    if you did, delete this Digimon."""
    p = f.owner
    pool = [u for u in s.players[p].hand
            if c.card(s, u).kind in ("Digimon", "Tamer") and c.card(s, u).play_cost is not None
            and _TEAM_TRAITS & set(c.card(s, u).traits)]
    if not pool:
        return c.say(s, f"{c.pname(p)} has no [Xros Heart], [Blue Flare] or [Hero] card in hand to play, so this "
                        "Digimon stays.", "CR 1-3-2")
    if len(pool) > 1 and not f.picked:
        return ask(s, p, DecisionKind.TARGET, f"{c.pname(p)}: which card do you play (its cost reduced by 5)?",
                    [Option(f"Play {c.label(s, u)}", u) for u in pool], "CR 15-10-2")
    uid = f.picked[-1] if f.picked else pool[0]
    cd = c.card(s, uid)
    cost = max(0, (cd.play_cost or 0) - 5)
    pl = s.players[p]
    s = c.set_player(s, p, replace(pl, hand=tuple(u for u in pl.hand if u != uid)))
    before = c.memory_of(s, p)
    s = c.gain_memory(s, p, -cost)
    s, iid = c.new_id(s)
    pl = s.players[p]
    s = c.set_player(s, p, replace(pl, battle=pl.battle + (Stack(iid=iid, cards=(uid,), placed_this_turn=True),)))
    s = c.say(s, f"{c.pname(p)} plays {cd.label} for {cost} memory (its cost {cd.play_cost} reduced by 5; "
                 f"{c.memory_words(before)} → {c.memory_words(c.memory_of(s, p))}).", "CR 1-3-9", "CR 7-1")
    s = c.trigger(s, Event("played", p, iid, uid, by=p))
    if f.holder is None or not c.in_battle_area(s, f.holder):
        return s
    return s, [DeleteFrame(targets=(f.holder,), cause="effect", by=p)]


register_custom("bt21_021_swap_out", _bt21_021_swap_out)
