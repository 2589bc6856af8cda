"""Reading a scenario's ``expect``: the outcome a ruling states, checked for form, card numbers and names.

The schema has already checked each key's shape; here card numbers are looked up, names (aliases,
places) are checked against the board, and memory is signed. One reader per key that needs more than
copying (:data:`_READERS`); the keys of ``outcome_checks.MORE_KEYS`` are kept as written in
``Expect.more``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from digiteach.i18n import N_, gettext
from digiteach.scenario.board import ParseContext, all_places, resolve_ref, stack_at
from digiteach.scenario.model import CARD_NUMBER, Expect, memory_from_text
from digiteach.scenario.outcome_checks import MORE_KEYS
from digiteach.scenario.validate import DEF_HINTS

__all__ = ["parse_expect"]

Path = tuple[str | int, ...]


def _card_of(ctx: ParseContext, text: str, path: Path, players: Sequence[str] = ("A", "B")) -> tuple[str, str] | None:
    """(player or "", card number) for a card number / alias / place (an error is recorded if it names nothing)."""
    assert ctx.setup is not None
    if CARD_NUMBER.fullmatch(text):
        ctx.card(text, path)
        owners = {r.player for r, s in all_places(ctx.setup) if text in s.cards}
        return (owners.pop() if len(owners) == 1 else "", text)
    ref = resolve_ref(ctx, text, path, players=players, role=N_("this entry"))
    if ref is None:
        return None
    st = stack_at(ctx.setup, ref)
    assert st is not None
    return (ref.player, st.cards[0])


def _name(ctx: ParseContext, text: str, path: Path) -> str:
    """``text`` kept as written (checked to name a Digimon, or to be a known card number)."""
    _card_of(ctx, text, path)
    return text


def _cards(ctx: ParseContext, numbers: Any, path: Path) -> None:
    if isinstance(numbers, list):
        for i, n in enumerate(numbers):
            if isinstance(n, str):
                ctx.card(n, (*path, i))


def _pile(ctx: ParseContext, value: Any, path: Path) -> Any:
    """A pile as written: a count, a list (exactly these), or {count, exactly, includes} as sorted pairs."""
    if isinstance(value, dict):
        for k, v in value.items():
            _cards(ctx, v, (*path, k))
        return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in value.items()))
    _cards(ctx, value, path)
    return tuple(value) if isinstance(value, list) else value


def _piles(ctx: ParseContext, raw: dict[str, Any], key: str) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((p, _pile(ctx, v, ("expect", key, p))) for p, v in raw[key].items()))


def _deleted(ctx: ParseContext, raw: dict[str, Any], key: str) -> tuple[str, ...]:
    return tuple(c[1] for i, t in enumerate(raw[key]) if (c := _card_of(ctx, t, ("expect", key, i))))


def _suspended(ctx: ParseContext, raw: dict[str, Any], key: str) -> tuple[tuple[str, str, bool], ...]:
    items = []
    for name, flag in raw[key].items():
        c = _card_of(ctx, name, ("expect", key, name))
        if c:
            items.append((c[0], name, bool(flag)))
    return tuple(items)


def _battle_area(ctx: ParseContext, raw: dict[str, Any], key: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    for p, v in raw[key].items():
        _cards(ctx, v, ("expect", key, p))
    return tuple((p, tuple(v)) for p, v in raw[key].items())


def _memory(ctx: ParseContext, raw: dict[str, Any], key: str) -> int | None:
    assert ctx.setup is not None
    tp = ctx.setup.turn_player
    try:
        signed_tp = memory_from_text(raw[key], tp)
    except ValueError as exc:
        ctx.error(("expect", key), str(exc), gettext(DEF_HINTS["memory"]))
        return None
    return signed_tp if tp == "A" else -signed_tp


def _activation_order(ctx: ParseContext, raw: dict[str, Any], key: str) -> tuple[str | tuple[str, ...], ...]:
    return tuple(tuple(x) if isinstance(x, list) else x for x in raw[key])


_READERS: dict[str, Callable[[ParseContext, dict[str, Any], str], Any]] = {
    "activation_order": _activation_order,
    "deleted": _deleted,
    "security": _piles,
    "hand": _piles,
    "trash": _piles,
    "memory": _memory,
    "suspended": _suspended,
    "battle_area": _battle_area,
    "winner": lambda ctx, raw, key: raw[key] if raw[key] in ("A", "B") else "",
    "stops_at": lambda ctx, raw, key: raw[key],
}


def _check_more(ctx: ParseContext, key: str, value: Any) -> None:
    """Card numbers and names inside the keys kept in ``Expect.more``."""
    at: Path = ("expect", key)
    if key in ("dp",):
        for name in value:
            _name(ctx, name, (*at, name))
    elif key == "under":
        for name, cards in value.items():
            _name(ctx, name, (*at, name))
            _cards(ctx, cards, (*at, name))
    elif key == "attack_target" and value != "player":
        _name(ctx, value, at)
    elif key in ("deck", "egg_deck"):
        for p, v in value.items():
            _pile(ctx, v, (*at, p))
    elif key in ("breeding_area",):
        for p, v in value.items():
            _cards(ctx, v, (*at, p))
    elif key in ("revealed", "per_turn_used"):
        _cards(ctx, value, at)


def parse_expect(ctx: ParseContext, raw: dict[str, Any] | None) -> Expect:
    """The :class:`Expect` for ``raw`` (the ``expect`` mapping, already schema-checked); errors go to ``ctx``."""
    if not raw:
        return Expect()
    lines = tuple((k, ctx.line(("expect", k), key=True) or 0) for k in raw)
    fields = {k: reader(ctx, raw, k) for k, reader in _READERS.items() if k in raw}
    more = []
    for key in MORE_KEYS:
        if key in raw:
            _check_more(ctx, key, raw[key])
            more.append((key, json.dumps(raw[key], ensure_ascii=False, sort_keys=True)))
    return Expect(**fields, more=tuple(more), lines=lines)
