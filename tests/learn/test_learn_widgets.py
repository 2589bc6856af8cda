"""The learning widgets: two lines side by side with the first difference marked; a quiz with a score."""

from __future__ import annotations

from digiteach.learn_command import with_ruleset
from digiteach.scenario import branch, load_scenario, play
from widgets.learn import QuizView, compare_rulesets, first_difference, side_by_side_html
from digiteach.quiz import make_quiz


def test_two_rulesets_side_by_side_mark_the_first_difference() -> None:
    scenario = load_scenario("ruling-R39")
    new, old = play(scenario), play(with_ruleset(scenario, "2024"))
    first = first_difference(new, old)
    assert first is not None and new.steps[first].caption != old.steps[first].caption
    page = side_by_side_html(new, old, ("CR 4.2", "CR 2024"))
    assert f"<td>{first} &#9654; first difference</td>" in page
    assert "Security Stacks: Player A 3, Player B 1 (documented: Player A 3, Player B 2)" in page
    assert "First difference: step" in compare_rulesets("ruling-R39", "4.2", "2024").value


def test_documented_and_learner_line() -> None:
    scenario = load_scenario("triggered-effects-9")
    documented = play(scenario)
    at = next(s.index for s in documented.steps if s.decision is not None)
    other = next(o for o in documented.steps[at].decision.options if o != documented.steps[at].choice)
    mine = branch(scenario, at, other)
    assert first_difference(documented, mine) == at + 1 or first_difference(documented, mine) == at
    assert first_difference(documented, documented) is None


def test_quiz_scores_every_answer() -> None:
    data = make_quiz(load_scenario("attack-resolution-5"))
    view = QuizView(data)
    for q in data.questions:
        view.answer(q, next(i for i, o in enumerate(q.options) if o.correct))
        view.next()
    assert view.score == view.answered == len(data.questions)
    assert f"Score: {len(data.questions)} of {len(data.questions)}" in view.box.children[0].value
    assert repr(view).startswith("QuizView('attack-resolution-5'")
