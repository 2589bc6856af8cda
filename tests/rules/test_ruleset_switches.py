"""Every switch of :class:`digiteach.rulesets.Ruleset` is read by the engine, or its docstring says it is not varied
yet and every implemented ruleset then has the same value: a switch can't be set for an older ruleset and silently
ignored (as ``piercing_check_before_end_of_attack`` and ``piercing_needs_surviving_attacker`` once were)."""

from __future__ import annotations

import ast
import dataclasses
import re
from functools import cache
from pathlib import Path

import pytest

from digiteach import rulesets
from digiteach.rulesets import RULESETS, Ruleset

PACKAGE = Path(rulesets.__file__).parent
ENGINE = PACKAGE / "engine"
SWITCHES = [f.name for f in dataclasses.fields(Ruleset) if f.name != "name"]


def _attributes_read(paths: list[Path]) -> set[str]:
    """Every ``x.name`` read in the modules at ``paths``."""
    names: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute):
                names.add(node.attr)
    return names


@cache
def _engine_reads() -> frozenset[str]:
    """The attributes the engine reads, with the switches read by a :class:`Ruleset` method the engine calls."""
    read = _attributes_read(sorted(ENGINE.rglob("*.py")))
    tree = ast.parse((PACKAGE / "rulesets.py").read_text(encoding="utf-8"))
    ruleset_class = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Ruleset")
    for method in ruleset_class.body:
        if isinstance(method, ast.FunctionDef) and method.name in read:
            read |= {n.attr for n in ast.walk(method)
                     if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self"}
    return frozenset(read)


def _described(switch: str) -> str:
    """The switch's entry in the Attributes section of the :class:`Ruleset` docstring (the line and its indented
    continuation)."""
    doc = Ruleset.__doc__ or ""
    found = re.search(rf"^ {{8}}{switch}: (.*?)(?=^ {{8}}\w+: |\Z)", doc, re.S | re.M)
    assert found, f"Ruleset's docstring does not describe {switch}"
    return " ".join(found.group(1).split())


@pytest.mark.parametrize("switch", SWITCHES)
def test_every_switch_is_read_or_marked_not_varied(switch: str) -> None:
    """Read in ``digiteach/engine/`` (``rulesets.ruleset(s.ruleset).<switch>``), or marked "Not varied"."""
    assert switch in _engine_reads() or "Not varied" in _described(switch), (
        f"Ruleset.{switch} is read nowhere in digiteach/engine/: read it where the versions differ, or say "
        "'Not varied ... yet' in its docstring")


@pytest.mark.parametrize("switch", SWITCHES)
def test_a_switch_marked_not_varied_has_one_value(switch: str) -> None:
    """A switch no engine code reads must not differ between the implemented rulesets."""
    if switch in _engine_reads():
        return
    assert len({getattr(r, switch) for r in RULESETS.values()}) == 1, (
        f"Ruleset.{switch} differs between rulesets, but no engine code reads it")
