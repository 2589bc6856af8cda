"""What-if exploration (issue 14): every legal continuation from a step, grouped by outcome."""

from __future__ import annotations

import io
import json
from collections import Counter

import pytest

from digiteach import engine as eng
from digiteach.cli import main
from digiteach.explore import DEFAULT_LIMIT, MAX_STEPS_PER_LINE, explore, with_choices
from digiteach.scenario import Scenario, ScenarioError, bundled_ids, load_scenario, play, replay
from digiteach.state import State


def _order(result: object) -> list[str]:
    return [label.split(" of ")[1].split()[0] for label in result.activation_order]  # type: ignore[attr-defined]


@pytest.mark.parametrize("start", ["triggered-effects-9", "triggered-effects-10"])
def test_one_board_two_orders_two_outcomes(start: str) -> None:
    """Triggered Effects examples 9 and 10 are one board (CR 15-4-3-5, 15-4-5-2, 15-8-3-9-2): exploring
    either finds the outcome of both, Majiramon activating last (ex. 9) and not at all (ex. 10)."""
    found = explore(load_scenario(start), limit=1000)
    assert found.complete
    orders = [_order(o.result) for o in found.outcomes]
    for sid in ("triggered-effects-9", "triggered-effects-10"):
        documented = play(load_scenario(sid)).result
        assert _order(documented) in orders, sid
    nine = ["BT5-088", "BT2-085", "BT2-032", "BT2-032", "BT2-032", "BT2-032"]  # the last: Majiramon's, inherited
    ten = ["BT5-088", "BT2-032", "BT2-032", "BT2-085", "BT2-032"]
    assert nine in orders and ten in orders
    last = [o.result.activation_order[-1] for o in found.outcomes if _order(o.result) == nine]
    assert last and all("inherited from Majiramon" in x for x in last)
    assert sum(o.paths for o in found.outcomes) == found.lines


def test_each_outcome_line_replays_to_that_outcome() -> None:
    """The one line given per outcome, played as the scenario's choices, reaches exactly that outcome."""
    scenario = load_scenario("triggered-effects-9")
    for o in explore(scenario).outcomes:
        assert play(with_choices(scenario, o.choices)).result == o.result


def test_an_outcome_line_in_german_replays_to_that_outcome() -> None:
    """``explore`` in German gives each line's answers as German labels; ``with_choices`` takes them as they are
    (in the language in force, as positions underneath), so the line plays in German and in English alike."""
    from digiteach import i18n

    scenario = load_scenario("triggered-effects-10")
    with i18n.language("de"):
        found = explore(scenario, limit=500)
        lines = [(o, with_choices(scenario, o.choices)) for o in found.outcomes]
        assert any(a.startswith("Aktivieren: ") for o in found.outcomes for a in o.choices)
        for o, line in lines:
            assert play(line).result == o.result
    english = {tuple(o.result.activation_order): o.result for o in explore(scenario, limit=500).outcomes}
    for o, line in lines:
        result = play(line, "en").result
        assert result == english[tuple(result.activation_order)]
    with i18n.language("de"):  # a label not legal where it is given: the play says where, in German
        with pytest.raises(ScenarioError, match="keine erlaubte Antwort"):
            play(with_choices(scenario, ["kein solches Ziel"]))


def test_outcomes_are_distinct_and_limit_is_honoured() -> None:
    found = explore(load_scenario("triggered-effects-9"), limit=2)
    assert not found.complete and found.followed == 2 and found.lines < explore(load_scenario("triggered-effects-9")).lines
    full = explore(load_scenario("triggered-effects-9"))
    assert len({(o.result, o.turn_player) for o in full.outcomes}) == len(full.outcomes)


def test_from_a_later_step_keeps_the_documented_prefix() -> None:
    """From the step of the second decision, the first documented answer is fixed: fewer lines, all after it."""
    scenario = load_scenario("triggered-effects-9")
    trace = play(scenario)
    second = [s.index for s in trace.steps if s.decision is not None][1]
    found = explore(scenario, from_step=second + 1)  # trace step numbers start at 1
    assert found.prefix == (trace.steps[[s.index for s in trace.steps if s.decision is not None][0]].choice,)
    assert found.lines < explore(scenario).lines
    assert trace.result in [o.result for o in found.outcomes]


@pytest.mark.parametrize("sid", bundled_ids())
def test_documented_outcome_is_among_the_explored(sid: str) -> None:
    """Every bundled scenario's documented line is one of the lines explored (later actions included)."""
    scenario = load_scenario(sid)
    documented = play(scenario).result
    found = explore(scenario, limit=400)
    if found.complete:
        assert documented in [o.result for o in found.outcomes]
    assert found.lines >= 1


def test_explore_command_json() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["explore", "triggered-effects-10", "--json"], out=out, err=err) == 0
    doc = json.loads(out.getvalue())
    assert doc["complete"] is True
    assert set(doc["outcomes"][0]) == {"result", "turn_player", "paths", "choices", "kinds"}
    assert set(doc["outcomes"][0]["result"]) == {"activation_order", "deleted", "security", "memory", "winner",
                                                  "stopped_at"}
    assert sum(o["paths"] for o in doc["outcomes"]) == doc["lines"]


def test_explore_command_bad_input() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["explore", "triggered-effects-10", "--from-step", "500"], out=out, err=err) == 2
    assert "steps 1.." in err.getvalue()
    err = io.StringIO()
    assert main(["explore", "triggered-effects-10", "--from-step", "0"], out=out, err=err) == 2
    assert "steps 1.." in err.getvalue()
    err = io.StringIO()
    assert main(["explore", "triggered-effects-10", "--limit", "0"], out=out, err=err) == 2
    assert "limit" in err.getvalue()
    err = io.StringIO()
    assert main(["explore", "triggered-effects-10", "--ruleset", "1999"], out=out, err=err) == 2
    assert "not implemented" in err.getvalue()


