"""The effects printed on a stack's cards, and what they say: the part of ``query.effects_of`` that depends only on
which cards the stack holds (CR 4-3-3). What they say depends only on the Card objects (the library's, shared by every
game built from it), so it is derived once per arrangement of card objects across games (:data:`_SHAPES`), naming a
card by its position in the stack rather than its uid; looked up once per card table and stack cards; and the uids put
in only where asked (:func:`printed_effects`). Also what a Battle Area's printed effects say (which stacks aim effects
at others, print a persistent effect, a keyword or a triggered effect, or concern the rule check), once per
arrangement of the area's cards, so a wide board is not looked through stack by stack and a Battle Area that only
changed a stack's suspension (its stacks still holding the same cards) is not looked through again."""

from __future__ import annotations

from collections.abc import Iterable, Sequence, Set as AbstractSet
from typing import NamedTuple

from digiteach.cards import Card
from digiteach.effects import Effect, Persistent
from digiteach.engine.trigger_conditions import ALL, Watch, Watching, by_event
from digiteach.keywords import FLAG_KEYWORDS
from digiteach.state import Stack, State
from digiteach.terms import Timing

__all__ = ["EffectSource", "StackFacts", "AreaFacts", "IMMEDIATE", "COUNTER", "kinds_of", "stack_facts", "printed_effects",
           "printed_persistents", "area_facts", "board_facts", "aimed_stacks", "lowers_own_dp", "rule_check_stacks",
           "only_printed", "keyword_stacks", "lasting_stacks"]

EffectSource = tuple[Effect | Persistent, int, str, int]
"""(effect, source card uid, slot "main"/"inherited"/"granted"/"keyword", index)."""

IMMEDIATE = 1
"""A :attr:`StackFacts.kinds` bit: an effect of category "immediate" (a "would be deleted" trigger, CR 15-8-5)."""
COUNTER = 2
"""A :attr:`StackFacts.kinds` bit: a [Counter] effect (timing [Counter], CR 11-3-1, 15-16-14-1)."""


class StackFacts(NamedTuple):
    """What the effects printed on one stack's cards say, whether in force or not (derived from the Card objects
    alone, so one object serves every stack, of any game, with the same top card and the same cards printing
    inherited effects at the same positions). A card is named by its position in the stack (0 = the top card)."""

    sources: tuple[EffectSource, ...]
    """The printed effects: the top card's, then the inherited ones of a Digimon's digivolution cards (CR 4-3-3),
    each with the position of its card in the stack in place of a uid (:func:`printed_effects` gives the uids)."""
    grants: bool
    """One is a persistent grant of a triggered keyword (``query.effects_of`` then looks at the grant)."""
    kept: tuple[Persistent, ...]
    """The persistent effects (CR 15-8-2) among ``sources``, in the same order."""
    watching: Watching
    """The triggered effects (CR 15-5) among ``sources`` by the event kind they watch (empty when there is none),
    each with the position of its card in the stack."""
    aimed: bool
    """A persistent one has a ``target`` selector: an effect on other Digimon (CR 15-11-2)."""
    checked: bool
    """The rule check (CR 17-1-3) has something to look at here when nothing is gained or aimed (see
    :func:`rule_check_stacks`)."""
    keywords: tuple[str, ...]
    """The keywords named, as a keyword effect or a persistent keyword effect, each once."""
    kinds: int
    """:func:`kinds_of` the effects among ``sources``."""
    kept_kinds: frozenset[str]
    """The kinds (``Persistent.kind``) of the persistent effects in ``kept``."""


class AreaFacts(NamedTuple):
    """What one Battle Area's printed effects say: :class:`StackFacts` of each stack and the positions (board order)
    of the stacks each question concerns. Built once per card table and arrangement of the area's cards, so it holds
    positions, not stacks: a suspended or unsuspended stack keeps its position and its cards."""

    stacks: tuple[StackFacts, ...]
    aimed: tuple[int, ...]
    checked: tuple[int, ...]
    lasting: tuple[int, ...]
    keywords: dict[str, tuple[int, ...]]
    watching: _ByKind | None
    """For each event kind (and :data:`~digiteach.engine.trigger_conditions.ALL`), (position, its triggered effects
    watching it) of each stack that has one (index it, ``watching[kind]``: ``()`` for a kind none watches; several
    kinds at once: ``watching.several(kinds)``); None when a stack prints a grant of a triggered keyword (whether it is
    in force depends on the moment)."""
    kinds: int
    """:attr:`StackFacts.kinds` of all its stacks together (:data:`IMMEDIATE` | :data:`COUNTER`), so a question about
    a kind no stack prints passes over the whole area."""


