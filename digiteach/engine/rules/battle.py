"""Battles (CR 14) and the security check (CR 13): :func:`h_battle` runs a
:class:`~digiteach.state.BattleFrame` (the attacker against the target Digimon), :func:`h_security` a
:class:`~digiteach.state.SecurityCheckFrame` (the one security check of the attack, card by card)."""

from __future__ import annotations

from digiteach.copying import replace
from typing import Callable

from digiteach import captions as cap
from digiteach import rulesets
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.differs import WIKI_DIFFERS
from digiteach.engine.frames import RESOLVE, flush, pop, push, set_top
from digiteach.i18n import pgettext
from digiteach.engine.rules.rule_check import end_processing
from digiteach.engine.triggers import watched
from digiteach.state import (
    ActivateFrame,
    Attack,
    BattleFrame,
    BattleStage,
    DeleteFrame,
    Event,
    FlushFrame,
    Frame,
    SecurityCheckFrame,
    SecurityStage,
    State,
)
from digiteach.terms import AttackTiming

__all__ = ["battle_won", "h_battle", "h_security", "at_stage"]


def battle_won(s: State, winner: int, loser: int | None) -> Event:
    """The "wins_battle" event of ``winner`` (CR 14-2-1): it won on DP, whether or not the loser is then
    deleted (a prevented deletion still lost the battle); ``cause`` "attacking" when the winner is attacking.
    ``loser`` None: a Security Digimon, which is no Digimon in an area (QA Q6283: the winner still "wins a battle")."""
    hit = c.find(s, winner)
    assert hit is not None
    cause = "attacking" if s.attack is not None and s.attack.attacker == winner else "battle"
    return Event("wins_battle", hit[0], winner, hit[1].top, cause, None, loser)  # by position: Event's field order


def _compare(s: State, f: BattleFrame, att: Attack) -> State:
    """Compare DP (CR 14-2-1): the lower loses, both on a tie (CR 14-2-1-3); the losers are deleted in battle.
    With <Iceclad> on either Digimon the numbers of digivolution cards are compared instead (CR 16-35-4)."""
    a, t = att.attacker, att.target
    ast, tst = c.stack_of(s, a), c.stack_of(s, t)
    if ast is None or tst is None:
        return pop(s)
    adp, tdp = c.dp(s, a, t) or 0, c.dp(s, t, a) or 0
    dps = adp, tdp
    unit = "DP"
    if c.has_keyword(s, a, "Iceclad") or c.has_keyword(s, t, "Iceclad"):
        adp, tdp, unit = len(ast.digivolution_cards), len(tst.digivolution_cards), pgettext("note", "digivolution cards")
    losers = [t] if adp > tdp else [a] if tdp > adp else [a, t]
    if len(losers) == 1 and watched(s, "wins_battle"):  # its triggers are collected first; no trigger reads the edits
        s = c.trigger(s, battle_won(s, winner=t if losers == [a] else a, loser=losers[0]))
    e = c.Edit(s).set_attack(battle=t).enter_timing(AttackTiming.BATTLE).tell(
        "battle.compare", attacker=c.label(s, ast.top), adp=dps[0], target=c.label(s, tst.top), tdp=dps[1])
    iceclad = unit != "DP"
    if iceclad:
        e.tell("battle.iceclad", adp=adp, tdp=tdp)
    if len(losers) == 2:
        e.tell("battle.tie_iceclad" if iceclad else "battle.tie")
    else:
        win, lose = (ast, tst) if adp > tdp else (tst, ast)
        e.tell("battle.wins_iceclad" if iceclad else "battle.wins", winner=c.label(s, win.top),
               loser=c.label(s, lose.top))
    e.note_timing(AttackTiming.BATTLE, pgettext("note", "{adp} vs {tdp} {unit}").format(adp=adp, tdp=tdp, unit=unit))
    e.set_top(_BATTLE_ENDS)
    pairs = tuple((x, t if x == a else a) for x in losers)
    return e.push(RESOLVE, flush("battle"),
                  DeleteFrame(targets=tuple(losers), cause="battle", by=s.turn_player, battle_pairs=pairs,
                              tie=len(losers) == 2)).done()


_BATTLE_ENDS = BattleFrame(BattleStage.END_OF_BATTLE)
"""The battle's frame once the losers' deletion is under way (frames are values: one instance serves every battle)."""


