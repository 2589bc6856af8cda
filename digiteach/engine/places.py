"""The index from a Digimon's iid to its place in a Battle Area (CR 3-4), the part of ``query.find`` that depends only
on one player's Battle Area: built once per Battle Area tuple, so a step that changes the other player's area, a
hand, security or the memory gauge reuses it instead of indexing the whole board again."""

from __future__ import annotations

from digiteach.state import Stack, State

__all__ = ["place_index"]

_Side = dict[int, Stack]
_SIDES: dict[int, tuple[tuple[Stack, ...], _Side]] = {}
"""id(Battle Area tuple) -> (the tuple, iid -> stack). The entry holds the tuple, so its id is not reused while the
entry lives; cleared past 64 entries."""


def place_index(s: State) -> tuple[_Side, _Side]:
    """iid -> stack for Player A's and Player B's Battle Areas (look in A's first: the first one wins if an iid were
    ever repeated). Building one side is linear in its stacks (and allocates only the dict); an unchanged side is
    looked up in constant time."""
    return _side(s.players[0].battle), _side(s.players[1].battle)


def _side(battle: tuple[Stack, ...]) -> _Side:
    hit = _SIDES.get(id(battle))
    if hit is not None and hit[0] is battle:
        return hit[1]
    index: _Side = {}
    for st in battle:
        index.setdefault(st.iid, st)
    if len(_SIDES) >= 64:
        _SIDES.clear()
    _SIDES[id(battle)] = (battle, index)
    return index
