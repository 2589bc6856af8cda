"""A lesson's player cell runs on its own (newcomer report 12). After *Kernel > Restart Kernel*, or in a saved lesson
opened later with a fresh kernel, the player says "run this cell again (Shift+Enter)" and the cell's placeholder says
"Run this cell to see the step player". So every cell that opens a step player imports and loads what it needs itself:
run alone, in an empty namespace, it opens the player, in the lesson's language. (The one exception, named below, is
lesson 03, whose player opens the file an earlier cell saved; the player's status line and docs/setup.md (After a kernel
restart) say to use Run > Run All Cells there.)
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import io
from pathlib import Path
from typing import Any

import nbformat
import pytest

REPO = Path(__file__).resolve().parent.parent
LESSONS = REPO / "lessons"
NOTEBOOKS = sorted([*LESSONS.glob("*.ipynb"), *LESSONS.glob("de/*.ipynb")])  # the German lessons are in lessons/de/
PLAYER_CALLS = ("widgets.play(", "study(")
NEEDS_CELLS_ABOVE = {name: {"path", "sc", "widgets"} for name in ("03_write_your_own_ruling", "de/03_write_your_own_ruling_de")}
"""Player cells that use names from the cells above, and which: lesson 03 plays the file its learner saved under
``path`` (the cell that saves it is where the learner chooses the name), so it needs those cells run first anyway."""


def lesson_name(path: Path) -> str:
    """A lesson's path in lessons/ less ``.ipynb``: ``ar05_piercing_waits``, ``de/ar05_piercing_waits_de``."""
    return path.relative_to(LESSONS).with_suffix("").as_posix()


def is_german(path: Path) -> bool:
    """True for a German lesson (in lessons/de/)."""
    return lesson_name(path).startswith("de/")


def _code(nb: Any) -> list[Any]:
    return [c for c in nb.cells if c.cell_type == "code"]


def _player_cells(path: Path) -> list[str]:
    return [c.source for c in _code(nbformat.read(path, as_version=4)) if any(k in c.source for k in PLAYER_CALLS)]


def free_names(source: str) -> set[str]:
    """The names ``source`` reads that it neither assigns, imports nor defines (nor are builtins)."""
    tree = ast.parse(source)
    bound = set(dir(builtins))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            bound |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            bound.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - bound


def run_cell(source: str, namespace: dict[str, Any]) -> Any:
    """Run ``source`` as a notebook cell would in ``namespace``: the value of its last line if that is an expression."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, "<cell>", "exec"), namespace)
    return eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace) if last is not None else None


def test_every_lesson_opens_a_player() -> None:
    assert sum(bool(_player_cells(p)) for p in NOTEBOOKS) >= 50


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lesson_name)
def test_player_cells_define_what_they_use(path: Path) -> None:
    """Statically: a cell that opens a step player reads no name that only an earlier cell defines."""
    for source in _player_cells(path):
        assert free_names(source) <= NEEDS_CELLS_ABOVE.get(lesson_name(path), set()), (
            f"{path.name}: the player cell needs {sorted(free_names(source))} from the cells above, so Shift+Enter "
            f"on it after a kernel restart fails:\n{source}")
        if is_german(path) and lesson_name(path) not in NEEDS_CELLS_ABOVE:  # a fresh kernel speaks English
            assert 'set_language("de")' in source or 'lang="de"' in source, f"{path.name}: not German alone:\n{source}"


@pytest.mark.long  # about a minute: every lesson's players (the static check above runs always)
def test_player_cells_run_alone_in_a_fresh_namespace() -> None:
    """Each lesson's player cells, run alone in an empty namespace (as after a kernel restart; the language back at
    English), open a player in the lesson's language."""
    from digiteach import i18n

    checked = 0
    for path in NOTEBOOKS:
        if lesson_name(path) in NEEDS_CELLS_ABOVE:
            continue
        for source in _player_cells(path):
            i18n.set_language("en")
            with contextlib.redirect_stdout(io.StringIO()):
                shown = run_cell(source, {})
            player = getattr(shown, "player", shown)  # study() returns a view holding the player
            assert hasattr(player, "trace"), f"{path.name}: the cell shows no player:\n{source}"
            want = "de" if is_german(path) else "en"
            assert player.lang == want, f"{path.name}: run alone, the player speaks {player.lang!r}:\n{source}"
            checked += 1
    assert checked >= 60
    i18n.set_language("en")
