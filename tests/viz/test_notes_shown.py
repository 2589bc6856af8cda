"""A scenario's notes in the HTML export (a "Why" panel under the title, escaped, in the export's language) and in
the step player (the ``notes`` trait the Why panel shows: the shown line's notes, in the player's language)."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest
from fixtures import NEEDS_DOT

from digiteach import i18n
from digiteach.export import html_document
from digiteach.scenario.documented import notes_lines
from digiteach.scenario import load_scenario, play
from widgets.player import Player

pytestmark = NEEDS_DOT

HOSTILE = Path(__file__).resolve().parent / "hostile_scenario.yaml"
SID = "attack-resolution-1"


class Notes(HTMLParser):
    """The text inside ``<details class="notes">`` (its summary apart), and every tag met there."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.open: bool | None = None
        self.summary: list[str] = []
        self.text: list[str] = []
        self.tags: list[str] = []
        self._in_summary = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "details" and ("class", "notes") in attrs:
            self.depth, self.open = 1, any(k == "open" for k, _ in attrs)
        elif self.depth:
            self.depth += tag != "summary"
            self.tags.append(tag)
            self._in_summary = tag == "summary"

    def handle_endtag(self, tag: str) -> None:
        if tag == "summary":
            self._in_summary = False
        elif self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            (self.summary if self._in_summary else self.text).append(data)


def shown(notes: str) -> str:
    """The notes as a panel shows them: one line per paragraph or list item."""
    return "\n".join(notes_lines(notes))


def notes_of(doc: str) -> Notes:
    parser = Notes()
    parser.feed(doc)
    return parser


@pytest.fixture(scope="module")
def hostile() -> tuple[str, str]:
    trace = play(load_scenario(str(HOSTILE)), "en")
    return trace.notes, html_document(trace)


def test_the_export_shows_hostile_notes_literally_under_the_title(hostile: tuple[str, str]) -> None:
    notes, doc = hostile
    assert "</script><img src=x onerror=alert(3)>" in notes
    assert "&lt;/script&gt;&lt;img src=x onerror=alert(3)&gt;" in doc
    assert doc.count("<script>") == 1 and "<img" not in doc  # the page's own script only
    found = notes_of(doc)
    assert found.open is True  # the stacked layout: open (and printed)
    assert "".join(found.summary) == "Why: the ruling in our words"
    assert [t for t in found.tags if t not in ("summary", "div", "bdi")] == []
    assert "".join(found.text) == shown(notes)  # as text, one line per paragraph
    assert doc.index('<details class="notes"') > doc.index("<h1>") and doc.index('<details class="notes"') < doc.index("<nav")


def test_the_export_notes_are_closed_in_stream_and_in_the_exports_language() -> None:
    with i18n.language("de"):
        trace = play(load_scenario(SID))
        doc = html_document(trace, layout="stream")
    found = notes_of(doc)
    assert found.open is False  # stream: a one-line summary, the diagrams keep the room
    assert "".join(found.summary) == "Warum: die Regelentscheidung in unseren Worten"
    assert "".join(found.text) == shown(load_scenario(SID).notes_in("de"))


def test_the_branches_page_shows_the_notes_escaped_in_its_language() -> None:
    from digiteach.export_branches import branch_tree, branches_document

    scenario = load_scenario(str(HOSTILE))
    doc = branches_document(branch_tree(scenario, limit=3))
    found = notes_of(doc)
    assert found.open is True and "".join(found.summary) == "Why: the ruling in our words"
    assert "".join(found.text) == shown(scenario.notes) and "<img" not in doc
    assert doc.index("<h1>") < doc.index('<details class="notes"') < doc.index("<nav")
    with i18n.language("de"):
        doc = branches_document(branch_tree(load_scenario(SID), limit=3))
    assert "".join(notes_of(doc).text) == shown(load_scenario(SID).notes_in("de"))


def test_the_player_carries_the_shown_lines_notes_in_its_language() -> None:
    scenario = load_scenario(SID)
    player = Player(play(scenario, "en"), lang="en")
    from digiteach.scenario import branch

    player.set_branch(lambda at, label: branch(player.trace, at, label))
    assert player.notes == shown(scenario.notes)
    at = next(k for k, s in enumerate(player.trace.steps) if s.decision is not None)
    decision = player.trace.steps[at].decision
    assert decision is not None
    assert player.choose(next(o for o in decision.options if o != player.trace.steps[at].choice), at)
    assert player.notes.startswith("Why (the documented line") and player.notes.endswith(shown(scenario.notes))
    player.lang = "de"
    assert player.notes.startswith("Warum (die dokumentierte Linie")
    assert player.notes.endswith(shown(scenario.notes_in("de")))
    player.back_to_documented()
    assert player.notes == shown(scenario.notes_in("de"))
    player.lang = "en"
    assert player.notes == shown(scenario.notes)


def test_the_panels_undo_the_authors_line_breaks_but_keep_paragraphs_and_list_items() -> None:
    """triggered-effects-8's notes hold a list: each item on its own line, a wrapped sentence on one."""
    lines = notes_lines(load_scenario("triggered-effects-8").notes)
    items = [line for line in lines if line.startswith("- ")]
    assert len(items) >= 2 and all("\n" not in line for line in lines)
    assert len(lines) < len(load_scenario("triggered-effects-8").notes.strip().splitlines())