class _ByKind(dict[str, tuple[tuple[int, tuple[Watch, ...]], ...]]):
    """:attr:`AreaFacts.watching`: event kind -> (position, its triggered effects watching it) of each stack that has
    one, in board order, gathered from the stacks' facts when the area's facts are made (a stack watches a kind or
    two); a kind no stack watches gives ``()``. ``watching``: (position, :attr:`StackFacts.watching`) of each stack of
    the area that has a triggered effect."""

    __slots__ = ("watching", "sets")

    def __init__(self, watching: list[tuple[int, Watching]]) -> None:
        super().__init__()
        self.watching = watching
        self.sets: dict[frozenset[str], tuple[tuple[int, tuple[Watch, ...]], ...]] = {}
        """:meth:`several` by the set of kinds asked."""
        get = self.get
        for i, by in watching:
            for kind, found in by.items():
                self[kind] = get(kind, ()) + ((i, found),)

    def __missing__(self, kind: str) -> tuple[tuple[int, tuple[Watch, ...]], ...]:
        self[kind] = ()
        return ()

    def several(self, kinds: AbstractSet[str]) -> tuple[tuple[int, tuple[Watch, ...]], ...]:
        """(position, its triggered effects watching one of ``kinds``, in printed order) of each stack that has one,
        found when first asked for that set of kinds (events at the same moment, CR 15-5-2)."""
        key = frozenset(kinds)
        found = self.sets.get(key)
        if found is None:
            found = self.sets[key] = tuple([(i, w) for i, by in self.watching
                                            if (w := tuple([x for x in by[ALL] if x[4].event in key]))])
        return found


_NOTHING = StackFacts((), False, (), {}, False, False, (), 0, frozenset())
"""What a stack with no printed effect that the rule check need not look at has (shared: allocates nothing)."""
_NOTHING_CHECKED = _NOTHING._replace(checked=True)
"""The same for an Option, or a Digimon or Digi-Egg without DP or printed with 0 DP."""
_EMPTY_AREA = AreaFacts((), (), (), (), {}, _ByKind([]), 0)
"""The facts of an empty Battle Area."""


class _Table:
    """The memo of one card table: the table itself (so its id is not reused while the entry lives), the
    :class:`StackFacts` and the printed effects with uids by stack cards, and the :class:`AreaFacts` by arrangement
    (each stack's cards, in board order; cleared past 256 arrangements). Only the last few tables are kept (a game
    asks about one table, a scenario player about a few), so what a finished game derived is soon freed."""

    __slots__ = ("cards", "stacks", "sources", "areas")

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = cards
        self.stacks: dict[tuple[int, ...], StackFacts] = {}
        self.sources: dict[tuple[int, ...], tuple[tuple[EffectSource, ...], bool]] = {}
        self.areas: dict[tuple[tuple[int, ...], ...], AreaFacts] = {}


_TABLES: dict[int, _Table] = {}
"""id(card table) -> its :class:`_Table`, for the last :data:`_KEEP` tables used (the oldest is dropped first)."""
_KEEP = 4
_LAST: list[_Table] = [_Table(())]
"""The entry of :data:`_TABLES` used last (a game asks about one card table many times in a row)."""
_AREAS: dict[int, tuple[tuple[Stack, ...], tuple[Card, ...], AreaFacts]] = {}
"""id(Battle Area tuple) -> (the tuple, the card table, its :class:`AreaFacts`); the entry holds the tuple, so its id is
not reused while it lives; cleared past 16 entries."""


def _table(s: State) -> _Table:
    table = _LAST[0]
    if table.cards is not s.cards:
        found = _TABLES.get(id(s.cards))
        if found is None or found.cards is not s.cards:
            if len(_TABLES) >= _KEEP:
                del _TABLES[next(iter(_TABLES))]
            found = _TABLES[id(s.cards)] = _Table(s.cards)
        table = _LAST[0] = found
    return table


def stack_facts(s: State, st: Stack) -> StackFacts:
    """The :class:`StackFacts` of ``st`` (a stack of ``s``), memoised per card table and stack cards (the object
    shared per top card and cards printing inherited effects, :data:`_SHAPES`)."""
    table = _LAST[0]
    if table.cards is not s.cards:
        table = _table(s)
    hit = table.stacks.get(st.cards)
    if hit is None:
        hit = table.stacks[st.cards] = _shaped(s.cards, st.cards)
    return hit


