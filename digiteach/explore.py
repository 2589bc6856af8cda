"""What-if: every legal continuation of a scenario from one step, grouped by outcome.

From a step of a scenario's documented line, :func:`explore` follows every answer to every decision the rules
open (the order of pending effects, CR 15-4-3-5; "you may" effects, CR 15-9; targets, CR 15-10-2; blocks,
CR 12-1; ...) until each line is finished, and groups the lines by what they amount to: the effects activated
in order, the Digimon deleted, the Security Stacks, memory, the winner and whose turn it is. Each
:class:`Outcome` keeps one line of choices that leads to it and how many lines do. ``limit`` bounds the number
of lines followed to their end; :attr:`Exploration.complete` says whether every line was accounted for.

States are frozen (``State``), so a branch is a shared prefix and a different answer: no line is replayed from
the start, except where a scenario begins a later action (``action:`` given as a list), which goes through
:func:`digiteach.scenario.replay`. Lines that reach the same position by different ways (the same effects
resolved in another order to the same board: a transposition) go on alike, so what follows a position is
worked out once and counted for each line that reaches it: Triggered Effects 7 (2,703 lines through 697
positions) completes within the default limit.

>>> from digiteach.scenario import load_scenario
>>> found = explore(load_scenario("triggered-effects-9"), limit=500)
>>> found.complete, len(found.outcomes) > 1
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from digiteach import engine as eng
from digiteach.i18n import gettext
from digiteach.limits import EXPLORE_LINES, EXPLORE_STEPS
from digiteach.decisions import IllegalAction, IllegalAnswer
from digiteach.scenario import Scenario, ScenarioError, ScenarioPlayError, play, replay
from digiteach.state import State
from digiteach.views import TraceResult

__all__ = ["Outcome", "Exploration", "explore", "explore_state", "result_json", "exploration_json",
           "DEFAULT_LIMIT", "DEFAULT_MAX_STEPS", "MAX_STEPS_PER_LINE",
           "MAX_DECISIONS_PER_LINE"]

DEFAULT_LIMIT = EXPLORE_LINES
"""Lines followed when the caller names no limit."""

DEFAULT_MAX_STEPS = EXPLORE_STEPS
"""Engine steps an exploration takes at most when the caller names no bound."""

MAX_STEPS_PER_LINE = 2000
"""Safety bound on the steps between two decisions of one line (an engine loop must not hang an exploration)."""

MAX_DECISIONS_PER_LINE = 200
"""Safety bound on the decisions of one line: a line that goes on past it is taken for effects that loop without end
(CR 18-3-1); bundled scenarios' lines have at most a few dozen."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One distinct outcome: ``result`` (as :func:`digiteach.engine.to_result` gives it), ``turn_player``
    ("A"/"B") when the lines end, ``paths`` (how many explored lines end so), ``choices`` (the answers of
    the first such line found, from the exploration's first step on, as exact option labels), ``kinds`` (the kind of
    the decision each of those answers is given to, as :data:`digiteach.decisions.KINDS` names it: the same label can
    answer an "order" decision and then an "optional" one)."""

    result: TraceResult
    turn_player: str
    paths: int
    choices: tuple[str, ...]
    kinds: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Exploration:
    """The outcomes found from step ``from_step`` of scenario ``scenario`` under ``ruleset``, in the order
    first found. ``prefix`` holds the documented answers before ``from_step``. ``complete`` is False when
    ``limit`` lines were followed before every line was; ``lines`` counts the lines accounted for (every line
    when ``complete``), ``followed`` those followed to their end by stepping: a line that reaches a position
    another line reached already (a transposition) is counted, not followed again. ``steps`` counts the engine steps
    taken; ``cut`` is True when the bound on them (``max_steps``) stopped the exploration before every line was
    followed (``complete`` is then False too)."""

    scenario: str
    ruleset: str
    from_step: int
    prefix: tuple[str, ...]
    outcomes: tuple[Outcome, ...]
    complete: bool
    lines: int
    followed: int = 0
    steps: int = 0
    cut: bool = False


Continue = Callable[[State, tuple[str, ...]], "State | None"]
"""Given a finished state and the answers that led to it, the state after the next action begins (the
scenario's later actions), or None when the line is over."""


Suffix = tuple[tuple[str, str], ...]
"""Log records (``State.log``) written after a position: what a line does from there on."""


@dataclass(slots=True)
class _End:
    """Lines from one position that end alike: ``suffix`` (their log records after the position) and what it
    amounts to (``order``: effects activated, ``deleted``: Digimon deleted, both as :func:`_log_parts` gives
    them), ``end`` (Security Stacks, memory, winner, open decision, turn player of the last state), ``final``
    (one such line's last state; its own log is that line's), ``paths`` (how many), ``choices`` (the first
    such line's answers after the position), ``kinds`` (the kinds of the decisions they answer)."""

    suffix: Suffix
    order: tuple[str, ...]
    deleted: tuple[str, ...]
    end: tuple[Any, ...]
    final: State
    paths: int
    choices: tuple[str, ...]
    kinds: tuple[str, ...]

    @property
    def key(self) -> tuple[Any, ...]:
        return (self.order, self.deleted, self.end)


@dataclass(slots=True)
class _Summary:
    """Every line from a position, grouped by how it ends (``ends``, keyed by :attr:`_End.key`), and whether
    every line from there was followed (``complete``)."""

    ends: dict[tuple[Any, ...], _End]
    complete: bool = True

    def add(self, other: _Summary, head: Suffix, label: str | None, at: State) -> None:
        """Add the lines of ``other``, a position reached from state ``at`` by answering ``label`` (None: no
        answer) and writing ``head`` to the log on the way."""
        order, deleted = _log_parts(at, head)
        for e in other.ends.values():
            key = (order + e.order, deleted + e.deleted, e.end)
            hit = self.ends.get(key)
            if hit is None:
                choices, kinds = e.choices, e.kinds
                if label is not None and at.decision is not None:
                    choices, kinds = (label,) + choices, (at.decision.kind,) + kinds
                self.ends[key] = _End(head + e.suffix, key[0], key[1], e.end, e.final, e.paths, choices, kinds)
            else:
                hit.paths += e.paths
        self.complete = self.complete and other.complete


def _log_parts(s: State, records: Suffix) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(effects activated, Digimon deleted) that log ``records`` name, as :func:`digiteach.engine.to_result`
    reads a log (``s`` is any state; only ``records`` are read)."""
    if not records:
        return (), ()
    r = eng.to_result([replace(s, log=records)])
    return r.activation_order, r.deleted


def _leaf(b: State) -> _End:
    r = eng.to_result([b])
    end = (r.security, r.memory, r.winner, r.stopped_at, b.turn_player)
    return _End((), (), (), end, b, 1, (), ())


class _Position:
    """A state without what only records the way it was reached (the log, the last step's caption, rules,
    differs and answer; nothing there decides what happens next), hashed once: two lines that reach equal
    positions (a transposition: the same effects resolved in another order to the same board) go on alike."""

    __slots__ = ("state", "hash")

    def __init__(self, s: State) -> None:
        self.state = replace(s, log=(), caption="", rules=(), differs="", choice=None)
        self.hash = hash(self.state)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Position) and self.hash == other.hash and self.state == other.state


@dataclass(slots=True)
class _Frame:
    """One position being worked out by :class:`_Walk`: the state ``b`` (a decision open, or the line over), the
    answers that led to it, its key, the lines found so far (``out``), the labels still to try, and the child in
    progress: its position (``via``: the state after the answer, run to its next decision), the label answered
    (None: a later action began) and the log records written on the way there (``head``)."""

    key: _Position
    b: State
    answers: tuple[str, ...]
    out: _Summary
    labels: list[str]
    via: State | None = None
    label: str | None = None
    head: Suffix = ()


@dataclass(slots=True)
class _Walk:
    """Depth-first over the positions after ``start``, each position's lines summarised once (``memo``), with an
    explicit stack (a line of any number of decisions needs no Python recursion). ``steps`` counts the engine steps
    taken; past ``max_steps`` the walk stops (:attr:`cut`) and what was found so far is returned."""

    limit: int
    then: Continue | None
    prefix: tuple[str, ...]
    max_steps: int = 0
    memo: dict[_Position, _Summary] = field(default_factory=dict)
    open: set[_Position] = field(default_factory=set)
    followed: int = 0
    steps: int = 0
    cut: bool = False

    def run_to_branch(self, s: State) -> State:
        """Step ``s`` until a decision is open or nothing is left (CR 15-4-3: processing with no choice), counting
        the steps."""
        for n in range(MAX_STEPS_PER_LINE):
            if s.decision is not None or s.finished:
                self.steps += n
                return s
            s = eng.step(s)
        raise eng.EndlessLoop(gettext("effects loop without end after {steps} steps (CR 18-3-1)").format(
            steps=MAX_STEPS_PER_LINE))

    def lines_from(self, s: State, answers: tuple[str, ...], base: int) -> _Summary:
        """The lines from ``s`` (reached by ``answers``), their log records counted from ``s.log[base]``."""
        b = self.run_to_branch(s)
        stack: list[_Frame] = []
        summary = self.enter(b, answers, stack)
        while stack:
            frame = stack[-1]
            if self.next_child(frame, stack) is None:  # a child was started or given
                continue
            done = stack.pop()
            result = done.out
            self.open.discard(done.key)
            if result.complete:  # a summary cut short by a bound is never reused
                self.memo[done.key] = result
            if not stack:
                summary = result
                break
            self.give(stack[-1], result)
        out = _Summary({})
        assert summary is not None
        out.add(summary, b.log[base:], None, b)
        return out

    def enter(self, b: State, answers: tuple[str, ...], stack: list[_Frame]) -> _Summary | None:
        """The summary of position ``b`` when it is known or a leaf; else None, with its frame pushed on ``stack``."""
        key = _Position(b)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if key in self.open:
            raise eng.EndlessLoop(gettext("effects loop without end: a line came back to a position it had passed "
                                          "(CR 18-3-1)"))
        if b.decision is None:
            later = self.then(b, self.prefix + answers) if self.then is not None and b.winner is None else None
            if later is None:
                self.followed += 1
                leaf = _leaf(b)
                out = _Summary({leaf.key: leaf})
                self.memo[key] = out
                return out
            self.open.add(key)
            frame = _Frame(key, b, answers, _Summary({}), [])
            stack.append(frame)
            self.descend(frame, later, None, stack)
            return None
        if len(stack) >= MAX_DECISIONS_PER_LINE:
            raise eng.EndlessLoop(gettext("effects loop without end: a line goes on past {count} decisions "
                                          "(CR 18-3-1)").format(count=MAX_DECISIONS_PER_LINE))
        self.open.add(key)
        stack.append(_Frame(key, b, answers, _Summary({}), list(reversed(b.decision.labels))))
        return None

    def descend(self, frame: _Frame, s: State, label: str | None, stack: list[_Frame]) -> None:
        """Go from ``frame``'s position to ``s`` (reached by answering ``label``, or by a later action beginning when
        None): the child's summary is given to the frame at once when known, else the child's frame is pushed."""
        base = len(frame.b.log)
        child = self.run_to_branch(s)
        frame.via, frame.label, frame.head = child, label, child.log[base:]
        known = self.enter(child, frame.answers + ((label,) if label is not None else ()), stack)
        if known is not None:
            self.give(frame, known)

    def give(self, frame: _Frame, child: _Summary) -> None:
        """Add the finished ``child`` summary to ``frame``'s lines (as the recursive walk's ``lines_from`` did)."""
        assert frame.via is not None
        lines = _Summary({})
        lines.add(child, frame.head, None, frame.via)
        if frame.label is None:
            frame.out = lines  # a later action: the position's lines are those after it
        else:
            frame.out.add(lines, (), frame.label, frame.b)
        frame.via = None

    def next_child(self, frame: _Frame, stack: list[_Frame]) -> bool | None:
        """Start ``frame``'s next answer: None when a child was started or given, True when the frame is done."""
        if frame.via is not None:  # a later action's child has just been given (or is on the stack)
            return None
        if not frame.labels or frame.b.decision is None:
            return True
        if self.followed >= self.limit or (self.max_steps and self.steps >= self.max_steps):
            frame.out.complete = False
            self.cut = self.cut or self.followed < self.limit
            return True
        label = frame.labels.pop()
        self.descend(frame, eng.step(frame.b, label), label, stack)
        self.steps += 1
        return None


