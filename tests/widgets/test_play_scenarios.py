"""``widgets.play`` on real scenario files, through ``digiteach.scenario`` and the engine.

Runs over the bundled scenarios (``digiteach/scenarios/*.yaml``) and skips only while none are bundled;
the valid example files of the scenario tests are used as well, if present.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "viz"))  # tests/viz: the shared hand-built traces

import pytest  # noqa: E402
from fixtures import NEEDS_DOT

import widgets

pytestmark = NEEDS_DOT

ROOT = Path(__file__).resolve().parents[2]


def scenario_files() -> list[Path]:
    bundled = sorted((ROOT / "digiteach" / "scenarios").glob("*.y*ml"))
    valid = sorted((ROOT / "tests" / "scenarios" / "valid").glob("*.y*ml"))
    return bundled + valid


FILES = scenario_files()


@pytest.mark.skipif(not FILES, reason="no scenario files yet (digiteach/scenarios/ is empty)")
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_play_opens_a_scenario_file(path: Path) -> None:
    import digiteach.scenario as sc

    try:
        player = widgets.play(path)
    except sc.ScenarioPlayError as exc:  # reported by the scenario tests and digiteach check
        pytest.skip(f"scenario does not play: {str(exc).splitlines()[0]}")
    assert len(player.frames) == len(player.trace.steps) >= 1
    assert repr(player) == f"Player(scenario={player.trace.scenario!r}, step=1/{len(player.frames)})"
    assert player.can_branch  # digiteach.scenario.branch is plugged in
    decisions = [s.index for s in player.trace.steps if s.decision is not None]
    for k in decisions[:1]:  # one branch per scenario keeps this quick; the engine tests cover the rest
        options = player.trace.steps[k].decision.options  # type: ignore[union-attr]
        player.go(k)
        documented = player.trace.steps[k].choice
        if player.choose(options[-1]):
            # the documented option just moves on; any other one opens the learner's line
            assert player.branched == (options[-1] != documented)
            assert player.index == min(k + 1, len(player.frames) - 1)
            player.back_to_documented()
        else:
            assert player.error  # refused with the engine's text
        assert not player.branched
