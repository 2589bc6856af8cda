"""The kind of value each field of the effect dataclasses takes, read from their own annotations, and the range
of its whole numbers: one place the card reader checks inline card data against (no second list of fields)."""

from __future__ import annotations

import functools
import types
import typing
from typing import Any

from digiteach.effects import Effect
from digiteach.terms import Color

__all__ = ["COLOURS", "field_types", "minimum"]

_SIGNED: frozenset[tuple[str, str]] = frozenset({
    ("ModifyDP", "amount"), ("ModifySecurityA", "amount"), ("Persistent", "amount"), ("Cond", "n")})
"""Whole-number fields of the effect dataclasses that may be negative (a DP or <Security A.> change, a
condition's threshold); every other whole-number field is 0 or more."""

_AT_LEAST_ONE: frozenset[tuple[str, str]] = frozenset({
    ("GainMemory", "every"), ("ModifyDP", "every"), ("PlayToken", "count")})
"""Whole-number fields that are 1 or more ("for every 2 ...", tokens played)."""

COLOURS: tuple[str, ...] = tuple(c.value for c in Color)
"""The colours a card, a digivolution requirement or a selector's ``color`` may name (:class:`~digiteach.terms.Color`)."""


def minimum(cls: Any, key: str) -> int | None:
    """The least value whole-number field ``key`` of effect dataclass ``cls`` takes (None: no bound)."""
    if (cls.__name__, key) in _SIGNED:
        return None
    return 1 if (cls.__name__, key) in _AT_LEAST_ONE else 0


@functools.lru_cache(maxsize=None)
def field_types(cls: Any) -> dict[str, tuple[type | None, bool]]:
    """Field name -> (int, bool or str when the field's type is one of them, else None; whether None is
    allowed), read from the dataclass's own type annotations."""
    out: dict[str, tuple[type | None, bool]] = {}
    for name, hint in typing.get_type_hints(cls, localns={"Effect": Effect}).items():
        args = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
        simple = [a for a in args if a in (int, bool, str)]
        out[name] = (simple[0] if len(simple) == 1 else None, type(None) in args)
    return out
