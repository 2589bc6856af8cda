"""Driving the engine through a scenario: the opening action, scripted answers, later actions, branches."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from digiteach import engine as eng
from digiteach.decisions import IllegalAction, IllegalAnswer
from digiteach.scenario.board import card_number, default_library
from digiteach.scenario.load import LOADED, load_scenario
from digiteach.scenario.model import (
    MAX_STEPS,
    PLACE,
    PLAYER_WORDS,
    Choice,
    PlannedAction,
    PlayerName,
    Scenario,
    ScenarioPlayError,
    place_text,
)
from digiteach.setup import Action, StackRef
from digiteach.state import State
from digiteach.views import Trace

# --------------------------------------------------------------------------------------------- playing


def library_for(scenario: Scenario) -> Mapping[str, Any]:
    """The card library the engine uses for ``scenario``: the shared library plus its inline cards."""
    base = default_library()
    if not scenario.cards:
        return base
    return {**base, **{card_number(c, {}): c for c in scenario.cards}}


def player_name(player: Any) -> str:
    """"A"/"B" from a decision's player (the engine uses 0/1; views use "A"/"B")."""
    if isinstance(player, int) and not isinstance(player, bool) and player in (0, 1):
        return "AB"[player]
    return str(player)


def decision_text(decision: Any) -> str:
    options = ", ".join(repr(getattr(o, "label", o)) for o in getattr(decision, "options", ()))
    return f"Player {player_name(getattr(decision, 'player', '?'))} ({getattr(decision, 'kind', '?')}): {getattr(decision, 'prompt', '')}; options: {options}"


def _begin(scenario: Scenario, state: State, action: Action, line: int | None, fld: str) -> State:
    try:
        return eng.begin(state, action)
    except IllegalAction as exc:
        raise ScenarioPlayError(scenario.path, line, fld, f"the engine refused the action: {exc}",
                                "an action that is legal on the board at that moment") from exc


def _start(scenario: Scenario) -> tuple[State, State]:
    """(initial state, state after beginning the opening action)."""
    try:
        initial = eng.initial_state(scenario.setup, library_for(scenario))
    except ValueError as exc:
        raise ScenarioPlayError(scenario.path, None, "setup", f"the engine refused the board: {exc}",
                                "a board the engine can build") from exc
    fld = "action[0]" if scenario.then else "action"
    return initial, _begin(scenario, initial, scenario.action, scenario.action_line, fld)


def _live_ref(scenario: Scenario, initial: State, state: State, text: str, players: Sequence[str],
              fld: str, line: int | None, breeding: bool) -> StackRef:
    """Find the Digimon ``text`` names on the board of ``state`` (for actions after the first)."""
    board = eng.board_view(state)
    places: list[tuple[StackRef, Any]] = []
    for p in players:
        side = board.sides[0 if p == "A" else 1]
        places += [(StackRef(cast(PlayerName, p), i), st) for i, st in enumerate(side.battle_area)]
        if breeding and side.breeding_area is not None:
            places.append((StackRef(cast(PlayerName, p), 0, "breeding"), side.breeding_area))
    shown = ", ".join(f"{place_text(r)} = {st.top.label}" for r, st in places) or "(no Digimon there)"
    m = PLACE.match(text)
    if m:
        return StackRef(cast(PlayerName, m.group(1)), int(m.group(3) or 0),
                        "breeding" if m.group(2).startswith("breeding") else "battle")
    if text in dict(scenario.aliases):
        start = dict(scenario.aliases)[text]
        start_board = eng.board_view(initial)
        side0 = start_board.sides[0 if start.player == "A" else 1]
        first = side0.breeding_area if start.area == "breeding" else side0.battle_area[start.index]
        hits = [r for r, st in places if first is not None and st.uid == first.uid]
        if len(hits) == 1:
            return hits[0]
        raise ScenarioPlayError(scenario.path, line, fld,
                                f"{text!r} ({place_text(start)} at the start) is no longer where this action needs it",
                                shown)
    hits = [r for r, st in places if st.top.number == text]
    if len(hits) == 1:
        return hits[0]
    raise ScenarioPlayError(
        scenario.path, line, fld,
        f"{text!r} names {'no' if not hits else len(hits)} Digimon of Player {' or '.join(players)} at this point",
        "one of " + shown + " (use a place like 'A.battle[0]' or an alias)",
    )


