"""Effect actions (CR 15-1-2: an effect's actions are processed in printed order): one function per action
type, found through one table, :data:`APPLY`.

:func:`apply_action` is called by the [ActivateFrame] handler (:func:`digiteach.engine.rules.resolution.h_activate`)
once the action's targets are known (:mod:`digiteach.engine.targets`). Each action function takes
``(state, frame, action, targets)`` and returns ``(state, Applied)``: whether the action was done in full
(a cost that could not be paid stops the effect, CR 15-7-2), frames to run before the next action, or that a
decision is open and the action waits for its answer (then the answer's ``ref`` is appended to
``frame.picked`` and the action runs again, as for card functions, :mod:`digiteach.engine.customs`).

To add an action kind: its dataclass in :mod:`digiteach.effects`, its name in the card loader, one function
here and one line in :data:`APPLY`.
"""

from __future__ import annotations

from dataclasses import dataclass
from digiteach.copying import replace
from typing import Any, Callable

from digiteach import captions as cap
from digiteach import effects as fx
from digiteach.i18n import card_text, pgettext
from digiteach.decisions import Option
from digiteach.effects import Effect
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.gauge import effect_memory
from digiteach.engine.customs import CUSTOM
from digiteach.engine.frames import set_top
from digiteach.engine import plays
from digiteach.engine.moves import DONE, FAILED, WAITING, Applied, Result
from digiteach.engine import moves
from digiteach.engine import placed_options, training
from digiteach.engine.switch_target import switch_target
from digiteach.engine.under import place_under
from digiteach.engine.targets import candidates, fixed_targets
from digiteach.engine.opening import too_new
from digiteach.engine.rules.attack import attack_targets, end_attack
from digiteach.engine.edits import cite_section
from digiteach.keywords import keyword_section
from digiteach.state import PLAYER_TARGET, SET_IID, ActivateFrame, Delayed, DeleteFrame, Event, Modifier, Stack, State
from digiteach.terms import AttackTiming, Timing

__all__ = ["Applied", "DONE", "FAILED", "WAITING", "APPLY", "apply_action", "duration_words"]


ActionFunction = Callable[[State, ActivateFrame, Any, list[int]], Result]

def duration_words(duration: str) -> str:
    """How a caption says ``Modifier.duration`` (the ``duration.*`` templates of :mod:`digiteach.captions`)."""
    return cap.text("duration." + duration)


_AFFECTS_TARGETS: dict[type, bool] = {fx.SwitchTarget: False, fx.MayAttack: False}
"""Action types whose chosen Digimon are not what the action affects: switching the attack target affects the
attacking Digimon, so the new target's "not affected by the opponent's effects" does not stop it (QA Q2699, Q3690);
"that Digimon attacks" affects its player, not the Digimon (QA Q4914)."""


def apply_action(s: State, f: ActivateFrame, a: fx.EffectAction, targets: list[int]) -> Result:
    """Carry out action ``a`` of the effect in ``f`` on ``targets`` (iids). A target that is not affected by the
    effect's player's effects is left out first (CR 15-15-5).

    Raises:
        TypeError: for an action type with no function in :data:`APPLY`.
        ValueError: for a ``Custom`` action whose name is not registered.
    """
    owner = f.owner
    sel = getattr(a, "target", None)
    on_field = sel is None or (sel.area == "battle" and sel.who not in ("this_card", "previous"))
    shielded = [t for t in targets if c.unaffected_by(s, t, owner)] \
        if on_field and _AFFECTS_TARGETS.get(type(a), True) else []
    if shielded:
        targets = [t for t in targets if t not in shielded]
        names = ", ".join(c.label(s, c.stack_of(s, t).top) for t in shielded)  # type: ignore[union-attr]
        s = c.tell(s, "effect.not_affected", names=names, player=c.pname(owner))
    fn = APPLY.get(type(a))
    if fn is None:
        raise TypeError(f"unknown action {a!r}")
    s, applied = fn(s, f, a, targets)
    # the step on which a keyword effect does what its keyword says cites the keyword's section (CR chapter 16)
    section = keyword_section(f.effect.keyword) if f.effect.keyword and (applied.ok or applied.waiting) else None
    return (s if section is None else cite_section(s, section)), applied


