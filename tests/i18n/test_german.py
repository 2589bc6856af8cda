"""``--lang de`` / ``DIGITEACH_LANG=de``: the same plays, told in German. Scenario files keep naming English labels
(choices and expect are matched in English), and the German trace has the same steps, rules and outcome."""

from __future__ import annotations

import io
import re

import pytest

from digiteach import i18n
from digiteach.cli import main
from digiteach.scenario import branch, bundled_ids, load_scenario, play

ENGLISH = re.compile(r"\b(the|is|and|Player|Activate|Don't|effects?|memory|Battle Area|security)\b")
"""Words of the English templates that no German caption of the core rules should carry (card names aside)."""


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()


def test_attack_resolution_5_reads_in_german_from_first_step_to_last() -> None:
    status, text, err = run("trace", "attack-resolution-5", "--lang", "de")
    assert status == 0 and err == ""
    steps = [line for line in text.splitlines() if line.startswith("[")]
    assert len(steps) == len(play(load_scenario("attack-resolution-5"), "en").steps)
    for line in steps:
        caption = line.split(": ", 1)[1]
        assert not ENGLISH.search(caption.replace("Wyvern's Breath", "")), line
    assert "Ergebnis:" in text and "Aktivierungsreihenfolge:" in text
    assert "[14] Sicherheitsprüfung: Sicherheitskampf:" in text
    assert "Konter-Zeitpunkt" in text and "Block-Zeitpunkt" in text


def test_the_environment_variable_chooses_german(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DIGITEACH_LANG", "de")
    assert "Regeln: CR 11-3" in run("trace", "attack-resolution-5")[1]
    assert "rules: CR 11-3" in run("trace", "attack-resolution-5", "--lang", "en")[1]


@pytest.mark.parametrize("sid", bundled_ids())
def test_same_play_in_both_languages(sid: str) -> None:
    scenario = load_scenario(sid)
    en, de = play(scenario, "en"), play(scenario, "de")
    assert len(de.steps) == len(en.steps)
    assert [s.rules for s in de.steps] == [s.rules for s in en.steps]
    assert [s.timing for s in de.steps] == [s.timing for s in en.steps]  # terms; shown translated
    assert de.result.security == en.result.security and de.result.winner == en.result.winner
    assert [s.decision is None for s in de.steps] == [s.decision is None for s in en.steps]
    chosen = [(s.decision.options.index(s.choice)) for s in en.steps if s.decision and s.choice is not None]
    assert chosen == [(s.decision.options.index(s.choice)) for s in de.steps if s.decision and s.choice is not None]


def test_check_passes_in_german() -> None:
    status, text, _ = run("check", "ruling-R42", "attack-resolution-5", "--lang", "de")
    assert status == 0 and text.splitlines() == ["PASS ruling-R42", "PASS attack-resolution-5"]


def test_branch_from_a_german_trace_with_a_german_label() -> None:
    scenario = load_scenario("ruling-R42")
    with i18n.language("de"):
        trace = play(scenario)
        at = next(s for s in trace.steps if s.decision is not None)
        other = next(o for o in at.decision.options if o != at.choice)  # type: ignore[union-attr]
        new = branch(trace, at.index, other)
    assert new.steps[at.index].choice == other
    assert "Nicht" in other or "Aktivieren" in other
    english = branch(scenario, at.index, f"#{at.decision.options.index(other) + 1}")  # type: ignore[union-attr]
    assert len(english.steps) == len(new.steps)
