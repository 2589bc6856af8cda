"""Placing cards under a card in the Battle Area (CR 4-7, stacked cards): the function of the
:class:`~digiteach.effects.PlaceUnder` action, like the others of :mod:`digiteach.engine.apply`.

Under a Tamer, a card is one of the cards under it (CR 4-4-2), not a digivolution card (those are under a Digimon,
CR 4-8-1): it gives the Tamer no inherited effect (CR 4-3-3 is a Digimon's), is not on the field (CR 4-7-7), is face
up unless an effect says otherwise (CR 4-7-5) and is trashed when the Tamer leaves (CR 4-7-8). Under a Digimon, it is
the bottom digivolution card. A Tamer placed under a Digimon (<Mind Link>, CR 16-28) leaves the field, and the cards
under it are trashed at the same time (CR 4-7-7, 4-7-8).
"""

from __future__ import annotations

from digiteach import captions as cap
from digiteach import effects as fx
from digiteach.copying import replace
from digiteach.decisions import Option
from digiteach.engine import core as c
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.moves import DONE, FAILED, WAITING, Applied, Result, pile_words, take_card
from digiteach.engine.targets import candidates, fixed_targets
from digiteach.state import ActivateFrame, State

__all__ = ["place_under", "DECLINED"]

DECLINED = -1
"""The ``ref`` of the "don't place it" option of an optional placement (CR 15-9)."""


def _places(s: State, f: ActivateFrame, a: fx.PlaceUnder, targets: list[int]) -> list[int]:
    """The Battle Area iids ``a.under`` finds, leaving out a stack that is itself being placed and, with
    ``no_tamer_under``, one that already has a Tamer card under it."""
    found = candidates(s, a.under, f) if a.under.who == "choose" else (fixed_targets(s, a.under, f) or [])
    if a.no_tamer_under:  # <Mind Link>: a Digimon with no Tamer card among its digivolution cards (CR 16-28-1)
        found = [i for i in found if all(c.card(s, u).kind != "Tamer" for u in c.stack(s, i).cards[1:])]
    return [i for i in found if not (_on_field(a) and i in targets)]  # targets in a pile are uids, not iids


def _place_chosen(s: State, f: ActivateFrame, a: fx.PlaceUnder, places: list[int],
                  cards: str) -> tuple[State, int | None]:
    """The iid the cards go under (CR 15-10-2: the effect's player chooses among several; an optional placement is
    always asked, with "don't"), :data:`DECLINED`, or None while asking."""
    if f.cards:
        return s, f.cards[-1]
    if len(places) == 1 and not a.optional:
        return s, places[0]
    options = [Option(cap.text("under.option", card=c.label(s, c.stack(s, i).top)), i) for i in places]
    if a.optional:
        options.append(Option(cap.text("under.decline_option", cards=cards), DECLINED))
    prompt = cap.text("under.prompt", player=c.pname(f.owner), cards=cards)
    return ask(s, f.owner, DecisionKind.CARDS, prompt, options, cap.rules("under.prompt")[0]), None


def _on_field(a: fx.PlaceUnder) -> bool:
    """True when ``a``'s targets are Battle Area stacks (iids), False when they are cards in a pile (uids)."""
    return a.target.area == "battle" and a.target.who not in ("this_card", "previous")


def _names(s: State, a: fx.PlaceUnder, targets: list[int]) -> str:
    """The cards placed, by name (a Battle Area target by its top card)."""
    return ", ".join(c.label(s, c.stack(s, t).top if _on_field(a) else t) for t in targets)


def _leave_field(s: State, iid: int) -> State:
    """The Battle Area card ``iid`` leaves the field to go under another card: the cards under it are trashed at the
    same time (CR 4-7-7, 4-7-8)."""
    st = c.stack(s, iid)
    s = c.remove_stack(s, iid)  # every card of the stack to the trash at once ...
    s, _was = take_card(s, st.top)  # ... but the top card, which goes under the other card
    if st.cards[1:]:
        s = c.tell(s, "under.trashed_with", card=c.label(s, st.top),
                   cards=", ".join(c.label(s, u) for u in st.cards[1:]))
    return s


def place_under(s: State, f: ActivateFrame, a: fx.PlaceUnder, targets: list[int]) -> Result:
    """Place the targets under the card ``a.under`` finds, at the bottom (CR 4-4-2), one at a time in order.
    Not done (``ok`` False) when there is nothing to place, nowhere to place it, or the player declines."""
    if not targets:
        return c.tell(s, "under.nothing"), FAILED
    cards = _names(s, a, targets)
    places = _places(s, f, a, targets)
    if not places:
        return c.tell(s, "under.nowhere", player=c.pname(f.owner), cards=cards), FAILED
    s, dest = _place_chosen(s, f, a, places, cards)
    if dest is None:
        return s, WAITING
    if dest == DECLINED:
        return c.tell(s, "under.declined", player=c.pname(f.owner), cards=cards), Applied(ok=False)
    for t in targets:
        if _on_field(a):
            uid = c.stack(s, t).top
            s, was = _leave_field(s, t), "battle"
        else:
            uid = t
            s, was = take_card(s, t)
        st = c.stack(s, dest)
        s = c.update_stack(s, replace(st, cards=st.cards + (uid,)))
        key = ("under.placed_tamer" if c.card(s, st.top).kind == "Tamer" else
               "under.tamer_placed_digimon" if c.card(s, uid).kind == "Tamer" else "under.placed_digimon")
        pile = cap.text("under.from_battle_area") if was == "battle" else pile_words(was)
        s = c.tell(s, key, card=c.label(s, uid), owner=c.pname(s.owners[uid]), pile=pile,
                   under=c.label(s, st.top), count=len(st.cards), tamer_owner=c.pname(s.owners[st.top]))
    return s, DONE