def _delete(s: State, f: ActivateFrame, a: fx.Delete, targets: list[int]) -> Result:
    """Delete the targets (CR 4-15), through a :class:`DeleteFrame` so immediate effects may interrupt."""
    if not targets:
        return c.tell(s, "effect.nothing_to_delete"), FAILED
    return s, Applied(frames=(DeleteFrame(targets=tuple(targets), cause="effect", by=f.owner),))


def _suspend(s: State, f: ActivateFrame, a: fx.Suspend, targets: list[int]) -> Result:
    """Suspend the targets at the same moment: a watching effect triggers once (CR 15-5-2)."""
    ok = bool(targets)
    events: list[Event] = []
    for t in targets:
        s, done, evs = ops.suspend_quietly(s, t, "effect", f.owner)
        ok = ok and done
        events += evs
    if events:
        s = c.trigger_many(s, events)
    if not targets:
        s = c.tell(s, "effect.nothing_to_suspend")
    return s, Applied(ok=ok)


def _unsuspend(s: State, f: ActivateFrame, a: fx.Unsuspend, targets: list[int]) -> Result:
    """Unsuspend the targets at the same moment (CR 15-5-2)."""
    woken: list[Event] = []
    for t in targets:
        s, evs = ops.unsuspend_quietly(s, t, f.owner)
        woken += evs
    if woken:
        s = c.trigger_many(s, woken)
    return s, Applied(ok=bool(woken))  # nothing was suspended: nothing done (CR 1-3-3)


def _times(s: State, f: ActivateFrame, sel: fx.Sel | None, every: int) -> tuple[State, int]:
    """The multiplier of a "for each" action: the cards ``sel`` finds, in groups of ``every`` (rounded down);
    1 without ``sel``."""
    if sel is None:
        return s, 1
    found = len(candidates(s, sel, f)) if sel.who == "choose" else len(fixed_targets(s, sel, f) or [])
    k = found // max(every, 1)
    cards = moves.card_count(found)
    if sel.area == "battle" or sel.whose == "any":
        return c.tell(s, "lang.counted", cards=cards), k
    whose = f.owner if sel.whose == "you" else 1 - f.owner
    if sel.area == "trash" and f.source in s.limbo:
        return c.tell(s, "lang.counted_trash_used", player=c.pname(whose), cards=cards), k
    return c.tell(s, "lang.counted_area", player=c.pname(whose), cards=cards, area=moves.counted_area(sel.area)), k


def _gain_memory(s: State, f: ActivateFrame, a: fx.GainMemory, targets: list[int]) -> Result:
    """Gain (or lose) memory (CR 4-1-4; the gauge's ends: :func:`~digiteach.engine.gauge.effect_memory`), unless a gain
    is prohibited (CR 15-1-3); "for each" multiplies it; ``at: end_of_turn``: pending processing (CR 18-1)."""
    owner = f.owner
    if a.at == "end_of_turn":
        s = replace(s, delayed=s.delayed + (Delayed("end_of_turn_memory", owner, a.amount, f.source),))
        verb = pgettext("memory", "gain") if a.amount >= 0 else pgettext("memory", "lose")
        return c.tell(s, "lang.end_of_turn_memory", player=c.pname(owner), verb=verb, amount=abs(a.amount)), DONE
    before = c.memory_a(s)
    s, k = _times(s, f, a.for_each, a.every)
    amount = a.amount * (f.count if a.per_count else k)
    if amount == 0:  # a cost or a ``lose_memory`` (negative amount) loses; CR 1-3-3
        key = "effect.no_memory_lost" if a.cost or a.amount < 0 else "effect.no_memory"
        return c.tell(s, key, player=c.pname(owner)), DONE
    if amount > 0 and c.memory_gain_prohibited(s, owner, f.source):
        by = [c.label(s, st.top) for st in s.players[1 - owner].battle
              if any(e.kind == "no_opponent_memory_gain" for e in c.persistents(s, 1 - owner, st))]
        return c.tell(s, "effect.memory_forbidden", player=c.pname(owner), card=", ".join(by)), FAILED
    s, done = effect_memory(s, owner, amount, cost=a.cost)
    if not done:  # a memory cost that can be done only in part is not done: the effect stops (CR 15-7-3, 15-7-2)
        return s, FAILED
    was_tp = before if s.turn_player == 0 else -before
    if s.attack is not None and was_tp >= 0 > s.memory:  # the turn ends only after the attack (CR 6-1-4-1; Q990)
        s = c.tell(s, "effect.memory_turn_goes_on", other=c.pname(1 - s.turn_player))
    return s, DONE


