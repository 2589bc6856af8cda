"""Printed cards as data: :class:`Card`, its digivolution requirements, and the error bad card data raises."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from digiteach.effects import Effect, Persistent

__all__ = ["KINDS", "DigivolveCost", "Card", "CardLibrary", "CardDataError"]

KINDS: tuple[str, ...] = ("Digimon", "Tamer", "Option", "Digi-Egg")


@dataclass(frozen=True, slots=True)
class DigivolveCost:
    """A digivolution requirement (CR 8-1): from a ``color`` Digimon of ``level`` for ``cost`` memory.
    ``name_contains`` replaces the colour requirement when set (e.g. "Lv.5 w/[Garurumon] in name");
    ``two_colors`` also asks for exactly two colours, one of them ``color`` (e.g. "Lv.4 2-color w/green");
    ``trait`` replaces the colour requirement with a trait (e.g. "Lv.5 w/[Glowing Dawn] trait")."""

    color: str
    level: int
    cost: int
    name_contains: str = ""
    two_colors: bool = False
    trait: str = ""

    def accepts(self, top: "Card") -> bool:
        """True when a Digimon whose top card is ``top`` meets this requirement (CR 8-1-1)."""
        if top.level != self.level:
            return False
        if self.trait:
            return self.trait in top.traits
        if self.name_contains:
            return self.name_contains in top.name
        if self.two_colors and len(top.colors) != 2:
            return False
        return self.color in top.colors


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card.

    ``kind`` is "Digimon", "Tamer", "Option" or "Digi-Egg"; ``dp`` is None for cards without DP.
    ``effects`` are the card's own effects (active when it is the top card or a Tamer on the field,
    or {Hand} [Counter] effects), ``inherited`` those it gives from under a Digimon (CR 4-3-3),
    ``security`` its [Security] effects (CR 15-16-10). ``keywords`` lists keyword text for display.
    ``summary`` is our own one-line description; ``text`` optional printed text kept beside the data.
    ``token`` marks a token (CR 4-21): created by an effect, removed from the game when it leaves the field.
    A DUAL card (CR 4-20) is a Digimon card with a ``use_cost``: its [Main] effects are its Option side.
    """

    number: str
    name: str
    kind: str = "Digimon"
    level: int | None = None
    colors: tuple[str, ...] = ()
    dp: int | None = None
    play_cost: int | None = None
    use_cost: int | None = None
    digivolve: tuple[DigivolveCost, ...] = ()
    effects: tuple[Effect | Persistent, ...] = ()
    inherited: tuple[Effect | Persistent, ...] = ()
    security: tuple[Effect, ...] = ()
    keywords: tuple[str, ...] = ()
    summary: str = ""
    traits: tuple[str, ...] = ()
    token: bool = False

    @property
    def label(self) -> str:
        """``"BT1-081 HerculesKabuterimon"``."""
        return f"{self.number} {self.name}"


CardLibrary = Mapping[str, Card]
"""Card number -> Card."""


class CardDataError(ValueError):
    """Bad card data. ``path`` is the tuple of keys/indices to the bad field, ``where`` the file (and
    line when known); ``message`` what is wrong, without them."""

    def __init__(self, where: str, path: Sequence[str | int], message: str) -> None:
        self.where = where
        self.message = message
        self.path = tuple(path)
        shown = ".".join(str(p) for p in self.path) or "(card)"
        super().__init__(f"{where}: {shown}: {message}")
