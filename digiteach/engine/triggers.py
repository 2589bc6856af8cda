"""Triggering (CR 15-4, 15-5): which effects an event triggers, [X Per Turn] counts, and generations.

:func:`trigger` / :func:`trigger_many` collect the effects an event's trigger condition meets into
``State.collecting``; :func:`push_generation` turns them into the newest generation of pending activation
(CR 15-4-5-2). Every function is pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from digiteach.copying import replace

from digiteach.effects import NOT_CAUSES, REMOVAL_EVENTS, Effect, When
from digiteach.engine.edits import new_id
from digiteach.engine.filters import alternatives, card_fits, stack_fits
from digiteach.engine.labels import effect_label, name_first_instance, unique_label
from digiteach.engine.printed import AreaFacts, EffectSource, area_facts, printed_effects
from digiteach.engine.query import all_stacks, card, effects_of, scope_ok, stack_of
from digiteach.memo import IdentityMemo
from digiteach.records import TriggerMoment
from digiteach.state import Event, Generation, PendingEffect, Stack, State
from digiteach.terms import Timing

__all__ = [
    "NOT_CAUSES",
    "TIMING_EVENTS",
    "TURN_TIMINGS",
    "uses_left",
    "spend_use",
    "trigger_of",
    "matches",
    "effect_label",
    "unique_label",
    "trigger",
    "trigger_many",
    "removal_moment",
    "removal_done",
    "push_generation",
]

TIMING_EVENTS: dict[Timing, str] = {
    # a bracketed timing concerns the card itself, whatever its kind (a Tamer's [On Play], CR 15-16-2-1)
    Timing.WHEN_ATTACKING: "attacks",
    Timing.ON_DELETION: "deleted",
    Timing.WHEN_DIGIVOLVING: "digivolved",
    Timing.ON_PLAY: "played",
    Timing.END_OF_ATTACK: "end_of_attack",
}
"""The event a bracketed timing of the card itself triggers on."""

TURN_TIMINGS: dict[Timing, When] = {
    # the turn's own timings: the event's player is the turn player (CR 6-2-1-1, 6-6, 15-16-11)
    Timing.START_OF_YOUR_TURN: When(event="start_of_turn", whose="you", kind="any"),
    Timing.START_OF_OPPONENTS_TURN: When(event="start_of_turn", whose="opponent", kind="any"),
    Timing.START_OF_YOUR_MAIN_PHASE: When(event="start_of_main_phase", whose="you", kind="any"),
    Timing.START_OF_OPPONENTS_MAIN_PHASE: When(event="start_of_main_phase", whose="opponent", kind="any"),
    Timing.END_OF_YOUR_TURN: When(event="end_of_turn", whose="you", kind="any"),
    Timing.END_OF_OPPONENTS_TURN: When(event="end_of_turn", whose="opponent", kind="any"),
}
"""The trigger condition of each turn timing ([Start of Your Turn] ...)."""


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
    """Count one use of an [X Per Turn] effect (CR 15-14-1-4)."""
    if effect.per_turn <= 0:
        return s
    key = _use_key(holder, source, *_count_slot(effect, slot, index))
    counts = dict(s.uses)
    counts[key] = counts.get(key, 0) + 1
    return replace(s, uses=tuple(sorted(counts.items())))


_TRIGGER_OF: IdentityMemo[Effect, When | None] = IdentityMemo()
"""An effect -> its trigger condition, memoised per effect object."""


def trigger_of(e: Effect) -> When | None:
    """The trigger condition of ``e`` (CR 15-5): its "when ..." or the one its bracketed timing implies;
    None for effects that are not triggered (e.g. [Main], [Security]). Memoised per effect object."""
    return _TRIGGER_OF.lookup(e, _trigger_of)


def _trigger_of(e: Effect) -> When | None:
    if e.when is not None:
        return e.when
    if e.timing is not None and e.timing in TURN_TIMINGS:
        return TURN_TIMINGS[e.timing]
    if e.timing is not None and e.timing in TIMING_EVENTS:
        return When(event=TIMING_EVENTS[e.timing], whose="this", kind="any")
    return None


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


def _card_ok(s: State, w: When, ev: Event) -> bool:
    """The card filters of ``w`` (:class:`~digiteach.effects.CardFilter`) on the event's card: printed ones on
    the card, field ones (DP, keywords, digivolution cards) on the subject while it is in the Battle Area."""
    if ev.card is None or ev.subject is None:
        return True
    if not card_fits(card(s, ev.card), w):
        return False
    st = stack_of(s, ev.subject)
    if st is None:
        # the subject has left (e.g. deleted): its printed card is all there is to look at
        return all(v is None for v in (w.min_dp, w.max_dp, w.keyword, w.has_digivolution_cards,
                                       w.min_digivolution_cards, w.with_digivolution_card))
    return stack_fits(s, st, w) if st.top == ev.card else True


def matches(s: State, w: When, owner: int, holder: int, ev: Event) -> bool:
    """True if the event ``ev`` meets the trigger condition ``w`` of an effect of ``owner`` held by the
    Digimon ``holder`` (CR 15-5)."""
    return (w.event == ev.kind and _whose_ok(w, owner, holder, ev) and _target_ok(w, ev)
            and _cause_ok(w, owner, ev) and _card_ok(s, w, ev))


def trigger(s: State, ev: Event, stacks: list[tuple[int, Stack]] | None = None) -> State:
    """Collect every effect whose trigger condition ``ev`` meets into ``s.collecting`` (CR 15-4-2-2):
    effects of Digimon and Tamers in both Battle Areas (or ``stacks``, for stacks about to leave),
    turn player's first. Effects out of scope, out of [X Per Turn] uses or of a different category are
    skipped. An effect triggered by its own Digimon's deletion is marked ``own_deletion`` (CR 4-15-2)."""
    return trigger_many(s, [ev], stacks)