def _modifier_for(s: State, f: ActivateFrame, a: fx.ModifyDP | fx.ModifySecurityA | fx.GrantKeyword, iid: int,
                  amount: int) -> tuple[Modifier, str]:
    """The modifier ``a`` puts on ``iid`` (or on its set) and how a caption says it."""
    owner, when = f.owner, duration_words(a.duration)
    scope = replace(a.target, who="all") if _on_set(a) else None
    common = {"duration": a.duration, "player": owner, "turn": s.turn, "source": c.label(s, f.source), "scope": scope}
    if isinstance(a, fx.ModifyDP):
        return Modifier("dp", iid, amount=amount, **common), f"gets {amount:+d} DP {when}"  # type: ignore[arg-type]
    if isinstance(a, fx.ModifySecurityA):
        return (Modifier("security_a", iid, amount=amount, **common),  # type: ignore[arg-type]
                f"gains <Security A. {amount:+d}> {when}")
    named = f"<{a.keyword}>" if not a.keyword.startswith("Can't") else f'"{a.keyword}"'
    return Modifier("keyword", iid, keyword=a.keyword, **common), f"gains {named} {when}"  # type: ignore[arg-type]


def _on_set(a: fx.ModifyDP | fx.ModifySecurityA | fx.GrantKeyword) -> bool:
    """Overall processing (CR 15-11-2): the change is on the set its ``who: all`` selector describes."""
    return a.lasting == "set" or (a.lasting == "auto" and a.target.who == "all")


def _signed(n: int) -> str:
    """``+4000`` / ``-11000``."""
    return f"{n:+d}"


def _dp_key(amount: int, after: int) -> str:
    """The DP-change caption: a decrease says whether the Digimon is now at 0 DP, which only the rule check after
    the effect acts on (CR 17-1-2-2, 17-1-3-1-1)."""
    if amount >= 0:
        return "effect.dp"
    return "effect.dp_zero" if after == 0 else "effect.dp_not_zero"


def _modify(s: State, f: ActivateFrame, a: fx.ModifyDP | fx.ModifySecurityA | fx.GrantKeyword,
            targets: list[int]) -> Result:
    """Give each target DP, <Security A.> (CR 16-4) or a keyword for the action's duration; with ``lasting:
    set``, give it to the set the selector describes, Digimon that arrive later included (CR 15-11-2)."""
    amount = a.amount if not isinstance(a, fx.GrantKeyword) else 0
    if isinstance(a, fx.ModifyDP) and a.for_each is not None:
        s, k = _times(s, f, a.for_each, a.every)
        amount *= k
    on_set = _on_set(a)
    befores = {t: c.dp(s, t) or 0 for t in targets}
    if on_set:  # overall processing (CR 15-11-2): one change on the set, said below for each Digimon it reaches now
        s = c.modifier(s, _modifier_for(s, f, a, SET_IID, amount)[0])
        if a.target.who != "all":
            return c.tell(s, "lang.set_later"), DONE
    for t in targets:
        m, words = _modifier_for(s, f, a, t, amount)
        card = c.label(s, c.stack(s, t).top)
        if isinstance(a, fx.ModifyDP):
            before = befores[t]
            after = max(0, before + amount)
            s = c.tell(s, _dp_key(amount, after), card=card, amount=_signed(amount),
                       duration=duration_words(a.duration), before=before, after=after)
        elif isinstance(a, fx.ModifySecurityA):
            s = c.tell(s, "effect.security_a", card=card, amount=_signed(amount), duration=duration_words(a.duration))
            if s.attack is not None and s.attack.attacker == t and s.attack.revealed is not None:
                s = c.tell(s, "effect.security_a_now")  # a check in progress counts it at once (CR 16-4-2)
        elif a.keyword.startswith("Can't"):
            s = c.tell(s, "lang.gains_named", card=card, keyword=a.keyword, duration=duration_words(a.duration))
        else:
            s = c.tell(s, "effect.keyword", card=card, keyword=a.keyword)
        if not on_set:
            s = c.modifier(s, m)
    return s, DONE


