"""The learning widgets: two lines side by side with the first difference marked; a quiz with a score."""

from __future__ import annotations

import html

import pytest

from digiteach import i18n

from digiteach.learn_command import with_ruleset
from digiteach.scenario import branch, load_scenario, play
from widgets.learn import QuizView, compare_rulesets, first_difference, side_by_side_html, study
from digiteach.quiz import make_quiz


def test_two_rulesets_side_by_side_mark_the_first_difference() -> None:
    scenario = load_scenario("ruling-R39")
    new, old = play(scenario), play(with_ruleset(scenario, "2024"))
    first = first_difference(new, old)
    assert first is not None and new.steps[first].caption != old.steps[first].caption
    page = side_by_side_html(new, old, ("CR 4.2", "CR 2024"))
    assert f"<td>{first + 1} &#9654; first difference</td>" in page
    assert f"First difference: step {first + 1}." in page
    assert "Security Stacks: Player A 3, Player B 1 (documented: Player A 3, Player B 2)" in page
    assert "First difference: step" in compare_rulesets("ruling-R39", "4.2", "2024").value


def test_identical_steps_before_the_first_difference_are_folded() -> None:
    """Newcomer, session 16 (lesson 06, shots 25/26): "First difference: step 18." came above 17 identical rows of
    long text. The identical steps are one line that opens (a <details>, keyboard and screen-reader operable), so
    the table on screen starts at the marked row; in German too."""
    scenario = load_scenario("ruling-R39")
    new, old = play(scenario), play(with_ruleset(scenario, "2024"))
    first = first_difference(new, old)
    assert first is not None and first >= 2
    page = side_by_side_html(new, old, ("CR 4.2", "CR 2024"))
    folded, shown = page.split("</details>")
    assert f"<summary>Steps 1\u2013{first} are the same in both columns (open to show them)</summary>" in folded
    assert folded.count("<tr><td>") == first, "every identical step is in the fold, unshaded"
    assert "background" not in folded and "first difference" not in folded.split("</summary>")[1]
    rows = shown.split("<tr")[2:]  # after the header row
    assert rows[0].startswith(f' style="background:#fff3cd"><td>{first + 1} &#9654; first difference</td>'), rows[0][:80]
    assert len(rows) == max(len(new.steps), len(old.steps)) - first
    with i18n.language("de"):
        german = side_by_side_html(play(scenario, "de"), play(with_ruleset(scenario, "2024"), "de"), ("CR 4.2", "CR 2024"))
    assert f"<summary>Schritte 1\u2013{first} sind in beiden Spalten gleich (zum Anzeigen öffnen)</summary>" in german


def test_nothing_is_folded_without_a_difference() -> None:
    """Two lines the same step for step: the table shows every step (nothing is marked, nothing folded)."""
    documented = play(load_scenario("triggered-effects-9"))
    page = side_by_side_html(documented, documented)
    assert "<details" not in page and "First difference: none" in page


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