def _sources(cards: Sequence[Card]) -> list[EffectSource]:
    """The effects printed on the stack of ``cards`` (top first), each with its card's position: the top card's, then
    the inherited ones of a Digimon's digivolution cards (CR 4-3-3)."""
    top = cards[0]
    out: list[EffectSource] = [(e, 0, "main", i) for i, e in enumerate(top.effects)]
    if top.kind == "Digimon":
        for k in range(1, len(cards)):
            out += [(e, k, "inherited", i) for i, e in enumerate(cards[k].inherited)]
    return out


def kinds_of(effects: Iterable[Effect | Persistent]) -> int:
    """:data:`IMMEDIATE` | :data:`COUNTER`: the kinds of effect among ``effects``; both for a persistent grant of a
    triggered keyword (what it gives depends on the moment)."""
    out = 0
    for e in effects:
        if isinstance(e, Effect):
            if e.category == "immediate":
                out |= IMMEDIATE
            if e.timing is Timing.COUNTER:
                out |= COUNTER
        elif e.kind == "keyword" and e.keyword not in FLAG_KEYWORDS:
            out |= IMMEDIATE | COUNTER
    return out


def _stack_facts(cards: Sequence[Card]) -> StackFacts:
    """The :class:`StackFacts` of a stack of ``cards`` (top first)."""
    top = cards[0]
    out = _sources(cards)
    bare = top.kind == "Option" or (top.kind in ("Digimon", "Digi-Egg") and not top.dp)
    if not out:
        return _NOTHING_CHECKED if bare else _NOTHING
    kept = tuple(e for e, _k, _slot, _i in out if isinstance(e, Persistent))
    lowers = any(e.kind == "dp" and e.amount < 0 and e.target is None for e in kept)
    return StackFacts(
        sources=tuple(out),
        grants=any(e.kind == "keyword" and e.keyword not in FLAG_KEYWORDS for e in kept),
        kept=kept,
        watching=by_event(out),
        aimed=any(e.target is not None for e in kept),
        checked=bare or (top.kind in ("Digimon", "Digi-Egg") and lowers),
        keywords=_keywords(out),
        kinds=kinds_of([e for e, _k, _slot, _i in out]),
        kept_kinds=frozenset(e.kind for e in kept))


_SHAPES: dict[tuple[int, ...], tuple[tuple[Card, ...], StackFacts]] = {}
"""The shape of a stack: id of its top card, then, for a Digimon, for each digivolution card up to the last one that
prints inherited effects, its id if it prints some, else 0 -> (those card objects, the :class:`StackFacts` of such a
stack). A digivolution card that prints no inherited effect adds nothing (CR 4-3-3), so every stack of that shape has
the same facts: derived once across games (a game's cards come from the card library, shared by every game built from
it). Keyed by the identity of objects the entry holds, so an id is never reused while its entry lives; cleared past
:data:`_SHAPES_KEEP` entries. Cards made for one game (inline scenario cards, tokens) are new objects: still correct,
just not shared."""
_SHAPES_KEEP = 4096


def _shaped(cards: tuple[Card, ...], uids: tuple[int, ...]) -> StackFacts:
    """The :class:`StackFacts` of the stack of cards ``uids`` of the table ``cards``, from :data:`_SHAPES`."""
    top = cards[uids[0]]
    if len(uids) == 1 or top.kind != "Digimon":
        key: tuple[int, ...] = (id(top),)
        objs: tuple[Card, ...] = (top,)
    else:
        ids, found, end = [id(top)], [top], 1
        for k in range(1, len(uids)):
            under = cards[uids[k]]
            if under.inherited:
                ids += [0] * (k - end)
                ids.append(id(under))
                found.append(under)
                end = k + 1
        key, objs = tuple(ids), tuple(found)
    hit = _SHAPES.get(key)
    if hit is None:
        if len(_SHAPES) >= _SHAPES_KEEP:
            _SHAPES.clear()
        hit = _SHAPES[key] = (objs, _stack_facts([cards[u] for u in uids]))
    return hit[1]


def _keywords(sources: list[EffectSource]) -> tuple[str, ...]:
    """The keywords ``sources`` name, as a keyword effect or a persistent keyword effect, each once, in order."""
    return tuple(dict.fromkeys(e.keyword for e, _src, _slot, _i in sources
                               if e.keyword and (not isinstance(e, Persistent) or e.kind == "keyword")))


