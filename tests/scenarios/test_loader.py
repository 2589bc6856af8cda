"""Scenario files: located errors for broken files, the forms a valid file may use, round-trip."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from digiteach.cards import load_library
from digiteach.scenario import (
    Choice,
    ScenarioError,
    dump_scenario,
    load_scenario,
    memory_from_text,
    parse_scenario,
)
from digiteach.setup import StackRef

HERE = Path(__file__).parent

# Cards the test scenario files name (all from the seed card list). The fixture lives here rather than
# in a conftest.py: other test folders import helpers with "from boards import ...", and every extra
# conftest module can shadow theirs when the whole suite runs.
USED = ("BT1-064", "BT1-079", "BT1-081", "ST4-08", "ST3-04", "BT5-031", "BT5-086", "ST3-03")


@pytest.fixture(scope="module")
def library() -> Mapping[str, Any]:
    lib = load_library()
    missing = [n for n in USED if n not in lib]
    assert not missing, f"the card library lacks cards the scenario tests use: {missing}"
    return lib
BROKEN = sorted((HERE / "broken").glob("*.yaml"))
VALID = sorted((HERE / "valid").glob("*.yaml"))


def _header(path: Path) -> dict[str, str]:
    """The '# error-<key>: value' lines at the top of a broken file."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"#\s*error-(line|field|message|expected):\s?(.*)$", line)
        if m:
            out[m.group(1)] = m.group(2).rstrip()
    return out


def test_there_are_at_least_ten_broken_files() -> None:
    assert len(BROKEN) >= 10
    for path in BROKEN:
        assert set(_header(path)) == {"line", "field", "message", "expected"}, path.name


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.stem)
def test_broken_file_gives_located_error(path: Path, library: Mapping[str, Any]) -> None:
    want = _header(path)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path, library=library)
    err = info.value
    assert err.file == str(path)
    assert err.line == int(want["line"]), str(err)
    assert err.field == want["field"], str(err)
    assert want["message"] in err.message, str(err)
    assert want["expected"] in err.expected, str(err)
    # the text shown to the user carries all of it
    assert f"{path}:{err.line}:" in str(err)
    assert "expected:" in str(err)


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.stem)
def test_loading_never_modifies_the_file(path: Path, library: Mapping[str, Any]) -> None:
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    mtime = path.stat().st_mtime_ns
    with pytest.raises(ScenarioError):
        load_scenario(path, library=library)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert path.stat().st_mtime_ns == mtime


def test_schema_file_is_package_data_and_a_valid_schema() -> None:
    text = resources.files("digiteach").joinpath("schema/scenario.schema.json").read_text(encoding="utf-8")
    jsonschema.Draft202012Validator.check_schema(json.loads(text))


def test_further_errors_are_kept(library: Mapping[str, Any]) -> None:
    text = """
id: two-errors
title: Two errors
source: test
setup:
  turn_player: A
  memory: 0
  A: {battle_area: [BT1-99]}
  B: {security: [ST3-4]}
action: {pass: true}
"""
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "two.yaml", library=library)
    lines = [e.line for e in info.value.all()]
    assert lines == [8, 9]


# ------------------------------------------------------------------------------------ valid forms


def _load(text: str, library: Mapping[str, Any]) -> Any:
    return parse_scenario(text, "inline.yaml", library=library)


BASE = """
id: forms
title: Forms
source: test
setup:
  turn_player: {tp}
  memory: {memory}
  A:
    battle_area:
      - BT1-081 / BT1-079 [S]
      - {{cards: [ST4-08], suspended: true, placed_this_turn: true, name: Kabu, gained: [Blocker, "[When Digivolving] Blitz"]}}
    hand: 2
  B:
    battle_area: [BT1-064, "ST3-04 [S]"]
    security: [ST3-04, BT1-064]
action:
  {action}
"""


