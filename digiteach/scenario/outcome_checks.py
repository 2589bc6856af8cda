"""The comparisons of the ``expect`` keys kept in ``Expect.more``: one function per key.

Each takes the play (:class:`outcome.Played`), the value as written (plain JSON data) and the
``expect.key (line n)`` text to start a difference with; it returns the differences.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from digiteach import i18n
from digiteach.scenario.outcome import Played, matches, pile_differences

__all__ = ["MORE_CHECKS", "MORE_KEYS"]

_ = i18n.gettext
N_ = i18n.N_


def _named_one(p: Played, name: str, at: str, out: list[str], missing: str) -> Any:
    """The view of the one stack called ``name`` at the end, or None after adding ``missing`` (a message with
    ``at``, ``name`` and ``count``) to ``out`` when there is not exactly one."""
    stacks = p.named(name)
    if len(stacks) != 1:
        out.append(missing.format(at=at, name=name, count=len(stacks)))
        return None
    return stacks[0][1]


def _dp(p: Played, want: dict[str, int], at: str) -> list[str]:
    out: list[str] = []
    for name, dp in want.items():
        view = _named_one(p, name, at, out,
                          _("{at}: {name}: expected one Digimon in a Battle Area at the end, found {count}"))
        if view is not None and view.dp != dp:
            out.append(_("{at}: {name}: expected {want}, got {got}").format(
                at=at, name=name, want=f"{dp} DP", got=view.dp))
    return out


def _under(p: Played, want: dict[str, list[str]], at: str) -> list[str]:
    """The cards under each named stack at the end, top first (a Digimon's digivolution cards, a Tamer's cards under
    it, CR 4-4-2)."""
    out: list[str] = []
    for name, cards in want.items():
        view = _named_one(p, name, at, out,
                          _("{at}: {name}: expected one card in a Battle Area at the end, found {count}"))
        if view is None:
            continue
        got = [v.number for v in view.digivolution_cards]
        if got != cards:
            out.append(_("{at}: {name}: expected {want} under it, got {got}").format(
                at=at, name=name, want=cards or _("nothing"), got=got or _("nothing")))
    return out


def _pile(name: str, words: str, ordered: bool) -> Callable[[Played, Any, str], list[str]]:
    def run(p: Played, want: dict[str, Any], at: str) -> list[str]:
        return [d for player, w in want.items()
                for d in pile_differences(words, player, _frozen(w), p.pile(player, name), ordered, at)]
    return run


def _frozen(w: Any) -> Any:
    return w if isinstance(w, (int, list)) else tuple(w.items())


def _breeding_area(p: Played, want: dict[str, list[str] | None], at: str) -> list[str]:
    out = []
    for player, cards in want.items():
        got = p.breeding(player)
        if got != cards:
            out.append(_("{at}: Player {player}'s Breeding Area: expected {want}, got {got}").format(
                at=at, player=player, want=cards or _("empty"), got=got or _("empty")))
    return out


def _revealed(p: Played, want: list[str], at: str) -> list[str]:
    got = p.revealed()
    return [] if got == want else [_("{at}: security cards checked, in order: expected {want}, got {got}").format(
        at=at, want=repr(want), got=repr(got))]


_COPY = re.compile(r" \((\d+|\*)\)$")
"""The " (2)" / " (*)" :meth:`Played.effect_statuses` adds to tell equal labels apart."""


def _effects(p: Played, want: dict[str, str], at: str) -> list[str]:
    statuses = p.effect_statuses()
    old = p.legacy_labels()
    out = []
    for pattern, status in want.items():
        hits = {label: s for label, s in statuses.items()
                if matches(pattern, label) or matches(pattern, old.get(_COPY.sub("", label), ""))}
        got = sorted(set(hits.values())) or ["never_triggered"]
        ok = (status in got) or (status == "triggered" and bool(hits))
        if not ok:
            out.append(_("{at}: {name}: expected {want}, got {got}").format(
                at=at, name=repr(pattern), want=status, got=", ".join(got)) + (f" ({'; '.join(hits)})" if hits else ""))
    return out


def _per_turn_used(p: Played, want: list[str], at: str) -> list[str]:
    got = p.per_turn_used()
    return [] if sorted(want) == got else [_("{at}: [Once Per Turn] effects used: expected {want}, got {got}").format(
        at=at, want=repr(sorted(want)), got=repr(got))]


def _count(name: str, what: Callable[[Played], int]) -> Callable[[Played, Any, str], list[str]]:
    def run(p: Played, want: int, at: str) -> list[str]:
        got = what(p)
        return [] if got == want else [_("{at}: {name}: expected {want}, got {got}").format(
            at=at, name=_(name), want=want, got=got)]
    return run


def _attack_target(p: Played, want: str, at: str) -> list[str]:
    got = p.attack_target()
    if want == "player":
        ok = got == "player"
    else:
        uid = p.start_uid(want)
        ok = p.target_uid() == uid if uid is not None else got == want
    return [] if ok else [_("{at}: the last attack's target: expected {want}, got {got}").format(
        at=at, want=want, got=got or _("no attack"))]


def _board_fact(name: str, read: Callable[[Played], Any]) -> Callable[[Played, Any, str], list[str]]:
    def run(p: Played, want: Any, at: str) -> list[str]:
        got = read(p)
        return [] if got == want else [_("{at}: {name}: expected {want}, got {got}").format(
            at=at, name=_(name), want=want, got=got)]
    return run


def _offered(p: Played, want: list[str], at: str) -> list[str]:
    labels = p.offered()
    return [_("{at}: no decision offered an option matching {want}").format(at=at, want=repr(w)) for w in want
            if not any(matches(w, lb) for lb in labels)]


def _not_offered(p: Played, want: list[str], at: str) -> list[str]:
    labels = p.offered()
    return [_("{at}: a decision offered {got}, matching {want}").format(
        at=at, got=repr([lb for lb in labels if matches(w, lb)]), want=repr(w)) for w in want
            if any(matches(w, lb) for lb in labels)]


def _phase(p: Played) -> str:
    return p.trace.steps[-1].board.phase.removesuffix(" phase")


MORE_CHECKS: dict[str, Callable[[Played, Any, str], list[str]]] = {
    "dp": _dp,
    "under": _under,
    "deck": _pile("deck", N_("deck"), True),
    "egg_deck": _pile("egg_deck", N_("Digi-Egg deck"), True),
    "breeding_area": _breeding_area,
    "revealed": _revealed,
    "effects": _effects,
    "per_turn_used": _per_turn_used,
    "attacks": _count(N_("attacks declared"), Played.attacks),
    "battles": _count(N_("battles fought"), Played.battles),
    "attack_target": _attack_target,
    "turn_player": _board_fact(N_("turn player at the end"), lambda p: p.trace.steps[-1].board.turn_player),
    "phase": _board_fact(N_("phase at the end"), _phase),
    "turn_passed": _board_fact(N_("turn passed"), lambda p: p.last.turn_player != p.initial.turn_player),
    "offered": _offered,
    "not_offered": _not_offered,
}
"""Comparison for each key of ``Expect.more``."""

MORE_KEYS = tuple(MORE_CHECKS)
