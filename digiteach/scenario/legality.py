"""Boards the rules cannot produce, refused at load time with the rule that forbids them.

Checked here (each message cites its rule):

- a Digi-Egg on top of a Battle Area stack: a card without DP there is trashed by the next rule check
  (CR 17-1-3-2-1), so no ruling can start from it;
- a Digi-Egg in the Security Stack or the deck, or another card in the Digi-Egg deck: Digi-Egg cards
  make up the Digi-Egg deck and nothing else does (CR 2-2-3, 1-4-1-3), and the Security Stack is
  set from the deck (CR 5-2-1-6);
- a suspended Breeding Area stack: cards there cannot be affected by effects (CR 3-4-7-3) and
  do not attack, so nothing suspends them;
- more than 4 copies of one card number named on one side (CR 1-4-1-2-2, 1-4-1-3-2); filler
  counts and tokens are not counted;
- a Digimon in a Battle Area with 0 DP, printed or after the lasting changes in force (``in_force``, persistent
  effects): the rule check deletes it before anything else happens (CR 17-1-3-1-1), so it never attacks.

Allowed although they look odd (the rules allow an effect to produce them): an Option card in the
Battle Area (placed there by an effect, CR 4-28-1, so the rule check leaves it, CR 17-1-3-2-2; e.g. with <Delay>),
and cards under a Tamer (put there by an effect, CR 4-3-2).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from digiteach.i18n import gettext as _
from digiteach.scenario.board import ParseContext
from digiteach.setup import Setup

__all__ = ["check_board", "check_dp", "MAX_COPIES"]

MAX_COPIES = 4
"""Most copies of one card number a side may name (CR 1-4-1-2-2, 1-4-1-3-2)."""


def _kind(ctx: ParseContext, number: str) -> str:
    return str(getattr(ctx.library.get(number), "kind", ""))


def _is_token(ctx: ParseContext, number: str) -> bool:
    return bool(getattr(ctx.library.get(number), "token", False))


def check_board(ctx: ParseContext, setup: Setup, raw_setup: dict[str, Any]) -> None:
    """Record an error in ``ctx`` for every impossible thing on ``setup`` (see the module docstring)."""
    for player, side in zip(("A", "B"), setup.sides):
        at: tuple[str | int, ...] = ("setup", player)
        for i, st in enumerate(side.battle_area):
            if st.cards and _kind(ctx, st.cards[0]) == "Digi-Egg":
                ctx.error((*at, "battle_area", i), _("{card} is a Digi-Egg card on top of a Battle Area stack").format(
                          card=st.cards[0]), _("a Digimon, Tamer or Option on top: a card without DP in the Battle "
                                               "Area is trashed by the rule check (CR 17-1-3-2-1)"))
        if side.breeding_area is not None and side.breeding_area.suspended:
            ctx.error((*at, "breeding_area"), _("a Breeding Area stack cannot be suspended"),
                      _("an unsuspended stack: cards in the Breeding Area cannot be affected (CR 3-4-7-3)"))
        for pile in ("security", "deck"):
            for i, number in enumerate(getattr(side, pile)):
                if _kind(ctx, number) == "Digi-Egg":
                    where = (_("{card} is a Digi-Egg card in the Security Stack") if pile == "security" else
                             _("{card} is a Digi-Egg card in the deck"))
                    ctx.error((*at, pile, i), where.format(card=number),
                              _("Digi-Egg cards belong in the Digi-Egg deck (CR 2-2-3, 1-4-1-3; the Security "
                                "Stack is set from the deck, CR 5-2-1-6)"))
        for i, number in enumerate(side.egg_deck):
            kind = _kind(ctx, number)
            if kind and kind != "Digi-Egg":
                ctx.error((*at, "egg_deck", i), _("{card} is a {kind} card in the Digi-Egg deck").format(
                          card=number, kind=kind), _("only Digi-Egg cards in the Digi-Egg deck (CR 2-2-3, 1-4-1-3)"))
        _check_copies(ctx, player, raw_setup.get(player) or {})


def _named_cards(raw_side: dict[str, Any]) -> list[str]:
    """Card numbers a side names (filler counts left out)."""
    out: list[str] = []
    stacks = list(raw_side.get("battle_area") or ()) + ([raw_side["breeding_area"]] if raw_side.get("breeding_area") else [])
    for st in stacks:
        spec = st.get("cards") if isinstance(st, dict) else st
        if isinstance(spec, str):
            out += [p.strip() for p in spec.split("[")[0].split("/") if p.strip()]
        elif isinstance(spec, list):
            out += [str(c) for c in spec]
    for pile in ("hand", "security", "deck", "trash", "egg_deck"):
        if isinstance(raw_side.get(pile), list):
            out += [str(c) for c in raw_side[pile]]
    return out


def _check_copies(ctx: ParseContext, player: str, raw_side: dict[str, Any]) -> None:
    counts = Counter(n for n in _named_cards(raw_side) if not _is_token(ctx, n))
    for number, n in sorted(counts.items()):
        if n > MAX_COPIES:
            ctx.error(("setup", player), _("Player {player} has {count} copies of {card}").format(
                      player=player, count=n, card=number),
                      _("at most {most} cards with the same card number (CR 1-4-1-2-2, 1-4-1-3-2); use filler counts "
                        "(hand: 5) for cards the ruling does not name").format(most=MAX_COPIES))


def check_dp(ctx: ParseContext, setup: Setup) -> None:
    """Record an error in ``ctx`` for each Digimon of ``setup``'s Battle Areas with 0 DP on the starting board
    (its current DP: printed, ``in_force`` and persistent effects applied, CR 1-3-8): the rule check deletes it at
    once (CR 17-1-3-1-1). Read only when the rest of the file is valid (the engine builds the board)."""
    from digiteach import engine  # the engine reads the scenario's setup types: imported when first needed
    from digiteach.engine.trace import board_view

    try:
        board = board_view(engine.initial_state(setup, ctx.library))
    except ValueError:
        return  # reported elsewhere (an unknown card, a bad in_force entry)
    for player, side in zip(("A", "B"), board.sides):
        for i, st in enumerate(side.battle_area):
            if st.kind == "Digimon" and st.dp is not None and st.dp <= 0:
                ctx.error(("setup", player, "battle_area", i), _("{card} would have 0 DP on the starting board; the "
                          "rule check deletes it before anything else happens").format(card=st.top.number),
                          _("a Digimon with 1 DP or more (CR 17-1-3-1-1)"))
