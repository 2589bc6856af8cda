"""Predict-then-reveal quizzes (issue 14): generated from the trace, graded against the engine."""

from __future__ import annotations

import io
import json
import re

import pytest

from digiteach.cli import main
from digiteach.quiz import MISCONCEPTIONS, Question, grade, make_quiz
from digiteach.scenario import bundled_ids, load_scenario, play
from digiteach.views import Trace


def _right(q: Question) -> str:
    return next(o.text for o in q.options if o.correct)


def _agrees_with_trace(q: Question, trace: Trace) -> bool:
    """The correct option says what the trace's views show at the steps that answer it."""
    right = _right(q)
    step, end = trace.steps[q.step], trace.steps[q.reveal]
    if q.kind == "order":
        return step.decision is not None and right.startswith(f"Player {step.decision.player}")
    if q.kind in ("battle", "security battle"):
        attacker = q.question.split(" (")[0]
        says_attacker = right.startswith("Only " + attacker) or right == "Both" or right.startswith(attacker)
        left = next((s for s in trace.steps[q.step:q.reveal + 1] if s.attack is not None
                     and not s.attack.attacker_in_play), None)  # the step the attacker leaves at, if it does
        return says_attacker == (left is not None and "deleted by an effect" not in left.caption)
    if q.kind == "security count":
        return end.attack is not None and len(end.attack.checked) == int(right)
    if q.kind in ("win", "empty security", "piercing"):
        return (end.board.winner is not None) == ("wins" in right or right.startswith("Yes"))
    if q.kind == "turn end":
        before = trace.steps[q.step - 1].board.turn_player
        ended = "end of turn" in (end.timing, end.board.phase) or end.board.turn_player != before
        return ended == right.startswith("Yes")
    raise AssertionError(f"no trace check for question kind {q.kind!r}")


@pytest.mark.parametrize("sid", bundled_ids())
def test_one_correct_option_matching_the_trace(sid: str) -> None:
    """Every generated question has exactly one correct option, named misconceptions only on wrong ones,
    and its correct option agrees with the scenario's trace."""
    scenario = load_scenario(sid)
    quiz, trace = make_quiz(scenario), play(scenario)
    for q in quiz.questions:
        assert sum(o.correct for o in q.options) == 1, (sid, q)
        assert len({o.text for o in q.options}) == len(q.options)
        assert 1 <= q.step <= q.reveal < len(trace.steps)
        assert all(o.misconception is None or (not o.correct and o.misconception in MISCONCEPTIONS.values())
                   for o in q.options)
        assert all(re.search(r"CR \d", o.why) for o in q.options)
        assert _agrees_with_trace(q, trace), (sid, q)


def test_kinds_cover_the_issue() -> None:
    """Across the bundled scenarios every kind of question the issue names is asked."""
    kinds = {q.kind for sid in bundled_ids() for q in make_quiz(load_scenario(sid)).questions}
    assert {"order", "battle", "security battle", "security count", "piercing", "turn end"} <= kinds
    assert {"win", "empty security"} & kinds


def test_misconceptions_are_named() -> None:
    """A wrong answer that a known misconception picks is named: ordering everything up front (TE-9)."""
    quiz = make_quiz(load_scenario("triggered-effects-9"))
    q = next(q for q in quiz.questions if q.kind == "order")
    up_front = next(i for i, o in enumerate(q.options) if "all their pending effects" in o.text)
    verdict = grade(q, up_front)
    assert not verdict.correct and verdict.misconception == MISCONCEPTIONS["all_up_front"]
    assert "CR 15-4-3-5" in verdict.why
    right = next(i for i, o in enumerate(q.options) if o.correct)
    assert grade(q, right).correct and grade(q, right).misconception is None
    with pytest.raises(IndexError):
        grade(q, 9)


def test_tie_misconception_in_a_battle() -> None:
    """Equal DP: the option in which the attacker survives is the 'attacker wins ties' misconception."""
    names = [o.misconception for sid in bundled_ids() for q in make_quiz(load_scenario(sid)).questions
             if q.kind in ("battle", "security battle") for o in q.options]
    assert MISCONCEPTIONS["attacker_wins_tie"] in names


