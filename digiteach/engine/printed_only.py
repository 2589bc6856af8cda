"""What can be in force on a Digimon when nothing is gained (no modifier, CR 15-15) and no printed effect on the board
is aimed at other Digimon (CR 15-11-2): its effects in force are then among its own cards' printed effects (CR 4-3-3),
so a query of :mod:`digiteach.engine.query` need not read a condition for a kind of persistent effect, or a keyword,
that those cards do not print (``printed.StackFacts``)."""

from __future__ import annotations

from collections.abc import Iterable

from digiteach.engine.printed import area_facts, only_printed, stack_facts
from digiteach.state import Stack, State

__all__ = ["plain", "none_printed", "may_name", "may_name_any"]


def plain(s: State) -> bool:
    """``printed.only_printed(s)``: nothing is gained and no printed effect on the board is aimed at other Digimon.
    Memoised per state (``s.cache``, which a copy keeps only while the modifiers, Battle Areas and card table it reads
    are the same)."""
    known: bool | None = s.cache.get("only printed")
    if known is None:
        known = s.cache["only printed"] = only_printed(s)
    return known


def none_printed(s: State, st: Stack, kinds: tuple[str, ...]) -> bool:
    """True when no persistent effect of one of ``kinds`` can be in force on ``st`` (a stack of ``s``), known without
    reading a condition: :func:`plain` holds, and none of its own printed persistent effects (CR 15-8-2) is of
    ``kinds``. False means "look" (``query.persistents``)."""
    if s.modifiers or not stack_facts(s, st).kept_kinds.isdisjoint(kinds):
        return False
    known: bool | None = s.cache.get("only printed")  # plain(s), without the call
    if known is None:
        known = s.cache["only printed"] = only_printed(s)
    return known


def may_name(s: State, hit: tuple[int, Stack] | None, name: str) -> bool:
    """False when the Digimon at ``hit`` (its player and stack, or None when it is not in a Battle Area) surely lacks
    the keyword ``name``: :func:`plain` holds and its cards' printed effects do not name it (``StackFacts.keywords``),
    or it is not there. True means "look" (``query.keywords_of``)."""
    if s.modifiers or not plain(s):
        return True
    return hit is not None and name in stack_facts(s, hit[1]).keywords


def may_name_any(s: State, areas: Iterable[tuple[Stack, ...]], names: tuple[str, ...]) -> bool:
    """False when surely no stack of the Battle Areas ``areas`` (of ``s``) has one of the keywords ``names`` in any
    form (``"Decoy"`` covers ``"Decoy (Black)"``): :func:`plain` holds and their cards' printed effects name none of
    them (``AreaFacts.keywords``). True means "look" (``query.keywords_of``)."""
    if s.modifiers or not plain(s):
        return True
    return any(k.split(" (", 1)[0] in names for battle in areas for k in area_facts(s, battle).keywords)
