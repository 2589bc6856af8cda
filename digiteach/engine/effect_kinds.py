"""Which kinds of effect a printed card can give a Digimon: the immediate-type effects (CR 15-8-5) a deletion offers,
the [Counter] effects (CR 11-3-1) the counter timing offers. Found once per card object for a card alone
(:func:`prints`), and once per stack shape across games for a stack (``printed.StackFacts.kinds``), so a new board
costs little here, and a stack whose cards print no such effect is passed over without listing its effects
(:func:`may_have`)."""

from __future__ import annotations

from typing import Literal

from digiteach.cards import Card
from digiteach.engine.printed import COUNTER, IMMEDIATE, area_facts, kinds_of, stack_facts
from digiteach.memo import IdentityMemo
from digiteach.state import Stack, State

__all__ = ["Kind", "may_have", "area_may_have", "prints"]

Kind = Literal["immediate", "counter"]
"""``"immediate"``: an effect of category "immediate" (a "would be deleted" trigger, CR 15-8-5); ``"counter"``: a
[Counter] effect (timing [Counter], CR 11-3-1, 15-16-14-1)."""
_BITS: dict[str, int] = {"immediate": IMMEDIATE, "counter": COUNTER}

_KINDS: IdentityMemo[Card, int] = IdentityMemo()
"""card -> the kinds among its own effects (``printed.kinds_of``)."""


def _own_kinds(card: Card) -> int:
    """The :data:`_KINDS` value of ``card``."""
    return kinds_of(card.effects)


def prints(card: Card, kind: Kind) -> bool:
    """True when ``card``'s own effects (not its inherited ones) may include one of ``kind``, or a grant of a
    triggered keyword."""
    return bool(_KINDS.lookup(card, _own_kinds) & _BITS[kind])


def may_have(s: State, st: Stack, kind: Kind) -> bool:
    """False when the stack ``st`` surely has no effect of ``kind`` now: no modifier is in force (nothing gained,
    CR 15-15) and neither its top card's effects nor, on a Digimon, its digivolution cards' inherited effects
    (CR 4-3-3) include one or a grant of a triggered keyword (``printed.StackFacts.kinds``, memoised per card table
    and stack cards). True means "look": ``query.effects_of`` says which."""
    if s.modifiers:
        return True
    return bool(stack_facts(s, st).kinds & _BITS[kind])


def area_may_have(s: State, battle: tuple[Stack, ...], kind: Kind) -> bool:
    """False when no stack of ``battle`` (a Battle Area of ``s``) can have an effect of ``kind`` now: :func:`may_have`
    is False for each of them, known from the area's printed facts in one look (``printed.AreaFacts.kinds``, memoised
    per Battle Area tuple and card table). True means "look at each stack"."""
    if s.modifiers:
        return True
    return bool(area_facts(s, battle).kinds & _BITS[kind])
