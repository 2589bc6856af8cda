"""Which kinds of effect a printed card can give a Digimon, found once per card object: the immediate-type effects
(CR 15-8-5) a deletion offers, the [Counter] effects (CR 11-3-1) the counter timing offers. Library cards are shared
by every game, so a new board costs nothing here, and a stack whose cards print no such effect is passed over without
listing its effects (:func:`may_have`)."""

from __future__ import annotations

from typing import Literal

from digiteach.cards import Card
from digiteach.effects import Effect, Persistent
from digiteach.keywords import FLAG_KEYWORDS
from digiteach.state import Stack, State
from digiteach.terms import Timing

__all__ = ["Kind", "may_have"]

Kind = Literal["immediate", "counter"]
"""``"immediate"``: an effect of category "immediate" (a "would be deleted" trigger, CR 15-8-5); ``"counter"``: a
[Counter] effect (timing [Counter], CR 11-3-1, 15-16-14-1)."""
_ANY = "*"
"""Marks a card that prints a grant of a triggered keyword: what it gives depends on the moment, so any kind."""

_KINDS: dict[int, tuple[Card, frozenset[str], frozenset[str]]] = {}
"""id(card) -> (the card, the kinds among its own effects, the kinds among its inherited effects). The entry holds the
card, so its id is not reused while the entry lives; cleared past 4,096 cards."""


def _kinds_of(effects: tuple[Effect | Persistent, ...]) -> frozenset[str]:
    out: set[str] = set()
    for e in effects:
        if isinstance(e, Effect):
            if e.category == "immediate":
                out.add("immediate")
            if e.timing is Timing.COUNTER:
                out.add("counter")
        elif e.kind == "keyword" and e.keyword not in FLAG_KEYWORDS:  # as printed._printed's grants
            out.add(_ANY)
    return frozenset(out)


def _kinds(card: Card) -> tuple[frozenset[str], frozenset[str]]:
    hit = _KINDS.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1], hit[2]
    if len(_KINDS) >= 4096:
        _KINDS.clear()
    own, inherited = _kinds_of(card.effects), _kinds_of(card.inherited)
    _KINDS[id(card)] = (card, own, inherited)
    return own, inherited


def may_have(s: State, st: Stack, kind: Kind) -> bool:
    """False when the stack ``st`` surely has no effect of ``kind`` now: no modifier is in force (nothing gained,
    CR 15-15) and neither its top card's effects nor, on a Digimon, its digivolution cards' inherited effects
    (CR 4-3-3) include one or a grant of a triggered keyword. True means "look": ``query.effects_of`` says which."""
    if s.modifiers:
        return True
    cards = s.cards
    top = cards[st.top]
    own = _kinds(top)[0]
    if kind in own or _ANY in own:
        return True
    if top.kind != "Digimon":
        return False
    for uid in st.digivolution_cards:
        inherited = _kinds(cards[uid])[1]
        if kind in inherited or _ANY in inherited:
            return True
    return False
