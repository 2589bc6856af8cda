"""The attack declaration (CR 11-2): the attack is declared and its attacker suspended at the same moment (CR 11-2-1/2),
and the effects the declaration triggers are collected (CR 11-1-4). :mod:`digiteach.engine.rules.attack` runs it as the
first timing of the attack; an effect's "attack" (``effects.MayAttack``) declares one with :func:`declare_attack`.
"""

from __future__ import annotations

from digiteach import rulesets
from digiteach.copying import replace
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.differs import WIKI_DIFFERS
from digiteach.engine.triggers import spent_on, watched
from digiteach.i18n import pgettext
from digiteach.state import PLAYER_TARGET, Attack, Event, Stack, State
from digiteach.terms import AttackTiming, Timing, per_turn_name

__all__ = ["declare_attack", "declare"]


_DECLARED = Attack(attacker=0, attacker_card=0, attacker_player=0, target=PLAYER_TARGET, declared_target=PLAYER_TARGET,
                   target_card=None, timing=AttackTiming.DECLARATION, path=(AttackTiming.DECLARATION.value,))
"""An attack at its declaration (CR 11-2), the timing reached and recorded in its path (as ``ops.enter_timing``):
:func:`declare_attack` copies it with the fields of the attack declared."""


_DECLARATION_TEXT: str = AttackTiming.DECLARATION.value
"""``State.timing`` at the declaration (read once: an enum member's ``value`` is a Python-level property)."""


def declare_attack(s: State, attacker: int, target: int, suspend: bool = True) -> State:
    """Declare an attack (CR 11-2-1/2): suspend the attacker and fix the target at the same moment; collect the
    declaration triggers, the opponent's "when a Digimon attacks" included (CR 11-1-4). No frames are pushed.
    ``suspend=False``: an effect's attack "without suspending" (CR 16-34-1; QA Q4418): the attacker stays as it
    is, suspended or not, and no "suspended" event is raised; every later timing still follows (CR 11-1-5)."""
    return declare(s, attacker, target, suspend).done()


def declare(s: State, attacker: int, target: int, suspend: bool = True) -> c.Edit:
    """:func:`declare_attack`, with the edits after the suspension left to the caller (one copy for them all). When
    nothing can trigger on the suspension and nothing can stop it (``ops.quiet_suspension``), it is made in the same
    copy as the attack, the count and the declaration's caption if nothing can trigger on the declaration either
    (``triggers.watched``), else left to the caller too if the declaration triggered effects (its flush runs anyway)."""
    hit = c.find(s, attacker)
    assert hit is not None
    p, st = hit
    target_card = None
    if target != PLAYER_TARGET:
        target_card = c.stack(s, target).top
    att = replace(_DECLARED, attacker=attacker, attacker_card=st.top, attacker_player=p, target=target,
                  declared_target=target, target_card=target_card, log_at_declaration=len(s.log))
    tname = c.pname(1 - p) if target == PLAYER_TARGET else c.label(s, target_card)  # type: ignore[arg-type]
    name = c.label(s, st.top)
    players = s.players
    suspended = ops.quiet_suspension(s, p, st) if suspend else None  # read on the board the declaration leaves as is
    heard = watched(s, "attacks")
    e = c.Edit(s).put(attack=att, attacks_declared=s.attacks_declared + 1, timing=_DECLARATION_TEXT)
    if suspended is not None and not heard:  # nothing triggers (CR 11-1-4): one copy
        s = e.set_player(p, suspended).done()
        e = c.Edit(s).tell("attack.declare", player=c.pname(p), attacker=name, target=tname)
        return e.tell("attack.suspended", card=name).tell("attack.no_triggers")
    s = e.tell("attack.declare", player=c.pname(p), attacker=name, target=tname).done()
    before = len(s.collecting)
    event = _attack_event(p, st, target) if heard else None  # built once, for triggering and for spent effects
    if event is not None:
        s = _declaration_triggers(s, p, event)
    if suspended is not None and s.players is players:  # collecting triggers changed no area
        e = c.Edit(s).set_player(p, suspended)
        if len(s.collecting) == before:  # the caller may skip the flush (rule_check.end_processing): not on this copy
            e = c.Edit(e.done())
        e.tell("attack.suspended", card=name)
    elif suspend:
        s, _ = ops.suspend(s, attacker, "attack", p)
        e = c.Edit(s)
    else:
        e = _unsuspending(s, st)
    if len(s.collecting) == before:
        e.tell("attack.no_triggers")
        return _spent(e, s, p, event) if event is not None else e
    fresh = s.collecting[before:]
    e.tell("attack.triggers", names=", ".join(c.without_lead(pe.label) for pe in fresh))
    if any(pe.effect.timing is Timing.WHEN_ATTACKING for pe in fresh):
        e.tell("attack.when_attacking")  # CR 15-16-5-1
    return _spent(e, s, p, event) if event is not None else e  # spent ones named beside the others (CR 15-14-1-1)


def _declaration_triggers(s: State, p: int, event: Event) -> State:
    """``s`` with the effects ``event`` (the declaration of ``p``'s Digimon's attack) triggers collected, the
    opponent's "when a Digimon attacks" ones included from CR 2.0 on (CR 11-1-4; before it, they trigger in a timing of
    their own, ``rules.attack``: docs/wiki-vs-cr.md A1)."""
    before = len(s.collecting)
    s = c.trigger(s, event)
    if len(s.collecting) == before:
        return s
    if not rulesets.ruleset(s.ruleset).opponent_attack_triggers_at_declaration:  # before CR 2.0: see the docstring
        return replace(s, collecting=s.collecting[:before] + tuple(pe for pe in s.collecting[before:] if pe.owner == p))
    if any(pe.owner != p for pe in s.collecting[before:]):
        s = c.tell(s, "attack.opponent_triggers", differs=WIKI_DIFFERS["opponent_attacks"])
    return s


def _attack_event(p: int, st: Stack, target: int) -> Event:
    """The event of ``p``'s Digimon ``st`` attacking ``target`` (CR 11-1-4): what declaration triggers watch."""
    return Event("attacks", p, st.iid, st.top, by=p, other=target, target_player=target == PLAYER_TARGET)


def _spent(e: c.Edit, s: State, p: int, event: Event) -> c.Edit:
    """Say (on ``e``) which effects would have triggered on the declaration in ``s`` but do not, their [X Per Turn]
    uses being spent this turn (CR 15-14-1-1); before CR 2.0 only ``p``'s own (see :func:`_declaration_triggers`)."""
    both = rulesets.ruleset(s.ruleset).opponent_attack_triggers_at_declaration
    for owner, effect, label in spent_on(s, event):
        if both or owner == p:
            e.tell("attack.trigger_spent", effect=c.without_lead(label), limit=per_turn_name(effect.per_turn))
    return e


def _unsuspending(s: State, st: Stack) -> c.Edit:
    """The edits of a declaration made without suspending the attacker ``st`` (its stack before the declaration):
    the caption says why it stays as it is, and the attack diagram notes it at the declaration."""
    key = "attack.without_suspending" + ("_suspended" if st.suspended else "_cant" if c.cant_suspend(s, st.iid) else "")
    return c.Edit(s).tell(key, attacker=c.label(s, st.top)).note_timing(
        AttackTiming.DECLARATION, pgettext("note", "without suspending"))