def _draw(s: State, f: ActivateFrame, a: fx.Draw, targets: list[int]) -> Result:
    """<Draw n> and "draw n" (CR 16-15)."""
    return ops.draw(s, f.owner, a.amount), DONE


def _recovery(s: State, f: ActivateFrame, a: fx.Recovery, targets: list[int]) -> Result:
    """<Recovery +n (Deck)> (CR 16-6)."""
    return ops.recovery(s, f.owner, a.amount), DONE


def _de_digivolve(s: State, f: ActivateFrame, a: fx.DeDigivolve, targets: list[int]) -> Result:
    """<De-Digivolve n> (CR 16-12): trash up to n top cards, never below a level-3 card or the last card; the
    targets' cards go at the same time (one trigger, CR 15-5-2)."""
    events: list[Event] = []
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
            s = c.tell(s, "effect.de_digivolve", amount=a.amount)
            s, evs = ops.trash_from_stack_quietly(s, t, uids, f.owner)
            events += evs
        else:
            s = c.tell(s, "effect.de_digivolve_none", amount=a.amount, card=c.label(s, st.top))
    return (c.trigger_many(s, events) if events else s), DONE


def _play(s: State, f: ActivateFrame, a: fx.PlayCard, targets: list[int]) -> Result:
    """Play a card for free or at a reduced cost (CR 15-10): see :func:`digiteach.engine.plays.apply_play`."""
    s, played = plays.apply_play(s, f, a)
    return (s, WAITING) if s.decision is not None else (s, Applied(ok=played))


def _play_token(s: State, f: ActivateFrame, a: fx.PlayToken, targets: list[int]) -> Result:
    """Play tokens (CR 4-21): see :func:`digiteach.engine.plays.play_token`."""
    s, played = plays.play_token(s, f, a)
    return (s, WAITING) if s.decision is not None else (s, Applied(ok=played))


def _use_option(s: State, f: ActivateFrame, a: fx.UseOption, targets: list[int]) -> Result:
    """Use an Option for free inside this effect (CR 9-1): see :func:`digiteach.engine.plays.use_option`."""
    s, frames, used = plays.use_option(s, f, a)
    return (s, WAITING) if s.decision is not None else (s, Applied(ok=used, frames=tuple(frames)))


def _digivolve(s: State, f: ActivateFrame, a: fx.Digivolve, targets: list[int]) -> Result:
    """Digivolve by an effect (CR 8-1): see :func:`digiteach.engine.plays.digivolve`."""
    s, done = plays.digivolve(s, f, a, targets)
    return (s, WAITING) if s.decision is not None else (s, Applied(ok=done))


def _arts_digivolve(s: State, f: ActivateFrame, a: fx.ArtsDigivolve, targets: list[int]) -> Result:
    """Arts Digivolve (CR 4-20-2): see :func:`digiteach.engine.plays.arts_digivolve`."""
    s = plays.arts_digivolve(s, f)
    return (s, WAITING) if s.decision is not None else (s, DONE)


