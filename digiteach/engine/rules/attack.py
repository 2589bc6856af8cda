"""The attack (CR 11): declaration, counter timing (CR 11-3), block timing (CR 12, 16-5), confirming success
(CR 11-5), the <Piercing> check (CR 16-7-4), the end of the attack (CR 11-6).

:func:`h_attack` runs the :class:`~digiteach.state.AttackFrame` at its ``stage``: one function per
:class:`~digiteach.terms.AttackTiming` in :data:`TIMINGS`. The timing that comes next is looked up in
:data:`digiteach.terms.ATTACK_SEQUENCE` (:func:`next_timing`), the same table the attack diagram draws; only
confirming success chooses its branch (a battle, a security check, a win, or nothing, CR 11-5-1).
"""

from __future__ import annotations

from digiteach.copying import replace
from typing import Callable

from digiteach import rulesets
from digiteach.decisions import Option
from digiteach import captions as cap
from digiteach.effects import Delete, Effect, Sel
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, answering, ask, take_answer
from digiteach.engine.differs import WIKI_DIFFERS
from digiteach.engine.frames import RESOLVE, flush, push, set_top
from digiteach.i18n import pgettext
from digiteach.engine.ops import enter_timing, note_timing
from digiteach.engine.printed import keyword_stacks, only_printed
from digiteach.engine.rules.counter import counter_options, tell_unusable_options, use_counter
from digiteach.engine.rules.declaration import declare, declare_attack
from digiteach.engine.rules.rule_check import end_processing
from digiteach.engine.rules.turn import PENDING_PROCESSING
from digiteach.engine.triggers import watched
from digiteach.state import (PLAYER_TARGET, Attack, AttackFrame, BattleFrame, Event, Frame, PendingEffect, ResolveFrame,
                              SecurityCheckFrame, Stack, State)
from digiteach.terms import ATTACK_SEQUENCE, AttackTiming, next_attack_timing

__all__ = ["h_attack", "declare_attack", "attack_targets", "end_attack", "next_timing",
           "TIMINGS"]


def next_timing(timing: AttackTiming) -> AttackTiming:
    """The attack timing after ``timing`` in :data:`digiteach.terms.ATTACK_SEQUENCE` (CR 11-1-3); after
    confirming success (whatever branch it took) comes the first stage of the tail.

    Raises:
        ValueError: for the last stage, which has no successor.
    """
    nxt = next_attack_timing(timing)
    if nxt is None and timing is AttackTiming.CONFIRMATION:
        nxt = next(st.timing for st in ATTACK_SEQUENCE if st.kind == "tail")
    if nxt is None:
        raise ValueError(f"no attack timing follows {timing.value!r}")
    return nxt


def _go_to_next(s: State, timing: AttackTiming) -> State:
    """Set the attack frame (on top) to the timing after ``timing``."""
    return set_top(s, _after(timing))


def _after(timing: AttackTiming) -> AttackFrame:
    """The attack frame at the timing after ``timing`` (one frame per timing: frames are values)."""
    frame = _AFTER.get(timing)
    if frame is None:
        frame = _AFTER[timing] = AttackFrame(stage=next_timing(timing))
    return frame


_AFTER: dict[AttackTiming, AttackFrame] = {}
"""Timing -> :func:`_after` (filled as asked; :data:`digiteach.terms.ATTACK_SEQUENCE` is fixed)."""


def attack_targets(s: State, attacker: int, unsuspended_ok: bool = False) -> list[int]:
    """Legal attack targets of ``attacker`` (CR 11-2-7-1): :data:`~digiteach.state.PLAYER_TARGET` and the
    opponent's suspended Digimon (also unsuspended ones with ``unsuspended_ok``)."""
    hit = c.find(s, attacker)
    if hit is None:
        return []
    opp = 1 - hit[0]
    out = [PLAYER_TARGET]
    for st in s.players[opp].battle:
        if c.card(s, st.top).kind == "Digimon" and (st.suspended or unsuspended_ok):
            out.append(st.iid)
    return out