def explore_state(start: State, *, limit: int = DEFAULT_LIMIT, then: Continue | None = None,
                  prefix: Sequence[str] = (), max_steps: int = DEFAULT_MAX_STEPS) -> tuple[list[Outcome], bool, int, int, int, bool]:
    """Every line from ``start``: (outcomes in the order first found, complete, lines, lines followed, engine steps
    taken, whether ``max_steps`` cut the exploration short).

    Lines are walked depth-first; at each open decision every option label is tried in the decision's order.
    Lines that reach an equal position (:class:`_Position`: the same board, pending effects, memory and
    attack, whatever order led there) go on alike, so what follows a position is worked out once and counted
    for every line that reaches it. ``lines`` counts every line accounted for (exact when ``complete``);
    at most ``limit`` lines are followed to an end by stepping (a position already worked out adds its lines
    without following them again). ``prefix`` is passed to ``then`` ahead of each line's own answers (the
    answers that led to ``start``). The walk keeps its own stack (no recursion), so a line of any length is
    followed; it stops once it has taken ``max_steps`` engine steps (the lines found so far are kept, and the
    result says it was cut).

    Raises:
        ValueError: ``limit`` or ``max_steps`` is below 1.
        EndlessLoop: a line does not reach a decision within :data:`MAX_STEPS_PER_LINE` steps, goes on past
            :data:`MAX_DECISIONS_PER_LINE` decisions, or comes back to a position it passed (CR 18-3-1).
    """
    if limit < 1:
        raise ValueError(gettext("limit must be at least 1, got {limit}").format(limit=limit))
    if max_steps < 1:
        raise ValueError(gettext("the bound on engine steps must be at least 1, got {steps}").format(steps=max_steps))
    walk = _Walk(limit, then, tuple(prefix), max_steps)
    summary = walk.lines_from(start, (), len(start.log))
    found: dict[tuple[Any, ...], Outcome] = {}
    for e in summary.ends.values():
        final = replace(e.final, log=start.log + e.suffix)
        order, deleted = _log_parts(final, final.log)
        key = (order, deleted, e.end)
        hit = found.get(key)
        paths = e.paths + (hit.paths if hit is not None else 0)
        first = hit if hit is not None else e
        found[key] = Outcome(eng.to_result([final]), "AB"[final.turn_player], paths, first.choices, first.kinds)
    lines = sum(e.paths for e in summary.ends.values())
    return list(found.values()), summary.complete, lines, walk.followed, walk.steps, walk.cut


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


