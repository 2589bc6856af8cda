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
from digiteach.decisions import Option
from digiteach.effects import Effect
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.customs import CUSTOM
from digiteach.engine.frames import set_top
from digiteach.engine.plays import apply_play
from digiteach.engine.rules.attack import attack_targets, end_attack
from digiteach.state import PLAYER_TARGET, ActivateFrame, DeleteFrame, Event, Frame, Modifier, Stack, State
from digiteach.terms import AttackTiming, Timing

__all__ = ["Applied", "DONE", "FAILED", "WAITING", "APPLY", "apply_action", "duration_words"]


@dataclass(frozen=True, slots=True)
class Applied:
    """How one action went. ``ok``: done in full (if the action is a cost and ``ok`` is False, the rest of the
    effect does not happen, CR 15-7-2). ``frames``: to run before the next action (last runs first).
    ``waiting``: a decision is open and the action runs again with its answer. ``count``: a number the
    next actions refer to ("for each card trashed"), when the action sets one."""

    ok: bool = True
    frames: tuple[Frame, ...] = ()
    waiting: bool = False
    count: int | None = None


DONE = Applied()
FAILED = Applied(ok=False)
WAITING = Applied(ok=False, waiting=True)
Result = tuple[State, Applied]
ActionFunction = Callable[[State, ActivateFrame, Any, list[int]], Result]

def duration_words(duration: str) -> str:
    """How a caption says ``Modifier.duration`` (the ``duration.*`` templates of :mod:`digiteach.captions`)."""
    return cap.text("duration." + duration)


_AFFECTS_TARGETS: dict[type, bool] = {fx.SwitchTarget: False}
"""Action types whose chosen Digimon are not what the action affects: switching the attack target affects the
attacking Digimon, so the new target's "not affected by the opponent's effects" does not stop it (QA Q2699, Q3690)."""


def apply_action(s: State, f: ActivateFrame, a: fx.EffectAction, targets: list[int]) -> Result:
    """Carry out action ``a`` of the effect in ``f`` on ``targets`` (iids). A target that is not affected by the
    effect's player's effects is left out first (CR 15-15-5).

    Raises:
        TypeError: for an action type with no function in :data:`APPLY`.
        ValueError: for a ``Custom`` action whose name is not registered.
    """
    owner = f.owner
    shielded = [t for t in targets if c.unaffected_by(s, t, owner)] if _AFFECTS_TARGETS.get(type(a), True) else []
    if shielded:
        targets = [t for t in targets if t not in shielded]
        names = ", ".join(c.label(s, c.stack_of(s, t).top) for t in shielded)  # type: ignore[union-attr]
        s = c.tell(s, "effect.not_affected", names=names, player=c.pname(owner))
    fn = APPLY.get(type(a))
    if fn is None:
        raise TypeError(f"unknown action {a!r}")
    return fn(s, f, a, targets)


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
    return s, DONE


def _gain_memory(s: State, f: ActivateFrame, a: fx.GainMemory, targets: list[int]) -> Result:
    """Gain (or lose) memory (CR 4-1-4), unless a gain is prohibited by an opposing effect (CR 15-1-3)."""
    owner = f.owner
    before = c.memory_a(s)
    amount = a.amount * f.count if a.per_count else a.amount
    if amount == 0:
        return c.tell(s, "effect.no_memory", player=c.pname(owner)), DONE
    if amount > 0 and c.memory_gain_prohibited(s, owner, f.source):
        return c.tell(s, "effect.memory_forbidden", player=c.pname(owner)), FAILED
    s = c.gain_memory(s, owner, amount)
    verb = "gains" if amount >= 0 else "loses"
    s = c.tell(s, "effect.memory", player=c.pname(owner), verb=verb, amount=abs(amount),
               move=cap.memory_move(before, c.memory_a(s)))
    was_tp = before if s.turn_player == 0 else -before
    if s.attack is not None and was_tp >= 0 > s.memory:  # the turn ends only after the attack (CR 6-1-4-1; Q990)
        s = c.tell(s, "effect.memory_turn_goes_on", other=c.pname(1 - s.turn_player))
    return s, DONE


