"""Scenario text is escaped everywhere a diagram shows it: it shows literally and cannot break DOT or SVG.

The hostile fixture puts quotes, ``<``, ``>``, braces, backslashes, ``</table>``, ``]; node [...]``, a
``<script>`` tag and a real newline into card names, card numbers, keywords, notes, causes and timings.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from dotparse import parse, text
from fixtures import HOSTILE, hostile_step, needs_dot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from digiteach.diagrams import label_text, step_diagrams
from digiteach.render import render_svgs
from digiteach.views import CardView, StackView

SVG_NS = "{http://www.w3.org/2000/svg}"


def squash(s: str) -> str:
    return re.sub(r"\s+", "", s)


def test_label_text_escapes_markup_and_keeps_backslashes() -> None:
    out = label_text('a"b<c>d&e\'f{g}\\h\\n', wrap=None)
    assert out == "a&quot;b&lt;c&gt;d&amp;e&#x27;f{g}&#92;&#92;h&#92;&#92;n"


@needs_dot
def test_graphviz_escapes_in_names_show_literally() -> None:
    r"""Graphviz expands \N, \G, \E, \L in label text; a card called ``X\Ny\G\\`` must not."""
    from digiteach.diagrams import board_diagram

    name = "X\\Ny\\G\\\\ \\l"
    base = hostile_step()
    a, b = base.board.sides
    a = a.__class__(a.player, (StackView(1, CardView("X-1", name), (), 1000, False),), None, 1, 1, 1, ())
    step = base.__class__(0, "main phase", "", (), (), base.board.__class__("A", "main phase", 0, (a, b)))
    root = ET.fromstring(render_svgs([board_diagram(step)])[0])
    shown = "".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))
    assert "X-1 " + name in shown


def test_label_text_turns_newlines_into_breaks_and_drops_controls() -> None:
    assert label_text("one\ntwo\r\nthree\x00\x07", wrap=None) == "one<BR/>two<BR/>three"


@given(st.text())
def test_label_text_never_leaves_raw_markup(s: str) -> None:
    out = label_text(s)
    assert '"' not in out and "'" not in out and "\\" not in out
    assert re.sub(r"<BR/>", "", out).count("<") == 0
    assert ">" not in re.sub(r"<BR/>", "", out)


def test_hostile_text_never_reaches_dot_raw() -> None:
    for g in step_diagrams(hostile_step(), hostile_step()):
        src = g.source
        assert "<script>" not in src and "</table>" not in src
        assert '"><script>' not in src
        # node names are ours: plain tokens, never scenario text
        for name in parse(src).nodes:
            assert re.fullmatch(r"[A-Za-z0-9_]+", name), name


def test_hostile_text_is_shown_literally_in_every_label() -> None:
    step = hostile_step()
    attack, priority, board = (parse(g.source) for g in step_diagrams(step, step))
    wanted = squash(HOSTILE)
    assert wanted in squash(text(attack.nodes["t_declaration"]["label"]))
    assert any(wanted in squash(a["text"]) for a in priority.nodes.values() if "text" in a)
    board_texts = [squash(a.get("text", "")) for a in board.nodes.values()]
    assert sum(wanted in t for t in board_texts) >= 3  # Digimon, Breeding Area, revealed card, trash


@needs_dot
def test_hostile_diagrams_render_and_show_the_text_literally() -> None:
    step = hostile_step()
    svgs = render_svgs(list(step_diagrams(step, step)))
    assert len(svgs) == 3
    for svg in svgs:
        root = ET.fromstring(svg)  # well-formed XML despite the hostile text
        assert not [el for el in root.iter() if el.tag in (f"{SVG_NS}script", "script")]
        shown = "".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))
        assert squash(HOSTILE) in squash(shown)
        titles = [t.text or "" for t in root.iter(f"{SVG_NS}title")]
        assert all(re.fullmatch(r"[A-Za-z0-9_]+(->[A-Za-z0-9_]+)?|attack|priority|board|turn", t) for t in titles), titles


@needs_dot
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40), min_size=1, max_size=6))
def test_any_card_name_renders_and_reads_back(names: list[str]) -> None:
    """Whatever a scenario calls its cards, the batched render succeeds and each name shows as written."""
    base = hostile_step()
    steps = []
    for name in names:
        card = CardView("X-1", name)
        a, b = base.board.sides
        a = a.__class__(a.player, (StackView(1, card, (), 1000, False),), None, 1, 1, 1, ())
        steps.append(base.__class__(0, "main phase", "", (), (), base.board.__class__("A", "main phase", 0, (a, b))))
    from digiteach.diagrams import board_diagram

    svgs = render_svgs([board_diagram(s) for s in steps])
    for name, svg in zip(names, svgs, strict=True):
        root = ET.fromstring(svg)
        shown = squash("".join(t.text or "" for t in root.iter(f"{SVG_NS}text")))
        visible = squash(re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", "", name))
        assert visible in shown
