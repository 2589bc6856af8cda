"""No English left in German output: a German trace of every bundled scenario carries none of the catalogue's
English phrases, and the outcome panel, the quiz, ``explore``, the loader's errors, ``check``'s differences and the
scenario titles and notes are German when German is chosen (English where it is not)."""

from __future__ import annotations

import importlib.util
import io
import re
import string
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from digiteach import i18n
from digiteach.cli import main, trace_text
from digiteach.explore import explore
from digiteach.learn_command import explore_text
from digiteach.outcome import differences, outcome_lines
from digiteach.quiz import make_quiz, quiz_text
from digiteach.scenario import ScenarioError, branch, bundled_ids, check, load_scenario, parse_scenario, play
from digiteach.scenario.model import NOTE_KINDS

REPO = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_script_phrases", REPO / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _english_phrases() -> tuple[str, ...]:
    """The literal runs (between placeholders) of more than 3 words of every catalogue text whose German differs
    from its English: none of them may stand in a German text."""
    cat = _script().read("de")
    out: set[str] = set()
    for msg in cat:
        if not msg.id or not isinstance(msg.id, str) or msg.string == msg.id:
            continue
        for literal, *_ in string.Formatter().parse(msg.id.replace("{{", "(").replace("}}", ")")):
            run = literal.strip(" .,;:()")
            if len(run.split()) > 3:
                out.add(run)
    return tuple(sorted(out))


PHRASES = _english_phrases()


def _card_summaries() -> tuple[str, ...]:
    """Our summaries of the cards' effects (what the engine shows of card data), longest first."""
    return tuple(sorted(_script().card_texts(), key=len, reverse=True))


SUMMARIES = _card_summaries()
"""Our one-line summaries of the cards' texts: card data, written in English; the ``cards`` catalogue translates
some of them (every one a bundled scenario shows, see below)."""


def _untranslated_summaries() -> tuple[str, ...]:
    with i18n.language("de"):
        return tuple(text for text in SUMMARIES if i18n.card_text(text) == text)


UNTRANSLATED = _untranslated_summaries()


def _english_in(text: str) -> list[str]:
    """The catalogue's English phrases in ``text``; the card summaries the ``cards`` catalogue does not translate yet
    are left out (they are card data, shown as written)."""
    for summary in UNTRANSLATED:
        text = text.replace(summary, "")
    return [p for p in PHRASES if p in text]


@pytest.mark.parametrize("sid", bundled_ids())
def test_the_card_texts_a_bundled_scenario_shows_are_german(sid: str) -> None:
    """Every card summary a bundled scenario's trace shows (in a prompt or a label) is in the ``cards`` catalogue:
    the German trace carries none of them in English."""
    scenario = load_scenario(sid)
    with i18n.language("de"):
        text = trace_text(play(scenario))
    assert [s for s in SUMMARIES if s in text] == [], sid


def test_the_phrase_list_is_not_empty() -> None:
    """The check below means something: hundreds of English phrases, among them the trace's and the quiz's."""
    assert len(PHRASES) > 300
    assert "the turn player's effects activate first" in " ".join(PHRASES)


def test_the_check_finds_english() -> None:
    """The same check on an English trace finds the phrases (so a German trace that passes is German)."""
    with i18n.language("en"):
        assert _english_in(trace_text(play(load_scenario("attack-resolution-5"))))


@pytest.mark.parametrize("sid", bundled_ids())
def test_a_german_trace_has_no_english_phrase(sid: str) -> None:
    with i18n.language("de"):
        text = trace_text(play(load_scenario(sid)))
    assert _english_in(text) == [], sid


def test_the_outcome_panel_is_german() -> None:
    scenario = load_scenario("attack-resolution-5")
    with i18n.language("de"):
        trace = play(scenario)
        first = next(s for s in trace.steps if s.decision is not None)
        other = next(o for o in first.decision.options if o != first.choice)  # type: ignore[union-attr]
        mine = branch(trace, first.index, other)
        lines = outcome_lines(trace.result)
        diffs = differences(mine, trace)
    assert lines[0].startswith("Gelöscht: ") and lines[1] == "Sicherheitsstapel: Spieler A 3, Spieler B 1"
    assert lines[2] == "Speicher: 3 auf der Seite von Spieler A" and lines[3] == "Sieger: noch keiner"
    assert diffs and all("(dokumentiert: " in d for d in diffs)
    assert not _english_in("\n".join([*lines, *diffs]))
    with i18n.language("en"):
        assert outcome_lines(trace.result)[1] == "Security Stacks: Player A 3, Player B 1"


