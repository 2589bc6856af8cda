"""Driving the engine through a scenario: the opening action, scripted answers, later actions, branches."""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from digiteach import engine as eng
from digiteach import i18n
from digiteach.decisions import IllegalAction, IllegalAnswer, fitting
from digiteach.scenario.board import card_number, default_library
from digiteach.scenario.documented import follows_script, option_label, parts_fitting, scripted_answer, start_uid, trace_notes
from digiteach.scenario.actions import phase_problem
from digiteach.scenario.escape import clip
from digiteach.scenario.load import LOADED, load_scenario
from digiteach.scenario.step_notes import check_step_notes, place_notes
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
    played_in_english,
    told,
)

_ = i18n.gettext
from digiteach.setup import Action, StackRef
from digiteach.state import State
from digiteach.views import Step, Trace

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
    return _("Player {player} ({kind}): {prompt}; options: {options}").format(
        player=player_name(getattr(decision, "player", "?")), kind=getattr(decision, "kind", "?"),
        prompt=getattr(decision, "prompt", ""), options=options)


def _begin(scenario: Scenario, state: State, action: Action, line: int | None, fld: str) -> State:
    problem = phase_problem(state.phase.value, action.kind, "AB"[state.turn_player], state.memory)
    if problem is not None and not state.frames and state.decision is None and state.winner is None:
        with told():  # in the file's words (start_turn: true), not the engine's Python API
            raise ScenarioPlayError(scenario.path, line, fld, *problem)
    try:
        return eng.begin(state, action)
    except IllegalAction as exc:
        with told():
            raise ScenarioPlayError(scenario.path, line, fld, _("the engine refused the action: {reason}").format(
                reason=exc), _("an action that is legal on the board at that moment")) from exc


def _start(scenario: Scenario) -> tuple[State, State]:
    """(initial state, state after beginning the opening action)."""
    try:
        initial = eng.initial_state(scenario.setup, library_for(scenario))
    except ValueError as exc:
        with told():
            raise ScenarioPlayError(scenario.path, None, "setup", _("the engine refused the board: {reason}").format(
                reason=exc), _("a board the engine can build")) from exc
    fld = "action[0]" if scenario.then else "action"
    return initial, _begin(scenario, initial, scenario.action, scenario.action_line, fld)


def _places(state: State, players: Sequence[str], breeding: bool) -> list[tuple[StackRef, Any]]:
    """(place, stack view) of every Digimon of ``players`` on the board of ``state``."""
    board = eng.board_view(state)
    places: list[tuple[StackRef, Any]] = []
    for p in players:
        side = board.sides[0 if p == "A" else 1]
        places += [(StackRef(cast(PlayerName, p), i), st) for i, st in enumerate(side.battle_area)]
        if breeding and side.breeding_area is not None:
            places.append((StackRef(cast(PlayerName, p), 0, "breeding"), side.breeding_area))
    return places


def _live_ref(scenario: Scenario, initial: State, state: State, text: str, players: Sequence[str],
              fld: str, line: int | None, breeding: bool) -> StackRef:
    """Find the Digimon ``text`` names on the board of ``state`` (for actions after the first)."""
    places = _places(state, players, breeding)
    shown = ", ".join(f"{place_text(r)} = {st.top.label}" for r, st in places) or "(no Digimon there)"
    m = PLACE.match(text)
    if m:
        return StackRef(cast(PlayerName, m.group(1)), int(m.group(3) or 0),
                        "breeding" if m.group(2).startswith("breeding") else "battle")
    if text in dict(scenario.aliases):
        uid = start_uid(scenario, initial, text)
        hits = [r for r, st in places if st.uid == uid]
        if len(hits) == 1:
            return hits[0]
        with told():
            raise ScenarioPlayError(scenario.path, line, fld, _("{name} ({place} at the start) is no longer where this "
                                    "action needs it").format(name=clip(text), place=place_text(dict(scenario.aliases)[text])), shown)
    hits = [r for r, st in places if st.top.number == text]
    if len(hits) == 1:
        return hits[0]
    with told():
        raise ScenarioPlayError(scenario.path, line, fld, _("{name} names {count} Digimon of Player {players} at this "
                                "point").format(name=clip(text), count=len(hits) or _("no"), players=_(" or ").join(players)),
                                _("one of {places} (use a place like 'A.battle[0]' or an alias)").format(places=shown))


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


