"""The effects printed on a stack's cards, memoised per card table: the part of ``query.effects_of`` that depends
only on which cards the stack holds (CR 4-3-3), so it is computed once per game rather than once per step; and what a
Battle Area's printed effects say (which stacks aim effects at others, print a persistent effect or a keyword, or
concern the rule check), once per Battle Area tuple, so a wide board is not looked through stack by stack."""

from __future__ import annotations

from typing import NamedTuple

from digiteach.cards import Card
from digiteach.effects import Effect, Persistent
from digiteach.keywords import FLAG_KEYWORDS
from digiteach.state import Stack, State

__all__ = ["EffectSource", "printed_effects", "printed_persistents", "aimed_stacks", "lowers_own_dp", "rule_check_stacks",
           "only_printed", "keyword_stacks", "lasting_stacks", "triggered_stacks"]

EffectSource = tuple[Effect | Persistent, int, str, int]
"""(effect, source card uid, slot "main"/"inherited"/"granted"/"keyword", index)."""


_Printed = tuple[tuple[EffectSource, ...], bool, tuple[Persistent, ...]]
_PRINTED: dict[int, tuple[tuple[Card, ...], dict[tuple[int, ...], _Printed]]] = {}
"""id(card table) -> (the table, {stack cards: (printed effect sources, any triggered-keyword grant, the persistent
effects among them)}). The entry
holds the table, so its id is not reused while the entry lives; cleared past 256 tables."""


_NOTHING: _Printed = ((), False, ())
"""What a stack with no printed effect has."""
_LAST: list[tuple[tuple[Card, ...], dict[tuple[int, ...], _Printed]]] = [((), {})]
"""The entry of :data:`_PRINTED` used last (a game asks about one card table many times in a row)."""


def printed_effects(s: State, st: Stack) -> tuple[tuple[EffectSource, ...], bool]:
    """The effects printed on ``st``'s cards (the top card's, then the inherited ones of a Digimon's digivolution
    cards, CR 4-3-3), and whether one may grant a triggered keyword (``query.effects_of`` then looks at the grant)."""
    hit = _printed(s, st)
    return hit[0], hit[1]


def printed_persistents(s: State, st: Stack) -> tuple[Persistent, ...]:
    """The persistent effects (CR 15-8-2) among :func:`printed_effects`, in the same order, whether in force or not."""
    return _printed(s, st)[2]


def _printed(s: State, st: Stack) -> _Printed:
    entry = _LAST[0]
    if entry[0] is not s.cards:
        entry = _PRINTED.get(id(s.cards))  # type: ignore[assignment]
        if entry is None or entry[0] is not s.cards:
            if len(_PRINTED) >= 256:
                _PRINTED.clear()
            entry = _PRINTED[id(s.cards)] = (s.cards, {})
        _LAST[0] = entry
    hit = entry[1].get(st.cards)
    if hit is None:
        out: list[EffectSource] = []
        top = s.cards[st.top]
        out += ((e, st.top, "main", i) for i, e in enumerate(top.effects))
        if top.kind == "Digimon":
            for uid in st.digivolution_cards:
                out += ((e, uid, "inherited", i) for i, e in enumerate(s.cards[uid].inherited))
        grants = any(isinstance(e, Persistent) and e.kind == "keyword" and e.keyword not in FLAG_KEYWORDS
                     for e, _src, _slot, _i in out)
        kept = tuple(e for e, _src, _slot, _i in out if isinstance(e, Persistent))
        hit = entry[1][st.cards] = (tuple(out), grants, kept) if out else _NOTHING  # shared: allocates nothing
    return hit


class _Area(NamedTuple):
    """What one Battle Area's printed effects say, in board order (see the functions that read it)."""

    aimed: tuple[Stack, ...]
    checked: tuple[Stack, ...]
    lasting: tuple[Stack, ...]
    keywords: dict[str, tuple[Stack, ...]]
    triggered: tuple[Stack, ...] | None


_AREAS: dict[tuple[int, int], tuple[tuple[Stack, ...], tuple[Card, ...], _Area]] = {}
"""(id(Battle Area tuple), id(card table)) -> (the tuple, the table, its :class:`_Area`); the entry holds both, so
their ids are not reused while it lives; cleared past 64 entries."""


def _area(s: State, battle: tuple[Stack, ...]) -> _Area:
    """The :class:`_Area` of ``battle`` (a Battle Area of ``s``), built in one pass over its stacks once per Battle
    Area tuple and card table, so asking again for an unchanged area costs nothing."""
    key = (id(battle), id(s.cards))
    hit = _AREAS.get(key)
    if hit is not None and hit[0] is battle and hit[1] is s.cards:
        return hit[2]
    if len(_AREAS) >= 64:
        _AREAS.clear()
    area = _summary(s, battle)
    _AREAS[key] = (battle, s.cards, area)
    return area


