"""A scenario's notes (why the ruling goes so) reach the people reading its trace: ``Trace.notes`` in the language in
force, the ``digiteach trace`` text (after the result, under ``notes:``) and ``trace --json`` (a ``notes`` key); on a
learner's own line the same notes under a first line saying they explain the documented line."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from digiteach import i18n
from digiteach.cli import main
from digiteach.scenario import branch, in_language, load_scenario, play
from digiteach.views import Trace

HOSTILE = Path(__file__).resolve().parents[1] / "viz" / "hostile_scenario.yaml"
SID = "attack-resolution-1"


def run(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(list(argv), out=out, err=err) == 0, err.getvalue()
    return out.getvalue()


def english_notes() -> str:
    return load_scenario(SID).notes.strip()


def german_notes() -> str:
    return load_scenario(SID).notes_in("de").strip()


def test_the_trace_text_ends_with_the_notes_indented_under_a_heading() -> None:
    text = run("trace", SID)
    head, notes = text.split("\nnotes:\n")
    assert "\nresult:\n" in head and "winner:" in head.splitlines()[-1]
    assert notes.rstrip("\n").splitlines() == ["  " + line for line in english_notes().splitlines()]
    assert "Q1976" in notes and "(16-7-4)" in notes


def test_the_trace_json_has_the_notes() -> None:
    doc = json.loads(run("trace", SID, "--json"))
    assert doc["notes"] == english_notes()
    assert list(doc)[-1] == "notes"


def test_in_german_the_text_and_json_have_the_german_notes() -> None:
    text = run("trace", SID, "--lang", "de")
    assert "\nAnmerkungen:\n" in text and "\nnotes:\n" not in text
    assert text.rstrip("\n").endswith("  " + german_notes().splitlines()[-1])
    assert json.loads(run("trace", SID, "--json", "--lang", "de"))["notes"] == german_notes()
    assert german_notes() != english_notes()


def test_hostile_notes_are_printed_escaped() -> None:
    """The hostile file's notes hold markup and a line break inside a quoted string: the trace prints them as text,
    and a control character in notes never reaches the terminal raw."""
    text = run("trace", str(HOSTILE))
    notes = text.split("\nnotes:\n")[1]
    assert "</script><img src=x onerror=alert(3)>" in notes
    scenario = load_scenario(str(HOSTILE))
    doc = json.loads(run("trace", str(HOSTILE), "--json"))
    assert doc["notes"] == scenario.notes.strip()


def test_a_control_character_in_notes_is_escaped(tmp_path: Path) -> None:
    source = Path(load_scenario(SID).path).read_text(encoding="utf-8")
    evil = tmp_path / "evil.yaml"
    notes = 'notes: "\\e[2Jwiped \\u202e reversed\\nsecond line"\n'  # YAML escapes: ESC and RIGHT-TO-LEFT OVERRIDE
    evil.write_text(re.sub(r"(?ms)^notes: \|\n.*?(?=^translations:)", lambda _: notes, source), encoding="utf-8")
    notes = run("trace", str(evil)).split("\nnotes:\n")[1]
    assert "\x1b" not in notes and "\u202e" not in notes
    assert notes.splitlines()[:2] == ["  \\x1b[2Jwiped \\u202e reversed", "  second line"]


def other_answer(trace: Trace) -> tuple[int, str]:
    at = next(k for k, s in enumerate(trace.steps) if s.decision is not None)
    decision = trace.steps[at].decision
    assert decision is not None
    return at, next(o for o in decision.options if o != trace.steps[at].choice)


def test_a_learners_own_line_shows_the_notes_as_the_documented_lines() -> None:
    scenario = load_scenario(SID)
    documented = play(scenario, "en")
    assert documented.notes == english_notes()
    at, label = other_answer(documented)
    own = branch(documented, at, label)
    first, rest = own.notes.split("\n\n", 1)
    assert "documented line" in first and rest == english_notes()
    again = branch(documented, at, documented.steps[at].choice or "")  # the documented answer: the documented line
    assert again.notes == english_notes()
    german = in_language(own, "de")
    first_de, rest_de = german.notes.split("\n\n", 1)
    assert "dokumentierte Linie" in first_de and rest_de == german_notes()
    assert in_language(documented, "de").notes == german_notes()


def test_a_branch_made_in_german_is_told_in_german() -> None:
    with i18n.language("de"):
        documented = play(load_scenario(SID))
        at, label = other_answer(documented)
        own = branch(documented, at, label)
    assert documented.notes == german_notes()
    assert own.notes.startswith("Warum (die dokumentierte Linie") and own.notes.endswith(german_notes())