def _answer(scenario: Scenario, initial: State, state: State, choice: Choice, index: int) -> State:
    """Step ``state`` with scripted ``choice`` (number ``index``); illegal -> ScenarioPlayError at the choice's line."""
    decision = state.decision
    assert decision is not None, "_answer is called only with a decision open"
    who = player_name(decision.player)
    with told():
        legal = _("one of: {labels} (or #1..#{last})").format(labels=", ".join(repr(lb) for lb in decision.labels),
                                                              last=len(decision.labels))
        if choice.player is not None and choice.player != who:
            raise ScenarioPlayError(scenario.path, choice.line, f"choices[{index}]", _(
                "this answer is marked for Player {marked}, but the open decision is Player {player}'s ({kind}: "
                "{prompt})").format(marked=choice.player, player=who, kind=kind_words(decision.kind), prompt=decision.prompt),
                legal)
    try:
        return eng.step(state, scripted_answer(scenario, initial, state, choice.answer))
    except IllegalAnswer as exc:
        with told():
            parts = parts_fitting(decision, choice.answer)
            fits = fitting(decision, choice.answer) or (parts if len(parts) > 1 else ())
            what = (_("{answer} is ambiguous for Player {player}'s {kind} decision ({rule}): {prompt}")
                    if "ambiguous" in str(exc) or fits else
                    _("{answer} is not a legal answer for Player {player}'s {kind} decision ({rule}): {prompt}"))
            close = difflib.get_close_matches(choice.answer, list(decision.labels), n=1, cutoff=0.6)
            mean = (" " + _("(it fits {labels}: write more of the one you mean)").format(labels=", ".join(map(repr, fits)))
                    if fits else " " + _("(did you mean {name}?)").format(name=repr(close[0])) if close else "")
            raise ScenarioPlayError(scenario.path, choice.line, f"choices[{index}]", what.format(
                answer=clip(choice.answer), player=who, kind=kind_words(decision.kind), rule=decision.rule or _("no rule"),
                prompt=decision.prompt) + mean, legal) from exc


def kind_words(kind: str) -> str:
    """A decision's kind (:data:`digiteach.decisions.KINDS`, e.g. ``"block"``) in the language in force, as error
    messages name it ("Player B's block decision"); an unknown kind as given."""
    words = {"order": i18n.pgettext("decision kind", "order"), "optional": i18n.pgettext("decision kind", "optional"),
             "target": i18n.pgettext("decision kind", "target"), "counter": i18n.pgettext("decision kind", "counter"),
             "block": i18n.pgettext("decision kind", "block"), "digivolve": i18n.pgettext("decision kind", "digivolve"),
             "attack target": i18n.pgettext("decision kind", "attack target"),
             "immediate": i18n.pgettext("decision kind", "immediate"),
             "breeding": i18n.pgettext("decision kind", "breeding"), "cards": i18n.pgettext("decision kind", "cards"),
             "play": i18n.pgettext("decision kind", "play"), "use": i18n.pgettext("decision kind", "use")}
    return words.get(kind, kind)


@dataclass(slots=True)
class Run:
    """One play in progress: the states so far, scripted choices used, later actions begun."""

    history: list[State]
    initial: State
    used: int = 0
    actions: int = 0
    counts: list[tuple[int, int]] = field(default_factory=list)
    """(used, actions) as they were at each state of ``history``: where a replay from that state resumes."""


