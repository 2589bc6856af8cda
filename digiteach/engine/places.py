"""The index from a Digimon's iid to its place in a Battle Area (CR 3-4), the part of ``query.find`` that depends only
on one player's Battle Area: built once per Battle Area tuple, so a step that changes the other player's area, a
hand, security or the memory gauge reuses it instead of indexing the whole board again."""

from __future__ import annotations

from digiteach.state import Stack, State

__all__ = ["place_index"]

_Side = dict[int, tuple[int, Stack]]
_SIDES: dict[tuple[int, int], tuple[tuple[Stack, ...], _Side]] = {}
"""(id(Battle Area tuple), player) -> (the tuple, iid -> (player, stack)). The entry holds the tuple, so its id is
not reused while the entry lives; cleared past 64 entries."""


def place_index(s: State) -> tuple[_Side, _Side]:
    """iid -> (player, stack) for Player A's and Player B's Battle Areas (look in A's first: the first one wins if an
    iid were ever repeated). Building one side is linear in its stacks; an unchanged side is looked up in constant
    time."""
    return _side(s.players[0].battle, 0), _side(s.players[1].battle, 1)


def _side(battle: tuple[Stack, ...], p: int) -> _Side:
    hit = _SIDES.get((id(battle), p))
    if hit is not None and hit[0] is battle:
        return hit[1]
    index: _Side = {}
    for st in battle:
        index.setdefault(st.iid, (p, st))
    if len(_SIDES) >= 64:
        _SIDES.clear()
    _SIDES[(id(battle), p)] = (battle, index)
    return index