def test_quiz_command_json() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["quiz", "triggered-effects-9", "--json"], out=out, err=err) == 0
    doc = json.loads(out.getvalue())
    q = doc["questions"][0]
    assert {"step", "question", "options"} <= set(q)
    assert set(q["options"][0]) == {"text", "correct", "why", "misconception"}


def test_an_older_ruleset_explains_the_security_checks_it_makes() -> None:
    """Under CR 2024 (before CR 3.7) R39's two <Piercing> activations check twice: the explanation must not say 'one
    security check per attack' (CR 4.2's 13-1-2), and the <Piercing> one cites CR 3.6's own rule."""
    from digiteach.learn_command import with_ruleset

    older = make_quiz(with_ruleset(load_scenario("ruling-R39"), "2024"))
    current = make_quiz(load_scenario("ruling-R39"))
    whys = {q.kind: next(o.why for o in q.options if o.correct) for q in older.questions}
    assert "one security check per attack" not in whys["security count"] and "CR 3.6" in whys["security count"]
    assert whys["piercing"].startswith("CR 3.6 16-6-4") and "16-7-5" not in whys["piercing"]
    assert all("CR 3.6" not in o.why for q in current.questions for o in q.options)


def test_the_text_quiz_asks_every_question_before_it_gives_any_answer() -> None:
    """Predict, then reveal: in ``digiteach quiz``'s text the answers come after the last question, under their own
    heading, each numbered as its question."""
    from digiteach.quiz import quiz_text

    quiz = make_quiz(load_scenario("triggered-effects-9"))
    text = quiz_text(quiz)
    heading = text.index("Answers (make your predictions above first):")
    assert text.index(f"{len(quiz.questions)}. before step") < heading and "answer:" not in text[:heading]
    assert [f"{n}. answer:" in text[heading:] for n in range(1, len(quiz.questions) + 1)] == [True] * len(quiz.questions)


def test_before_step_n_counts_steps_from_1_as_the_trace_does() -> None:
    """"before step N" means the trace's step [N] (counted from 1, as every view counts) is not shown yet: in
    attack-resolution-5 the order question is asked before [7], where Player A picks (CR 15-4-3-5), after [6], where
    the three effects begin to wait. The question was numbered from 0 ("before step 6"), so read with the trace's
    numbers it asked about the wrong step (tester, session 12: ret-pierce's question left out A's effect)."""
    from digiteach.quiz import quiz_text

    scenario = load_scenario("attack-resolution-5")
    trace, text = play(scenario), quiz_text(make_quiz(scenario))
    found = re.search(r"before step (\d+): Effects wait", text)
    assert found is not None, text
    n = int(found.group(1))
    asked, shown = trace.steps[n - 1], trace.steps[n - 2]
    assert asked.decision is not None and asked.decision.player == "A" and shown.decision is None
    assert [p.label for g in shown.pending for p in g.effects if p.status == "pending"] == [
        p.label for g in asked.pending for p in g.effects if p.status == "pending"]


def test_a_battle_question_counts_only_what_the_battle_deletes() -> None:
    """QA Q3439: Boltmon (12000 DP) beats Devimon (4000 DP); the battle deletes only Devimon (CR 14-2-1-2), and
    Devimon's <Retaliation> then deletes Boltmon by an effect, not in battle (CR 16-13, QA Q2397). The question asks
    what the battle deletes and its answer is Devimon alone; the explanation says how Boltmon went (tester, session
    12: ret-pierce's battle question answered "Both", citing a rule that deletes only the loser)."""
    from pathlib import Path

    scenario = load_scenario(str(Path(__file__).parents[1] / "scenarios/rulings/q3439-pinamon-retaliation.yaml"))
    q = next(q for q in make_quiz(scenario).questions if q.kind == "battle")
    assert "Which does the battle delete?" in q.question
    assert _right(q) == "Only BT2-074 Devimon"
    why = next(o.why for o in q.options if o.correct)
    assert "CR 14-2-1-2" in why and "BT3-089 Boltmon is deleted afterwards by an effect" in why
