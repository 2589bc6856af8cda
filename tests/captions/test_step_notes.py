"""A judge's own note at a step (``step_notes``): the official Q&A or ruling shown beside the step it governs, under
"Note" ("Hinweis"), apart from the wiki-vs-CR line; placed, checked, translated and dumped as wiki notes are."""

from __future__ import annotations

import io
import json
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from digiteach import i18n
from digiteach.cli import main
from digiteach.scenario import (
    ScenarioError,
    ScenarioPlayError,
    branch,
    check,
    dump_scenario,
    load_scenario,
    parse_scenario,
    play,
)

TE10 = Path(load_scenario("triggered-effects-10").path).read_text(encoding="utf-8")
SECOND_UNSUSPEND = "BT2-032 UlforceVeedramon: unsuspend triggered while generation 2"
AT_THE_BLOCK = "Confirming success: the target is a Digimon"  # a step of attack-resolution-1 with no wiki note


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def with_notes(block: str, sid: str = "attack-resolution-1") -> str:
    """The bundled scenario ``sid``'s text with ``block`` (YAML at the top level) added before its translations."""
    text = Path(load_scenario(sid).path).read_text(encoding="utf-8")
    return text.replace("\ntranslations:\n", f"\n{block.strip()}\ntranslations:\n", 1)


def test_r53_shows_q883_at_the_end_of_turn_loss_and_nowhere_else() -> None:
    steps = play(load_scenario("ruling-R53"), "en").steps
    noted = [st for st in steps if st.note]
    assert len(noted) == 1 and "Q883" in noted[0].note
    assert "pending processing set up by BT1-021 MetalGreymon is processed" in noted[0].caption
    assert noted[0].timing == "end of turn" and "loses 3 memory" in noted[0].caption
    assert all("Q883" not in st.differs for st in steps)  # its own line, not the wiki-vs-CR one


def test_te10_says_the_second_unsuspend_is_for_joe_kido_a_blue_tamer() -> None:
    steps = play(load_scenario("triggered-effects-10"), "en").steps
    (noted,) = [st for st in steps if st.note]
    assert SECOND_UNSUSPEND in noted.caption and "BT2-085 Joe Kido is suspended" in noted.caption
    assert "Joe Kido's suspension" in noted.note and "blue Tamer" in noted.note
    firsts = [st.index for st in steps if "UlforceVeedramon: unsuspend" in st.caption and "triggered" in st.caption]
    assert firsts[0] < noted.index  # the first trigger (for Sora & Joe) comes earlier, without the note
    assert any("SkullMeramon" in st.differs for st in steps)  # the wiki note keeps its own line


def test_german_notes_are_shown_in_german_at_the_same_steps() -> None:
    for sid in ("ruling-R53", "triggered-effects-10"):
        english = play(load_scenario(sid), "en").steps
        german = play(load_scenario(sid), "de").steps
        assert [st.index for st in german if st.note] == [st.index for st in english if st.note]
        (de,) = [st.note for st in german if st.note]
        (en,) = [st.note for st in english if st.note]
        assert de != en and de == load_scenario(sid).note_in("step_notes", 0, "de")


def test_a_note_and_a_wiki_note_at_one_step_keep_their_own_lines() -> None:
    scenario = parse_scenario(with_notes(f"""
step_notes:
  - at: "{AT_THE_BLOCK}"
    note: First note.
  - at: "{AT_THE_BLOCK}"
    note: Second note.
wiki_notes:
  - at: "{AT_THE_BLOCK}"
    note: The wiki says otherwise.
"""), "mine.yaml")
    steps = play(scenario, "en").steps
    (at,) = [st for st in steps if st.note]
    assert AT_THE_BLOCK in at.caption and at.note == "First note. Second note."
    assert at.differs.endswith("The wiki says otherwise.") and "note" not in at.differs
    assert not check(scenario)


def test_a_phrase_no_step_holds_is_an_error_at_its_line_never_a_traceback(tmp_path: Path) -> None:
    text = with_notes("step_notes:\n  - at: no caption says this\n    note: lost")
    line = text.splitlines().index("  - at: no caption says this") + 1
    with pytest.raises(ScenarioPlayError) as err:
        play(parse_scenario(text, "mine.yaml"))
    assert (err.value.file, err.value.line, err.value.field) == ("mine.yaml", line, "step_notes[0].at")
    assert "no step's caption contains 'no caption says this'" in str(err.value)
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    for command in ("check", "trace"):
        code, out, errors = run(command, str(path))
        assert code == 2 and f"mine.yaml:{line}: step_notes[0].at" in out + errors
        assert "Traceback" not in out + errors


