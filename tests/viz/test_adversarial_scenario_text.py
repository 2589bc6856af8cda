"""End to end: a scenario FILE whose inline card names, effect summary, title, source and notes carry markup,
DOT syntax, Graphviz escapes and script tags (tests/viz/hostile_scenario.yaml). The DOT sources, the rendered
SVGs, the HTML export and the widget frames show that text literally and inject nothing.

Adversarial testing; the unit-level escaping tests are in test_escaping.py.
"""

from __future__ import annotations

import html.parser
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from fixtures import needs_dot

from digiteach.diagrams import step_diagrams
from digiteach.export import html_document
from digiteach.render import trace_frames
from digiteach.scenario import check, load_scenario, play
from digiteach.views import Trace

HERE = Path(__file__).parent
SVG = "{http://www.w3.org/2000/svg}"
NAME_1 = 'H"<>&{}|\\ \n</script><img src=x onerror=alert(4)>\\N\\G\\E\\L\\l'
NAME_2 = "K'<svg onload=alert(6)>\"]; x [label=\"pwn\"]; //"


@pytest.fixture(scope="module")
def trace() -> Trace:
    scenario = load_scenario(str(HERE / "hostile_scenario.yaml"))
    assert check(scenario) == []  # plays like attack-resolution-1 (block, Piercing, [End of Attack])
    return play(scenario)


def test_the_hostile_names_reach_the_views(trace: Trace) -> None:
    assert any(NAME_1 in label for label in trace.result.activation_order)
    assert trace.result.deleted == (f"XX-002 {NAME_2}",)


def test_dot_sources_have_no_injected_nodes(trace: Trace) -> None:
    for i, step in enumerate(trace.steps):
        for g in step_diagrams(step, trace.steps[i - 1] if i else None):
            src = g.source
            # the names' DOT syntax stays inside HTML-like labels: no node called x, no raw quotes in labels
            assert not re.search(r"^\s*x\s*\[", src, re.M), src
            assert "<img" not in src and "<svg" not in src and "</script>" not in src


@needs_dot
def test_svg_html_and_widget_frames_show_the_text_literally(trace: Trace) -> None:
    frames = trace_frames(trace)
    shown: list[str] = []
    for frame in frames:
        for svg in frame.svgs:
            root = ET.fromstring(svg)
            for el in root.iter():
                tag = el.tag.split("}")[-1]
                assert tag not in ("script", "foreignObject", "image", "a", "iframe"), tag
                assert not [a for a in el.attrib if a.lower().startswith("on")], (tag, el.attrib)
            shown.extend(t.text or "" for t in root.iter(f"{SVG}text"))
    text = " ".join(shown)
    for part in ('H"<>&{}|\\', "</script><img src=x onerror=alert(4)>", "\\N\\G\\E\\L\\l",
                 "K'<svg onload=alert(6)>", '"]; x [label="pwn"]; //'):
        assert part in text, part

    doc = html_document(trace, frames)

    class Tags(html.parser.HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.tags: list[tuple[str, list[str]]] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            self.tags.append((tag, [k for k, _ in attrs if k.startswith("on")]))

    parser = Tags()
    parser.feed(doc)
    assert [t for t, _ in parser.tags if t in ("script", "img", "iframe")] == ["script"]  # the page's own
    assert not [t for t in parser.tags if t[1]]
    assert "<title>T &quot; &lt; &gt; &amp; { } | \\" in doc

    from widgets import Player

    player = Player(trace)
    assert player.title == trace.title and "<img src=x onerror=alert(2)>" in player.title  # shown with textContent
    data = json.dumps(player.frames)
    assert "<script" not in "".join(s for f in player.frames for s in f["svgs"].values()).lower()
    assert "onerror=alert(4)" in data  # the raw text travels as data, not as markup
    assert repr(player) == f"Player(scenario='hostile-1', step=1/{len(trace.steps)})"
