"""Boards an outside trial found the engine wrong on (a traceback, a cost paid that cannot be paid, an attack a new
Digimon may not make), each written as a scenario whose ``expect`` follows the rule it cites: each must pass
``check``."""

from __future__ import annotations

from pathlib import Path

import pytest

from digiteach.scenario import check, load_scenario

FILES = sorted((Path(__file__).parent / "outside_trial").glob("*.yaml"))


def test_there_are_files() -> None:
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_outside_trial_file_passes(path: Path) -> None:
    assert check(load_scenario(str(path))) == []
