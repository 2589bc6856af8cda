"""Card functions for EX11 cards: EX11-074 Vortexdramon (R39): this Digimon may battle one of the opponent's Digimon
outside the attack (CR 14-1, 14-2; QA Q5957).

Registered when :mod:`digiteach.engine.custom` is imported; the protocol is in :mod:`digiteach.engine.customs`.
"""

from __future__ import annotations

from digiteach.decisions import Option
from digiteach.engine import core as c
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.customs import CustomResult, register_custom
from digiteach.state import ActivateFrame, DeleteFrame, State

__all__: list[str] = []


def _may_battle_opponent_digimon(s: State, f: ActivateFrame) -> CustomResult:
    """EX11-074 Vortexdramon (R39): this Digimon may battle 1 of the opponent's Digimon (suspended or not).
    The battle follows CR 14-1/14-2 outside the attack's battle step; losers are deleted in battle, so
    "deletes in battle" effects such as <Piercing> trigger (QA Q5957)."""
    me = f.holder
    if me is None or not c.in_battle_area(s, me):
        return c.say(s, "This Digimon has left the Battle Area, so it cannot battle.", "CR 1-3-2")
    opp = 1 - f.owner
    cands = [st.iid for st in s.players[opp].battle if c.card(s, st.top).kind == "Digimon"]
    if not cands:
        return c.say(s, f"{c.pname(opp)} has no Digimon to battle.", "CR 1-3-2")
    if not f.picked:
        options = [Option(f"Battle {c.label(s, c.stack_of(s, i).top)}", i) for i in cands]  # type: ignore[union-attr]
        return c.say(ask(s, f.owner, DecisionKind.TARGET, f"{c.pname(f.owner)}: battle one of {c.pname(opp)}'s Digimon?",
                          options + [Option("Don't battle", -1)], "CR 15-10-2"),
                     f"{c.pname(f.owner)} may choose an opposing Digimon to battle.", "CR 15-10-2")
    target = f.picked[-1]
    if target == -1 or not c.in_battle_area(s, target):
        return c.say(s, f"{c.pname(f.owner)} does not battle.")
    mine, theirs = c.stack_of(s, me), c.stack_of(s, target)
    assert mine is not None and theirs is not None
    adp, tdp = c.dp(s, me, target) or 0, c.dp(s, target, me) or 0
    s = c.say(s, f"Battle by an effect: {c.label(s, mine.top)} ({adp} DP) against {c.label(s, theirs.top)} "
                 f"({tdp} DP).", "CR 14-1", "CR 14-2-1")
    losers = [target] if adp > tdp else [me] if tdp > adp else [me, target]
    if len(losers) == 2:
        s = c.say(s, "Equal DP: both lose.", "CR 14-2-1-3")
    pairs = tuple((x, target if x == me else me) for x in losers)
    return s, [DeleteFrame(targets=tuple(losers), cause="battle", by=s.turn_player, battle_pairs=pairs)]


register_custom("ex11_074_may_battle_opponent_digimon", _may_battle_opponent_digimon)
