"""Bounds the command and the engine's explorations respect, in one light module that any layer may import (the
command's argument parser reads them without importing the engine)."""

from __future__ import annotations

__all__ = ["BATTLE_AREA_STACKS", "EXPLORE_LINES", "EXPLORE_STEPS", "TOKEN_COUNT"]

EXPLORE_LINES = 1000
"""How many lines ``explore`` follows to their end by default (``--limit``)."""

EXPLORE_STEPS = 15_000
"""How many engine steps ``explore`` takes at most by default (``--max-steps``): Triggered Effects 7, whose 2,703
lines are worked out through about 1,400 positions, takes about 9,600; effects that multiply without end (tokens
that play tokens) reach it within seconds."""

BATTLE_AREA_STACKS = 50
"""The most stacks one Battle Area holds, in a scenario's setup (the schema's ``maxItems``) and in play: an
effect that would play a token past it plays none (a bound of this tool, not a game rule)."""

TOKEN_COUNT = 10
"""The largest ``count`` of a ``play_token`` action (cards play 1 to 3 tokens)."""
