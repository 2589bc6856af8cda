"""Turn a state's areas into the board view of :mod:`digiteach.views` (stacks, sides, the board), and cards into card
views, for the step views of :mod:`digiteach.engine.trace`.

Consecutive states share most of the board: the views of what did not change are shared rather than built again.
Every memo here is keyed by values or by the identity of frozen objects (a card, a stack, a Player, each read against
the game's card table; the persistent effects in force on a stack), holds the objects whose ids it is keyed by (so
their ids are not reused while an entry lives) and is bounded; a view that reads a query (DP, keywords) is shared only
while the query's inputs are the same (see :func:`_battle_views` and :func:`_face`). Views are built with the quick
constructors of :mod:`digiteach.views`."""

from __future__ import annotations

from typing import Iterable

from digiteach import views as v
from digiteach.cards import Card
from digiteach.effects import Effect, Persistent
from digiteach.engine import core as c
from digiteach.engine.conditions import OWN_SIDE
from digiteach.engine.places import place_index
from digiteach.engine.printed import StackFacts, area_facts, stack_facts
from digiteach.engine.printed_only import plain
from digiteach.keywords import BOARD_DESCRIBED, BOARD_KEYWORDS
from digiteach.memo import IdentityMemo
from digiteach.state import Player, Stack, State

__all__ = ["board_view", "table_views", "card_view", "card_views"]

Cards = tuple[Card, ...]
"""A game's card table (``State.cards``: uid -> card)."""

_BY_NUMBER: dict[str, tuple[Card, v.CardView]] = {}
"""A card number -> (a card with that number, its view): the card library's cards, shared by every game built from it,
are found by number (one dict look, no id to make) and checked to be that very card; the entry holds the card. Cleared
past 16,384 numbers."""


def _new_table(cards: Cards) -> tuple[v.CardView, ...]:
    """The views of the cards of ``cards``, by uid (:data:`_BY_NUMBER`)."""
    out = []
    for cd in cards:
        hit = _BY_NUMBER.get(cd.number)
        out.append(hit[1] if hit is not None and hit[0] is cd else _new_card_view(cd))
    return tuple(out)


def _new_card_view(cd: Card) -> v.CardView:
    """The view of the card ``cd``, kept in :data:`_BY_NUMBER` (in place of another card with its number)."""
    if len(_BY_NUMBER) >= 16384:
        _BY_NUMBER.clear()
    view = v.CardView(number=cd.number, name=cd.name)
    _BY_NUMBER[cd.number] = (cd, view)
    return view


_TABLES: IdentityMemo[Cards, tuple[v.CardView, ...]] = IdentityMemo(64)
"""A card table -> the views of its cards, by uid (a game's table: 64 of them at most)."""
_LAST_TABLE: list[tuple[Cards, tuple[v.CardView, ...]]] = [((), ())]
"""The entry of :data:`_TABLES` used last (a trace asks about one card table many times in a row)."""


def table_views(cards: Cards) -> tuple[v.CardView, ...]:
    """The views of the cards of the card table ``cards``, by uid: built once per table (each card's view shared by
    every card with its number and name), so a card's view is then one index away.

    Asked of another table than the last (another game), the stack and side views kept for the last one are dropped:
    they are used only with their own table, and a memo that keeps old games' stacks and Players alive makes the
    garbage collector's full passes longer."""
    last = _LAST_TABLE[0]
    if last[0] is not cards:
        last = _LAST_TABLE[0] = (cards, _TABLES.lookup(cards, _new_table))
        _STACK_VIEWS.clear()
        _SIDE_VIEWS.clear()
    return last[1]


def card_view(cards: Cards, uid: int) -> v.CardView:
    """The view of the card ``uid`` of the card table ``cards`` (:func:`table_views`)."""
    return table_views(cards)[uid]


def card_views(cards: Cards, uids: Iterable[int]) -> tuple[v.CardView, ...]:
    """The views of the cards ``uids`` of the card table ``cards``, in order (:func:`table_views`)."""
    return tuple(map(table_views(cards).__getitem__, uids))  # no comprehension: a captured name is a cell per call


