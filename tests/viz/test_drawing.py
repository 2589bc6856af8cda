"""Drawing a trace's frames: some steps first (``draw=``), the rest later (``draw_frames``), in two layout parts.

Whatever the order and the number of ``dot`` processes, the frames equal one full build: the same SVGs (ids
prefixed per step), the same text alternatives, each distinct diagram laid out once.
"""

from __future__ import annotations

import pytest
from fixtures import NEEDS_DOT, attack_example_5

from digiteach import render
from digiteach.diagrams import DIAGRAMS, step_descriptions, step_diagrams
from digiteach.render import RenderError, draw_frames, frame_to_json, trace_frames

EX5 = attack_example_5()

pytestmark = NEEDS_DOT


class _Spy(dict[str, str]):
    """A render cache that records what had to be laid out."""

    def __init__(self) -> None:
        super().__init__()
        self.laid_out: list[str] = []

    def update(self, *args: object, **kwargs: object) -> None:
        self.laid_out.extend(dict(*args, **kwargs))  # type: ignore[arg-type]
        super().update(*args, **kwargs)  # type: ignore[arg-type]


def test_a_step_drawn_first_then_the_rest_equals_a_full_build() -> None:
    full = trace_frames(EX5)
    first = trace_frames(EX5, draw={6})
    assert [k for k, f in enumerate(first) if f.svgs] == [6]
    assert first[6] == full[6]
    assert all(f.alt == () and f.caption == full[k].caption and f.log == full[k].log
               for k, f in enumerate(first) if k != 6)
    assert frame_to_json(first[2])["svgs"] is None and frame_to_json(first[2])["alt"] == {}
    assert draw_frames(EX5, first) == full


def test_frames_carry_the_text_alternative_of_each_diagram() -> None:
    for k, frame in enumerate(trace_frames(EX5)):
        described = step_descriptions(EX5.steps[k], EX5.steps[k - 1] if k else None)
        assert frame.alt == tuple(described[name] for name in DIAGRAMS)
        assert frame_to_json(frame)["alt"] == described


def test_two_layout_parts_give_the_frames_of_one_and_lay_out_each_diagram_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(render, "_SPLIT_FROM", 10**9)
    one_cache = _Spy()
    one = trace_frames(EX5, cache=one_cache)
    monkeypatch.setattr(render, "_SPLIT_FROM", 2)
    two_cache = _Spy()
    two = trace_frames(EX5, cache=two_cache)
    assert two == one
    distinct = {g.source for k, step in enumerate(EX5.steps) for g in step_diagrams(step, EX5.steps[k - 1] if k else None)}
    assert sorted(two_cache.laid_out) == sorted(one_cache.laid_out) == sorted(distinct)


def test_a_graph_that_fails_in_the_second_part_is_named() -> None:
    sources = [g.source for step in EX5.steps[:4] for g in step_diagrams(step)] + ["digraph broken { a -> }"]
    layout = render.Layout(None, 60.0)
    layout.start(sources[:6])
    layout.start(sources[6:])
    with pytest.raises(RenderError) as caught:
        layout.svgs(sources)
    assert caught.value.index == len(sources) - 1
