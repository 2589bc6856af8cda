"""nbval settings for the lessons (pytest --nbval-lax lessons/): which stored outputs are reference outputs.

(At the repository root, not in lessons/: that folder holds the lessons and their index only.)

A lesson is stored with no execution counts, so that a freshly copied lesson shows no stale "[3]" before it
runs (scripts/build_lessons.py). nbval, though, compares only cells with a count and refuses an output
without one ("Unrun reference cell has outputs"). Before the run, a cell tagged `nbval-check-output` (nbval's
own tag, in the cell's metadata, where a learner does not see it) with a stored output gets its place among the
code cells as its count (its output is compared, as before), and the
"Run this cell to see ..." placeholder of a widget cell is dropped (it is no reference: nothing compares it).

Kernels of lessons run side by side (pytest-xdist) can lose a race for a TCP port (jupyter_client picks free ports,
then the kernel binds them: two kernels started at once on a busy machine may pick the same one, and one exits at
once, "Kernel died before replying to kernel_info"; or a kernel's client ends up talking to a port nobody answers
on, "Kernel didn't respond in 60 seconds", which a CI run met once). A kernel that dies or stays silent while starting
is shut down (nbval does that) and started again, up to three times; one that starts and then fails a cell is a
failure as before.

Lesson 03 saves the learner's scenario file in `my-rulings/` (or where DIGITEACH_RULINGS says): a test run points
DIGITEACH_RULINGS at a temporary folder of its own, so it never meets, nor refuses to replace, a learner's file there.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from typing import Any

import pytest

CHECK_TAG = "nbval-check-output"
STARTS = 3
"""How many times a lesson's kernel is started before its death at start-up is a failure."""
START_FAILURES = ("died", "didn't respond")
"""Words of jupyter_client's start-up errors that mean "start the kernel again" (a dead or a silent new kernel)."""


RULINGS = tempfile.mkdtemp(prefix="digiteach-test-rulings-")
"""Where lessons run by the tests save a learner's scenario file (DIGITEACH_RULINGS; removed at the end)."""


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(RULINGS, ignore_errors=True)


def pytest_configure(config: pytest.Config) -> None:
    """Point DIGITEACH_RULINGS at this run's temporary folder (the lessons' kernels inherit it). Start a lesson's kernel
    again when it dies or stays silent before answering (the port race above); nbval's own start otherwise. Nothing of
    that changes when nbval is not installed."""
    os.environ["DIGITEACH_RULINGS"] = RULINGS
    try:
        import nbval.kernel as nbval_kernel
    except ImportError:
        return
    start = nbval_kernel.start_new_kernel

    def start_again_if_it_died(*args: Any, **kwargs: Any) -> Any:
        for _ in range(STARTS - 1):
            try:
                return start(*args, **kwargs)
            except RuntimeError as exc:
                if not any(sign in str(exc) for sign in START_FAILURES):
                    raise
        return start(*args, **kwargs)  # the last start: its failure is the lesson's

    if getattr(start, "__name__", "") != "start_again_if_it_died":
        nbval_kernel.start_new_kernel = start_again_if_it_died


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Number the marked cells with stored output; drop the widget placeholders (nbval's items only)."""
    for item in items:
        cell: Any = getattr(item, "cell", None)
        if type(item).__module__ != "nbval.plugin" or cell is None or cell.get("cell_type") != "code":
            continue
        if cell.get("execution_count") is not None or not cell.get("outputs"):
            continue
        if CHECK_TAG in cell.get("metadata", {}).get("tags", []):
            cell.execution_count = getattr(item, "cell_num", 0) + 1
        else:
            cell.outputs = []