def _choose_one(s: State, f: ActivateFrame, a: fx.ChooseOne, targets: list[int]) -> Result:
    """"Choose one of the following" (CR 15-10-2): ask, then process the chosen actions as part of this effect
    (an inline frame: no rule check in between)."""
    if not f.picked:
        options = [Option(card_text(ch.summary), i) for i, ch in enumerate(a.choices)]
        s = ask(s, f.owner, DecisionKind.TARGET, cap.text("lang.choose_one_prompt", player=c.pname(f.owner)),
                options, cap.rules("lang.choose_one_prompt")[0])
        return c.tell(s, "lang.choose_one_may", player=c.pname(f.owner)), WAITING
    chosen = a.choices[f.picked[-1]]
    s = c.tell(s, "lang.choose_one_chosen", player=c.pname(f.owner), choice=card_text(chosen.summary))
    inner = ActivateFrame(effect=Effect(actions=chosen.actions, summary=chosen.summary), owner=f.owner,
                          label=f.label, holder=f.holder, source=f.source, started=True, subject=f.subject,
                          other=f.other, count=f.count, inline=True)
    return s, Applied(frames=(inner,))


def _grant_effect(s: State, f: ActivateFrame, a: fx.GrantEffect, targets: list[int]) -> Result:
    """The targets gain an effect for the duration (CR 15-15): it triggers and activates as their own."""
    for t in targets:
        s = c.modifier(s, Modifier("effect", t, effect=a.effect, duration=a.duration, player=f.owner, turn=s.turn,
                                   source=c.label(s, f.source)))
        s = c.tell(s, "lang.grant_effect", card=c.label(s, c.stack(s, t).top), summary=card_text(a.effect.summary),
                   duration=duration_words(a.duration))
    return s, DONE


def _end_attack(s: State, f: ActivateFrame, a: fx.EndAttack, targets: list[int]) -> Result:
    """End the attack (CR 15-15-1-1)."""
    return end_attack(s), DONE


def _attacker_of(f: ActivateFrame, a: fx.MayAttack, targets: list[int]) -> int | None:
    """The Digimon a "may attack" action lets attack: the chosen one, the trigger's subject, or this Digimon."""
    if a.target is not None:
        return targets[0] if targets else None
    return f.subject if a.subject else f.holder


def _effect_attack_problem(s: State, a: fx.MayAttack, hit: tuple[int, Stack] | None) -> State | None:
    """``s`` told why the Digimon ``hit`` (player, stack) cannot make the attack ``a`` lets it make, or None when it
    can: it must be in the Battle Area and free to attack (CR 11-2-5, 15-1-3; ``without_suspending``: QA Q3185), new
    to the field only with <Rush> or an effect that says so (CR 7-1-2-1, :func:`~digiteach.engine.opening.too_new`),
    and the turn player's (CR 11-1-2)."""
    if hit is None or c.cant_attack(s, hit[1].iid) or not a.without_suspending and (
            hit[1].suspended or c.cant_suspend(s, hit[1].iid)):
        return c.tell(s, "attack.cannot_now" if a.without_suspending else "attack.cannot")
    attacking, st = hit
    if not a.placed_this_turn_ok and too_new(s, st):
        return c.tell(s, "attack.placed_this_turn", card=c.label(s, st.top))
    if attacking != s.turn_player:
        return c.tell(s, "lang.only_turn_player", card=c.label(s, st.top))
    return None