def test_short_and_long_stack_forms(library: Mapping[str, Any]) -> None:
    s = _load(BASE.format(tp="A", memory="A3", action="pass: true"), library)
    a, b = s.setup.sides
    assert a.battle_area[0].cards == ("BT1-081", "BT1-079") and a.battle_area[0].suspended
    assert a.battle_area[1].placed_this_turn and a.battle_area[1].suspended
    assert a.battle_area[1].gained == ("Blocker", "[When Digivolving] Blitz")
    assert a.hand == ("FILL-0", "FILL-0")  # a count means filler cards: the neutral FILL-0 unless setup.filler names one
    assert [st.suspended for st in b.battle_area] == [False, True]
    assert b.security == ("ST3-04", "BT1-064")
    assert dict(s.aliases) == {"Kabu": StackRef("A", 1)}


@pytest.mark.parametrize(
    ("target", "ref"),
    [("player", None), ("B", None), ("BT1-064", StackRef("B", 0)), ("B.battle[1]", StackRef("B", 1)),
     ("ST3-04", StackRef("B", 1))],
)
def test_attack_targets(target: str, ref: StackRef | None, library: Mapping[str, Any]) -> None:
    s = _load(BASE.format(tp="A", memory=0, action=f"attack: {{with: BT1-081, target: '{target}'}}"), library)
    assert s.action.kind == "attack"
    assert s.action.card == StackRef("A", 0)
    assert s.action.target == ref


def test_alias_reference(library: Mapping[str, Any]) -> None:
    s = _load(BASE.format(tp="A", memory=0, action="attack: {with: Kabu}"), library)
    assert s.action.card == StackRef("A", 1)


@pytest.mark.parametrize(
    ("tp", "text", "signed"),
    [("A", "A3", 3), ("A", "B2", -2), ("B", "B2", 2), ("B", "A3", -3), ("A", "0", 0), ("B", "-4", -4)],
)
def test_memory_forms(tp: str, text: str, signed: int, library: Mapping[str, Any]) -> None:
    s = _load(BASE.format(tp=tp, memory=text, action="pass: true"), library)
    assert s.setup.memory == signed
    assert memory_from_text(text if not text.lstrip("-").isdigit() else int(text), tp) == signed


def test_choices_with_and_without_player(library: Mapping[str, Any]) -> None:
    text = BASE.format(tp="A", memory=0, action="attack: {with: BT1-081}") + "choices:\n  - B: Don't block\n  - Activate\n"
    s = _load(text, library)
    assert s.choices[0] == Choice("Don't block", "B", s.choices[0].line)
    assert s.choices[1].player is None
    assert s.choices[0].line == 19 and s.choices[1].line == 20


def test_expect_memory_is_stored_from_player_as_side(library: Mapping[str, Any]) -> None:
    text = BASE.format(tp="B", memory="B3", action="pass: true") + "expect:\n  memory: B1\n  winner: none\n"
    s = _load(text, library)
    assert s.expect.memory == -1  # views and TraceResult sign memory from Player A's side
    assert s.expect.winner == ""


# ------------------------------------------------------------------------------------ round trip


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_valid_file_round_trips(path: Path, library: Mapping[str, Any]) -> None:
    before = path.read_bytes()
    first = load_scenario(path, library=library)
    text = dump_scenario(first)
    second = parse_scenario(text, "dumped.yaml", library=library)
    # Everything but the locations (file, lines: compare=False) survives a dump and reload.
    assert second == first
    assert second.path == "dumped.yaml" and first.path == str(path)
    assert path.read_bytes() == before


def test_valid_file_matches_the_example(library: Mapping[str, Any]) -> None:
    """Attack Resolution ex. 1: what the file says is what the example says (not engine output)."""
    s = load_scenario(HERE / "valid" / "attack_ex1.yaml", library=library)
    assert s.action.kind == "attack" and s.action.target is None
    assert s.setup.sides[1].security == ()
    assert s.expect.deleted == ("ST4-08",)
    assert s.expect.winner == ""
    assert dict(s.expect.security or ()) == {"A": 0, "B": 0}
    assert "CR" in s.notes
