"""The resolution loop (CR 15-4) and rule processing (CR 17): pending effects activate one at a time, turn
player first; each activated effect's actions are processed in printed order (CR 15-1-2); at the end of each
piece of processing the rule checks run and the triggers collected meanwhile become a new generation.

Handlers: :func:`h_resolve` (ResolveFrame), :func:`h_activate` (ActivateFrame), :func:`h_flush` (FlushFrame).
"""

from __future__ import annotations

from digiteach.copying import changed, replace

from digiteach import captions as cap
from digiteach import effects as fx
from digiteach.i18n import card_text
from digiteach.decisions import EndlessLoop
from digiteach.effects import Effect
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.apply import apply_action
from digiteach.engine.condition_words import condition_words
from digiteach.engine.conditions import read_at_trigger, reading_state
from digiteach.engine.ask import DecisionKind, answering, ask, effect_option, take_answer, use_options
from digiteach.engine.placed_options import DELAY, too_soon
from digiteach.engine.differs import WIKI_DIFFERS
from digiteach.engine.frames import RESOLVE, option_flush_below, pop, push, set_top
from digiteach.engine.rules.attack import declare_attack
from digiteach.engine.rules.generation_words import new_generation_caption
from digiteach.engine.rules.keyword_words import keyword_caption
from digiteach.engine.rules.rule_check import end_processing, rule_check
from digiteach.engine.rules.zero_dp_words import zero_dp_captions
from digiteach.engine.rules.turn import PENDING_PROCESSING
from digiteach.engine.targets import targets_for
from digiteach.records import TriggerMoment
from digiteach.state import (
    ActivateFrame,
    AttackFrame,
    DeleteFrame,
    Event,
    FlushFrame,
    PendingEffect,
    ResolveFrame,
    State,
)
from digiteach.terms import AttackTiming, EffectStatus, per_turn_name

__all__ = ["h_flush", "h_resolve", "h_activate", "rule_check", "activatable", "set_status", "loop_over", "loop_end",
           "MAX_PENDING_GENERATIONS"]


MAX_PENDING_GENERATIONS = 200
"""Nested generations of pending activation (CR 15-4-3-3) a game may open before :func:`h_flush` gives up with
:class:`~digiteach.decisions.EndlessLoop`: effects that trigger each other without a once-per-turn limit nest one
generation per activation (CR 18-3-1); the bundled scenarios need fewer than ten. Generations are made only here."""


# --- rule checks and flush (CR 17, 15-4-3-3) --------------------------------------------------------------


def h_flush(s: State, f: FlushFrame, answer: str | None) -> State:
    """End of a piece of processing (CR 17-1-2-2, 15-4-3-3).

    Stages: a used Option waiting in ``f.option`` goes to the trash (CR 9-1-5); then the rule checks, repeated (each
    round that finds 0-DP Digimon pushes their deletion and comes back here) until one changes nothing (CR 17-1-2-1;
    ``f.tried``: a Digimon that can't be deleted stays); then the collected triggers become one new generation of
    pending activation and the frame is popped.

    Raises:
        EndlessLoop: the new generation is more than :data:`MAX_PENDING_GENERATIONS` deep (CR 18-3-1).
    """
    option = c.card(s, f.option) if f.option is not None else None
    if f.option is not None:
        s = set_top(s, replace(f, option=None))
        s = ops.trash_from_limbo(s, f.option)
    s, doomed = rule_check(s)
    game = (s.players, s.memory, s.modifiers, s.uses)  # what a deletion changes; captions below leave it as it is
    if doomed and f.tried == game:  # the last deletion pushed changed nothing: the checks end (CR 17-1-2-1, 17-1-3-1-1)
        names = ", ".join(c.label(s, c.stack(s, i).top) for i in doomed)
        s = c.tell(s, "rule.zero_dp_stays", names=names, is_are=cap.text("word.is" if len(doomed) == 1 else "word.are"))
        doomed = []
    if doomed:
        s = zero_dp_captions(s, f, option, doomed)
        s = set_top(s, replace(f, option=None, tried=game, checked=tuple(doomed)))
        s = push(s, DeleteFrame(targets=tuple(doomed), cause="rule", by=s.turn_player))
        return replace(s, collecting_from_rules=True)
    if not s.collecting:  # nothing triggered: no new generation (CR 15-4-3-3)
        return replace(s, frames=s.frames[:-1], collecting_from_rules=False)
    from_rules = s.collecting_from_rules
    s = c.push_generation(s, f.cause, f.pid)
    if len(s.pending) > MAX_PENDING_GENERATIONS:
        raise EndlessLoop(f"effects loop without end: more than {MAX_PENDING_GENERATIONS} nested generations of "
                          "pending activation (CR 18-3-1)")
    ed = new_generation_caption(c.Edit(s).pop(), f)  # the frame popped with the captions, in one copy
    if from_rules:
        ed.tell("rule.from_rules", differs=WIKI_DIFFERS["rule_check"])
    return ed.done()


