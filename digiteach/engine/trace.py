"""Turn engine states into the plain-data views of :mod:`digiteach.views` (the contract with diagrams,
widgets, the CLI and lessons).

A trace asks for one view per state, and consecutive states share most of what is shown: the views of what did not
change are shared rather than built again. Every memo here is keyed by values or by the identity of frozen objects (a
card, a stack, a tuple of card uids, a generation, each read against the game's card table; the persistent effects in
force on a stack), holds the objects whose ids it is keyed by (so their ids are not reused while an entry lives) and is
bounded; a view that reads a query (DP, keywords) is shared only while the query's inputs are the same (see
:func:`_stack_view` and :func:`_face`). Views are built with the quick constructors of :mod:`digiteach.views`."""

from __future__ import annotations

import re
from operator import attrgetter
from typing import Sequence

from digiteach import captions as cap
from digiteach import i18n
from digiteach import views as v
from digiteach.cards import Card
from digiteach.copying import ATTACK_READ
from digiteach.effects import Effect, Persistent
from digiteach.engine import core as c
from digiteach.engine.conditions import OWN_SIDE
from digiteach.engine.printed import EffectSource, keyword_stacks, only_printed, stack_facts
from digiteach.keywords import BOARD_DESCRIBED, BOARD_KEYWORDS
from digiteach.memo import IdentityMemo, PairMemo
from digiteach.state import PLAYER_TARGET, Generation, Player, Stack, State

__all__ = ["to_step", "to_result", "board_view"]

Cards = tuple[Card, ...]
"""A game's card table (``State.cards``: uid -> card)."""

_CARD_VIEWS: IdentityMemo[Card, v.CardView] = IdentityMemo()
"""A card -> its view, memoised per card object."""


def _new_card_view(cd: Card) -> v.CardView:
    return v.CardView(number=cd.number, name=cd.name)


def _card_view(s: State, uid: int) -> v.CardView:
    return _CARD_VIEWS.lookup(s.cards[uid], _new_card_view)


_CARD_TUPLES: PairMemo[tuple[int, ...], Cards, tuple[v.CardView, ...]] = PairMemo()
"""(a tuple of card uids, the card table) -> their views, memoised per tuple object (a trash, the cards under a
Digimon, the checked security cards: a copy of the state that does not move them keeps the tuple)."""


def _new_card_views(uids: tuple[int, ...], cards: Cards) -> tuple[v.CardView, ...]:
    return _CARD_VIEWS.lookup_all(map(cards.__getitem__, uids), _new_card_view)


def _card_views(s: State, uids: tuple[int, ...]) -> tuple[v.CardView, ...]:
    if not uids:  # an empty trash, no card checked yet: nothing to look up
        return ()
    return _CARD_TUPLES.lookup(uids, s.cards, _new_card_views)


def _keywords(s: State, st: Stack) -> tuple[str, ...]:
    """The board's keyword line of ``st``: the shown keywords it has, in table order, a keyword written with a
    description as the Digimon has it (``Overclock ([Puppet] trait)``), then its <Security A.> sum."""
    have = c.keywords_of(s, st.iid)  # has_keyword adds only <Collision>'s <Blocker> to these (CR 16-30)
    names = [name for name in BOARD_KEYWORDS if name in have or (name == "Blocker" and c.has_keyword(s, st.iid, name))]
    described = [k for k in have if " (" in k] if have else []
    if described:
        names += sorted((k for k in described if k.split(" (", 1)[0] in BOARD_DESCRIBED),
                        key=lambda k: (BOARD_DESCRIBED[k.split(" (", 1)[0]], k))
    sa = c.security_a(s, st.iid)
    if sa:
        names.append(f"Security A. {sa:+d}")
    return tuple(names)


_StackEntry = tuple[Stack, Cards, object, v.StackView]
_STACK_VIEWS: dict[tuple[int, int], _StackEntry] = {}
"""(id(stack), id(card table)) -> (the stack, the table, what the persistent effects in force on it follow from (see
:func:`_in_force_key`) or None outside a Battle Area, its view), for a stack whose view depends on nothing else (see
:func:`_stack_view`); the entry holds the stack and the table, so their ids are not reused; cleared past 4,096."""


