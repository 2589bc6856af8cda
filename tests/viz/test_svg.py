"""Batched SVG/PNG rendering and trace frames: structure only, never golden bytes."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from fixtures import attack_example_5, needs_dot

from digiteach import render
from digiteach.diagrams import attack_diagram, board_diagram, priority_diagram
from digiteach.render import DIAGRAMS, RenderError, find_dot, render_pngs, render_svgs, svg_inline, trace_frames

SVG_NS = "{http://www.w3.org/2000/svg}"
EX5 = attack_example_5()


def groups_with_class(svg: str, cls: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [g for g in root.iter(f"{SVG_NS}g") if cls in (g.get("class") or "").split()]


@needs_dot
def test_batched_render_returns_one_svg_per_graph_in_order() -> None:
    graphs = [attack_diagram(EX5.steps[4]), priority_diagram(EX5.steps[6]), board_diagram(EX5.steps[4])]
    svgs = render_svgs(graphs)
    assert len(svgs) == 3
    titles = [ET.fromstring(s).find(f"{SVG_NS}g/{SVG_NS}title") for s in svgs]
    assert [t.text for t in titles if t is not None] == ["attack", "priority", "board"]
    for s in svgs:
        assert s.startswith("<svg") and s.rstrip().endswith("</svg>")


@needs_dot
def test_current_class_reaches_the_svg() -> None:
    """The DOM contract: the highlighted node is <g class="node current">."""
    svg = render_svgs([attack_diagram(EX5.steps[2])])[0]
    (current,) = groups_with_class(svg, "current")
    assert current.get("class") == "node current"
    assert current.findtext(f"{SVG_NS}title") == "t_counter"
    shown = " ".join(t.text or "" for t in current.iter(f"{SVG_NS}text"))
    assert "counter timing" in shown


@needs_dot
def test_priority_svg_has_one_cluster_per_generation() -> None:
    from fixtures import alliance_two_generations

    svg = render_svgs([priority_diagram(alliance_two_generations())])[0]
    clusters = [g.findtext(f"{SVG_NS}title") for g in groups_with_class(svg, "cluster")]
    assert {c for c in clusters if c and re.fullmatch(r"cluster_g\d+", c)} == {"cluster_g1", "cluster_g2"}
    (current,) = groups_with_class(svg, "current")
    assert "Lopmon" in " ".join(t.text or "" for t in current.iter(f"{SVG_NS}text"))


def test_no_graphs_starts_no_process(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*a: object, **k: object) -> None:
        raise AssertionError("dot must not run")

    monkeypatch.setattr(subprocess, "run", boom)
    assert render_svgs([]) == []
    assert render_pngs([]) == []


@needs_dot
def test_cache_skips_rendered_sources(monkeypatch: pytest.MonkeyPatch) -> None:
    cache: dict[str, str] = {}
    graphs = [attack_diagram(EX5.steps[1]), attack_diagram(EX5.steps[2])]
    first = render_svgs(graphs, cache=cache)
    assert len(cache) == 2
    calls: list[int] = []
    real = subprocess.run

    def counting(*a: object, **k: object) -> object:
        calls.append(1)
        return real(*a, **k)  # type: ignore[call-overload]

    monkeypatch.setattr(subprocess, "run", counting)
    assert render_svgs(graphs, cache=cache) == first
    assert calls == []
    render_svgs([*graphs, attack_diagram(EX5.steps[3])], cache=cache)
    assert calls == [1] and len(cache) == 3


@needs_dot
def test_duplicate_sources_render_once_and_keep_positions() -> None:
    g = attack_diagram(EX5.steps[1])
    svgs = render_svgs([g, attack_diagram(EX5.steps[2]), g])
    assert svgs[0] == svgs[2] != svgs[1]


@needs_dot
def test_a_broken_graph_is_named_by_index() -> None:
    good = attack_diagram(EX5.steps[1]).source
    with pytest.raises(RenderError) as info:
        render_svgs([good, "digraph { a -> }", good])
    assert info.value.index == 1


def test_find_dot_falls_back_to_the_venv(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a kernel started without the venv on PATH, the shim next to sys.executable is used."""
    monkeypatch.delenv("DIGITEACH_DOT", raising=False)
    monkeypatch.setenv("PATH", "/nonexistent")
    here = Path(sys.executable).parent
    if not (here / "dot").exists() and not (here / "graphviz-pure").exists():
        with pytest.raises(RenderError, match="no 'dot' found"):
            find_dot()
    else:
        assert Path(find_dot()).parent == here