def printed_effects(s: State, st: Stack) -> tuple[tuple[EffectSource, ...], bool]:
    """The effects printed on ``st``'s cards (the top card's, then the inherited ones of a Digimon's digivolution
    cards, CR 4-3-3), each with its card's uid, and whether one may grant a triggered keyword (``query.effects_of``
    then looks at the grant). Memoised per card table and stack cards (the same pair each time)."""
    table = _LAST[0]
    if table.cards is not s.cards:
        table = _table(s)
    hit = table.sources.get(st.cards)
    if hit is None:
        facts = stack_facts(s, st)
        uids = st.cards
        hit = table.sources[uids] = (tuple([(e, uids[k], slot, i) for e, k, slot, i in facts.sources]), facts.grants)
    return hit


def printed_persistents(s: State, st: Stack) -> tuple[Persistent, ...]:
    """The persistent effects (CR 15-8-2) among :func:`printed_effects`, in the same order, whether in force or not."""
    return stack_facts(s, st).kept


def area_facts(s: State, battle: tuple[Stack, ...]) -> AreaFacts:
    """The :class:`AreaFacts` of ``battle`` (a Battle Area of ``s``): once per Battle Area tuple, and built in one pass
    over its stacks once per card table and arrangement of its cards (a stack suspended keeps its cards), so asking
    again for an unchanged area costs nothing."""
    hit = _AREAS.get(id(battle))
    if hit is not None and hit[0] is battle and hit[1] is s.cards:
        return hit[2]
    if not battle:
        return _EMPTY_AREA
    table = _table(s)
    arrangement = tuple([st.cards for st in battle])
    area = table.areas.get(arrangement)
    if area is None:
        if len(table.areas) >= 256:
            table.areas.clear()
        area = table.areas[arrangement] = _summary(table, battle)
    if len(_AREAS) >= 16:
        _AREAS.clear()
    _AREAS[id(battle)] = (battle, s.cards, area)
    return area


def _summary(table: _Table, battle: tuple[Stack, ...]) -> AreaFacts:
    known, cards = table.stacks, table.cards
    facts = []
    aimed: tuple[int, ...] = ()
    checked: tuple[int, ...] = ()
    lasting: tuple[int, ...] = ()
    keywords: dict[str, tuple[int, ...]] = {}
    watching: list[tuple[int, Watching]] = []
    granting = False
    kinds = 0
    i = 0
    for st in battle:
        f = known.get(st.cards)
        if f is None:
            f = known[st.cards] = _shaped(cards, st.cards)
        facts.append(f)
        if f is not _NOTHING:
            if f.grants:
                granting = True
            if f.watching:
                watching.append((i, f.watching))
            if f.kept:
                lasting += (i,)
                if f.aimed:
                    aimed += (i,)
            if f.checked:
                checked += (i,)
            for name in f.keywords:
                keywords[name] = keywords.get(name, ()) + (i,)
            kinds |= f.kinds
        i += 1
    return AreaFacts(tuple(facts), aimed, checked, lasting, keywords, None if granting else _ByKind(watching), kinds)


def _at(battle: tuple[Stack, ...], positions: tuple[int, ...]) -> tuple[Stack, ...]:
    return tuple(map(battle.__getitem__, positions)) if positions else ()


def aimed_stacks(s: State, battle: tuple[Stack, ...]) -> tuple[Stack, ...]:
    """The stacks of ``battle`` (a Battle Area of ``s``) with a printed persistent effect that has a ``target``
    selector (an effect on other Digimon, CR 15-11-2), in board order; memoised per Battle Area tuple and card table."""
    return _at(battle, area_facts(s, battle).aimed)


def lasting_stacks(s: State) -> list[tuple[int, Stack]]:
    """(player, stack) of every Battle Area stack with a printed persistent effect (CR 15-8-2), in force or not, turn
    player's first: without modifiers, no other stack has a persistent effect of its own."""
    tp = s.turn_player
    out = []
    for p in (tp, 1 - tp):
        battle = s.players[p].battle
        out += [(p, battle[i]) for i in area_facts(s, battle).lasting]
    return out


def lowers_own_dp(s: State, st: Stack) -> bool:
    """True when one of ``st``'s printed persistent effects on itself may lower its DP (a ``dp`` effect with a negative
    amount, in force or not). Without modifiers and without effects aimed at other Digimon on the board (see
    :func:`aimed_stacks`), a stack for which this is False has at least its printed DP (CR 1-3-8)."""
    return any(e.kind == "dp" and e.amount < 0 and e.target is None for e in stack_facts(s, st).kept)


