"""Custom actions for cards of the wiki "Triggered Effects" examples (effects card data cannot express).

Registered with :func:`digiteach.engine.flow.register_custom` when the engine is imported:

- ``gain_memory_per_ten_trash`` (BT4-111 Jack Raid): gain 1 memory per full ten cards in your trash; the
  used Option itself is in no area meanwhile, so it does not count (CR 9-1-4).
- ``use_option_inline`` helpers and ``trash_used_option``: an Option used by an effect (CR 9-1): the use
  triggers "when you use an Option" effects, its [Main] effect is processed at once, then the card is
  trashed (CR 9-1-5), all inside the effect that used it, so every trigger joins one batch (CR 15-4-3-2).
- ``p027_digiburst_use_option`` (P-027 MetalGarurumon): <Digi-Burst 2> (CR 16-14): trash 2 of this
  Digimon's digivolution cards, then use a purple Option with a use cost of 7 or less from hand for free.
  Cards trashed this way raise their own "trashed by Digi-Burst" inherited effects (BT4-077 Ghostmon), which
  wait on the card in the trash (CR 4-16-2).
- ``return_this_card_from_trash`` (BT4-077 Ghostmon): this card goes from its owner's trash to hand.
- ``bt1_087_security_tutor`` (BT1-087 T.K. Takaishi [On Play]): the owner looks at their Security Stack,
  adds one card of their choice to hand, <Recovery +1 (Deck)> if it was yellow, then shuffles the Security
  Stack (with a seed taken from the state, so traces are reproducible).
"""

from __future__ import annotations

import random
from dataclasses import replace

from digiteach import effects as fx
from digiteach.decisions import Option
from digiteach.effects import Effect
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.customs import CustomResult, register_custom
from digiteach.engine.apply import apply_action
from digiteach.state import ActivateFrame, Event, Frame, PendingEffect, State
from digiteach.terms import Timing

__all__ = ["use_option_inline"]

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


def _gain_memory_per_ten_trash(s: State, f: ActivateFrame) -> CustomResult:
    n = len(s.players[f.owner].trash) // 10
    s = c.say(s, f"{c.pname(f.owner)} has {len(s.players[f.owner].trash)} cards in their trash (the used Option is "
                 "in no area and does not count).", "CR 9-1-4")
    s, _done = apply_action(s, f, fx.GainMemory(n), [])
    return s


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
    pl = s.players[owner]
    options = [u for u in pl.hand if c.card(s, u).kind == "Option" and "Purple" in c.card(s, u).colors
               and (c.card(s, u).use_cost or 0) <= 7]
    distinct: list[int] = []
    for u in options:
        if not any(c.card(s, x).number == c.card(s, u).number for x in distinct):
            distinct.append(u)
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


def _return_this_card_from_trash(s: State, f: ActivateFrame) -> CustomResult:
    uid = f.source
    p = s.owners[uid]
    pl = s.players[p]
    if uid not in pl.trash:
        return c.say(s, f"{c.label(s, uid)} is no longer in the trash, so nothing happens.", "CR 1-3-2")
    s = c.set_player(s, p, replace(pl, trash=tuple(u for u in pl.trash if u != uid), hand=pl.hand + (uid,)))
    return c.say(s, f"{c.label(s, uid)} returns from the trash to {c.pname(p)}'s hand.")


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


register_custom("trash_used_option", _trash_used_option)
register_custom("gain_memory_per_ten_trash", _gain_memory_per_ten_trash)
register_custom("p027_digiburst_use_option", _p027_digiburst_use_option)
register_custom("return_this_card_from_trash", _return_this_card_from_trash)
register_custom("bt1_087_security_tutor", _bt1_087_security_tutor)
