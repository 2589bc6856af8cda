"""Factories of the keywords about where a card is rather than about battle: <Delay> (an Option card in the Battle Area
trashed to activate its effect, CR 16-17) and <Training> (the deck's top card placed under a Digimon, CR 16-41). The
keyword table :data:`digiteach.keywords.KEYWORDS` names them, as it names those of :mod:`digiteach.keyword_effects`.

>>> training().name
'<Training>'
"""

from __future__ import annotations

from dataclasses import replace

from digiteach.effects import DelayTrash, Effect, Train
from digiteach.terms import Timing

__all__ = ["delay", "training"]


def delay(effect: Effect) -> Effect:
    """<Delay> (CR 16-17) around ``effect`` (its trigger, condition and actions as written): activated by trashing
    this Option card from the Battle Area (the cost put first, CR 16-17-1), optional (CR 16-17-2); the cost is not
    paid in the turn the card was placed (CR 16-17-3)."""
    return replace(effect, actions=(DelayTrash(), *effect.actions), optional=True, keyword="Delay")


def training() -> Effect:
    """<Training> (CR 16-41): an activation-type [Main] effect (CR 16-41-2), also activated in the Breeding Area:
    suspend this Digimon to place the top card of the deck at the bottom of its digivolution cards."""
    return Effect(timing=Timing.MAIN, actions=(Train(),), keyword="Training",
                  summary="Suspend this Digimon to tuck the top card of your deck under it.")
