"""Battles (CR 14) and the security check (CR 13): :func:`h_battle` runs a
:class:`~digiteach.state.BattleFrame` (the attacker against the target Digimon), :func:`h_security` a
:class:`~digiteach.state.SecurityCheckFrame` (the one security check of the attack, card by card)."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.differs import WIKI_DIFFERS
from digiteach.engine.frames import pop, push, set_top
from digiteach.engine.ops import enter_timing, note_timing
from digiteach.state import (
    ActivateFrame,
    Attack,
    BattleFrame,
    BattleStage,
    DeleteFrame,
    Event,
    FlushFrame,
    Frame,
    ResolveFrame,
    SecurityCheckFrame,
    SecurityStage,
    State,
)
from digiteach.terms import AttackTiming

__all__ = ["battle_won", "h_battle", "h_security"]


def battle_won(s: State, winner: int, loser: int) -> Event:
    """The "wins_battle" event of ``winner`` (CR 14-2-1): it won on DP, whether or not the loser is then
    deleted (a prevented deletion still lost the battle); ``cause`` "attacking" when the winner is attacking."""
    hit = c.find(s, winner)
    assert hit is not None
    cause = "attacking" if s.attack is not None and s.attack.attacker == winner else "battle"
    return Event("wins_battle", hit[0], winner, hit[1].top, cause=cause, other=loser)


def _compare(s: State, f: BattleFrame, att: Attack) -> State:
    """Compare DP (CR 14-2-1): the lower loses, both on a tie (CR 14-2-1-3); the losers are deleted in battle."""
    a, t = att.attacker, att.target
    ast, tst = c.stack_of(s, a), c.stack_of(s, t)
    if ast is None or tst is None:
        return pop(s)
    adp, tdp = c.dp(s, a, t) or 0, c.dp(s, t, a) or 0
    s = replace(s, attack=replace(att, battle=t))
    s = enter_timing(s, AttackTiming.BATTLE)
    s = c.say(s, f"Battle: {c.label(s, ast.top)} ({adp} DP) against {c.label(s, tst.top)} ({tdp} DP).", "CR 14-2-1")
    losers = [t] if adp > tdp else [a] if tdp > adp else [a, t]
    if len(losers) == 2:
        s = c.say(s, "Equal DP: both lose.", "CR 14-2-1-3")
    s = note_timing(s, AttackTiming.BATTLE, f"{adp} vs {tdp} DP")
    s = set_top(s, replace(f, stage=BattleStage.END_OF_BATTLE))
    pairs = tuple((x, t if x == a else a) for x in losers)
    if len(losers) == 1:
        s = c.trigger(s, battle_won(s, winner=t if losers == [a] else a, loser=losers[0]))
    return push(s, ResolveFrame(), FlushFrame("battle"),
                DeleteFrame(targets=tuple(losers), cause="battle", by=s.turn_player, battle_pairs=pairs))


def h_battle(s: State, f: BattleFrame, answer: str | None) -> State:
    """A battle between the attacking Digimon and the target Digimon (CR 14-2).

    Stages: ``COMPARE`` (DP, the losers' deletion and its triggers resolve), ``END_OF_BATTLE`` (effects that
    lasted for the battle end, CR 14-2-5), ``DONE`` (the frame is popped).
    """
    att = s.attack
    assert att is not None
    if f.stage is BattleStage.COMPARE:
        return _compare(s, f, att)
    if f.stage is BattleStage.END_OF_BATTLE:
        s = set_top(s, replace(f, stage=BattleStage.DONE))
        s = replace(s, modifiers=tuple(m for m in s.modifiers if m.duration != "battle"))
        s = replace(s, attack=replace(att, battle=None))
        return c.say(s, "The battle ends.", "CR 14-2-5")
    return pop(s)


def _check_over(s: State, att: Attack) -> State | None:
    """The state when the check covers no more cards: the attack ended or its Digimon left (CR 13-1-5), every
    card it covers is checked (CR 16-4-4), or the Security Stack is empty (CR 13-1-8-1); else None."""
    defender = 1 - att.attacker_player
    done = len(att.checked) if att.security_checked else 0
    if att.ended or not c.in_battle_area(s, att.attacker):
        s = pop(s)
        if not c.in_battle_area(s, att.attacker) and att.checked:
            s = c.say(s, "The attacking Digimon has left the Battle Area, so it checks no more cards.", "CR 13-1-5")
        return s
    if done >= c.check_count(s, att.attacker):
        s = pop(s)
        if not att.checked:
            s = note_timing(s, AttackTiming.SECURITY_CHECK, "0 cards to check")
            return c.say(s, f"{c.label(s, att.attacker_card)} can check 0 cards, so nothing is checked.", "CR 16-4-4")
        return s
    if not s.players[defender].security:
        s = pop(s)
        return c.say(s, f"{c.pname(defender)} has no security card left to check.", "CR 13-1-8-1")
    return None


def _reveal(s: State, f: SecurityCheckFrame, att: Attack) -> State:
    """Reveal the top security card (CR 13-1-8); "security_removed" triggers and its [Security] effects
    activate at once, without waiting in pending activation (CR 15-16-10-2)."""
    over = _check_over(s, att)
    if over is not None:
        return over
    defender = 1 - att.attacker_player
    n = c.check_count(s, att.attacker)
    pl = s.players[defender]
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
    sec = list(c.card(s, uid).security)
    frames: list[Frame] = [ResolveFrame(), FlushFrame(f"security check of {c.label(s, uid)}")]
    for e in reversed(sec):
        frames.append(ActivateFrame(effect=e, owner=defender, label=f"[Security] of {c.label(s, uid)}",
                                    holder=None, source=uid))
    if sec:
        s = c.say(s, "Its [Security] effect activates at once, without waiting in pending activation.",
                  "CR 15-16-10-2")
        s = replace(s, log=s.log + tuple(("activated", f"Activate [Security] of {c.label(s, uid)}") for _ in sec))
    return push(s, *frames)


def _security_battle(s: State, f: SecurityCheckFrame, att: Attack) -> State:
    """A revealed Digimon battles the attacker (CR 13-1-8-3, 14-2-3): only the attacker can be deleted, and
    <Jamming> saves it (CR 16-9)."""
    defender = 1 - att.attacker_player
    revealed = att.revealed
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


def _end_of_security_battle(s: State, f: SecurityCheckFrame, att: Attack) -> State:
    """The end of the security battle (CR 14-2-5): a card whose [Security] effect plays it "at the end of the
    battle" is played now."""
    defender = 1 - att.attacker_player
    revealed = att.revealed
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