_BOARD_ORDER = {name: i for i, name in enumerate(BOARD_KEYWORDS)}
"""A shown keyword -> its place in the board's keyword line (``BOARD_KEYWORDS``' order)."""


def _keywords(s: State, st: Stack) -> tuple[str, ...]:
    """The board's keyword line of ``st``: the shown keywords it has, in table order, a keyword written with a
    description as the Digimon has it (``Overclock ([Puppet] trait)``), then its <Security A.> sum."""
    have = c.keywords_of(s, st.iid)  # has_keyword adds only <Collision>'s <Blocker> to these (CR 16-30)
    shown = [name for name in have if name in _BOARD_ORDER]
    if "Blocker" not in have and c.has_keyword(s, st.iid, "Blocker"):
        shown.append("Blocker")
    names = sorted(shown, key=_BOARD_ORDER.__getitem__)
    described = [k for k in have if " (" in k] if have else []
    if described:
        names += sorted((k for k in described if k.split(" (", 1)[0] in BOARD_DESCRIBED),
                        key=lambda k: (BOARD_DESCRIBED[k.split(" (", 1)[0]], k))
    sa = c.security_a(s, st.iid)
    if sa:
        names.append(f"Security A. {sa:+d}")
    return tuple(names)


def _new_stack_view(s: State, st: Stack, dp: int | None, keywords: tuple[str, ...], views: tuple[v.CardView, ...]
                    ) -> v.StackView:
    """A new view of ``st`` with ``dp`` and ``keywords``; ``views`` are its card table's (:func:`table_views`)."""
    uids = st.cards
    n = len(uids)
    under = () if n == 1 else (views[uids[1]],) if n == 2 else tuple(map(views.__getitem__, uids[1:]))
    return v.new_stack_view(st.iid, views[uids[0]], under, dp, st.suspended, s.cards[uids[0]].kind, keywords)


_StackEntry = tuple[Stack, Cards, object, v.StackView]
_STACK_VIEWS: dict[int, _StackEntry] = {}
"""id(stack) -> (the stack, the card table, what the persistent effects in force on it follow from (see
:func:`_battle_views`) or None outside a Battle Area, its view), for a stack whose view depends on nothing else; the
entry holds the stack, so its id is not reused while it lives, and is used only with the same card table; cleared
past 4,096."""


def _stack_view(s: State, st: Stack, printed_only: bool) -> v.StackView:
    """The view of ``st`` as any stack's: one outside a Battle Area (the Breeding Area's) shows its printed DP and no
    keyword, memoised per stack object and card table; any other, built with the queries (DP, keywords) each time.
    :func:`_battle_views` shares Battle Area stacks' views where it can."""
    hit = c.find(s, st.iid)
    if hit is not None:  # in a Battle Area (or its iid is): read the queries
        if hit[1] is not st or not printed_only or stack_facts(s, st).grants:
            return _new_stack_view(s, st, c.dp(s, st.iid), _keywords(s, st), table_views(s.cards))
        return _battle_views(s, hit[0], (st,), True, None)[0][0]
    entry = _STACK_VIEWS.get(id(st))
    if entry is None or entry[0] is not st or entry[1] is not s.cards or entry[2] is not None:
        if len(_STACK_VIEWS) >= 4096:
            _STACK_VIEWS.clear()
        view = _new_stack_view(s, st, s.cards[st.cards[0]].dp, (), table_views(s.cards))
        entry = _STACK_VIEWS[id(st)] = (st, s.cards, None, view)
    return entry[3]


_Conditional = tuple[Stack, tuple[Persistent, ...], bool]
"""A Battle Area stack whose printed persistent effects have a condition, the effects in force on it, and whether every
condition is of a kind in :data:`~digiteach.engine.conditions.OWN_SIDE` (see :func:`_side_view`)."""


