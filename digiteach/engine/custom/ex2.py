"""Card functions for EX2 cards: EX2-043 Gulfmon [When Digivolving] (hands down to five, the turn player choosing
first, CR 1-3-5).

Registered when :mod:`digiteach.engine.custom` is imported; the protocol is in :mod:`digiteach.engine.customs`.
"""

from __future__ import annotations

from digiteach.copying import replace

from digiteach.decisions import Option
from digiteach.engine import core as c
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.customs import CustomResult, register_custom
from digiteach.state import ActivateFrame, Event, State

__all__: list[str] = []


def _ex2_043_hands_down_to_five(s: State, f: ActivateFrame) -> CustomResult:
    order = [s.turn_player, 1 - s.turn_player]  # the turn player chooses first (CR 1-3-5)
    picked = list(f.picked)
    chosen: dict[int, list[int]] = {}
    for p in order:
        hand = list(s.players[p].hand)
        need = max(0, len(hand) - 5)
        if need == 0:
            chosen[p] = []
            continue
        if len({c.card(s, u).number for u in hand}) == 1:
            chosen[p] = hand[-need:]  # identical cards: no real choice
            continue
        mine: list[int] = []
        while picked and len(mine) < need:
            mine.append(picked.pop(0))
        if len(mine) < need:
            left = [u for u in hand if u not in mine]
            distinct: list[int] = []
            for u in left:
                if all(c.card(s, x).number != c.card(s, u).number for x in distinct):
                    distinct.append(u)
            return c.say(ask(s, p, DecisionKind.TARGET, f"{c.pname(p)}: choose a card to trash from your hand "
                              f"({len(mine) + 1} of {need}; 5 stay).", [Option(f"Trash {c.label(s, u)}", u)
                                                                       for u in distinct], "CR 1-3-5"),
                         f"{c.pname(p)} chooses the cards to trash.", "CR 1-3-5")
        chosen[p] = mine
    events: list[Event] = []
    for p in order:
        gone = chosen[p]
        if not gone:
            s = c.say(s, f"{c.pname(p)} has {len(s.players[p].hand)} cards in hand and trashes none.")
            continue
        pl = s.players[p]
        s = c.set_player(s, p, replace(pl, hand=tuple(u for u in pl.hand if u not in gone),
                                       trash=tuple(reversed(gone)) + pl.trash))
        s = c.say(s, f"{c.pname(p)} trashes {len(gone)} card{'s' if len(gone) != 1 else ''} from hand "
                     f"({len(s.players[p].hand)} left).")
        events.append(Event("hand_trashed", p, None, None, cause="effect", by=f.owner, count=len(gone)))
    return c.trigger_many(s, events) if events else s


register_custom("ex2_043_hands_down_to_five", _ex2_043_hands_down_to_five)
