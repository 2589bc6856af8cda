"""Card functions for BT25 cards: BT25-043 Habakirimon / [Habakiri], a DUAL card (R51).

Registered when :mod:`digiteach.engine.custom` is imported; the protocol is in :mod:`digiteach.engine.customs`.
"""

from __future__ import annotations

from digiteach.decisions import Option
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.customs import CustomResult, register_custom
from digiteach.state import ActivateFrame, Modifier, State

__all__: list[str] = []


def _habakiri_trash_own_security_to_shrink_all(s: State, f: ActivateFrame) -> CustomResult:
    """[Habakiri] (BT25-043's Option side, R51), second sentence: by trashing your top security card (optional,
    CR 15-7), all of the opponent's Digimon get -5000 DP for the turn."""

    p = f.owner
    if not s.players[p].security:
        return c.say(s, f"{c.pname(p)} has no security card to trash, so the rest does not happen.", "CR 15-7-2")
    if not f.picked:
        return ask(s, p, DecisionKind.OPTIONAL, f"{c.pname(p)}: trash your top security card so that all of "
                    f"{c.pname(1 - p)}'s Digimon get -5000 DP?",
                    [Option("Trash your top security card", 1), Option("Don't trash", -1)], "CR 15-7")
    if f.picked[-1] == -1:
        return c.say(s, f"{c.pname(p)} does not trash a security card.", "CR 15-7")
    s, n = ops.trash_security(s, p, 1)
    if n < 1:
        return s
    for st in s.players[1 - p].battle:
        if c.card(s, st.top).kind == "Digimon":
            s = c.modifier(s, Modifier("dp", st.iid, amount=-5000, duration="turn", player=p, turn=s.turn,
                                       source=c.label(s, f.source)))
    return c.say(s, f"All of {c.pname(1 - p)}'s Digimon get -5000 DP for the turn.")


def _bt25_043_trash_biggest(s: State, f: ActivateFrame) -> CustomResult:
    """BT25-043 Habakirimon (R51), second sentence of its [When Digivolving]/[When Attacking]: the top card of the
    larger Security Stack is trashed (on a tie the effect's player picks which), and then this Digimon
    unsuspends. Optional (CR 15-7); the player is found when this part is processed."""

    p = f.owner
    sizes = [len(s.players[q].security) for q in (0, 1)]
    most = max(sizes)
    if most == 0:
        return c.say(s, "Neither player has a security card, so nothing is trashed.", "CR 15-7-2")
    tied = [q for q in (0, 1) if sizes[q] == most]
    if not f.picked:
        return ask(s, p, DecisionKind.OPTIONAL, f"{c.pname(p)}: trash the top card of the Security Stack with the most cards "
                    f"({most}) to unsuspend this Digimon?",
                    [Option(f"Trash {c.pname(q)}'s top security card", q) for q in tied]
                    + [Option("Don't trash", -1)], "CR 15-7")
    q = f.picked[-1]
    if q == -1:
        return c.say(s, f"{c.pname(p)} does not trash a security card.", "CR 15-7")
    s, n = ops.trash_security(s, q, 1)
    if n < 1 or f.holder is None:
        return s
    return ops.unsuspend(s, f.holder, p)


register_custom("habakiri_trash_own_security_to_shrink_all", _habakiri_trash_own_security_to_shrink_all)
register_custom("bt25_043_trash_biggest", _bt25_043_trash_biggest)
