"""Trigger conditions (CR 15-5): the "when ..." an effect watches for, written or implied by its bracketed timing,
and a list of effects indexed by the event kind they watch. Read by :mod:`digiteach.engine.printed` (what a stack's
printed effects watch) and :mod:`digiteach.engine.triggers` (which effects an event triggers). Every function is pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from digiteach.effects import Effect, Persistent, When
from digiteach.memo import IdentityMemo
from digiteach.terms import Timing

__all__ = ["TIMING_EVENTS", "TURN_TIMINGS", "ALL", "Watch", "Watching", "trigger_of", "by_event"]

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

ALL = ""
"""The key of a :data:`Watching` index that lists every triggered effect, whatever its event."""

Watch = tuple[Effect, int, str, int, When]
"""(effect, where its source card is, slot, index, trigger condition) of one triggered effect: where as the sources
given to :func:`by_event` say (the printed facts and the trigger collection give the card's position in its stack,
0 = the top card)."""
Watching = dict[str, tuple[Watch, ...]]
"""Triggered effects by the event kind they watch, each list in printed order, and all of them under :data:`ALL`."""

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


def by_event(sources: Sequence[tuple[Effect | Persistent, int, str, int]]) -> Watching:
    """The triggered effects (CR 15-5) among ``sources`` ((effect, where its source card is, slot, index), as
    ``query.effects_of`` gives them with a uid or the printed facts with a position) with their trigger conditions,
    by event kind; an empty dict when there is none.

    >>> from digiteach import effects as fx
    >>> e = Effect(actions=(fx.Draw(amount=1),), timing=Timing.ON_PLAY)
    >>> sorted(by_event([(e, 7, "main", 0)]))
    ['', 'played']
    """
    found = []
    for e, src, slot, idx in sources:
        if isinstance(e, Effect) and e.category == "trigger":
            w = trigger_of(e)
            if w is not None:
                found.append((e, src, slot, idx, w))
    if not found:
        return {}
    index: dict[str, list[Watch]] = {ALL: found}
    for x in found:
        index.setdefault(x[4].event, []).append(x)
    return {k: tuple(v) for k, v in index.items()}