def _battle_views(s: State, p: int, battle: tuple[Stack, ...], printed_only: bool, last: _SideEntry | None
                  ) -> tuple[tuple[v.StackView, ...], tuple[_Conditional, ...] | None]:
    """The views of player ``p``'s Battle Area stacks ``battle``, and its stacks whose printed persistent effects have
    a condition (None when the views may not be reused: not ``printed_only``, or a stack prints a grant of a
    triggered keyword).

    With ``printed_only`` (every effect on the board is a printed one and no <Collision> attack is under way, see
    :func:`_board_view`) a stack that prints no grant of a triggered keyword has a DP, keywords and <Security A.> that
    follow from its cards and the persistent effects in force on it (:func:`_face`), and those from the turn player
    alone when none of the effects it prints has a condition (each is in force in its scope, CR 15-16-8): its view is
    memoised per stack object and card table while the effects in force (or the turn player) are the same. The
    views are taken whole from ``last`` (the side built last for ``p``) when the Battle Area is the same tuple, the
    turn player the same and every stack with a condition has the same effects in force. Any other stack's view is
    built with the queries each time."""
    if printed_only and last is not None and last[0].battle is battle and last[2] == s.turn_player \
            and last[5] is not None and _same_in_force(s, p, last[5], False):
        return last[6].battle_area, last[5]
    if not printed_only:
        return tuple([_stack_view(s, st, False) for st in battle]), None
    return _printed_views(s, battle)


def _printed_views(s: State, battle: tuple[Stack, ...]
                   ) -> tuple[tuple[v.StackView, ...], tuple[_Conditional, ...] | None]:
    """:func:`_battle_views` of a Battle Area on a board where every effect is a printed one, stack by stack."""
    index = place_index(s)  # ``query.find``'s index
    cards = s.cards
    views = table_views(cards)
    out: list[v.StackView] = []
    conditional: list[_Conditional] | None = []
    for st, facts in zip(battle, area_facts(s, battle).stacks):
        hit = index.get(st.iid)
        if hit is None or hit[1] is not st or facts.grants:
            out.append(_stack_view(s, st, True) if hit is None else
                       _new_stack_view(s, st, c.dp(s, st.iid), _keywords(s, st), views))
            conditional = None
            continue
        in_force, effects, turn = _in_force(s, hit[0], st, facts.kept, conditional) if facts.kept else _NO_EFFECTS
        entry = _STACK_VIEWS.get(id(st))
        if entry is None or entry[0] is not st or entry[1] is not cards or entry[2] != in_force:
            if len(_STACK_VIEWS) >= 4096:
                _STACK_VIEWS.clear()
            dp, keywords = _face(s, st, facts, effects, turn)
            entry = _STACK_VIEWS[id(st)] = (st, cards, in_force, _new_stack_view(s, st, dp, keywords, views))
        out.append(entry[3])
    return tuple(out), None if conditional is None else tuple(conditional)


_InForce = tuple[object, tuple[Persistent, ...], "bool | None"]
_NO_EFFECTS: _InForce = ((), (), None)
"""What :func:`_in_force` says of a stack that prints no persistent effect."""


def _in_force(s: State, p: int, st: Stack, kept: tuple[Persistent, ...], conditional: list[_Conditional] | None
              ) -> _InForce:
    """(what the persistent effects in force on player ``p``'s Battle Area stack ``st``, which prints the persistent
    effects ``kept``, follow from, and the effects and turn :func:`_face` reads): when none has a condition, the turn
    player, and ``kept`` with whether ``p`` is the turn player (those in scope are in force, CR 15-16-8); else the
    effects in force themselves (``query.persistents``), and then ``st`` joins ``conditional`` (when given)."""
    unconditional = own = True  # no effect of ``kept`` has a condition; every condition is of an OWN_SIDE kind
    for e in kept:
        if e.condition is not None:
            unconditional = False
            if e.condition.kind not in OWN_SIDE:
                own = False
    if unconditional:
        return ("scope", p, s.turn_player), kept, p == s.turn_player
    now = c.persistents(s, p, st)
    if conditional is not None:
        conditional.append((st, now, own))
    return now, now, None