def test_find_dot_prefers_the_venvs_renderer_to_a_dot_on_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Another ``dot`` first on PATH (a system Graphviz, a version manager's wrapper) is not used while the venv has
    its own: the output and its speed stay the venv's (the project's design: prefer the venv's renderer)."""
    here = Path(sys.executable).parent
    if not (here / "dot").exists() and not (here / "graphviz-pure").exists():
        pytest.skip("this Python has no renderer of its own beside it")
    other = tmp_path / "dot"
    other.write_text("#!/bin/sh\nexit 1\n", encoding="utf-8")
    other.chmod(0o755)
    monkeypatch.delenv("DIGITEACH_DOT", raising=False)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}")
    assert Path(find_dot()).parent == here


def test_find_dot_honours_the_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DIGITEACH_DOT", "/opt/graphviz/bin/dot")
    assert find_dot() == "/opt/graphviz/bin/dot"


def test_missing_dot_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DIGITEACH_DOT", os.path.join(os.sep, "nonexistent", "dot"))
    with pytest.raises(RenderError, match="cannot run"):
        render_svgs([attack_diagram(EX5.steps[1])])


def test_svg_inline_prefixes_ids_and_rejects_odd_prefixes() -> None:
    svg = '<svg><g id="graph0"><g id="node1" class="node"><a xlink:href="#node1"/></g></g></svg>'
    out = svg_inline(svg, "s3-board-")
    assert 'id="s3-board-graph0"' in out and 'id="s3-board-node1"' in out and 'href="#s3-board-node1"' in out
    with pytest.raises(ValueError):
        svg_inline(svg, '"><script>')


@needs_dot
def test_pngs_are_split_per_graph() -> None:
    pngs = render_pngs([attack_diagram(EX5.steps[1]), board_diagram(EX5.steps[1])])
    assert len(pngs) == 2
    assert all(p.startswith(b"\x89PNG\r\n\x1a\n") and p.endswith(b"IEND\xaeB`\x82") for p in pngs)


def test_png_splitter_rejects_garbage() -> None:
    with pytest.raises(RenderError):
        render.split_pngs(b"not a png")


@needs_dot
def test_trace_frames_one_per_step_with_unique_ids() -> None:
    frames = trace_frames(EX5)
    assert [f.index for f in frames] == list(range(len(EX5.steps)))
    assert frames[5].options and frames[5].choice == EX5.steps[5].choice
    assert frames[11].differs.startswith("The wiki")
    ids: list[str] = []
    for f in frames:
        assert len(f.svgs) == len(DIAGRAMS)
        for svg in f.svgs:
            ids += re.findall(r'\sid="([^"]+)"', svg)
    assert len(ids) == len(set(ids))
    for k, f in enumerate(frames):
        attack_svg = f.svgs[0]
        if k == 0:
            continue  # phases diagram: main phase lit
        (current,) = groups_with_class(attack_svg, "current")
        assert current.get("id", "").startswith(f"s{k}-attack-")


def test_step_log_line_counts_from_one_and_names_the_choice() -> None:
    line = render.step_log_line(EX5.steps[5])
    assert line.startswith("6. Battle: Three effects trigger together:")
    assert line.endswith("-> Activate <Piercing> of ST4-13 HerculesKabuterimon")