def rule_check_stacks(s: State, battle: tuple[Stack, ...]) -> tuple[Stack, ...]:
    """The stacks of ``battle`` the rule check (CR 17-1-3) has anything to look at when no modifier is in force and no
    effect is aimed at other Digimon: an Option, a Digimon or Digi-Egg without DP or printed with 0, or one whose own
    printed effect may lower its DP (:func:`lowers_own_dp`); any other has at least its printed DP. In board order;
    memoised per Battle Area tuple and card table."""
    return _at(battle, area_facts(s, battle).checked)


_Board = tuple[tuple[Stack, ...], tuple[Stack, ...], tuple[Card, ...], tuple[AreaFacts, AreaFacts], bool]
_BOARD: list[_Board] = [((), (), (), (_EMPTY_AREA, _EMPTY_AREA), True)]
"""The board asked about last: (A's Battle Area tuple, B's, the card table, their :class:`AreaFacts`, whether neither
area prints an effect aimed at other Digimon). One entry, replaced when any of the three objects differs (compared by
identity; the entry holds them); a game asks about one board many times in a row."""


def _board(s: State) -> _Board:
    """The :data:`_BOARD` entry of ``s``'s board, made if it is not the last one. It is also kept in ``s.cache`` (under
    ``"board facts"``; a copy shares the cache only while the Battle Areas and the card table are the same), so the
    facts a legality check found on a state are there when the action is begun on it, however many boards were looked
    at in between: :func:`_adopt` then hands them to the memos of its card table."""
    a, b = s.players[0].battle, s.players[1].battle
    kept: _Board | None = s.cache.get("board facts")
    if kept is not None and kept[0] is a and kept[1] is b and kept[2] is s.cards:
        _adopt(s, a, kept[3][0])
        _adopt(s, b, kept[3][1])
        _BOARD[0] = kept
        return kept
    fa, fb = area_facts(s, a), area_facts(s, b)
    entry = _BOARD[0] = s.cache["board facts"] = (a, b, s.cards, (fa, fb), not fa.aimed and not fb.aimed)
    return entry


def _adopt(s: State, battle: tuple[Stack, ...], area: AreaFacts) -> None:
    """Put ``area``, the :class:`AreaFacts` of ``battle`` (a Battle Area of ``s``) found earlier, back in the memos of
    ``s``'s card table (its arrangement, and each stack's :class:`StackFacts` by its cards), so a later area with the
    same cards (a stack suspended) or a later question about one of its stacks finds them there."""
    if not battle:
        return
    table = _table(s)
    arrangement = tuple([st.cards for st in battle])
    if arrangement not in table.areas:
        if len(table.areas) >= 256:
            table.areas.clear()
        table.areas[arrangement] = area
        known = table.stacks
        for st, facts in zip(battle, area.stacks):
            known[st.cards] = facts
    if len(_AREAS) >= 16:
        _AREAS.clear()
    _AREAS[id(battle)] = (battle, s.cards, area)


def board_facts(s: State) -> tuple[AreaFacts, AreaFacts]:
    """The :class:`AreaFacts` of Player A's and Player B's Battle Areas (:func:`area_facts`), found in one look when the
    board is the one asked about last (:data:`_BOARD`)."""
    a, b = s.players
    last = _BOARD[0]
    if last[0] is a.battle and last[1] is b.battle and last[2] is s.cards:
        return last[3]
    return _board(s)[3]


def only_printed(s: State) -> bool:
    """True when every Digimon's effects are those printed on its own cards: no modifier is in force (nothing gained,
    CR 15-15) and no printed effect on the board is aimed at other Digimon (CR 15-11-2)."""
    if s.modifiers:
        return False
    a, b = s.players
    last = _BOARD[0]
    if last[0] is a.battle and last[1] is b.battle and last[2] is s.cards:
        return last[4]
    return _board(s)[4]


def keyword_stacks(s: State, battle: tuple[Stack, ...], name: str) -> tuple[Stack, ...]:
    """The stacks of ``battle`` whose printed effects name the keyword ``name`` (as a keyword effect or a persistent
    keyword effect, in force or not), in board order: when :func:`only_printed` holds, no other stack has it. Memoised
    per Battle Area tuple and card table."""
    return _at(battle, area_facts(s, battle).keywords.get(name, ()))
