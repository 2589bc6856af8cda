"""A learner's choice shows the new step first: the messages the kernel sends, in order.

After a choice the player lays out only the frame of the step the learner now sees and sends the new line's frames
(the others with their text and no diagrams) and the state that moves the player there; only then are the other
new frames drawn, in one batched call, and sent in a ``drawn`` message. The whole ``frames`` list never goes to the
browser again, and once ``choose`` returns the frames equal a full build of the line (what an export needs).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "viz"))  # tests/viz: NEEDS_DOT

import pytest  # noqa: E402
from fixtures import NEEDS_DOT  # noqa: E402

import widgets
from widgets.player import Player

pytestmark = NEEDS_DOT

SCENARIO = "triggered-effects-7"


class _Comm:
    """The widget's comm as the kernel has it: every message the player sends, as JSON would carry it."""

    kernel = object()
    comm_id = "drawing"

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, data: dict[str, Any] | None = None, metadata: Any = None, buffers: Any = None) -> None:
        if data is not None:
            self.sent.append(json.loads(json.dumps(data)))

    def close(self, *args: Any, **kwargs: Any) -> None:
        pass

    def on_msg(self, *args: Any) -> None:
        pass


def _opened() -> tuple[Player, _Comm]:
    player = widgets.play(SCENARIO)
    comm = _Comm()
    player.comm = comm
    return player, comm


def _alternative(player: Player, nth: int) -> tuple[int, str]:
    todo = [(k, label) for k, st in enumerate(player.trace.steps) if st.decision is not None
            for label in st.decision.options if label != st.choice]
    return todo[nth]


def _kinds(sent: list[dict[str, Any]]) -> list[str]:
    return [m["content"]["type"] if m["method"] == "custom" else "update:" + ",".join(sorted(m["state"]))
            for m in sent]


@pytest.mark.parametrize("nth", [0, 3, 7])
def test_the_step_shown_after_a_choice_comes_drawn_and_the_rest_follows(nth: int) -> None:
    player, comm = _opened()
    k, label = _alternative(player, nth)
    assert player.choose(label, k)
    at, total = player.index, len(player.trace.steps)
    assert at == k + 1
    kinds = _kinds(comm.sent)
    first = kinds.index("frames")
    moved = next(i for i, kind in enumerate(kinds) if kind.startswith("update:") and "index" in kind.split(":")[1].split(","))
    assert first < moved, kinds
    frames_msg = comm.sent[first]["content"]
    keep = frames_msg["keep"]
    assert keep == k and len(frames_msg["frames"]) == total - keep
    new = {keep + j: f for j, f in enumerate(frames_msg["frames"])}
    assert new[at]["svgs"] and set(new[at]["svgs"]) == {"attack", "priority", "board"} and new[at]["alt"]
    assert new[k]["svgs"] and new[k]["alt"]  # the decision's step, just left: its diagrams were laid out already
    undrawn = sorted(j for j, f in new.items() if f["svgs"] is None)
    assert undrawn == [j for j in new if j not in (k, at)]  # only the step the learner sees was laid out first
    for j in undrawn:  # their text is there already: the counter, caption, options and log are right at once
        assert new[j]["caption"] == player.trace.steps[j].caption and new[j]["log"]
    assert comm.sent[moved]["state"]["index"] == at and comm.sent[moved]["state"]["branched"] is True
    if undrawn:
        drawn = [m["content"] for m in comm.sent[moved:] if m["method"] == "custom" and m["content"]["type"] == "drawn"]
        assert len(drawn) == 1 and drawn[0]["total"] == total
        assert sorted(int(j) for j in drawn[0]["frames"]) == undrawn
        assert all(patch["svgs"] and patch["alt"] for patch in drawn[0]["frames"].values())
    assert not any("frames" in m.get("state", {}) for m in comm.sent), "the frames list went out again in full"
    # what the Python player holds now is the whole line drawn, as a full build makes it (an export needs it)
    assert player.frames == Player(player.trace).frames


def test_the_browser_side_frames_after_both_messages_equal_the_players() -> None:
    player, comm = _opened()
    shown = [dict(f) for f in player.frames]
    k, label = _alternative(player, 5)
    player.choose(label, k)
    for m in comm.sent:  # what player.js's applyFrames does with them
        content = m.get("content", {})
        if content.get("type") == "frames":
            shown = shown[: content["keep"]] + content["frames"]
        elif content.get("type") == "drawn":
            assert len(shown) == content["total"]
            for j, patch in content["frames"].items():
                shown[int(j)] = {**shown[int(j)], **patch}
    assert shown == player.frames


def test_a_language_switch_draws_the_step_shown_and_the_one_before_first() -> None:
    player, comm = _opened()
    player.go(4)
    comm.sent.clear()
    player.lang = "de"
    kinds = _kinds(comm.sent)
    frames_msg = comm.sent[kinds.index("frames")]["content"]
    assert frames_msg["keep"] == 0
    assert [j for j, f in enumerate(frames_msg["frames"]) if f["svgs"]] == [3, 4]
    assert "drawn" in kinds and kinds.index("drawn") > kinds.index("frames")
    with_de = widgets.play(SCENARIO, lang="de")
    assert player.frames == with_de.frames
    assert player.index == 4


def test_an_export_right_after_a_choice_has_every_frame_drawn(tmp_path: Path) -> None:
    player, _comm = _opened()
    k, label = _alternative(player, 2)
    player.choose(label, k)
    assert all(frame.svgs for frame in player._frames)
    html = player.export_html(tmp_path / "line.html").read_text(encoding="utf-8")
    assert html.count("<svg") >= 3 * len(player.trace.steps)