def h_battle(s: State, f: BattleFrame, answer: str | None) -> State:
    """A battle between the attacking Digimon and the target Digimon (CR 14-2).

    Stages: ``COMPARE`` (DP, the losers' deletion and its triggers resolve), ``END_OF_BATTLE`` (effects that
    lasted for the battle end, CR 14-2-5; the frame is popped in the same copy). ``DONE`` only pops the frame.
    """
    att = s.attack
    assert att is not None
    if f.stage is BattleStage.COMPARE:
        return pop(s) if att.ended else _compare(s, f, att)  # ended before it began: no battle (CR 15-15-1-1)
    if f.stage is BattleStage.END_OF_BATTLE:
        if any(m.duration == "battle" for m in s.modifiers):
            s = replace(s, modifiers=tuple(m for m in s.modifiers if m.duration != "battle"))
        return c.Edit(s).pop().set_attack(battle=None).tell("battle.ends").done()
    return pop(s)  # BattleStage.DONE: a frame set to it before the end of the battle came to pop the frame itself


def _check_over(s: State, att: Attack, base: int = 0) -> tuple[State | None, int]:
    """The state when the check covers no more cards: the attack ended or its Digimon left (CR 13-1-5), every
    card it covers is checked (CR 16-4-4), or the Security Stack is empty (CR 13-1-8-1); else None. And the
    attacker's <Security A.> total, read now (CR 13-1-8-5). ``base``: cards checked in this attack before this check
    began (a check of its own, before CR 3.7)."""
    defender = 1 - att.attacker_player
    done = len(att.checked) - base if att.security_checked else 0
    if att.ended or not c.in_battle_area(s, att.attacker):  # the check's frame is popped with its captions, one copy
        e = c.Edit(s).pop()
        if not att.ended and not c.in_battle_area(s, att.attacker) and att.checked and len(att.checked) < att.to_check:
            e.tell("security.attacker_gone" + _each(s))
        return e.done(), 0
    sa = c.security_a(s, att.attacker)
    n = _check_count(sa)
    if done >= n:
        e = c.Edit(s).pop()
        if not att.checked:
            e.note_timing(AttackTiming.SECURITY_CHECK, pgettext("note", "0 cards to check"))
            return e.tell("security.zero", card=_attacker_now(s, att)).done(), sa
        if done > n:
            e.tell("security.count_over" + _each(s), card=_attacker_now(s, att), arithmetic=_count_words(sa),
                   done=done)
        elif n < att.to_check:  # read again, it dropped to the cards already checked (CR 13-1-8-5, 16-4-2)
            e.tell("security.count_reached", card=_attacker_now(s, att), arithmetic=_count_words(sa))
        return e.done(), sa
    if not s.players[defender].security:
        return c.Edit(s).pop().tell("security.empty", player=c.pname(defender)).done(), sa
    return None, sa


def _attacker_now(s: State, att: Attack) -> str:
    """The label of the attacking Digimon's top card now: after it digivolves or trashes its top card (<Armor Purge>)
    it is still the same Digimon (CR 3-1-3-1-3, 3-4-5), and the count is read on it (CR 13-1-8-5); the card at
    declaration only once it has left the Battle Area."""
    st = c.stack_of(s, att.attacker)
    return c.label(s, att.attacker_card if st is None else st.top)


def _check_count(sa: int) -> int:
    """Cards a Digimon in the Battle Area with <Security A.> total ``sa`` checks: 1 + sa, floor 0 (CR 16-4-3, 16-4-4;
    as :func:`digiteach.engine.query.check_count`)."""
    return max(0, 1 + sa)


def _count_words(sa: int) -> str:
    """``"1 + 2 = 3"``: the cards the attacker checks, 1 plus its <Security A.> total ``sa`` (CR 16-4-2, 16-4-3)."""
    return f"1 {'+' if sa >= 0 else '−'} {abs(sa)} = {_check_count(sa)}"


def _count_caption(e: c.Edit, att: Attack, k: int, n: int) -> c.Edit:
    """Say how many cards the check covers, with its arithmetic read on the state after the reveal: at the first card
    when <Security A.> changes it, and at every later card, where the number is read again (CR 13-1-8-5, 16-4-2); the
    rulings on a changed number (Q3346, Q5296) are cited only when it did change since the previous card. ``n``: the
    number read just before this card was revealed."""
    sa = c.security_a(e.base, att.attacker)
    if k == 1 and sa == 0:
        return e
    card = _attacker_now(e.base, att)
    if k == 1:
        one_check = rulesets.ruleset(e.base.ruleset).security_checks_per_attack == 1  # CR 13-1-2, 16-7-5: since 3.7
        key = "security.count_each" if not one_check else "security.count_piercing" if att.piercing_pending \
            else "security.count"
        return e.tell(key, card=card, arithmetic=_count_words(sa))
    if n == att.to_check:  # read again, but the same number as at the previous card
        key = "security.count_still_last" if k >= n else "security.count_still"
    else:
        key = "security.count_last" if k >= n else "security.count_changed"
    return e.tell(key + _each(e.base), card=card, arithmetic=_count_words(sa), k=k)


