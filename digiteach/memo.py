"""A bounded memo keyed by an object's identity, for values derived from frozen objects on the engine's hot paths
(an effect's trigger condition, a card's view).

>>> memo: IdentityMemo[tuple[int, ...], int] = IdentityMemo()
>>> key = (1, 2, 3)
>>> memo.lookup(key, sum), memo.lookup(key, len)  # the second call finds the first value
(6, 6)
"""

from __future__ import annotations

from typing import Callable, Generic, TypeVar

__all__ = ["IdentityMemo"]

K = TypeVar("K")
V = TypeVar("V")


class IdentityMemo(Generic[K, V]):
    """``make(key)`` computed once per key object: entries are keyed by ``id(key)`` and hold the key itself, so its id
    is not reused while the entry lives; all entries are dropped once ``limit`` (default 4,096) is reached, so memory
    stays bounded. Only for keys that never change (frozen dataclasses, tuples)."""

    __slots__ = ("_entries", "_limit")

    def __init__(self, limit: int = 4096) -> None:
        self._entries: dict[int, tuple[K, V]] = {}
        self._limit = limit

    def lookup(self, key: K, make: Callable[[K], V]) -> V:
        """The value for ``key``: the memoised one, else ``make(key)``, memoised."""
        hit = self._entries.get(id(key))
        if hit is not None and hit[0] is key:
            return hit[1]
        if len(self._entries) >= self._limit:
            self._entries.clear()
        value = make(key)
        self._entries[id(key)] = (key, value)
        return value
