"""The index from a Digimon's iid to its place in a Battle Area (CR 3-4), the part of ``query.find`` that depends only
on the two Battle Areas: each side's part is built once per Battle Area tuple, and the whole index once per pair of
them, so a step that changes a hand, security, the memory gauge or the other player's area reuses what is unchanged
instead of indexing the whole board again."""

from __future__ import annotations

from digiteach.state import Stack, State

__all__ = ["Place", "place_index"]

Place = tuple[int, Stack]
"""(player 0/1, the Battle Area stack)."""
_Index = dict[int, Place]
_SIDES: dict[tuple[int, int], tuple[tuple[Stack, ...], _Index]] = {}
"""(id(Battle Area tuple), player) -> (the tuple, iid -> place). The entry holds the tuple, so its id is not reused
while the entry lives; cleared past 64 entries."""
_LAST: list[tuple[tuple[Stack, ...], tuple[Stack, ...], _Index]] = [((), (), {})]
"""The last whole index built: (A's Battle Area tuple, B's, iid -> place); one entry, replaced when either differs."""


def place_index(s: State) -> dict[int, Place]:
    """iid -> (player, stack) over both Battle Areas (A's entry wins if an iid were ever repeated, as does the first
    of a side). The returned dict is shared: read it, never change it. Building one side is linear in its stacks; an
    unchanged pair of sides is looked up in constant time."""
    a, b = s.players[0].battle, s.players[1].battle
    last = _LAST[0]
    if last[0] is a and last[1] is b:
        return last[2]
    side_a, side_b = _side(a, 0), _side(b, 1)
    index = side_a if not side_b else side_b if not side_a else side_b | side_a
    _LAST[0] = (a, b, index)
    return index


def _side(battle: tuple[Stack, ...], p: int) -> _Index:
    key = (id(battle), p)
    hit = _SIDES.get(key)
    if hit is not None and hit[0] is battle:
        return hit[1]
    index: _Index = {st.iid: (p, st) for st in reversed(battle)}  # reversed: the first of a repeated iid wins
    if len(_SIDES) >= 64:
        _SIDES.clear()
    _SIDES[key] = (battle, index)
    return index