def test_quiz_end_lists_the_missed_questions_and_starts_again() -> None:
    """The end of a quiz lists each question answered wrongly with its right answer, and *Try again* starts over (a
    newcomer's quiz ended with only a score)."""
    data = make_quiz(load_scenario("attack-resolution-5"))
    view = QuizView(data)
    wrong = data.questions[0]
    for q in data.questions:
        view.answer(q, next(i for i, o in enumerate(q.options) if o.correct == (q is not wrong)))
        view.next()
    end = view.box.children[0].value
    right = next(o.text for o in wrong.options if o.correct)
    assert f"Score: {len(data.questions) - 1} of {len(data.questions)}" in end
    assert "To look at again:" in end and "Question 1 " in end and html.escape(right) in end
    view.box.children[1].click()
    assert view.score == view.current == 0 and not view.missed
    assert "Question 1 of" in view.box.children[0].value


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_wrong_answer_shows_the_learners_answer_beside_the_right_one(lang: str) -> None:
    """After a wrong answer, and in the end's list of what to look at again, the learner reads the answer they gave
    beside the right one (newcomer, session 10: only the right answer was shown, shots 44 and 45); a click on the
    answer's button, as in the notebook, in English and German."""
    from digiteach import i18n

    with i18n.language(lang):
        view = study("attack-resolution-5")
        view.mode.value = "Quiz"
        quiz = view.quiz_view
        assert quiz is not None
        q = quiz.data.questions[0]
        yours = next(o.text for o in q.options if not o.correct)
        right = next(o.text for o in q.options if o.correct)
        button = next(b for b in quiz.box.children if getattr(b, "tooltip", None) == yours)
        button.click()
        said = " ".join(c.value for c in quiz.box.children if hasattr(c, "value") and isinstance(c.value, str))
        words = {"en": ("Not quite. Your answer: ", "Right answer: "), "de": ("Nicht ganz. Deine Antwort: ", "Richtige Antwort: ")}[lang]
        assert f"{words[0]}{html.escape(yours)}. {words[1]}{html.escape(right)}." in said, said
        quiz.box.children[-1].click()  # Next
        while quiz.current < len(quiz.data.questions):
            now = quiz.data.questions[quiz.current]
            next(b for b in quiz.box.children if getattr(b, "tooltip", None) == next(
                o.text for o in now.options if o.correct)).click()
            quiz.box.children[-1].click()
        end = quiz.box.children[0].value
        assert f"{words[0].split('. ')[1]}{html.escape(yours)}. {words[1]}{html.escape(right)}." in end, end


def test_study_switches_ruleset_and_compares_the_two() -> None:
    """One call gives the player with a ruleset switch: R39 under CR 2024 checks a card per <Piercing>
    activation (CR 2024's chapter 13), and the compare view marks the first step that differs from CR 4.2."""
    from widgets.learn import study

    view = study("ruling-R39")
    assert view.player.ruleset == "CR 4.2" and view.mode.value == "Play"
    view.player.go(3)
    view.ruleset_choice.value = "CR 2024"
    assert view.player.ruleset == "CR 2024" and view.player.index == 3
    assert dict(view.player.trace.result.security) == dict(play(with_ruleset(load_scenario("ruling-R39"), "2024")).result.security)
    view.mode.value = "Compare"
    assert view.compare in view.box.children and view.player in view.box.children
    kids = list(view.box.children)
    assert kids.index(view.compare) < kids.index(view.player), "Compare shows above the (tall) player, on screen"
    first = first_difference(play(load_scenario("ruling-R39")), view.player.documented)
    assert f"<td>{first + 1} &#9654; first difference</td>" in view.compare.value
    assert "CR 4.2" in view.compare.value and "CR 2024" in view.compare.value
    assert repr(view) == "Study('ruling-R39', ruleset='CR 2024', mode='Compare')"


def test_study_compare_shows_the_rulesets_first_when_another_is_chosen() -> None:
    """Lesson 06: study("ruling-R39") under CR 2024 in Compare opened with "First difference: none: the two lines are
    the same." over a ~30-row table of the learner's (unchanged) line; the rulesets' comparison (CR 4.2 against CR
    2024, first difference at step 18) came far below. It comes first now; the learner's line after it."""
    from widgets.learn import study

    view = study("ruling-R39")
    view.ruleset_choice.value = "CR 2024"
    view.mode.value = "Compare"
    page = view.compare.value
    rulesets, lines = page.find("CR 4.2</th>"), page.find("your line</th>")
    assert 0 <= rulesets < lines, page[:400]
    assert page.find("First difference: step") < page.find("First difference: none")
    view.ruleset_choice.value = "CR 4.2"  # the scenario's own ruleset: only the learner's line is compared
    assert "CR 2024" not in view.compare.value and "your line</th>" in view.compare.value