def _trash_hand(s: State, f: ActivateFrame, a: fx.TrashHand, targets: list[int]) -> Result:
    """Trash cards from the effect's player's hand (the newest first); "up to" asks how many (CR 15-10-2)."""
    hand = s.players[f.owner].hand
    most = min(a.amount, len(hand))
    n = most
    if a.up_to and most > 0:
        if not f.picked:
            options = [Option(cap.text("effect.trash_hand_option", count=k, cards="card" if k == 1 else "cards"), k)
                       for k in range(most, -1, -1)]
            prompt = cap.text("effect.trash_hand_prompt", player=c.pname(f.owner), amount=a.amount)
            s = ask(s, f.owner, DecisionKind.TARGET, prompt, options, cap.rules("effect.trash_hand_prompt")[0])
            return c.tell(s, "effect.trash_hand_choose", player=c.pname(f.owner)), WAITING
        n = f.picked[-1]
    pl = s.players[f.owner]
    gone = pl.hand[len(pl.hand) - n:] if n else ()
    s = c.set_player(s, f.owner, replace(pl, hand=pl.hand[: len(pl.hand) - n], trash=tuple(reversed(gone)) + pl.trash))
    s = c.tell(s, "effect.trash_hand", player=c.pname(f.owner), count=n, cards="card" if n == 1 else "cards")
    if n:
        s = c.trigger(s, Event("hand_trashed", f.owner, None, None, cause="effect", by=f.owner, count=n))
    return s, Applied(ok=not (n < a.amount and not a.up_to), count=n)


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
    """Give each target DP, <Security A.> (CR 16-4) or a keyword for the action's duration."""
    owner = f.owner
    for t in targets:
        st = c.stack_of(s, t)
        assert st is not None
        if isinstance(a, fx.ModifyDP):
            m = Modifier("dp", t, amount=a.amount, duration=a.duration, player=owner, turn=s.turn,
                         source=c.label(s, f.source))
            before = c.dp(s, t) or 0
            after = max(0, before + a.amount)
            s = c.tell(s, _dp_key(a.amount, after), card=c.label(s, st.top), amount=_signed(a.amount),
                       duration=duration_words(a.duration), before=before, after=after)
        elif isinstance(a, fx.ModifySecurityA):
            m = Modifier("security_a", t, amount=a.amount, duration=a.duration, player=owner, turn=s.turn,
                         source=c.label(s, f.source))
            s = c.tell(s, "effect.security_a", card=c.label(s, st.top), amount=_signed(a.amount),
                       duration=duration_words(a.duration))
        else:
            m = Modifier("keyword", t, keyword=a.keyword, duration=a.duration, player=owner, turn=s.turn,
                         source=c.label(s, f.source))
            s = c.tell(s, "effect.keyword", card=c.label(s, st.top), keyword=a.keyword)
        s = c.modifier(s, m)
    return s, DONE


def _draw(s: State, f: ActivateFrame, a: fx.Draw, targets: list[int]) -> Result:
    """<Draw n> and "draw n" (CR 16-15)."""
    return ops.draw(s, f.owner, a.amount), DONE


def _trash_security(s: State, f: ActivateFrame, a: fx.TrashSecurity, targets: list[int]) -> Result:
    """Trash security cards without their [Security] effects (CR 15-15-3); not done in full if too few."""
    owner, opp = f.owner, 1 - f.owner
    whom = [owner] if a.whose == "you" else [opp] if a.whose == "opponent" else [owner, opp]
    ok = True
    for p in whom:
        s, n = ops.trash_security(s, p, a.amount)
        ok = ok and n == a.amount
    return s, Applied(ok=ok)


def _recovery(s: State, f: ActivateFrame, a: fx.Recovery, targets: list[int]) -> Result:
    """<Recovery +n (Deck)> (CR 16-6)."""
    return ops.recovery(s, f.owner, a.amount), DONE


def _de_digivolve(s: State, f: ActivateFrame, a: fx.DeDigivolve, targets: list[int]) -> Result:
    """<De-Digivolve n> (CR 16-12): trash up to n top cards, never below a level-3 card or the last card."""
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
            s = ops.trash_from_stack(s, t, uids, f.owner)
        else:
            s = c.tell(s, "effect.de_digivolve_none", amount=a.amount, card=c.label(s, st.top))
    return s, DONE