_ENDED_KEYS: dict[AttackTiming, str] = {
    AttackTiming.DECLARATION: "attack.ended",  # Q1388: no counter or block timing
    AttackTiming.COUNTER: "attack.ended_counter",  # Q6491: no block timing
    AttackTiming.BLOCK: "attack.ended_block",
    AttackTiming.SECURITY_CHECK: "attack.ended_check",
    AttackTiming.BATTLE: "attack.ended_battle",
}
"""The timing an "end the attack" effect resolves in -> the caption saying what it skips (CR 15-15-1-1); any other
timing before the end of attack (confirming success, <Piercing> check) says ``attack.ended_late``; in the end of
attack itself ``attack.ended_at_end`` says nothing is skipped (CR 11-6)."""


def end_attack(s: State) -> State:
    """"End the attack" (CR 15-15-1-1): once the effect that ends it has been processed, the attack goes straight to
    its end (``Attack.ended_at`` keeps the timing it ended in). The attack's frame moves to just above the resolution
    loop the effect resolves in, set to the end of attack (:func:`_frames_ending_attack`): it runs before any older
    pending effect (QA Q6490), after the check or battle it interrupted finishes there (the checked card trashed with
    no security battle unless placed, CR 13-1-8-4; the battle ended, CR 14-2-5). In the end of attack itself (CR
    11-6) nothing is left to skip, though the attack lasts until CR 11-6-2."""
    att = s.attack
    at_end = att is not None and att.timing in (AttackTiming.END_OF_ATTACK, AttackTiming.ATTACK_OVER)
    if att is None or (att.ended and not at_end):
        return c.tell(s, "attack.none_to_end")
    s = replace(s, attack=replace(att, ended=True, ended_at=att.ended_at if att.ended else att.timing))
    key = "attack.ended_at_end" if at_end else _ENDED_KEYS.get(att.timing, "attack.ended_late")
    if att.timing is AttackTiming.SECURITY_CHECK and att.battle is not None:
        key = "attack.ended_battle"  # in the security battle: the battle ends first (CR 14-2-5)
    elif att.timing is AttackTiming.SECURITY_CHECK and att.revealed is not None and att.revealed not in s.limbo:
        key = "attack.ended_check_placed"  # the checked card was placed in an area: it is not trashed (CR 13-1-8-4)
    s = c.tell(s, key)
    if att.end_fired:
        return s
    frames = _frames_ending_attack(s.frames)
    return s if frames is None else replace(s, frames=frames)


def _frames_ending_attack(frames: tuple[Frame, ...]) -> tuple[Frame, ...] | None:
    """``frames`` with the attack's frame (set to the end of attack, CR 15-15-1-1) and the security check or battle
    frames it was running moved to just above the lowest resolution loop over them: they run once the processing
    under way there is over, the interrupted check or battle first. None when there is no such loop (the attack's
    frame, left where it is, then goes to the end of attack when it is reached: :func:`h_attack`)."""
    at = next((i for i in range(len(frames) - 1, -1, -1) if type(frames[i]) is AttackFrame), None)
    if at is None:
        return None
    loop = next((i for i in range(at + 1, len(frames)) if type(frames[i]) is ResolveFrame), None)
    if loop is None:
        return None
    between = frames[at + 1:loop]
    running = tuple(f for f in between if type(f) in (SecurityCheckFrame, BattleFrame))
    kept = tuple(f for f in between if type(f) not in (SecurityCheckFrame, BattleFrame))
    return frames[:at] + kept + (frames[loop], _AT_END) + running + frames[loop + 1:]


_AT_END = AttackFrame(stage=AttackTiming.END_OF_ATTACK)
"""The attack's frame at the end of attack, where an "end the attack" effect sends it (CR 15-15-1-1)."""


def _end_triggers(s: State, att: Attack) -> tuple[State, tuple[str, ...]]:
    """Collect the effects the end of ``att`` triggers (CR 11-6, 15-16-15): the attacking Digimon's [End of Attack]
    effects and the effects of any card in either Battle Area that watch the end of an attack (the event is the
    attacker's, so ``whose:`` is read against it and its player). Returns the state and the caption keys that say
    what happened (none when the attacker is there and nothing triggered)."""
    hit = c.find(s, att.attacker)
    before = len(s.collecting)
    if hit is None:  # Q1499: a Digimon no longer there triggers nothing; other cards watching still may
        s = c.trigger(s, Event("end_of_attack", att.attacker_player, att.attacker, att.attacker_card))
        gone = "attack.end_gone_none" if att.attacker_end_effects is False else "attack.end_gone"
        return s, (gone, "attack.end_others_trigger") if len(s.collecting) > before else (gone,)
    if not watched(s, "end_of_attack"):  # nothing triggers: no Event to make
        return s, ()
    s = c.trigger(s, Event("end_of_attack", hit[0], att.attacker, hit[1].top))
    new = s.collecting[before:]
    own = any(pe.holder == att.attacker for pe in new)
    others = any(pe.holder != att.attacker for pe in new)
    return s, (("attack.end_triggers",) if own else ()) + (("attack.end_others_trigger",) if others else ())


