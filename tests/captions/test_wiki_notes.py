"""Wiki-vs-CR notes of a scenario shown at the step they concern (judge review rows 36, 43, 51)."""

from __future__ import annotations

from pathlib import Path

import pytest

from digiteach.scenario import ScenarioPlayError, load_scenario, parse_scenario, play, scenario_to_data


@pytest.mark.parametrize("sid, phrase, words", [
    ("attack-resolution-10", "gets -11000 DP", "to 11000 DP"),
    ("triggered-effects-3", "MaloMyotismon: +1 memory) wait", "Player B activate it"),
    ("triggered-effects-10", "SkullScorpiomon is trashed from", "SkullMeramon"),
])
def test_a_scenario_wiki_note_is_shown_at_its_step(sid: str, phrase: str, words: str) -> None:
    steps = play(load_scenario(sid)).steps
    first = next(st for st in steps if phrase in st.caption)
    assert words in first.differs
    assert [st.index for st in steps if words in st.differs] == [first.index]


def test_a_wiki_note_no_step_matches_is_an_error_at_its_line() -> None:
    text = Path(load_scenario("triggered-effects-10").path).read_text(encoding="utf-8")
    text = text.replace('at: "BT4-056 SkullScorpiomon is trashed from', 'at: "Nothing like this happens in')
    scenario = parse_scenario(text, "bad.yaml")
    with pytest.raises(ScenarioPlayError) as err:
        play(scenario)
    assert err.value.field == "wiki_notes[0].at" and err.value.line is not None


def test_wiki_notes_are_dumped_as_written() -> None:
    scenario = load_scenario("triggered-effects-3")
    data = scenario_to_data(scenario)
    assert data["wiki_notes"] == [{"at": wn.at, "note": wn.note} for wn in scenario.wiki_notes]
    assert scenario.wiki_notes