@dataclass(slots=True)
class _Driver:
    """The loop of :func:`drive`, one method per kind of step (see its docstring)."""

    scenario: Scenario
    initial: State
    run: Run
    prefix: Sequence[str] | None
    override: tuple[int, str] | None
    branched: bool = False

    def next_state(self, state: State) -> State | None:
        """The state after ``state``, or None when play stops here."""
        if self.override is not None and not self.branched and len(self.run.history) - 1 == self.override[0]:
            return self.branch_here(state)
        if state.decision is not None:
            return self.answer(state)
        if not state.finished:
            return eng.step(state)
        if state.winner is None and self.run.actions < len(self.scenario.then):
            return self.later_action(state)
        return None

    def branch_here(self, state: State) -> State:
        assert self.override is not None
        if state.decision is None:
            decisions = [i for i, st in enumerate(self.run.history) if st.decision is not None]
            raise IndexError(f"step {self.override[0]} of {self.scenario.id} is not a decision step"
                             + (f"; decision steps so far: {decisions}" if decisions else ""))
        # IllegalAnswer (naming the rule) propagates
        state = eng.step(state, option_label(state.decision, self.override[1]))
        self.run.used += 1
        self.branched = True
        return state

    def answer(self, state: State) -> State | None:
        run, choices = self.run, self.scenario.choices
        if self.prefix is not None and not self.branched:
            if run.used >= len(self.prefix):
                return None
            state = eng.step(state, option_label(state.decision, self.prefix[run.used]))
        elif run.used >= len(choices):
            return None
        elif self.branched:
            try:
                state = eng.step(state, scripted_answer(self.scenario, self.initial, state, choices[run.used].answer))
            except IllegalAnswer:
                return None
        else:
            state = _answer(self.scenario, self.initial, state, choices[run.used], run.used)
        run.used += 1
        return state

    def later_action(self, state: State) -> State | None:
        planned = self.scenario.then[self.run.actions]
        try:
            action = _resolve_planned(self.scenario, self.initial, state, planned, self.run.actions + 1)
            state = _begin(self.scenario, state, action, planned.line, f"action[{self.run.actions + 1}]")
        except ScenarioPlayError:
            if self.branched:  # the learner's answer made the scripted action impossible: stop here
                return None
            raise
        self.run.actions += 1
        return state


def drive(
    scenario: Scenario,
    *,
    prefix: Sequence[str] | None = None,
    override: tuple[int, str] | None = None,
    resume: Run | None = None,
) -> Run:
    """Play ``scenario`` with the engine.

    Decisions are answered in order by ``prefix`` (exact labels replayed from a trace) when given,
    else by the scripted choices. ``override`` = (step index, label) answers the decision open at that
    step with ``label`` instead (raising IndexError if no decision is open there); after it the
    remaining scripted choices are used while they are legal and play stops at the first that is not.
    Later actions (``scenario.then``) begin whenever the previous one is processed and nobody has won;
    after a branch, a later action that no longer fits the board ends the play instead of raising.

    A refused scripted answer or action, or processing that does not end (CR 18-3-1: more than
    :data:`~digiteach.scenario.model.MAX_STEPS` steps, or the engine's own bound), raises
    :class:`ScenarioPlayError` whose ``trace`` holds the steps played up to it (so ``digiteach trace`` can show where the play went).
    ``resume``: a run cut at the state where play goes on (its ``counts`` say how many answers and later actions
    were used there), instead of starting from the opening action; it is extended in place.
    """
    if resume is None:
        initial, state = _start(scenario)
        resume = Run(history=[state], initial=initial, counts=[(0, 0)])
    run, state = resume, resume.history[-1]
    driver = _Driver(scenario, run.initial, run, prefix, override)
    while True:
        try:
            if len(run.history) >= MAX_STEPS:
                with told():
                    raise eng.EndlessLoop(_("effects loop without end after {steps} steps (CR 18-3-1)").format(steps=MAX_STEPS))
            nxt = driver.next_state(state)
        except eng.EndlessLoop as exc:
            with told():
                err = ScenarioPlayError(scenario.path, scenario.action_line, "action", str(exc), _(
                    "effects that stop: a once-per-turn limit ('per_turn: 1') or a condition"))
            err.trace = make_trace(scenario, run.history)
            raise err from None
        except ScenarioPlayError as exc:
            exc.trace = make_trace(scenario, run.history)
            raise
        if nxt is None:
            break
        state = nxt
        run.history.append(state)
        run.counts.append((run.used, run.actions))
    if override is not None and not driver.branched:
        raise IndexError(f"step {override[0]} of {scenario.id} is not reached (the play has {len(run.history)} steps)")
    return run


def replay(scenario: Scenario, answers: Sequence[str]) -> list[State]:
    """The engine states of ``scenario`` answered with exact option labels ``answers`` in order (the
    scripted choices are not used), later actions begun as usual: ``[first state, ...]`` up to the first
    decision after ``answers`` run out, or the end. For tools that walk the play themselves (what-if
    exploration, quizzes).

    Raises:
        IllegalAnswer: an answer is not legal at its decision.
        ScenarioPlayError: the engine refused the board or an action.
    """
    return drive(scenario, prefix=list(answers)).history


