"""A judge's note at a step (``step_notes``) beside that step in the HTML export, the every-line (branches) export
and the step player's frames: under its own heading ("Note" / "Hinweis"), escaped, in the language in force."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from fixtures import NEEDS_DOT

from digiteach import i18n
from digiteach.export import html_document
from digiteach.export_branches import branch_tree, branches_data, branches_document
from digiteach.scenario import load_scenario, play
from digiteach.views import Step
from widgets.player import Player

pytestmark = NEEDS_DOT

BIDI = Path(__file__).resolve().parent / "bidi_scenario.yaml"  # its step note: markup, ESC, U+202E, U+2066
CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")
TE10 = "triggered-effects-10"


def section(doc: str, n: int) -> str:
    """The HTML of step ``n`` (counted from 1) of an exported page."""
    start = doc.index(f'<section class="frame" id="step-{n}"')
    return doc[start:doc.index("</section>", start)]


def noted_steps(steps: Sequence[Step]) -> list[int]:
    return [st.index for st in steps if st.note]


def test_the_html_export_shows_the_note_at_its_step_only() -> None:
    trace = play(load_scenario(TE10), "en")
    (k,) = noted_steps(trace.steps)
    doc = html_document(trace)
    assert doc.count('class="step-note"') == 1
    mine = section(doc, k + 1)
    assert '<div class="step-note"><b>Note:</b> <bdi>' in mine and "Joe Kido&#x27;s suspension" in mine
    assert mine.index('class="digiteach-caption"') < mine.index('class="step-note"')
    with i18n.language("de"):
        german = html_document(play(load_scenario(TE10)))
    assert '<div class="step-note"><b>Hinweis:</b> <bdi>Das Aufrichten von UlforceVeedramon' in section(german, k + 1)


def test_a_hostile_note_is_escaped_in_the_html_export() -> None:
    trace = play(load_scenario(str(BIDI)), "en")
    assert "<script>alert('note')</script>" in trace.steps[0].note and "\x1b" in trace.steps[0].note
    doc = html_document(trace)
    assert "&lt;/div&gt;&lt;script&gt;alert(&#x27;note&#x27;)&lt;/script&gt;" in section(doc, 1)
    assert "\\x1b[31mred\\u202eRTL \\u2066" in section(doc, 1)
    assert doc.count("<script>") == 1 and CONTROLS.findall(doc) == []  # the page's own script only
    assert "alert('note')" not in "".join(re.findall(r"<svg.*?</svg>", doc, re.S))  # never in a diagram


def test_the_branches_export_carries_the_documented_lines_notes() -> None:
    scenario = load_scenario(TE10)
    documented = play(scenario, "en")
    tree = branch_tree(scenario, limit=3)
    data = branches_data(tree)
    noted = [f for f in data["frames"] if f["note"]]
    assert [f["caption"] for f in noted] == [documented.steps[k].caption for k in noted_steps(documented.steps)]
    assert "Joe Kido's suspension" in noted[0]["note"] and data["words"]["note"] == "Note: "
    # the wiki note of the documented line comes along too, on its own line
    assert any("SkullMeramon" in f["differs"] for f in data["frames"])
    doc = branches_document(tree)
    assert '<div class="step-note" hidden></div>' in doc
    with i18n.language("de"):
        german = branches_data(branch_tree(scenario, limit=3))
    assert german["words"]["note"] == "Hinweis: "
    assert [f["note"] for f in german["frames"] if f["note"]] == [scenario.note_in("step_notes", 0, "de")]


def test_a_hostile_note_is_escaped_in_the_branches_export() -> None:
    doc = branches_document(branch_tree(load_scenario(str(BIDI)), limit=5))
    assert CONTROLS.findall(doc) == [] and doc.count("<script>") == 1 and "</div><script>" not in doc
    assert "\\u003c/div>\\u003cscript>alert('note')\\u003c/script> \\\\x1b[31mred\\\\u202eRTL" in doc


def test_the_player_frame_carries_the_note_in_the_players_language() -> None:
    trace = play(load_scenario(TE10), "en")
    (k,) = noted_steps(trace.steps)
    player = Player(trace, lang="en")
    assert [f["index"] for f in player.frames if f["note"]] == [k]
    assert "Joe Kido's suspension" in player.frames[k]["note"]
    player.lang = "de"
    assert player.frames[k]["note"].startswith("Das Aufrichten von UlforceVeedramon")
    assert json.dumps(player.frames)  # plain JSON for the widget