def _may_attack(s: State, f: ActivateFrame, a: fx.MayAttack, targets: list[int]) -> Result:
    """"This Digimon may attack": ask what it attacks; the answer declares the attack (taken by
    :func:`digiteach.engine.rules.resolution.h_activate`). None during another attack (CR 11-2-4). Only the turn
    player attacks (CR 11-1-2); the attacking player, who may not be the effect's player, chooses the target
    (CR 11-2-7-1, QA Q4914). An attack ``without_suspending`` may be made by a suspended Digimon (QA Q4418)."""
    if s.attack is not None and s.attack.timing is not AttackTiming.ATTACK_OVER:
        return c.tell(s, "attack.in_progress"), FAILED
    who = _attacker_of(f, a, targets)
    hit = c.find(s, who) if who is not None else None
    problem = _effect_attack_problem(s, a, hit)
    if problem is not None:
        return problem, FAILED
    assert hit is not None
    attacking, st = hit
    choices = [t for t in attack_targets(s, st.iid, a.unsuspended_targets)
               if a.only == "any" or (t == PLAYER_TARGET) == (a.only == "player")]
    if not choices:
        return c.tell(s, "lang.nothing_to_attack"), FAILED
    s = set_top(s, replace(f, picked=()))
    options = [Option(cap.text("attack.target_option", target=c.pname(1 - attacking) if t == PLAYER_TARGET
                               else c.label(s, c.stack(s, t).top)), t, about=None if t == PLAYER_TARGET else t)
               for t in choices]
    prompt = cap.text("attack.target_prompt", player=c.pname(attacking), card=c.label(s, st.top))
    s = ask(s, attacking, DecisionKind.ATTACK_TARGET, prompt, options, cap.rules("attack.target_prompt")[0])
    return c.tell(s, "attack.target_choose", player=c.pname(attacking)), WAITING


def _alliance(s: State, f: ActivateFrame, a: fx.Alliance, targets: list[int]) -> Result:
    """<Alliance> (CR 16-24): suspend another of your Digimon; the attacker gets its DP and <Security A. +1>
    until the attack ends."""
    owner = f.owner
    if not targets or f.holder is None or not c.in_battle_area(s, f.holder):
        return c.tell(s, "effect.alliance_none"), FAILED
    t = targets[0]
    st = c.stack_of(s, t)
    assert st is not None
    bonus = c.dp(s, t) or 0
    before = c.dp(s, f.holder) or 0
    s, done = ops.suspend(s, t, "alliance", owner)
    if not done:  # its optional condition not done: no DP and no <Security A. +1> (CR 15-7-2)
        return c.tell(s, "effect.alliance_none"), FAILED
    s = c.modifier(s, Modifier("dp", f.holder, amount=bonus, duration="attack", player=owner, turn=s.turn,
                               source="<Alliance>"))
    s = c.modifier(s, Modifier("security_a", f.holder, amount=1, duration="attack", player=owner, turn=s.turn,
                               source="<Alliance>"))
    return c.tell(s, "effect.alliance", ally=c.label(s, st.top), card=c.label(s, c.stack(s, f.holder).top),
                  bonus=bonus, before=before, after=c.dp(s, f.holder) or 0), DONE


def _piercing_check(s: State, f: ActivateFrame, a: fx.PiercingCheck, targets: list[int]) -> Result:
    """<Piercing> (CR 16-7-4): its security check waits until just before the end of the attack. Each activation
    is counted (before CR 3.7 each one was a check of its own: see the attack's <Piercing> timing)."""
    att = s.attack
    if att is not None:
        s = replace(s, attack=replace(att, piercing_pending=True, piercing_activations=att.piercing_activations + 1))
        if att.ended and att.end_fired:  # CR 15-15-1-1: the end of attack has come; nothing is made before it now
            return c.tell(s, "effect.piercing_ended"), DONE
    return c.tell(s, "effect.piercing"), DONE


def _prevent_deletion(s: State, f: ActivateFrame, a: fx.PreventDeletion, targets: list[int]) -> Result:
    """The deletion this immediate effect interrupts does not happen for its Digimon, or for the Digimon its trigger
    names (``subject``: <Decoy>, <Guard>), CR 15-8-5-2."""
    saved = f.subject if a.subject else f.holder
    stack_ = list(s.frames)
    for i in range(len(stack_) - 1, -1, -1):
        fr = stack_[i]
        if isinstance(fr, DeleteFrame) and saved in fr.targets:
            stack_[i] = replace(fr, saved=fr.saved + (saved,))
            s = replace(s, frames=tuple(stack_))  # another Digimon's (<Decoy>) is named: its holder went instead
            other = {} if saved == f.holder else {"card": c.label(s, c.stack(s, saved).top)}
            return c.tell(s, moves.removal_key(fr, "prevented_other" if other else "prevented"), **other), DONE
    return s, DONE


