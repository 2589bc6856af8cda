"""The effects printed on a stack's cards, memoised per card table: the part of ``query.effects_of`` that depends
only on which cards the stack holds (CR 4-3-3), so it is computed once per game rather than once per step."""

from __future__ import annotations

from digiteach.cards import Card
from digiteach.effects import Effect, Persistent
from digiteach.keywords import FLAG_KEYWORDS
from digiteach.state import Stack, State

__all__ = ["EffectSource", "printed_effects", "printed_persistents", "aimed_stacks", "lowers_own_dp", "rule_check_stacks",
           "only_printed", "keyword_stacks"]

EffectSource = tuple[Effect | Persistent, int, str, int]
"""(effect, source card uid, slot "main"/"inherited"/"granted"/"keyword", index)."""


_Printed = tuple[tuple[EffectSource, ...], bool, tuple[Persistent, ...]]
_PRINTED: dict[int, tuple[tuple[Card, ...], dict[tuple[int, ...], _Printed]]] = {}
"""id(card table) -> (the table, {stack cards: (printed effect sources, any triggered-keyword grant, the persistent
effects among them)}). The entry
holds the table, so its id is not reused while the entry lives; cleared past 256 tables."""


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
        hit = entry[1][st.cards] = (tuple(out), grants, kept)
    return hit


_AIMED: dict[tuple[int, int], tuple[tuple[Stack, ...], tuple[Card, ...], tuple[Stack, ...]]] = {}
"""(id(Battle Area tuple), id(card table)) -> (the tuple, the table, its stacks with a printed aimed persistent effect);
the entry holds both, so their ids are not reused while it lives; cleared past 64 entries."""


def aimed_stacks(s: State, battle: tuple[Stack, ...]) -> tuple[Stack, ...]:
    """The stacks of ``battle`` (a Battle Area of ``s``) with a printed persistent effect that has a ``target``
    selector (an effect on other Digimon, CR 15-11-2), in board order; memoised per Battle Area tuple and card table,
    so asking again for an unchanged area costs nothing."""
    key = (id(battle), id(s.cards))
    hit = _AIMED.get(key)
    if hit is None or hit[0] is not battle or hit[1] is not s.cards:
        if len(_AIMED) >= 64:
            _AIMED.clear()
        found = tuple(st for st in battle if any(e.target is not None for e in _printed(s, st)[2]))
        hit = _AIMED[key] = (battle, s.cards, found)
    return hit[2]


def lowers_own_dp(s: State, st: Stack) -> bool:
    """True when one of ``st``'s printed persistent effects on itself may lower its DP (a ``dp`` effect with a negative
    amount, in force or not). Without modifiers and without effects aimed at other Digimon on the board (see
    :func:`aimed_stacks`), a stack for which this is False has at least its printed DP (CR 1-3-8)."""
    return any(e.kind == "dp" and e.amount < 0 and e.target is None for e in _printed(s, st)[2])


_CHECKED: dict[tuple[int, int], tuple[tuple[Stack, ...], tuple[Card, ...], tuple[Stack, ...]]] = {}
"""(id(Battle Area tuple), id(card table)) -> (the tuple, the table, :func:`rule_check_stacks`); cleared past 64."""


def rule_check_stacks(s: State, battle: tuple[Stack, ...]) -> tuple[Stack, ...]:
    """The stacks of ``battle`` the rule check (CR 17-1-3) has anything to look at when no modifier is in force and no
    effect is aimed at other Digimon: an Option, a Digimon or Digi-Egg without DP or printed with 0, or one whose own
    printed effect may lower its DP (:func:`lowers_own_dp`); any other has at least its printed DP. In board order;
    memoised per Battle Area tuple and card table."""
    key = (id(battle), id(s.cards))
    hit = _CHECKED.get(key)
    if hit is None or hit[0] is not battle or hit[1] is not s.cards:
        if len(_CHECKED) >= 64:
            _CHECKED.clear()
        found = []
        for st in battle:
            card = s.cards[st.top]
            if card.kind == "Option" or (card.kind in ("Digimon", "Digi-Egg")
                                         and (not card.dp or lowers_own_dp(s, st))):
                found.append(st)
        hit = _CHECKED[key] = (battle, s.cards, tuple(found))
    return hit[2]


def only_printed(s: State) -> bool:
    """True when every Digimon's effects are those printed on its own cards: no modifier is in force (nothing gained,
    CR 15-15) and no printed effect on the board is aimed at other Digimon (CR 15-11-2)."""
    return not s.modifiers and not aimed_stacks(s, s.players[0].battle) and not aimed_stacks(s, s.players[1].battle)


_KEYWORDED: dict[tuple[int, int, str], tuple[tuple[Stack, ...], tuple[Card, ...], tuple[Stack, ...]]] = {}
"""(id(Battle Area tuple), id(card table), keyword) -> (the tuple, the table, :func:`keyword_stacks`); cleared past
64."""


def keyword_stacks(s: State, battle: tuple[Stack, ...], name: str) -> tuple[Stack, ...]:
    """The stacks of ``battle`` whose printed effects name the keyword ``name`` (as a keyword effect or a persistent
    keyword effect, in force or not), in board order: when :func:`only_printed` holds, no other stack has it. Memoised
    per Battle Area tuple, card table and keyword."""
    key = (id(battle), id(s.cards), name)
    hit = _KEYWORDED.get(key)
    if hit is None or hit[0] is not battle or hit[1] is not s.cards:
        if len(_KEYWORDED) >= 64:
            _KEYWORDED.clear()
        found = tuple(st for st in battle if any(
            (e.kind == "keyword" if isinstance(e, Persistent) else True) and e.keyword == name
            for e, _src, _slot, _i in _printed(s, st)[0]))
        hit = _KEYWORDED[key] = (battle, s.cards, found)
    return hit[2]
