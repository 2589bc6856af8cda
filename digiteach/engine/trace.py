"""Turn engine states into the plain-data step views of :mod:`digiteach.views` (the contract with diagrams,
widgets, the CLI and lessons): the step itself, the attack, the pending generations and the result; the board comes
from :mod:`digiteach.engine.board_views`.

A trace asks for one view per state, and consecutive states share most of what is shown: the views of what did not
change are shared rather than built again. Every memo here is keyed by values or by the identity of frozen objects (a
generation, the pending effects' tuple, each read against the game's card table), holds the objects whose ids it is
keyed by (so their ids are not reused while an entry lives) and is bounded. Views are built with the quick
constructors of :mod:`digiteach.views`."""

from __future__ import annotations

import re
from typing import Sequence

from digiteach import captions as cap
from digiteach import i18n
from digiteach import views as v
from digiteach.cards import Card
from digiteach.engine import core as c
from digiteach.engine.board_views import board_view, card_view, card_views
from digiteach.memo import PairMemo
from digiteach.state import PLAYER_TARGET, Generation, State

__all__ = ["to_step", "to_result", "board_view"]

Cards = tuple[Card, ...]
"""A game's card table (``State.cards``: uid -> card)."""


def _attack_view(s: State) -> v.AttackView | None:
    a = s.attack
    if a is None:
        return None
    attacker, target = _attack_names(s, a.attacker_card, a.attacker_player, a.target, a.target_card)
    checked = card_views(s.cards, a.checked) if a.checked else ()
    return v.new_attack_view(
        attacker, "AB"[a.attacker_player], target, a.timing._value_, a.path, a.notes, checked, a.ended,
        c.in_battle_area(s, a.attacker), a.target == PLAYER_TARGET or c.in_battle_area(s, a.target))


_LAST_NAMES: list[tuple[tuple[object, ...], Cards, tuple[str, str]]] = [((), (), ("", ""))]
"""The last attack's names (one entry): its inputs, the card table and (attacker, target)."""


def _attack_names(s: State, attacker_card: int, attacker_player: int, target: int, target_card: int | None
                  ) -> tuple[str, str]:
    """(attacker's card label, target's card label or the attacked player's name in the language in force), kept from
    one step of an attack to the next."""
    key = (attacker_card, attacker_player, target, target_card, i18n.current())
    last = _LAST_NAMES[0]
    if last[0] == key and last[1] is s.cards:
        return last[2]
    if target == PLAYER_TARGET:
        name = c.pname(1 - attacker_player)
    else:
        name = s.cards[target_card].label if target_card is not None else "?"
    names = (s.cards[attacker_card].label, name)
    _LAST_NAMES[0] = (key, s.cards, names)
    return names


_GENERATIONS: PairMemo[Generation, Cards, v.GenerationView] = PairMemo(1024)
"""(a generation of pending activation, the card table) -> its view, memoised per generation object (a step that
does not change the pending effects keeps them)."""


def _new_generation(g: Generation, cards: Cards) -> v.GenerationView:
    effects = tuple([v.new_pending_effect_view(
        p.pid, "AB"[p.owner], card_view(cards, p.source), p.effect.name.strip("[]<>"),
        p.label, p.effect.optional, p.effect.once_per_turn, p.status.value, p.caused) for p in g.effects])
    return v.new_generation_view(g.number, effects, g.cause)


_LAST_PENDING: list[tuple[tuple[Generation, ...], Cards, tuple[v.GenerationView, ...]]] = [((), (), ())]
"""The last pending generations shown (one entry): ``State.pending``, the card table and their views (most steps keep
the pending effects' tuple)."""


def _generations(s: State) -> tuple[v.GenerationView, ...]:
    last = _LAST_PENDING[0]
    if last[0] is s.pending and last[1] is s.cards:
        return last[2]
    views = tuple([_GENERATIONS.lookup(g, s.cards, _new_generation) for g in s.pending])
    _LAST_PENDING[0] = (s.pending, s.cards, views)
    return views


def to_step(history: Sequence[State], index: int) -> v.Step:
    """Build the :class:`~digiteach.views.Step` for ``history[index]``: timing, caption, rules, pending
    generations, board (DP computed), attack, decision, and the choice made at it (taken from
    ``history[index + 1]``).

    Raises:
        IndexError: if ``index`` is outside ``history``.
    """
    s = history[index]
    nxt = history[index + 1] if index + 1 < len(history) else None
    decision = None
    if s.decision is not None:
        d = s.decision
        decision = v.new_decision_view("AB"[d.player], d.kind, d.prompt, d.labels)
    a = s.attack  # ``_value_`` (an enum member's value) is read without the ``value`` descriptor's call
    timing = a.timing._value_ if a is not None else (s.timing or s.phase._value_)
    board = s.cache.get("board_view")  # :func:`board_view`'s memo, read here for the many steps that share it
    return v.new_step(index, timing, s.caption or cap.text("word.board_before"), s.rules, _generations(s),
                      board if board is not None else board_view(s), _attack_view(s), s.activating, decision,
                      nxt.choice if (nxt is not None and s.decision is not None) else None, s.differs, "")


_COPY_SUFFIX = re.compile(r" \(\d+\)$")


def to_result(history: Sequence[State]) -> v.TraceResult:
    """Summarise a played history: activation order, deleted cards, security sizes, memory (from
    Player A's side), winner, and the open decision's prompt if the answers ran out."""
    s = history[-1]
    return v.new_trace_result(
        # " (2)" only told identical options apart inside one decision; the order does not need it.
        tuple([_COPY_SUFFIX.sub("", t) for k, t in s.log if k == "activated"]),
        tuple([t for k, t in s.log if k == "deleted"]),
        (("A", len(s.players[0].security)), ("B", len(s.players[1].security))),
        s.memory if s.turn_player == 0 else -s.memory,
        None if s.winner is None else "AB"[s.winner],
        f"{c.pname(s.decision.player)}: {s.decision.prompt}" if s.decision is not None else None)
