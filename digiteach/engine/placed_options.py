"""Option cards in the Battle Area (CR 4-28) and <Delay> (CR 16-17).

An effect may place its own card in its owner's Battle Area (:func:`place_in_battle_area`, the action
``place_in_battle_area``): a used Option then is not trashed (CR 9-1-5), a checked security card is not trashed
(CR 13-1-8-4), and the rule check leaves it there (CR 17-1-3-2-2). There it is a :class:`~digiteach.state.Stack`
of one Option card marked ``by_effect``: not a Digimon (no DP, it does not attack, is not attacked and does not
block: every selector, attack and block asks for a Digimon card), shown on the board with its kind.

<Delay> is an effect of such a card whose activation trashes it from the Battle Area (:func:`delay_trash`, a cost,
CR 16-17-1), optional (CR 16-17-2) and never in the turn the card was placed (CR 16-17-3): [Main] <Delay> is
activated like any [Main] effect on the field (:func:`delay_problem` says when it cannot be), a "when ..."
<Delay> triggers and its owner is asked. Activating it is not using an Option card: nothing that watches Option
use triggers (official Q&A Q1128, Q1737).
"""

from __future__ import annotations

from digiteach import effects as fx
from digiteach.copying import replace
from digiteach.cards import Card
from digiteach.effects import Effect
from digiteach.engine import core as c
from digiteach.engine.moves import DONE, FAILED, Result, on_top, take_card
from digiteach.state import ActivateFrame, Stack, State
from digiteach.terms import Timing

__all__ = ["DELAY", "use_effects", "is_placed_option", "place_in_battle_area", "delay_trash", "delay_problem",
           "too_soon"]

DELAY = "Delay"
"""The keyword's printed name (``Effect.keyword`` of a <Delay> effect)."""


def use_effects(cd: Card) -> list[Effect]:
    """The [Main] effects processed when the Option ``cd`` is used (CR 9-1-2): every [Main] effect but a [Main]
    <Delay>, which is activated from the Battle Area only (CR 16-17-1)."""
    return [e for e in cd.effects if isinstance(e, Effect) and e.timing is Timing.MAIN and e.keyword != DELAY]


def is_placed_option(s: State, st: Stack) -> bool:
    """True when the Battle Area stack ``st`` is an Option card (CR 4-28-1)."""
    return s.cards[st.top].kind == "Option"


def place_in_battle_area(s: State, f: ActivateFrame, a: fx.PlaceInBattleArea, targets: list[int]) -> Result:
    """Place the effect's own card ``f.source`` in its owner's Battle Area (CR 4-28-1), from wherever it is: in no
    area (a used Option, CR 9-1-4, or a checked security card), a pile or under a Digimon. Not done when the card is
    already the top card of a stack on the field. An Option card is marked ``by_effect`` (CR 17-1-3-2-2) and
    ``placed_this_turn`` (its <Delay> waits for a later turn, CR 16-17-3)."""
    uid = f.source
    cd = c.card(s, uid)
    if on_top(s, uid):
        return c.tell(s, "place.not_done", card=cd.label), FAILED
    s, _was = take_card(s, uid)
    p = s.owners[uid]
    s, iid = c.new_id(s)
    pl = s.players[p]
    placed = Stack(iid=iid, cards=(uid,), placed_this_turn=True, by_effect=cd.kind == "Option")
    s = c.set_player(s, p, replace(pl, battle=pl.battle + (placed,)))
    key = "place.option" if cd.kind == "Option" else "place.card"
    return c.tell(s, key, player=c.pname(p), card=cd.label), DONE


def delay_problem(s: State, st: Stack, player: int) -> str | None:
    """Why ``player`` cannot activate the <Delay> of the Battle Area stack ``st`` now (the sentence names the rule),
    or None when they can."""
    hit = c.find(s, st.iid)
    if hit is None or hit[0] != player:
        return "a <Delay> is activated by the owner of the Option card in their Battle Area (CR 16-17-1)"
    if st.placed_this_turn:
        return (f"{c.label(s, st.top)} was placed in the Battle Area this turn: its <Delay> can be activated from the "
                "next turn on (CR 16-17-3)")
    return None


def too_soon(s: State, holder: int | None) -> bool:
    """True when the Option card ``holder`` in the Battle Area was placed there this turn, so its <Delay> cannot be
    activated (CR 16-17-3): a triggered one is then not offered."""
    st = c.stack_of(s, holder) if holder is not None else None
    return st is not None and st.placed_this_turn


def delay_trash(s: State, f: ActivateFrame, a: fx.DelayTrash, targets: list[int]) -> Result:
    """<Delay>'s cost: trash the Option card holding the effect from its owner's Battle Area (CR 16-17-1). Not done
    (and the rest of the effect does not happen, CR 15-7-2) when the card has left, or was placed this turn
    (CR 16-17-3)."""
    st = c.stack_of(s, f.holder) if f.holder is not None else None
    if st is None or not is_placed_option(s, st):
        return c.tell(s, "delay.gone", card=c.label(s, f.source)), FAILED
    name = c.label(s, st.top)
    if st.placed_this_turn:
        return c.tell(s, "delay.too_soon", card=name), FAILED
    s = c.remove_stack(s, st.iid)
    return c.tell(s, "delay.trashed", player=c.pname(f.owner), card=name), DONE
