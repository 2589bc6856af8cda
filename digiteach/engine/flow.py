"""The engine's frame handlers: attack timings (CR 11), the resolution loop (CR 15-4, rules_summary §12),
effect processing, deletion with immediate-type interruptions (CR 15-8-5), battles (CR 14), security
checks (CR 13), rule checks (CR 17), the end of the turn (CR 6-1-4-1, 6-6) and the next turn's unsuspend, draw
and breeding phases (CR 6-2..6-4).

Each handler takes ``(state, frame, answer)`` and returns the next state; the frame stack in the state
says what to do next, so nothing here keeps Python control flow between steps.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Union

from digiteach import effects as fx
from digiteach.decisions import Decision, Option, match_answer
from digiteach.effects import Effect, Sel
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, answering, ask, decline_label, take_answer
from digiteach.engine.frames import finish_processing, pop, push, set_top, top
from digiteach.engine.ops import enter_timing, note_timing
from digiteach.state import (
    PLAYER_TARGET,
    ActivateFrame,
    Attack,
    AttackFrame,
    BattleFrame,
    DeleteFrame,
    DigivolveFrame,
    Event,
    FlushFrame,
    Frame,
    Modifier,
    PendingEffect,
    ResolveFrame,
    SecurityCheckFrame,
    Stack,
    StartTurnFrame,
    State,
    TurnEndFrame,
    BattleStage,
    SecurityStage,
    StartTurnStage,
    TurnEndStage,
)
from digiteach.terms import AttackTiming, EffectStatus, Phase, Timing

__all__ = ["HANDLERS", "WIKI_DIFFERS", "declare_attack", "attack_targets", "finish_processing", "register_custom", "CUSTOM"]

CustomResult = Union[State, tuple[State, list[Frame]]]
"""What a custom function returns: the new state, optionally with frames to run next (last runs first)."""

CUSTOM: dict[str, Callable[[State, ActivateFrame], CustomResult]] = {}
"""Registered functions for :class:`~digiteach.effects.Custom` actions: name -> f(state, frame).

A function may open a decision (``state.decision``, e.g. with :func:`ask`): the action then waits, and when
the player answers, the chosen option's ``ref`` is appended to ``frame.picked`` and the function is called
again. It may return ``(state, frames)`` to have frames (e.g. an inline [Main] effect) run before the next
action of the effect."""


def register_custom(name: str, fn: Callable[[State, ActivateFrame], CustomResult]) -> None:
    """Register ``fn`` for ``Custom(name)`` actions (see :data:`CUSTOM`)."""
    CUSTOM[name] = fn


# --- rule checks and flush -----------------------------------------------------------------------


def _rule_check(s: State) -> tuple[State, list[int]]:
    """CR 17-1-3: trash Digimon without DP and Option cards in the Battle Area, and cards other than Digimon
    and Digi-Eggs in the Breeding Area (no effect in the library places such cards there, so none is exempt);
    return the 0-DP Digimon to delete."""
    doomed: list[int] = []
    for p, st in list(c.all_stacks(s)):
        top = c.card(s, st.top)
        if top.kind == "Digi-Egg":
            s = c.remove_stack(s, st.iid)
            s = c.say(s, f"Rule check: {top.label} has no DP in the Battle Area and is trashed.", "CR 17-1-3-2-1")
        elif top.kind == "Option":
            s = c.remove_stack(s, st.iid)
            s = c.say(s, f"Rule check: the Option card {top.label} is in the Battle Area without an effect putting "
                         "it there, so it is trashed.", "CR 17-1-3-2-2")
        elif top.kind == "Digimon" and c.dp(s, st.iid) == 0:
            doomed.append(st.iid)
    for p in (s.turn_player, 1 - s.turn_player):
        br = s.players[p].breeding
        if br is not None and c.card(s, br.top).kind not in ("Digimon", "Digi-Egg"):
            pl = s.players[p]
            s = c.set_player(s, p, replace(pl, breeding=None, trash=tuple(br.cards) + pl.trash))
            s = c.say(s, f"Rule check: {c.card(s, br.top).label} is not a Digimon or Digi-Egg, so it cannot stay in "
                         "the Breeding Area and is trashed.", "CR 17-1-3-2-3")
    return s, doomed


def h_flush(s: State, f: FlushFrame, answer: str | None) -> State:
    if f.option is not None:
        uid = f.option
        s = set_top(s, replace(f, option=None))
        if uid in s.limbo:
            p = s.owners[uid]
            s = replace(s, limbo=tuple(u for u in s.limbo if u != uid))
            s = c.set_player(s, p, replace(s.players[p], trash=(uid,) + s.players[p].trash))
            s = c.say(s, f"The used Option {c.label(s, uid)} is trashed.", "CR 9-1-5")
    s, doomed = _rule_check(s)
    if doomed:
        names = ", ".join(c.label(s, c.stack_of(s, i).top) for i in doomed if c.stack_of(s, i))  # type: ignore[union-attr]
        s = c.say(s, f"Rule check: {names} {'is' if len(doomed) == 1 else 'are'} at 0 DP.",
                  "CR 17-1-3-1-1", "CR 17-1-2-1")
        before = len(s.collecting)
        s = push(s, DeleteFrame(targets=tuple(doomed), cause="rule", by=s.turn_player))
        return replace(s, collecting_from_rules=s.collecting_from_rules or before > 0 or True)
    from_rules = s.collecting_from_rules
    s = pop(s)
    had = bool(s.collecting)
    s = c.push_generation(s, f.cause, f.pid)
    if had and len(s.pending[-1].effects) > 1:
        g = s.pending[-1]
        s = c.say(s, f"{len(g.effects)} effects triggered at the same time and wait in pending activation "
                     f"(generation {g.number}); the turn player's effects activate first.",
                  "CR 15-4-3-2", "CR 15-4-3-5")
    if had and from_rules:
        s = c.say(s, "", "CR 15-4-3-3",
                  differs=WIKI_DIFFERS["rule_check"])
    return s


# --- resolution loop -----------------------------------------------------------------------------


def _newest_waiting(s: State) -> int | None:
    for i in range(len(s.pending) - 1, -1, -1):
        if s.pending[i].waiting:
            return i
    return None


def _find_pending(s: State, pid: int) -> PendingEffect | None:
    for g in s.pending:
        for p in g.effects:
            if p.pid == pid:
                return p
    return None


def _set_status(s: State, pid: int, status: EffectStatus) -> State:
    gens = tuple(replace(g, effects=tuple(replace(p, status=status) if p.pid == pid else p for p in g.effects))
                 for g in s.pending)
    return replace(s, pending=gens)


def _still_valid(s: State, pe: PendingEffect) -> str:
    """'' if ``pe`` may still activate, else the reason it is lost (CR 15-4-4-3/4)."""
    if pe.own_deletion or pe.holder is None:
        return ""
    st = c.stack_of(s, pe.holder)
    if st is None:
        return "its Digimon left the Battle Area (it became a new card)"
    for e, src, slot, idx in c.effects_of(s, st):
        if src == pe.source and slot == pe.slot and idx == pe.index and e == pe.effect:
            return ""
    return "its Digimon no longer has that effect"


def _activatable(s: State, e: Effect, owner: int, holder: int | None, ev: Event | None) -> bool:
    """CR 15-6-3: not activated when the effect's condition fails, or every process is gated by a
    failing condition (15-6-2)."""
    if e.condition is not None and not c.condition_met(s, e.condition, owner, holder, ev):
        return False
    gated = [a.condition for a in e.actions]
    if gated and all(g is not None for g in gated):
        return any(c.condition_met(s, g, owner, holder, ev) for g in gated if g is not None)
    return True


def h_resolve(s: State, f: ResolveFrame, answer: str | None) -> State:
    gi = _newest_waiting(s)
    if gi is None:
        return replace(pop(s), pending=(), activating=None)
    g = s.pending[gi]
    tp = s.turn_player
    player = tp if any(p.owner == tp for p in g.waiting) else 1 - tp
    cands = [p for p in g.waiting if p.owner == player]
    chosen = f.chosen
    if chosen is None:
        if len(cands) > 1:
            # the order question (CR 15-4-3-5); a chosen optional effect is then asked "use or not" (CR 15-9)
            if not answering(s, answer):
                who = "turn player" if player == tp else "non-turn player"
                return c.say(ask(s, player, DecisionKind.ORDER,
                                  f"{c.pname(player)}: which pending effect activates next?",
                                  [Option(p.label, p.pid) for p in cands], "CR 15-4-3-5"),
                             f"{c.pname(player)} ({who}) chooses which of their pending effects in generation "
                             f"{g.number} activates next.", "CR 15-4-3-5", "CR 15-4-5-2")
            s, opt = take_answer(s, answer)
            answer = None
            chosen = opt.ref
        else:
            chosen = cands[0].pid
        s = set_top(s, replace(f, chosen=chosen))
        f = replace(f, chosen=chosen)
    pe = _find_pending(s, chosen)
    assert pe is not None
    reason = _still_valid(s, pe)
    if reason:
        s = _set_status(s, pe.pid, EffectStatus.LOST)
        s = set_top(s, ResolveFrame())
        return c.say(s, f"{pe.label.replace('Activate ', '', 1)} cannot activate: {reason}.", "CR 15-4-4-3")
    e = pe.effect
    if not _activatable(s, e, pe.owner, pe.holder, pe.event):
        # checked before an optional effect's "use?" question: an effect that cannot be activated is not
        # offered (CR 15-6-3)
        s = _set_status(s, pe.pid, EffectStatus.FAILED)
        s = set_top(s, ResolveFrame())
        extra = " Its [Once Per Turn] is not used." if e.once_per_turn else ""
        rules = ["CR 15-6-3", "CR 15-8-3-9"]
        if s.attack is not None and any(isinstance(a, fx.MayAttack) for a in e.actions):
            extra += " Even if it were met, no new attack could be declared while this attack is in progress."
            rules.append("CR 11-2-4")
        return c.say(s, f"{e.name} of {c.label(s, pe.source)} is not activated: its condition is not met."
                        + extra, *rules)
    if c.activation_locked(s, pe.holder, e.timing):
        s = _set_status(s, pe.pid, EffectStatus.FAILED)
        s = set_top(s, ResolveFrame())
        extra = " Its [Once Per Turn] is not used." if e.once_per_turn else ""
        return c.say(s, f"{e.name} of {c.label(s, pe.source)} cannot be activated: an effect forbids this Digimon's "
                        f"{e.name} effects." + extra, "CR 15-6-3", "CR 15-14-1-1")
    if e.optional and not f.confirmed:
        use, skip = pe.label, decline_label(pe.label)
        if not answering(s, answer):
            return c.say(ask(s, pe.owner, DecisionKind.OPTIONAL, f"{c.pname(pe.owner)}: use this optional effect? "
                              f"({e.summary})", [Option(use, pe.pid), Option(skip, -1)], "CR 15-9"),
                         f"{c.pname(pe.owner)} may activate {e.name} of {c.label(s, pe.source)}.", "CR 15-9")
        s, opt = take_answer(s, answer)
        if opt.ref == -1:
            s = _set_status(s, pe.pid, EffectStatus.DECLINED)
            s = set_top(s, ResolveFrame())
            return c.say(s, f"{c.pname(pe.owner)} declines {e.name} of {c.label(s, pe.source)}.", "CR 15-9")
    holder = pe.holder
    s = c.spend_use(s, e, holder, pe.source, pe.slot, pe.index)
    s = _set_status(s, pe.pid, EffectStatus.ACTIVATING)
    s = set_top(s, ResolveFrame())
    if pe.slot == PENDING_PROCESSING:
        # pending processing set up earlier (CR 18-1-2): processed in turn, but not an effect's activation
        s = replace(s, activating=pe.pid)
        s = push(s, ActivateFrame(effect=e, owner=pe.owner, label=pe.label, holder=None, source=pe.source,
                                   pid=pe.pid))
        return c.say(s, f"{c.pname(pe.owner)}'s pending processing set up by {c.label(s, pe.source)} is processed.",
                     "CR 18-1-2")
    s = replace(s, activating=pe.pid, log=s.log + (("activated", pe.label),))
    subject = pe.event.subject if pe.event else None
    other = pe.event.other if pe.event else None
    s = push(s, ActivateFrame(effect=e, owner=pe.owner, label=pe.label, holder=holder, source=pe.source,
                               pid=pe.pid, subject=subject, other=other, count=pe.event.count if pe.event else 1))
    rules = ["CR 15-4-3-5"]
    if e.once_per_turn:
        rules.append("CR 15-14-1-4")
    return c.say(s, f"{c.pname(pe.owner)} activates {e.name} of {c.label(s, pe.source)}.", *rules)


# --- effect processing -----------------------------------------------------------------------------


def _candidates(s: State, sel: Sel, f: ActivateFrame) -> list[int]:
    """iids matching a "choose"/"all" selector, from the effect owner's point of view."""
    owner = f.owner
    out: list[int] = []
    this_dp = c.dp(s, f.holder) if f.holder is not None else None
    players = {"you": [owner], "opponent": [1 - owner], "any": [0, 1]}[sel.whose]
    for p in players:
        for st in s.players[p].battle:
            top = c.card(s, st.top)
            if top.kind != sel.kind:
                continue
            if sel.other and st.iid == f.holder:
                continue
            d = c.dp(s, st.iid)
            if sel.max_dp is not None and (d is None or d > sel.max_dp):
                continue
            if sel.min_dp is not None and (d is None or d < sel.min_dp):
                continue
            if sel.max_dp_this and (d is None or this_dp is None or d > this_dp):
                continue
            if sel.max_level is not None and (top.level is None or top.level > sel.max_level):
                continue
            if sel.level is not None and top.level != sel.level:
                continue
            if sel.suspended is not None and st.suspended != sel.suspended:
                continue
            if sel.without_keyword and c.has_keyword(s, st.iid, sel.without_keyword):
                continue
            if sel.has_digivolution_cards is not None and bool(st.digivolution_cards) != sel.has_digivolution_cards:
                continue
            if sel.color is not None and sel.color not in top.colors:
                continue
            if sel.min_colors is not None and len(top.colors) < sel.min_colors:
                continue
            out.append(st.iid)
    if sel.lowest_level and out:
        low = min(c.card(s, c.stack_of(s, i).top).level or 0 for i in out)  # type: ignore[union-attr]
        out = [i for i in out if (c.card(s, c.stack_of(s, i).top).level or 0) == low]  # type: ignore[union-attr]
    return out


