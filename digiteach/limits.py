"""Bounds the command and the engine's explorations respect, in one light module that any layer may import (the
command's argument parser reads them without importing the engine)."""

from __future__ import annotations

__all__ = ["EXPLORE_LINES"]

EXPLORE_LINES = 1000
"""How many lines ``explore`` follows to their end by default (``--limit``)."""
