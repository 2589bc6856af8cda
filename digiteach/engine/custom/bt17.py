"""Card functions for BT17 cards: BT17-016 Gallantmon (R43): delete 1 opposing Digimon with 8000 DP or less; if that
deleted nothing, +3000 DP and <Blocker> until the end of the opponent's turn.

Registered when :mod:`digiteach.engine.custom` is imported; the protocol is in :mod:`digiteach.engine.customs`.
"""

from __future__ import annotations

from digiteach import effects as fx
from digiteach.decisions import Option
from digiteach.effects import Effect
from digiteach.engine import core as c
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.customs import CustomResult, register_custom
from digiteach.state import ActivateFrame, DeleteFrame, Modifier, State

__all__: list[str] = []


_POWER_UP_CHECK = Effect(actions=(fx.Custom("bt17_016_power_up_unless_deleted"),),
                         summary="If the chosen Digimon was not deleted, this Digimon powers up.")


def _power_up(s: State, owner: int, iid: int, source: int) -> State:
    st = c.stack_of(s, iid)
    if st is None:
        return c.say(s, "This Digimon has left the Battle Area, so it gains nothing.", "CR 1-3-2")
    for m in (Modifier("dp", iid, amount=3000, duration="opponent_turn_end", player=owner, turn=s.turn,
                       source=c.label(s, source)),
              Modifier("keyword", iid, keyword="Blocker", duration="opponent_turn_end", player=owner, turn=s.turn,
                       source=c.label(s, source))):
        s = c.modifier(s, m)
    return c.say(s, f"{c.label(s, st.top)} gets +3000 DP and <Blocker> until the end of the opponent's turn.")


def _bt17_016_delete_or_power_up(s: State, f: ActivateFrame) -> CustomResult:
    """BT17-016 Gallantmon (R43): delete 1 opposing Digimon with 8000 DP or less; if that deleted nothing, this
    Digimon gets +3000 DP and <Blocker> until the end of the opponent's turn. "Nothing deleted" covers both
    "no Digimon to choose" and a deletion that was prevented (the follow-up looks at the chosen Digimon)."""
    opp = 1 - f.owner
    cands = [st.iid for st in s.players[opp].battle
             if c.card(s, st.top).kind == "Digimon" and (c.dp(s, st.iid) or 0) <= 8000]
    if not cands:
        s = c.say(s, f"{c.pname(opp)} has no Digimon with 8000 DP or less, so nothing is deleted.", "CR 1-3-2")
        if f.holder is None:
            return s
        return _power_up(s, f.owner, f.holder, f.source)
    if len(cands) > 1 and not f.picked:
        options = [Option(f"Choose {c.label(s, c.stack_of(s, i).top)}", i) for i in cands]  # type: ignore[union-attr]
        return c.say(ask(s, f.owner, DecisionKind.TARGET, f"{c.pname(f.owner)}: choose a Digimon to delete.", options,
                          "CR 15-10-2"), f"{c.pname(f.owner)} chooses a Digimon to delete.", "CR 15-10-2")
    target = f.picked[-1] if f.picked else cands[0]
    follow = ActivateFrame(effect=_POWER_UP_CHECK, owner=f.owner, label="[Main] follow-up of " + f.label,
                           holder=None, source=f.source, started=True, subject=f.holder, other=target)
    return s, [follow, DeleteFrame(targets=(target,), cause="effect", by=f.owner)]


def _bt17_016_power_up_unless_deleted(s: State, f: ActivateFrame) -> CustomResult:
    if f.other is not None and c.in_battle_area(s, f.other):
        s = c.say(s, "The chosen Digimon was not deleted.")
        if f.subject is None:
            return s
        return _power_up(s, f.owner, f.subject, f.source)
    return c.say(s, "A Digimon was deleted, so there is no power-up.")


register_custom("bt17_016_delete_or_power_up", _bt17_016_delete_or_power_up)
register_custom("bt17_016_power_up_unless_deleted", _bt17_016_power_up_unless_deleted)
