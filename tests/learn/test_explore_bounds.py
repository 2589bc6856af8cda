"""``explore`` on lines that do not end (a breaker's files, session 16, in ``explore_bounds/``): a line of hundreds
of decisions ends in a located message, not a RecursionError; effects that multiply without end stop at the bound on
engine steps, which the result and the command's text name, within seconds."""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

import pytest

import digiteach.explore as ex
from digiteach.cli import main
from digiteach.explore import DEFAULT_MAX_STEPS, MAX_DECISIONS_PER_LINE, explore, exploration_json
from digiteach.scenario import ScenarioError, load_scenario

HERE = Path(__file__).parent / "explore_bounds"
REPLACE_LOOP = str(HERE / "replace_loop2.yaml")  # prevent a deletion, then delete all: the engine's work grows
TOKENS = str(HERE / "loop3.yaml")  # each token played plays ten more


def test_a_line_of_hundreds_of_decisions_ends_in_a_located_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk keeps its own stack: a line of more decisions than Python's recursion limit allows frames (the bound
    raised past it here, and the recursion limit lowered) is followed to the bound and refused at the action's line,
    naming CR 18-3-1."""
    monkeypatch.setattr(ex, "MAX_DECISIONS_PER_LINE", 400)
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(700)
    try:
        with pytest.raises(ScenarioError) as caught:
            explore(load_scenario(REPLACE_LOOP))
    finally:
        sys.setrecursionlimit(old)
    assert caught.value.line == 34 and caught.value.field == "action"
    assert "past 400 decisions (CR 18-3-1)" in caught.value.message


def test_the_command_says_where_a_line_loops_without_end() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["explore", REPLACE_LOOP], out=out, err=err) == 2
    text = err.getvalue()
    assert "replace_loop2.yaml:34: action:" in text
    assert f"past {MAX_DECISIONS_PER_LINE} decisions" in text and "Traceback" not in text


def test_effects_that_multiply_stop_at_the_bound_on_engine_steps() -> None:
    """Tokens that play tokens: only lines that reach an end count toward ``limit``, so the bound on engine steps
    stops the search; the result says it was cut and keeps what was found."""
    found = explore(load_scenario(TOKENS), limit=2, max_steps=400)
    assert found.cut and not found.complete
    assert 400 <= found.steps < 400 + ex.MAX_STEPS_PER_LINE
    assert found.outcomes and found.lines >= 1
    doc = exploration_json(found)
    assert doc["cut"] is True and doc["steps"] == found.steps


def test_the_command_says_the_search_was_cut_and_which_option_raises_the_bound() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["explore", TOKENS, "--limit", "2", "--max-steps", "300"], out=out, err=err) == 0
    head = out.getvalue().splitlines()[0]
    assert "search cut after" in head and "--max-steps raises the bound" in head, head
    out = io.StringIO()
    assert main(["explore", TOKENS, "--max-steps", "0"], out=out, err=err) == 2


def test_a_search_stopped_by_the_line_limit_names_its_option() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["explore", "triggered-effects-7", "--limit", "3"], out=out, err=err) == 0
    assert "--limit raises it" in out.getvalue().splitlines()[0]


@pytest.mark.long
def test_the_breakers_token_files_finish_within_seconds_at_the_default() -> None:
    start = time.perf_counter()
    found = explore(load_scenario(TOKENS), limit=2)
    assert found.cut and found.steps >= DEFAULT_MAX_STEPS
    assert time.perf_counter() - start < 30


def test_a_bundled_exploration_is_not_cut() -> None:
    found = explore(load_scenario("triggered-effects-9"))
    assert found.complete and not found.cut and 0 < found.steps < DEFAULT_MAX_STEPS


def test_max_steps_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        explore(load_scenario("triggered-effects-9"), max_steps=0)
