"""Effect actions about where a card is (CR 4-28, 16-17, 16-41): an Option card placed in the Battle Area, <Delay>'s
cost and <Training>. Part of the one action vocabulary of :mod:`digiteach.effects.actions` (which lists them in
``EffectAction``); kept here so that module stays one a reader takes in."""

from __future__ import annotations

from dataclasses import dataclass

from digiteach.effects.selectors import Cond

__all__ = ["PlaceInBattleArea", "DelayTrash", "Train"]


@dataclass(frozen=True, slots=True)
class PlaceInBattleArea:
    """Place this card (the effect's own card: a used Option, a checked security card, a card in a pile) in its
    owner's Battle Area, where it stays as an Option card placed by an effect (CR 4-28-1, 9-1-5, 17-1-3-2-2)."""

    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class DelayTrash:
    """<Delay>'s cost (CR 16-17-1): trash this Option card from its owner's Battle Area; the rest of the effect needs
    it done (CR 15-7-2). Built by the keyword (``keyword_effects.delay``), not written in card data."""

    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class Train:
    """<Training> (CR 16-41): by suspending this Digimon (Battle or Breeding Area), place the top card of your deck
    at the bottom of its digivolution cards. Built by the keyword, not written in card data."""

    condition: Cond | None = None