def _fixed_targets(s: State, sel: Sel, f: ActivateFrame) -> list[int] | None:
    if sel.who == "this":
        return [f.holder] if f.holder is not None else []
    if sel.who == "subject":
        return [f.subject] if f.subject is not None else []
    if sel.who == "battle_opponent":
        return [f.other] if f.other is not None else []
    if sel.who == "attacker":
        return [s.attack.attacker] if s.attack is not None else []
    if sel.who == "all":
        return _candidates(s, sel, f)
    return None


_VERB = {
    "Delete": "delete", "Suspend": "suspend", "Unsuspend": "unsuspend", "ModifyDP": "give DP to",
    "ModifySecurityA": "give Security A. to", "GrantKeyword": "give a keyword to", "DeDigivolve": "de-digivolve",
    "TrashDigivolutionCards": "trash digivolution cards of", "SwitchTarget": "switch the attack target to",
    "Alliance": "suspend for <Alliance>",
}


def _targets_for(s: State, f: ActivateFrame, a: fx.EffectAction, answer: str | None) -> tuple[State, list[int] | None]:
    """Targets for action ``a``: fixed ones, or chosen one at a time through "target" decisions.
    Returns (state, None) when a decision has been opened."""
    sel: Sel | None = getattr(a, "target", None)
    if isinstance(a, fx.Alliance):
        sel = Sel(who="choose", whose="you", other=True, suspended=False)
    if sel is None:
        return s, []
    fixed = _fixed_targets(s, sel, f)
    if fixed is not None:
        return s, [i for i in fixed if c.in_battle_area(s, i)]
    picked = list(f.picked)
    cands = [i for i in _candidates(s, sel, f) if i not in picked]
    if isinstance(a, fx.SwitchTarget) and s.attack is not None:
        cands = [i for i in cands if i != s.attack.target]
    while len(picked) < sel.count and cands:
        must_all = not sel.up_to and len(cands) <= sel.count - len(picked)
        if must_all:
            picked.extend(cands)
            break
        if not answering(s, answer):
            verb = _VERB.get(type(a).__name__, "choose")
            options = [Option(f"Choose {c.label(s, c.stack_of(s, i).top)}", i) for i in cands]  # type: ignore[union-attr]
            if sel.up_to or f.effect.optional and isinstance(a, fx.Alliance):
                options.append(Option("Choose no more", -1))
            s = set_top(s, replace(f, picked=tuple(picked)))
            return c.say(ask(s, f.owner, DecisionKind.TARGET, f"{c.pname(f.owner)}: choose a Digimon to {verb} "
                              f"({len(picked) + 1} of {sel.count}).", options, "CR 15-10-2"),
                         f"{c.pname(f.owner)} chooses the target of {f.effect.name} of {c.label(s, f.source)}.",
                         "CR 15-10-2"), None
        s, opt = take_answer(s, answer)
        answer = None
        if opt.ref == -1:
            break
        picked.append(opt.ref)
        cands = [i for i in cands if i != opt.ref]
    return s, picked


_DURATION_WORDS = {
    "turn": "for the turn",
    "attack": "for the attack",
    "battle": "for the battle",
    "opponent_turn_end": "until the end of the opponent's next turn",
    "your_turn_end": "until the end of its player's turn",
}


