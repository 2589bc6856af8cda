"""nbval settings for the lessons (pytest --nbval-lax lessons/): which stored outputs are reference outputs.

(At the repository root, not in lessons/: that folder holds the lessons and their index only.)

A lesson is stored with no execution counts, so that a freshly copied lesson shows no stale "[3]" before it
runs (scripts/build_lessons.py). nbval, though, compares only cells with a count and refuses an output
without one ("Unrun reference cell has outputs"). Before the run, a `# NBVAL_CHECK_OUTPUT` cell with a
stored output gets its place among the code cells as its count (its output is compared, as before), and the
"Run this cell to see ..." placeholder of a widget cell is dropped (it is no reference: nothing compares it).
"""

from __future__ import annotations

from typing import Any

import pytest

MARK = "# NBVAL_CHECK_OUTPUT"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Number the marked cells with stored output; drop the widget placeholders (nbval's items only)."""
    for item in items:
        cell: Any = getattr(item, "cell", None)
        if type(item).__module__ != "nbval.plugin" or cell is None or cell.get("cell_type") != "code":
            continue
        if cell.get("execution_count") is not None or not cell.get("outputs"):
            continue
        if cell.source.startswith(MARK):
            cell.execution_count = getattr(item, "cell_num", 0) + 1
        else:
            cell.outputs = []
