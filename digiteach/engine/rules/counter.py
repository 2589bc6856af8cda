"""The counter timing's choices (CR 11-3): which [Counter] effects the non-turn player may use, in hand (<Blast
Digivolve>, CR 16-26, and other {Hand}[Counter] effects) and on their Digimon in the Battle Area (CR 11-3-1,
15-16-14-1), and what using one does. The timing itself is run by :mod:`digiteach.engine.rules.attack`.
"""

from __future__ import annotations

from typing import NamedTuple

from digiteach import captions as cap
from digiteach.copying import replace
from digiteach.decisions import Option
from digiteach.effects import Effect
from digiteach.engine import core as c
from digiteach.engine.effect_kinds import area_may_have, may_have, prints
from digiteach.engine.frames import push
from digiteach.engine.ops import note_timing
from digiteach.engine.gauge import can_pay
from digiteach.engine.option_use import can_use, take_and_pay
from digiteach.i18n import pgettext
from digiteach.state import ActivateFrame, Attack, DigivolveFrame, FlushFrame, ResolveFrame, State
from digiteach.terms import AttackTiming, Timing

__all__ = ["CounterUse", "counter_options", "tell_unusable_options", "use_counter"]


class CounterUse(NamedTuple):
    """One [Counter] effect the non-turn player may use: ``effect`` of card ``uid``; ``iid`` is the Digimon it
    is on (a field effect) or, for <Blast Digivolve>, the Digimon that digivolves; None for another {Hand}
    effect. ``slot``/``idx`` locate the effect for its [X Per Turn] count."""

    option: Option
    effect: Effect
    uid: int
    iid: int | None
    slot: str = "main"
    idx: int = 0


def _counter_name(e: Effect) -> str:
    """How a [Counter] effect is named in options: "[Counter]", or "[Counter] <Blast Digivolve>" for a keyword."""
    return e.name if e.name == "[Counter]" else f"[Counter] {e.name}"


def _hand_counters(s: State, nt: int) -> list[CounterUse]:
    """{Hand}[Counter] effects of ``nt``'s hand cards (``Effect.hand``; an Option's [Counter] effects, used from the
    hand by using the Option, so only when its colour requirement is met and its use cost can be paid: CR 9-1, 4-22-2,
    1-3-11): <Blast Digivolve> once per Digimon it may go onto (CR 16-26), any other once (its own actions,
    CR 15-16-14-1). A Digimon's or Tamer's [Counter] effect without the {Hand} icon works on the field only.

    Copies of one card (the same card number) in the hand are offered once, by the first: they are the same card, so
    which copy is used changes nothing a player can see (the other stays in the hidden hand either way), as effects
    choosing among hand cards offer one copy (:mod:`digiteach.engine.targets`, :mod:`digiteach.engine.plays`)."""
    out: list[CounterUse] = []
    numbers: set[str] = set()
    for uid in s.players[nt].hand:
        cd = c.card(s, uid)
        if not prints(cd, "counter") or cd.number in numbers:
            continue
        numbers.add(cd.number)
        for i, e in enumerate(cd.effects):
            if not isinstance(e, Effect) or e.timing is not Timing.COUNTER or not (e.hand or cd.kind == "Option"):
                continue
            if e.condition is not None and not c.condition_met(s, e.condition, nt, None, None):
                continue
            if cd.kind == "Option" and not can_use(s, nt, cd):  # used like any Option (CR 9-1, 4-22, 1-3-11)
                continue
            if e.keyword != "Blast Digivolve":
                out.append(CounterUse(Option(f"Use {_counter_name(e)} of {cd.label}", 0), e, uid, None, "hand", i))
                continue
            for st in s.players[nt].battle:
                top = c.card(s, st.top)
                if top.kind == "Digimon" and any(req.accepts(top) for req in cd.digivolve):
                    out.append(CounterUse(Option(cap.text("attack.counter_option", effect=e.name, card=cd.label,
                                                          target=top.label), 0, about=st.iid), e, uid, st.iid,
                                               "hand", i))
    return out