def _resolve_planned(scenario: Scenario, initial: State, state: State, planned: PlannedAction, k: int) -> Action:
    tp = eng.board_view(state).turn_player
    opp = "B" if tp == "A" else "A"
    fld = f"action[{k}].{planned.kind}"

    def ref(text: str | None, players: Sequence[str], breeding: bool) -> StackRef | None:
        if text is None:
            return None
        return _live_ref(scenario, initial, state, text, players, fld, planned.line, breeding)

    kind = cast(Any, planned.kind)
    if planned.kind == "attack":
        t = planned.target or "player"
        target = None if (t.strip().lower() in PLAYER_WORDS or t.strip() == opp) else ref(t, [opp], False)
        return Action(kind=kind, card=ref(planned.card, [tp], False), target=target, extra=planned.extra)
    return Action(kind=kind, card=ref(planned.card, [tp], True), hand_card=planned.hand_card, cost=planned.cost,
                  extra=planned.extra)


def _answer(scenario: Scenario, state: State, choice: Choice, index: int) -> State:
    """Step ``state`` with scripted ``choice`` (number ``index``); illegal -> ScenarioPlayError at the choice's line."""
    decision = state.decision
    assert decision is not None, "_answer is called only with a decision open"
    labels = list(decision.labels)
    who = player_name(decision.player)
    if choice.player is not None and choice.player != who:
        raise ScenarioPlayError(
            scenario.path, choice.line, f"choices[{index}]",
            f"this answer is marked for Player {choice.player}, but the open decision is Player {who}'s "
            f"({decision.kind}: {decision.prompt})",
            "for this decision: " + ", ".join(repr(lb) for lb in labels),
        )
    try:
        return eng.step(state, choice.answer)
    except IllegalAnswer as exc:
        raise ScenarioPlayError(
            scenario.path, choice.line, f"choices[{index}]",
            f"{exc} (open decision: {decision.prompt})",
            "one of: " + ", ".join(repr(lb) for lb in labels),
        ) from exc


@dataclass(slots=True)
class Run:
    """One play in progress: the states so far, scripted choices used, later actions begun."""

    history: list[State]
    used: int = 0
    actions: int = 0


def drive(
    scenario: Scenario,
    *,
    prefix: Sequence[str] | None = None,
    override: tuple[int, str] | None = None,
) -> Run:
    """Play ``scenario`` with the engine.

    Decisions are answered in order by ``prefix`` (exact labels replayed from a trace) when given,
    else by the scripted choices. ``override`` = (step index, label) answers the decision open at that
    step with ``label`` instead (raising IndexError if no decision is open there); after it the
    remaining scripted choices are used while they are legal and play stops at the first that is not.
    Later actions (``scenario.then``) begin whenever the previous one is processed and nobody has won;
    after a branch, a later action that no longer fits the board ends the play instead of raising.
    """
    initial, state = _start(scenario)
    run = Run(history=[state])
    branched = False
    while len(run.history) < MAX_STEPS:
        index = len(run.history) - 1
        if override is not None and not branched and index == override[0]:
            if state.decision is None:
                decisions = [i for i, st in enumerate(run.history) if st.decision is not None]
                raise IndexError(f"step {index} of {scenario.id} is not a decision step"
                                 + (f"; decision steps so far: {decisions}" if decisions else ""))
            state = eng.step(state, override[1])  # IllegalAnswer (naming the rule) propagates
            run.used += 1
            branched = True
        elif state.decision is not None:
            if prefix is not None and not branched and run.used < len(prefix):
                state = eng.step(state, prefix[run.used])
                run.used += 1
            elif run.used < len(scenario.choices) and (prefix is None or branched):
                choice = scenario.choices[run.used]
                if branched:
                    try:
                        state = eng.step(state, choice.answer)
                    except IllegalAnswer:
                        break
                else:
                    state = _answer(scenario, state, choice, run.used)
                run.used += 1
            else:
                break
        elif not state.finished:
            state = eng.step(state)
        elif state.winner is None and run.actions < len(scenario.then):
            planned = scenario.then[run.actions]
            try:
                action = _resolve_planned(scenario, initial, state, planned, run.actions + 1)
                state = _begin(scenario, state, action, planned.line, f"action[{run.actions + 1}]")
            except ScenarioPlayError:
                if branched:  # the learner's answer made the scripted action impossible: stop here
                    break
                raise
            run.actions += 1
        else:
            break
        run.history.append(state)
    else:
        raise RuntimeError(f"{scenario.id}: the engine did not finish within {MAX_STEPS} steps")
    if override is not None and not branched:
        raise IndexError(f"step {override[0]} of {scenario.id} is not reached (the play has {len(run.history)} steps)")
    return run


