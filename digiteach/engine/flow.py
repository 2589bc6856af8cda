"""Old import path of the engine's frame handlers, kept so that existing imports go on working.

The handlers now live by rule chapter in :mod:`digiteach.engine.rules`; the registry in
:mod:`digiteach.engine.handlers`; card functions in :mod:`digiteach.engine.customs`. New code imports from
those modules.
"""

from __future__ import annotations

from digiteach.engine.customs import CUSTOM, CustomResult, register_custom
from digiteach.engine.differs import WIKI_DIFFERS
from digiteach.engine.frames import finish_processing
from digiteach.engine.handlers import HANDLERS
from digiteach.engine.rules.attack import attack_targets, declare_attack
from digiteach.engine.rules.turn import END_OF_TURN_MEMORY, PENDING_PROCESSING

__all__ = ["HANDLERS", "WIKI_DIFFERS", "declare_attack", "attack_targets", "finish_processing", "register_custom",
           "CUSTOM", "CustomResult", "END_OF_TURN_MEMORY", "PENDING_PROCESSING"]