def _apply(s: State, f: ActivateFrame, a: fx.EffectAction, targets: list[int]) -> tuple[State, bool, list[Frame]]:
    """Carry out one action. Returns (state, fully done, frames to push)."""
    owner = f.owner
    opp = 1 - owner
    shielded = [t for t in targets if c.unaffected_by(s, t, owner)]
    if shielded:
        targets = [t for t in targets if t not in shielded]
        names = ", ".join(c.label(s, c.stack_of(s, t).top) for t in shielded)  # type: ignore[union-attr]
        s = c.say(s, f"{names} is not affected by {c.pname(owner)}'s effects, so this does nothing to it.",
                  "CR 15-15-5")
    if isinstance(a, fx.Delete):
        if not targets:
            return c.say(s, "There is nothing to delete."), False, []
        return s, True, [DeleteFrame(targets=tuple(targets), cause="effect", by=owner)]
    if isinstance(a, fx.Suspend):
        ok = bool(targets)
        events: list[Event] = []
        for t in targets:
            s, done, evs = ops.suspend_quietly(s, t, "effect", owner)
            ok = ok and done
            events += evs
        if events:  # all at the same moment: a watching effect triggers once (CR 15-5-2)
            s = c.trigger_many(s, events)
        if not targets:
            s = c.say(s, "There is nothing to suspend.")
        return s, ok, []
    if isinstance(a, fx.Unsuspend):
        woken: list[Event] = []
        for t in targets:
            s, evs = ops.unsuspend_quietly(s, t, owner)
            woken += evs
        if woken:
            s = c.trigger_many(s, woken)
        return s, True, []
    if isinstance(a, fx.GainMemory):
        before = c.memory_of(s, owner)
        amount = a.amount * f.count if a.per_count else a.amount
        if amount == 0:
            return c.say(s, f"{c.pname(owner)} gains no memory."), True, []
        if amount > 0 and c.memory_gain_prohibited(s, owner, f.source):
            return c.say(s, f"{c.pname(owner)} cannot gain memory: an opposing effect allows memory gains only "
                            "from Tamer effects, so nothing happens.", "CR 15-1-3", "CR 1-3-2"), False, []
        s = c.gain_memory(s, owner, amount)
        verb = "gains" if amount >= 0 else "loses"
        s = c.say(s, f"{c.pname(owner)} {verb} {abs(amount)} memory {c.memory_change(before, c.memory_of(s, owner))}.",
                  "CR 4-1-4")
        return s, True, []
    if isinstance(a, (fx.ModifyDP, fx.ModifySecurityA, fx.GrantKeyword)):
        for t in targets:
            st = c.stack_of(s, t)
            assert st is not None
            if isinstance(a, fx.ModifyDP):
                m = Modifier("dp", t, amount=a.amount, duration=a.duration, player=owner, turn=s.turn,
                             source=c.label(s, f.source))
                s = c.say(s, f"{c.label(s, st.top)} gets {a.amount:+d} DP {_DURATION_WORDS[a.duration]}.")
            elif isinstance(a, fx.ModifySecurityA):
                m = Modifier("security_a", t, amount=a.amount, duration=a.duration, player=owner, turn=s.turn,
                             source=c.label(s, f.source))
                s = c.say(s, f"{c.label(s, st.top)} gains <Security A. {a.amount:+d}> {_DURATION_WORDS[a.duration]}.",
                          "CR 16-4")
            else:
                m = Modifier("keyword", t, keyword=a.keyword, duration=a.duration, player=owner, turn=s.turn,
                             source=c.label(s, f.source))
                s = c.say(s, f"{c.label(s, st.top)} gains <{a.keyword}>.")
            s = c.modifier(s, m)
        return s, True, []
    if isinstance(a, fx.Draw):
        return ops.draw(s, owner, a.amount), True, []
    if isinstance(a, fx.TrashSecurity):
        whom = [owner] if a.whose == "you" else [opp] if a.whose == "opponent" else [owner, opp]
        ok = True
        for p in whom:
            s, n = ops.trash_security(s, p, a.amount)
            ok = ok and n == a.amount
        return s, ok, []
    if isinstance(a, fx.Recovery):
        return ops.recovery(s, owner, a.amount), True, []
    if isinstance(a, fx.DeDigivolve):
        for t in targets:
            st = c.stack_of(s, t)
            if st is None:
                continue
            uids: list[int] = []
            cards = list(st.cards)
            for _ in range(a.amount):
                top_level = c.card(s, cards[0]).level or 0
                if len(cards) <= 1 or top_level <= 3:
                    break
                uids.append(cards.pop(0))
            if uids:
                s = c.say(s, f"<De-Digivolve {a.amount}>:", "CR 16-12")
                s = ops.trash_from_stack(s, t, uids, owner)
            else:
                s = c.say(s, f"<De-Digivolve {a.amount}> trashes nothing from {c.label(s, st.top)}.", "CR 16-12-4")
        return s, True, []
    if isinstance(a, fx.TrashDigivolutionCards):
        # every target's cards are settled (asking the effect's player where the card lets them choose, CR 15-10-2)
        # before anything is trashed, so an open decision never leaves a half-done action behind
        plan: list[tuple[int, list[int]]] = []
        ok = bool(targets)
        for t in targets:
            st = c.stack_of(s, t)
            if st is None:
                ok = False
                continue
            if a.position == "top_card":
                # "trash the top card" (e.g. <Armor Purge>): the top card itself goes, never the last card
                pool = list(st.cards[:-1])
            else:
                pool = list(st.digivolution_cards)  # top first
            if a.level is not None:
                pool = [u for u in pool if c.card(s, u).level == a.level]
            if a.position == "bottom":
                pool.reverse()
            chosen = pool[: a.amount]
            if a.position == "any" and len(pool) > a.amount:
                chosen = [u for u in f.cards if u in pool][: a.amount]
                left = [u for u in pool if u not in chosen]
                kinds = {c.card(s, u).number for u in left}
                if len(chosen) < a.amount and len(kinds) > 1 and len(chosen) + len(left) > a.amount:
                    options, seen = [], set()
                    for u in left:
                        if c.card(s, u).number not in seen:
                            seen.add(c.card(s, u).number)
                            options.append(Option(f"Trash {c.label(s, u)}", u))
                    s = c.say(ask(s, owner, DecisionKind.CARDS, f"{c.pname(owner)}: which digivolution card of "
                                   f"{c.label(s, st.top)} do you trash ({len(chosen) + 1} of {a.amount})?", options,
                                   "CR 15-10-2"),
                              f"{c.pname(owner)} chooses which digivolution cards of {c.label(s, st.top)} to trash.",
                              "CR 15-10-2")
                    return s, False, [_WAIT]
                chosen = (chosen + left)[: a.amount]
            if len(chosen) < a.amount:
                ok = False
                if a.cost:
                    return c.say(s, f"{c.label(s, st.top)} does not have {a.amount} card(s) to trash, so the rest "
                                    "of the effect does not happen.", "CR 15-7-2", "CR 15-7-3"), False, []
            plan.append((t, chosen))
        for t, chosen in plan:
            s = ops.trash_from_stack(s, t, chosen, owner)
        return s, ok, []
    if isinstance(a, fx.PlayCard):
        s = _apply_play(s, f, a)
        return (s, False, [_WAIT]) if s.decision is not None else (s, True, [])
    if isinstance(a, fx.SwitchTarget):
        att = s.attack
        if att is None or not targets or not c.in_battle_area(s, att.attacker):
            return c.say(s, "The attack target cannot be switched.", "CR 11-2-7-4"), False, []
        t = targets[0]
        st = c.stack_of(s, t)
        assert st is not None
        s = replace(s, attack=replace(att, target=t, target_card=st.top))
        return c.say(s, f"The attack target is switched to {c.label(s, st.top)}.", "CR 11-2-7-2"), True, []
    if isinstance(a, fx.EndAttack):
        return _end_attack(s), True, []
    if isinstance(a, fx.MayAttack):
        return _may_attack(s, f, a)
    if isinstance(a, fx.Alliance):
        if not targets or f.holder is None or not c.in_battle_area(s, f.holder):
            return c.say(s, "No other Digimon is suspended, so <Alliance> does nothing.", "CR 16-24"), False, []
        t = targets[0]
        st = c.stack_of(s, t)
        assert st is not None
        bonus = c.dp(s, t) or 0
        s, _ = ops.suspend(s, t, "alliance", owner)
        s = c.modifier(s, Modifier("dp", f.holder, amount=bonus, duration="attack", player=owner, turn=s.turn,
                                   source="<Alliance>"))
        s = c.modifier(s, Modifier("security_a", f.holder, amount=1, duration="attack", player=owner, turn=s.turn,
                                   source="<Alliance>"))
        return c.say(s, f"<Alliance>: +{bonus} DP and <Security A. +1> until the attack ends.", "CR 16-24"), True, []
    if isinstance(a, fx.PiercingCheck):
        if s.attack is not None:
            s = replace(s, attack=replace(s.attack, piercing_pending=True))
        return c.say(s, "<Piercing> is activated: its security check waits until just before the end of the "
                        "attack.", "CR 16-7-4"), True, []
    if isinstance(a, fx.PreventDeletion):
        # the deletion this immediate effect interrupts does not happen for its Digimon (CR 15-8-5-2)
        stack_ = list(s.frames)
        for i in range(len(stack_) - 1, -1, -1):
            fr = stack_[i]
            if isinstance(fr, DeleteFrame) and f.holder in fr.targets:
                stack_[i] = replace(fr, saved=fr.saved + (f.holder,))
                return c.say(replace(s, frames=tuple(stack_)), "The deletion is prevented.", "CR 15-8-5-2"), True, []
        return s, True, []
    if isinstance(a, fx.ActivateMain):
        mains = [e for e in c.card(s, f.source).effects if isinstance(e, Effect) and e.timing is Timing.MAIN]
        frames: list[Frame] = [ActivateFrame(effect=e, owner=owner, label=f"[Main] of {c.label(s, f.source)}",
                                             holder=None, source=f.source, started=True, subject=f.subject)
                               for e in reversed(mains)]
        return c.say(s, f"{c.label(s, f.source)}'s [Main] effect is activated.", "CR 15-15-7"), True, frames
    if isinstance(a, fx.AddThisToHand):
        uid = f.source
        if uid in s.limbo:
            p = s.owners[uid]
            s = replace(s, limbo=tuple(u for u in s.limbo if u != uid))
            s = c.set_player(s, p, replace(s.players[p], hand=s.players[p].hand + (uid,)))
            s = c.say(s, f"{c.label(s, uid)} is added to {c.pname(p)}'s hand.")
        return s, True, []
    if isinstance(a, fx.BlastDigivolve):
        return s, True, []
    if isinstance(a, fx.Custom):
        fn = CUSTOM.get(a.name)
        if fn is None:
            raise ValueError(f"Custom action {a.name!r} is not registered (use register_custom)")
        out = fn(s, f)
        s, more = out if isinstance(out, tuple) else (out, [])
        if s.decision is not None:
            return s, False, [_WAIT]
        return s, True, list(more)
    raise TypeError(f"unknown action {a!r}")


def _apply_play(s: State, f: ActivateFrame, a: fx.PlayCard) -> State:
    owner = f.owner
    if a.source == "this_security":
        uid = f.source
        if a.at_end_of_battle:
            return c.say(replace(s, delayed=s.delayed + (("play_at_end_of_battle", uid),)),
                         f"{c.label(s, uid)} will be played at the end of the battle.", "CR 14-2-5")
        if uid not in s.limbo:
            return s
        s = replace(s, limbo=tuple(u for u in s.limbo if u != uid))
        return ops.play_card(s, owner, uid, a.suspended)
    pl = s.players[owner]
    pool: list[int]
    if a.source == "trash":
        pool = list(pl.trash)
    elif a.source == "hand":
        pool = list(pl.hand)
    else:
        st = c.stack_of(s, f.holder) if f.holder is not None else None
        pool = list(st.digivolution_cards) if st else []
    cands: list[int] = []
    for uid in pool:
        cd = c.card(s, uid)
        if a.kind != "any" and cd.kind != a.kind:
            continue
        if cd.kind not in ("Digimon", "Tamer"):
            continue
        if a.max_level is not None and (cd.level is None or cd.level > a.max_level):
            continue
        if a.level is not None and cd.level != a.level:
            continue
        if a.color is not None and not set(a.color.split("/")) & set(cd.colors):
            continue
        if a.name_contains is not None and a.name_contains not in cd.name:
            continue
        if a.max_cost is not None and (cd.play_cost is None or cd.play_cost > a.max_cost):
            continue
        if any(c.card(s, u).number == cd.number for u in cands):
            continue  # two copies of one card are the same choice
        cands.append(uid)
    if cands and (len(cands) > 1 or a.optional):
        if not f.picked:
            where = {"trash": "trash", "hand": "hand"}.get(a.source, "digivolution cards")
            options = [Option(f"Play {c.label(s, u)}", u) for u in cands]
            if a.optional:
                options.append(Option("Play nothing", -1))
            return c.say(ask(s, owner, DecisionKind.PLAY, f"{c.pname(owner)}: which card from your {where} do you play "
                              "for free?", options, "CR 15-10-2"),
                         f"{c.pname(owner)} chooses the card to play.", "CR 15-10-2")
        if f.picked[-1] == -1:
            return c.say(s, f"{c.pname(owner)} plays nothing.", "CR 15-9")
        cands = [f.picked[-1]]
    for uid in cands:
        if a.source == "trash":
            s = c.set_player(s, owner, replace(pl, trash=tuple(u for u in pl.trash if u != uid)))
        elif a.source == "hand":
            s = c.set_player(s, owner, replace(pl, hand=tuple(u for u in pl.hand if u != uid)))
        else:
            assert f.holder is not None
            st2 = c.stack_of(s, f.holder)
            assert st2 is not None
            s = c.update_stack(s, replace(st2, cards=tuple(u for u in st2.cards if u != uid)))
        return ops.play_card(s, owner, uid, a.suspended)
    return c.say(s, "There is no card that can be played.")