def make_trace(scenario: Scenario, history: Sequence[State], notes_at: Sequence[Step] | None = None,
               reuse: Sequence[Step] = (), documented: bool = True) -> Trace:
    """The trace of ``history``, with the scenario's step notes (wiki-vs-CR notes in ``Step.differs``, a judge's
    notes in ``Step.note``) shown at their steps: the step whose caption holds the note's phrase, in ``notes_at``
    (the English steps of a translated play) if given (:func:`digiteach.scenario.step_notes.place_notes`).
    The title and the notes are in the language in force when the scenario has them (``translations``); the notes
    are labelled as the documented line's unless ``history`` is it (``documented``, :func:`trace_notes`).
    ``reuse``: the first steps, already made (with their notes) from the same first states of ``history``."""
    steps = list(reuse) + [eng.to_step(history, i) for i in range(len(reuse), len(history))]
    place_notes(scenario, steps, notes_at, keep=len(reuse))
    result = eng.to_result(history)
    return Trace(scenario=scenario.id, title=scenario.title_in(), ruleset=scenario.ruleset, steps=tuple(steps),
                 result=result, notes=trace_notes(scenario, documented))


_TRACE_SOURCES: dict[int, tuple[Trace, Scenario]] = {}
"""Recent traces made by play/branch -> their scenario (by identity), so ``branch(trace, ...)`` uses the
very scenario the trace came from even when two files share an id. Bounded; falls back to the id."""
_TRACE_SOURCES_MAX = 256
_RUNS: dict[int, tuple[Trace, Run]] = {}
"""The engine run behind each of the most recently used traces (by identity), so a branch replays from its decision
only."""
_RUNS_MAX = 16


def remember(trace: Trace, scenario: Scenario, run: Run | None = None) -> Trace:
    _TRACE_SOURCES[id(trace)] = (trace, scenario)
    while len(_TRACE_SOURCES) > _TRACE_SOURCES_MAX:
        del _TRACE_SOURCES[next(iter(_TRACE_SOURCES))]
    if run is not None:
        _RUNS[id(trace)] = (trace, run)
        while len(_RUNS) > _RUNS_MAX:
            del _RUNS[next(iter(_RUNS))]
    return trace


def _resume_at(trace: Trace, step_index: int) -> Run | None:
    """The run of ``trace`` cut at ``step_index`` (a new Run sharing the states), or None if it is not kept."""
    hit = _RUNS.pop(id(trace), None)
    if hit is None or hit[0] is not trace:
        return None
    _RUNS[id(trace)] = hit  # the most recently used stays longest
    if not 0 <= step_index < len(hit[1].history):
        return None
    run = hit[1]
    used, actions = run.counts[step_index]
    return Run(history=run.history[:step_index + 1], initial=run.initial, used=used, actions=actions,
               counts=run.counts[:step_index + 1])


def _scenario_of(trace: Trace) -> Scenario:
    hit = _TRACE_SOURCES.get(id(trace))
    if hit is not None and hit[0] is trace:
        return hit[1]
    return LOADED.get(trace.scenario) or load_scenario(trace.scenario)


def play(scenario: Scenario, lang: str | None = None) -> Trace:
    """Play ``scenario`` with the engine: begin the action, answer decisions with the scripted choices in order.

    Play stops when the engine is finished, or at a decision once the choices have run out
    (``trace.result.stopped_at`` is then set). Raises :class:`ScenarioPlayError` (located at the
    action or the choice) when the engine refuses the action or a choice.

    The play is made in English (the scripted choices name English labels) and written in ``lang`` (default: the
    language in force, :func:`digiteach.i18n.current`) by :func:`localize`.
    """
    lang = i18n.current() if lang is None else lang
    with played_in_english(lang):  # scripted choices and step notes' phrases name English text
        try:
            run = drive(scenario)
            trace = make_trace(scenario, run.history)
            check_step_notes(scenario, trace)
        except ScenarioPlayError as exc:
            if exc.trace is not None:
                exc.trace = localize(scenario, exc.trace, lang)
            raise
    shown = localize(scenario, trace, lang)
    return remember(shown, scenario, run if shown is trace else None)