def trigger_many(s: State, events: list[Event], stacks: list[tuple[int, Stack]] | None = None) -> State:
    """Like :func:`trigger` for events that happen at the same moment: an effect watching other cards
    triggers once for all of them, with ``event.count`` saying how many matched (CR 15-5-2, 4-27-5);
    a "this Digimon" effect triggers for its own event."""
    kinds = {ev.kind for ev in events}
    for p, st, found in _watchers(s, stacks, kinds):
        for e, src, slot, idx, w in found:
            if not scope_ok(s, e.scope, p):
                continue
            hits = [ev for ev in events if matches(s, w, p, st.iid, ev)]
            if hits and uses_left(s, e, st.iid, src, slot, idx):
                s = _collect(s, p, st, (e, src, slot, idx), hits)
    return s


_Watch = tuple[Effect, int, str, int, When]
"""(effect, source card uid, slot, index, trigger condition) of one triggered effect."""
_Watching = dict[str, tuple[_Watch, ...]]
_GAINS = ("effect", "keyword")
"""Modifier kinds that give a Digimon effects (``query.effects_of`` adds them to the printed ones)."""
_ALL = ""
"""The key of :func:`_watching`'s index that lists every triggered effect, whatever its event."""
_WATCHING: IdentityMemo[Sequence[EffectSource], _Watching] = IdentityMemo()
"""A stack's printed effect sources -> their index by event, memoised per printed effect list."""
_AreaWatching = dict[str, tuple[tuple[int, tuple[_Watch, ...]], ...]]
_AREA_WATCHING: IdentityMemo[AreaFacts, _AreaWatching] = IdentityMemo()
"""A Battle Area's printed facts -> for each event kind (and :data:`_ALL`), (position, triggered effects watching it)
of each stack that has one, in board order; memoised per :class:`~digiteach.engine.printed.AreaFacts` object."""