def _end_attack(s: State) -> State:
    """CR 15-15-1-1: the end-of-attack timing comes next; [End of Attack] triggers now (derived)."""
    att = s.attack
    if att is None or att.ended:
        return c.say(s, "There is no attack to end.")
    s = replace(s, attack=replace(att, ended=True))
    s = c.say(s, "The attack ends: the timings in between are skipped and the end of attack comes next.",
              "CR 15-15-1-1")
    s = enter_timing(s, AttackTiming.END_OF_ATTACK)
    return _fire_end_of_attack(s)


def _fire_end_of_attack(s: State) -> State:
    att = s.attack
    assert att is not None
    s = replace(s, attack=replace(att, end_fired=True))
    hit = c.find(s, att.attacker)
    if hit is None:
        return c.say(s, "The attacking Digimon has left the Battle Area, so its [End of Attack] effects do not "
                        "trigger.", "CR 15-16-15")
    before = len(s.collecting)
    s = c.trigger(s, Event("end_of_attack", hit[0], att.attacker, hit[1].top), [hit])
    if len(s.collecting) > before:
        return c.say(s, "[End of Attack] effects of the attacking Digimon trigger.", "CR 15-16-15-1")
    return s


WIKI_DIFFERS: dict[str, str] = {
    "opponent_attacks": "The wiki's Attack Resolution process (steps 2-3) handles the opponent's \"when an opponent's "
                        "Digimon attacks\" effects in a separate later timing; since CR 2.0 (QA Q1976) they trigger "
                        "at the declaration together with [When Attacking], turn player first.",
    "one_check": "The wiki's step 8 repeats the security check once per <Security A.>; under CR 13-1-2 an attack has a "
                 "single security check, and <Security A.> changes how many cards it covers.",
    "security_tie": "The wiki's step 8.4.1 deletes the attacker only when its DP is lower; an equal DP also deletes "
                    "it (CR 14-2-1-3, 14-2-3), as the wiki's own example 5 shows.",
    "piercing_no_security": "The wiki's example 1 says no check happens because of an old rule (CR 3.6: no "
                            "<Piercing> check against 0 security cards), removed in CR 3.7. Under CR 4.2 the check "
                            "simply has no card to reveal, and only a successful attack on the player itself could win "
                            "(CR 1-2-3-1, 11-5-1-2-1).",
    "piercing_once": "The wiki's step 8 lets a <Piercing> check follow an ordinary one; since CR 3.7/4.0 only "
                     "one security check happens per attack (CR 13-1-2, 16-7-5).",
    "rule_check": "The wiki's Triggered Effects procedure (step 2.3.2) gives effects triggered by a rule check a "
                  "higher priority; under CR 15-4-3-3 they join the same batch as the other triggers of that timing.",
}
"""Where the wiki's procedure differs from CR 4.2 (rules_summary Part 3), as shown in ``Step.differs``."""


def attack_targets(s: State, attacker: int, unsuspended_ok: bool = False) -> list[int]:
    """Legal attack targets (CR 11-2-7-1): PLAYER_TARGET and the opponent's suspended Digimon."""
    hit = c.find(s, attacker)
    if hit is None:
        return []
    opp = 1 - hit[0]
    out = [PLAYER_TARGET]
    for st in s.players[opp].battle:
        if c.card(s, st.top).kind == "Digimon" and (st.suspended or unsuspended_ok):
            out.append(st.iid)
    return out


def declare_attack(s: State, attacker: int, target: int) -> State:
    """Declare an attack (CR 11-2-1/2): suspend the attacker and fix the target at the same moment;
    collect the declaration triggers (CR 11-1-4, rules_summary §4.2). No frames are pushed."""
    hit = c.find(s, attacker)
    assert hit is not None
    p, st = hit
    target_card = None
    if target != PLAYER_TARGET:
        tst = c.stack_of(s, target)
        assert tst is not None
        target_card = tst.top
    att = Attack(attacker=attacker, attacker_card=st.top, attacker_player=p, target=target,
                 declared_target=target, target_card=target_card)
    s = replace(s, attack=att, attacks_declared=s.attacks_declared + 1)
    s = enter_timing(s, AttackTiming.DECLARATION)
    tname = c.pname(1 - p) if target == PLAYER_TARGET else c.label(s, target_card)  # type: ignore[arg-type]
    s = c.say(s, f"{c.pname(p)}'s {c.label(s, st.top)} attacks {tname}.", "CR 11-2-1", "CR 11-2-2")
    before = len(s.collecting)
    s = c.trigger(s, Event("attacks", p, attacker, st.top, by=p, other=target, target_player=target == PLAYER_TARGET))
    if any(pe.owner != p for pe in s.collecting[before:]):
        s = c.say(s, "", "CR 11-1-4", differs=WIKI_DIFFERS["opponent_attacks"])
    s, _ = ops.suspend(s, attacker, "attack", p)
    if len(s.collecting) == before:
        s = c.say(s, "No effect triggers on the declaration.", "CR 11-1-4")
    return s


def _may_attack(s: State, f: ActivateFrame, a: fx.MayAttack) -> tuple[State, bool, list[Frame]]:
    if s.attack is not None and s.attack.timing is not AttackTiming.ATTACK_OVER:
        return c.say(s, "No attack can be declared while an attack is in progress, so nothing happens.",
                     "CR 11-2-4"), False, []
    who = f.subject if a.subject else f.holder
    st = c.stack_of(s, who) if who is not None else None
    if st is None or st.suspended:
        return c.say(s, "This Digimon cannot attack now (it must be unsuspended in the Battle Area).",
                     "CR 11-2-5"), False, []
    targets = attack_targets(s, st.iid, a.unsuspended_targets)
    if s.decision is None or s.decision.kind != "attack target":
        options = [Option("Attack " + (c.pname(1 - f.owner) if t == PLAYER_TARGET
                                       else c.label(s, c.stack_of(s, t).top)), t) for t in targets]  # type: ignore[union-attr]
        s = set_top(s, replace(f, index=f.index, picked=()))
        return c.say(ask(s, f.owner, DecisionKind.ATTACK_TARGET, f"{c.pname(f.owner)}: what does "
                          f"{c.label(s, st.top)} attack?", options, "CR 11-2-7-1"),
                     f"{c.pname(f.owner)} chooses the attack target.", "CR 11-2-7-1"), False, [_WAIT]
    return s, True, []


_WAIT = TurnEndFrame(passed=True)  # sentinel meaning "a decision is open, stay on this action"


def h_activate(s: State, f: ActivateFrame, answer: str | None) -> State:
    if not f.started:
        f = replace(f, started=True)
        s = set_top(s, f)
    actions = f.effect.actions
    while f.index < len(actions) and not f.stopped:
        a = actions[f.index]
        cond = getattr(a, "condition", None)
        if cond is not None and not c.condition_met(s, cond, f.owner, f.holder, None):
            f = replace(f, index=f.index + 1, picked=())
            s = set_top(s, f)
            continue
        if isinstance(a, fx.MayAttack) and answer is not None and s.decision is not None \
                and s.decision.kind == "attack target":
            s, opt = take_answer(s, answer)
            answer = None
            f = replace(f, index=f.index + 1, picked=())
            s = set_top(s, f)
            attacker = f.subject if a.subject else f.holder
            assert attacker is not None
            s = declare_attack(s, attacker, opt.ref)
            # the attack continues once every pending effect has resolved (CR 11-1-4): put its frame
            # under the innermost resolution loop
            frames = list(s.frames)
            for i in range(len(frames) - 1, -1, -1):
                if isinstance(frames[i], ResolveFrame):
                    frames.insert(i, AttackFrame(stage=AttackTiming.COUNTER))
                    break
            s = replace(s, frames=tuple(frames))
            continue
        if isinstance(a, fx.TrashHand):
            hand = s.players[f.owner].hand
            most = min(a.amount, len(hand))
            if a.up_to and most > 0 and (answer is None or s.decision is None):
                options = [Option(f"Trash {n} card{'s' if n != 1 else ''} from hand", n) for n in range(most, -1, -1)]
                return c.say(ask(s, f.owner, DecisionKind.TARGET, f"{c.pname(f.owner)}: how many cards do you trash from "
                                  f"your hand (up to {a.amount})?", options, "CR 15-10-2"),
                             f"{c.pname(f.owner)} chooses how many cards to trash from hand.", "CR 15-10-2")
            n = most
            if a.up_to and most > 0:
                assert s.decision is not None and answer is not None
                s, opt = take_answer(s, answer)
                answer = None
                n = opt.ref
            pl = s.players[f.owner]
            gone = pl.hand[len(pl.hand) - n:] if n else ()
            s = c.set_player(s, f.owner, replace(pl, hand=pl.hand[: len(pl.hand) - n], trash=tuple(reversed(gone)) + pl.trash))
            s = c.say(s, f"{c.pname(f.owner)} trashes {n} card{'s' if n != 1 else ''} from hand.")
            if n:
                s = c.trigger(s, Event("hand_trashed", f.owner, None, None, cause="effect", by=f.owner, count=n))
            stopped = a.cost and n < a.amount and not a.up_to
            f = replace(f, index=f.index + 1, picked=(), count=n, stopped=stopped)
            s = set_top(s, f)
            continue
        if isinstance(a, (fx.PlayCard, fx.Custom)) and answer is not None and s.decision is not None:
            # the answer to a decision the action opened: its ref joins ``picked`` and the action runs again
            s, opt = take_answer(s, answer)
            answer = None
            f = replace(f, picked=f.picked + (opt.ref,))
            s = set_top(s, f)
        if answer is not None and s.decision is not None and s.decision.kind == "cards":
            # which cards the action uses (e.g. which digivolution cards to trash): the uid joins ``cards``
            s, opt = take_answer(s, answer)
            answer = None
            f = replace(f, cards=f.cards + (opt.ref,))
            s = set_top(s, f)
        if f.targets is not None:
            targets: list[int] | None = list(f.targets)
        else:
            s, targets = _targets_for(s, f, a, answer)
            if targets is None:
                return s
            answer = None
            f = top(s)  # type: ignore[assignment]
            assert isinstance(f, ActivateFrame)
            f = replace(f, targets=tuple(targets))
            s = set_top(s, f)
        assert targets is not None
        s, ok, frames = _apply(s, f, a, targets)
        if frames and frames[-1] is _WAIT:
            return s
        stopped = bool(getattr(a, "cost", False)) and not ok
        f = replace(f, index=f.index + 1, picked=(), stopped=stopped, targets=None, cards=())
        s = set_top(s, f)
        if frames:
            return push(s, *frames)
    # done
    s = pop(s)
    if f.inline:
        return s  # an immediate-type effect inside a deletion: the deletion goes on (CR 15-8-5-2)
    if f.pid is not None:
        s = _set_status(s, f.pid, EffectStatus.RESOLVED)
    if f.pid is None and f.holder is None and f.label.startswith("[Main]"):
        return s
    return finish_processing(s, f"activation of {f.label.replace('Activate ', '', 1)}", f.pid)


