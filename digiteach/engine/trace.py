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
from digiteach.effects import Effect
from digiteach.memo import IdentityMemo
from digiteach.engine.places import place_index
from digiteach.state import PLAYER_TARGET, Attack, Generation, PendingEffect, State
from digiteach.terms import AttackTiming

__all__ = ["to_step", "to_result", "board_view"]

Cards = tuple[Card, ...]
"""A game's card table (``State.cards``: uid -> card)."""


def _attack_view(s: State, a: Attack, timing: str) -> v.AttackView:
    """The view of the attack ``a`` of ``s`` at ``timing`` (:func:`_step_timing`); its names (card labels, the attacked player's name in the language in
    force), whether the attacker and the target are in play, and the checked cards' views kept in ``s.cache`` (see
    :func:`_attack_parts`), so the steps that share the cache build only the view itself.

    The attacker and a Digimon target are named by their top card now while they are in a Battle Area: one that
    digivolved (CR 3-4-5), Blast Digivolved (CR 16-26) or trashed its top card (<Armor Purge>, CR 16-19) is the same
    Digimon (CR 3-1-3-1-3); one that left is named by its card at declaration (its top card at the block, for a
    blocker), marked as gone by the diagram."""
    parts: _Parts | None = s.cache.get(_PARTS_KEY)
    if parts is None or parts[0] != a.attacker_card or parts[1] != a.target_card or parts[2] is not a.checked \
            or (parts[3] is not None and parts[3] != i18n.current()) or parts[10] != a.attacker or parts[11] != a.target:
        parts = s.cache[_PARTS_KEY] = _attack_parts(s, a)
    path, notes, ended = a.path, a.notes, a.ended
    last = _LAST_ATTACK[0]
    if last[0] is parts and last[1] is path and last[2] is notes and last[3] is ended and last[4] == timing:
        return last[5]
    view = v.new_attack_view(parts[4], parts[5], parts[6], timing, path, notes, parts[7], ended, parts[8], parts[9],
                             parts[10], None if parts[11] == PLAYER_TARGET else parts[11])
    _LAST_ATTACK[0] = (parts, path, notes, ended, timing, view)
    return view


_LAST_ATTACK: list[tuple[object, tuple[str, ...], tuple[tuple[str, str], ...], bool, str, v.AttackView]] = [
    ((), (), (), False, "", v.new_attack_view("", "A", "", "", (), (), (), False, True, True))]
"""The attack view built last (one entry): its :func:`_attack_parts` (the very tuple, which the entry holds), the
attack's path, notes and ``ended`` and the timing shown, and the view: a step that changes none of them (a new
caption, pending effects, a decision) shows the same view."""


_Parts = tuple[int, "int | None", tuple[int, ...], "str | None", str, str, str, tuple[v.CardView, ...], bool, bool, int,
               int]
_PARTS_KEY = "trace: attack view parts"
"""The key of :func:`_attack_parts`' entry in ``State.cache``: a copy keeps its parent's cache only while the Battle
Areas, the card table and the attack's attacker, target and their players are the same (``copying.ATTACK_READ``), so
the entry is used only while the other attack fields it reads (``attacker_card``, ``target_card``, ``checked``) and
the language it names a player in are the same (checked on each use)."""


def _attack_parts(s: State, a: Attack) -> _Parts:
    """What the view of the attack ``a`` of ``s`` takes from the board and the card table: (the attack's
    ``attacker_card``, ``target_card`` and ``checked``, the language the target player's name is in or None for a
    Digimon target, then the view's attacker, attacker_player, target, checked, attacker_in_play and target_in_play, then
    the attacker's and the target's iids, the uids the board diagram draws the attack between)."""
    cards, target, player = s.cards, a.target, a.attacker_player
    here = _LAST_IN_PLAY[0]
    if here[0] is not s.players or here[1] != a.attacker or here[2] != target:
        here = _in_play(s, a)
    attacker_card = here[5] if here[5] is not None else a.attacker_card
    target_card = here[6] if here[6] is not None else a.target_card
    names = _LAST_NAMES[0]
    lang: str | None = None
    if target == PLAYER_TARGET:
        lang = i18n.current()
        if names[0] is not cards or names[1] != attacker_card or names[2] != player or names[3] is not None \
                or names[4] != lang:
            names = _LAST_NAMES[0] = (cards, attacker_card, player, None, lang,
                                      cards[attacker_card].label, c.pname(1 - player))
    elif names[0] is not cards or names[1] != attacker_card or names[3] != target_card or names[3] is None:
        names = _LAST_NAMES[0] = (cards, attacker_card, player, target_card, None, cards[attacker_card].label,
                                  cards[target_card].label if target_card is not None else "?")
    checked = a.checked
    if checked:
        last = _LAST_CHECKED[0]
        if last[0] is not checked or last[1] is not cards:
            last = _LAST_CHECKED[0] = (checked, cards, card_views(cards, checked))
        shown = last[2]
    else:
        shown = ()
    return (a.attacker_card, a.target_card, checked, lang, names[5], "AB"[player], names[6], shown, here[3], here[4],
            a.attacker, target)


