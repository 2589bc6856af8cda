"""Learning views for notebooks: two lines side by side with the first difference marked, and a quiz with a score.

- :func:`side_by_side` ``(left, right, titles)``: two traces (the documented line and a learner's, two outcomes of
  an exploration, or one scenario under two rulesets) as two columns of steps; the first step where they differ is
  marked, every differing step is shaded, and the outcome's differences are listed.
- :func:`compare_rulesets` ``(scenario_id, "4.2", "2024")``: the same for one scenario under two rulesets.
- :func:`quiz` ``(scenario_id)``: the predict-then-reveal questions of :mod:`digiteach.quiz` as buttons; each answer
  is graded at once (the rule, and the misconception a wrong answer stands for), and the score is kept.
- :func:`study` ``(scenario_id or player)``: the step player with all of these in one call: a ruleset switch (the
  player shows the line under the ruleset chosen; on the learner's own line, their answers replayed there), a
  "compare" view of the documented line and the learner's
  (the player's own branch) and of the two rulesets, and a quiz mode that moves the player to the step before
  each question and reveals the steps that answer it.

Pure ipywidgets (``HTML``, ``Button``, ``VBox``), no kernel-free replay: for the kernel-free replay use the
player or the HTML export. Every text from a scenario is escaped. A scenario that is not valid, a ruleset or a layout
that is not one of those implemented shows in a notebook as the command's plain ``error: ...`` lines (what is wrong,
what would be right), as with ``widgets.play`` (:mod:`widgets.errors`), never as a traceback.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ipywidgets as w

from digiteach import i18n
from digiteach.outcome import differences
from digiteach.quiz import Question, Quiz, grade, make_quiz
from digiteach.views import Step, Trace

from .errors import plain_errors, refuse_choice
from .switch import Switch

__all__ = ["first_difference", "side_by_side_html", "side_by_side", "compare_rulesets", "QuizView", "quiz",
           "Study", "study"]


_ = i18n.gettext


def _step_text(step: Step | None) -> str:
    """``"counter timing: <caption> [choice: <answer>]"``: one row of a side-by-side column, the timing and the
    words around the answer in the language in force (the caption and the answer are the line's own)."""
    if step is None:
        return ""
    text = i18n.timed(step.timing, step.caption)
    if step.choice is not None:
        text += " " + _("[choice: {choice}]").format(choice=step.choice)
    return text


def first_difference(left: Trace, right: Trace) -> int | None:
    """The index of the first step whose timing, caption or choice differs between the two traces (a missing
    step counts as different), or None when they are the same step for step."""
    for i in range(max(len(left.steps), len(right.steps))):
        a = left.steps[i] if i < len(left.steps) else None
        b = right.steps[i] if i < len(right.steps) else None
        if _step_text(a) != _step_text(b):
            return i
    return None


SAME_BEFORE_FOLDED = 2
"""At least this many identical steps before the first difference are folded into one line that opens (newcomer,
session 16: lesson 06 showed 17 identical rows of long text before the marked one)."""


def side_by_side_html(left: Trace, right: Trace, titles: tuple[str, str] | None = None) -> str:
    """The two traces as an HTML table, one row per step (numbered from 1, as the player counts them);
    differing rows shaded, the first one marked; the words in the language in force (``titles`` default:
    "documented", "yours"). The identical steps before the first difference (when there are at least
    :data:`SAME_BEFORE_FOLDED`) are folded into one ``<details>`` line ("Steps 1-17 are the same in both columns"),
    which the keyboard and screen readers open as any disclosure, so that the table starts at the first
    difference."""
    titles = titles or (_("documented"), _("yours"))
    first = first_difference(left, right)
    rows = []
    for i in range(max(len(left.steps), len(right.steps))):
        a = _step_text(left.steps[i] if i < len(left.steps) else None)
        b = _step_text(right.steps[i] if i < len(right.steps) else None)
        style = ' style="background:#fff3cd"' if a != b else ""
        mark = " &#9654; " + _("first difference") if i == first else ""
        rows.append(f"<tr{style}><td>{i + 1}{mark}</td><td>{html.escape(a)}</td><td>{html.escape(b)}</td></tr>")
    diffs = differences(right, left)
    same = _("Same outcome.")
    summary = (f"<p>{same}</p>" if not diffs else
               "<ul>" + "".join(f"<li>{html.escape(d)}</li>" for d in diffs) + "</ul>")
    step = _("step")
    head = (f"<tr><th>{step}</th><th>{html.escape(titles[0])}</th><th>{html.escape(titles[1])}</th></tr>")
    where = _("none: the two lines are the same") if first is None else _("step {number}").format(number=first + 1)
    found = _("First difference: {where}.").format(where=where)
    fold = first if first is not None and first >= SAME_BEFORE_FOLDED else 0
    folded = ""
    if fold:
        same_steps = _("Steps 1\u2013{last} are the same in both columns (open to show them)").format(last=fold)
        folded = (f"<details class='digiteach-compare-same'><summary>{same_steps}</summary>"
                  f"<table>{head}{''.join(rows[:fold])}</table></details>")
    return (f"<div class='digiteach-compare'><p>{found}</p>{folded}"
            f"<table>{head}{''.join(rows[fold:])}</table>{summary}</div>")


def side_by_side(left: Trace, right: Trace, titles: tuple[str, str] | None = None) -> w.HTML:
    """An ``HTML`` widget of :func:`side_by_side_html`."""
    return w.HTML(side_by_side_html(left, right, titles))


def compare_rulesets(scenario_id: str, left: str = "4.2", right: str = "2024") -> w.HTML:
    """One scenario played under two rulesets, side by side (names as ``digiteach --ruleset`` takes them).

    Raises:
        ValueError: ``left`` or ``right`` is not an implemented ruleset, or the scenario is not valid
            (:class:`digiteach.scenario.ScenarioError`); in a notebook the command's plain ``error: ...`` lines, naming
            what would be right (the rulesets; a bundled id or a file, the field), not a traceback.
    """
    from digiteach.learn_command import with_ruleset
    from digiteach.scenario import load_scenario, play

    names = _ruleset_name("left", left), _ruleset_name("right", right)
    with plain_errors():
        scenario = load_scenario(scenario_id)
        a, b = (play(with_ruleset(scenario, n)) for n in names)
    return side_by_side(a, b, (a.ruleset, b.ruleset))


OPTION_CLASS = "digiteach-quiz-option"
"""The class of a quiz answer's button; :data:`OPTION_STYLE` lets its text wrap."""
OPTION_STYLE = (
    f"<style>.jupyter-widgets.jupyter-button.{OPTION_CLASS} {{white-space: normal; overflow: visible; "
    "text-overflow: clip; overflow-wrap: break-word; text-align: left; line-height: 1.4; padding: 4px 10px; "
    "min-height: var(--jp-widgets-inline-height);}</style>"
)
"""Shown with each question: long answers wrap onto more lines instead of ending in "..." (newcomer, session 15)."""


@dataclass
class QuizView:
    """A quiz as widgets: ``box`` shows one question at a time; ``score``/``answered`` count the answers."""

    data: Quiz
    box: w.VBox = field(default_factory=w.VBox)
    score: int = 0
    answered: int = 0
    current: int = 0
    missed: list[tuple[Question, str, str]] = field(default_factory=list)
    """The questions answered wrongly so far, each with the learner's answer and the right one (listed with the score
    at the end)."""
    on_question: Callable[[Question], None] | None = None
    """Called with each question as it is shown (e.g. to show the step before it in a player)."""
    on_answer: Callable[[Question], None] | None = None
    """Called with the question once it is answered (e.g. to reveal its steps in a player)."""

    def __post_init__(self) -> None:
        self.show()

    def __repr__(self) -> str:
        return f"QuizView({self.data.scenario!r}, {self.answered}/{len(self.data.questions)} answered)"

    def show(self) -> None:
        """Draw the current question (or the final score)."""
        qs = self.data.questions
        if self.current >= len(qs):
            score = _("Score: {score} of {count}").format(score=self.score, count=len(qs))
            parts = [f"<p><b>{score}</b></p>"]
            if self.missed:  # what to look at again: the learner's answer beside the right one
                items = "".join(
                    "<li>" + _("Question {number} (before step {step}): {question} Your answer: {yours}. Right answer: "
                               "{answer}.").format(
                        number=qs.index(q) + 1, step=q.number, question=html.escape(q.question),
                        yours=html.escape(yours), answer=html.escape(answer)) + "</li>"
                    for q, yours, answer in self.missed)
                look = _("To look at again:")
                parts.append(f"<p>{look}</p><ul>{items}</ul>")
            again = w.Button(description=_("Try again"))
            again.on_click(lambda _b: self.restart())
            self.box.children = (w.HTML("".join(parts)), again)
            return
        q = qs[self.current]
        if self.on_question is not None:
            self.on_question(q)
        buttons = []
        for i, o in enumerate(q.options):
            # the whole answer, wrapped at word boundaries (ipywidgets cuts a button's one line with an ellipsis)
            b = w.Button(description=o.text, tooltip=o.text, layout=w.Layout(width="auto", height="auto"))
            b.add_class(OPTION_CLASS)
            b.on_click(lambda _b, i=i, q=q: self.answer(q, i))
            buttons.append(b)
        asked = _("Question {number} of {count} (before step {step}): {question}").format(
            number=self.current + 1, count=len(qs), step=q.number, question=html.escape(q.question))
        head = w.HTML(f"{OPTION_STYLE}<p>{asked}</p>")
        self.box.children = (head, *buttons)

    def answer(self, q: Question, i: int) -> None:
        """Grade option ``i`` of ``q``, show why, and offer the next question."""
        v = grade(q, i)
        self.answered += 1
        self.score += v.correct
        yours = q.options[i].text
        if not v.correct:
            self.missed.append((q, yours, v.answer))
        verdict = _("Right.") if v.correct else _("Not quite. Your answer: {yours}. Right answer: {answer}.").format(
            yours=html.escape(yours), answer=html.escape(v.answer))
        if v.misconception:
            verdict += " " + _("That answer is a known misconception: {name}.").format(name=html.escape(v.misconception))
        nxt = w.Button(description=_("Next"))
        nxt.on_click(lambda _b: self.next())
        self.box.children = (*self.box.children[:1], w.HTML(f"<p>{verdict} {html.escape(v.why)}</p>"), nxt)
        if self.on_answer is not None:
            self.on_answer(q)

    def next(self) -> None:
        self.current += 1
        self.show()

    def restart(self) -> None:
        """Start the quiz again from its first question, with the score and the missed questions cleared."""
        self.score = self.answered = self.current = 0
        self.missed = []
        self.show()


def quiz(scenario_id: str, ruleset: str | None = None) -> Any:
    """The quiz of a bundled scenario (or a .yaml file) as a widget with a score at the end.

    Raises:
        ValueError: as :func:`compare_rulesets` (shown plainly in a notebook).
    """
    from digiteach.learn_command import with_ruleset
    from digiteach.scenario import load_scenario

    chosen = None if ruleset is None else _ruleset_name("ruleset", ruleset)
    with plain_errors():
        view = QuizView(make_quiz(with_ruleset(load_scenario(scenario_id), chosen)))
    return view.box


def _ruleset_name(argument: str, name: Any) -> str:
    """The full name of the ruleset ``name`` (``"2024"`` -> ``"CR 2024"``); else ValueError naming ``argument`` and
    the names :func:`digiteach.rulesets.ruleset` takes, shown in a notebook as one plain ``error:`` line."""
    from digiteach.rulesets import NAMES, ruleset

    try:
        return ruleset(name if isinstance(name, str) else repr(name)).name
    except ValueError as exc:
        raise refuse_choice(exc, argument, name, NAMES) from None


MODES: tuple[str, ...] = (i18n.N_("Play"), i18n.N_("Compare"), i18n.N_("Quiz"))
"""The views of :class:`Study`: the player alone, the player with the side-by-side views, the player with a quiz."""


@dataclass
class Study:
    """The step player of one scenario with a ruleset switch, side-by-side views and a quiz mode.

    ``player`` is the :class:`widgets.Player` now shown (a new one after a ruleset switch, on the same step);
    ``ruleset_choice`` and ``mode`` are the two switches; ``compare`` holds the side-by-side views (the
    documented line and the player's line; the scenario's own ruleset and the one chosen, when they differ);
    ``quiz_view`` the quiz of the line under the ruleset chosen. A scenario whose scripted answers do not fit
    another ruleset (the answers differ there) keeps the current player and says so in ``message``.

    On a learner's own line, a ruleset switch replays their answers (in order: the first answer at the line's first
    question, and so on) on the other ruleset's line, and ``message`` says in one line where they stop fitting (an
    answer not among the options there, or a line that asks fewer questions); ``answers`` keeps the learner's
    answers, so switching back shows their whole line again as long as they have not answered anything new.
    The switches are :class:`widgets.switch.Switch` es: after a kernel restart they go back to what is shown.
    """

    scenario: Any
    player: Any
    box: w.VBox = field(default_factory=w.VBox)
    ruleset_choice: Switch = field(default_factory=lambda: Switch(kind="select"))
    mode: Switch = field(default_factory=lambda: Switch(kind="buttons"))
    compare: w.HTML = field(default_factory=w.HTML)
    message: w.HTML = field(default_factory=w.HTML)
    quiz_view: QuizView | None = None
    own: Trace | None = None
    reverting: bool = False
    answers: list[str] = field(default_factory=list)
    replayed: Trace | None = None

    def __post_init__(self) -> None:
        from digiteach.rulesets import NAMES, ruleset

        self.own = self.player.documented
        self.ruleset_choice.options = [(name, name) for name in dict.fromkeys(ruleset(n).name for n in NAMES)]
        self.ruleset_choice.value = ruleset(self.player.ruleset).name
        self.speak()
        self.mode.value = MODES[0]
        self.ruleset_choice.observe(lambda _c: self.switch_ruleset(), names="value")
        self.mode.observe(lambda _c: self.show(), names="value")
        self._watch(self.player)
        self.show()

    def __repr__(self) -> str:
        return f"Study({self.player.scenario!r}, ruleset={self.ruleset_choice.value!r}, mode={self.mode.value!r})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Shown in a notebook as its widgets; the plain-text form is ``repr(self)`` (``Study(...)``), which tells
        `./lab`'s save hook that the view it replaces was the step player."""
        bundle = self.box._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle["text/plain"] = repr(self)
        return bundle

    def _watch(self, player: Any) -> None:
        player.observe(lambda _c: self.refresh_compare(), names="frames")
        player.observe(lambda _c: self.speak() if player is self.player else None, names="lang")

    def speak(self) -> None:
        """Label the switches in the player's language, also after its *Language* select changed it (the labels and
        their status lines stayed in the language the view was opened in)."""
        lang = self.player.lang
        self.ruleset_choice.lang = self.mode.lang = lang
        with i18n.language(lang):
            self.ruleset_choice.description = _("Ruleset")
            self.mode.options = [(_(m), m) for m in MODES]

    def switch_ruleset(self) -> None:
        """Show the scenario's line under the ruleset chosen (the player is rebuilt on the same step); on the learner's
        own line, their answers replayed there (:func:`replay`), and ``message`` says where they stop fitting."""
        from digiteach.learn_command import with_ruleset
        from digiteach.scenario import ScenarioError, play

        import widgets

        if self.reverting:
            return
        chosen, lang = self.ruleset_choice.value, self.player.lang
        try:
            trace = play(with_ruleset(self.scenario, chosen), lang)
        except ScenarioError as exc:
            with i18n.language(lang):
                said = _("The scenario's scripted answers do not fit {ruleset}; the player stays under {shown}: "
                         "{problem}").format(ruleset=chosen, shown=self.player.ruleset, problem=exc)
            self.message.value = f"<p>{html.escape(said)}</p>"
            self.reverting = True
            try:
                self.ruleset_choice.value = self.player.ruleset
            finally:
                self.reverting = False
            return
        self.message.value = ""
        leaving, at = self.player, self.player.index
        if leaving.trace is not self.replayed:  # the learner's line as they left it (else as they had it before)
            self.answers = answers_of(leaving.trace) if leaving.branched else []
        self.player = widgets.play(trace, index=min(at, len(trace.steps) - 1), layout=leaving.layout_mode, lang=lang)
        stopped = replay(self.player, self.answers)
        self.player.go(at)
        self.replayed = self.player.trace
        if stopped is not None:
            with i18n.language(lang):
                self.message.value = f"<p>{html.escape(stopped_words(stopped, chosen, leaving.ruleset))}</p>"
        self._watch(self.player)
        self.quiz_view = None
        self.show()

    def refresh_compare(self) -> None:
        """Redraw the side-by-side views from the player's lines: under a ruleset other than the scenario's, the two
        rulesets first (what choosing one asks to see), then the documented line and the player's."""
        with i18n.language(self.player.lang):  # the player's lines are told in its language
            parts = [side_by_side_html(self.player.documented, self.player.trace,
                                       (_("documented line"), _("your line")))]
            if self.own is not None and self.own.ruleset != self.player.documented.ruleset:
                parts.insert(0, side_by_side_html(self.own, self.player.documented, (self.own.ruleset,
                                                                                     self.player.documented.ruleset)))
        self.compare.value = "".join(parts)

    def start_quiz(self) -> QuizView:
        """The quiz of the documented line under the ruleset chosen, linked to the player: each question shows
        the step before it, and each answer reveals the steps that answer it."""
        from digiteach.learn_command import with_ruleset

        if self.player.branched:
            self.player.back_to_documented()
        data = make_quiz(with_ruleset(self.scenario, self.ruleset_choice.value))
        player = self.player
        self.quiz_view = QuizView(data, on_question=lambda q: player.go(max(q.step - 1, 0)),
                                  on_answer=lambda q: player.go(q.reveal))
        return self.quiz_view

    def show(self) -> None:
        """Lay out the switches, the view of the mode chosen and the player: the view comes above the player, where
        choosing *Compare* or *Quiz* shows it at once (below a tall player it opened off screen)."""
        head = w.HBox([self.ruleset_choice, self.mode])
        view: list[w.Widget] = []
        if self.mode.value == "Compare":
            self.refresh_compare()
            view = [self.compare]
        elif self.mode.value == "Quiz":
            view = [(self.quiz_view or self.start_quiz()).box]
        self.box.children = (head, self.message, *view, self.player)


def answers_of(trace: Trace) -> list[str]:
    """The answers given on ``trace``, in the order of its questions (the labels a ruleset switch replays)."""
    return [step.choice for step in trace.steps if step.decision is not None and step.choice is not None]


def replay(player: Any, answers: list[str]) -> tuple[int, str, bool] | None:
    """Answer the questions of ``player``'s line with ``answers`` in order (the first answer at the first question),
    branching where the line answers otherwise, as the learner would by clicking (each answer must be one of the
    options the rules give at that question). None when every answer fitted; else where they
    stopped fitting: ``(step index, answer, True)`` for an answer not among that step's options, ``(last step index,
    answer, False)`` when the line asks no question for it."""
    for n, label in enumerate(answers):
        steps = player.trace.steps
        asked = [k for k, step in enumerate(steps) if step.decision is not None]
        if n >= len(asked):
            return len(steps) - 1, label, False
        k = asked[n]
        if steps[k].choice == label:
            continue
        if label not in steps[k].decision.options or not player.choose(label, step=k):
            player.error = ""
            return k, label, True
    return None


def stopped_words(stopped: tuple[int, str, bool], ruleset: str, other: str) -> str:
    """The one line that says where the learner's answers stop fitting the ruleset ``ruleset`` (see :func:`replay`)
    and that ``other`` still holds their whole line, in the language in force."""
    at, label, asked = stopped
    if asked:
        return _("Under {ruleset} your answer \u201c{label}\u201d at step {n} is not one the rules allow there: your "
                 "answers are replayed up to there, and from there the player shows the line the rules give under "
                 "{ruleset}. Choose {other} again for your whole line.").format(ruleset=ruleset, label=label, n=at + 1,
                                                                               other=other)
    return _("Under {ruleset} the line ends before the question your answer \u201c{label}\u201d was for: your answers "
             "are replayed up to there. Choose {other} again for your whole line.").format(ruleset=ruleset,
                                                                                          label=label, other=other)


def study(scenario: str | Path | Any, *, layout: str = "stacked") -> Study:
    """The player of ``scenario`` (a bundled id, a .yaml file, or an open :class:`widgets.Player`) with a
    ruleset switch, the side-by-side views and a quiz mode, in one call (see :class:`Study`).

    Raises:
        digiteach.scenario.ScenarioError, traitlets.TraitError: as :func:`widgets.play` (a scenario that is not valid, a
            ``layout`` not among :data:`widgets.player.LAYOUTS`), shown in a notebook as plain ``error: ...`` lines.
    """
    from digiteach.scenario import load_scenario

    import widgets

    if isinstance(scenario, widgets.Player):
        player = scenario
        with plain_errors():
            loaded = load_scenario(player.scenario)
    else:
        player = widgets.play(scenario, layout=layout)  # the layout checked first, then the scenario played
        with plain_errors():
            loaded = load_scenario(scenario)
    return Study(loaded, player)
