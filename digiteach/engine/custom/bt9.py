"""Card functions for BT9 cards: BT9-079 GranDracmon [End of Attack] (another Digimon digivolves for free into an
[Undead]/[Dark Animal] card from the trash; requirements still apply, CR 8-1-1).

Registered when :mod:`digiteach.engine.custom` is imported; the protocol is in :mod:`digiteach.engine.customs`.
"""

from __future__ import annotations

from digiteach.decisions import Option
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.customs import CustomResult, Pair, pack_pair, register_custom, unpack_pair
from digiteach.state import ActivateFrame, State

__all__: list[str] = []


def _bt9_079_digivolve_from_trash(s: State, f: ActivateFrame) -> CustomResult:
    owner = f.owner
    offers: list[tuple[int, int]] = []  # (iid, trash uid)
    for st in s.players[owner].battle:
        if st.iid == f.holder or c.card(s, st.top).kind != "Digimon":
            continue
        top = c.card(s, st.top)
        numbers: set[str] = set()
        for uid in s.players[owner].trash:
            cd = c.card(s, uid)
            if cd.kind != "Digimon" or not {"Undead", "Dark Animal"} & set(cd.traits) or cd.number in numbers:
                continue
            if ops.requirement_costs(cd, top):
                numbers.add(cd.number)
                offers.append((st.iid, uid))
    if not offers:
        return c.say(s, f"None of {c.pname(owner)}'s other Digimon can digivolve into an Undead or Dark Animal card "
                        "from the trash, so nothing happens.", "CR 1-3-2")
    if len(offers) > 1 and not f.picked:
        options = [Option(f"Digivolve {c.label(s, c.stack_of(s, i).top)} into {c.label(s, u)}",  # type: ignore[union-attr]
                          pack_pair(Pair(iid=i, uid=u))) for i, u in offers]
        return c.say(ask(s, owner, DecisionKind.DIGIVOLVE, f"{c.pname(owner)}: which Digimon digivolves into which card from "
                          "your trash?", options, "CR 8-1-1"),
                     f"{c.pname(owner)} chooses the Digimon and the card.", "CR 8-1-1")
    iid, uid = unpack_pair(f.picked[-1]) if f.picked else offers[0]
    return ops.digivolve_in_effect(s, owner, iid, uid, 0, "trash")


register_custom("bt9_079_digivolve_from_trash", _bt9_079_digivolve_from_trash)
