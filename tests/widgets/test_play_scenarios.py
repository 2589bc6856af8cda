"""``widgets.play`` on real scenario files, through ``digiteach.scenario`` and the engine.

Runs over the bundled scenarios (``digiteach/scenarios/*.yaml``) and skips only while none are bundled;
the valid example files of the scenario tests are used as well, if present.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import widgets

pytestmark = pytest.mark.needs_dot

ROOT = Path(__file__).resolve().parents[2]


def scenario_files() -> list[Path]:
    bundled = sorted((ROOT / "digiteach" / "scenarios").glob("*.y*ml"))
    valid = sorted((ROOT / "tests" / "scenarios" / "valid").glob("*.y*ml"))
    return bundled + valid


FILES = scenario_files()


@pytest.mark.skipif(not FILES, reason="no scenario files yet (digiteach/scenarios/ is empty)")
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_play_opens_a_scenario_file(path: Path) -> None:
    player = widgets.play(path)
    assert len(player.frames) == len(player.trace.steps) >= 1
    assert repr(player) == f"Player(scenario={player.trace.scenario!r}, step=1/{len(player.frames)})"
    assert player.can_branch  # digiteach.scenario.branch is plugged in
    decisions = [s.index for s in player.trace.steps if s.decision is not None]
    for k in decisions:
        options = player.trace.steps[k].decision.options  # type: ignore[union-attr]
        player.go(k)
        if player.choose(options[-1]):
            assert player.branched and player.index == min(k + 1, len(player.frames) - 1)
            player.back_to_documented()
        else:
            assert player.error  # refused with the engine's text
        assert not player.branched
