"""Enumerated values inside a scenario's inline ``cards:``, checked at load time.

``digiteach.cards.card_from_dict`` checks the shape of a card; a value outside its vocabulary
(``whose: others``, ``applies_to: everybody``, ``duration: turns``, an unregistered ``custom`` name)
would otherwise load and then do nothing, or fail only during play. The vocabulary is read from the
effect dataclasses themselves (their ``Literal`` annotations), from ``effects.DURATIONS``, the
``When.cause`` words and the engine's registered custom actions, so it cannot drift from the engine.
"""

from __future__ import annotations

import dataclasses
import importlib
import typing
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from digiteach import effects as fx

__all__ = ["bad_values", "CAUSES"]

CAUSES = fx.CAUSES
"""Values of ``When.cause`` (:data:`digiteach.effects.CAUSES`); every card in the library uses only these
(``tests/scenarios/test_hostile_corpus.py`` checks it)."""

_EXTRA: dict[tuple[str, str], tuple[str, ...]] = {("When", "cause"): CAUSES, ("When", "event"): tuple(fx.EVENT_KINDS)}


@lru_cache(maxsize=None)
def _allowed(cls: type) -> dict[str, tuple[str, ...]]:
    """Field name -> allowed values, for the fields of ``cls`` typed as a Literal of text."""
    out: dict[str, tuple[str, ...]] = {}
    hints = typing.get_type_hints(cls, localns={"Effect": fx.Effect})
    for name, hint in hints.items():
        values = _literal_values(hint)
        if values:
            out[name] = values
    for (owner, name), values in _EXTRA.items():
        if owner == cls.__name__:
            out[name] = values
    if "duration" in hints:
        out["duration"] = tuple(fx.DURATIONS)
    return out


def _literal_values(hint: Any) -> tuple[str, ...]:
    if typing.get_origin(hint) is typing.Literal:
        return tuple(str(v) for v in typing.get_args(hint))
    if typing.get_origin(hint) in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        return tuple(v for arg in typing.get_args(hint) for v in _literal_values(arg))
    return ()


def _custom_names() -> tuple[str, ...] | None:
    """Names registered with ``digiteach.engine.register_custom`` (None if the engine does not say)."""
    engine = importlib.import_module("digiteach.engine")
    table = getattr(engine, "CUSTOM", None)
    for name in ("digiteach.engine.customs", "digiteach.engine.flow"):
        if table is None:
            try:
                table = getattr(importlib.import_module(name), "CUSTOM", None)
            except ImportError:
                continue
    return tuple(sorted(table)) if isinstance(table, dict) else None


def _walk(obj: Any, tokens: tuple[str, ...] | None) -> Iterator[tuple[str, str, Any, tuple[str, ...]]]:
    """(class name, field, value, allowed) for every enumerated field of every effect object in ``obj``;
    ``tokens``: the numbers a ``play_token`` may name (None: not checked)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        allowed = _allowed(type(obj)) if type(obj).__module__.startswith(fx.__name__) else {}
        for f in dataclasses.fields(obj):
            value = getattr(obj, f.name)
            if f.name in allowed and isinstance(value, str):
                # several causes may be written "battle/rule" (any of them)
                for part in value.split("/") if f.name == "cause" else [value]:
                    yield type(obj).__name__, f.name, part, allowed[f.name]
            yield from _walk(value, tokens)
        if isinstance(obj, fx.PlayToken) and tokens is not None:
            yield "PlayToken", "token", obj.token, tokens
        if isinstance(obj, fx.Custom):
            names = _custom_names()
            if names is not None:
                yield "Custom", "name", obj.name, names
    elif isinstance(obj, (tuple, list)):
        for item in obj:
            yield from _walk(item, tokens)


def bad_values(card: Any, tokens: tuple[str, ...] | None = None) -> list[tuple[str, str, tuple[str, ...]]]:
    """(field, value, allowed values) for every enumerated value of ``card``'s effects that is not allowed;
    ``tokens``: the numbers of the library's token cards, the only cards a ``play_token`` may name (CR 4-21;
    the engine plays tokens from the bundled library)."""
    return [(name, value, allowed) for _, name, value, allowed in _walk(card, tokens) if value not in allowed]


def find_path(data: Any, key: str, value: str, path: tuple[str | int, ...] = ()) -> tuple[str | int, ...] | None:
    """Path inside the card's dict form where ``key: value`` (or the value alone) was written, if found."""
    if isinstance(data, dict):
        for k, v in data.items():
            if v == value and (k == key or key == "name"):
                return (*path, k)
            hit = find_path(v, key, value, (*path, k))
            if hit is not None:
                return hit
    elif isinstance(data, list):
        for i, v in enumerate(data):
            hit = v == value and (*path, i) or find_path(v, key, value, (*path, i))
            if hit:
                return hit
    return None
