"""Which kinds of effect a printed card can give a Digimon, found once per card object: the immediate-type effects
(CR 15-8-5) a deletion offers, the [Counter] effects (CR 11-3-1) the counter timing offers. Library cards are shared
by every game, so a new board costs nothing here, and a stack whose cards print no such effect is passed over without
listing its effects (:func:`may_have`)."""

from __future__ import annotations

from typing import Literal

from digiteach.cards import Card
from digiteach.effects import Effect, Persistent
from digiteach.keywords import FLAG_KEYWORDS
from digiteach.memo import IdentityMemo
from digiteach.state import Stack, State
from digiteach.terms import Timing

__all__ = ["Kind", "may_have", "prints"]

Kind = Literal["immediate", "counter"]
"""``"immediate"``: an effect of category "immediate" (a "would be deleted" trigger, CR 15-8-5); ``"counter"``: a
[Counter] effect (timing [Counter], CR 11-3-1, 15-16-14-1)."""
_BITS: dict[str, int] = {"immediate": 1, "counter": 2}
_ANY = 3
"""A card that prints a grant of a triggered keyword: what it gives depends on the moment, so every kind."""

_KINDS: IdentityMemo[Card, tuple[int, int]] = IdentityMemo()
"""card -> (the kinds among its own effects, the kinds among its inherited effects), as :data:`_BITS`."""


def _bits(effects: tuple[Effect | Persistent, ...]) -> int:
    out = 0
    for e in effects:
        if isinstance(e, Effect):
            if e.category == "immediate":
                out |= _BITS["immediate"]
            if e.timing is Timing.COUNTER:
                out |= _BITS["counter"]
        elif e.kind == "keyword" and e.keyword not in FLAG_KEYWORDS:  # as printed._printed's grants
            out |= _ANY
    return out


def _kinds(card: Card) -> tuple[int, int]:
    """The :data:`_KINDS` value of ``card``."""
    return _bits(card.effects), _bits(card.inherited)


def prints(card: Card, kind: Kind) -> bool:
    """True when ``card``'s own effects (not its inherited ones) may include one of ``kind``, or a grant of a
    triggered keyword."""
    return bool(_KINDS.lookup(card, _kinds)[0] & _BITS[kind])


def may_have(s: State, st: Stack, kind: Kind) -> bool:
    """False when the stack ``st`` surely has no effect of ``kind`` now: no modifier is in force (nothing gained,
    CR 15-15) and neither its top card's effects nor, on a Digimon, its digivolution cards' inherited effects
    (CR 4-3-3) include one or a grant of a triggered keyword. True means "look": ``query.effects_of`` says which."""
    if s.modifiers:
        return True
    bit = _BITS[kind]
    cards = s.cards
    uids = st.cards  # the top card first, then the digivolution cards (CR 4-3-2)
    top = cards[uids[0]]
    if _KINDS.lookup(top, _kinds)[0] & bit:
        return True
    if len(uids) == 1 or top.kind != "Digimon":
        return False
    return any(_KINDS.lookup(cards[uid], _kinds)[1] & bit for uid in uids[1:])