def _conditions(kept: tuple[Persistent, ...]) -> tuple[bool, bool]:
    """(no effect of ``kept`` has a condition, every condition of ``kept`` is of a kind in
    :data:`~digiteach.engine.conditions.OWN_SIDE`)."""
    return (all(e.condition is None for e in kept),
            all(e.condition is None or e.condition.kind in OWN_SIDE for e in kept))


_CONDITIONS: IdentityMemo[tuple[Persistent, ...], tuple[bool, bool]] = IdentityMemo()
"""A stack's printed persistent effects (the tuple of ``printed.printed_persistents``, shared across games) ->
:func:`_conditions` of them."""

_Conditional = tuple[Stack, tuple[Persistent, ...], bool]
"""A Battle Area stack whose printed persistent effects have a condition, the effects in force on it, and whether every
condition is of a kind in :data:`~digiteach.engine.conditions.OWN_SIDE` (see :func:`_side_view`)."""
_GRANTING: _Conditional = (Stack(-1, (0,)), (), False)
"""Put in place of a stack whose view is built each time (it prints a grant of a triggered keyword): its side's view
is not reused."""


def _stack_view(s: State, st: Stack, printed_only: bool = False, into: list[_Conditional] | None = None
                ) -> v.StackView:
    """The view of ``st``. Outside a Battle Area a stack shows its printed DP and no keyword. With ``printed_only``
    (every effect on the board is a printed one and no <Collision> attack is under way, see :func:`_board_view`) a
    Battle Area stack that prints no grant of a triggered keyword has a DP, keywords and <Security A.> that follow
    from its cards and the persistent effects in force on it (:func:`_face`), and those from the turn player alone
    when none of the effects it prints has a condition (each is in force in its scope, CR 15-16-8): its view is
    memoised per stack object and card table while the effects in force (or the turn player) are the same. A stack
    whose printed persistent effects have a condition is added to ``into`` (when given) with the effects in force
    on it; ``into`` becomes None when a stack's view is built each time (one that prints a grant)."""
    hit = c.find(s, st.iid)
    in_force: object = None
    if hit is not None:
        facts = stack_facts(s, st)
        if hit[1] is not st or not printed_only or facts.grants:
            if into is not None:
                into.append(_GRANTING)
            return _new_stack_view(s, st, c.dp(s, st.iid), _keywords(s, st))
        in_force = ()
        if facts.kept:
            settled = _CONDITIONS.lookup(facts.kept, _conditions)
            if settled[0]:
                in_force = ("scope", hit[0], s.turn_player)
            else:
                now = c.persistents(s, hit[0], st)
                in_force = now
                if into is not None:
                    into.append((st, now, settled[1]))
    key = (id(st), id(s.cards))
    entry = _STACK_VIEWS.get(key)
    if entry is None or entry[0] is not st or entry[1] is not s.cards or entry[2] != in_force:
        if len(_STACK_VIEWS) >= 4096:
            _STACK_VIEWS.clear()
        dp: int | None = s.cards[st.top].dp
        keywords: tuple[str, ...] = ()
        if hit is not None:
            dp, keywords = _face(s, st, c.persistents(s, hit[0], st) if facts.kept else (), facts.sources)
        entry = _STACK_VIEWS[key] = (st, s.cards, in_force, _new_stack_view(s, st, dp, keywords))
    return entry[3]


_Face = tuple[int | None, tuple[str, ...]]
_FACES: dict[tuple[int | None, tuple[str, ...], tuple[int, ...]], tuple[tuple[Persistent, ...], _Face]] = {}
"""(printed DP of a stack's top card, the keywords its printed triggered effects name, ids of the persistent effects in
force on it) -> (those persistent effects, (DP, keyword line)); the entry holds the effects, so their ids are not reused
while it lives; cleared past 4,096. Effects are the card library's objects, so games share entries."""


