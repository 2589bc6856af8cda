"""Printed cards as data, keyed by card number, read from YAML package data (see README.md here).

- :class:`Card`: one printed card (facts, effects as data, a summary in our own words).
- :func:`card_from_dict`: build a Card from the dict form used in ``digiteach/cards/*.yaml`` and in
  scenario files' inline cards; raises :class:`CardDataError` with ``.path`` (keys/indices) and a
  message saying what is wrong and what would be right.
- :func:`load_library`: every bundled card, as ``{number: Card}``.

The model lives in :mod:`digiteach.cards.model`, the dict reader in :mod:`digiteach.cards.reader`; this module
reads YAML files and the bundled library.

>>> lib = load_library()
>>> lib["BT1-081"].name
'HerculesKabuterimon'
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any, Mapping, Sequence

from digiteach.i18n import gettext as _
from digiteach.cards.model import KINDS, Card, CardDataError, CardLibrary, DigivolveCost
from digiteach.cards.reader import ACTION_NAMES, card_from_dict

__all__ = [
    "DigivolveCost",
    "Card",
    "CardLibrary",
    "CardDataError",
    "card_from_dict",
    "cards_from_yaml",
    "cards_from_files",
    "load_library",
    "ACTION_NAMES",
    "KINDS",
]


def _line(node: Any, key: Any) -> int | None:
    try:
        if isinstance(key, int):
            return int(node.lc.item(key)[0]) + 1
        return int(node.lc.key(key)[0]) + 1
    except Exception:
        return None


def _locate(root: Any, path: Sequence[str | int]) -> int | None:
    node, line = root, None
    for key in path:
        found = _line(node, key)
        if found is None:
            break
        line = found
        try:
            node = node[key]
        except Exception:
            break
    return line


def cards_from_yaml(text: str, where: str) -> list[Card]:
    """Parse YAML text holding a list of card dicts, read as every YAML file of the project is
    (:func:`digiteach.scenario.reader.read_any_yaml`: safe round-trip loader, no tags, the same limits on nesting,
    on the values anchors and aliases expand to, and no value that refers to itself).

    Raises:
        CardDataError: naming ``where``, the line and the field path.
    """
    from digiteach.scenario.model import ScenarioError  # deferred: digiteach.scenario imports this package
    from digiteach.scenario.reader import read_any_yaml

    try:
        root, data = read_any_yaml(text, where)
    except ScenarioError as exc:
        message = _("{problem}; expected {expected}").format(problem=exc.message, expected=exc.expected) \
            if exc.expected else exc.message
        raise CardDataError(where if exc.line is None else f"{where}:{exc.line}",
                            (exc.field,) if exc.field else (), message) from None
    if not isinstance(root, list):
        raise CardDataError(where, (), "expected a YAML list of cards (each starting with '- number: ...')")
    out: list[Card] = []
    for i, item in enumerate(root):
        line = _line(root, i)
        try:
            out.append(card_from_dict(data[i], f"{where}:{line}" if line else where))
        except CardDataError as exc:
            at = _locate(item, exc.path) if isinstance(item, Mapping) else None
            raise CardDataError(f"{where}:{at or line}", (i,) + exc.path,
                                str(exc).split(": ", 2)[-1]) from None
    return out


@lru_cache(maxsize=1)
def _bundled() -> tuple[Card, ...]:
    base = resources.files("digiteach.cards")
    files = [(f"digiteach/cards/{entry.name}", entry.read_text(encoding="utf-8"))
             for entry in sorted(base.iterdir(), key=lambda p: p.name) if entry.name.endswith(".yaml")]
    return cards_from_files(files)


def cards_from_files(files: Sequence[tuple[str, str]]) -> tuple[Card, ...]:
    """Every card of ``files`` ((where, YAML text) pairs, read in order). The parsed result is kept in the user's
    cache folder (:mod:`digiteach.diskcache`), keyed by the texts and the code, so a fresh process that reads the same
    files skips the YAML parsing and a changed file is always parsed again.

    Raises:
        CardDataError: a malformed file (file:line, field path, message), or a card number defined twice.
    """
    from digiteach import diskcache

    return diskcache.cached("cards", (part for where, text in files for part in (where, text)),
                            lambda: _parse_files(files), expect=tuple)


def _parse_files(files: Sequence[tuple[str, str]]) -> tuple[Card, ...]:
    cards: list[Card] = []
    seen: dict[str, str] = {}
    for where, text in files:
        for card in cards_from_yaml(text, where):
            if card.number in seen:
                raise CardDataError(where, ("number",), f"{card.number} is already defined in {seen[card.number]}")
            seen[card.number] = where
            cards.append(card)
    return tuple(cards)


def load_library(extra: Sequence[Card] = ()) -> dict[str, Card]:
    """Return every bundled card (``digiteach/cards/*.yaml``) as ``{number: Card}``, plus ``extra``
    cards (e.g. a scenario's inline cards), which replace bundled ones with the same number.

    Raises:
        CardDataError: when a bundled file is malformed (file:line, field path, message).
    """
    lib = {c.number: c for c in _bundled()}
    for c in extra:
        lib[c.number] = c
    return lib
