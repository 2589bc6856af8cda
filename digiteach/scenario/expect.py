"""Reading a scenario's ``expect``: the outcome a ruling states, checked for form and card numbers."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from digiteach.scenario.board import ParseContext, all_places, resolve_ref, stack_at
from digiteach.scenario.model import Expect, memory_from_text
from digiteach.scenario.validate import DEF_HINTS

def parse_expect(ctx: ParseContext, raw: dict[str, Any] | None) -> Expect:
    if not raw:
        return Expect()
    assert ctx.setup is not None
    setup = ctx.setup
    tp = setup.turn_player
    lines = tuple((k, ctx.line(("expect", k), key=True) or 0) for k in raw)

    def card_of(text: str, path: tuple[str | int, ...], players: Sequence[str] = ("A", "B")) -> tuple[str, str] | None:
        """(player or "", card number) for a card number / alias / place."""
        if re.fullmatch(r"[A-Z]{1,5}[0-9]{0,3}-[0-9]{1,4}", text):
            ctx.card(text, path)
            owners = {r.player for r, s in all_places(setup) if text in s.cards}
            return (owners.pop() if len(owners) == 1 else "", text)
        ref = resolve_ref(ctx, text, path, players=players, role="this entry")
        if ref is None:
            return None
        st = stack_at(setup, ref)
        assert st is not None
        return (ref.player, st.cards[0])

    deleted = None
    if "deleted" in raw:
        deleted = tuple(c[1] for i, t in enumerate(raw["deleted"]) if (c := card_of(t, ("expect", "deleted", i))))
    suspended = None
    if "suspended" in raw:
        items = []
        for key, flag in raw["suspended"].items():
            c = card_of(key, ("expect", "suspended", key))
            if c:
                items.append((c[0], c[1], bool(flag)))
        suspended = tuple(items)
    trash = None
    if "trash" in raw:
        trash = tuple(
            (p, v if isinstance(v, int) else tuple(v)) for p, v in raw["trash"].items()
        )
        for p, v in raw["trash"].items():
            if isinstance(v, list):
                for i, n in enumerate(v):
                    ctx.card(n, ("expect", "trash", p, i))
    battle = None
    if "battle_area" in raw:
        battle = tuple((p, tuple(v)) for p, v in raw["battle_area"].items())
        for p, v in raw["battle_area"].items():
            for i, n in enumerate(v):
                ctx.card(n, ("expect", "battle_area", p, i))
    memory = None
    if "memory" in raw:
        try:
            signed_tp = memory_from_text(raw["memory"], tp)
            memory = signed_tp if tp == "A" else -signed_tp
        except ValueError as exc:
            ctx.error(("expect", "memory"), str(exc), DEF_HINTS["memory"])
    winner = None
    if "winner" in raw:
        winner = raw["winner"] if raw["winner"] in ("A", "B") else ""
    return Expect(
        activation_order=tuple(raw["activation_order"]) if "activation_order" in raw else None,
        deleted=deleted,
        security=tuple(sorted(raw["security"].items())) if "security" in raw else None,
        hand=tuple(sorted(raw["hand"].items())) if "hand" in raw else None,
        memory=memory,
        suspended=suspended,
        trash=trash,
        battle_area=battle,
        winner=winner,
        stops_at=raw.get("stops_at"),
        lines=lines,
    )
