"""The engine's public API refuses values of the wrong type with its own errors, and a loop without end stops.

``step`` takes an option label (a string); ``begin`` takes an ``Action`` whose places are ``StackRef`` values.
Anything else is an ``IllegalAnswer`` / ``IllegalAction`` naming what was given, never an AttributeError.
Effects that trigger each other with no once-per-turn limit stop with ``EndlessLoop`` (CR 18-3-1).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from digiteach import engine as eng
from digiteach.scenario import load_scenario
from digiteach.scenario.play import drive, library_for
from digiteach.setup import Action, StackRef

HOSTILE = Path(__file__).parent / "hostile"


def _opened() -> tuple[Any, Any]:
    run = drive(load_scenario("attack-resolution-5"), prefix=[])
    return run.initial, run.history[-1]


@pytest.mark.parametrize("answer", [0, [1], b"Block", 3.5, True])
def test_step_refuses_an_answer_that_is_not_a_string(answer: object) -> None:
    _, state = _opened()
    with pytest.raises(eng.IllegalAnswer, match="not " + type(answer).__name__):
        eng.step(state, answer)  # type: ignore[arg-type]


@pytest.mark.parametrize("action, names", [
    (Action("attack", card="A.battle[0]"), "Action.card"),  # type: ignore[arg-type]
    (Action("attack", card=StackRef("A", 0), target=3), "Action.target"),  # type: ignore[arg-type]
    (Action("attack", card=StackRef("C", 0)), "player"),  # type: ignore[arg-type]
    (Action("attack", card=StackRef("A", -1)), "index"),
    (Action("digivolve", card=StackRef("A", 0), hand_card="BT1-064", cost=-2), "Action.cost"),
    (Action("play", hand_card=64), "Action.hand_card"),  # type: ignore[arg-type]
    ("attack", "not an Action"),
])
def test_begin_refuses_a_malformed_action(action: object, names: str) -> None:
    initial, _ = _opened()
    with pytest.raises(eng.IllegalAction, match=names):
        eng.begin(initial, action)  # type: ignore[arg-type]


def test_effects_that_loop_without_end_stop_with_endless_loop() -> None:
    scenario = load_scenario(HOSTILE / "loop-suspend-unsuspend.yml")
    initial = eng.initial_state(scenario.setup, library_for(scenario))
    with pytest.raises(eng.EndlessLoop, match="CR 18-3-1"):
        eng.run(eng.begin(initial, scenario.action), [])


def test_a_long_line_of_brackets_is_refused_before_parsing() -> None:
    """A 200,000-character line of '[' took the YAML parser 10-15 s to refuse; the scan before parsing is quick."""
    import time

    from digiteach.scenario import ScenarioError
    from digiteach.scenario.reader import read_yaml

    text = (HOSTILE / "deep-list-200000-unclosed.yml").read_text(encoding="utf-8")
    start = time.perf_counter()
    with pytest.raises(ScenarioError, match="nested more than 40 levels"):
        read_yaml(text, "deep.yml")
    assert time.perf_counter() - start < 2.0


@pytest.mark.parametrize("change, error, words", [
    ({"memory": "3"}, TypeError, "Setup.memory must be a whole number (int), got str '3'"),
    ({"memory": True}, TypeError, "got bool True"),
    ({"memory": 3.5}, TypeError, "got float 3.5"),
    ({"turn": 2.0}, TypeError, "Setup.turn must be a whole number"),
    ({"turn_player": "C"}, ValueError, "Setup.turn_player must be 'A' or 'B', got 'C'"),
])
def test_initial_state_refuses_a_bad_setup_value(change: dict[str, Any], error: type[Exception], words: str) -> None:
    """Fault report 9: memory="3" was a bare TypeError from a comparison, True and 3.5 and "C" were accepted."""
    from dataclasses import replace

    scenario = load_scenario("attack-resolution-5")
    with pytest.raises(error) as info:
        eng.initial_state(replace(scenario.setup, **change), library_for(scenario))
    assert words in str(info.value)


def test_initial_state_refuses_a_stack_without_cards() -> None:
    """An empty StackSetup(()) was accepted and an attack with it raised IndexError."""
    from dataclasses import replace

    from digiteach.setup import StackSetup

    scenario = load_scenario("attack-resolution-5")
    a, b = scenario.setup.sides
    setup = replace(scenario.setup, sides=(replace(a, battle_area=(StackSetup(()),)), b))
    with pytest.raises(ValueError, match="Player A has a stack without cards"):
        eng.initial_state(setup, library_for(scenario))


@pytest.mark.parametrize("step_index, label, words", [
    (None, "x", "step_index must be int, got NoneType None"),
    ("3", "x", "step_index must be int, got str '3'"),
    (True, "x", "step_index must be int, got bool True"),
    (3, None, "label must be str, got NoneType None"),
])
def test_branch_refuses_a_step_or_label_of_the_wrong_type(step_index: Any, label: Any, words: str) -> None:
    """branch(sc, "3", ...) said "step 3 is not reached"; branch(sc, None, ...) was a bare TypeError."""
    from digiteach.scenario import branch

    with pytest.raises(TypeError, match=words.replace("(", r"\(").replace(")", r"\)")):
        branch(load_scenario("attack-resolution-5"), step_index, label)