def positions(steps: Sequence[Step]) -> list[str]:
    """The answers recorded in ``steps`` as positions (``"#2"``: the decision's second option), which name the
    same option in every language."""
    return [f"#{s.decision.options.index(s.choice) + 1}" for s in steps
            if s.decision is not None and s.choice is not None and s.choice in s.decision.options]


def localize(scenario: Scenario, trace: Trace, lang: str, documented: bool = True) -> Trace:
    """``trace`` (played in English) written in ``lang``: the same play again, answering by position, with every
    caption, prompt and label in ``lang`` and the step notes at the steps they have in ``trace``; ``documented``
    as in :func:`make_trace`. English (or a language without a catalogue) returns ``trace``."""
    lang = i18n.normalize(lang)
    if lang == "en":
        return trace
    with i18n.language(lang):
        try:
            history = drive(scenario, prefix=positions(trace.steps)).history
        except ScenarioPlayError as exc:  # a later action that no longer fits: the steps up to it
            return exc.trace if exc.trace is not None else trace
        return make_trace(scenario, history, notes_at=trace.steps, documented=documented)


def in_language(trace: Trace, lang: str) -> Trace:
    """``trace`` (a played or branched trace of a scenario, in any language) told in ``lang``: the same answers, by
    position, with every caption, prompt, option label and note in ``lang`` and the step notes at the same steps.
    The player's language select calls it to switch a shown line live.

    Raises:
        ScenarioPlayError: the scenario no longer plays the way ``trace`` went (its file changed meanwhile).
    """
    scenario = _scenario_of(trace)
    with played_in_english():  # the step notes are placed by their English phrases
        run = drive(scenario, prefix=positions(trace.steps))
        history = run.history
        scripted = follows_script(scenario, history, run.initial)
        english = make_trace(scenario, history, documented=scripted)
    return remember(localize(scenario, english, lang, scripted), scenario)


def branch(scenario_or_trace: Scenario | Trace, step_index: int, label: str) -> Trace:
    """Replay up to the decision at ``step_index``, answer ``label`` there instead, and play on.

    From a :class:`Scenario`, the documented (scripted) choices are replayed; from a ``Trace`` (for
    example one returned by an earlier ``branch``), the choices recorded in its steps are, so a
    learner can branch again further along. After ``label``, the remaining scripted answers are used
    while they are still legal; play stops at the first decision where the next one is not (or none
    is left), leaving that decision open for the learner.

    Raises the engine's ``IllegalAnswer`` (its text names the rule) if ``label`` is not legal there,
    ``IndexError`` if no decision is open at ``step_index``, and ``TypeError`` if ``step_index`` is not an ``int``
    (a step number such as ``"3"`` or ``None``) or ``label`` is not a string.

    For a recent trace (its engine run is kept) the engine resumes from the state at ``step_index`` and the
    steps before it are the trace's own; otherwise the play is replayed from the start. Both give the same trace.
    """
    for name, value, want in (("step_index", step_index, int), ("label", label, str)):
        if not isinstance(value, want) or isinstance(value, bool):
            raise TypeError(f"branch: {name} must be {want.__name__}, got {type(value).__name__} {value!r}")
    prefix: list[str] | None = None
    resume: Run | None = None
    reuse: Sequence[Step] = ()
    lang = i18n.current()
    if isinstance(scenario_or_trace, Trace):
        trace = scenario_or_trace
        scenario = _scenario_of(trace)
        prefix = positions(trace.steps[:step_index])  # the trace may be in any language: answer by position
        shown = trace.steps[step_index].decision if 0 <= step_index < len(trace.steps) else None
        if shown is not None and label in shown.options:
            label = f"#{shown.options.index(label) + 1}"
        resume = _resume_at(trace, step_index)  # kept for English traces only (see play)
        if resume is not None:
            reuse = trace.steps[:step_index]
    else:
        scenario = scenario_or_trace
    with played_in_english():
        run = drive(scenario, prefix=prefix, override=(step_index, label), resume=resume)
        scripted = follows_script(scenario, run.history, run.initial)
        played = make_trace(scenario, run.history, reuse=reuse, documented=scripted)
    shown_trace = localize(scenario, played, lang, scripted)
    return remember(shown_trace, scenario, run if shown_trace is played else None)
