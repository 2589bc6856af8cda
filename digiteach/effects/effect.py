"""Effects (CR 15-8): a triggered, immediate, activated or [Security] :class:`Effect` with its trigger, scope,
condition and actions, and a :class:`Persistent` effect with no trigger (CR 15-8-2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from digiteach.effects.actions import EffectAction
from digiteach.effects.selectors import Cond, Sel, When
from digiteach.terms import Timing

__all__ = [
    "Effect",
    "Persistent",
]

@dataclass(frozen=True, slots=True)
class Effect:
    """One triggered, immediate, activated or [Security] effect.

    Exactly one of ``timing`` (a bracketed :class:`~digiteach.terms.Timing`) or ``when`` (a "when ..."
    trigger) is normally set. ``scope`` is [Your Turn] / [Opponent's Turn] / [All Turns] or None.
    ``per_turn`` is 1 for [Once Per Turn], 2 for [Twice Per Turn], 0 for no limit. ``name`` is how
    the effect is named in labels (e.g. "Piercing" for keyword effects, else the timing).
    ``keyword`` is set for keyword effects (e.g. "Blitz").
    ``shared_count``: effects of one card with the same non-empty text share one [X Per Turn] count: one printed
    effect with several timings, e.g. [When Digivolving][End of Attack][Once Per Turn] (QA Q2299, Q6519).
    ``label``: what the effect does in a few words for its pending label ("unsuspend"), written by the card's
    author; empty: derived from ``actions`` (:func:`digiteach.engine.labels.what_words`).
    ``hand``: a {Hand} [Counter] effect, used from its owner's hand only (CR 15-16-14; <Blast Digivolve>, CR 16-26);
    False (the default): a Digimon's or Tamer's [Counter] effect works on the field only (an Option's from the hand).
    """

    actions: tuple[EffectAction, ...]
    timing: Timing | None = None
    when: When | None = None
    scope: Timing | None = None
    condition: Cond | None = None
    optional: bool = False
    per_turn: int = 0
    summary: str = ""
    keyword: str = ""
    shared_count: str = ""
    label: str = ""
    hand: bool = False

    @property
    def category(self) -> str:
        """"trigger", "immediate" (CR 15-8-5), "security" (CR 15-16-10), "main", "counter" (CR 15-8-4)."""
        if self.when is not None and self.when.event in ("would_be_deleted", "would_leave"):
            return "immediate"
        if self.timing is Timing.SECURITY:
            return "security"
        if self.timing is Timing.MAIN:
            return "main"
        if self.timing is Timing.COUNTER:
            return "counter"
        return "trigger"

    @property
    def once_per_turn(self) -> bool:
        """True for [Once Per Turn] / [Twice Per Turn] effects."""
        return self.per_turn > 0

    @property
    def name(self) -> str:
        """Short name used in labels: "<Piercing>", "[When Attacking]", "[Your Turn]" ..."""
        if self.keyword and (self.timing is None or self.keyword in ("Blitz", "Blast Digivolve", "Save")
                             or self.timing in (Timing.MAIN, Timing.COUNTER)):
            return f"<{self.keyword}>"
        if self.timing is not None:
            return f"[{self.timing.value}]"
        if self.scope is not None:
            return f"[{self.scope.value}]"
        return "[All Turns]"


@dataclass(frozen=True, slots=True)
class Persistent:
    """A persistent effect (CR 15-8-2): no trigger, applies while its scope and condition hold.

    ``kind`` is one of :data:`PERSISTENT_KINDS`. ``applies_to``: "this" (the Digimon holding it),
    "your_security_digimon", "opponent_security_digimon", "opponent_digimon". ``keyword`` names the
    keyword for kind "keyword" (e.g. "Blocker", "Rush", "Jamming", "Collision").
    ``when_battling_no_digivolution`` limits a DP bonus to battles against a Digimon without
    digivolution cards. ``target``: a selector (``who: all``) naming the Battle Area cards the effect applies
    to instead of this one ("all of your opponent's Digimon get -2000 DP", "your Digimon with [X] in their
    names can't be blocked"), read from this card's player's side; it reaches cards that arrive later too, as
    long as the effect is in force (CR 15-11-2). ``cause`` limits ``cant_be_deleted`` ("effect",
    "opponent_effect", "battle"; empty: any cause).
    """

    kind: str
    amount: int = 0
    keyword: str = ""
    applies_to: Literal["this", "your_security_digimon", "opponent_security_digimon", "opponent_digimon"] = "this"
    scope: Timing | None = None
    condition: Cond | None = None
    summary: str = ""
    when_battling_no_digivolution: bool = False
    target: Sel | None = None
    cause: str = ""
