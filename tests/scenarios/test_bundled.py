"""Bundled scenarios: lookup by id, duplicate ids, and every bundled file being valid."""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import digiteach.scenario as sc
from digiteach import catalog
from digiteach.cli import EXIT_INVALID, EXIT_OK, main

HERE = Path(__file__).parent


@pytest.fixture()
def bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Make a temporary folder stand in for digiteach/scenarios/."""
    monkeypatch.setattr(sc.load, "bundled_paths", lambda: sorted(tmp_path.glob("*.yaml")))
    monkeypatch.setattr(catalog, "bundled_paths", lambda: sorted(tmp_path.glob("*.yaml")))  # digiteach list
    sc.bundled_index.cache_clear()
    yield tmp_path
    sc.bundled_index.cache_clear()


def test_every_bundled_scenario_is_valid() -> None:
    """Each digiteach/scenarios/*.yaml loads without error (whether it passes is the rules tests' job)."""
    for sid in sc.bundled_ids():
        assert sc.load_scenario(sid).id == sid


def test_lookup_by_id_and_list(bundle: Path) -> None:
    for path in sorted((HERE / "valid").glob("*.yaml")):
        shutil.copy(path, bundle / path.name)
    assert sc.bundled_ids() == ["attack-ex1", "attack-twice"]
    assert sc.load_scenario("attack-twice").title.startswith("A second attack")
    out, err = io.StringIO(), io.StringIO()
    assert main(["list"], out=out, err=err) == EXIT_OK
    assert out.getvalue().splitlines()[0] == (
        "attack-ex1\tPiercing after a block does not win against an empty Security Stack")
    out = io.StringIO()
    assert main(["check"], out=out, err=err) == EXIT_OK  # no names: every bundled scenario
    assert out.getvalue() == "PASS attack-ex1\nPASS attack-twice\n"


@pytest.mark.parametrize("text", ["garbage: [\n", "title: a file without an id\n", "\xff\xfe"])
def test_a_bundled_file_without_a_readable_id_is_reported_not_skipped(bundle: Path, text: str) -> None:
    """Fault report 9: such a file was left out of the ids, and check passed the rest and exited 0 silently."""
    shutil.copy(HERE / "valid" / "attack_ex1.yaml", bundle / "a.yaml")
    (bundle / "broken.yaml").write_bytes(text.encode("latin-1"))
    out, err = io.StringIO(), io.StringIO()
    assert main(["check"], out=out, err=err) == EXIT_INVALID
    assert "PASS attack-ex1" in out.getvalue() and f"INVALID {bundle / 'broken.yaml'}" in out.getvalue()
    assert f"{bundle / 'broken.yaml'}" in err.getvalue() and "Traceback" not in err.getvalue()
    out, err = io.StringIO(), io.StringIO()
    assert main(["list"], out=out, err=err) == EXIT_INVALID
    assert out.getvalue().startswith("attack-ex1\t") and "broken.yaml" in err.getvalue()


def test_unknown_id_suggests_close_ids(bundle: Path) -> None:
    shutil.copy(HERE / "valid" / "attack_ex1.yaml", bundle / "a.yaml")
    with pytest.raises(sc.ScenarioError) as info:
        sc.load_scenario("attack-ex")
    assert "did you mean attack-ex1?" in info.value.expected


def test_duplicate_ids_are_an_error(bundle: Path) -> None:
    shutil.copy(HERE / "valid" / "attack_ex1.yaml", bundle / "a.yaml")
    shutil.copy(HERE / "valid" / "attack_ex1.yaml", bundle / "b.yaml")
    with pytest.raises(sc.ScenarioError) as info:
        sc.bundled_ids()
    err = info.value
    assert err.file.endswith("b.yaml") and err.field == "id" and err.line == 4
    assert "duplicate scenario id 'attack-ex1' (also in a.yaml)" in err.message
    out, errs = io.StringIO(), io.StringIO()
    assert main(["list"], out=out, err=errs) == EXIT_INVALID
    assert "duplicate scenario id" in errs.getvalue()
