"""Finding an alias (``*name``) used inside the value its own anchor (``&name``) names, such as
``- &c {number: X, inherited: [*c]}``: that value would contain itself without end (ruamel builds a structure that
refers to itself, or a None where the value is not built yet). Read from the parser's events, which do not recurse."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from digiteach.i18n import gettext
from digiteach.scenario.model import ScenarioError

__all__ = ["self_alias", "check_self_alias"]

_STARTS = ("MappingStartEvent", "SequenceStartEvent")
_VALUES = (*_STARTS, "ScalarEvent", "AliasEvent")


@dataclass(slots=True)
class _Open:
    """A mapping or list the parser is inside: its anchor, whether it is a mapping, the key or index of the value
    being read, and (for a mapping) whether a key comes next."""

    anchor: str | None
    mapping: bool
    at: str | int
    key_next: bool = True


def check_self_alias(text: str, file: str, loader: Callable[[], Any]) -> None:
    """Refuse an alias used inside the value its own anchor names (:func:`self_alias`).

    Raises:
        ScenarioError: at the alias's line and field, in ``file``.
    """
    found = self_alias(text, loader)
    if found is not None:
        line, path, anchor = found
        field = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).removeprefix(".")
        raise ScenarioError(file, line, field, gettext(
            "the alias '*{name}' is inside the value its anchor '&{name}' names: a value that refers to "
            "itself").format(name=anchor), gettext(
            "the value written out, or an alias used only after its anchor's value has ended"))


def self_alias(text: str, loader: Callable[[], Any]) -> tuple[int, list[str | int], str] | None:
    """(1-based line, field path, anchor name) of the first alias in YAML ``text`` used inside the value its own
    anchor names, or None. An alias that is a merge key's value (``<<: *e``) is left to the parser, which says so in
    its own words. ``loader`` makes the YAML loader whose ``parse`` gives the events. Text that does not parse gives
    None (the parser says where it fails when the file is loaded).

    >>> from digiteach.scenario.yaml_loader import yaml_loader
    >>> self_alias("a: &x\\n  b: [*x]\\n", yaml_loader)
    (2, ['a', 'b', 0], 'x')
    >>> self_alias("a: &x [1]\\nb: *x\\n", yaml_loader) is None
    True
    """
    from ruamel.yaml.error import YAMLError

    stack: list[_Open] = []
    path: list[str | int] = []
    try:
        for event in loader().parse(io.StringIO(text)):
            name = type(event).__name__
            if name in _VALUES:
                found = _value(event, name, stack, path)
                if found is not None:
                    return found
            elif name in ("MappingEndEvent", "SequenceEndEvent") and stack:
                stack.pop()
                path = path[:len(stack) - 1] if len(stack) > 1 else []
    except (YAMLError, RecursionError):
        return None
    return None


def _value(event: Any, name: str, stack: list[_Open], path: list[str | int]) -> tuple[int, list[str | int], str] | None:
    """Read one value event (a key, a value or an item), keeping ``stack`` and ``path``; the finding when it is an
    alias inside its own anchor's value."""
    top = stack[-1] if stack else None
    if top is not None and top.mapping and top.key_next:  # a mapping's key
        top.at, top.key_next = str(getattr(event, "value", "?")), False
        if name in _STARTS:  # a complex key: its inside is no field
            stack.append(_Open(None, name == "MappingStartEvent", 0))
        return None
    here = [*path, top.at] if top is not None else list(path)
    if name == "AliasEvent" and top is not None and top.at != "<<" and any(o.anchor == event.anchor for o in stack):
        return int(event.start_mark.line) + 1, here, str(event.anchor)
    if top is not None:
        if top.mapping:
            top.key_next = True
        elif isinstance(top.at, int):
            top.at += 1
    if name in _STARTS:
        if stack:
            path[:] = here
        stack.append(_Open(event.anchor, name == "MappingStartEvent", 0))
    return None