# --- the resolution loop (CR 15-4) ----------------------------------------------------------------------


def _newest_waiting(s: State) -> int | None:
    """Index of the newest generation with an effect still pending (CR 15-4-5-2), or None."""
    pending = s.pending
    for i in range(len(pending) - 1, -1, -1):
        for p in pending[i].effects:  # ``Generation.waiting``, without building the tuple
            if p.status is _PENDING:
                return i
    return None


_PENDING = EffectStatus.PENDING


def _find_pending(s: State, pid: int) -> PendingEffect:
    """The pending effect ``pid``. Raises LookupError when there is none (an engine bug)."""
    for g in s.pending:
        for p in g.effects:
            if p.pid == pid:
                return p
    raise LookupError(f"no pending effect {pid}")


def set_status(s: State, pid: int, status: EffectStatus) -> State:
    """Set where pending effect ``pid`` stands (CR 15-4-4, 15-6-3)."""
    return c.Edit(s).set_status(pid, status).done()


def _still_valid(s: State, pe: PendingEffect) -> str:
    """'' if ``pe`` may still activate, else the caption key of the reason it is lost (CR 15-4-4-3/4/5). An effect its
    own deletion triggered waits in the trash (CR 4-15-2); if its card leaves the trash first (e.g. played again by
    <Fortitude>) it is a new card and the effect is lost (CR 15-4-4-3, QA Q3648)."""
    if pe.own_deletion:
        gone = pe.source not in s.players[s.owners[pe.source]].trash and not c.card(s, pe.source).token
        return "pending.reason_left_trash" if gone else ""
    if pe.holder is not None:
        st = c.stack_of(s, pe.holder)
        if st is None:
            return "pending.reason_left"
        if not any(src == pe.source and slot == pe.slot and idx == pe.index and e == pe.effect
                   for e, src, slot, idx in c.effects_of(s, st)):
            return "pending.reason_lost_effect"
    return "" if c.still_met(s, pe) else "pending.reason_trigger_not_met"


def activatable(s: State, e: Effect, owner: int, holder: int | None, ev: Event | None,
                moment: TriggerMoment | None = None) -> bool:
    """CR 15-6-3: False when the effect's condition fails, or when every process is gated by a failing
    condition (15-6-2). ``moment``: where an effect a removal triggered reads its conditions (CR 15-8-3-9-4)."""
    if e.condition is not None and not c.condition_met(reading_state(s, e.condition, moment), e.condition, owner,
                                                       holder, ev):
        return False
    gated = [a.condition for a in e.actions]
    if gated and all(g is not None for g in gated):
        return any(c.condition_met(reading_state(s, g, moment), g, owner, holder, ev) for g in gated if g is not None)
    return True


def _choose_next(s: State, gi: int, answer: str | None) -> tuple[State, int | None, str | None]:
    """Which pending effect activates next (CR 15-4-3-5): the turn player's first; with several, their player
    chooses ("order" decision). ``gi``: the index of the newest generation with an effect still pending
    (:func:`_newest_waiting`). Returns (state, pid or None while asking, the answer still unused)."""
    g = s.pending[gi]
    tp = s.turn_player
    waiting = g.waiting
    player = tp if any(p.owner == tp for p in waiting) else 1 - tp
    cands = [p for p in waiting if p.owner == player]
    if len(cands) == 1:
        return s, cands[0].pid, answer
    # the order question (CR 15-4-3-5); a chosen optional effect is then asked "use or not" (CR 15-9)
    if not answering(s, answer):
        who = cap.text("word.turn_player" if player == tp else "word.non_turn_player")
        s = ask(s, player, DecisionKind.ORDER, cap.text("pending.order_prompt", player=c.pname(player)),
                [effect_option(s, p) for p in cands], cap.rules("pending.order_prompt")[0])
        s = c.tell(s, "pending.order", player=c.pname(player), role=who, number=g.number)
        s = c.tell(s, "pending.order_turn" if player == tp else "pending.order_non_turn")
        older = [x for x in s.pending[:gi] if x.waiting]
        if older:
            s = c.tell(s, "pending.order_derived", older=older[-1].number)
        return s, None, None
    s, opt = take_answer(s, answer)
    return s, opt.ref, None


