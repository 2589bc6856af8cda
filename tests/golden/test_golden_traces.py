"""Golden traces: every bundled scenario's ``digiteach trace`` output (text and JSON) is pinned.

A change meant to alter captions or play regenerates them with ``scripts/golden.py`` in its own
commit; a refactoring leaves them byte-identical.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from digiteach.scenario import bundled_ids

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("golden_script", HERE.parent.parent / "scripts" / "golden.py")
assert _spec is not None and _spec.loader is not None
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)


@pytest.mark.parametrize("suffix", [".txt", ".json"])
@pytest.mark.parametrize("scenario_id", bundled_ids())
def test_trace_matches_golden(scenario_id: str, suffix: str) -> None:
    path = HERE / f"{scenario_id}{suffix}"
    assert path.exists(), f"no golden file {path.name}: run scripts/golden.py"
    expected = path.read_text(encoding="utf-8")
    assert golden.render(scenario_id, suffix == ".json") == expected


def test_every_golden_file_belongs_to_a_bundled_scenario() -> None:
    ids = set(bundled_ids())
    stale = sorted(p.name for p in HERE.glob("*.txt") if p.stem not in ids)
    assert not stale, f"golden files without a bundled scenario: {stale}"
