"""Switching the attack target by an effect (CR 11-2-7-2), and why a switch does not happen (CR 11-2-7-3,
11-2-7-4, 1-3-2)."""

from __future__ import annotations

from digiteach import effects as fx
from digiteach.copying import replace
from digiteach.engine import core as c
from digiteach.engine.moves import DONE, FAILED, Result
from digiteach.engine.targets import candidates, fixed_targets
from digiteach.state import ActivateFrame, State

__all__ = ["switch_target"]


def switch_target(s: State, f: ActivateFrame, a: fx.SwitchTarget, targets: list[int]) -> Result:
    """Switch the attack target to ``targets[0]`` (CR 11-2-7-2; the targets the rules allow, as
    :mod:`digiteach.engine.targets` finds them). When it can't be, the caption says why: the attacking Digimon has left
    the Battle Area (CR 11-2-7-4), the effect names only what already is the target (CR 11-2-7-3), it names nothing
    the target could switch to, or no attack is in progress (CR 1-3-2)."""
    att = s.attack
    if att is None:
        return c.tell(s, "attack.target_switch_no_attack"), FAILED
    if not c.in_battle_area(s, att.attacker):
        return c.tell(s, "attack.target_switch_fails"), FAILED
    if not targets:
        named = fixed_targets(s, a.target, f)
        current = c.stack_of(s, att.target)
        if current is not None and att.target in (candidates(s, a.target, f) if named is None else named):
            return c.tell(s, "attack.target_switch_same", card=c.label(s, current.top)), FAILED
        return c.tell(s, "attack.target_switch_none"), FAILED
    t = targets[0]
    st = c.stack_of(s, t)
    assert st is not None
    s = replace(s, attack=replace(att, target=t, target_card=st.top))
    return c.tell(s, "attack.target_switched", card=c.label(s, st.top)), DONE