def _face(s: State, st: Stack, in_force: tuple[Persistent, ...], printed: tuple[EffectSource, ...]) -> _Face:
    """The DP and keyword line of the Battle Area stack ``st`` when every effect on the board is a printed one and
    ``st`` prints no grant of a triggered keyword (see :func:`_stack_view`): its printed DP plus the DP changes of the
    persistent effects ``in_force`` on it (CR 15-8-2, with no modifier to add, CR 1-3-8), the keywords its printed
    triggered effects name (the top card's and the inherited ones, CR 4-3-3; ``query.keywords_of`` reads nothing else
    of them) and those of ``in_force``, and the <Security A.> of ``in_force``; ``printed`` are ``st``'s printed effects
    (``printed.stack_facts``). Asked of the queries once per printed DP, keywords named and effects in force, across
    games (most stacks name no keyword and have no effect in force: they share one entry per printed DP)."""
    named = tuple([e.keyword for e, _src, _slot, _i in printed if e.keyword and isinstance(e, Effect)])
    key = (s.cards[st.top].dp, named, tuple([id(e) for e in in_force]))
    hit = _FACES.get(key)
    if hit is None:
        if len(_FACES) >= 4096:
            _FACES.clear()
        hit = _FACES[key] = (in_force, (c.dp(s, st.iid), _keywords(s, st)))
    return hit[1]


def _new_stack_view(s: State, st: Stack, dp: int | None, keywords: tuple[str, ...]) -> v.StackView:
    top = s.cards[st.top]
    cards = _card_views(s, st.cards)  # the tuple outlives a suspend or unsuspend; ``digivolution_cards`` is a slice
    return v.new_stack_view(st.iid, cards[0], cards[1:], dp, st.suspended, top.kind, keywords)


def board_view(s: State) -> v.BoardView:
    """The board of ``s``; memory signed from Player A's side (views convention). Built once per state
    (``s.cache``; a state that differs only in its caption or frames shares it), and taken over from the last
    board built when everything it is computed from is the same (:func:`_board_inputs`), as from one step of an
    attack to the next when only the attack's timing or the pending effects changed."""
    view: v.BoardView | None = s.cache.get("board_view")
    if view is None:
        inputs = _board_inputs(s)
        last = _LAST_BOARD[0] if _LAST_BOARD else None
        if last is not None and last[0] == inputs:
            view = last[1]
        else:
            view = _board_view(s)
            _LAST_BOARD[:] = [(inputs, view)]
        s.cache["board_view"] = view
    return view


_LAST_BOARD: list[tuple[tuple[object, ...], v.BoardView]] = []
_attack_read = attrgetter(*ATTACK_READ)
"""The last board built and its inputs (one entry)."""


def _board_inputs(s: State) -> tuple[object, ...]:
    """Every field the board view reads, itself or through the queries it asks (DP, keywords, Security Attack):
    the areas, the card table and owners, the modifiers, the turn player, memory, phase, winner, and of the attack
    the fields queries read (``copying.ATTACK_READ``: who attacks, the target now and as declared, the card revealed;
    a persistent effect's condition may read the attack target, CR 15-8-2-2). A field a new query or view reads joins
    here."""
    a = s.attack
    attack = None if a is None else _attack_read(a)
    return (s.players, s.cards, s.owners, s.modifiers, s.turn_player, s.memory, s.phase, s.winner, attack)


def _board_view(s: State) -> v.BoardView:
    a = s.attack
    printed_only = only_printed(s) and (a is None or not _printed_collision(s, a.attacker))
    by = None if a is None or a.revealed is None else s.owners[a.revealed]  # who owns the card being checked
    revealed = None if a is None or a.revealed is None else _card_view(s, a.revealed)
    sides = tuple(_side_view(s, p, pl, printed_only, revealed if by == p else None) for p, pl in enumerate(s.players))
    memory_a = s.memory if s.turn_player == 0 else -s.memory
    return v.new_board_view("AB"[s.turn_player], s.phase._value_, memory_a, (sides[0], sides[1]),
                            None if s.winner is None else "AB"[s.winner])


def _printed_collision(s: State, attacker: int) -> bool:
    """Whether the attacking Digimon ``attacker`` has <Collision> (CR 16-30) on a board where every effect is a printed
    one (``printed.only_printed``): there only a stack whose printed effects name the keyword may have it
    (``printed.keyword_stacks``), so for any other the query is not asked."""
    hit = c.find(s, attacker)
    if hit is None or hit[1] not in keyword_stacks(s, s.players[hit[0]].battle, "Collision"):
        return False  # not in a Battle Area: no keyword (``query.keywords_of``)
    return c.has_keyword(s, attacker, "Collision")


