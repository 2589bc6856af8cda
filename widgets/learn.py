"""Learning views for notebooks: two lines side by side with the first difference marked, and a quiz with a score.

- :func:`side_by_side` ``(left, right, titles)``: two traces (the documented line and a learner's, two outcomes of
  an exploration, or one scenario under two rulesets) as two columns of steps; the first step where they differ is
  marked, every differing step is shaded, and the outcome's differences are listed.
- :func:`compare_rulesets` ``(scenario_id, "4.2", "2024")``: the same for one scenario under two rulesets.
- :func:`quiz` ``(scenario_id)``: the predict-then-reveal questions of :mod:`digiteach.quiz` as buttons; each answer
  is graded at once (the rule, and the misconception a wrong answer stands for), and the score is kept.

Pure ipywidgets (``HTML``, ``Button``, ``VBox``), no kernel-free replay: for the kernel-free replay use the
player or the HTML export. Every text from a scenario is escaped.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as w

from digiteach.outcome import differences
from digiteach.quiz import Question, Quiz, grade, make_quiz
from digiteach.views import Step, Trace

__all__ = ["first_difference", "side_by_side_html", "side_by_side", "compare_rulesets", "QuizView", "quiz"]


def _step_text(step: Step | None) -> str:
    if step is None:
        return ""
    text = f"{step.timing}: {step.caption}"
    if step.choice is not None:
        text += f" [choice: {step.choice}]"
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


def side_by_side_html(left: Trace, right: Trace, titles: tuple[str, str] = ("documented", "yours")) -> str:
    """The two traces as an HTML table, one row per step; differing rows shaded, the first one marked."""
    first = first_difference(left, right)
    rows = []
    for i in range(max(len(left.steps), len(right.steps))):
        a = _step_text(left.steps[i] if i < len(left.steps) else None)
        b = _step_text(right.steps[i] if i < len(right.steps) else None)
        style = ' style="background:#fff3cd"' if a != b else ""
        mark = " &#9654; first difference" if i == first else ""
        rows.append(f"<tr{style}><td>{i}{mark}</td><td>{html.escape(a)}</td><td>{html.escape(b)}</td></tr>")
    diffs = differences(right, left)
    summary = ("<p>Same outcome.</p>" if not diffs else
               "<ul>" + "".join(f"<li>{html.escape(d)}</li>" for d in diffs) + "</ul>")
    head = (f"<tr><th>step</th><th>{html.escape(titles[0])}</th><th>{html.escape(titles[1])}</th></tr>")
    where = "none: the two lines are the same" if first is None else f"step {first}"
    return (f"<div class='digiteach-compare'><p>First difference: {where}.</p>"
            f"<table>{head}{''.join(rows)}</table>{summary}</div>")


def side_by_side(left: Trace, right: Trace, titles: tuple[str, str] = ("documented", "yours")) -> w.HTML:
    """An ``HTML`` widget of :func:`side_by_side_html`."""
    return w.HTML(side_by_side_html(left, right, titles))


def compare_rulesets(scenario_id: str, left: str = "4.2", right: str = "2024") -> w.HTML:
    """One scenario played under two rulesets, side by side (names as ``digiteach --ruleset`` takes them)."""
    from digiteach.learn_command import with_ruleset
    from digiteach.scenario import load_scenario, play

    scenario = load_scenario(scenario_id)
    a, b = (play(with_ruleset(scenario, n)) for n in (left, right))
    return side_by_side(a, b, (a.ruleset, b.ruleset))


@dataclass
class QuizView:
    """A quiz as widgets: ``box`` shows one question at a time; ``score``/``answered`` count the answers."""

    data: Quiz
    box: w.VBox = field(default_factory=w.VBox)
    score: int = 0
    answered: int = 0
    current: int = 0

    def __post_init__(self) -> None:
        self.show()

    def __repr__(self) -> str:
        return f"QuizView({self.data.scenario!r}, {self.answered}/{len(self.data.questions)} answered)"

    def show(self) -> None:
        """Draw the current question (or the final score)."""
        qs = self.data.questions
        if self.current >= len(qs):
            self.box.children = (w.HTML(f"<p><b>Score: {self.score} of {len(qs)}</b></p>"),)
            return
        q = qs[self.current]
        buttons = []
        for i, o in enumerate(q.options):
            b = w.Button(description=o.text[:60], tooltip=o.text, layout=w.Layout(width="auto"))
            b.on_click(lambda _b, i=i, q=q: self.answer(q, i))
            buttons.append(b)
        head = w.HTML(f"<p>Question {self.current + 1} of {len(qs)} (before step {q.step}): "
                      f"{html.escape(q.question)}</p>")
        self.box.children = (head, *buttons)

    def answer(self, q: Question, i: int) -> None:
        """Grade option ``i`` of ``q``, show why, and offer the next question."""
        v = grade(q, i)
        self.answered += 1
        self.score += v.correct
        verdict = "Right." if v.correct else f"Not quite: {html.escape(v.answer)}."
        if v.misconception:
            verdict += f" That answer is a known misconception: {html.escape(v.misconception)}."
        nxt = w.Button(description="Next")
        nxt.on_click(lambda _b: self.next())
        self.box.children = (*self.box.children[:1], w.HTML(f"<p>{verdict} {html.escape(v.why)}</p>"), nxt)

    def next(self) -> None:
        self.current += 1
        self.show()


def quiz(scenario_id: str, ruleset: str | None = None) -> Any:
    """The quiz of a bundled scenario (or a .yaml file) as a widget with a score at the end."""
    from digiteach.learn_command import with_ruleset
    from digiteach.scenario import load_scenario

    view = QuizView(make_quiz(with_ruleset(load_scenario(scenario_id), ruleset)))
    return view.box
