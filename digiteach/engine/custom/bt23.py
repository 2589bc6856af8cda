"""Card functions for BT23 cards: BT23-094 Nanomachine Break [Main] (R55).

Registered when :mod:`digiteach.engine.custom` is imported; the protocol is in :mod:`digiteach.engine.customs`.
"""

from __future__ import annotations

from digiteach.decisions import Option
from digiteach.engine import core as c
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.customs import CustomResult, register_custom
from digiteach.state import ActivateFrame, Modifier, State

__all__: list[str] = []


def _bt23_094_restrict(s: State, f: ActivateFrame) -> CustomResult:
    """BT23-094 Nanomachine Break [Main] (R55): 1 of the opponent's Digimon gains <Security A. -1> and "can't
    activate [When Digivolving]/[When Attacking] effects", both until the end of the opponent's turn. The
    restriction follows the Digimon through digivolution (it is not a new card, CR 3-1-3-1-3)."""
    opp = 1 - f.owner
    cands = [st.iid for st in s.players[opp].battle if c.card(s, st.top).kind == "Digimon"]
    if not cands:
        return c.say(s, f"{c.pname(opp)} has no Digimon, so nothing happens.", "CR 1-3-2")
    if len(cands) > 1 and not f.picked:
        options = [Option(f"Choose {c.label(s, c.stack_of(s, i).top)}", i) for i in cands]  # type: ignore[union-attr]
        return c.say(ask(s, f.owner, DecisionKind.TARGET, f"{c.pname(f.owner)}: choose a Digimon to restrict.", options,
                          "CR 15-10-2"), f"{c.pname(f.owner)} chooses the target.", "CR 15-10-2")
    target = f.picked[-1] if f.picked else cands[0]
    st = c.stack_of(s, target)
    if st is None:
        return s
    src = c.label(s, f.source)
    s = c.modifier(s, Modifier("security_a", target, amount=-1, duration="opponent_turn_end", player=f.owner,
                               turn=s.turn, source=src))
    s = c.modifier(s, Modifier("keyword", target, keyword="Can't activate [When Digivolving]/[When Attacking]",
                               duration="opponent_turn_end", player=f.owner, turn=s.turn, source=src))
    return c.say(s, f"{c.label(s, st.top)} gains <Security A. -1> and cannot activate [When Digivolving] or "
                    "[When Attacking] effects until the end of the opponent's turn.", "CR 16-4")


register_custom("bt23_094_restrict", _bt23_094_restrict)