def _trash_checked(s: State, f: SecurityCheckFrame, att: Attack) -> State:
    """The checked card goes to the trash (CR 13-1-8-4); then the next card, if the check covers more."""
    revealed = att.revealed
    s = set_top(s, replace(f, stage=SecurityStage.REVEAL))
    if revealed is not None and revealed in s.limbo:
        s = replace(s, limbo=tuple(u for u in s.limbo if u != revealed))
        p = s.owners[revealed]
        s = c.set_player(s, p, replace(s.players[p], trash=(revealed,) + s.players[p].trash))
        s = c.say(s, f"The checked card {c.label(s, revealed)} is trashed.", "CR 13-1-8-4")
    att2 = s.attack
    assert att2 is not None
    return replace(s, attack=replace(att2, revealed=None))


_SECURITY_STAGES: dict[SecurityStage, Callable[[State, SecurityCheckFrame, Attack], State]] = {
    SecurityStage.REVEAL: _reveal,
    SecurityStage.BATTLE: _security_battle,
    SecurityStage.END_OF_BATTLE: _end_of_security_battle,
    SecurityStage.TRASH: _trash_checked,
}


def h_security(s: State, f: SecurityCheckFrame, answer: str | None) -> State:
    """The one security check of the attack (CR 13-1-2), covering as many cards as the attacker checks
    (<Security A.>, CR 16-4).

    Stages for each card, in :class:`~digiteach.state.SecurityStage` order: ``REVEAL`` (or end the check),
    ``BATTLE`` (a Security Digimon against the attacker), ``END_OF_BATTLE``, ``TRASH``; then ``REVEAL`` again.
    """
    att = s.attack
    assert att is not None
    return _SECURITY_STAGES[f.stage](s, f, att)
