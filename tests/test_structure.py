"""The code's shape, measured as the issue "The engine, organised by rule chapter" counts it.

Over every module of ``digiteach/``: no function above cyclomatic complexity 20 (radon's count), no
function over 80 lines, no module over 500 lines, and no import of another module's private name
(``from digiteach.x import _name`` or ``x._name``). ``docs/engine.md`` exists and every file it names
(in backticks, under ``digiteach/``) exists too.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from radon.complexity import cc_visit

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "digiteach"



MAX_CC, MAX_FUNCTION_LINES, MAX_MODULE_LINES = 20, 80, 500


def _modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def _rel(p: Path) -> str:
    return p.relative_to(ROOT).as_posix()


def test_no_function_above_complexity_20() -> None:
    over = []
    for path in _modules():
        for block in cc_visit(path.read_text(encoding="utf-8")):
            for b in [block, *getattr(block, "methods", [])]:
                if b.complexity > MAX_CC:
                    over.append(f"{_rel(path)}:{b.lineno} {b.name} CC {b.complexity}")
    assert not over, "functions above complexity 20:\n" + "\n".join(over)


def test_no_function_over_80_lines() -> None:
    long = []
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = (node.end_lineno or node.lineno) - node.lineno + 1
                if n > MAX_FUNCTION_LINES:
                    long.append(f"{_rel(path)}:{node.lineno} {node.name} {n} lines")
    assert not long, "functions over 80 lines:\n" + "\n".join(long)


# Data-only tables allowed past the module limit, with the reason: one table per concept, read whole in one file.
LONG_TABLES = {
    "digiteach/caption_catalogue.py": "the caption catalogue: a judge reads every template and its rules in one file",
}


def test_no_module_over_500_lines() -> None:
    big = [f"{_rel(p)} {n} lines" for p in _modules()
           if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
           and _rel(p) not in LONG_TABLES]
    assert not big, "modules over 500 lines:\n" + "\n".join(big)


# Underscore names that a library defines as its public protocol (anywidget's front-end module and style sheet).
FRAMEWORK_NAMES = {"_esm", "_css"}


def _private_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    aliases: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in ("digiteach", "widgets"):
            for a in node.names:
                if a.name.startswith("_") and not a.name.startswith("__"):
                    found.append(f"{_rel(path)}:{node.lineno} from {node.module} import {a.name}")
                aliases.add(a.asname or a.name)
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            for a in node.names:
                if a.name.startswith("_") and not a.name.startswith("__"):
                    found.append(f"{_rel(path)}:{node.lineno} relative import of {a.name}")
                aliases.add(a.asname or a.name)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] in ("digiteach", "widgets"):
                    aliases.add(a.asname or a.name.split(".")[0])
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr not in FRAMEWORK_NAMES and node.attr.startswith("_") and not node.attr.startswith("__")
                and isinstance(node.value, ast.Name) and node.value.id in aliases):
            found.append(f"{_rel(path)}:{node.lineno} {node.value.id}.{node.attr}")
    return found


def test_no_module_imports_another_modules_private_names() -> None:
    files = _modules() + [p for d in ("widgets", "tests", "bench", "scripts", "lessons")
                          for p in sorted((ROOT / d).rglob("*.py")) if "__pycache__" not in p.parts]
    found = [hit for p in files for hit in _private_imports(p)]
    assert not found, "private names imported across modules:\n" + "\n".join(found)


def test_engine_guide_names_files_that_exist() -> None:
    guide = ROOT / "docs" / "engine.md"
    assert guide.exists(), "docs/engine.md: the maintainer's guide to the engine is missing"
    named = set(re.findall(r"`((?:digiteach|widgets|tests)/[\w/.-]+)`", guide.read_text(encoding="utf-8")))
    assert named, "docs/engine.md names no file"
    missing = sorted(n for n in named if not (ROOT / n.split(":")[0]).exists())
    assert not missing, f"docs/engine.md names files that do not exist: {missing}"


def test_no_code_is_generated_at_run_time() -> None:
    """No ``exec``, ``eval`` or ``compile`` of text anywhere in the package or the widgets: every line that runs is a
    line someone can read (and nothing a scenario holds can become code)."""
    found = []
    for p in sorted(p for d in ("digiteach", "widgets") for p in (ROOT / d).rglob("*.py") if "__pycache__" not in p.parts):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("exec", "eval", "compile")):
                found.append(f"{_rel(p)}:{node.lineno}: {node.func.id}()")
    assert not found, found
