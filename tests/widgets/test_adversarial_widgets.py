"""widgets.play and Player.choose under hostile input (adversarial testing), without a browser."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "viz"))  # tests/viz: NEEDS_DOT

import pytest  # noqa: E402
from fixtures import NEEDS_DOT  # noqa: E402

import widgets  # noqa: E402
from digiteach.scenario import ScenarioError, load_scenario, play  # noqa: E402

pytestmark = NEEDS_DOT


def test_play_unknown_id_names_close_ids() -> None:
    with pytest.raises(ScenarioError, match="did you mean attack-resolution-1"):
        widgets.play("atack-resolution-1")


def test_play_broken_file_gives_the_located_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: x\ntitle: t\nsource: s\nsetup: {turn_player: C, memory: 0}\naction: {pass: true}\n",
                   encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        widgets.play(bad)
    assert (info.value.line, info.value.field) == (4, "setup.turn_player")


def test_choose_refuses_bad_steps_and_labels_and_keeps_the_shown_line() -> None:
    trace = play(load_scenario("attack-resolution-1"))
    player = widgets.play(trace)
    block = next(i for i, s in enumerate(trace.steps) if s.decision is not None and s.decision.kind == "block")
    frames = list(player.frames)
    for label, step, words in [
        ("Fly away", block, "CR 12-1"),  # illegal label: the rule and the legal labels
        ("", block, "Legal answers"),
        ("Don't block", 999, "there is no step 1000"),
        ("Don't block", -1, "there is no step 0"),
        ("Don't block", 0, "asks no question"),
    ]:
        assert player.choose(label, step) is False
        assert words in player.error, player.error
        assert player.frames == frames and not player.branched
    assert "'Block with ST4-08 Kabuterimon'" in (player.choose("Fly", block) or player.error)
    assert player.choose("Don't block", block) is True
    assert repr(player) == f"Player(scenario='attack-resolution-1', step={block + 2}/{len(player.frames)}, branched)"
    assert repr(player) == repr(player)