def _not_activated(s: State, pe: PendingEffect) -> State | None:
    """The state after ``pe`` is lost (CR 15-4-4-3) or fails to activate (CR 15-6-3, 15-14-1-1), or None when
    it may activate. Its [X Per Turn] uses are read again here, not only at trigger: another instance of the same
    effect may have spent the last one meanwhile (CR 15-14-1-1/2)."""
    reason = _still_valid(s, pe)
    if reason:
        ed = c.Edit(s).set_status(pe.pid, EffectStatus.LOST).set_top(RESOLVE)
        ed.tell("pending.lost", what=c.without_lead(pe.label), reason=cap.text(reason))
        return ed.say("", *cap.rules(reason)).done()
    e = pe.effect
    names = {"effect": c.without_lead(pe.label)}
    if not c.uses_left(s, e, pe.holder, pe.source, pe.slot, pe.index):
        # another instance (CR 15-4-2-4) spent the last use: no activation that turn (CR 15-14-1-1/2), no use spent
        s = set_top(set_status(s, pe.pid, EffectStatus.FAILED), RESOLVE)
        return c.tell(s, "pending.per_turn_spent", limit=per_turn_name(e.per_turn), **names)
    if not activatable(s, e, pe.owner, pe.holder, pe.event, pe.moment):
        # checked before an optional effect's "use?" question: an effect that cannot be activated is not
        # offered (CR 15-6-3)
        s = set_top(set_status(s, pe.pid, EffectStatus.FAILED), RESOLVE)
        words = _pending_words(s, pe)
        then = e.condition is not None and read_at_trigger(e.condition, pe.moment)
        key = "pending.condition_fails" + ("_removal" if then else "") + ("_words" if words else "")
        s = c.tell(s, key, words=words, **names)
        if e.once_per_turn:
            s = c.tell(s, "pending.no_use_counted", limit=per_turn_name(e.per_turn))
        if s.attack is not None and any(isinstance(a, fx.MayAttack) for a in e.actions):
            s = c.tell(s, "pending.no_new_attack")
        return s
    if e.keyword == DELAY and too_soon(s, pe.holder):  # not offered in the turn its card was placed (CR 16-17-3)
        return c.tell(set_top(set_status(s, pe.pid, EffectStatus.FAILED), RESOLVE), "delay.too_soon",
                      card=c.label(s, pe.source))
    if c.activation_locked(s, pe.holder, e.timing):
        s = set_top(set_status(s, pe.pid, EffectStatus.FAILED), RESOLVE)
        s = c.tell(s, "pending.locked", timing=e.name, **names)
        return c.tell(s, "pending.no_use_counted", limit=per_turn_name(e.per_turn)) if e.once_per_turn else s
    return None


def _ask_optional(s: State, pe: PendingEffect, answer: str | None) -> tuple[State, bool | None]:
    """A "you may" effect (CR 15-9): ask, or take the answer. Returns (state, True to use it / False declined /
    None while asking)."""
    e = pe.effect
    names = {"player": c.pname(pe.owner), "effect": c.without_lead(pe.label)}
    if not answering(s, answer):
        s = ask(s, pe.owner, DecisionKind.OPTIONAL, cap.text("pending.optional_prompt", player=c.pname(pe.owner),
                                                             summary=card_text(e.summary)),
                use_options(s, pe), cap.rules("pending.optional_prompt")[0])
        # "by X, Y": an optional condition (CR 15-7-1), as <Alliance>'s suspension is (CR 16-24-3); a keyword's own
        # "may" caption says which part it is, so the optional condition is said once
        key = cap.keyword_key(e.name, "may")
        by = key is None and any(getattr(a, "cost", False) or isinstance(a, fx.Alliance) for a in e.actions)
        s = c.tell(s, "pending.may_by" if by else "pending.may", **names)
        if key is not None:
            theirs = -c.memory_a(s) if pe.owner == 0 else c.memory_a(s)
            s = c.tell(s, key, other=c.pname(1 - pe.owner), memory=theirs)
        return s, None
    s, opt = take_answer(s, answer)
    if opt.ref == -1:
        s = set_top(set_status(s, pe.pid, EffectStatus.DECLINED), RESOLVE)
        return c.tell(s, "pending.declined", **names), False
    return s, True