def _blockers(s: State, att: Attack) -> list[int]:
    """The non-turn player's unsuspended Digimon with <Blocker> that may block (CR 12-1, 16-5)."""
    out = []
    battle = s.players[1 - att.attacker_player].battle
    if only_printed(s) and not c.has_keyword(s, att.attacker, "Collision"):  # CR 16-30 gives every Digimon <Blocker>
        battle = keyword_stacks(s, battle, "Blocker")
    for st in battle:
        if st.iid != att.target and _could_block(s, st):
            out.append(st.iid)
    return out


def _could_block(s: State, st: Stack) -> bool:
    """Whether ``st`` is an unsuspended Digimon with <Blocker> able to block and suspend (CR 12-1-4, 16-5), the rule
    that the attack target cannot block (CR 12-1-5) aside."""
    if st.suspended or c.card(s, st.top).kind != "Digimon":
        return False
    return c.has_keyword(s, st.iid, "Blocker") and not c.cant_block(s, st.iid) and not c.cant_suspend(s, st.iid)


def _target_only_blocker(s: State, att: Attack) -> bool:
    """Whether the attack target is a Digimon that could block but for CR 12-1-5 (the attack target cannot block)."""
    st = c.stack_of(s, att.target) if att.target != PLAYER_TARGET else None
    return st is not None and _could_block(s, st)


def _declaration(s: State, f: AttackFrame, att: Attack | None, answer: str | None) -> State:
    """Attack declaration (CR 11-2): declare, then the declaration's triggers resolve (CR 11-1-4)."""
    e = declare(s, f.attacker, f.target)  # touches no frame: the stack is set once, after it
    return end_processing(e.set_top(_after(AttackTiming.DECLARATION)), RESOLVE, flush=flush("attack declaration"))


def _reaction_note() -> str:
    """The attack note of the older rulesets' timing for the opponent's "when an opponent's Digimon attacks" effects
    (in the language the attack is told in)."""
    return pgettext("note", "opponent's reaction timing")


def _reaction(s: State, att: Attack) -> State | None:
    """Under a ruleset before CR 2.0 (``opponent_attack_triggers_at_declaration`` off, docs/wiki-vs-cr.md A1), the
    opponent's "when an opponent's Digimon attacks" effects trigger in a timing of their own, once the
    declaration's effects have resolved and before the counter timing; the state after triggering them, or None
    when this ruleset has no such timing or it has passed."""
    if rulesets.ruleset(s.ruleset).opponent_attack_triggers_at_declaration or (
            any(text == _reaction_note() for _, text in att.notes)):
        return None
    s = note_timing(s, AttackTiming.DECLARATION, _reaction_note())
    hit = c.find(s, att.attacker)
    if hit is None:
        return None
    p = att.attacker_player
    before = len(s.collecting)
    s = c.trigger(s, Event("attacks", p, att.attacker, hit[1].top, by=p, other=att.target,
                           target_player=att.target == PLAYER_TARGET))
    s = replace(s, collecting=s.collecting[:before] + tuple(pe for pe in s.collecting[before:] if pe.owner != p))
    if len(s.collecting) == before:
        return None
    s = c.tell(s, "attack.reaction_timing", player=c.pname(1 - p))
    return push(s, RESOLVE, flush("the opponent's reaction to the attack"))


