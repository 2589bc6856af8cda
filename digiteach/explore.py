"""What-if: every legal continuation of a scenario from one step, grouped by outcome.

From a step of a scenario's documented line, :func:`explore` follows every answer to every decision the rules
open (the order of pending effects, CR 15-4-3-5; "you may" effects, CR 15-9; targets, CR 15-10-2; blocks,
CR 12-1; ...) until each line is finished, and groups the lines by what they amount to: the effects activated
in order, the Digimon deleted, the Security Stacks, memory, the winner and whose turn it is. Each
:class:`Outcome` keeps one line of choices that leads to it and how many lines do. ``limit`` bounds the number
of lines followed; :attr:`Exploration.complete` says whether every line was.

States are frozen (``State``), so a branch is a shared prefix and a different answer: no line is replayed from
the start, except where a scenario begins a later action (``action:`` given as a list), which goes through
:func:`digiteach.scenario.replay`.

>>> from digiteach.scenario import load_scenario
>>> found = explore(load_scenario("triggered-effects-9"), limit=500)
>>> found.complete, len(found.outcomes) > 1
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from digiteach import engine as eng
from digiteach.decisions import IllegalAction
from digiteach.scenario import Scenario, ScenarioError, ScenarioPlayError, play, replay
from digiteach.state import State
from digiteach.views import TraceResult

__all__ = ["Outcome", "Exploration", "explore", "explore_state", "result_json", "exploration_json",
           "DEFAULT_LIMIT", "MAX_STEPS_PER_LINE"]

DEFAULT_LIMIT = 1000
"""Lines followed when the caller names no limit."""

MAX_STEPS_PER_LINE = 2000
"""Safety bound on the steps of one line (an engine loop must not hang an exploration)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One distinct outcome: ``result`` (as :func:`digiteach.engine.to_result` gives it), ``turn_player``
    ("A"/"B") when the lines end, ``paths`` (how many explored lines end so), ``choices`` (the answers of
    the first such line found, from the exploration's first step on, as exact option labels)."""

    result: TraceResult
    turn_player: str
    paths: int
    choices: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Exploration:
    """The outcomes found from step ``from_step`` of scenario ``scenario`` under ``ruleset``, in the order
    first found. ``prefix`` holds the documented answers before ``from_step``. ``complete`` is False when
    ``limit`` lines were followed before every line was; ``lines`` counts the lines followed to their end."""

    scenario: str
    ruleset: str
    from_step: int
    prefix: tuple[str, ...]
    outcomes: tuple[Outcome, ...]
    complete: bool
    lines: int


Continue = Callable[[State, tuple[str, ...]], "State | None"]
"""Given a finished state and the answers that led to it, the state after the next action begins (the
scenario's later actions), or None when the line is over."""


@dataclass(slots=True)
class _Found:
    result: TraceResult
    turn_player: str
    paths: int
    choices: tuple[str, ...]


def _key(s: State) -> tuple[Any, ...]:
    r = eng.to_result([s])
    return (r.activation_order, r.deleted, r.security, r.memory, r.winner, r.stopped_at, s.turn_player)


def _run_to_branch(s: State) -> State:
    """Step ``s`` until a decision is open or nothing is left (CR 15-4-3: processing with no choice)."""
    for _ in range(MAX_STEPS_PER_LINE):
        if s.decision is not None or s.finished:
            return s
        s = eng.step(s)
    raise eng.EndlessLoop(f"effects loop without end after {MAX_STEPS_PER_LINE} steps (CR 18-3-1)")


def explore_state(start: State, *, limit: int = DEFAULT_LIMIT, then: Continue | None = None,
                  prefix: Sequence[str] = ()) -> tuple[list[Outcome], bool, int]:
    """Every line from ``start``: (outcomes in the order first found, complete, lines followed).

    A line is followed depth-first; at each open decision every option label is tried in the decision's
    order. ``prefix`` is passed to ``then`` ahead of each line's own answers (the answers that led to
    ``start``). At most ``limit`` lines are followed.

    Raises:
        ValueError: ``limit`` is below 1.
        EndlessLoop: a line does not finish within :data:`MAX_STEPS_PER_LINE` steps (CR 18-3-1).
    """
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    found: dict[tuple[Any, ...], _Found] = {}
    todo: list[tuple[State, tuple[str, ...]]] = [(start, ())]
    lines = 0
    while todo:
        if lines >= limit:
            return _outcomes(found), False, lines
        s, answers = todo.pop()
        s = _run_to_branch(s)
        if s.decision is not None:
            todo += [(eng.step(s, label), answers + (label,)) for label in reversed(s.decision.labels)]
            continue
        later = then(s, tuple(prefix) + answers) if then is not None and s.winner is None else None
        if later is not None:
            todo.append((later, answers))
            continue
        lines += 1
        key = _key(s)
        hit = found.get(key)
        if hit is None:
            r = eng.to_result([s])
            found[key] = _Found(r, "AB"[s.turn_player], 1, answers)
        else:
            hit.paths += 1
    return _outcomes(found), True, lines


def _outcomes(found: dict[tuple[Any, ...], _Found]) -> list[Outcome]:
    return [Outcome(f.result, f.turn_player, f.paths, f.choices) for f in found.values()]


def _later_actions(scenario: Scenario) -> Continue | None:
    """The continuation that begins the scenario's later actions, through a replay of the line's answers."""
    if not scenario.then:
        return None

    def then(s: State, answers: tuple[str, ...]) -> State | None:
        try:
            last = replay(scenario, answers)[-1]
        except (ScenarioError, IllegalAction):  # the later action does not fit this line's board: it ends here
            return None
        if last.finished and (last.log, last.players, last.turn_player) == (s.log, s.players, s.turn_player):
            return None  # no later action left to begin
        return last

    return then


def explore(scenario: Scenario, *, from_step: int = 1, limit: int = DEFAULT_LIMIT) -> Exploration:
    """Explore ``scenario`` from step ``from_step`` of its documented line, numbered as ``digiteach trace`` numbers
    its steps (1 = just after the opening action begins): every answer at every decision from there on, grouped
    by outcome.

    Raises:
        IndexError: ``from_step`` is not a step of the documented line (the message gives the range 1..N).
        ValueError: ``limit`` is below 1.
        ScenarioError: the scenario does not play (as :func:`digiteach.scenario.play`), or a line loops without
        end (CR 18-3-1).
    """
    documented = play(scenario)
    if not 1 <= from_step <= len(documented.steps):
        raise IndexError(f"step {from_step} is not a step of {scenario.id}: its documented line has steps "
                         f"1..{len(documented.steps)} (the numbers 'digiteach trace' shows)")
    at = from_step - 1
    prefix = tuple(st.choice for st in documented.steps[:at]
                   if st.decision is not None and st.choice is not None)
    history = replay(scenario, prefix)
    start = history[min(at, len(history) - 1)]
    try:
        outcomes, complete, lines = explore_state(start, limit=limit, then=_later_actions(scenario), prefix=prefix)
    except eng.EndlessLoop as exc:
        raise ScenarioPlayError(scenario.path, scenario.action_line, "action", f"a line explored: {exc}",
                                "effects that stop: a once-per-turn limit ('per_turn: 1') or a condition") from None
    return Exploration(scenario.id, scenario.ruleset, from_step, prefix, tuple(outcomes), complete, lines)


def result_json(result: TraceResult) -> dict[str, Any]:
    """``result`` with the keys of ``digiteach trace --json``'s ``result``."""
    return {
        "activation_order": list(result.activation_order),
        "deleted": list(result.deleted),
        "security": dict(result.security),
        "memory": result.memory,
        "winner": result.winner,
        "stopped_at": result.stopped_at,
    }


def exploration_json(found: Exploration) -> dict[str, Any]:
    """The ``digiteach explore --json`` document::

        {"scenario": id, "ruleset": str, "from_step": int, "prefix": [str],
         "outcomes": [{"result": {...as trace --json...}, "turn_player": "A"|"B", "paths": int, "choices": [str]}],
         "complete": bool, "lines": int}
    """
    return {
        "scenario": found.scenario,
        "ruleset": found.ruleset,
        "from_step": found.from_step,
        "prefix": list(found.prefix),
        "outcomes": [{"result": result_json(o.result), "turn_player": o.turn_player, "paths": o.paths,
                      "choices": list(o.choices)} for o in found.outcomes],
        "complete": found.complete,
        "lines": found.lines,
    }


def with_choices(scenario: Scenario, answers: Sequence[str]) -> Scenario:
    """``scenario`` whose scripted choices are ``answers`` (exact labels), e.g. to play an outcome's line."""
    from digiteach.scenario import Choice

    return replace(scenario, choices=tuple(Choice(a) for a in answers))