def _activate_main(s: State, f: ActivateFrame, a: fx.ActivateMain, targets: list[int]) -> Result:
    """A [Security] effect that activates the card's [Main] effect (CR 15-15-7): it runs next."""
    mains = placed_options.use_effects(c.card(s, f.source))
    frames = tuple(ActivateFrame(effect=e, owner=f.owner, label=cap.text("word.effect_of", effect="[Main]", card=c.label(s, f.source)), holder=None,
                                 source=f.source, started=True, subject=f.subject) for e in reversed(mains))
    return c.tell(s, "effect.main", card=c.label(s, f.source)), Applied(frames=frames)


def _add_this_to_hand(s: State, f: ActivateFrame, a: fx.AddThisToHand, targets: list[int]) -> Result:
    """The checked or used card itself (in no area meanwhile) goes to its owner's hand."""
    uid = f.source
    if uid in s.limbo:
        p = s.owners[uid]
        s = replace(s, limbo=tuple(u for u in s.limbo if u != uid))
        s = c.set_player(s, p, replace(s.players[p], hand=s.players[p].hand + (uid,)))
        s = c.tell(s, "effect.to_hand", card=c.label(s, uid), player=c.pname(p))
    return s, DONE


def _blast_digivolve(s: State, f: ActivateFrame, a: fx.BlastDigivolve, targets: list[int]) -> Result:
    """<Blast Digivolve> (CR 16-26) is carried out by the counter timing itself: nothing to do here."""
    return s, DONE


def _custom(s: State, f: ActivateFrame, a: fx.Custom, targets: list[int]) -> Result:
    """A card function (:mod:`digiteach.engine.customs`): it may ask (the action waits) or return frames."""
    fn = CUSTOM.get(a.name)
    if fn is None:
        raise ValueError(f"Custom action {a.name!r} is not registered (use register_custom)")
    out = fn(s, f)
    s, more = out if isinstance(out, tuple) else (out, [])
    if s.decision is not None:
        return s, WAITING
    return s, Applied(frames=tuple(more))


APPLY: dict[type, ActionFunction] = {
    fx.Delete: _delete,
    fx.Suspend: _suspend,
    fx.Unsuspend: _unsuspend,
    fx.GainMemory: _gain_memory,
    fx.TrashHand: moves.trash_hand,
    fx.ModifyDP: _modify,
    fx.ModifySecurityA: _modify,
    fx.GrantKeyword: _modify,
    fx.Draw: _draw,
    fx.TrashSecurity: moves.trash_security,
    fx.Recovery: _recovery,
    fx.DeDigivolve: _de_digivolve,
    fx.TrashDigivolutionCards: moves.trash_digivolution_cards,
    fx.PlayCard: _play,
    fx.SwitchTarget: switch_target,
    fx.EndAttack: _end_attack,
    fx.MayAttack: _may_attack,
    fx.Alliance: _alliance,
    fx.PiercingCheck: _piercing_check,
    fx.PreventDeletion: _prevent_deletion,
    fx.ActivateMain: _activate_main,
    fx.AddThisToHand: _add_this_to_hand,
    fx.BlastDigivolve: _blast_digivolve,
    fx.Move: moves.move,
    fx.PlaceUnder: place_under,
    fx.Shuffle: moves.shuffle,
    fx.Battle: moves.battle,
    fx.PlayToken: _play_token,
    fx.UseOption: _use_option,
    fx.Digivolve: _digivolve,
    fx.ArtsDigivolve: _arts_digivolve,
    fx.ChooseOne: _choose_one,
    fx.GrantEffect: _grant_effect,
    fx.Custom: _custom,
    fx.PlaceInBattleArea: placed_options.place_in_battle_area,
    fx.DelayTrash: placed_options.delay_trash,
    fx.Train: training.train,
}
"""Action type -> the function that carries it out: the one table of effect actions."""