def _counter(s: State, f: AttackFrame, att: Attack, answer: str | None) -> State:
    """Counter timing (CR 11-3): the non-turn player may use one [Counter] effect (CR 11-3-2). Under a ruleset
    before CR 2.0 the opponent's reaction timing comes first (:func:`_reaction`)."""
    nt = 1 - att.attacker_player
    if not answering(s, answer):
        reacted = _reaction(s, att)
        if reacted is not None:
            return reacted
        att = s.attack or att
    e = c.Edit(s).enter_timing(AttackTiming.COUNTER)
    if not answering(s, answer) and any(kind == "activated" for kind, _ in s.log[att.log_at_declaration:]):
        e.tell("attack.counter_after_declaration")  # CR 11-1-4
    options = counter_options(s, att) if not att.counter_used else []
    if not options:
        e.set_top(_after(AttackTiming.COUNTER)).note_timing(AttackTiming.COUNTER, pgettext("note", "no [Counter] effect"))
        e.tell("attack.counter_none", player=c.pname(nt))
        return tell_unusable_options(e.done(), nt) if not att.counter_used else e.done()
    if not answering(s, answer):
        s = ask(e.done(), nt, DecisionKind.COUNTER, cap.text("attack.counter_prompt", player=c.pname(nt)),
                [u.option for u in options] + [Option(cap.text("attack.counter_decline_option"), -1)],
                cap.rules("attack.counter_prompt")[0])
        return c.tell(s, "attack.counter_may", player=c.pname(nt))
    s, opt = take_answer(e.done(), answer)
    e = c.Edit(s).set_top(_after(AttackTiming.COUNTER))
    if opt.ref == -1:
        e.note_timing(AttackTiming.COUNTER, pgettext("note", "no [Counter] used"))
        return e.tell("attack.counter_declined", player=c.pname(nt)).done()
    return use_counter(e.set_attack(counter_used=True).done(), nt, options[opt.ref])


def _no_block(e: c.Edit, att: Attack) -> tuple[State | None, list[int]]:
    """The state when no block can be declared at all (CR 12-1-6, 12-1), or None; and the Digimon that may block.
    ``e``: the block timing entered (its queries asked of ``e.base``, which differs from it in no field they read)."""
    nt = 1 - att.attacker_player
    s = e.base
    if not c.in_battle_area(s, att.attacker):
        e.set_top(_after(AttackTiming.BLOCK)).note_timing(AttackTiming.BLOCK, pgettext("note", "attacker gone: no block"))
        return e.tell("attack.block_attacker_gone").done(), []
    if c.cant_be_blocked(s, att.attacker):
        e.set_top(_after(AttackTiming.BLOCK)).note_timing(AttackTiming.BLOCK, pgettext("note", "can't be blocked"))
        return e.tell("attack.block_unblockable").done(), []
    blockers = _blockers(s, att)
    if not blockers:
        e.set_top(_after(AttackTiming.BLOCK)).note_timing(AttackTiming.BLOCK, pgettext("note", "no <Blocker>"))
        if _target_only_blocker(s, att):  # CR 12-1-5: say why the one <Blocker> there may not block
            card = c.label(s, c.stack(s, att.target).top)
            return e.tell("attack.block_target_only", player=c.pname(nt), card=card).done(), []
        return e.tell("attack.block_none", player=c.pname(nt)).done(), []
    return None, blockers