# --- deletion ------------------------------------------------------------------------------------------


def _immediate_offers(s: State, f: DeleteFrame) -> list[tuple[int, int, Effect, int, str, int]]:
    """(target iid, owner, effect, source, slot, index) of usable "would be deleted" effects (CR 15-8-5)."""
    out = []
    for t in f.targets:
        if t in f.saved:
            continue
        hit = c.find(s, t)
        if hit is None:
            continue
        p, st = hit
        for e, src, slot, idx in c.effects_of(s, st):
            if not isinstance(e, Effect) or e.category != "immediate" or e.when is None:
                continue
            w = e.when
            if w.cause == "battle" and f.cause != "battle":
                continue
            if w.cause == "opponent_effect" and (f.cause != "effect" or f.by == p):
                continue
            if (t, src, idx) in f.asked:
                continue
            if not c.scope_ok(s, e.scope, p) or not c.uses_left(s, e, t, src, slot, idx):
                continue
            if not _activatable(s, e, p, t, None):
                continue
            out.append((t, p, e, src, slot, idx))
    out.sort(key=lambda o: o[1] != s.turn_player)
    return out


Offer = tuple[int, int, Effect, int, str, int]
"""An immediate-type effect that may interrupt a deletion: (target iid, owner, effect, source uid, slot, index)."""


def _offer_key(o: Offer) -> tuple[int, int, int]:
    return (o[0], o[3], o[5])


def _use_immediate(s: State, offer: Offer) -> State:
    """Activate an immediate-type effect just before the deletion (CR 15-8-5-2): its actions run as an inline
    :class:`ActivateFrame` on top of the deletion (a <PreventDeletion> action marks its Digimon saved there)."""
    t, owner, e, src, slot, idx = offer
    s = c.spend_use(s, e, t, src, slot, idx)
    label = f"Activate {e.name} of {c.label(s, src)}"
    s = c.say(s, f"{c.pname(owner)} uses {e.name} of {c.label(s, src)} before the deletion happens.", "CR 15-8-5-2")
    s = replace(s, log=s.log + (("activated", label),))
    return push(s, ActivateFrame(effect=e, owner=owner, label=label, holder=t, source=src, inline=True))


def h_delete(s: State, f: DeleteFrame, answer: str | None) -> State:
    if f.asking and s.decision is not None and answer is not None:
        who = s.decision.player
        s, opt = take_answer(s, answer)
        keys = f.asking
        f = replace(f, asking=())
        if opt.ref < 0:
            # declined: each of these is offered at most once for this cause (CR 15-8-5-4)
            f = replace(f, asked=f.asked + keys)
            s = c.say(s, f"{c.pname(who)} uses {'none of them' if len(keys) > 1 else 'no immediate effect'}.",
                      "CR 15-8-5")
            return set_top(s, f)
        key = keys[opt.ref]
        chosen = next((o for o in _immediate_offers(s, f) if _offer_key(o) == key), None)
        f = replace(f, asked=f.asked + (key,))
        s = set_top(s, f)
        return _use_immediate(s, chosen) if chosen is not None else s
    offers = _immediate_offers(s, f)
    if offers:
        owner = offers[0][1]  # the turn player's effects come first (CR 15-8-5-3, 15-4-3-5)
        mine = [o for o in offers if o[1] == owner]
        if len(mine) == 1 and not mine[0][2].optional:
            s = set_top(s, replace(f, asked=f.asked + (_offer_key(mine[0]),)))
            return _use_immediate(s, mine[0])
        s = set_top(s, replace(f, asking=tuple(_offer_key(o) for o in mine)))
        doomed = sorted({o[0] for o in mine}, key=list(f.targets).index)
        tl = ", ".join(c.label(s, c.stack_of(s, t).top) for t in doomed)  # type: ignore[union-attr]
        if len(mine) == 1:
            t, owner, e, src, slot, idx = mine[0]
            return c.say(ask(s, owner, DecisionKind.IMMEDIATE, f"{c.pname(owner)}: {tl} would be deleted. Use {e.name}? "
                              f"({e.summary})", [Option(f"Use {e.name} of {c.label(s, src)}", 0),
                                                 Option(f"Don't use {e.name} of {c.label(s, src)}", -1)],
                              "CR 15-8-5"),
                         f"{tl} would be deleted: {c.pname(owner)} may use {e.name} first.", "CR 15-8-5-1")
        options = [Option(f"Use {o[2].name} of {c.label(s, o[3])}", k) for k, o in enumerate(mine)]
        if all(o[2].optional for o in mine):
            options.append(Option("Use none of them", -1))
        summaries = "; ".join(f"{o[2].name} of {c.label(s, o[3])}: {o[2].summary}" for o in mine)
        return c.say(ask(s, owner, DecisionKind.IMMEDIATE, f"{c.pname(owner)}: {tl} would be deleted. Which of your effects "
                          f"that can interrupt it do you use first? ({summaries})", options, "CR 15-8-5-3"),
                     f"{tl} would be deleted: {c.pname(owner)} has {len(mine)} immediate effects that can interrupt "
                     "it and chooses which to use first, one at a time.", "CR 15-8-5-1", "CR 15-8-5-3")
    # delete every remaining target at the same time (CR 14-2-2)
    s = pop(s)
    doomed = [t for t in f.targets if t not in f.saved and c.in_battle_area(s, t)]
    if not doomed:
        return s
    alone = len(doomed) == 1
    names = []
    hits = [c.find(s, t) for t in doomed]
    pairs = dict(f.battle_pairs)
    events = []
    for hit in hits:
        assert hit is not None
        p, st = hit
        cause = f.cause
        if f.cause == "battle":
            cause = "battle_alone" if alone else "battle"
        events.append(Event("deleted", p, st.iid, st.top, cause=cause, by=f.by, other=pairs.get(st.iid)))
        names.append(c.label(s, st.top))
    pool = [h for h in hits if h is not None] + [x for x in c.all_stacks(s) if x[1].iid not in doomed]
    s = c.trigger_many(s, events, sorted(pool, key=lambda x: x[0] != s.turn_player))
    for t in doomed:
        s = c.remove_stack(s, t)
    s = replace(s, log=s.log + tuple(("deleted", n) for n in names))
    how = {"battle": "in battle", "rule": "by the rule check", "effect": "by an effect"}[f.cause]
    s = c.say(s, f"{', '.join(names)} {'is' if len(names) == 1 else 'are'} deleted {how}.", "CR 4-15-1")
    gone = [c.label(s, u) for hit in hits if hit is not None for u in hit[1].cards if c.card(s, u).token]
    if gone:
        s = c.say(s, f"{', '.join(gone)} {'is a token' if len(gone) == 1 else 'are tokens'}: removed from the game "
                     "instead of going to the trash.", "CR 4-21-5")
    if f.cause == "battle":
        att = s.attack
        for loser, winner in f.battle_pairs:
            if loser in doomed and c.in_battle_area(s, winner) and winner not in doomed:
                wp, wst = c.find(s, winner)  # type: ignore[misc]
                cause = "attacking" if att is not None and att.attacker == winner else "battle"
                s = c.trigger(s, Event("deletes_in_battle", wp, winner, wst.top, cause=cause, other=loser))
    return s


# --- battles -----------------------------------------------------------------------------------------------


def h_battle(s: State, f: BattleFrame, answer: str | None) -> State:
    att = s.attack
    assert att is not None
    if f.stage is BattleStage.COMPARE:
        a, t = att.attacker, att.target
        ast, tst = c.stack_of(s, a), c.stack_of(s, t)
        if ast is None or tst is None:
            return pop(s)
        adp, tdp = c.dp(s, a, t) or 0, c.dp(s, t, a) or 0
        s = replace(s, attack=replace(att, battle=t))
        s = enter_timing(s, AttackTiming.BATTLE)
        s = c.say(s, f"Battle: {c.label(s, ast.top)} ({adp} DP) against {c.label(s, tst.top)} ({tdp} DP).",
                  "CR 14-2-1")
        losers = [t] if adp > tdp else [a] if tdp > adp else [a, t]
        if len(losers) == 2:
            s = c.say(s, "Equal DP: both lose.", "CR 14-2-1-3")
        s = note_timing(s, AttackTiming.BATTLE, f"{adp} vs {tdp} DP")
        s = set_top(s, replace(f, stage=BattleStage.END_OF_BATTLE))
        pairs = tuple((x, t if x == a else a) for x in losers)
        return push(s, ResolveFrame(), FlushFrame("battle"),
                     DeleteFrame(targets=tuple(losers), cause="battle", by=s.turn_player, battle_pairs=pairs))
    if f.stage is BattleStage.END_OF_BATTLE:
        s = set_top(s, replace(f, stage=BattleStage.DONE))
        s = replace(s, modifiers=tuple(m for m in s.modifiers if m.duration != "battle"))
        s = replace(s, attack=replace(att, battle=None))
        return c.say(s, "The battle ends.", "CR 14-2-5")
    return pop(s)


# --- security checks ------------------------------------------------------------------------------------