def _activate(s: State, pe: PendingEffect) -> State:
    """Activate ``pe`` (CR 15-4-3-5): spend its [X Per Turn] use (CR 15-14-1-1) and push its ActivateFrame."""
    e = pe.effect
    s = c.spend_use(s, e, pe.holder, pe.source, pe.slot, pe.index)
    ed = c.Edit(s).set_status(pe.pid, EffectStatus.ACTIVATING).set(activating=pe.pid)
    ed.set_top(RESOLVE)
    if pe.slot == PENDING_PROCESSING:
        # pending processing set up earlier (CR 18-1-2): processed in turn, but not an effect's activation
        ed.push(ActivateFrame(effect=e, owner=pe.owner, label=pe.label, holder=None, source=pe.source, pid=pe.pid))
        return ed.tell("pending.processing", player=c.pname(pe.owner), card=c.label(s, pe.source)).done()
    ed.set(log=s.log + (("activated", pe.label), ("activated_as", c.legacy_label(s, e, pe.source))))
    ev = pe.event
    ed.push(ActivateFrame(effect=e, owner=pe.owner, label=pe.label, holder=pe.holder, source=pe.source,
                          pid=pe.pid, subject=ev.subject if ev else None, other=ev.other if ev else None,
                          count=ev.count if ev else 1))
    ed.tell("pending.activates", player=c.pname(pe.owner), effect=c.without_lead(pe.label))
    key = keyword_caption(s, e.name, "activates", pe.source)
    if key is not None:
        ed.tell(key, player=c.pname(pe.owner))
        others = any(p.pid != pe.pid for g in s.pending for p in g.waiting)
        if others and f"{key}_pending" in cap.CAPTIONS:  # said only when other effects still wait (<Blitz>, Q1299)
            ed.tell(f"{key}_pending")
    # met, or it would not have activated (CR 15-6-3); a keyword's own "may" caption has already said it (<Blitz>)
    words = None if e.optional and cap.keyword_key(e.name, "may") else _pending_words(s, pe)
    if words:
        then = e.condition is not None and read_at_trigger(e.condition, pe.moment)
        ed.tell("pending.condition_met_removal" if then else "pending.condition_met", words=words)
        note = f"cond_note.{e.condition.kind}" if e.condition is not None else ""
        if note in cap.CAPTIONS:
            ed.tell(note)
    return (ed.tell("pending.once_used") if e.once_per_turn else ed).done()


def _pending_words(s: State, pe: PendingEffect) -> str | None:
    """The effect's processing condition in words, read where the engine reads it (CR 15-8-3-9-3/4), or None."""
    cond = pe.effect.condition
    if cond is None:
        return None
    return condition_words(reading_state(s, cond, pe.moment), cond, pe.owner, pe.holder, pe.event,
                           then=read_at_trigger(cond, pe.moment))


def loop_over(s: State) -> bool:
    """True when the top frame of ``s`` is a ResolveFrame and no effect is pending (CR 15-4-5-2): :func:`h_resolve`
    would only end the loop, making the changes :func:`loop_end` gives."""
    return type(s.frames[-1]) is ResolveFrame and _newest_waiting(s) is None


def loop_end(s: State) -> dict[str, object]:
    """The changes that end the resolution loop of ``s``'s top frame once nothing is pending (CR 15-4-5-2): the frame
    is popped and the finished generations are cleared (for ``copying.changed``, alone or with other changes)."""
    return {"frames": s.frames[:-1], "pending": (), "activating": None}


def h_resolve(s: State, f: ResolveFrame, answer: str | None) -> State:
    """The resolution loop (CR 15-4-3, 15-4-5): until no effect is pending, activate one at a time.

    Stages for each effect: choose it (the newest generation first, the turn player's effects first, an
    "order" decision among several, CR 15-4-3-5; kept in ``f.chosen``); check it may still activate
    (CR 15-4-4-3, 15-6-3); for a "you may" effect ask "use or not" (CR 15-9; ``f.confirmed``); activate it
    (push its ActivateFrame). With nothing pending the frame is popped (:func:`loop_end`).
    """
    gi = _newest_waiting(s)
    if gi is None:
        return changed(s, loop_end(s))
    chosen = f.chosen
    # the answer to "use or not" comes to the state that asked it, where the effect was found still activatable
    checked = chosen is not None and answering(s, answer)
    kept = True  # the frame on the work stack records the choice
    if chosen is None:
        s, chosen, answer = _choose_next(s, gi, answer)
        if chosen is None:
            return s
        f = ResolveFrame(chosen, f.confirmed)  # replace(f, chosen=chosen), built directly (both fields given)
        kept = False  # recorded only where the frame stays (a question): a lost or activated effect resets it
    pe = _find_pending(s, chosen)
    lost = None if checked else _not_activated(s, pe)
    if lost is not None:
        return lost
    if pe.effect.optional and not f.confirmed:
        if not kept:
            s = set_top(s, f)
        s, use = _ask_optional(s, pe, answer)
        if not use:
            return s
    return _activate(s, pe)


