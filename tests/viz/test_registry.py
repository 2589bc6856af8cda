"""One table of diagrams (digiteach.diagrams.DIAGRAMS): the frames, their JSON, the HTML export and the GIF
all take the diagrams, their order and their titles from it, so a fourth diagram is one entry plus its
builder (issue "The engine, organised by rule chapter", architecture review 3.5)."""

from __future__ import annotations

from pathlib import Path

import graphviz  # type: ignore[import-untyped]
import pytest
from fixtures import NEEDS_DOT, attack_example_5

from digiteach.diagrams import DIAGRAMS, Diagram, step_diagrams
from digiteach.export import html_document, to_gif
from digiteach.render import frame_to_json, trace_frames
from digiteach.views import Step

pytestmark = NEEDS_DOT

EX5 = attack_example_5()


def memory_diagram(step: Step, previous: Step | None = None) -> graphviz.Digraph:
    """A made-up fourth diagram: one node with the memory, and whether it changed."""
    g = graphviz.Digraph(name="memory")
    changed = previous is not None and previous.board.memory != step.board.memory
    g.node("m", f"memory {step.board.memory}" + (" (changed)" if changed else ""))
    return g


def describe_memory(step: Step, previous: Step | None = None) -> str:
    """The made-up diagram's text alternative."""
    return f"Memory alone: {step.board.memory}."


@pytest.fixture
def fourth(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(DIAGRAMS, "memory", Diagram("Memory alone", memory_diagram, describe_memory))


def test_the_registry_lists_three_titled_diagrams_in_order() -> None:
    assert [(name, d.title) for name, d in DIAGRAMS.items()] == [
        ("attack", "Attack timings"), ("priority", "Pending activation"), ("board", "Board")]
    assert len(step_diagrams(EX5.steps[3], EX5.steps[2])) == len(DIAGRAMS)


@pytest.mark.usefixtures("fourth")
def test_a_fourth_diagram_reaches_frames_json_export_and_gif(tmp_path: Path) -> None:
    frames = trace_frames(EX5)
    assert all(len(f.svgs) == 4 for f in frames)
    assert 'id="s2-memory-' in frames[2].svgs[3]
    data = frame_to_json(frames[2])
    assert list(data["svgs"]) == ["attack", "priority", "board", "memory"]
    assert data["diagrams"][-1] == {"name": "memory", "title": "Memory alone"}
    doc = html_document(EX5, frames)
    assert doc.count("<figcaption>Memory alone</figcaption>") == len(frames)
    assert f'aria-label="Memory alone: {EX5.steps[2].board.memory}."' in doc  # its text alternative
    gif = to_gif(EX5, tmp_path / "memory.gif", diagram="memory", caption=False)
    assert gif.read_bytes().startswith(b"GIF8")