def _trash_pool(s: State, a: fx.TrashDigivolutionCards, st: Stack) -> list[int]:
    """The cards of a stack (top first) that ``a`` may trash, in the order it takes them."""
    if a.position == "top_card":
        # "trash the top card" (e.g. <Armor Purge>): the top card itself goes, never the last card
        pool = list(st.cards[:-1])
    else:
        pool = list(st.digivolution_cards)  # top first
    if a.level is not None:
        pool = [u for u in pool if c.card(s, u).level == a.level]
    if a.position == "bottom":
        pool.reverse()
    return pool


def _ask_which_to_trash(s: State, f: ActivateFrame, a: fx.TrashDigivolutionCards, top: int,
                        chosen: list[int], left: list[int]) -> State:
    """Ask the effect's player which digivolution card of ``top``'s stack to trash next (CR 15-10-2)."""
    owner = f.owner
    options, seen = [], set()
    for u in left:
        if c.card(s, u).number not in seen:
            seen.add(c.card(s, u).number)
            options.append(Option(cap.text("effect.trash_option", card=c.label(s, u)), u))
    prompt = cap.text("effect.digivolution_prompt", player=c.pname(owner), card=c.label(s, top), k=len(chosen) + 1,
                      n=a.amount)
    s = ask(s, owner, DecisionKind.CARDS, prompt, options, cap.rules("effect.digivolution_prompt")[0])
    return c.tell(s, "effect.digivolution_choose", player=c.pname(owner), card=c.label(s, top))


def _trash_digivolution_cards(s: State, f: ActivateFrame, a: fx.TrashDigivolutionCards, targets: list[int]) -> Result:
    """Trash digivolution cards of each target (CR 4-16-3). Every target's cards are settled first (asking the
    effect's player where the card lets them choose, CR 15-10-2, answers in ``frame.cards``), so an open
    decision never leaves a half-done action behind. A cost with too few cards stops the effect (CR 15-7-3)."""
    plan: list[tuple[int, list[int]]] = []
    ok = bool(targets)
    for t in targets:
        st = c.stack_of(s, t)
        if st is None:
            ok = False
            continue
        pool = _trash_pool(s, a, st)
        chosen = pool[: a.amount]
        if a.position == "any" and len(pool) > a.amount:
            chosen = [u for u in f.cards if u in pool][: a.amount]
            left = [u for u in pool if u not in chosen]
            kinds = {c.card(s, u).number for u in left}
            if len(chosen) < a.amount and len(kinds) > 1 and len(chosen) + len(left) > a.amount:
                return _ask_which_to_trash(s, f, a, st.top, chosen, left), WAITING
            chosen = (chosen + left)[: a.amount]
        if len(chosen) < a.amount:
            ok = False
            if a.cost:
                return c.tell(s, "effect.too_few_cards", card=c.label(s, st.top), amount=a.amount), FAILED
        plan.append((t, chosen))
    for t, chosen in plan:
        s = ops.trash_from_stack(s, t, chosen, f.owner)
    return s, Applied(ok=ok)


def _play(s: State, f: ActivateFrame, a: fx.PlayCard, targets: list[int]) -> Result:
    """Play a card without paying its cost (CR 15-10): see :func:`digiteach.engine.plays.apply_play`."""
    s = apply_play(s, f, a)
    return (s, WAITING) if s.decision is not None else (s, DONE)


def _switch_target(s: State, f: ActivateFrame, a: fx.SwitchTarget, targets: list[int]) -> Result:
    """Switch the attack target (CR 11-2-7-2); impossible once the attacker has left (CR 11-2-7-4)."""
    att = s.attack
    if att is None or not targets or not c.in_battle_area(s, att.attacker):
        return c.tell(s, "attack.target_switch_fails"), FAILED
    t = targets[0]
    st = c.stack_of(s, t)
    assert st is not None
    s = replace(s, attack=replace(att, target=t, target_card=st.top))
    return c.tell(s, "attack.target_switched", card=c.label(s, st.top)), DONE


def _end_attack(s: State, f: ActivateFrame, a: fx.EndAttack, targets: list[int]) -> Result:
    """End the attack (CR 15-15-1-1)."""
    return end_attack(s), DONE


