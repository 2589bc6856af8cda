"""Playing scenarios with the engine: check, stops at decisions, illegal choices, branching.

Expected outcomes come from the scenario's source (Attack Resolution ex. 1, ruling R42) and the CR,
never from engine output.
"""

from __future__ import annotations

import io
import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from digiteach.cli import EXIT_FAIL, EXIT_INVALID, EXIT_OK, main
from digiteach.scenario import ScenarioPlayError, branch, check, load_scenario, parse_scenario, play

HERE = Path(__file__).parent
EX1 = HERE / "valid" / "attack_ex1.yaml"
TEXT = EX1.read_text(encoding="utf-8")


def variant(tmp_path: Path, old: str, new: str, name: str = "variant.yaml") -> Path:
    """A copy of attack_ex1.yaml with one text replacement (the original is never touched)."""
    assert old in TEXT, old
    path = tmp_path / name
    path.write_text(TEXT.replace(old, new, 1), encoding="utf-8")
    return path


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()


def block_step(trace: object) -> int:
    steps = getattr(trace, "steps")
    return next(s.index for s in steps if s.decision is not None and s.decision.kind == "block")


def test_example_1_passes() -> None:
    """Attack Resolution ex. 1 / R42: Kabuterimon blocks and is deleted, <Piercing> finds no card, no win."""
    assert check(load_scenario(EX1)) == []


def test_wrong_expectation_is_reported_with_its_line(tmp_path: Path) -> None:
    path = variant(tmp_path, "security: {A: 0, B: 0}", "security: {A: 0, B: 1}")
    diffs = check(load_scenario(path))
    assert diffs == ["expect.security (line 33): Player B's Security Stack: expected 1, got 0"]


def test_expecting_a_win_fails(tmp_path: Path) -> None:
    """CR 1-2-3-1 / 11-5-1-2: the block switched the target, so <Piercing> cannot win."""
    diffs = check(load_scenario(variant(tmp_path, "winner: none", "winner: A")))
    assert len(diffs) == 1 and "expected A, got no winner" in diffs[0]


def test_running_out_of_choices_stops_at_the_decision(tmp_path: Path) -> None:
    path = variant(tmp_path, "  - B: Block\n  - A: Activate\n", "")
    scenario = load_scenario(path)
    trace = play(scenario)
    last = trace.steps[-1]
    assert last.decision is not None and last.decision.kind == "block" and last.decision.player == "B"
    assert trace.result.stopped_at == f"Player {last.decision.player}: {last.decision.prompt}"
    diffs = check(scenario)
    assert any("play stopped at a decision with no scripted choice left" in d and "block" in d for d in diffs)


def test_stops_at_makes_an_intentional_stop_pass(tmp_path: Path) -> None:
    text = TEXT.replace("  - B: Block\n  - A: Activate\n", "")
    text = text[: text.index("expect:")] + "expect:\n  stops_at: Block with ST4-08\n  security: {B: 0}\n"
    path = tmp_path / "stop.yaml"
    path.write_text(text, encoding="utf-8")
    assert check(load_scenario(path)) == []


def test_stops_at_that_does_not_match_fails(tmp_path: Path) -> None:
    text = TEXT.replace("  - A: Activate\n", "")
    text = text[: text.index("expect:")] + "expect:\n  stops_at: counter\n"
    path = tmp_path / "stop.yaml"
    path.write_text(text, encoding="utf-8")
    diffs = check(load_scenario(path))
    assert len(diffs) == 1 and "expected to stop at 'counter'" in diffs[0] and "optional" in diffs[0]


def test_illegal_choice_names_its_line_and_the_legal_labels(tmp_path: Path) -> None:
    path = variant(tmp_path, "  - B: Block\n", "  - B: Block with BT1-064\n")
    with pytest.raises(ScenarioPlayError) as info:
        play(load_scenario(path))
    err = info.value
    assert (err.line, err.field) == (28, "choices[0]")
    assert "Block with ST4-08 Kabuterimon" in err.expected and "Don't block" in err.expected
    assert "CR 12-1" in err.message  # the engine's IllegalAnswer names the rule
    assert err.expected.count("Don't block") == 1  # the legal labels once
    assert err.trace is not None and err.trace.steps[-1].decision is not None  # the play up to that decision
    with pytest.raises(ScenarioPlayError):  # invalid input, not a failed ruling
        check(load_scenario(path))