def _in_play(s: State, a: Attack) -> tuple[object, int, int, bool, bool, int | None, int | None]:
    """Where the attacker and the target of ``a`` are in ``s`` (:data:`_LAST_IN_PLAY`'s entry, stored there)."""
    index = place_index(s)  # ``query.find``'s index: ``query.in_battle_area``
    target = a.target
    at, tt = index.get(a.attacker), index.get(target) if target != PLAYER_TARGET else None
    here = _LAST_IN_PLAY[0] = (s.players, a.attacker, target, at is not None, target == PLAYER_TARGET or tt is not None,
                               at[1].top if at is not None else None, tt[1].top if tt is not None else None)
    return here


_LAST_IN_PLAY: list[tuple[object, int, int, bool, bool, int | None, int | None]] = [
    ((), -1, -1, False, False, None, None)]
"""Where the attacker and the target were, last asked (one entry): ``State.players`` (the Battle Areas are among them:
a digivolution or a trashed top card makes new ones), the attacker and target iids, whether each is in a Battle Area,
and the uid of each one's top card there (None: not in a Battle Area, or the target is a player)."""


_LAST_NAMES: list[tuple[Cards, int, int, int | None, str | None, str, str]] = [((), -1, -1, None, None, "", "")]
"""The last attack's names (one entry): the card table, the attacker's card (its top card now, or at declaration once
it has left) and player, the target's card likewise (None: a player), the language they are in when the target is a
player, the attacker's card label and the target's card label or player name."""

_LAST_CHECKED: list[tuple[tuple[int, ...], Cards, tuple[v.CardView, ...]]] = [((), (), ())]
"""The last checked security cards shown (one entry): ``Attack.checked``, the card table and their views."""


_GENERATIONS: dict[int, tuple[Generation, v.GenerationView]] = {}
"""id(a generation of pending activation) -> (the generation, its view) for the card table of :data:`_EFFECT_TABLE`,
memoised per generation object (a step that does not change the pending effects keeps them). The entry holds the
generation, so its id is not reused while it lives; cleared past 1,024 and for another card table."""


def _new_generation(g: Generation, cards: Cards) -> v.GenerationView:
    return v.new_generation_view(g.number, _effect_views(g.effects, cards), g.cause)


def _effect_views(effects: Sequence[PendingEffect], cards: Cards) -> tuple[v.PendingEffectView, ...]:
    """The views of the pending effects ``effects`` (:data:`_EFFECT_VIEWS`)."""
    if _EFFECT_TABLE[0] is not cards:
        _new_game(cards)
    out = []
    for p in effects:
        hit = _EFFECT_VIEWS.get(id(p))
        if hit is None or hit[0] is not p or hit[1] is not cards:
            if len(_EFFECT_VIEWS) >= 4096:
                _EFFECT_VIEWS.clear()
            hit = _EFFECT_VIEWS[id(p)] = (p, cards, _new_effect_view(p, cards))
        out.append(hit[2])
    return tuple(out)


def _new_effect_view(p: PendingEffect, cards: Cards) -> v.PendingEffectView:
    effect = p.effect
    return v.new_pending_effect_view(p.pid, "AB"[p.owner], card_view(cards, p.source), _TIMING_NAMES.lookup(
        effect, _timing_name), p.label, effect.optional, effect.per_turn, p.status._value_, p.caused)


