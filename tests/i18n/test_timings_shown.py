"""The attack timings and phases a step is told in (the line above each caption, every "steps so far" line) are
named in the language of the line, from the one table of terms (:func:`digiteach.i18n.term`), in the player, the HTML
export and the page of every line alike; the engine keeps the English value."""

from __future__ import annotations

from pathlib import Path

from digiteach import i18n
from digiteach.render import step_log_line, trace_frames
from digiteach.scenario import load_scenario, play as play_scenario

ENGLISH = ("counter timing", "attack declaration", "block timing", "battle", "end of attack")
GERMAN = ("Konter-Zeitpunkt", "Angriffsansage")


def _english_timings(texts: list[str]) -> list[str]:
    return [t for t in texts if t.split(": ")[0].split(". ")[-1].casefold() in ENGLISH]


def test_a_log_line_names_its_timing_in_the_language_in_force() -> None:
    with i18n.language("de"):
        trace = play_scenario(load_scenario("attack-resolution-5"))
        lines = [step_log_line(s) for s in trace.steps]
    assert trace.steps[1].timing == "counter timing"  # the engine's value stays English
    assert lines[1].startswith("2. Konter-Zeitpunkt: ") and lines[0].startswith("1. Angriffsansage: ")
    assert _english_timings(lines) == []
    english = [step_log_line(s) for s in play_scenario(load_scenario("attack-resolution-5"), "en").steps]
    assert english[1].casefold().startswith("2. counter timing: ")  # named once: the caption opens with it


def test_frames_name_their_timing_in_the_language_of_the_line() -> None:
    with i18n.language("de"):
        trace = play_scenario(load_scenario("attack-resolution-5"))
        frames = trace_frames(trace, draw=())
    timings = [f.timing for f in frames]
    assert set(GERMAN) <= set(timings) and not set(ENGLISH) & set(timings)
    assert _english_timings([f.log for f in frames]) == []
    english = trace_frames(play_scenario(load_scenario("attack-resolution-5"), "en"), draw=())
    assert english[1].timing == "counter timing" and english[1].log.casefold().startswith("2. counter timing: ")


def test_the_player_names_timings_in_its_language_and_switches_them() -> None:
    from widgets.player import play

    player = play("attack-resolution-5", lang="de")
    assert player.frames[1]["timing"] == "Konter-Zeitpunkt" and player.frames[1]["log"].startswith("2. Konter-Zeitpunkt: ")
    assert not player.frames[1]["log"].startswith("2. Konter-Zeitpunkt: Konter-Zeitpunkt")
    player.lang = "en"
    assert player.frames[1]["timing"] == "counter timing" and player.frames[1]["log"].casefold().startswith("2. counter timing")


def test_the_html_export_names_timings_in_its_language(tmp_path: Path) -> None:
    from widgets.player import play

    page = play("attack-resolution-5", lang="de").export_html(tmp_path / "de.html").read_text(encoding="utf-8")
    assert "<bdi>Konter-Zeitpunkt</bdi>" in page and "Konter-Zeitpunkt: " in page
    assert "counter timing" not in page and "attack declaration" not in page
    page = play("attack-resolution-5", lang="en").export_html(tmp_path / "en.html").read_text(encoding="utf-8")
    assert "<bdi>counter timing</bdi>" in page and "Konter-Zeitpunkt" not in page


def test_the_page_of_every_line_names_timings_in_its_language() -> None:
    from digiteach.export_branches import branch_tree, branches_data

    with i18n.language("de"):
        data = branches_data(branch_tree(load_scenario("ruling-R42"), limit=5))
    logs = [f["log"] for f in data["frames"]]
    assert any(line.startswith("Angriffsansage: ") for line in logs) and _english_timings(logs) == []
    data = branches_data(branch_tree(load_scenario("ruling-R42"), limit=5))
    assert any(f["log"].startswith("Attack declaration: ") for f in data["frames"])