def _same_in_force(s: State, p: int, conditional: tuple[_Conditional, ...], own_side: bool) -> bool:
    """True when every stack of player ``p`` in ``conditional`` has the same persistent effects in force in ``s`` as
    then; with ``own_side``, a stack whose conditions are all of a kind in
    :data:`~digiteach.engine.conditions.OWN_SIDE` is taken to have them without asking (its side is unchanged)."""
    if conditional:  # a loop, not all(genexpr): the genexpr's names would be cells made on every call
        for st, kept, own in conditional:
            if not (own_side and own) and c.persistents(s, p, st) != kept:
                return False
    return True


_Face = tuple[int | None, tuple[str, ...]]
_FACES: dict[tuple[int | None, tuple[str, ...], tuple[int, ...], bool | None],
             tuple[tuple[Persistent, ...], _Face]] = {}
"""(printed DP of a stack's top card, the keywords its printed triggered effects name, ids of the persistent effects in
force on it or of its printed ones when none has a condition, and then whether its player is the turn player) -> (those
persistent effects, (DP, keyword line)) (see :func:`_face`); the entry holds the effects, so their ids are not reused
while it lives; cleared past 4,096. Effects are the card library's objects, so games share entries."""


def _face(s: State, st: Stack, facts: StackFacts, effects: tuple[Persistent, ...], turn: bool | None) -> _Face:
    """The DP and keyword line of the Battle Area stack ``st`` when every effect on the board is a printed one and
    ``st`` prints no grant of a triggered keyword (see :func:`_battle_views`): its printed DP plus the DP changes of
    the persistent effects in force on it (CR 15-8-2, with no modifier to add, CR 1-3-8), the keywords its printed
    triggered effects name (the top card's and the inherited ones, CR 4-3-3; ``query.keywords_of`` reads nothing else
    of them; ``facts`` is its ``printed.stack_facts``) and those of the effects in force, and the <Security A.> of
    those. The effects in force are ``effects`` (``turn`` None), or, when no printed persistent effect ``effects`` of
    ``st`` has a condition, those of them in scope (CR 15-16-8), which follows from whether ``st``'s player is the turn
    player (``turn``). Asked of the queries once per printed DP, keywords named and effects (and ``turn``), across
    games (most stacks name no keyword and have no persistent effect: they share one entry per printed DP)."""
    named = _named(facts) if facts.keywords else ()  # a keyword named by a triggered effect is among ``keywords``
    key = (s.cards[st.cards[0]].dp, named, tuple([id(e) for e in effects]) if effects else (), turn)
    hit = _FACES.get(key)
    if hit is None:
        if len(_FACES) >= 4096:
            _FACES.clear()
        hit = _FACES[key] = (effects, (c.dp(s, st.iid), _keywords(s, st)))
    return hit[1]


def _named(facts: StackFacts) -> tuple[str, ...]:
    """The keywords the printed triggered effects of ``facts`` name, in order."""
    return tuple([e.keyword for e, _src, _slot, _i in facts.sources if e.keyword and isinstance(e, Effect)])


def board_view(s: State) -> v.BoardView:
    """The board of ``s``; memory signed from Player A's side (views convention). Built once per state
    (``s.cache``; a state that differs only in what no query reads, such as its caption, frames, pending effects or
    the attack's timing, shares it), each side taken over from an earlier state where everything it is computed from
    is the same (:func:`_side_view`)."""
    view: v.BoardView | None = s.cache.get("board_view")
    if view is None:
        view = s.cache["board_view"] = _board_view(s)
    return view


def _board_view(s: State) -> v.BoardView:
    a = s.attack
    printed_only = plain(s) and (a is None or not _printed_collision(s, a.attacker))
    players = s.players
    rev0 = rev1 = None  # the view of the card being checked, on its owner's side
    if a is not None and a.revealed is not None:
        if s.owners[a.revealed] == 0:
            rev0 = card_view(s.cards, a.revealed)
        elif s.owners[a.revealed] == 1:
            rev1 = card_view(s.cards, a.revealed)
    sides = (_side_view(s, 0, players[0], printed_only, rev0), _side_view(s, 1, players[1], printed_only, rev1))
    return v.new_board_view("AB"[s.turn_player], s.phase._value_, s.memory if s.turn_player == 0 else -s.memory,
                            sides, None if s.winner is None else "AB"[s.winner])


