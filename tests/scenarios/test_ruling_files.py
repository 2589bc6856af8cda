"""The official rulings written as scenario files under ``tests/scenarios/rulings/`` (one file per Q&A answer,
its Q-number in ``source.qa``; a judge's ruling adopted from the comprehensive rules, ``j*.yaml``, cites its CR rule
in ``source.rule`` instead): each must pass ``check``, whose ``expect`` comes from the answer's text."""

from __future__ import annotations

from pathlib import Path

import pytest

from digiteach.scenario import check, load_scenario

RULINGS = sorted((Path(__file__).parent / "rulings").glob("*.yaml"))


def test_there_are_ruling_files() -> None:
    """The folder is not empty (a moved folder would otherwise pass silently)."""
    assert len(RULINGS) >= 8


@pytest.mark.parametrize("path", RULINGS, ids=lambda p: p.stem)
def test_ruling_file_passes(path: Path) -> None:
    """The engine plays the ruling's board and reaches the answer's outcome."""
    scenario = load_scenario(str(path))
    cited = "CR 1" in str(scenario.source) if path.stem.startswith("j") else "Q" in str(scenario.source)
    assert cited, "cite the Q&A number in source.qa (a judge's j*.yaml: the CR rule in source.rule)"
    assert check(scenario) == []