_SideEntry = tuple[Player, Cards, int, int, "v.CardView | None", "tuple[_Conditional, ...] | None", v.SideView]
_SIDE_VIEWS: dict[tuple[int, int, int], _SideEntry] = {}
"""(player, id(its Player), id(card table)) -> (the Player, the table, the turn player and memory then, the revealed
card's view, the Battle Area stacks whose printed persistent effects have a condition (:data:`_Conditional`) or None
when the view may not be reused, the side's view); cleared past 1,024."""
_LAST_SIDES: list[_SideEntry | None] = [None, None]
"""The entry of :data:`_SIDE_VIEWS` built last for each player."""


def _side_view(s: State, p: int, pl: Player, printed_only: bool, revealed: v.CardView | None) -> v.SideView:
    """The view of player ``p``'s areas ``pl``; ``revealed`` is the view of their security card being checked.

    On a board where every effect is a printed one (``printed_only``), each Battle Area stack's view follows from the
    stack, the card table and the persistent effects in force on it (:func:`_stack_view`), and those from the turn
    player and, for a stack whose printed ones have a condition, the answer of that condition, which for a kind in
    :data:`~digiteach.engine.conditions.OWN_SIDE` follows from the side's own areas and the memory gauge. So an
    unchanged Player with the same turn player and memory keeps its view once the stacks with another condition are
    found to have the same effects in force; and a changed Player whose Battle Area is the same tuple keeps its
    Battle Area's views once every stack with a condition is found to have the same effects in force."""
    key = (p, id(pl), id(s.cards))
    entry = _SIDE_VIEWS.get(key)
    if printed_only and entry is not None and _same_side(s, p, pl, revealed, entry):
        _LAST_SIDES[p] = entry
        return entry[6]
    last = _LAST_SIDES[p]
    battle, into = _battle_views(s, p, pl, printed_only, last)
    if last is not None and pl.breeding is last[0].breeding and last[1] is s.cards:
        breeding = last[6].breeding_area
    else:
        breeding = _stack_view(s, pl.breeding, printed_only) if pl.breeding is not None else None
    view = v.new_side_view("AB"[p], battle, breeding, len(pl.security), len(pl.hand), len(pl.deck),
                           _card_views(s, pl.trash), revealed)
    conditional = None if into is None or any(x is _GRANTING for x in into) else tuple(into)
    if len(_SIDE_VIEWS) >= 1024:
        _SIDE_VIEWS.clear()
    entry = _SIDE_VIEWS[key] = _LAST_SIDES[p] = (pl, s.cards, s.turn_player, s.memory, revealed, conditional, view)
    return view


def _same_side(s: State, p: int, pl: Player, revealed: v.CardView | None, entry: _SideEntry) -> bool:
    """True when the side view of ``entry`` is that of player ``p``'s areas ``pl`` on a board where every effect is a
    printed one (see :func:`_side_view`)."""
    return entry[0] is pl and entry[1] is s.cards and entry[5] is not None and entry[2] == s.turn_player \
        and entry[3] == s.memory and entry[4] is revealed \
        and all(own or c.persistents(s, p, st) == kept for st, kept, own in entry[5])


def _battle_views(s: State, p: int, pl: Player, printed_only: bool, last: _SideEntry | None
                  ) -> tuple[tuple[v.StackView, ...], list[_Conditional] | None]:
    """The views of player ``p``'s Battle Area stacks (``pl.battle``) and its stacks with a condition (None when the
    views may not be reused), taken from ``last`` (the side built last for ``p``) when the Battle Area is the same
    tuple, the turn player the same and every stack with a condition has the same effects in force (see
    :func:`_side_view`)."""
    if printed_only and last is not None and last[0].battle is pl.battle and last[1] is s.cards \
            and last[2] == s.turn_player and last[5] is not None \
            and all(c.persistents(s, p, st) == kept for st, kept, _own in last[5]):
        return last[6].battle_area, list(last[5])
    into: list[_Conditional] | None = [] if printed_only else None
    return tuple([_stack_view(s, st, printed_only, into) for st in pl.battle]), into


def _attack_view(s: State) -> v.AttackView | None:
    a = s.attack
    if a is None:
        return None
    attacker, target = _attack_names(s, a.attacker_card, a.attacker_player, a.target, a.target_card)
    checked = _card_views(s, a.checked) if a.checked else ()
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
        p.pid, "AB"[p.owner], _CARD_VIEWS.lookup(cards[p.source], _new_card_view), p.effect.name.strip("[]<>"),
        p.label, p.effect.optional, p.effect.per_turn, p.status.value, p.caused) for p in g.effects])
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