def _each(s: State) -> str:
    """``"_each"`` under a ruleset where each card checked is a security check of its own (before CR 3.7), whose
    captions count checks rather than the cards of the attack's one check (CR 13-1-2 since 3.7); else ``""``."""
    return "" if rulesets.ruleset(s.ruleset).security_checks_per_attack == 1 else "_each"


def at_stage(f: SecurityCheckFrame, stage: SecurityStage) -> SecurityCheckFrame:
    """The security check frame ``f`` at ``stage`` (CR 13-1-8): ``replace(f, stage=stage)``, built directly (every
    field of SecurityCheckFrame given), as the stage moves on four times for every card checked."""
    return SecurityCheckFrame(stage, f.piercing, f.base)


def _reveal(s: State, f: SecurityCheckFrame, att: Attack) -> State:
    """Reveal the top security card (CR 13-1-8); "security_removed" triggers and its [Security] effects
    activate at once, without waiting in pending activation (CR 15-16-10-2)."""
    over, sa = _check_over(s, att, f.base)
    if over is not None:
        return over
    defender = 1 - att.attacker_player
    n = _check_count(sa)
    pl = s.players[defender]
    uid = pl.security[0]
    left = replace(pl, security=pl.security[1:])
    s = replace(s, players=(left, s.players[1]) if defender == 0 else (s.players[0], left), limbo=s.limbo + (uid,),
                attack=replace(att, checked=att.checked + (uid,), revealed=uid, security_checked=True, to_check=n))
    if watched(s, "security_removed"):  # else no Event to make: nothing would collect it
        s = c.trigger(s, Event("security_removed", defender, None, uid, "check"))  # reads none of the edits below
    e = c.Edit(s).enter_timing(AttackTiming.SECURITY_CHECK)
    k = len(att.checked) - f.base + 1 if att.security_checked else 1
    one_check = rulesets.ruleset(s.ruleset).security_checks_per_attack == 1  # before CR 3.7 the wiki's count held
    e.tell("security.reveal" if one_check else "security.reveal_each", k=k, n=n, player=c.pname(defender),
           card=c.label(s, uid), differs=WIKI_DIFFERS["one_check"] if n > 1 and k == 1 and one_check else "")
    _count_caption(e, att, k, n)
    e.note_timing(AttackTiming.SECURITY_CHECK, pgettext("note", "checked {card}").format(card=c.label(s, uid)))
    e.set_top(at_stage(f, SecurityStage.BATTLE))
    sec = list(c.card(s, uid).security)
    done = FlushFrame(f"security check of {c.label(s, uid)}")
    if not sec:
        return end_processing(e, RESOLVE, flush=done)
    frames: list[Frame] = [RESOLVE, done]
    for x in reversed(sec):
        frames.append(ActivateFrame(effect=x, owner=defender, label=cap.text("word.effect_of", effect="[Security]", card=c.label(s, uid)),
                                    holder=None, source=uid))
    e.tell("security.effect")
    e.set(log=s.log + tuple(("activated", cap.text("pending.label", effect="[Security]", card=c.label(s, uid))) for _ in sec))
    return e.push(*frames).done()


def _security_battle(s: State, f: SecurityCheckFrame, att: Attack) -> State:
    """A revealed Digimon battles the attacker (CR 13-1-8-3, 14-2-3): only the attacker can be deleted, and
    <Jamming> saves it (CR 16-9)."""
    defender = 1 - att.attacker_player
    revealed = att.revealed
    if att.ended:
        return _ended_before_battle(s, f, att)
    if revealed is None or revealed not in s.limbo or c.card(s, revealed).kind != "Digimon" \
            or not c.in_battle_area(s, att.attacker):
        if att.battle is None and not s.delayed and not s.caption:  # no battle, nothing due at its end, nothing said:
            return _trash_checked(s, f, att)  # the next two stages (END_OF_BATTLE, TRASH) in this handler call
        return set_top(s, at_stage(f, SecurityStage.END_OF_BATTLE))
    adp = c.dp(s, att.attacker) or 0
    sdp = c.security_dp(s, defender, revealed)
    ast = c.stack_of(s, att.attacker)
    assert ast is not None
    if adp > sdp and watched(s, "wins_battle"):  # "wins a battle" triggers against a Security Digimon too (QA Q6283)
        s = c.trigger(s, battle_won(s, winner=att.attacker, loser=None))  # read by none of the edits below
    e = c.Edit(s).set_top(at_stage(f, SecurityStage.END_OF_BATTLE)).set_attack(battle=-2 - revealed)
    e.tell("security.battle", attacker=c.label(s, ast.top), adp=adp, card=c.label(s, revealed), sdp=sdp)
    e.note_timing(AttackTiming.SECURITY_CHECK, pgettext("note", "battle {adp} vs {sdp} DP").format(adp=adp, sdp=sdp))
    name = c.label(s, ast.top)
    if adp > sdp:  # its trigger is resolved before the end of the battle (CR 14-2-4)
        return e.tell("security.digimon_loses").push(RESOLVE, flush("security battle")).done()
    tie = adp == sdp
    if c.has_keyword(s, att.attacker, "Jamming"):
        return e.tell("security.jamming_tie" if tie else "security.jamming", card=name).done()
    e.tell("security.tie" if tie else "security.attacker_loses", card=name,
           differs=WIKI_DIFFERS["security_tie"] if tie else "")
    return e.push(RESOLVE, flush("security battle"),
                  DeleteFrame(targets=(att.attacker,), cause="battle", by=defender, tie=tie)).done()