def _field_counters(s: State, nt: int) -> list[CounterUse]:
    """[Counter] effects of ``nt``'s Digimon in the Battle Area (CR 11-3-1, 15-16-14-1) whose scope, condition
    and [X Per Turn] count allow them now; not {Hand} ones (``Effect.hand``), which work from the hand only."""
    out: list[CounterUse] = []
    battle = s.players[nt].battle
    if not area_may_have(s, battle, "counter"):  # no stack there prints one: nothing to look at
        return out
    for st in battle:
        if not may_have(s, st, "counter"):
            continue
        for e, src, slot, idx in c.effects_of(s, st):
            if not isinstance(e, Effect) or e.timing is not Timing.COUNTER or e.hand or not c.scope_ok(s, e.scope, nt):
                continue
            if not c.uses_left(s, e, st.iid, src, slot, idx):
                continue
            if e.condition is not None and not c.condition_met(s, e.condition, nt, st.iid, None):
                continue
            out.append(CounterUse(Option(f"Activate {_counter_name(e)} of {c.label(s, st.top)}", 0, about=st.iid),
                                  e, src, st.iid, slot, idx))
    return out


def counter_options(s: State, att: Attack) -> list[CounterUse]:
    """The non-turn player's [Counter] effects (CR 11-3-1): in hand (<Blast Digivolve>, CR 16-26, and others)
    and on their Digimon; each option's ref is its index in this list."""
    nt = 1 - att.attacker_player
    uses = _hand_counters(s, nt) + _field_counters(s, nt)
    return [u._replace(option=replace(u.option, ref=i)) for i, u in enumerate(uses)]


def tell_unusable_options(s: State, nt: int) -> State:
    """When ``nt`` has no [Counter] effect to use (CR 11-3), say why each Option in their hand whose [Counter]
    effect would otherwise be offered can't be used: its colour requirement is not met (CR 4-22-2, 9-1-1) or its
    use cost can't be paid (CR 1-3-11, 1-4-2-2). An Option's [Counter] effect is used by using the card (CR 9-1)."""
    for uid in s.players[nt].hand:
        cd = c.card(s, uid)
        if cd.kind != "Option" or not prints(cd, "counter"):
            continue
        if not any(isinstance(e, Effect) and e.timing is Timing.COUNTER
                   and (e.condition is None or c.condition_met(s, e.condition, nt, None, None)) for e in cd.effects):
            continue
        missing = c.missing_colours(s, nt, cd)
        if missing:
            s = c.tell(s, "attack.counter_option_colour", card=cd.label, player=c.pname(nt),
                       colour=cap.text(f"colour.{missing[0]}"))
        elif not can_pay(s, nt, cd.use_cost or 0):
            s = c.tell(s, "attack.counter_option_cost", card=cd.label, player=c.pname(nt), cost=cd.use_cost or 0)
    return s


def use_counter(s: State, nt: int, use: CounterUse) -> State:
    """Process the chosen [Counter] effect: <Blast Digivolve> digivolves for free (CR 16-26); an Option's is used
    with its card (CR 9-1, :func:`_use_option`); any other activates and its actions are processed in order
    (CR 15-1-2), followed by a rule check."""
    label = use.option.label.replace("Use ", "Activate ", 1)
    s = replace(s, log=s.log + (("activated", label),))
    s = note_timing(s, AttackTiming.COUNTER, pgettext("note", "{card} used").format(card=c.label(s, use.uid)))
    if use.effect.keyword == "Blast Digivolve" and use.iid is not None:
        s = c.tell(s, "attack.counter_used", player=c.pname(nt), card=c.label(s, use.uid))
        return push(s, ResolveFrame(), FlushFrame(f"<Blast Digivolve> of {c.label(s, use.uid)}"),
                    DigivolveFrame(iid=use.iid, card=use.uid, cost=0, player=nt, blast=True))
    s = c.spend_use(s, use.effect, use.iid, use.uid, use.slot, use.idx)
    if c.card(s, use.uid).kind == "Option":
        return _use_option(s, nt, use, label)
    s = c.tell(s, "lang.counter_activated", player=c.pname(nt), effect=_counter_name(use.effect),
               card=c.label(s, use.uid))
    return push(s, ResolveFrame(), ActivateFrame(effect=use.effect, owner=nt, label=label, holder=use.iid,
                                                 source=use.uid))


def _use_option(s: State, nt: int, use: CounterUse, label: str) -> State:
    """Use the Option card whose [Counter] effect was chosen, as any Option is used (CR 9-1): it leaves the hand, its
    use cost is paid (CR 4-2-2), its [Counter] effect is processed at once, and then it goes to the trash with no rule
    check between (CR 9-1-5): the ``FlushFrame`` beneath the effect holds the card."""
    s = take_and_pay(s, nt, use.uid, "use.counter_paid")
    name = c.label(s, use.uid)
    return push(s, ResolveFrame(), FlushFrame(f"use of {name}", option=use.uid),
                ActivateFrame(effect=use.effect, owner=nt, label=label, holder=None, source=use.uid, started=True))
