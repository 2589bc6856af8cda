"""A learner's choice resumes the engine at the decision: the trace equals a replay from the start."""

from __future__ import annotations

import dataclasses

import pytest

import digiteach.scenario as sc
from digiteach.views import Trace

SCENARIOS = ["triggered-effects-7", "attack-resolution-5", "ruling-R39"]


def _alternatives(trace: Trace) -> list[tuple[int, str]]:
    return [(k, label) for k, st in enumerate(trace.steps) if st.decision is not None
            for label in st.decision.options if label != st.choice]


@pytest.mark.parametrize("sid", SCENARIOS)
def test_a_resumed_branch_equals_a_replayed_one(sid: str) -> None:
    trace = sc.play(sc.load_scenario(sid))
    todo = _alternatives(trace)
    assert todo, f"{sid} offers no alternative answer"
    for k, label in todo[:12]:
        resumed = sc.branch(trace, k, label)
        replayed = sc.branch(dataclasses.replace(trace), k, label)  # a copy: no kept run, played from the start
        assert resumed == replayed, (sid, k, label)
        assert resumed.steps[:k] == trace.steps[:k] and all(a is b for a, b in zip(resumed.steps[:k], trace.steps))
        # branching again along the learner's own line resumes too
        later = _alternatives(resumed)
        later = [(j, lb) for j, lb in later if j > k][:2]
        for j, lb in later:
            assert sc.branch(resumed, j, lb) == sc.branch(dataclasses.replace(resumed), j, lb), (sid, k, label, j, lb)


def test_frames_after_a_branch_reuse_the_shared_steps_and_equal_a_full_build() -> None:
    from digiteach.render import shared_steps, trace_frames

    trace = sc.play(sc.load_scenario("triggered-effects-7"))
    frames = trace_frames(trace)
    k, label = _alternatives(trace)[3]
    new = sc.branch(trace, k, label)
    assert shared_steps(new, trace) == k
    rendered: list[str] = []

    class Spy(dict[str, str]):
        def update(self, *args: object, **kwargs: object) -> None:  # what render_svgs had to render
            rendered.extend(dict(*args, **kwargs))  # type: ignore[arg-type]
            super().update(*args, **kwargs)  # type: ignore[arg-type]

    again = trace_frames(new, cache=Spy(), previous=(trace, frames))
    assert again == trace_frames(new)
    assert all(a is b for a, b in zip(again[:k], frames))
    assert len(rendered) <= 3 * (len(new.steps) - k)  # only the diagrams of the new steps
