"""The board's "attacks" label reads clear of its own arrow (a newcomer at 1920x1080 saw the thick arrow drawn over
its first letter, lesson 06): a gap before the word and a white cell under it, checked on the drawn SVG of a few
documented examples (the arrow's curve never comes within its own half width of the word's box)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from fixtures import needs_dot

from digiteach.diagrams import board_diagram
from digiteach.render import render_svgs
from digiteach.scenario import load_scenario, play

SVG = "{http://www.w3.org/2000/svg}"
# documented examples with an attack on a Digimon and on a player (the edge to the Security Stack)
EXAMPLES = ("attack-resolution-5", "ruling-R39", "attack-resolution-1", "attack-resolution-3", "triggered-effects-4")


def attack_steps(scenario: str) -> list[str]:
    """The board's SVG at every step of the documented line where an attack is drawn (up to 4 of them)."""
    trace = play(load_scenario(scenario))
    graphs = []
    for k, step in enumerate(trace.steps):
        g = board_diagram(step, trace.steps[k - 1] if k else None)
        if "attacks" in g.source:
            graphs.append(g)
    return render_svgs(graphs[:4])


def curve_points(d: str) -> list[tuple[float, float]]:
    """Points along a Graphviz edge path ("M x,y C x,y x,y x,y ..."), 40 per cubic segment."""
    nums = [tuple(map(float, p.split(","))) for p in re.findall(r"-?[\d.]+,-?[\d.]+", d)]
    out: list[tuple[float, float]] = []
    for i in range(0, len(nums) - 3, 3):
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = nums[i:i + 4]
        for n in range(41):
            t = n / 40
            a, b, c, e = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t ** 2, t ** 3
            out.append((a * x0 + b * x1 + c * x2 + e * x3, a * y0 + b * y1 + c * y2 + e * y3))
    return out


@needs_dot
@pytest.mark.parametrize("scenario", EXAMPLES)
def test_the_attacks_label_is_clear_of_its_arrow(scenario: str) -> None:
    svgs = attack_steps(scenario)
    assert svgs, f"{scenario}: no step draws an attack"
    for svg in svgs:
        edge = next(g for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("class") == "edge"
                    and any((t.text or "") == "attacks" for t in g.iter(f"{SVG}text")))
        path = edge.find(f"{SVG}path")
        text = next(t for t in edge.iter(f"{SVG}text") if t.text == "attacks")
        assert path is not None
        size = float(text.get("font-size") or 0)
        left, base = float(text.get("x") or 0), float(text.get("y") or 0)
        # the bold word's box: ~0.62 em a letter, cap height above the baseline, descent below
        right, top, bottom = left + 0.62 * size * len("attacks"), base - 0.8 * size, base + 0.25 * size
        half = float(path.get("stroke-width") or 1) / 2
        near = [(x, y) for x, y in curve_points(path.get("d") or "")
                if left - half - 1 <= x <= right + half + 1 and top - half - 1 <= y <= bottom + half + 1]
        assert not near, f"{scenario}: the arrow runs over its label 'attacks' at {near[:3]} (word box x {left:.1f}-{right:.1f})"


def test_the_attacks_label_has_a_gap_and_a_white_cell() -> None:
    """DOT level: the label is a table of a gap cell, then the word on the diagram's white."""
    trace = play(load_scenario("attack-resolution-5"))
    source = next(board_diagram(s).source for s in trace.steps if "attacks" in board_diagram(s).source)
    line = next(ln for ln in source.splitlines() if "attacks" in ln)
    assert re.search(r'<TD WIDTH="\d+"></TD><TD BGCOLOR="#FFFFFF"><B>attacks</B></TD>', line), line
    assert "constraint=false" in line and "penwidth=4" in line