@pytest.mark.parametrize("block, field, words", [
    ("step_notes:\n  - {at: x, note: y, when: z}", "step_notes[0].when", "when"),
    ("step_notes:\n  - {at: x}", "step_notes[0].note", "note"),
    ("step_note:\n  - {at: x, note: y}", "step_note", "step_notes"),
    ("step_notes:\n  - {at: '', note: y}", "step_notes[0].at", ""),
])
def test_a_malformed_step_note_is_refused_with_its_field(block: str, field: str, words: str) -> None:
    with pytest.raises(ScenarioError) as err:
        parse_scenario(with_notes(block), "mine.yaml")
    assert err.value.field == field and err.value.line is not None
    assert words in str(err.value)


def test_a_translation_needs_one_text_per_step_note() -> None:
    text = TE10.replace("    step_notes:\n      - >-\n", "    step_notes:\n      - eine zu viel\n      - >-\n")
    assert text != TE10
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text, "te10.yaml")
    assert err.value.field == "translations.de.step_notes" and err.value.line is not None
    assert "2 translated texts for step_notes, but the file's step_notes has 1" in str(err.value)
    with i18n.language("de"), pytest.raises(ScenarioError) as german:
        parse_scenario(text, "te10.yaml")
    assert "2 übersetzte Texte für step_notes, aber step_notes der Datei hat 1" in str(german.value)


SMALL = """\
id: small
title: One attack
source: a test
setup:
  turn_player: A
  memory: A3
  A:
    battle_area: [BT1-064]
  B:
    security: [BT1-064]
action:
  attack: {with: BT1-064, target: player}
step_notes:
  - at: "Security check (card 1 of 1)"
    note: "Q&A Q123: a judge's note."
translations:
  de:
    title: Ein Angriff
    step_notes: [Ein Hinweis.]
"""


def test_dump_round_trips_step_notes_and_their_translations() -> None:
    scenario = parse_scenario(SMALL, "small.yaml")
    again = parse_scenario(dump_scenario(scenario), "again.yaml")
    assert again == scenario and again.step_notes == scenario.step_notes and again.step_notes
    assert dict(again.translations)["de"].step_notes == ("Ein Hinweis.",)
    assert again.step_notes[0].line is not None
    assert [st.note for st in play(again, "de").steps if st.note] == ["Ein Hinweis."]
    assert [st.note for st in play(again, "en").steps if st.note] == ["Q&A Q123: a judge's note."]


def test_trace_text_and_json_show_the_note_under_its_own_heading() -> None:
    code, text, _ = run("trace", "triggered-effects-10")
    assert code == 0
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("    note: "))
    assert "Joe Kido's suspension" in lines[k] and SECOND_UNSUSPEND in lines[max(i for i in range(k) if lines[i].startswith("["))]
    code, german, _ = run("trace", "triggered-effects-10", "--lang", "de")
    assert "    Hinweis: Das Aufrichten von UlforceVeedramon" in german
    code, out, _ = run("trace", "triggered-effects-10", "--json")
    data = json.loads(out)
    noted = [s for s in data["steps"] if "note" in s]
    assert len(noted) == 1 and SECOND_UNSUSPEND in noted[0]["caption"]  # the key only where there is a note
    schema = json.loads(resources.files("digiteach").joinpath("schema/trace.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(data, schema)


def test_the_terminal_shows_markup_and_escapes_of_a_note_literally(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(with_notes(f'step_notes:\n  - at: "{AT_THE_BLOCK}"\n    note: "<script>x</script> \\e[31mred\\u202e\\nPASS"'),
                    encoding="utf-8")
    code, out, _ = run("trace", str(path))
    assert code == 0
    (line,) = [line for line in out.splitlines() if line.startswith("    note: ")]
    assert line == "    note: <script>x</script> \\x1b[31mred\\u202e\\nPASS"
    assert "\x1b" not in out and "\u202e" not in out
    code, out, _ = run("trace", str(path), "--json")
    assert "\x1b" not in out and "\u202e" not in out
    assert [s["note"] for s in json.loads(out)["steps"] if "note" in s] == ["<script>x</script> \x1b[31mred\u202e\nPASS"]


def test_a_learners_line_shows_the_note_where_its_phrase_comes() -> None:
    scenario = load_scenario("triggered-effects-10")
    documented = play(scenario, "en")
    at = next(st.index for st in documented.steps if st.decision is not None and len(st.decision.options) > 1)
    step = documented.steps[at]
    assert step.decision is not None
    other = next(o for o in step.decision.options if o != step.choice)
    line = branch(documented, at, other)
    holding = [st.index for st in line.steps if SECOND_UNSUSPEND in st.caption]
    assert [st.index for st in line.steps if st.note] == holding[:1]
    assert all("Joe Kido's suspension" in st.note for st in line.steps if st.note)