# --- processing one activated effect (CR 15-1-2) -------------------------------------------------------


def _declare_may_attack(s: State, f: ActivateFrame, a: fx.MayAttack, answer: str | None) -> tuple[State, ActivateFrame]:
    """The answer to a "may attack" effect's target question declares the attack (CR 11-2). The attack goes on
    once every pending effect has resolved (CR 11-1-4): its frame goes under the innermost resolution loop."""
    s, opt = take_answer(s, answer)
    attacker = (f.targets[0] if a.target is not None and f.targets else f.subject if a.subject else f.holder)
    assert attacker is not None
    f = replace(f, index=f.index + 1, picked=(), targets=None)
    s = set_top(s, f)
    s = declare_attack(s, attacker, opt.ref, suspend=not a.without_suspending)
    if a.delete_at_end and s.attack is not None:
        s = replace(s, attack=replace(s.attack, delete_at_end=True))
    frames = list(s.frames)
    for i in range(len(frames) - 1, -1, -1):
        if isinstance(frames[i], ResolveFrame):
            frames.insert(i, AttackFrame(stage=AttackTiming.COUNTER))
            break
    return replace(s, frames=tuple(frames)), f


_RE_ENTRY = (fx.PlayCard, fx.Custom, fx.TrashHand, fx.TrashSecurity, fx.PlayToken, fx.UseOption, fx.Digivolve,
             fx.ArtsDigivolve, fx.ChooseOne)
"""Actions that ask their own questions and take the answers through ``frame.picked`` (the re-entry protocol)."""


def _route_answer(s: State, f: ActivateFrame, a: fx.EffectAction,
                  answer: str | None) -> tuple[State, ActivateFrame, str | None]:
    """Give an answer to the action that asked: a card function, a play or a "trash from hand" gets its
    ``ref`` in ``f.picked`` and runs again (the re-entry protocol, :mod:`digiteach.engine.customs`); a
    ``cards`` answer joins ``f.cards``. Any other answer is left for the target choice."""
    if not answering(s, answer):
        return s, f, answer
    if isinstance(a, _RE_ENTRY):
        s, opt = take_answer(s, answer)
        f = replace(f, picked=f.picked + (opt.ref,))
        return set_top(s, f), f, None
    if s.decision is not None and s.decision.kind == DecisionKind.CARDS:
        s, opt = take_answer(s, answer)
        f = replace(f, cards=f.cards + (opt.ref,))
        return set_top(s, f), f, None
    return s, f, answer


def _finish_activation(s: State, f: ActivateFrame) -> State:
    """Every action is done: pop the frame; an activated effect is resolved and its processing ends
    (CR 15-4-3-3). An immediate effect inside a deletion lets the deletion go on (CR 15-8-5-2); a used Option's
    effect lets its trash come first, with no rule check between (CR 9-1-5)."""
    e = c.Edit(s).pop()
    if f.inline:
        return e.done()
    if f.pid is not None:
        e.set_status(f.pid, EffectStatus.RESOLVED)
        effect = f.effect
        if effect.once_per_turn and f.results and not any(ok for _kind, _t, ok in f.results):
            # it changed nothing, but it was activated: the activation counts as its use (CR 15-14-1-4)
            key = "pending.optional_did_nothing" if effect.optional else "pending.mandatory_did_nothing"
            e.tell(key, effect=c.without_lead(f.label), limit=per_turn_name(effect.per_turn),
                   player=c.pname(f.owner))
    if f.pid is None and f.holder is None and (f.label.startswith("[Main]") or option_flush_below(s, f.source)):
        return e.done()
    # as frames.finish_processing: the rule checks run and the triggers collected meanwhile become a generation
    return end_processing(e, flush=FlushFrame(cause=f"activation of {c.without_lead(f.label)}", pid=f.pid))