def h_security(s: State, f: SecurityCheckFrame, answer: str | None) -> State:
    att = s.attack
    assert att is not None
    defender = 1 - att.attacker_player
    if f.stage is SecurityStage.REVEAL:
        done = sum(1 for _ in att.checked) if att.security_checked else 0
        n = c.check_count(s, att.attacker)
        if att.ended or not c.in_battle_area(s, att.attacker):
            s = pop(s)
            if not c.in_battle_area(s, att.attacker) and att.checked:
                s = c.say(s, "The attacking Digimon has left the Battle Area, so it checks no more cards.",
                          "CR 13-1-5")
            return s
        if done >= n:
            s = pop(s)
            if not att.checked:
                s = note_timing(s, AttackTiming.SECURITY_CHECK, "0 cards to check")
                return c.say(s, f"{c.label(s, att.attacker_card)} can check 0 cards, so nothing is checked.",
                             "CR 16-4-4")
            return s
        pl = s.players[defender]
        if not pl.security:
            s = pop(s)
            return c.say(s, f"{c.pname(defender)} has no security card left to check.", "CR 13-1-8-1")
        uid = pl.security[0]
        s = c.set_player(s, defender, replace(pl, security=pl.security[1:]))
        s = replace(s, limbo=s.limbo + (uid,), attack=replace(att, checked=att.checked + (uid,), revealed=uid,
                                                               security_checked=True))
        s = enter_timing(s, AttackTiming.SECURITY_CHECK)
        k = len(att.checked) + 1 if att.security_checked else 1
        s = c.say(s, f"Security check (card {k} of {n}): {c.pname(defender)}'s top security card "
                     f"{c.label(s, uid)} is revealed.", "CR 13-1-2", "CR 13-1-8",
                  differs=WIKI_DIFFERS["one_check"] if n > 1 and k == 1 else "")
        s = note_timing(s, AttackTiming.SECURITY_CHECK, f"checked {c.label(s, uid)}")
        s = c.trigger(s, Event("security_removed", defender, None, uid, cause="check"))
        s = set_top(s, replace(f, stage=SecurityStage.BATTLE))
        sec = [e for e in c.card(s, uid).security]
        frames: list[Frame] = [ResolveFrame(), FlushFrame(f"security check of {c.label(s, uid)}")]
        for e in reversed(sec):
            frames.append(ActivateFrame(effect=e, owner=defender, label=f"[Security] of {c.label(s, uid)}",
                                        holder=None, source=uid))
        if sec:
            s = c.say(s, f"Its [Security] effect activates at once, without waiting in pending activation.",
                      "CR 15-16-10-2")
            s = replace(s, log=s.log + tuple(("activated", f"Activate [Security] of {c.label(s, uid)}") for _ in sec))
        return push(s, *frames)
    revealed = att.revealed
    if f.stage is SecurityStage.BATTLE:
        s = set_top(s, replace(f, stage=SecurityStage.END_OF_BATTLE))
        if revealed is None or revealed not in s.limbo or c.card(s, revealed).kind != "Digimon":
            return s
        if not c.in_battle_area(s, att.attacker):
            return s
        adp = c.dp(s, att.attacker) or 0
        sdp = c.security_dp(s, defender, revealed)
        ast = c.stack_of(s, att.attacker)
        assert ast is not None
        s = replace(s, attack=replace(att, battle=-2 - revealed))
        s = c.say(s, f"Security battle: {c.label(s, ast.top)} ({adp} DP) against the Security Digimon "
                     f"{c.label(s, revealed)} ({sdp} DP).", "CR 13-1-8-3", "CR 14-2-1")
        s = note_timing(s, AttackTiming.SECURITY_CHECK, f"battle {adp} vs {sdp} DP")
        if adp > sdp:
            return c.say(s, "The Security Digimon loses but is never deleted.", "CR 14-2-3")
        if c.has_keyword(s, att.attacker, "Jamming"):
            return c.say(s, f"{c.label(s, ast.top)} loses but has <Jamming>, so it is not deleted.", "CR 16-9")
        s = c.say(s, ("Equal DP: " if adp == sdp else "") + "the attacking Digimon loses; the Security Digimon is "
                  "not deleted.", "CR 14-2-3", "CR 14-2-1-3",
                  differs=WIKI_DIFFERS["security_tie"] if adp == sdp else "")
        return push(s, ResolveFrame(), FlushFrame("security battle"),
                     DeleteFrame(targets=(att.attacker,), cause="battle", by=defender))
    if f.stage is SecurityStage.END_OF_BATTLE:
        s = set_top(s, replace(f, stage=SecurityStage.TRASH))
        if revealed is not None and ("play_at_end_of_battle", revealed) in s.delayed:
            s = replace(s, delayed=tuple(d for d in s.delayed if d != ("play_at_end_of_battle", revealed)))
            if revealed in s.limbo:
                s = replace(s, limbo=tuple(u for u in s.limbo if u != revealed))
                s = c.say(s, "End of the battle:", "CR 14-2-5")
                s = ops.play_card(s, defender, revealed)
                return push(s, ResolveFrame(), FlushFrame(f"play of {c.label(s, revealed)}"))
        if att.battle is not None:
            s = replace(s, attack=replace(att, battle=None))
        return s
    # trash
    s = set_top(s, replace(f, stage=SecurityStage.REVEAL))
    if revealed is not None and revealed in s.limbo:
        s = replace(s, limbo=tuple(u for u in s.limbo if u != revealed))
        p = s.owners[revealed]
        s = c.set_player(s, p, replace(s.players[p], trash=(revealed,) + s.players[p].trash))
        s = c.say(s, f"The checked card {c.label(s, revealed)} is trashed.", "CR 13-1-8-4")
    att2 = s.attack
    assert att2 is not None
    return replace(s, attack=replace(att2, revealed=None))


# --- the attack ------------------------------------------------------------------------------------------


def _counter_options(s: State) -> list[Option]:
    att = s.attack
    assert att is not None
    nt = 1 - att.attacker_player
    out: list[Option] = []
    for uid in s.players[nt].hand:
        cd = c.card(s, uid)
        for e in cd.effects:
            if not isinstance(e, Effect) or e.timing is not Timing.COUNTER:
                continue
            for st in s.players[nt].battle:
                top = c.card(s, st.top)
                if top.kind != "Digimon":
                    continue
                ok = any(req.accepts(top) for req in cd.digivolve)
                if ok:
                    out.append(Option(f"Use [Counter] {e.name} of {cd.label} on {top.label}",
                                      uid * 1_000_000 + st.iid))
    return out


def _blockers(s: State) -> list[int]:
    att = s.attack
    assert att is not None
    out = []
    for st in s.players[1 - att.attacker_player].battle:
        if st.suspended or st.iid == att.target:
            continue
        if c.card(s, st.top).kind != "Digimon":
            continue
        if not c.has_keyword(s, st.iid, "Blocker") or c.cant_attack_or_block(s, st.iid):
            continue
        out.append(st.iid)
    return out


