"""Shared set-up for diagram tests: hand-built fixtures on sys.path; ``needs_dot`` skips without ``dot``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    from digiteach.render import RenderError, find_dot

    try:
        find_dot()
        return
    except RenderError as exc:
        reason = str(exc)
    skip = pytest.mark.skip(reason=f"needs_dot: {reason}")
    for item in items:
        path = Path(str(item.fspath))
        if "needs_dot" in item.keywords and path.is_relative_to(HERE):
            item.add_marker(skip)