def _cost_paid(s: State, f: ActivateFrame) -> tuple[State, ActivateFrame]:
    """After a cost's own frame ran (a "by deleting ..." cost's deletion): the cost is paid only if none of its
    Digimon is still in the Battle Area, e.g. saved by <Evade>; otherwise the rest of the effect does not happen
    (CR 15-7-2, QA Q5599). Nothing to check: ``s`` and ``f`` unchanged."""
    if not f.paying:
        return s, f
    unpaid = any(c.in_battle_area(s, t) for t in f.paying)
    f = replace(f, paying=(), stopped=f.stopped or unpaid)
    s = set_top(s, f)
    return (c.tell(s, "effect.cost_unpaid") if unpaid else s), f


def _action_condition(s: State, f: ActivateFrame, a: fx.EffectAction, answer: str | None) -> tuple[State, bool]:
    """Whether action ``a``'s own processing condition (CR 15-6-2) holds (True without one); the first time the
    action is reached, the condition is said in words where it can be (:mod:`digiteach.engine.condition_words`)."""
    cond = getattr(a, "condition", None)
    if cond is None:
        return s, True
    moment = next((p.moment for g in s.pending for p in g.effects if p.pid == f.pid), None) if f.pid is not None else None
    seen = reading_state(s, cond, moment)  # its own Digimon, for an effect its removal triggered (CR 15-8-3-9-4)
    met = c.condition_met(seen, cond, f.owner, f.holder, None, f)
    words = condition_words(seen, cond, f.owner, f.holder, None, f, then=seen is not s)
    if words and f.targets is None and not f.picked and not answering(s, answer):
        key = "effect.condition_met" if met else "effect.condition_not_met"
        s = c.tell(s, key + ("_removal" if seen is not s else ""), words=words)
    return s, met


def _current(s: State, f: ActivateFrame) -> State:
    """``s`` with ``f`` as its top frame (no copy when it is already): :func:`h_activate` keeps its frame's progress in
    ``f`` and puts it on the work stack only where the frame is read back (a question, frames pushed above it, an
    action's own changes to it); its last change is not put there at all, since the frame is then popped."""
    return s if s.frames[-1] is f else set_top(s, f)


def h_activate(s: State, f: ActivateFrame, answer: str | None) -> State:
    """Process the actions of one activated effect in printed order (CR 15-1-2).

    Stages for each action (``f.index``): skip it if its condition fails (CR 15-6-2); take an answer meant
    for it; find its targets (``f.targets``, CR 15-10); carry it out (:func:`digiteach.engine.apply.apply_action`),
    which may ask (the frame waits), push frames (they run first) or fail as a cost (the effect stops,
    CR 15-7-2). After the last action the effect is resolved and a FlushFrame ends its processing.
    """
    if not f.started:
        f = replace(f, started=True)  # put on the work stack with the next change (:func:`_current`)
    s, f = _cost_paid(s, f)
    actions = f.effect.actions
    while f.index < len(actions) and not f.stopped:
        a = actions[f.index]
        s, met = _action_condition(s, f, a, answer)
        if not met:
            f = replace(f, index=f.index + 1, picked=(), results=f.results + ((type(a).__name__, (), False),))
            continue
        if isinstance(a, fx.MayAttack) and answering(s, answer) \
                and s.decision is not None and s.decision.kind == DecisionKind.ATTACK_TARGET:
            s, f = _declare_may_attack(s, f, a, answer)
            answer = None
            continue
        s, f, answer = _route_answer(s, f, a, answer)
        if f.targets is None:
            s, targets = targets_for(s, f, a, answer)  # a question puts ``f`` (with what is picked) on the stack
            if targets is None:
                return s
            answer = None
            f = replace(f, targets=tuple(targets))
        s = _current(s, f)  # an action that asks finds its frame on the stack when the answer comes
        assert f.targets is not None
        s, done = apply_action(s, f, a, list(f.targets))
        if done.waiting:
            return s
        cost = bool(getattr(a, "cost", False))
        f = replace(f, index=f.index + 1, picked=(), stopped=cost and not done.ok, targets=None, cards=(),
                    count=f.count if done.count is None else done.count,
                    paying=tuple(f.targets) if cost and done.frames else (),
                    results=f.results + ((type(a).__name__, f.targets, done.ok),))
        if done.frames:
            return changed(s, {"frames": s.frames[:-1] + (f,) + done.frames})
    return _finish_activation(s, f)