# ------------------------------------------------------------------------- transpositions (equal positions merged)


def _every_line(scenario: Scenario, cap: int) -> Counter[tuple[object, str]] | None:
    """Outcome (result, turn player) -> number of lines, by following every line to its end with no merging
    (later actions begun through a replay of the line's answers, as play does); None past ``cap`` lines."""
    found: Counter[tuple[object, str]] = Counter()
    todo: list[tuple[State, tuple[str, ...], int]] = [(replay(scenario, ())[0], (), 0)]
    while todo:
        s, answers, depth = todo.pop()
        for _ in range(MAX_STEPS_PER_LINE):
            if s.decision is not None or s.finished:
                break
            s, depth = eng.step(s), depth + 1
        if s.decision is not None:
            todo += [(eng.step(s, label), answers + (label,), depth + 1) for label in s.decision.labels]
            continue
        if scenario.then and s.winner is None:
            try:
                history = replay(scenario, answers)
            except Exception:  # noqa: BLE001 - the later action does not fit this line: it ends here
                history = []
            if len(history) > depth + 1:
                todo.append((history[depth + 1], answers, depth + 1))
                continue
        found[(eng.to_result([s]), "AB"[s.turn_player])] += 1
        if sum(found.values()) > cap:
            return None
    return found


@pytest.mark.parametrize("sid", ["triggered-effects-9", "triggered-effects-1", "triggered-effects-6",
                                 "attack-resolution-5", "attack-resolution-8", "ruling-R39", "ruling-R21"])
def test_merging_equal_positions_changes_no_outcome_and_no_count(sid: str) -> None:
    """Lines that reach the same position by different orders go on alike: merging them leaves every outcome
    and its number of lines as a plain walk of every line finds them."""
    scenario = load_scenario(sid)
    plain = _every_line(scenario, 2000)
    assert plain is not None
    found = explore(scenario)
    assert found.complete and found.lines == sum(plain.values())
    assert {(o.result, o.turn_player): o.paths for o in found.outcomes} == dict(plain)


def test_triggered_effects_7_completes_within_the_default_limit() -> None:
    """Triggered Effects 7: eight effects in pending activation over several generations (CR 15-4-5); its
    2,703 lines pass through far fewer positions, so every line is accounted for within the default limit,
    each outcome's line replays to it, and the documented outcome is among them (a perft-style count)."""
    scenario = load_scenario("triggered-effects-7")
    found = explore(scenario)
    assert found.complete
    assert found.lines == 2703 and found.followed < DEFAULT_LIMIT
    assert sum(o.paths for o in found.outcomes) == found.lines
    assert play(scenario).result in [o.result for o in found.outcomes]
    for o in found.outcomes[:: max(1, len(found.outcomes) // 12)]:
        assert play(with_choices(scenario, o.choices)).result == o.result


def test_a_limit_cut_keeps_complete_false_and_counts_only_what_was_walked() -> None:
    scenario = load_scenario("triggered-effects-7")
    cut = explore(scenario, limit=10)
    assert not cut.complete and cut.followed == 10
    assert cut.lines < 2703 and sum(o.paths for o in cut.outcomes) == cut.lines


def test_explore_names_the_decision_each_answer_answers() -> None:
    """One label can answer an order decision and then the optional decision of the same effect (attack-resolution-6:
    Omnimon's <Blitz> chosen first, then used): the text says which decision each answer is for, so the line does
    not read as the same answer twice; the JSON keeps the labels as they are, with their decision kinds beside them."""
    found = explore(load_scenario("attack-resolution-6"))
    line = next(o for o in found.outcomes if len(o.choices) > 1 and o.choices[0] == o.choices[1])
    assert line.kinds[:2] == ("order", "optional")
    assert len(line.kinds) == len(line.choices)
    out, err = io.StringIO(), io.StringIO()
    assert main(["explore", "attack-resolution-6"], out=out, err=err) == 0
    blitz = "Activate [When Digivolving] of BT5-086 Omnimon: <Blitz>"
    assert f"one line: {blitz} (order) | {blitz} (optional)" in out.getvalue()


@pytest.mark.parametrize(("sid", "lang", "said"), [
    ("attack-resolution-5", "en", "1 line followed to its end, the other reaches a position already worked out)"),
    ("triggered-effects-3", "en", "11 lines followed to their end, the other 17 reach a position already worked out)"),
    ("attack-resolution-5", "de", "1 Linie bis zu ihrem Ende verfolgt, die andere erreicht eine schon ausgewertete "
                                  "Stellung)"),
    ("triggered-effects-3", "de", "11 Linien bis zu ihrem Ende verfolgt, die anderen 17 erreichen eine schon "
                                  "ausgewertete Stellung)"),
])
def test_explore_counts_lines_followed_in_singular_and_plural(sid: str, lang: str, said: str) -> None:
    """`digiteach explore` said "1 followed to their end, the others reach ..." for one line followed and one merged:
    one line and its end, the other reaches; several lines and their end, the other N reach (English and German)."""
    out, err = io.StringIO(), io.StringIO()
    assert main(["explore", sid, "--lang", lang], out=out, err=err) == 0
    assert out.getvalue().splitlines()[0].endswith(said), out.getvalue().splitlines()[0]