def explore(scenario: Scenario, *, from_step: int = 1, limit: int = DEFAULT_LIMIT,
            max_steps: int = DEFAULT_MAX_STEPS) -> Exploration:
    """Explore ``scenario`` from step ``from_step`` of its documented line, numbered as ``digiteach trace`` numbers
    its steps (1 = just after the opening action begins): every answer at every decision from there on, grouped
    by outcome. At most ``limit`` lines are followed to their end and at most ``max_steps`` engine steps taken
    (:attr:`Exploration.cut` says the second bound stopped it).

    Raises:
        IndexError: ``from_step`` is not a step of the documented line (the message gives the range 1..N).
        ValueError: ``limit`` or ``max_steps`` is below 1.
        ScenarioError: the scenario does not play (as :func:`digiteach.scenario.play`), or a line loops without
        end (CR 18-3-1).
    """
    documented = play(scenario)
    if not 1 <= from_step <= len(documented.steps):
        raise IndexError(gettext("step {step} is not a step of {scenario}: its documented line has steps 1..{last} "
                                 "(the numbers 'digiteach trace' shows)").format(
                                     step=from_step, scenario=scenario.id, last=len(documented.steps)))
    at = from_step - 1
    prefix = tuple(st.choice for st in documented.steps[:at]
                   if st.decision is not None and st.choice is not None)
    history = replay(scenario, prefix)
    start = history[min(at, len(history) - 1)]
    try:
        outcomes, complete, lines, followed, steps, cut = explore_state(
            start, limit=limit, then=_later_actions(scenario), prefix=prefix, max_steps=max_steps)
    except eng.EndlessLoop as exc:
        raise ScenarioPlayError(scenario.path, scenario.action_line, "action",
                                gettext("a line explored: {problem}").format(problem=exc),
                                gettext("effects that stop: a once-per-turn limit ('per_turn: 1') or a condition")) from None
    return Exploration(scenario.id, scenario.ruleset, from_step, prefix, tuple(outcomes), complete, lines, followed,
                       steps, cut)


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
         "outcomes": [{"result": {...as trace --json...}, "turn_player": "A"|"B", "paths": int, "choices": [str],
          "kinds": [str]}],
         "complete": bool, "lines": int, "followed": int, "steps": int, "cut": bool}
    """
    return {
        "scenario": found.scenario,
        "ruleset": found.ruleset,
        "from_step": found.from_step,
        "prefix": list(found.prefix),
        "outcomes": [{"result": result_json(o.result), "turn_player": o.turn_player, "paths": o.paths,
                      "choices": list(o.choices), "kinds": list(o.kinds)} for o in found.outcomes],
        "complete": found.complete,
        "lines": found.lines,
        "followed": found.followed,
        "steps": found.steps,
        "cut": found.cut,
    }


def with_choices(scenario: Scenario, answers: Sequence[str]) -> Scenario:
    """``scenario`` whose scripted choices are ``answers``, e.g. to play an outcome's line (:attr:`Outcome.choices`).
    Its step notes (wiki-vs-CR and a judge's) are left out: each names a phrase of the documented line's captions,
    which another line need not have (playing a scenario checks that every note lands on a step).

    ``answers`` are exact option labels in the language in force (as :func:`explore` gives them, and as
    :func:`digiteach.scenario.branch` takes them) or positions (``"#2"``). They are kept as positions, which name
    the same option in every language, so the line plays in any language (a scenario plays in English). An answer
    that is not legal where it is given is kept as it is: playing the scenario then says where and why.
    """
    from digiteach.scenario import Choice

    return replace(scenario, choices=tuple(Choice(a) for a in _as_positions(scenario, answers)), wiki_notes=(),
                   step_notes=())


def _as_positions(scenario: Scenario, answers: Sequence[str]) -> list[str]:
    """``answers`` (labels in the language in force, or positions) as positions ``"#k"`` of their decisions' options,
    found by replaying them; from the first that does not play on, the rest as given."""
    try:
        history = replay(scenario, answers)
    except (IllegalAnswer, IllegalAction, ScenarioError):
        return list(answers)
    found = [f"#{before.decision.labels.index(after.choice) + 1}" for before, after in zip(history, history[1:])
             if before.decision is not None and after.choice in before.decision.labels]
    return found + list(answers[len(found):])