def test_the_quiz_is_german() -> None:
    scenario = load_scenario("attack-resolution-5")
    with i18n.language("de"):
        text = quiz_text(make_quiz(scenario))
    assert "Fragen" in text and "Antwort: " in text and "vor Schritt" in text
    assert "kämpft gegen" in text and "Welches löscht der Kampf?" in text
    assert _english_in(text) == []


def test_explore_is_german() -> None:
    with i18n.language("de"):
        text = explore_text(explore(load_scenario("attack-resolution-5")))
    assert text.startswith("attack-resolution-5 ab Schritt 1") and "Ergebnis 1: 1 Linie" in text
    assert "Speicher: A3; Sieger: keiner; Spieler am Zug: A" in text
    assert _english_in(text) == []


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()


BROKEN = """\
id: broken
title: t
source: s
setup:
  turn_player: A
  memory: A3
  A: {battle_area: [BT1-08]}
  B: {}
action:
  attack: {with: BT1-081, target: player}
"""


def test_loader_errors_are_german_and_keep_the_files_words() -> None:
    """What is wrong and what would be right in German; the field names and values as the file wrote them."""
    with i18n.language("de"), pytest.raises(ScenarioError) as caught:
        parse_scenario(BROKEN, "broken.yaml")
    text = "\n".join(str(e) for e in caught.value.all())
    assert "unbekannte Kartennummer 'BT1-08'" in text and "setup.A.battle_area[0]" in text
    assert "erwartet: eine Karte aus der Bibliothek" in text and _english_in(text) == []
    with i18n.language("de"), pytest.raises(ScenarioError) as schema:
        parse_scenario(BROKEN + "choicez: []\n", "broken.yaml")
    assert "choicez: unbekannter Schlüssel 'choicez'; meintest du 'choices'?" in str(schema.value)
    with i18n.language("en"), pytest.raises(ScenarioError) as english:
        parse_scenario(BROKEN, "broken.yaml")
    assert "unknown card number 'BT1-08'" in str(english.value)


def test_check_differences_are_german(tmp_path: Path) -> None:
    source = (REPO / "digiteach" / "scenarios" / "ruling-R42.yaml").read_text(encoding="utf-8")
    wrong = re.sub(r"(?m)^  winner: none$", "  winner: A", source)
    assert wrong != source
    with i18n.language("de"):
        diffs = check(parse_scenario(wrong, "wrong.yaml"))
    assert diffs and all("erwartet A, erhalten kein Sieger" in d for d in diffs if "winner" in d)
    status, _, err = run("check", str(tmp_path / "missing.yaml"), "--lang", "de")
    assert status == 2 and "Datei nicht gefunden" in err and err.startswith("Fehler: ")


def test_scenario_titles_and_notes_follow_the_language() -> None:
    scenario = load_scenario("attack-resolution-5")
    assert scenario.title_in("en") == scenario.title
    assert scenario.title_in("de").startswith("<Piercing> wartet")
    assert "Sicherheitsstapel" in scenario.notes_in("de") and scenario.notes_in("en") == scenario.notes
    with i18n.language("de"):
        assert play(scenario).title == scenario.title_in("de")
    assert play(scenario, "en").title == scenario.title
    status, text, _ = run("list", "--lang", "de")
    assert status == 0 and "attack-resolution-5\t<Piercing> wartet" in text


@pytest.mark.parametrize("sid", bundled_ids())
def test_every_bundled_scenario_has_a_german_title(sid: str) -> None:
    scenario = load_scenario(sid)
    assert scenario.title_in("de") != scenario.title, sid
    for kind in NOTE_KINDS:
        for k, note in enumerate(scenario.notes_of(kind)):
            assert scenario.note_in(kind, k, "de") != note.note, (sid, kind, k)


