"""Triggering (CR 15-4, 15-5): which effects an event triggers, [X Per Turn] counts, and generations.

:func:`trigger` / :func:`trigger_many` collect the effects an event's trigger condition meets into
``State.collecting``; :func:`push_generation` turns them into the newest generation of pending activation
(CR 15-4-5-2). Every function is pure.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from digiteach import i18n
from digiteach.cards import Card
from digiteach.copying import replace

from digiteach.effects import NOT_CAUSES, REMOVAL_EVENTS, CardFilter, Effect, When
from digiteach.engine.edits import new_id
from digiteach.engine.filters import alternatives, card_fits, stack_fits
from digiteach.engine.labels import effect_label, first_instance_named, name_first_instance, unique_label, unique_labels
from digiteach.engine.printed import AreaFacts, board_facts, stack_facts
from digiteach.engine.trigger_conditions import ALL, TIMING_EVENTS, TURN_TIMINGS, Watch, Watching, by_event, trigger_of
from digiteach.engine.query import card, effects_of, scope_ok, stack_of
from digiteach.memo import IdentityMemo
from digiteach.records import TriggerMoment
from digiteach.state import Event, Generation, PendingEffect, Stack, State

__all__ = [
    "NOT_CAUSES",
    "TIMING_EVENTS",
    "TURN_TIMINGS",
    "uses_left",
    "spend_use",
    "trigger_of",
    "matches",
    "still_met",
    "effect_label",
    "unique_label",
    "trigger",
    "trigger_many",
    "trigger_leaving",
    "spent_on",
    "watched",
    "watching_now",
    "removal_moment",
    "removal_done",
    "push_generation",
]

def _use_key(holder: int | None, source: int, slot: str, index: int) -> tuple[int, int, str, int]:
    return (-1 if holder is None else holder, source, slot, index)


def _count_slot(effect: Effect, slot: str, index: int) -> tuple[str, int]:
    """The (slot, index) an [X Per Turn] count is kept under: effects with the same ``shared_count`` share one
    (several timings of one printed effect, QA Q2299)."""
    if effect.shared_count:
        return f"{slot}:{effect.shared_count}", -1
    return slot, index


def uses_left(s: State, effect: Effect, holder: int | None, source: int, slot: str, index: int) -> bool:
    """False when an [X Per Turn] effect has used all its uses this turn (CR 15-14-1-2)."""
    if effect.per_turn <= 0:
        return True
    key = _use_key(holder, source, *_count_slot(effect, slot, index))
    used = dict(s.uses).get(key, 0)
    return used < effect.per_turn


def spend_use(s: State, effect: Effect, holder: int | None, source: int, slot: str, index: int) -> State:
    """Count one use of an [X Per Turn] effect (CR 15-14-1-1; also when it does nothing, 15-14-1-4)."""
    if effect.per_turn <= 0:
        return s
    key = _use_key(holder, source, *_count_slot(effect, slot, index))
    counts = dict(s.uses)
    counts[key] = counts.get(key, 0) + 1
    return replace(s, uses=tuple(sorted(counts.items())))


def _whose_ok(w: When, owner: int, holder: int, ev: Event) -> bool:
    if w.whose == "this":
        return ev.subject == holder
    if w.whose == "other":
        return ev.subject != holder
    if w.whose == "you":
        return ev.player == owner
    if w.whose == "opponent":
        return ev.player != owner
    return True


def _target_ok(w: When, ev: Event) -> bool:
    if w.target == "player":
        return ev.target_player
    if w.target == "digimon":
        return not ev.target_player
    return True


def _cause_ok(w: When, owner: int, ev: Event) -> bool:
    """The cause and "by" filters; ``cause`` may list several causes ("battle/rule": any of them), or name what
    the cause must not be (:data:`NOT_CAUSES`)."""
    if w.cause in NOT_CAUSES:
        cause = "your_effect" if ev.cause == "effect" and ev.by == owner else ev.cause
        if cause in NOT_CAUSES[w.cause]:
            return False
    elif w.cause is not None:
        causes = alternatives(w.cause)
        hit = ev.cause in causes or ("battle" in causes and ev.cause == "battle_alone")
        if "opponent_effect" in causes and ev.cause == "effect" and ev.by != owner:
            hit = True
        if not hit:
            return False
    if w.by == "you":
        return ev.by == owner
    if w.by == "opponent":
        return ev.by != owner
    return True


_ANY_CARD = CardFilter(kind="any")
"""The card filters that accept every card, on the field or not."""
_FILTER_FIELDS = tuple(f.name for f in dataclasses.fields(CardFilter))


def _filters_nothing(w: When) -> bool:
    """True when every card filter of ``w`` is the one of :data:`_ANY_CARD` (the trigger condition names no card)."""
    return all(getattr(w, name) == getattr(_ANY_CARD, name) for name in _FILTER_FIELDS)


_UNFILTERED: IdentityMemo[When, bool] = IdentityMemo()
"""A trigger condition -> :func:`_filters_nothing` of it, memoised per When object (frozen)."""


def _card_ok(s: State, w: When, ev: Event) -> bool:
    """The card filters of ``w`` (:class:`~digiteach.effects.CardFilter`) on the event's card: printed ones on
    the card, field ones (DP, keywords, digivolution cards) on the subject while it is in the Battle Area; none to
    read when ``w`` names no card (:data:`_UNFILTERED`)."""
    if ev.card is None or ev.subject is None or _UNFILTERED.lookup(w, _filters_nothing):
        return True
    st = stack_of(s, ev.subject)
    if st is not None and st.top == ev.card:
        return stack_fits(s, st, w)  # its printed filters on that card, then the field ones
    if not card_fits(card(s, ev.card), w):
        return False
    if st is None:
        # the subject has left (e.g. deleted): its printed card is all there is to look at
        return all(v is None for v in (w.min_dp, w.max_dp, w.keyword, w.has_digivolution_cards,
                                       w.min_digivolution_cards, w.with_digivolution_card))
    return True


def matches(s: State, w: When, owner: int, holder: int, ev: Event) -> bool:
    """True if the event ``ev`` meets the trigger condition ``w`` of an effect of ``owner`` held by the
    Digimon ``holder`` (CR 15-5)."""
    return (w.event == ev.kind and _whose_ok(w, owner, holder, ev) and _target_ok(w, ev)
            and _cause_ok(w, owner, ev) and _card_ok(s, w, ev))


_MOMENT_FILTERS = ("has_digivolution_cards",)
"""Card filters a trigger condition reads at the moment of the event only (:class:`~digiteach.effects.When`)."""
_HAPPENING_FILTERS = {"suspended": ("suspended",), "unsuspended": ("suspended",)}
"""Per event kind, the card filters that restate the happening itself (a suspended Digimon of a suspension)."""


def _subject_filter(w: When, kind: str) -> When:
    """``w`` without the filters :func:`still_met` does not read again (:data:`_MOMENT_FILTERS`,
    :data:`_HAPPENING_FILTERS`)."""
    drop = {name: getattr(_ANY_CARD, name) for name in _MOMENT_FILTERS + _HAPPENING_FILTERS.get(kind, ())
            if getattr(w, name) != getattr(_ANY_CARD, name)}
    return replace(w, **drop) if drop else w


def still_met(s: State, pe: PendingEffect) -> bool:
    """False when the trigger condition that ``pe``'s event met no longer describes the event's subject as it is
    now (CR 15-4-4-5, QA Q2615: a pending effect that stops meeting its trigger condition before it activates is
    lost).

    Only the card filters on the subject are read again (its DP, level, kind, traits, keywords, digivolution cards,
    on its current top card), and only while the subject is still in the Battle Area with the card the event was
    about still its top card (a Digimon that digivolved since is not a new card, QA Q2377: the event it met stands):
    the happening itself (it was suspended, it attacked), who caused it and whose it was are not, nor the filters
    read at the moment of the event (``has_digivolution_cards``, <Fortitude>). An event that concerned several cards
    at once (``ev.count`` > 1, CR 15-5-2) is not read again, nor is one a removal triggered (its conditions read the
    game as it was then, CR 15-8-3-9-4).
    """
    ev = pe.event
    if ev is None or pe.moment is not None or ev.subject is None or ev.card is None or ev.count != 1:
        return True
    w = trigger_of(pe.effect)
    if w is None or _UNFILTERED.lookup(w, _filters_nothing):
        return True
    st = stack_of(s, ev.subject)
    if st is None or st.top != ev.card:  # gone, or digivolved since: not a new card (QA Q2377), the event stands
        return True
    return stack_fits(s, st, _subject_filter(w, ev.kind))


def trigger(s: State, ev: Event, stacks: list[tuple[int, Stack]] | None = None) -> State:
    """Collect every effect whose trigger condition ``ev`` meets into ``s.collecting`` (CR 15-4-2-2):
    effects of Digimon and Tamers in both Battle Areas (or ``stacks``, for stacks about to leave),
    turn player's first. Effects out of scope, out of [X Per Turn] uses or of a different category are
    skipped. An effect triggered by its own Digimon's deletion is marked ``own_deletion`` (CR 4-15-2). When nothing is
    gained and neither Battle Area's printed facts index a triggered effect watching ``ev.kind`` (as
    :func:`watched`), nothing is collected and ``s`` itself is returned."""
    if stacks is None and not s.modifiers:
        a, b = board_facts(s)
        mine, theirs = a.watching, b.watching
        if mine is not None and theirs is not None and not mine[ev.kind] and not theirs[ev.kind]:
            return s
    return trigger_many(s, [ev], stacks)


def trigger_many(s: State, events: list[Event], stacks: list[tuple[int, Stack]] | None = None) -> State:
    """Like :func:`trigger` for events that happen at the same moment: an effect watching other cards
    triggers once for all of them, with ``event.count`` saying how many matched (CR 15-5-2, 4-27-5);
    a "this Digimon" effect triggers for its own event."""
    if len(events) == 1:  # as _kinds, without the call
        kind: str | None = events[0].kind
        kinds: set[str] | None = None
    else:
        kinds = {ev.kind for ev in events}
        kind = next(iter(kinds)) if len(kinds) == 1 else None
    watchers = _watchers(s, stacks, kind, kinds)
    return _collect_all(s, events, watchers) if watchers else s


def trigger_leaving(s: State, events: list[Event], leaving: list[tuple[int, Stack]]) -> State:
    """:func:`trigger_many` over the stacks of both Battle Areas, each player's ``leaving`` stacks (stacks of ``s``'s
    Battle Areas about to leave them at the same moment, e.g. deleted, CR 15-4-2-2) first, in the order given, then
    that player's other stacks in board order; the turn player's first. Without effects gained or granted, only the
    stacks the Battle Areas' printed facts index for the events' kinds are visited (no stack is looked at one by
    one)."""
    tp = s.turn_player
    facts = board_facts(s)
    mine, theirs = facts[tp].watching, facts[1 - tp].watching
    gone = [st.iid for _p, st in leaving]
    if mine is None or theirs is None or (s.modifiers and _gains(s)) or len(set(gone)) != len(gone):
        return trigger_many(s, events, _pool(s, leaving, gone))
    kind, kinds = _kinds(events)
    watchers: list[tuple[int, Stack, Sequence[Watch]]] = []
    for q, area in ((tp, mine), (1 - tp, theirs)):
        found = area[kind] if kind is not None else area.several(kinds)  # type: ignore[arg-type]
        if not found:
            continue
        battle = s.players[q].battle
        by_iid = {battle[i].iid: (q, battle[i], f) for i, f in found}
        watchers += [by_iid[st.iid] for p, st in leaving if p == q and st.iid in by_iid]
        watchers += [(q, battle[i], f) for i, f in found if battle[i].iid not in gone]
    return _collect_all(s, events, watchers) if watchers else s


def _pool(s: State, leaving: list[tuple[int, Stack]], gone: list[int]) -> list[tuple[int, Stack]]:
    """The (player, stack) pairs :func:`trigger_leaving` looks at, in its order: ``leaving`` (whose iids are ``gone``)
    and every other Battle Area stack, each player's leaving ones first, the turn player's first."""
    tp = s.turn_player
    pool = leaving + [x for q in (tp, 1 - tp) for x in ((q, st) for st in s.players[q].battle) if x[1].iid not in gone]
    return sorted(pool, key=lambda x: x[0] != tp)


def _kinds(events: list[Event]) -> tuple[str | None, set[str] | None]:
    """(the one kind of ``events``, or None; None for one event, else the set of their kinds)."""
    if len(events) == 1:
        return events[0].kind, None
    kinds = {ev.kind for ev in events}
    return (next(iter(kinds)) if len(kinds) == 1 else None), kinds


def _collect_all(s: State, events: list[Event], watchers: list[tuple[int, Stack, Sequence[Watch]]]) -> State:
    """Collect the effects of ``watchers`` (:func:`_watchers`) whose trigger condition ``events`` meet, in order."""
    one = len(events) == 1
    for p, st, found in watchers:
        for e, k, slot, idx, w in found:
            if e.scope is not None and not scope_ok(s, e.scope, p):
                continue
            if one:
                hits = events if matches(s, w, p, st.iid, events[0]) else []
            else:
                hits = [ev for ev in events if matches(s, w, p, st.iid, ev)]
            if hits:
                src = st.cards[k]
                if uses_left(s, e, st.iid, src, slot, idx):
                    s = _collect(s, p, st, (e, src, slot, idx), hits)
    return s


def spent_on(s: State, ev: Event) -> list[tuple[int, Effect, str]]:
    """The effects whose trigger condition ``ev`` meets, in scope, that :func:`trigger` leaves out only because their
    [X Per Turn] uses are spent this turn (CR 15-14-1-1): (its player, the effect, its label as pending activation
    would show it, without the verb), turn player's first. Empty when nothing in either Battle Area watches
    ``ev.kind``."""
    out: list[tuple[int, Effect, str]] = []
    for p, st, found in _watchers(s, None, ev.kind, None):
        for e, k, slot, idx, w in found:
            if e.per_turn <= 0 or (e.scope is not None and not scope_ok(s, e.scope, p)):
                continue
            src = st.cards[k]
            if matches(s, w, p, st.iid, ev) and not uses_left(s, e, st.iid, src, slot, idx):
                out.append((p, e, _label(s, e, src, slot, st.top)))
    return out


_GAINS = ("effect", "keyword")
"""Modifier kinds that give a Digimon effects (``query.effects_of`` adds them to the printed ones)."""


def _gains(s: State) -> bool:
    """Whether a modifier of ``s`` gives a Digimon effects (:data:`_GAINS`)."""
    return any(m.kind in _GAINS for m in s.modifiers)


def watched(s: State, kind: str) -> bool:
    """False when no effect in either Battle Area can trigger on an event of ``kind`` now (CR 15-5), known from the
    printed facts alone: nothing is gained and no stack's printed effects watch ``kind`` (or grant a triggered
    keyword); then :func:`trigger` for such an event collects nothing. True means "look" (:func:`trigger`). Reads only
    the modifiers, the card table and the cards of each Battle Area stack, so the answer holds for any state that
    differs from ``s`` in nothing else (a suspension, a new attack, captions, triggers collected)."""
    if s.modifiers and _gains(s):
        return True
    for facts in board_facts(s):
        area = facts.watching
        if area is None or area[kind]:
            return True
    return False


def _watchers(s: State, stacks: list[tuple[int, Stack]] | None, one: str | None,
              kinds: set[str] | None) -> list[tuple[int, Stack, Sequence[Watch]]]:
    """(player, stack, its triggered effects whose event is ``one``, or else one of ``kinds``) of each stack of
    ``stacks`` (else of both Battle Areas, turn player's first) that has one, in board order and, within a stack, in
    printed order. Without effects gained, a Battle Area's stacks come from its printed facts' index by event, so a
    stack that cannot trigger is never visited."""
    if stacks is not None:
        return _looked_through(s, stacks, one, kinds)
    tp = s.turn_player
    players = s.players
    if s.modifiers and _gains(s):
        return _looked_through(s, [(q, st) for q in (tp, 1 - tp) for st in players[q].battle], one, kinds)
    facts = board_facts(s)
    mine, theirs = facts[tp].watching, facts[1 - tp].watching
    out: list[tuple[int, Stack, Sequence[Watch]]]
    if one is not None and mine is not None and theirs is not None:  # the usual case: one kind, nothing granted
        found, other = mine[one], theirs[one]
        if not found and not other:
            return []
        battle = players[tp].battle
        out = [(tp, battle[i], f) for i, f in found]
        if other:
            battle = players[1 - tp].battle
            out += [(1 - tp, battle[i], f) for i, f in other]
        return out
    return _indexed(s, ((tp, facts[tp]), (1 - tp, facts[1 - tp])), one, kinds)


def _indexed(s: State, areas: tuple[tuple[int, AreaFacts], ...], one: str | None,
             kinds: set[str] | None) -> list[tuple[int, Stack, Sequence[Watch]]]:
    """:func:`_watchers` of both Battle Areas ((player, the printed facts of their area), turn player's first), an
    area whose printed effects may grant a triggered keyword (``watching`` None) looked at stack by stack."""
    players = s.players
    out: list[tuple[int, Stack, Sequence[Watch]]] = []
    for q, facts in areas:
        area = facts.watching
        if area is None:
            out += _looked_through(s, [(q, st) for st in players[q].battle], one, kinds)
            continue
        found = area[one] if one is not None else area.several(kinds)  # type: ignore[arg-type]
        if found:
            battle = players[q].battle
            out += [(q, battle[i], f) for i, f in found]
    return out


def _looked_through(s: State, stacks: list[tuple[int, Stack]], one: str | None,
                    kinds: set[str] | None) -> list[tuple[int, Stack, Sequence[Watch]]]:
    """:func:`_watchers` for the (player, stack) pairs ``stacks``, each looked at."""
    gains = bool(s.modifiers) and any(m.kind in _GAINS for m in s.modifiers)
    out: list[tuple[int, Stack, Sequence[Watch]]] = []
    for p, st in stacks:
        facts = stack_facts(s, st)
        watching = watching_now(s, st) if gains or facts.grants else facts.watching
        if watching:
            found = watching.get(one, ()) if one is not None else [
                x for x in watching[ALL] if x[4].event in kinds]  # type: ignore[operator]
            if found:
                out.append((p, st, found))
    return out


def watching_now(s: State, st: Stack) -> Watching:
    """The triggered effects (CR 15-5) ``st`` has now, effects granted or gained included (``query.effects_of``), with
    their trigger conditions and the position of their card in ``st``, by event kind (and all of them, in order, under
    ``ALL``); empty when it has none. When nothing is granted in force or gained (``effects_of`` gives as many effects
    as are printed, and the printed ones first), these are the printed ones (``printed.StackFacts.watching``,
    memoised per card table and stack cards)."""
    effects = effects_of(s, st)
    facts = stack_facts(s, st)
    if len(effects) == len(facts.sources):
        return facts.watching
    at = st.cards.index  # each effect's card by its position in the stack, as in the printed facts
    return by_event([(e, at(src), slot, i) for e, src, slot, i in effects])


def _collect(s: State, p: int, st: Stack, eff: tuple[Effect, int, str, int], hits: list[Event]) -> State:
    """Add one triggered effect to ``s.collecting`` (CR 15-4-2-2)."""
    e, src, slot, idx = eff
    ev = replace(hits[0], count=len(hits)) if len(hits) > 1 else hits[0]
    own = ev.kind == "deleted" and ev.subject == st.iid
    text = _label(s, e, src, slot, st.top)
    if ev.kind in REMOVAL_EVENTS:  # its own Digimon read as it left (CR 15-8-3-9-4), in the state with the id taken
        s, pid = new_id(s)
        moment = removal_moment(s)
        s = name_first_instance(s, text, ev, st.iid)
        label, older = unique_labels(s, text, ev, st.iid)
        pe = PendingEffect(pid=pid, owner=p, effect=e, source=src, holder=st.iid, slot=slot, index=idx,
                           label=label, event=ev, own_deletion=own, moment=moment, older="" if older == label else older)
        return replace(s, collecting=s.collecting + (pe,))
    pid = s.next_id  # the id, the label and the effect in one copy
    collecting = first_instance_named(s, text, ev, st.iid)
    label, older = unique_labels(s, text, ev, st.iid, collecting)
    pe = PendingEffect(pid=pid, owner=p, effect=e, source=src, holder=st.iid, slot=slot, index=idx,
                       label=label, event=ev, own_deletion=own, older="" if older == label else older)
    return replace(s, next_id=pid + 1, collecting=collecting + (pe,))


_LABELS: dict[tuple[int, int, int, str, bool, str], tuple[Effect, Card, Card, str]] = {}
"""(id(effect), id(its holder's top card), id(its source card), slot, whether the source is the top card itself,
language) -> (the effect, those two cards, ``labels.effect_label``): a label depends on nothing else, and effects and
cards are the card library's objects, shared by every game, so each label is made once across games. The entry holds
the objects, so their ids are not reused while it lives; cleared past 1,024 entries."""


def _label(s: State, e: Effect, src: int, slot: str, top: int) -> str:
    """``labels.effect_label`` of the effect ``e`` printed on card ``src``, held by the Digimon whose top card is
    ``top`` (memoised in :data:`_LABELS`)."""
    holder, source = s.cards[top], s.cards[src]
    key = (id(e), id(holder), id(source), slot, src == top, i18n.current())
    hit = _LABELS.get(key)
    if hit is None:
        if len(_LABELS) >= 1024:
            _LABELS.clear()
        hit = _LABELS[key] = (e, holder, source, effect_label(s, e, src, slot, top))
    return hit[3]


def _without_pending(s: State) -> State:
    """``s`` without pending effects, as a :class:`~digiteach.records.TriggerMoment` keeps it (moments never nest)."""
    return replace(s, pending=(), collecting=()) if s.pending or s.collecting else s


def removal_moment(s: State) -> TriggerMoment:
    """The moment kept by an effect a card's removal triggers now, in ``s`` (CR 15-8-3-9-4)."""
    now = _without_pending(s)
    return TriggerMoment(after=now, before=now)


def removal_done(s: State, since: int) -> State:
    """The Digimon whose removal triggered the effects collected from index ``since`` on have now left: those effects
    read their processing conditions in this state (the cards in their new area, QA Q1468), and their removed
    Digimon as it was just before (CR 15-8-3-9-4)."""
    if len(s.collecting) <= since:
        return s
    now = _without_pending(s)
    kept = tuple(replace(pe, moment=replace(pe.moment, after=now)) if pe.moment is not None else pe
                 for pe in s.collecting[since:])
    return replace(s, collecting=s.collecting[:since] + kept)


def push_generation(s: State, cause: str, pid: int | None) -> State:
    """Turn ``s.collecting`` into a new, newest generation (CR 15-4-5-2), turn player's effects listed
    first; mark the causing pending effect's ``caused``."""
    if not s.collecting:
        return replace(s, collecting_from_rules=False)
    number = (s.pending[-1].number + 1) if s.pending else 1
    ordered = tuple(sorted(s.collecting, key=lambda p: p.owner != s.turn_player))
    gens = list(s.pending)
    if pid is not None:
        gens = [replace(g, effects=tuple(replace(p, caused=number) if p.pid == pid else p for p in g.effects))
                for g in gens]
    gens.append(Generation(number=number, effects=ordered, cause=cause))
    return replace(s, pending=tuple(gens), collecting=(), collecting_from_rules=False)