def _timing_name(effect: Effect) -> str:
    """The timing an effect is shown with in pending activation: its short name without brackets (``"When
    Attacking"``, ``"Piercing"``)."""
    return effect.name.strip("[]<>")


_EFFECT_VIEWS: dict[int, tuple[PendingEffect, Cards, v.PendingEffectView]] = {}
"""id(a pending effect) -> (the pending effect, the card table, its view): a generation whose one effect changed its
status (a copy of that effect alone) or the effects that triggered so far keep the other effects' views. The entry
holds the effect, so its id is not reused while it lives; cleared past 4,096."""

_EFFECT_TABLE: list[Cards] = [()]
"""The card table :data:`_EFFECT_VIEWS` and :data:`_GENERATIONS` hold views for (one at a time: a memo that keeps old
games' pending effects alive makes the garbage collector's full passes longer)."""


def _new_game(cards: Cards) -> None:
    """Drop the pending effects' and generations' views kept for another card table (another game): they are used
    only with their own table."""
    _EFFECT_VIEWS.clear()
    _GENERATIONS.clear()
    _EFFECT_TABLE[0] = cards

_TIMING_NAMES: IdentityMemo[Effect, str] = IdentityMemo()
"""An effect -> :func:`_timing_name` (the card library's effects, shared by every game built from it)."""


_LAST_PENDING: list[tuple[tuple[Generation, ...], Cards, tuple[v.GenerationView, ...]]] = [((), (), ())]
"""The last pending generations shown (one entry): ``State.pending``, the card table and their views (most steps keep
the pending effects' tuple)."""


def _generations(s: State) -> tuple[v.GenerationView, ...]:
    """The views of ``s.pending`` (:func:`to_step` first looks in :data:`_LAST_PENDING`)."""
    cards = s.cards
    if _EFFECT_TABLE[0] is not cards:
        _new_game(cards)
    out = []
    for g in s.pending:
        hit = _GENERATIONS.get(id(g))
        if hit is None or hit[0] is not g:
            if len(_GENERATIONS) >= 1024:
                _GENERATIONS.clear()
            hit = _GENERATIONS[id(g)] = (g, _new_generation(g, cards))
        out.append(hit[1])
    views = tuple(out)
    _LAST_PENDING[0] = (s.pending, cards, views)
    return views


def to_step(history: Sequence[State], index: int) -> v.Step:
    """Build the :class:`~digiteach.views.Step` for ``history[index]``: timing, caption, rules, pending
    generations, board (DP computed), attack, decision, and the choice made at it (taken from
    ``history[index + 1]``).

    Raises:
        IndexError: if ``index`` is outside ``history``.
    """
    s = history[index]
    a = s.attack  # ``_value_`` (an enum member's value) is read without the ``value`` descriptor's call
    d = s.decision
    decision = choice = None
    if d is not None:
        decision = v.new_decision_view("AB"[d.player], d.kind, d.prompt, d.labels)
        choice = history[index + 1].choice if index + 1 < len(history) else None
    board = s.cache.get("board_view")  # :func:`board_view`'s memo, read here for the many steps that share it
    last = _LAST_PENDING[0]
    if a is None:
        timing = s.timing or s.phase._value_
    else:  # as _step_timing, whose other case needs an "end the attack" effect
        timing = a.timing._value_ if a.ended_at is None else _step_timing(history, index)
    return v.new_step(index, timing,
                      s.caption or cap.text("word.board_before"), s.rules,
                      last[2] if last[0] is s.pending and last[1] is s.cards else _generations(s),
                      board if board is not None else board_view(s), _attack_view(s, a, timing) if a is not None else None,
                      s.activating, decision, choice, s.differs, "",
                      _effect_views(s.collecting, s.cards) if s.collecting else ())


def _step_timing(history: Sequence[State], index: int) -> str:
    """The timing ``history[index]`` (during an attack) is labelled with: the attack's timing, except on the step in
    which an "end the attack" effect ended it, which happened in the timing the effect resolved in (CR 15-15-1-1;
    the end of attack comes after it)."""
    a = history[index].attack
    assert a is not None
    if a.ended_at is not None and a.timing is AttackTiming.END_OF_ATTACK and index > 0:
        before = history[index - 1].attack
        if before is not None and not before.ended:
            return a.ended_at._value_
    return a.timing._value_


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