def test_a_choice_can_name_an_option_by_its_position(tmp_path: Path) -> None:
    """``#1`` is the decision's first option as the trace lists it (here "Block with ST4-08 Kabuterimon")."""
    by_label = play(load_scenario(variant(tmp_path, "  - B: Block\n", "  - B: Block\n")))
    by_id = play(load_scenario(variant(tmp_path, "  - B: Block\n", "  - B: '#1'\n")))
    assert by_id.result == by_label.result
    with pytest.raises(ScenarioPlayError, match="not a legal answer"):
        play(load_scenario(variant(tmp_path, "  - B: Block\n", "  - B: '#3'\n")))


def test_choice_for_the_wrong_player_is_refused(tmp_path: Path) -> None:
    path = variant(tmp_path, "  - B: Block\n", "  - A: Block\n")
    with pytest.raises(ScenarioPlayError) as info:
        play(load_scenario(path))
    assert info.value.line == 28
    assert "marked for Player A, but the open decision is Player B's" in info.value.message


def test_unused_choices_are_reported(tmp_path: Path) -> None:
    path = variant(tmp_path, "  - A: Activate\n", "  - A: Activate\n  - B: Don't block\n")
    diffs = check(load_scenario(path))
    assert diffs == ["1 scripted choice(s) not used, from line 30: \"Don't block\""]


def test_branch_without_the_block_wins() -> None:
    """No block: an attack on a player with 0 security by a Digimon that can check 1 card wins (CR 1-2-3-1)."""
    scenario = load_scenario(EX1)
    documented = play(scenario)
    index = block_step(documented)
    trace = branch(scenario, index, "Don't block")
    assert trace.result.winner == "A"
    assert trace.steps[index].choice == "Don't block"
    # the steps before the decision are the documented ones
    assert trace.steps[:index] == documented.steps[:index]


def test_branch_from_a_trace_with_the_documented_answer_replays_it() -> None:
    documented = play(load_scenario(EX1))
    again = branch(documented, block_step(documented), "Block with ST4-08 Kabuterimon")
    assert again.result == documented.result


def test_branch_with_an_illegal_label_raises_the_engines_illegal_answer() -> None:
    documented = play(load_scenario(EX1))
    with pytest.raises(ValueError) as info:
        branch(documented, block_step(documented), "Block with BT1-064 Goblimon")
    assert type(info.value).__name__ == "IllegalAnswer"
    assert "CR 12-1" in str(info.value)


def test_branch_at_a_step_without_decision_raises_index_error() -> None:
    scenario = load_scenario(EX1)
    with pytest.raises(IndexError, match="not a decision step"):
        branch(scenario, 0, "Don't block")


def test_inline_card_is_used_by_the_engine() -> None:
    """A vanilla inline Digimon (our own test card) attacks an empty Security Stack and wins (CR 1-2-3-1)."""
    text = """
id: inline-card
title: Inline card
source: test
setup:
  turn_player: A
  memory: A3
  A: {battle_area: [XX1-001]}
  B: {security: []}
action: {attack: {with: XX1-001}}
expect: {winner: A}
cards:
  - {number: XX1-001, name: Testmon, level: 4, dp: 5000, summary: A test Digimon with no effects.}
"""
    scenario = parse_scenario(text, "inline.yaml")
    assert check(scenario) == []


# ------------------------------------------------------------------------------------------ CLI


def test_cli_check_pass_fail_invalid(tmp_path: Path) -> None:
    code, out, _ = run_cli("check", str(EX1))
    assert (code, out) == (EXIT_OK, "PASS attack-ex1\n")
    failing = variant(tmp_path, "memory: A2", "memory: A5")
    code, out, _ = run_cli("check", str(EX1), str(failing))
    assert code == EXIT_FAIL
    assert out.splitlines()[1] == f"FAIL attack-ex1 ({failing}): expect.memory (line 34): expected A5, got A2"
    code, out, err = run_cli("check", str(EX1), str(HERE / "broken" / "unknown_card.yaml"))
    assert code == EXIT_INVALID and "unknown card number 'BT1-81'" in err


