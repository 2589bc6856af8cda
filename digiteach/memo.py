"""A bounded memo keyed by an object's identity, for values derived from frozen objects on the engine's hot paths
(an effect's trigger condition, a card's view), alone or read against a second object (a pending generation against
the card table).

>>> memo: IdentityMemo[tuple[int, ...], int] = IdentityMemo()
>>> key = (1, 2, 3)
>>> memo.lookup(key, sum), memo.lookup(key, len)  # the second call finds the first value
(6, 6)
"""

from __future__ import annotations

from operator import itemgetter
from typing import Callable, Generic, Iterable, TypeVar

__all__ = ["IdentityMemo", "PairMemo"]

K = TypeVar("K")
V = TypeVar("V")

_VALUE = itemgetter(1)
"""An entry's value (entries are (key, value) pairs)."""


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

    def lookup_all(self, keys: Iterable[K], make: Callable[[K], V]) -> tuple[V, ...]:
        """The values for ``keys``, in order (:meth:`lookup` of each). When every key has an entry they are looked up
        in one pass in C: an entry holds its key, so an id found belongs to that very key while it lives."""
        keys = tuple(keys)
        hits = tuple(map(self._entries.get, map(id, keys)))
        if all(hits):  # every entry is a (key, value) pair: a miss is the only falsy item
            return tuple(map(_VALUE, hits))  # type: ignore[arg-type]
        return tuple([self.lookup(key, make) for key in keys])


C = TypeVar("C")


class PairMemo(Generic[K, C, V]):
    """``make(key, context)`` computed once per pair of objects, for a value derived from a frozen object read against
    a second one (a stack's cards against the game's card table): entries are keyed by both ids and hold both objects,
    so neither id is reused while the entry lives; all entries are dropped once ``limit`` (default 4,096) is reached.
    Only for objects that never change (frozen dataclasses, tuples).

    >>> memo: PairMemo[tuple[int, ...], tuple[str, ...], tuple[str, ...]] = PairMemo()
    >>> uids, names = (1, 0), ("Agumon", "Gabumon")
    >>> memo.lookup(uids, names, lambda u, n: tuple(n[i] for i in u))
    ('Gabumon', 'Agumon')
    """

    __slots__ = ("_entries", "_limit")

    def __init__(self, limit: int = 4096) -> None:
        self._entries: dict[tuple[int, int], tuple[K, C, V]] = {}
        self._limit = limit

    def lookup(self, key: K, context: C, make: Callable[[K, C], V]) -> V:
        """The value for ``key`` and ``context``: the memoised one, else ``make(key, context)``, memoised."""
        ids = (id(key), id(context))
        hit = self._entries.get(ids)
        if hit is not None and hit[0] is key and hit[1] is context:
            return hit[2]
        if len(self._entries) >= self._limit:
            self._entries.clear()
        value = make(key, context)
        self._entries[ids] = (key, context, value)
        return value