def _printed_collision(s: State, attacker: int) -> bool:
    """Whether the attacking Digimon ``attacker`` has <Collision> (CR 16-30) on a board where every effect is a printed
    one (``printed.only_printed``): there only a stack whose printed effects name the keyword may have it
    (``printed.keyword_stacks``), so for any other the query is not asked."""
    hit = c.find(s, attacker)
    if hit is None:
        return False  # not in a Battle Area: no keyword (``query.keywords_of``)
    battle = s.players[hit[0]].battle
    positions = area_facts(s, battle).keywords.get("Collision")
    if not positions or hit[1] not in [battle[i] for i in positions]:
        return False
    return c.has_keyword(s, attacker, "Collision")


_SideEntry = tuple[Player, Cards, int, int, "v.CardView | None", "tuple[_Conditional, ...] | None", v.SideView]
_SIDE_VIEWS: dict[tuple[int, int], _SideEntry] = {}
"""(player, id(its Player)) -> (the Player, the card table, the turn player and memory then, the revealed card's view,
the Battle Area stacks whose printed persistent effects have a condition (:data:`_Conditional`) or None when the view
may not be reused, the side's view); the entry holds the Player, so its id is not reused while it lives, and is used
only with the same card table; cleared past 1,024."""
_LAST_SIDES: list[_SideEntry | None] = [None, None]
"""The entry of :data:`_SIDE_VIEWS` built last for each player."""


def _side_view(s: State, p: int, pl: Player, printed_only: bool, revealed: v.CardView | None) -> v.SideView:
    """The view of player ``p``'s areas ``pl``; ``revealed`` is the view of their security card being checked.

    On a board where every effect is a printed one (``printed_only``), each Battle Area stack's view follows from the
    stack, the card table and the persistent effects in force on it (:func:`_battle_views`), and those from the turn
    player and, for a stack whose printed ones have a condition, the answer of that condition, which for a kind in
    :data:`~digiteach.engine.conditions.OWN_SIDE` follows from the side's own areas and the memory gauge. So an
    unchanged Player with the same turn player and memory keeps its view once the stacks with another condition are
    found to have the same effects in force; and a changed Player whose Battle Area is the same tuple keeps its
    Battle Area's views once every stack with a condition is found to have the same effects in force. The Breeding
    Area's view and the trash's are kept while they are the same objects."""
    key = (p, id(pl))
    entry = _SIDE_VIEWS.get(key)
    if printed_only and entry is not None and entry[0] is pl and entry[1] is s.cards and entry[5] is not None \
            and entry[2] == s.turn_player and entry[3] == s.memory and entry[4] is revealed \
            and _same_in_force(s, p, entry[5], True):
        _LAST_SIDES[p] = entry
        return entry[6]
    last = _LAST_SIDES[p]
    if last is not None and last[1] is not s.cards:
        last = None
    battle, conditional = _battle_views(s, p, pl.battle, printed_only, last)
    if last is not None and pl.breeding is last[0].breeding:
        breeding = last[6].breeding_area
    else:
        breeding = _stack_view(s, pl.breeding, printed_only) if pl.breeding is not None else None
    if last is not None and pl.trash is last[0].trash:
        trash = last[6].trash
    else:
        trash = card_views(s.cards, pl.trash) if pl.trash else ()
    view = v.new_side_view("AB"[p], battle, breeding, len(pl.security), len(pl.hand), len(pl.deck), trash, revealed)
    if len(_SIDE_VIEWS) >= 1024:
        _SIDE_VIEWS.clear()
    entry = _SIDE_VIEWS[key] = _LAST_SIDES[p] = (pl, s.cards, s.turn_player, s.memory, revealed, conditional, view)
    return view
