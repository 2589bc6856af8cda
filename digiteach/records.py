"""Small typed records the engine keeps in a state instead of text keys or packed numbers.

Each is a frozen dataclass, so a state stays hashable, comparable and picklable (``digiteach.state``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from digiteach.state import State

__all__ = ["Delayed", "TriggerMoment"]


@dataclass(frozen=True, slots=True)
class Delayed:
    """Processing an effect set up for later (CR 18-1), kept in ``State.delayed`` until its moment comes.

    Attributes:
        kind: ``"end_of_turn_memory"`` (gain ``amount`` memory, negative: lose, at the end of the turn, CR 18-1-2,
            6-6) or ``"play_at_end_of_battle"`` (play card ``card`` when the security battle ends, CR 14-2-5).
        player: index of the player concerned (0 = A, 1 = B).
        amount: the signed memory amount for ``end_of_turn_memory``; 0 otherwise.
        card: the card (uid) that set it up, or the card to play; ``None`` when no card set it up.
    """

    kind: Literal["end_of_turn_memory", "play_at_end_of_battle"]
    player: int
    amount: int = 0
    card: int | None = None


@dataclass(frozen=True, slots=True)
class TriggerMoment:
    """The game as it was when an effect triggered by a card's removal from an area triggered: such an effect reads
    a processing condition about its own Digimon there (CR 15-8-3-9-4); every other reference is made when it is
    processed (CR 15-8-3-9-3, Q&A Q1009; :func:`digiteach.engine.conditions.read_at_trigger`).

    Attributes:
        after: the state just after the removal, the removed cards already in their new area (a deleted Digimon's
            cards count in the trash, QA Q1468).
        before: the state just before it, where the removed Digimon is read as it was when it left (its
            digivolution cards, DP, name: CR 15-8-3-9-4's example). The same state as ``after`` for a removal
            that takes no Digimon away (a security card, a digivolution card, a card from the hand).

    Both are copies without pending effects (``pending``, ``collecting``), so moments never nest.
    """

    after: State
    before: State