def h_attack(s: State, f: AttackFrame, answer: str | None) -> State:
    stage = f.stage
    if stage is AttackTiming.DECLARATION:
        s = set_top(s, AttackFrame(stage=AttackTiming.COUNTER))
        s = declare_attack(s, f.attacker, f.target)
        return push(s, ResolveFrame(), FlushFrame("attack declaration"))
    att = s.attack
    assert att is not None
    nt = 1 - att.attacker_player
    if att.ended and stage not in (AttackTiming.END_OF_ATTACK, AttackTiming.ATTACK_OVER):
        stage = AttackTiming.END_OF_ATTACK
    if stage is AttackTiming.COUNTER:
        s = enter_timing(s, AttackTiming.COUNTER)
        options = _counter_options(s) if not att.counter_used else []
        if not options:
            s = set_top(s, AttackFrame(stage=AttackTiming.BLOCK))
            s = note_timing(s, AttackTiming.COUNTER, "no [Counter] effect")
            return c.say(s, f"Counter timing: {c.pname(nt)} has no [Counter] effect to use.", "CR 11-3")
        if not answering(s, answer):
            return c.say(ask(s, nt, DecisionKind.COUNTER, f"{c.pname(nt)}: use one [Counter] effect?",
                              options + [Option("Don't use [Counter]", -1)], "CR 11-3-2"),
                         f"Counter timing: {c.pname(nt)} may use one [Counter] effect.", "CR 11-3")
        s, opt = take_answer(s, answer)
        s = set_top(s, AttackFrame(stage=AttackTiming.BLOCK))
        if opt.ref == -1:
            s = note_timing(s, AttackTiming.COUNTER, "no [Counter] used")
            return c.say(s, f"{c.pname(nt)} uses no [Counter] effect.", "CR 11-3")
        uid, iid = divmod(opt.ref, 1_000_000)
        s = replace(s, attack=replace(att, counter_used=True), log=s.log + (("activated", opt.label.replace("Use ", "Activate ", 1)),))
        s = note_timing(s, AttackTiming.COUNTER, f"{c.label(s, uid)} used")
        s = c.say(s, f"{c.pname(nt)} uses [Counter] <Blast Digivolve> of {c.label(s, uid)}.", "CR 11-3-2", "CR 16-26")
        return push(s, ResolveFrame(), FlushFrame(f"<Blast Digivolve> of {c.label(s, uid)}"),
                     DigivolveFrame(iid=iid, card=uid, cost=0, player=nt, blast=True))
    if stage is AttackTiming.BLOCK:
        s = enter_timing(s, AttackTiming.BLOCK)
        nxt = AttackFrame(stage=AttackTiming.CONFIRMATION)
        if not c.in_battle_area(s, att.attacker):
            s = note_timing(s, AttackTiming.BLOCK, "attacker gone: no block")
            return c.say(set_top(s, nxt), "Block timing: the attacking Digimon is no longer in the Battle Area, so "
                                           "no block can be declared.", "CR 12-1-6")
        if c.cant_be_blocked(s, att.attacker):
            s = note_timing(s, AttackTiming.BLOCK, "can't be blocked")
            return c.say(set_top(s, nxt), "Block timing: the attacking Digimon can't be blocked, so no Digimon "
                                           "can suspend to block.", "CR 12-1")
        blockers = _blockers(s)
        if not blockers:
            s = note_timing(s, AttackTiming.BLOCK, "no <Blocker>")
            return c.say(set_top(s, nxt), f"Block timing: {c.pname(nt)} has no Digimon with <Blocker> that can "
                                           "block.", "CR 12-1")
        forced = c.has_keyword(s, att.attacker, "Collision")
        options = [Option(f"Block with {c.label(s, c.stack_of(s, b).top)}", b) for b in blockers]  # type: ignore[union-attr]
        if not forced:
            options.append(Option("Don't block", -1))
        if not answering(s, answer):
            rules = ("CR 12-1", "CR 16-30") if forced else ("CR 12-1", "CR 16-5")
            return c.say(ask(s, nt, DecisionKind.BLOCK, f"{c.pname(nt)}: block with a <Blocker>?"
                              + (" (<Collision>: you must block if able)" if forced else ""), options, rules[0]),
                         f"Block timing: {c.pname(nt)} may block with a Digimon that has <Blocker>.", *rules)
        s, opt = take_answer(s, answer)
        s = set_top(s, nxt)
        if opt.ref == -1:
            s = note_timing(s, AttackTiming.BLOCK, "no block")
            return c.say(s, f"{c.pname(nt)} does not block.", "CR 12-1")
        b = opt.ref
        bst = c.stack_of(s, b)
        assert bst is not None
        s = replace(s, attack=replace(att, target=b, target_card=bst.top, blocked=True))
        s = note_timing(s, AttackTiming.BLOCK, f"blocked by {c.label(s, bst.top)}")
        s = c.say(s, f"{c.pname(nt)} blocks with {c.label(s, bst.top)}: it becomes the attack target.",
                  "CR 12-1-7-1")
        s = c.trigger(s, Event("blocked", nt, b, bst.top, by=nt))
        s, _ = ops.suspend(s, b, "block", nt)
        return push(s, ResolveFrame(), FlushFrame("block"))
    if stage is AttackTiming.CONFIRMATION:
        s = enter_timing(s, AttackTiming.CONFIRMATION)
        nxt = AttackFrame(stage=AttackTiming.PIERCING)
        s = set_top(s, nxt)
        if not c.in_battle_area(s, att.attacker):
            s = note_timing(s, AttackTiming.CONFIRMATION, "attacker gone: nothing happens")
            return c.say(s, "Confirming success: the attacking Digimon has left the Battle Area, so nothing happens.",
                         "CR 11-5-1-4")
        if att.target == PLAYER_TARGET:
            if s.players[nt].security:
                s = note_timing(s, AttackTiming.CONFIRMATION, "security check")
                s = c.say(s, f"Confirming success: the attack on {c.pname(nt)} succeeds, so a security check is "
                             "performed.", "CR 11-5-1-1-1")
                return push(s, SecurityCheckFrame())
            if c.check_count(s, att.attacker) >= 1:
                s = enter_timing(s, AttackTiming.WIN)
                s = note_timing(s, AttackTiming.WIN, f"{c.pname(att.attacker_player)} wins")
                s = replace(s, winner=att.attacker_player, frames=(), decision=None)
                return c.say(s, f"{c.pname(nt)} has no security cards left and the attacking Digimon can check at "
                                f"least 1 card: {c.pname(att.attacker_player)} wins.", "CR 11-5-1-2-1", "CR 1-2-3-1")
            s = note_timing(s, AttackTiming.CONFIRMATION, "0 checks: no win")
            return c.say(s, f"{c.pname(nt)} has no security cards, but the attacking Digimon can check 0 cards, so "
                            "it does not win and nothing happens.", "CR 11-5-1-2-1", "CR 16-4-4")
        if not c.in_battle_area(s, att.target):
            s = note_timing(s, AttackTiming.CONFIRMATION, "target gone: attack fails")
            return c.say(s, f"Confirming success: the attack target {c.label(s, att.target_card or att.attacker_card)} "
                            "has left the Battle Area. It stays the target, so the attack fails and nothing happens.",
                         "CR 11-2-6", "CR 11-5-1-4")
        s = note_timing(s, AttackTiming.CONFIRMATION, "battle")
        s = c.say(s, "Confirming success: the target is a Digimon, so they battle.", "CR 11-5-1-3-1")
        return push(s, BattleFrame())
    if stage is AttackTiming.PIERCING:
        s = set_top(s, AttackFrame(stage=AttackTiming.END_OF_ATTACK))
        if not att.piercing_pending:
            return s
        s = enter_timing(s, AttackTiming.PIERCING)
        if att.security_checked:
            s = note_timing(s, AttackTiming.PIERCING, "already checked this attack")
            return c.say(s, "<Piercing>: a security check already happened in this attack, and only one is "
                            "allowed.", "CR 13-1-2", "CR 16-7-5", differs=WIKI_DIFFERS["piercing_once"])
        if not c.in_battle_area(s, att.attacker):
            s = note_timing(s, AttackTiming.PIERCING, "no Digimon to check")
            return c.say(s, "<Piercing>: the attacking Digimon has left the Battle Area, so no check happens.",
                         "CR 16-7-6")
        if not s.players[nt].security:
            s = note_timing(s, AttackTiming.PIERCING, "no security cards")
            return c.say(s, f"<Piercing>: {c.pname(nt)} has no security cards, so nothing is checked. <Piercing> "
                            "never wins the game: the target was not the player.", "CR 16-7-4", "CR 11-5-1-2",
                         differs=WIKI_DIFFERS["piercing_no_security"])
        s = note_timing(s, AttackTiming.PIERCING, "security check")
        s = c.say(s, "<Piercing>: the other effects of the battle have all resolved; the security check that "
                     "<Piercing> set up happens now, just before the end of the attack.", "CR 16-7-4")
        return push(s, SecurityCheckFrame(piercing=True))
    if stage is AttackTiming.END_OF_ATTACK:
        s = enter_timing(s, AttackTiming.END_OF_ATTACK)
        s = set_top(s, AttackFrame(stage=AttackTiming.ATTACK_OVER))
        if att.end_fired:
            return s
        s = c.say(s, "End of attack.", "CR 11-6")
        before = len(s.collecting)
        s = _fire_end_of_attack(s)
        if len(s.collecting) == before:
            s = note_timing(s, AttackTiming.END_OF_ATTACK, "no [End of Attack] effect")
        return push(s, ResolveFrame(), FlushFrame("end of attack"))
    # ATTACK_OVER: first show it, then (after the rule check's effects) clear the attack
    if att.timing is AttackTiming.ATTACK_OVER:
        return replace(pop(s), attack=None)
    s = enter_timing(s, AttackTiming.ATTACK_OVER)
    expired = [m for m in s.modifiers if m.duration in ("attack", "battle")]
    s = replace(s, modifiers=tuple(m for m in s.modifiers if m not in expired))
    text = "The attack is over."
    if expired:
        text += " Effects that lasted for the attack end."
    s = c.say(s, text, "CR 11-6-2")
    return push(s, ResolveFrame(), FlushFrame("end of the attack's effects"))


# --- digivolution --------------------------------------------------------------------------------------------


def h_digivolve(s: State, f: DigivolveFrame, answer: str | None) -> State:
    s = pop(s)
    st = c.stack_of(s, f.iid)
    pl = s.players[f.player]
    if st is None or f.card not in pl.hand:
        return c.say(s, "The digivolution cannot happen.", "CR 1-3-2")
    before = c.label(s, st.top)
    s = c.set_player(s, f.player, replace(pl, hand=tuple(u for u in pl.hand if u != f.card)))
    if f.cost:
        s = c.gain_memory(s, f.player, -f.cost)
    s = c.update_stack(s, replace(st, cards=(f.card,) + st.cards))
    cost = "for free" if f.blast or not f.cost else f"for {f.cost} memory"
    s = c.say(s, f"{before} digivolves into {c.label(s, f.card)} {cost}.", "CR 8-1-3")
    s = ops.draw(s, f.player, 1)
    return c.trigger(s, Event("digivolved", f.player, f.iid, f.card, by=f.player))


# --- turn end ------------------------------------------------------------------------------------------------


END_OF_TURN_MEMORY = "memory at end of turn: "
"""Prefix of ``State.delayed`` keys for pending memory changes at the end of the turn (CR 18-1): the key ends
in the player's letter, the value is the signed amount that player gains (negative: loses)."""


PENDING_PROCESSING = "pending processing"
"""``PendingEffect.slot`` of pending processing set up by an effect (CR 18-1), e.g. "lose 3 memory at the end of
the turn": it waits and is ordered like a triggered effect (CR 18-1-2) but is not an effect's activation, so it is
not logged as "activated"."""


def _end_of_turn_memory(s: State) -> State:
    """The pending "gain/lose N memory at the end of the turn" entries (CR 18-1-2, 6-6), once the end-of-turn timing
    has come (after a pass has set the gauge, CR 6-5-1-7-1). A key ``<prefix>A:<uid>`` names the card that set it up:
    the processing then waits in pending activation with that timing's triggers and its player orders it among
    their own (CR 18-1-2). A key without a card (``<prefix>A``) is processed at once."""
    due = [d for d in s.delayed if d[0].startswith(END_OF_TURN_MEMORY)]
    if not due:
        return s
    s = replace(s, delayed=tuple(d for d in s.delayed if not d[0].startswith(END_OF_TURN_MEMORY)))
    for key, amount in due:
        body = key[len(END_OF_TURN_MEMORY):]
        p = "AB".index(body[0])
        verb = "gains" if amount >= 0 else "loses"
        if ":" in body:
            source = int(body.split(":", 1)[1])
            effect = Effect(actions=(fx.GainMemory(amount),), keyword="Pending processing",
                            summary=f"{verb.capitalize()[:-1]} {abs(amount)} memory (set up earlier this turn).")
            s, pid = c.new_id(s)
            word = "gain" if amount >= 0 else "loss"
            pe = PendingEffect(pid=pid, owner=p, effect=effect, source=source, holder=None, slot=PENDING_PROCESSING,
                               index=0, label=f"Process the end-of-turn memory {word} set up by {c.label(s, source)}")
            s = replace(s, collecting=s.collecting + (pe,))
            continue
        before = c.memory_of(s, p)
        s = c.gain_memory(s, p, amount)
        s = c.say(s, f"End of turn: {c.pname(p)} {verb} {abs(amount)} memory as set up earlier "
                     f"{c.memory_change(before, c.memory_of(s, p))}.", "CR 18-1-2", "CR 6-6")
    return s


def _end_timing(s: State, f: TurnEndFrame) -> State:
    """The end-of-turn timing arrives (CR 6-6-1): [End of Your Turn] / [End of Opponent's Turn] effects and pending
    end-of-turn processing trigger now and stay triggered (CR 15-8-3-6); the phase goes on until they have all
    resolved (CR 6-6-2). With nothing to process the turn passes in the next step."""
    tp = s.turn_player
    s = replace(s, phase=Phase.END_OF_TURN)
    s = c.say(s, f"{c.pname(1 - tp)} has {-s.memory} memory: the end of {c.pname(tp)}'s turn arrives.",
              "CR 6-1-4-1", "CR 6-6-1")
    before = len(s.collecting)
    s = c.trigger(s, Event("end_of_turn", tp))
    s = _end_of_turn_memory(s)
    n = len(s.collecting) - before
    if n == 0:
        if s.memory >= 0:
            return _turn_goes_on(s)
        s = c.say(s, "Nothing triggers at the end of the turn.")
        return set_top(s, replace(f, stage=TurnEndStage.AFTER))
    s = c.say(s, f"{n} effect{'s' if n != 1 else ''} trigger{'' if n != 1 else 's'} at the end of the turn. They "
                 "stay triggered even if memory moves before they activate, and the turn ends only once they have "
                 "all resolved.", "CR 15-8-3-6", "CR 6-6-2")
    s = set_top(s, replace(f, stage=TurnEndStage.AFTER))
    return push(s, ResolveFrame(), FlushFrame("end of turn"))


