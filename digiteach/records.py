"""Small typed records the engine keeps in a state instead of text keys or packed numbers.

Each is a frozen dataclass, so a state stays hashable, comparable and picklable (``digiteach.state``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["Delayed"]


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
