"""Card functions for promo (P) cards: P-027 MetalGarurumon <Digi-Burst 2> (CR 16-14), then a purple Option for
free; cards trashed this way wait with their own inherited effects (CR 4-16-2).

Registered when :mod:`digiteach.engine.custom` is imported; the protocol is in :mod:`digiteach.engine.customs`.
"""

from __future__ import annotations

from digiteach.copying import replace

from digiteach.decisions import Option
from digiteach.effects import Effect
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.custom.common import use_option_inline
from digiteach.engine.customs import CustomResult, register_custom
from digiteach.state import ActivateFrame, Event, PendingEffect, State
from digiteach.terms import Timing

__all__: list[str] = []


def _digiburst_pending(s: State, owner: int, uids: list[int]) -> State:
    """Collect the "when this card is trashed by Digi-Burst" inherited effects of the trashed cards; they wait
    on their cards in the trash (CR 4-16-2)."""
    for uid in uids:
        for i, e in enumerate(c.card(s, uid).inherited):
            if not isinstance(e, Effect) or e.when is None:
                continue
            w = e.when
            if w.event != "digivolution_trashed" or w.cause != "digiburst" or w.whose != "this":
                continue
            if e.scope is Timing.YOUR_TURN and s.owners[uid] != s.turn_player:
                continue
            if e.scope is Timing.OPPONENTS_TURN and s.owners[uid] == s.turn_player:
                continue
            s, pid = c.new_id(s)
            pe = PendingEffect(pid=pid, owner=s.owners[uid], effect=e, source=uid, holder=None, slot="inherited",
                               index=i, label=c.unique_label(s, c.effect_label(s, e, uid, "inherited")),
                               event=Event("digivolution_trashed", owner, None, uid, cause="digiburst", by=owner),
                               own_deletion=True)
            s = replace(s, collecting=s.collecting + (pe,))
            s = c.say(s, f"{c.label(s, uid)} was trashed by <Digi-Burst>: its inherited effect triggers and waits "
                         "in the trash.", "CR 4-16-2")
    return s


def _purple_options(s: State, owner: int) -> list[int]:
    """Purple Options with a use cost of 7 or less in ``owner``'s hand, one per card number."""
    distinct: list[int] = []
    for u in s.players[owner].hand:
        cd = c.card(s, u)
        if cd.kind != "Option" or "Purple" not in cd.colors or (cd.use_cost or 0) > 7:
            continue
        if not any(c.card(s, x).number == cd.number for x in distinct):
            distinct.append(u)
    return distinct


def _p027_digiburst_use_option(s: State, f: ActivateFrame) -> CustomResult:
    owner = f.owner
    st = c.stack_of(s, f.holder) if f.holder is not None else None
    if st is None or len(st.digivolution_cards) < 2:
        return c.say(s, "<Digi-Burst 2> needs 2 digivolution cards to trash, so nothing happens.", "CR 15-7-3")
    picked = list(f.picked)
    under = list(st.digivolution_cards)
    n_trash = 0 if len(under) == 2 else 2
    if len(picked) < n_trash:
        left = [u for u in under if u not in picked]
        return ask(s, owner, DecisionKind.TARGET, f"{c.pname(owner)}: choose a digivolution card to trash for <Digi-Burst 2> "
                    f"({len(picked) + 1} of 2).", [Option(f"Trash {c.label(s, u)}", u) for u in left], "CR 16-14")
    trash = under if n_trash == 0 else picked[:2]
    distinct = _purple_options(s, owner)
    chosen: int | None = distinct[0] if len(distinct) == 1 else None
    if len(distinct) > 1:
        if len(picked) <= n_trash:
            return ask(s, owner, DecisionKind.USE, f"{c.pname(owner)}: which purple Option do you use for free?",
                        [Option(f"Use {c.label(s, u)}", u) for u in distinct], "CR 16-14")
        chosen = picked[n_trash]
    s = c.say(s, "<Digi-Burst 2>:", "CR 16-14")
    s = ops.trash_from_stack(s, st.iid, trash, owner)
    s = _digiburst_pending(s, owner, trash)
    if chosen is None:
        return c.say(s, f"{c.pname(owner)} has no purple Option with a use cost of 7 or less in hand, so nothing "
                        "is used.", "CR 1-3-2")
    return use_option_inline(s, owner, chosen)


register_custom("p027_digiburst_use_option", _p027_digiburst_use_option)