def _watchers(s: State, stacks: list[tuple[int, Stack]] | None, kinds: set[str]) -> list[tuple[int, Stack, Sequence[_Watch]]]:
    """(player, stack, its triggered effects whose event is one of ``kinds``) of each stack of ``stacks`` (else of both
    Battle Areas, turn player's first) that has one, in board order and, within a stack, in printed order. Without
    effects gained, a Battle Area's stacks come from its printed facts' index by event, so a stack that cannot
    trigger is never visited."""
    one = next(iter(kinds)) if len(kinds) == 1 else None
    if stacks is not None:
        pool = [(p, st, _watching(s, st)) for p, st in stacks]
        return [(p, st, f) for p, st, w in pool if w and (f := _found(w, one, kinds))]
    tp = s.turn_player
    gains = bool(s.modifiers) and any(m.kind in _GAINS for m in s.modifiers)
    out: list[tuple[int, Stack, Sequence[_Watch]]] = []
    for q in (tp, 1 - tp):
        battle = s.players[q].battle
        area = None if gains or not battle else area_facts(s, battle)
        if area is not None and area.triggered is not None:
            out += _printed_watchers(q, battle, area, one, kinds)
        else:
            pool = [(q, st, _watching(s, st)) for st in battle]
            out += [(p, st, f) for p, st, w in pool if w and (f := _found(w, one, kinds))]
    return out


def _printed_watchers(q: int, battle: tuple[Stack, ...], area: AreaFacts, one: str | None,
                      kinds: set[str]) -> list[tuple[int, Stack, Sequence[_Watch]]]:
    """:func:`_watchers` for player ``q``'s Battle Area ``battle`` whose effects are the printed ones, whose facts are
    ``area``: only the stacks its index by event lists."""
    if not area.triggered:
        return []
    index = _AREA_WATCHING.lookup(area, _area_watching)
    if one is not None:
        return [(q, battle[i], f) for i, f in index.get(one, ())]
    return [(q, battle[i], f) for i, w in index.get(_ALL, ()) if (f := [x for x in w if x[4].event in kinds])]


def _found(watching: _Watching, one: str | None, kinds: set[str]) -> Sequence[_Watch]:
    """The entries of ``watching`` whose event is ``one`` (the only kind) or one of ``kinds``, in printed order."""
    if one is not None:
        return watching.get(one, ())
    return [x for x in watching[_ALL] if x[4].event in kinds]


def _area_watching(area: AreaFacts) -> _AreaWatching:
    index: dict[str, list[tuple[int, tuple[_Watch, ...]]]] = {}
    for i in area.triggered or ():
        for kind, found in _WATCHING.lookup(area.stacks[i].sources, _by_event).items():
            index.setdefault(kind, []).append((i, found))
    return {k: tuple(v) for k, v in index.items()}


def _watching(s: State, st: Stack) -> _Watching:
    """The triggered effects (CR 15-5) ``st`` has, with their trigger conditions, by event kind (and all of them,
    in order, under :data:`_ALL`); empty when it has none. Built once per printed effect list when nothing is gained
    (``query.effects_of`` then returns the printed ones), else from the effects it has now."""
    printed, grants = printed_effects(s, st)
    if grants or (s.modifiers and any(m.kind in _GAINS for m in s.modifiers)):
        return _by_event(effects_of(s, st))
    return _WATCHING.lookup(printed, _by_event)


def _by_event(sources: Sequence[EffectSource]) -> _Watching:
    found = []
    for e, src, slot, idx in sources:
        if isinstance(e, Effect) and e.category == "trigger":
            w = trigger_of(e)
            if w is not None:
                found.append((e, src, slot, idx, w))
    if not found:
        return {}
    index: dict[str, list[_Watch]] = {_ALL: found}
    for x in found:
        index.setdefault(x[4].event, []).append(x)
    return {k: tuple(v) for k, v in index.items()}


def _collect(s: State, p: int, st: Stack, eff: tuple[Effect, int, str, int], hits: list[Event]) -> State:
    """Add one triggered effect to ``s.collecting`` (CR 15-4-2-2)."""
    e, src, slot, idx = eff
    ev = replace(hits[0], count=len(hits)) if len(hits) > 1 else hits[0]
    s, pid = new_id(s)
    own = ev.kind == "deleted" and ev.subject == st.iid
    moment = removal_moment(s) if ev.kind in REMOVAL_EVENTS else None  # its own Digimon read as it left (CR 15-8-3-9-4)
    text = effect_label(s, e, src, slot, st.top)
    s = name_first_instance(s, text)
    pe = PendingEffect(pid=pid, owner=p, effect=e, source=src, holder=st.iid, slot=slot, index=idx,
                       label=unique_label(s, text, ev, st.iid), event=ev, own_deletion=own, moment=moment)
    return replace(s, collecting=s.collecting + (pe,))


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