def _block(s: State, f: AttackFrame, att: Attack, answer: str | None) -> State:
    """Block timing (CR 12-1): the non-turn player may block with a <Blocker> (CR 16-5); <Collision> makes
    blocking compulsory (CR 16-30). The blocker becomes the target (CR 12-1-7-1) and suspends. The answer comes
    to the state that asked, already at this timing."""
    nt = 1 - att.attacker_player
    if not answering(s, answer):
        e = c.Edit(s).enter_timing(AttackTiming.BLOCK)
        none, blockers = _no_block(e, att)
        if none is not None:
            return none
        s = e.done()
        forced = c.has_keyword(s, att.attacker, "Collision")
        options = [Option(cap.text("attack.block_option", card=c.label(s, c.stack(s, b).top)), b, about=b) for b in blockers]
        if not forced:
            options.append(Option(cap.text("attack.block_decline_option"), -1))
        key = "attack.block_prompt_forced" if forced else "attack.block_prompt"
        s = ask(s, nt, DecisionKind.BLOCK, cap.text(key, player=c.pname(nt)), options, cap.rules(key)[0])
        return c.tell(s, "attack.block_must" if forced else "attack.block_may", player=c.pname(nt))
    s, opt = take_answer(s, answer)
    if opt.ref == -1:
        e = c.Edit(s).set_top(_after(AttackTiming.BLOCK)).note_timing(AttackTiming.BLOCK, pgettext("note", "no block"))
        return e.tell("attack.no_block", player=c.pname(nt)).done()
    b = opt.ref
    bst = c.stack_of(s, b)
    assert bst is not None
    ast = c.stack_of(s, att.attacker)  # asked before the edit: the new target changes no area
    e = c.Edit(s).set_top(_after(AttackTiming.BLOCK)).put(attack=replace(att, target=b, target_card=bst.top, blocked=True))
    e.note_timing(AttackTiming.BLOCK, pgettext("note", "blocked by {card}").format(card=c.label(s, bst.top)))
    s = e.tell("attack.blocked", player=c.pname(nt), card=c.label(s, bst.top)).done()
    events = [Event("blocked", nt, b, bst.top, by=nt)]
    if ast is not None:  # the attacker's side of the same moment: "when this Digimon is blocked"
        events.append(Event("is_blocked", att.attacker_player, att.attacker, ast.top, by=nt, other=b))
    s = c.trigger_many(s, events)
    s, _ = ops.suspend(s, b, "block", nt)
    return push(s, RESOLVE, flush("block"))


def _confirm_player(e: c.Edit, att: Attack) -> State:
    """Confirming success of an attack on the player (CR 11-5-1-1, 11-5-1-2): a security check, a win, or
    nothing when the attacker can check 0 cards (CR 16-4-4). ``e``: the edits made so far at this timing."""
    nt = 1 - att.attacker_player
    s = e.base
    if s.players[nt].security:
        e.note_timing(AttackTiming.CONFIRMATION, pgettext("note", "security check"))
        return e.tell("attack.confirm_check", player=c.pname(nt)).push(SecurityCheckFrame()).done()
    if c.check_count(s, att.attacker) >= 1:
        s = enter_timing(e.done(), AttackTiming.WIN)
        s = note_timing(s, AttackTiming.WIN, pgettext("note", "{player} wins").format(player=c.pname(att.attacker_player)))
        s = replace(s, winner=att.attacker_player, frames=(), decision=None)
        return c.tell(s, "attack.win", player=c.pname(nt), winner=c.pname(att.attacker_player))
    e.note_timing(AttackTiming.CONFIRMATION, pgettext("note", "0 checks: no win"))
    return e.tell("attack.zero_check", player=c.pname(nt)).done()


def _confirmation(s: State, f: AttackFrame, att: Attack, answer: str | None) -> State:
    """Confirming success (CR 11-5-1): nothing if the attacker has left (CR 11-5-1-4); an attack on the player
    goes to a security check or a win; one on a Digimon to a battle, or fails if the target has left
    (CR 11-2-6)."""
    e = c.Edit(s).enter_timing(AttackTiming.CONFIRMATION).set_top(_after(AttackTiming.CONFIRMATION))
    if not c.in_battle_area(s, att.attacker):
        e.note_timing(AttackTiming.CONFIRMATION, pgettext("note", "attacker gone: nothing happens"))
        return e.tell("attack.confirm_attacker_gone").done()
    if att.target == PLAYER_TARGET:
        return _confirm_player(e, att)
    if not c.in_battle_area(s, att.target):
        e.note_timing(AttackTiming.CONFIRMATION, pgettext("note", "target gone: attack fails"))
        return e.tell("attack.confirm_target_gone", card=c.label(s, att.target_card or att.attacker_card)).done()
    e.note_timing(AttackTiming.CONFIRMATION, pgettext("note", "battle"))
    return e.tell("attack.confirm_battle").push(BattleFrame()).done()


