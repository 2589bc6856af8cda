"""Card functions for EX4 cards: EX4-034 Lopmon (inherited: digivolve into a two-colour green card for its cost
minus 2, CR 1-3-9), EX4-054 Wendigomon / EX4-057 Antylamon (inherited: a green Digimon card from the trash to
hand).

Registered when :mod:`digiteach.engine.custom` is imported; the protocol is in :mod:`digiteach.engine.customs`.
"""

from __future__ import annotations

from digiteach.copying import replace

from digiteach.decisions import Option
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.customs import CustomResult, register_custom
from digiteach.state import ActivateFrame, State

__all__: list[str] = []


def _ex4_034_alliance_digivolve(s: State, f: ActivateFrame) -> CustomResult:
    owner = f.owner
    st = c.stack_of(s, f.holder) if f.holder is not None else None
    if st is None:
        return c.say(s, "The Digimon is no longer in the Battle Area, so it cannot digivolve.", "CR 1-3-2")
    top = c.card(s, st.top)
    offers: list[tuple[int, int]] = []  # (hand uid, cost to pay)
    seen: set[tuple[str, int]] = set()
    for uid in s.players[owner].hand:
        cd = c.card(s, uid)
        if cd.kind != "Digimon" or len(cd.colors) != 2 or "Green" not in cd.colors:
            continue
        for cost in ops.requirement_costs(cd, top):
            pay = max(0, cost - 2)
            if (cd.number, pay) not in seen:
                seen.add((cd.number, pay))
                offers.append((uid, pay))
    if not offers:
        return c.say(s, f"{c.pname(owner)} has no two-colour green card in hand that {top.label} can digivolve "
                        "into, so nothing happens.", "CR 1-3-2")
    if len(offers) > 1 and not f.picked:
        options = [Option(f"Digivolve into {c.label(s, u)} for {pay} memory", i) for i, (u, pay) in enumerate(offers)]
        return c.say(ask(s, owner, DecisionKind.DIGIVOLVE, f"{c.pname(owner)}: {top.label} digivolves into which card, using "
                          "which requirement (cost reduced by 2)?", options, "CR 8-1-1"),
                     f"{c.pname(owner)} chooses the card and the digivolution requirement.", "CR 8-1-1")
    uid, pay = offers[f.picked[-1]] if f.picked else offers[0]
    return ops.digivolve_in_effect(s, owner, st.iid, uid, pay, "hand")


def _return_green_digimon_from_trash(s: State, f: ActivateFrame) -> CustomResult:
    owner = f.owner
    pl = s.players[owner]
    cands: list[int] = []
    for uid in pl.trash:
        cd = c.card(s, uid)
        if cd.kind == "Digimon" and "Green" in cd.colors and all(c.card(s, u).number != cd.number for u in cands):
            cands.append(uid)
    if not cands:
        return c.say(s, f"{c.pname(owner)} has no green Digimon card in the trash, so nothing happens.", "CR 1-3-2")
    if len(cands) > 1 and not f.picked:
        return c.say(ask(s, owner, DecisionKind.TARGET, f"{c.pname(owner)}: which green Digimon card returns to your hand?",
                          [Option(f"Return {c.label(s, u)}", u) for u in cands], "CR 15-10-2"),
                     f"{c.pname(owner)} chooses a green Digimon card in the trash.", "CR 15-10-2")
    uid = f.picked[-1] if f.picked else cands[0]
    s = c.set_player(s, owner, replace(pl, trash=tuple(u for u in pl.trash if u != uid), hand=pl.hand + (uid,)))
    return c.say(s, f"{c.label(s, uid)} returns from {c.pname(owner)}'s trash to their hand.")


register_custom("ex4_034_alliance_digivolve", _ex4_034_alliance_digivolve)
register_custom("return_green_digimon_from_trash", _return_green_digimon_from_trash)