def test_study_compares_the_learners_line_as_it_changes() -> None:
    from widgets.learn import study

    view = study("triggered-effects-9")
    view.mode.value = "Compare"
    assert "First difference: none" in view.compare.value
    steps = view.player.trace.steps
    at = next(s.index for s in steps if s.decision is not None)
    other = next(o for o in steps[at].decision.options if o != steps[at].choice)  # type: ignore[union-attr]
    assert view.player.choose(other, at)
    assert "First difference: step" in view.compare.value and "your line" in view.compare.value


def test_study_quiz_mode_moves_the_player() -> None:
    """Quiz mode: before a question the player shows the step before it; an answer reveals its steps."""
    from widgets.learn import study

    view = study("attack-resolution-5")
    view.mode.value = "Quiz"
    quiz_view = view.quiz_view
    assert quiz_view is not None and quiz_view.box in view.box.children
    q = quiz_view.data.questions[0]
    assert view.player.index == max(q.step - 1, 0)
    quiz_view.answer(q, 0)
    assert view.player.index == min(q.reveal, len(view.player.frames) - 1)
    quiz_view.next()
    if len(quiz_view.data.questions) > 1:
        assert view.player.index == max(quiz_view.data.questions[1].step - 1, 0)


def test_study_keeps_the_player_when_the_answers_do_not_fit_a_ruleset() -> None:
    """R09's scripted answers include an order decision that CR 2023 does not ask (its own file has other
    answers): the switch says so and the player stays."""
    from widgets.learn import study

    view = study("ruling-R09")
    before = view.player
    view.ruleset_choice.value = "CR 2023"
    assert view.player is before and "do not fit CR 2023" in view.message.value
    assert view.ruleset_choice.value == view.player.ruleset == "CR 4.2"
    view.ruleset_choice.value = "CR 2024"  # and the switch still works afterwards
    assert view.player.ruleset == "CR 2024" and view.message.value == ""


def test_study_compares_in_the_players_language() -> None:
    """A German study's compare view: its headings, the timings and the words around an answer are German (the
    terms from :func:`digiteach.i18n.term`, the rest from the catalogue), the learner's line too; a ruleset
    switch keeps the language, and so does a refused one's message."""
    from digiteach import i18n
    from widgets.learn import study
    from widgets.player import play as open_player

    with i18n.language("en"):
        view = study(open_player("triggered-effects-9", lang="de"))
    assert view.ruleset_choice.description == "Regelwerk" and view.mode.options[1] == ("Vergleichen", "Compare")
    view.mode.value = "Compare"
    page = view.compare.value
    assert "dokumentierte Linie" in page and "deine Linie" in page and "[Wahl: " in page
    assert "Angriffsansage: " in page or "Hauptphase: " in page
    for english in ("documented line", "your line", "[choice:", "attack declaration:", "main phase:", "counter timing:"):
        assert english not in page, english
    steps = view.player.trace.steps
    at = next(s.index for s in steps if s.decision is not None)
    other = next(o for o in steps[at].decision.options if o != steps[at].choice)  # type: ignore[union-attr]
    assert view.player.choose(other, at) and "[Wahl: " in view.compare.value
    with i18n.language("en"):
        english = study("triggered-effects-9")
    english.mode.value = "Compare"
    assert "documented line" in english.compare.value and "[choice: " in english.compare.value
    refused = study(open_player("ruling-R09", lang="de"))
    refused.ruleset_choice.value = "CR 2023"
    assert "passen nicht zu CR 2023" in refused.message.value and refused.player.lang == "de"
    refused.ruleset_choice.value = "CR 2024"
    assert refused.player.ruleset == "CR 2024" and refused.player.lang == "de"


def test_the_quiz_names_the_step_after_the_one_the_player_shows() -> None:
    """In quiz mode the player shows step N - 1 while the question says "before step N" (both counted from 1): the
    question named the step the player was showing, so "before" it meant after it (tester, session 12)."""
    view = study("attack-resolution-5")
    view.mode.value = "Quiz"
    quiz = view.quiz_view
    assert quiz is not None
    shown = view.player.index + 1
    assert view.player.counter.startswith(f"step {shown} of")
    assert f"(before step {shown + 1}):" in quiz.box.children[0].value, quiz.box.children[0].value