def _may_attack(s: State, f: ActivateFrame, a: fx.MayAttack, targets: list[int]) -> Result:
    """"This Digimon may attack": ask what it attacks (CR 11-2-7-1); the answer declares the attack (taken by
    :func:`digiteach.engine.rules.resolution.h_activate`). None during another attack (CR 11-2-4)."""
    if s.attack is not None and s.attack.timing is not AttackTiming.ATTACK_OVER:
        return c.tell(s, "attack.in_progress"), FAILED
    who = f.subject if a.subject else f.holder
    st = c.stack_of(s, who) if who is not None else None
    if st is None or st.suspended:
        return c.tell(s, "attack.cannot"), FAILED
    choices = attack_targets(s, st.iid, a.unsuspended_targets)
    if a.only != "any":
        choices = [t for t in choices if (t == PLAYER_TARGET) == (a.only == "player")]
    if not choices:
        return c.say(s, "There is nothing this Digimon can attack, so nothing happens.", "CR 11-2-7-1"), FAILED
    s = set_top(s, replace(f, picked=()))
    options = [Option(cap.text("attack.target_option", target=c.pname(1 - f.owner) if t == PLAYER_TARGET
                               else c.label(s, c.stack_of(s, t).top)), t) for t in choices]  # type: ignore[union-attr]
    prompt = cap.text("attack.target_prompt", player=c.pname(f.owner), card=c.label(s, st.top))
    s = ask(s, f.owner, DecisionKind.ATTACK_TARGET, prompt, options, cap.rules("attack.target_prompt")[0])
    return c.tell(s, "attack.target_choose", player=c.pname(f.owner)), WAITING



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
    s, _ = ops.suspend(s, t, "alliance", owner)
    s = c.modifier(s, Modifier("dp", f.holder, amount=bonus, duration="attack", player=owner, turn=s.turn,
                               source="<Alliance>"))
    s = c.modifier(s, Modifier("security_a", f.holder, amount=1, duration="attack", player=owner, turn=s.turn,
                               source="<Alliance>"))
    return c.tell(s, "effect.alliance", ally=c.label(s, st.top), card=c.label(s, c.stack(s, f.holder).top),
                  bonus=bonus, before=before, after=c.dp(s, f.holder) or 0), DONE


def _piercing_check(s: State, f: ActivateFrame, a: fx.PiercingCheck, targets: list[int]) -> Result:
    """<Piercing> (CR 16-7-4): its security check waits until just before the end of the attack. Each activation
    is counted (before CR 3.7 each one was a check of its own: see the attack's <Piercing> timing)."""
    if s.attack is not None:
        s = replace(s, attack=replace(s.attack, piercing_pending=True,
                                      piercing_activations=s.attack.piercing_activations + 1))
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
            return c.tell(replace(s, frames=tuple(stack_)), "delete.prevented"), DONE
    return s, DONE


def _activate_main(s: State, f: ActivateFrame, a: fx.ActivateMain, targets: list[int]) -> Result:
    """A [Security] effect that activates the card's [Main] effect (CR 15-15-7): it runs next."""
    mains = [e for e in c.card(s, f.source).effects if isinstance(e, Effect) and e.timing is Timing.MAIN]
    frames = tuple(ActivateFrame(effect=e, owner=f.owner, label=f"[Main] of {c.label(s, f.source)}", holder=None,
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
    fx.TrashHand: _trash_hand,
    fx.ModifyDP: _modify,
    fx.ModifySecurityA: _modify,
    fx.GrantKeyword: _modify,
    fx.Draw: _draw,
    fx.TrashSecurity: _trash_security,
    fx.Recovery: _recovery,
    fx.DeDigivolve: _de_digivolve,
    fx.TrashDigivolutionCards: _trash_digivolution_cards,
    fx.PlayCard: _play,
    fx.SwitchTarget: _switch_target,
    fx.EndAttack: _end_attack,
    fx.MayAttack: _may_attack,
    fx.Alliance: _alliance,
    fx.PiercingCheck: _piercing_check,
    fx.PreventDeletion: _prevent_deletion,
    fx.ActivateMain: _activate_main,
    fx.AddThisToHand: _add_this_to_hand,
    fx.BlastDigivolve: _blast_digivolve,
    fx.Custom: _custom,
}
"""Action type -> the function that carries it out: the one table of effect actions."""