def _ended_before_battle(s: State, f: SecurityCheckFrame, att: Attack) -> State:
    """An effect ended the attack before the security battle (CR 15-15-1-1): the end of attack comes next, so a
    revealed Digimon does not battle; the checked card, in no area (CR 13-1-6), still goes to the trash
    (CR 13-1-8-4) before the end of attack. With no battle there is no end of battle (CR 14-2-5): a card waiting to
    be played then is trashed too (:func:`_end_of_security_battle`)."""
    revealed = att.revealed
    if revealed is not None and revealed in s.limbo and c.card(s, revealed).kind == "Digimon" \
            and c.in_battle_area(s, att.attacker):
        s = c.tell(s, "security.no_battle_ended", card=c.label(s, revealed),
                   attacker=c.label(s, c.stack(s, att.attacker).top))
    if any(d.kind == "play_at_end_of_battle" and d.card == revealed for d in s.delayed):
        return _end_of_security_battle(s, at_stage(f, SecurityStage.END_OF_BATTLE), att)
    return _trash_checked(s, f, att)


def _end_of_security_battle(s: State, f: SecurityCheckFrame, att: Attack) -> State:
    """The end of the security battle (CR 14-2-5): a card whose [Security] effect plays it "at the end of the
    battle" is played now. When no battle took place (the attack ended, CR 15-15-1-1, or the attacker left,
    CR 13-1-8-3) there is no end of battle: that card is not played and goes to the trash (CR 13-1-8-4)."""
    defender = 1 - att.attacker_player
    revealed = att.revealed
    due = [d for d in s.delayed if d.kind == "play_at_end_of_battle" and d.card == revealed] if s.delayed else []
    if due and att.battle is None:
        s = replace(s, delayed=tuple(d for d in s.delayed if d not in due))
        if revealed is not None and revealed in s.limbo:
            s = c.tell(s, "security.no_end_of_battle", card=c.label(s, revealed))
        return _trash_checked(s, at_stage(f, SecurityStage.TRASH), att)
    if revealed is not None and due:
        s = set_top(s, at_stage(f, SecurityStage.TRASH))
        s = replace(s, delayed=tuple(d for d in s.delayed if d not in due))
        if revealed in s.limbo:
            s = replace(s, limbo=tuple(u for u in s.limbo if u != revealed))
            s = c.tell(s, "security.end_of_battle")
            s = ops.play_card(s, defender, revealed)
            return push(s, RESOLVE, FlushFrame(f"play of {c.label(s, revealed)}"))
        if att.battle is None:
            return s
    e = c.Edit(s).set_top(at_stage(f, SecurityStage.TRASH))
    if att.battle is not None:
        e.set_attack(battle=None).tell("security.battle_ends")
    return e.done()


def _trash_checked(s: State, f: SecurityCheckFrame, att: Attack) -> State:
    """The checked card goes to the trash (CR 13-1-8-4); then the next card, if the check covers more."""
    revealed = att.revealed
    frames = s.frames[:-1] + (at_stage(f, SecurityStage.REVEAL),)
    if revealed is None or revealed not in s.limbo:
        return replace(s, frames=frames, attack=replace(att, revealed=None))
    p = s.owners[revealed]
    e = c.Edit(s).put(frames=frames, attack=replace(att, revealed=None), limbo=tuple(u for u in s.limbo if u != revealed))
    e.set_player(p, replace(s.players[p], trash=(revealed,) + s.players[p].trash))
    return e.tell("security.trashed", card=c.label(s, revealed)).done()  # a card's name: the same after the edits


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