def _piercing(s: State, f: AttackFrame, att: Attack, answer: str | None) -> State:
    """The <Piercing> check (CR 16-7-4): pending processing just before the end of the attack, unless a check
    already happened (CR 13-1-2, 16-7-5) or the attacker has left (CR 16-7-6). With no <Piercing> pending and nothing
    said yet in this step, the end of the attack is run at once (as the next handler call would run it)."""
    nt = 1 - att.attacker_player
    if not att.piercing_pending and not s.caption:  # nothing to do or show: the end of the attack comes at once
        return _end_of_attack(s, f, att, None)
    s = _go_to_next(s, AttackTiming.PIERCING)
    if not att.piercing_pending:
        return s
    if rulesets.ruleset(s.ruleset).security_checks_per_attack is None:
        return _piercing_each(s, att)
    s = enter_timing(s, AttackTiming.PIERCING)
    if att.security_checked:
        s = note_timing(s, AttackTiming.PIERCING, pgettext("note", "already checked this attack"))
        return c.tell(s, "attack.piercing_done", differs=WIKI_DIFFERS["piercing_once"])
    if not c.in_battle_area(s, att.attacker):
        s = note_timing(s, AttackTiming.PIERCING, pgettext("note", "no Digimon to check"))
        return c.tell(s, "attack.piercing_gone")
    if not s.players[nt].security:
        s = note_timing(s, AttackTiming.PIERCING, pgettext("note", "no security cards"))
        return c.tell(s, "attack.piercing_empty", player=c.pname(nt), differs=WIKI_DIFFERS["piercing_no_security"])
    s = note_timing(s, AttackTiming.PIERCING, pgettext("note", "security check"))
    key = "attack.piercing_check" if c.has_keyword(s, att.attacker, "Piercing") else "attack.piercing_check_lost"
    s = c.tell(s, key)
    return push(s, SecurityCheckFrame(piercing=True))


def _execute_deletion(s: State, att: Attack) -> State:
    """<Execute> (CR 16-38-4): the attacker it sent is deleted at the end of the attack, as pending processing
    (CR 18-1) that waits with the [End of Attack] effects and is ordered among its player's effects."""
    hit = c.find(s, att.attacker)
    if not att.delete_at_end or hit is None:
        return s
    effect = Effect(actions=(Delete(Sel(who="attacker")),), keyword="Execute",
                    summary="Delete the Digimon that attacked with <Execute>.")
    s, pid = c.new_id(s)
    pe = PendingEffect(pid=pid, owner=hit[0], effect=effect, source=hit[1].top, holder=None, slot=PENDING_PROCESSING,
                       index=0, label=f"Process the <Execute> deletion of {c.label(s, hit[1].top)}")
    s = replace(s, collecting=s.collecting + (pe,))
    return c.say(s, f"<Execute>: {c.label(s, hit[1].top)} is to be deleted now that its attack ends; this waits "
                    "as pending processing.", "CR 16-38-4", "CR 18-1")


def _piercing_each(s: State, att: Attack) -> State:
    """<Piercing> before CR 3.7 (docs/wiki-vs-cr.md A4): every activation is a security check of its own, made one
    after another once the battle's other effects have resolved (QA Q2298, Q2926); none when the attacker has left
    or the opponent has no security cards (CR 3.6 16-6-6). The attack frame stays at this timing while checks
    remain."""
    nt = 1 - att.attacker_player
    left = att.piercing_activations - 1
    s = replace(s, attack=replace(att, piercing_activations=max(left, 0)))
    if att.piercing_activations < 1:
        return s
    s = enter_timing(s, AttackTiming.PIERCING)
    if not c.in_battle_area(s, att.attacker) or not s.players[nt].security:
        s = replace(s, attack=replace(att, piercing_activations=0))
        s = note_timing(s, AttackTiming.PIERCING, pgettext("note", "no check"))
        return c.tell(s, "piercing.none_each")
    if left > 0:
        s = set_top(s, AttackFrame(stage=AttackTiming.PIERCING))
    s = note_timing(s, AttackTiming.PIERCING, pgettext("note", "security check"))
    s = c.tell(s, "piercing.check_each")
    return push(s, SecurityCheckFrame(piercing=True, base=len(att.checked)))