def make_trace(scenario: Scenario, history: Sequence[State]) -> Trace:
    steps = tuple(eng.to_step(history, i) for i in range(len(history)))
    result = eng.to_result(history)
    return Trace(scenario=scenario.id, title=scenario.title, ruleset=scenario.ruleset, steps=steps, result=result)


_TRACE_SOURCES: dict[int, tuple[Trace, Scenario]] = {}
"""Recent traces made by play/branch -> their scenario (by identity), so ``branch(trace, ...)`` uses the
very scenario the trace came from even when two files share an id. Bounded; falls back to the id."""
_TRACE_SOURCES_MAX = 256


def remember(trace: Trace, scenario: Scenario) -> Trace:
    _TRACE_SOURCES[id(trace)] = (trace, scenario)
    while len(_TRACE_SOURCES) > _TRACE_SOURCES_MAX:
        del _TRACE_SOURCES[next(iter(_TRACE_SOURCES))]
    return trace


def _scenario_of(trace: Trace) -> Scenario:
    hit = _TRACE_SOURCES.get(id(trace))
    if hit is not None and hit[0] is trace:
        return hit[1]
    return LOADED.get(trace.scenario) or load_scenario(trace.scenario)


def play(scenario: Scenario) -> Trace:
    """Play ``scenario`` with the engine: begin the action, answer decisions with the scripted choices in order.

    Play stops when the engine is finished, or at a decision once the choices have run out
    (``trace.result.stopped_at`` is then set). Raises :class:`ScenarioPlayError` (located at the
    action or the choice) when the engine refuses the action or a choice.
    """
    return remember(make_trace(scenario, drive(scenario).history), scenario)


def branch(scenario_or_trace: Scenario | Trace, step_index: int, label: str) -> Trace:
    """Replay up to the decision at ``step_index``, answer ``label`` there instead, and play on.

    From a :class:`Scenario`, the documented (scripted) choices are replayed; from a ``Trace`` (for
    example one returned by an earlier ``branch``), the choices recorded in its steps are, so a
    learner can branch again further along. After ``label``, the remaining scripted answers are used
    while they are still legal; play stops at the first decision where the next one is not (or none
    is left), leaving that decision open for the learner.

    Raises the engine's ``IllegalAnswer`` (its text names the rule) if ``label`` is not legal there,
    and ``IndexError`` if no decision is open at ``step_index``.
    """
    prefix: list[str] | None = None
    if isinstance(scenario_or_trace, Trace):
        trace = scenario_or_trace
        scenario = _scenario_of(trace)
        prefix = [st.choice for st in trace.steps[:step_index] if st.decision is not None and st.choice is not None]
    else:
        scenario = scenario_or_trace
    run = drive(scenario, prefix=prefix, override=(step_index, label))
    return remember(make_trace(scenario, run.history), scenario)