def _summary(s: State, battle: tuple[Stack, ...]) -> _Area:
    aimed, checked, lasting, triggered = [], [], [], []
    keywords: dict[str, list[Stack]] = {}
    granting = False
    for st in battle:
        sources, grants, kept = _printed(s, st)
        granting = granting or grants
        if any(isinstance(e, Effect) and e.category == "trigger" for e, _src, _slot, _i in sources):
            triggered.append(st)
        if kept:
            lasting.append(st)
            if any(e.target is not None for e in kept):
                aimed.append(st)
        if _checked(s, st):
            checked.append(st)
        for name in {e.keyword for e, _src, _slot, _i in sources
                     if e.keyword and (not isinstance(e, Persistent) or e.kind == "keyword")}:
            keywords.setdefault(name, []).append(st)
    return _Area(tuple(aimed), tuple(checked), tuple(lasting), {k: tuple(v) for k, v in keywords.items()},
                 None if granting else tuple(triggered))


def _checked(s: State, st: Stack) -> bool:
    """True when the rule check has something to look at in ``st`` (see :func:`rule_check_stacks`)."""
    card = s.cards[st.top]
    return card.kind == "Option" or (card.kind in ("Digimon", "Digi-Egg") and (not card.dp or lowers_own_dp(s, st)))


def aimed_stacks(s: State, battle: tuple[Stack, ...]) -> tuple[Stack, ...]:
    """The stacks of ``battle`` (a Battle Area of ``s``) with a printed persistent effect that has a ``target``
    selector (an effect on other Digimon, CR 15-11-2), in board order; memoised per Battle Area tuple and card table."""
    return _area(s, battle).aimed


def lasting_stacks(s: State) -> list[tuple[int, Stack]]:
    """(player, stack) of every Battle Area stack with a printed persistent effect (CR 15-8-2), in force or not, turn
    player's first: without modifiers, no other stack has a persistent effect of its own."""
    tp = s.turn_player
    return [(p, st) for p in (tp, 1 - tp) for st in _area(s, s.players[p].battle).lasting]


def lowers_own_dp(s: State, st: Stack) -> bool:
    """True when one of ``st``'s printed persistent effects on itself may lower its DP (a ``dp`` effect with a negative
    amount, in force or not). Without modifiers and without effects aimed at other Digimon on the board (see
    :func:`aimed_stacks`), a stack for which this is False has at least its printed DP (CR 1-3-8)."""
    return any(e.kind == "dp" and e.amount < 0 and e.target is None for e in _printed(s, st)[2])


def rule_check_stacks(s: State, battle: tuple[Stack, ...]) -> tuple[Stack, ...]:
    """The stacks of ``battle`` the rule check (CR 17-1-3) has anything to look at when no modifier is in force and no
    effect is aimed at other Digimon: an Option, a Digimon or Digi-Egg without DP or printed with 0, or one whose own
    printed effect may lower its DP (:func:`lowers_own_dp`); any other has at least its printed DP. In board order;
    memoised per Battle Area tuple and card table."""
    return _area(s, battle).checked


def only_printed(s: State) -> bool:
    """True when every Digimon's effects are those printed on its own cards: no modifier is in force (nothing gained,
    CR 15-15) and no printed effect on the board is aimed at other Digimon (CR 15-11-2)."""
    return not s.modifiers and not aimed_stacks(s, s.players[0].battle) and not aimed_stacks(s, s.players[1].battle)


def triggered_stacks(s: State, battle: tuple[Stack, ...]) -> tuple[Stack, ...] | None:
    """The stacks of ``battle`` with a printed triggered effect (CR 15-5), in board order; when no modifier gives
    effects, no other stack has one. None when a stack prints a grant of a triggered keyword (whether it is in force
    depends on the moment). Memoised per Battle Area tuple and card table."""
    return _area(s, battle).triggered


def keyword_stacks(s: State, battle: tuple[Stack, ...], name: str) -> tuple[Stack, ...]:
    """The stacks of ``battle`` whose printed effects name the keyword ``name`` (as a keyword effect or a persistent
    keyword effect, in force or not), in board order: when :func:`only_printed` holds, no other stack has it. Memoised
    per Battle Area tuple and card table."""
    return _area(s, battle).keywords.get(name, ())