def test_cli_trace_text_shows_steps_pending_and_decisions() -> None:
    code, out, _ = run_cli("trace", str(EX1))
    assert code == EXIT_OK
    assert out.startswith("attack-ex1: Piercing after a block")
    assert "[1] Attack declaration:" in out and "[0] " not in out  # people count steps from 1
    assert "pending generation 1" in out and "[pending]" in out
    assert "decision: Player B (block)" in out
    assert "choice: Block with ST4-08 Kabuterimon" in out
    assert "winner: none" in out


def test_cli_trace_json_follows_the_documented_schema() -> None:
    code, out, _ = run_cli("trace", str(EX1), "--json")
    assert code == EXIT_OK
    doc = json.loads(out)
    schema = json.loads(resources.files("digiteach").joinpath("schema/trace.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(doc, schema)
    assert doc["scenario"] == "attack-ex1" and doc["ruleset"] == "CR 4.2"
    assert [s["index"] for s in doc["steps"]] == list(range(len(doc["steps"])))
    assert doc["result"]["security"] == {"A": 0, "B": 0}
    assert doc["result"]["memory"] == 2 and doc["result"]["winner"] is None


# ------------------------------------------------------------------------------ action sequences


def test_second_attack_found_by_alias_wins() -> None:
    """attack_twice.yaml: the alias follows HerculesKabuterimon to its second attack (CR 1-2-3-1)."""
    assert check(load_scenario(HERE / "valid" / "attack_twice.yaml")) == []


def test_attack_then_pass_sets_memory_to_3_for_the_opponent(tmp_path: Path) -> None:
    """Passing moves memory to 3 on the opponent's side (CR 6-5-1-7-1): A2 -> B3. B's turn then begins and its
    unsuspend phase stands Goblimon up again (CR 6-2-1)."""
    path = variant(tmp_path, "action:\n  attack: {with: Hercules, target: player}\n",
                   "action:\n  - attack: {with: Hercules, target: player}\n  - pass: true\n")
    text = path.read_text(encoding="utf-8").replace("memory: A2", "memory: B3")
    text = text.replace("BT1-064: true ", "BT1-064: false")
    path.write_text(text, encoding="utf-8")
    assert check(load_scenario(path)) == []


def test_later_action_naming_a_deleted_digimon_is_located(tmp_path: Path) -> None:
    """Kabuterimon is deleted in the first attack; a later action cannot use it."""
    path = variant(tmp_path, "action:\n  attack: {with: Hercules, target: player}\n",
                   "action:\n  - attack: {with: Hercules, target: player}\n  - attack: {with: Hercules, target: ST4-08}\n")
    with pytest.raises(ScenarioPlayError) as info:
        play(load_scenario(path))
    err = info.value
    assert err.line == 27 and err.field == "action[1].attack"
    assert "'ST4-08' names no Digimon of Player B at this point" in err.message
    assert "B.battle[0] = BT1-064 Goblimon" in err.expected


def test_later_actions_not_taken_after_a_win_are_reported(tmp_path: Path) -> None:
    path = tmp_path / "three.yaml"
    text = (HERE / "valid" / "attack_twice.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("  - attack: {with: Hercules, target: player}\nchoices",
                                 "  - attack: {with: Hercules, target: player}\n  - pass: true\nchoices"),
                    encoding="utf-8")
    diffs = check(load_scenario(path))
    assert len(diffs) == 1 and "1 later action(s) not taken" in diffs[0] and "(the game was won)" in diffs[0]


def test_branch_again_from_a_branched_trace(tmp_path: Path) -> None:
    """Learner mode: no scripted choices; the learner blocks, then declines [End of Attack] (BT1-081 Q935).

    Declining leaves HerculesKabuterimon suspended and memory at A5.
    """
    scenario = load_scenario(variant(tmp_path, "  - B: Block\n  - A: Activate\n", ""))
    first = play(scenario)
    assert first.steps[-1].decision is not None and first.steps[-1].decision.kind == "block"
    t1 = branch(scenario, block_step(first), "Block with ST4-08 Kabuterimon")
    last = t1.steps[-1]
    assert last.decision is not None and last.decision.player == "A" and last.decision.kind == "optional"
    t2 = branch(t1, last.index, "Don't activate")
    assert t2.result.stopped_at is None and t2.result.memory == 5
    hercules = t2.steps[-1].board.sides[0].battle_area[0]
    assert hercules.top.number == "BT1-081" and hercules.suspended
    with pytest.raises(IndexError):
        branch(scenario, last.index, "Don't activate")  # the scripted play never reaches that step


def test_branch_that_makes_a_later_action_impossible_stops() -> None:
    """attack_twice: declining [End of Attack] leaves HerculesKabuterimon suspended: no second attack (CR 11-1-2)."""
    scenario = load_scenario(HERE / "valid" / "attack_twice.yaml")
    documented = play(scenario)
    eoa = next(s.index for s in documented.steps if s.decision is not None and s.decision.kind == "optional")
    trace = branch(scenario, eoa, "Don't activate")
    assert trace.result.winner is None
    assert trace.result.activation_order[-1].startswith("Activate <Piercing>")


def test_branch_from_a_trace_uses_the_scenario_it_came_from(tmp_path: Path) -> None:
    """Two files with the same id: a trace branches on its own scenario, not on the one loaded last."""
    mine = load_scenario(variant(tmp_path, "memory: A5 ", "memory: A7 "))
    trace = play(mine)
    load_scenario(EX1)  # same id, loaded later
    again = branch(trace, block_step(trace), "Block with ST4-08 Kabuterimon")
    assert again.result.memory == 4  # 7 - 3 for [End of Attack], not 5 - 3


def test_start_turn_plays_a_turn_from_its_draw_phase_up_to_the_action(tmp_path: Path) -> None:
    """Fault report 9: ``phase: draw`` had no way to reach the main phase in a file. ``start_turn: true`` plays the
    draw and breeding phases (CR 6-3, 6-4), then the attack begins in the main phase (CR 6-5-1)."""
    text = TEXT.replace("  phase: main", "  phase: draw").replace(
        "      - {cards: BT1-081 / BT1-079, name: Hercules}\n", "      - {cards: BT1-081 / BT1-079, name: Hercules}\n"
        "    deck: 3\n").replace("  attack: {with: Hercules, target: player}",
                                "  - start_turn: true\n  - attack: {with: Hercules, target: player}")
    path = tmp_path / "draw.yaml"
    path.write_text(text, encoding="utf-8")
    trace = play(load_scenario(str(path)))
    assert [s.timing for s in trace.steps[:3]] == ["draw phase", "breeding phase", "main phase"]
    assert check(load_scenario(str(path))) == []  # the same outcome as the attack from the main phase
    assert run_cli("check", str(path))[0] == EXIT_OK


def test_end_turn_at_the_end_of_turn_with_memory_on_the_turn_players_side_continues_the_turn(tmp_path: Path) -> None:
    """CR 6-6-4 (docs/scenario-format.md, end_turn): the end-of-turn timing is played whatever the memory, and with
    the memory on the turn player's side the turn does not end."""
    text = TEXT.replace("  phase: main", "  phase: end of turn").replace(
        "  attack: {with: Hercules, target: player}", "  end_turn: true")
    text = text[:text.index("choices:")] + "expect:\n  turn_passed: false\n  memory: A5\n" + text[text.index("notes:"):]
    path = tmp_path / "eot.yaml"
    path.write_text(text, encoding="utf-8")
    assert check(load_scenario(str(path))) == []


def test_an_action_with_the_memory_on_the_opponents_side_is_refused_in_the_files_words(tmp_path: Path) -> None:
    """CR 6-1-4-1: the turn-end condition is met, so only end_turn: true can follow; the error names the file's key,
    not Action("end_turn") of the Python API."""
    path = variant(tmp_path, "  memory: A5", "  memory: B2")
    code, out, err = run_cli("check", str(path))
    assert code == EXIT_INVALID and "Action(" not in err, err
    assert "action: Player B has 2 memory, so the turn-end condition is met and Player A takes no more actions" in err
    assert "'end_turn: true'" in err
