"""The handler registry: which function processes each frame type (ygopro-core's processor dispatch, typed).

``step()`` (:mod:`digiteach.engine`) calls ``HANDLERS[type(frame)](state, frame, answer)`` for the top frame
of ``state.frames`` until something visible happens or a decision opens. A handler returns the next state;
it keeps no Python control flow between steps, so every state can be stored, compared and stepped back to.
"""

from __future__ import annotations

from typing import Callable

from digiteach.engine.rules.attack import h_attack
from digiteach.engine.rules.battle import h_battle, h_security
from digiteach.engine.rules.deletion import h_delete
from digiteach.engine.rules.digivolution import h_digivolve
from digiteach.engine.rules.resolution import h_activate, h_flush, h_resolve
from digiteach.engine.rules.turn import h_start_turn, h_turn_end
from digiteach.state import (
    ActivateFrame,
    AttackFrame,
    BattleFrame,
    DeleteFrame,
    DigivolveFrame,
    FlushFrame,
    Frame,
    ResolveFrame,
    SecurityCheckFrame,
    StartTurnFrame,
    State,
    TurnEndFrame,
)

__all__ = ["HANDLERS", "Handler"]

Handler = Callable[[State, Frame, "str | None"], State]
"""``handler(state, top frame, answer or None) -> next state``."""

HANDLERS: dict[type, Handler] = {
    AttackFrame: h_attack,  # type: ignore[dict-item]
    ResolveFrame: h_resolve,  # type: ignore[dict-item]
    ActivateFrame: h_activate,  # type: ignore[dict-item]
    DeleteFrame: h_delete,  # type: ignore[dict-item]
    SecurityCheckFrame: h_security,  # type: ignore[dict-item]
    BattleFrame: h_battle,  # type: ignore[dict-item]
    DigivolveFrame: h_digivolve,  # type: ignore[dict-item]
    FlushFrame: h_flush,  # type: ignore[dict-item]
    TurnEndFrame: h_turn_end,  # type: ignore[dict-item]
    StartTurnFrame: h_start_turn,  # type: ignore[dict-item]
}
"""Frame type -> its handler (every frame type of :data:`digiteach.state.Frame`)."""