def _turn_goes_on(s: State) -> State:
    """CR 6-6-4: once the end-of-turn processing is over, memory on the turn player's side (0 or more) postpones the
    turn's end and the main phase goes on."""
    s = replace(pop(s), phase=Phase.MAIN)
    return c.say(s, f"{c.pname(s.turn_player)} has {s.memory} memory again, so the turn does not end: the end of "
                    "the turn is postponed and the main phase goes on.", "CR 6-6-4")


def _pass_turn(s: State, f: TurnEndFrame) -> State:
    """CR 6-6-3: the turn passes. Durations "for the turn" (and "until the end of your / the opponent's turn") end,
    [X Per Turn] counts reset (CR 15-14-1-5), "placed this turn" marks clear (CR 7-1-2-1); the other player
    becomes the turn player, in their unsuspend phase."""
    tp = s.turn_player
    keep = []
    for m in s.modifiers:
        if m.duration in ("turn",):
            continue
        if m.duration == "your_turn_end" and m.player == tp:
            continue
        if m.duration == "opponent_turn_end" and m.player != tp:
            continue
        keep.append(m)
    ended = len(s.modifiers) - len(keep)
    counted = bool(s.uses)
    nxt = 1 - tp
    s = replace(s, modifiers=tuple(keep), turn_player=nxt, memory=-s.memory, turn=s.turn + 1, uses=(),
                phase=Phase.UNSUSPEND, timing=Phase.UNSUSPEND.value)
    for p in (0, 1):
        pl = s.players[p]
        breeding = replace(pl.breeding, placed_this_turn=False) if pl.breeding is not None else None
        s = c.set_player(s, p, replace(pl, battle=tuple(replace(x, placed_this_turn=False) for x in pl.battle),
                                       breeding=breeding))
    s = c.say(s, f"All processing is done and {c.pname(nxt)} has {s.memory} memory, so {c.pname(tp)}'s turn "
                 f"ends and {c.pname(nxt)}'s turn begins.", "CR 6-1-4-1", "CR 6-6-3")
    if ended:
        s = c.say(s, "Effects that lasted for the turn end.", "CR 6-6-3")
    if counted:
        s = c.say(s, "[Once Per Turn] counts start again.", "CR 15-14-1-5")
    if f.go_on:
        return set_top(s, StartTurnFrame())
    return pop(s)


def h_turn_end(s: State, f: TurnEndFrame, answer: str | None) -> State:
    if s.winner is not None:
        return pop(s)
    tp = s.turn_player
    if f.stage is TurnEndStage.AFTER:
        # every effect of the end-of-turn timing has resolved (CR 6-6-2)
        if s.memory >= 0:
            return _turn_goes_on(s)
        return _pass_turn(s, f)
    if f.passed:
        s = replace(s, memory=-3)
        s = c.say(s, f"{c.pname(tp)} passes: the memory gauge is set to 3 on {c.pname(1 - tp)}'s side.",
                  "CR 6-5-1-7-1")
    if s.memory >= 0:
        s = pop(s)
        return c.say(s, f"{c.pname(tp)} still has {s.memory} memory, so the turn continues.", "CR 6-1-4-1")
    return _end_timing(s, f)


# --- the next turn: unsuspend, draw and breeding phases ------------------------------------------------------


def _breeding_options(s: State, p: int) -> list[Option]:
    """What ``p`` may do in the breeding phase besides nothing (CR 6-4-1): hatch when the Breeding Area is empty and
    the Digi-Egg deck is not (CR 6-4-1-1); move a Digimon with DP to the Battle Area (CR 6-4-1-2, 4-17-2)."""
    pl = s.players[p]
    out: list[Option] = []
    if pl.breeding is None and pl.egg_deck:
        out.append(Option("Hatch a Digi-Egg", 1))
    if pl.breeding is not None and c.card(s, pl.breeding.top).dp is not None:
        out.append(Option(f"Move {c.label(s, pl.breeding.top)} to the Battle Area", 2))
    return out


def h_start_turn(s: State, f: StartTurnFrame, answer: str | None) -> State:
    tp = s.turn_player
    who = c.pname(tp)
    if f.stage is StartTurnStage.START:
        s = replace(s, phase=Phase.UNSUSPEND)
        before = len(s.collecting)
        s = c.trigger(s, Event("start_of_turn", tp))
        if len(s.collecting) > before:
            # with nothing triggered this stage shows no step of its own; its rule check still runs (CR 15-4-3-3)
            s = c.say(s, f"{who}'s turn begins with the unsuspend phase. [Start of Your Turn] / [Start of Opponent's "
                         "Turn] effects trigger; they are processed before anything unsuspends.", "CR 6-2-1-1",
                      "CR 15-16-11")
        s = set_top(s, replace(f, stage=StartTurnStage.UNSUSPEND))
        return push(s, ResolveFrame(), FlushFrame("start of turn"))
    if f.stage is StartTurnStage.UNSUSPEND:
        if s.memory < 0:
            s = c.say(s, f"The start-of-turn processing left {who}'s memory on the opponent's side: the end of the "
                         "turn comes before anything unsuspends.", "CR 6-2-1-2")
            return set_top(s, TurnEndFrame(go_on=True))
        s = replace(s, phase=Phase.UNSUSPEND)
        woken: list[tuple[int, Stack]] = []
        for p in (tp, 1 - tp):
            pl = s.players[p]
            for st in pl.battle:
                if st.suspended and (p == tp or c.has_keyword(s, st.iid, "Reboot")):
                    woken.append((p, st))
            if p == tp and pl.breeding is not None and pl.breeding.suspended:
                s = c.set_player(s, p, replace(pl, breeding=replace(pl.breeding, suspended=False)))
        for _p, st in woken:
            s = c.update_stack(s, replace(st, suspended=False))
        s = set_top(s, replace(f, stage=StartTurnStage.DRAW))
        if not woken:
            s = c.say(s, f"Unsuspend phase: {who} has no suspended card to unsuspend.", "CR 6-2-1")
        else:
            names = ", ".join(c.label(s, st.top) for _p, st in woken)
            s = c.say(s, f"Unsuspend phase: {who}'s suspended cards unsuspend, all at the same time: {names}.",
                      "CR 6-2-1", "CR 6-2-1-3")
            if any(p != tp for p, _st in woken):
                s = c.say(s, "<Reboot> also unsuspends the non-turn player's Digimon in this phase.", "CR 16-11")
            s = c.trigger_many(s, [Event("unsuspended", p, st.iid, st.top, cause="rule") for p, st in woken])
        return push(s, ResolveFrame(), FlushFrame("unsuspend phase"))
    if f.stage is StartTurnStage.DRAW:
        s = replace(s, phase=Phase.DRAW)
        s = set_top(s, replace(f, stage=StartTurnStage.BREEDING))
        if s.turn == 1:
            return c.say(s, f"Draw phase: {who} goes first and draws nothing on the first turn.", "CR 6-3-1-1")
        if not s.players[tp].deck:
            s = replace(s, winner=1 - tp, frames=(), decision=None)
            return c.say(s, f"Draw phase: {who} has no card left in the deck and cannot draw, so {who} loses and "
                            f"{c.pname(1 - tp)} wins.", "CR 6-3-1", "CR 1-2-3-2")
        s = c.say(s, "Draw phase:", "CR 6-3-1")
        return ops.draw(s, tp, 1)
    if f.stage is StartTurnStage.BREEDING:
        s = replace(s, phase=Phase.BREEDING)
        options = _breeding_options(s, tp)
        if not options:
            s = set_top(s, replace(f, stage=StartTurnStage.MAIN))
            return c.say(s, f"Breeding phase: {who} has no Digi-Egg to hatch and nothing to move, so nothing happens.",
                         "CR 6-4-1", "CR 6-4-1-3")
        if not answering(s, answer):
            return c.say(ask(s, tp, DecisionKind.BREEDING, f"{who}: hatch a Digi-Egg, move a Digimon to the Battle Area, or do "
                              "nothing?", options + [Option("Do nothing", 0)], "CR 6-4-1"),
                         f"Breeding phase: {who} may do one of these things.", "CR 6-4-1")
        s, opt = take_answer(s, answer)
        s = set_top(s, replace(f, stage=StartTurnStage.MAIN))
        pl = s.players[tp]
        if opt.ref == 1:
            uid = pl.egg_deck[0]
            s, iid = c.new_id(s)
            s = c.set_player(s, tp, replace(pl, egg_deck=pl.egg_deck[1:],
                                            breeding=Stack(iid=iid, cards=(uid,), placed_this_turn=True)))
            return c.say(s, f"{who} hatches {c.label(s, uid)} in the Breeding Area.", "CR 6-4-1-1")
        if opt.ref == 2 and pl.breeding is not None:
            st = pl.breeding
            s = c.set_player(s, tp, replace(pl, breeding=None, battle=pl.battle + (st,)))
            return c.say(s, f"{who} moves {c.label(s, st.top)} out of the Breeding Area into the Battle Area. Moving is "
                            "not playing, and it stays the same Digimon.", "CR 6-4-1-2", "CR 4-17-1")
        return c.say(s, f"{who} does nothing in the breeding phase.", "CR 6-4-1-3")
    # main
    s = replace(pop(s), phase=Phase.MAIN)
    return c.say(s, f"{who}'s main phase begins: {who} may now play, digivolve, use Options, attack or pass.",
                 "CR 6-5-1")


HANDLERS: dict[type, Callable[[State, Frame, str | None], State]] = {
    AttackFrame: h_attack,  # type: ignore[dict-item]
    ResolveFrame: h_resolve,  # type: ignore[dict-item]
    ActivateFrame: h_activate,  # type: ignore[dict-item]
    DeleteFrame: h_delete,  # type: ignore[dict-item]
    SecurityCheckFrame: h_security,  # type: ignore[dict-item]
    BattleFrame: h_battle,  # type: ignore[dict-item]
    DigivolveFrame: h_digivolve,  # type: ignore[dict-item]
    FlushFrame: h_flush,  # type: ignore[dict-item]
    TurnEndFrame: h_turn_end,  # type: ignore[dict-item]
    StartTurnFrame: h_start_turn,  # type: ignore[dict-item]
}