def _end_of_attack(s: State, f: AttackFrame, att: Attack, answer: str | None) -> State:
    """The end of the attack (CR 11-6): [End of Attack] effects trigger and resolve. When an effect ended the attack
    it came straight after that effect (CR 15-15-1-1), so a <Piercing> check set up before (CR 16-7-4, processed
    just before this timing) is not made: the CR does not say it survives an ended attack, and "immediately after"
    leaves no room for it; the step says so."""
    if att.end_fired:
        return c.Edit(s).enter_timing(AttackTiming.END_OF_ATTACK).set_top(_after(AttackTiming.END_OF_ATTACK)).done()
    before = len(s.collecting)
    s, keys = _end_triggers(s, att)  # collected first: they read none of the edits below
    e = c.Edit(s).enter_timing(AttackTiming.END_OF_ATTACK).set_top(_after(AttackTiming.END_OF_ATTACK))
    e.tell("attack.end").set_attack(end_fired=True)
    if att.ended and not att.security_checked and (att.piercing_pending or att.piercing_activations):
        e.tell("attack.piercing_ended")  # CR 15-15-1-1: nothing comes between the ending effect and this timing
    for key in keys:
        e.tell(key)
    if att.delete_at_end:
        s = _execute_deletion(e.done(), att)
        e = c.Edit(s)
    if len(s.collecting) == before:
        e.note_timing(AttackTiming.END_OF_ATTACK, pgettext("note", "no [End of Attack] effect"))
    return end_processing(e, RESOLVE, flush=flush("end of attack"))


def _attack_over(s: State, f: AttackFrame, att: Attack, answer: str | None) -> State:
    """The attack is over (CR 11-6-2): first shown, with the effects that lasted for the attack ending; then
    (after the rule check's effects) the attack is cleared."""
    if att.timing is AttackTiming.ATTACK_OVER:
        return replace(s, frames=s.frames[:-1], attack=None)
    expired = [m for m in s.modifiers if m.duration in ("attack", "battle")]
    before = {m.iid: c.dp(s, m.iid) for m in expired}
    if expired:
        s = replace(s, modifiers=tuple(m for m in s.modifiers if m not in expired))
    e = c.Edit(s).enter_timing(AttackTiming.ATTACK_OVER).tell("attack.over_expired" if expired else "attack.over")
    for source in sorted({m.source for m in expired}):  # a keyword's "for the attack" bonus (CR 16-24-1)
        key = cap.keyword_key(source, "ends")
        if key is not None:
            e.tell(key)
    return end_processing(e, RESOLVE, flush=flush(_attack_over_cause(s, before)))


def _attack_over_cause(s: State, before: dict[int, int | None]) -> str:
    """The cause of the rule check when the attack is over (CR 11-6-2, 17-1-3-1-1): "end of the attack's effects"
    only when an effect that lasted for the attack ended on a Digimon and left it at 0 DP (``before``: the DP of
    each Digimon such an effect was on, read before it ended); a Digimon at 0 DP because of effects that last
    longer (for the turn, say, CR 1-3-8) was at 0 DP before and the rule check just finds it again."""
    for iid, dp in before.items():
        if dp is not None and dp > 0 and c.dp(s, iid) == 0:
            return "end of the attack's effects"
    return AttackTiming.ATTACK_OVER.value


TimingHandler = Callable[[State, AttackFrame, Attack, "str | None"], State]

TIMINGS: dict[AttackTiming, TimingHandler] = {
    AttackTiming.COUNTER: _counter,
    AttackTiming.BLOCK: _block,
    AttackTiming.CONFIRMATION: _confirmation,
    AttackTiming.PIERCING: _piercing,
    AttackTiming.END_OF_ATTACK: _end_of_attack,
    AttackTiming.ATTACK_OVER: _attack_over,
}
"""Attack timing -> the function that runs the AttackFrame at that stage (the declaration, which has no
attack yet, is :func:`h_attack`'s first case; battle and security check have frames of their own)."""


def h_attack(s: State, f: AttackFrame, answer: str | None) -> State:
    """Run the attack at ``f.stage`` (CR 11-1-3).

    Stages, in :data:`digiteach.terms.ATTACK_SEQUENCE` order: declaration, counter timing, block timing,
    confirming success (which pushes a BattleFrame or SecurityCheckFrame, or wins), <Piercing> check, end of
    attack, attack over. Once an effect has ended the attack (CR 15-15-1-1) the stages before the end of
    attack are skipped.
    """
    if f.stage is AttackTiming.DECLARATION:
        return _declaration(s, f, s.attack, answer)
    att = s.attack
    assert att is not None
    stage = f.stage
    if att.ended and stage not in (AttackTiming.END_OF_ATTACK, AttackTiming.ATTACK_OVER):
        stage = AttackTiming.END_OF_ATTACK
    return TIMINGS[stage](s, f, att, answer)