FACTS = re.compile(r"\b(?:Q\d+|[A-Z]{1,3}\d+-\d+|\d+(?:-\d+)+)\b")
"""Q&A numbers (Q1976), card numbers (BT5-031, P-027) and rule numbers (15-4-3-5, 1-3-2): facts a translation keeps."""


@pytest.mark.parametrize("sid", bundled_ids())
def test_every_bundled_scenario_has_german_notes_with_the_same_facts(sid: str) -> None:
    """A German classroom reads German notes for every bundled scenario (no fallback to the English ones), and
    they name every rule, Q&A and card number the English notes name, as often."""
    scenario = load_scenario(sid)
    assert scenario.notes, sid
    german = scenario.notes_in("de")
    assert german != scenario.notes, f"{sid}: no translations.de.notes"
    missing = Counter(FACTS.findall(scenario.notes)) - Counter(FACTS.findall(german))
    assert not missing, (sid, dict(missing))


def test_the_facts_check_finds_a_dropped_number() -> None:
    """The check above means something: a German text that leaves out a rule number fails it."""
    scenario = load_scenario("attack-resolution-5")
    dropped = scenario.notes_in("de").replace("15-4-3-5", "")
    assert Counter(FACTS.findall(scenario.notes)) - Counter(FACTS.findall(dropped)) == Counter({"15-4-3-5": 1})


def test_a_translation_needs_one_wiki_note_per_note() -> None:
    source = (REPO / "digiteach" / "scenarios" / "triggered-effects-3.yaml").read_text(encoding="utf-8")
    extra = source.replace("    wiki_notes:\n      - >-\n", "    wiki_notes:\n      - eine zu viel\n      - >-\n")
    assert extra != source
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(extra, "te3.yaml")
    assert caught.value.field == "translations.de.wiki_notes"
    assert "2 translated texts for wiki_notes, but the file's wiki_notes has 1" in str(caught.value)
    with pytest.raises(ScenarioError) as unknown:
        parse_scenario(source.replace("translations:\n  de:", "translations:\n  fr:"), "te3.yaml")
    assert "unknown key 'fr'" in str(unknown.value)


def test_the_page_of_every_line_is_german() -> None:
    """``digiteach export --branches --lang de``: the page's own words (static and those branches.js writes) are
    German; branches.js keeps English only as the fallback of a page that carries no words."""
    from digiteach.export_branches import branch_tree, branches_data, page_words

    with i18n.language("de"):
        words = page_words()
        data = branches_data(branch_tree(load_scenario("ruling-R42"), limit=5))
    assert words["outcome"] == "Ergebnis dieser Linie" and words["counter"] == "Schritt {n} von {total}"
    assert data["words"] == words and _english_in("\n".join(words.values())) == []
    timings = {f["timing"] for f in data["frames"]}
    assert "Angriffsansage" in timings and "attack declaration" not in timings
    with i18n.language("en"):
        assert page_words()["outcome"] == "Outcome of this line"


def test_the_players_outcome_panel_and_title_follow_its_language() -> None:
    import widgets

    player = widgets.play("attack-resolution-5", lang="de")
    assert player.outcome["lines"][1] == "Sicherheitsstapel: Spieler A 3, Spieler B 1"
    assert player.title.startswith("<Piercing> wartet")
    player.lang = "en"
    assert player.outcome["lines"][1] == "Security Stacks: Player A 3, Player B 1"
    assert player.title == load_scenario("attack-resolution-5").title


HOSTILE = sorted((REPO / "tests" / "scenarios" / "hostile").glob("*.y*ml"))


def test_the_hostile_files_are_refused_in_german() -> None:
    """Every file of the hostile corpus that the loader refuses is refused in German: what is wrong and what would
    be right carry no English phrase of the catalogue (the file's own words and the YAML parser's quote aside)."""
    refused = 0
    for path in HOSTILE:
        with i18n.language("de"):
            try:
                load_scenario(path)
            except ScenarioError as exc:
                refused += 1
                text = "\n".join(f"{e.message}\n{e.expected}" for e in exc.all())
                assert _english_in(text) == [], (path.name, text)
    assert refused > 100
