"""Widget tests reuse the hand-built traces of tests/viz (fixtures.py) and its needs_dot skipping."""

from __future__ import annotations

import sys
from pathlib import Path

VIZ = Path(__file__).resolve().parent.parent / "viz"
if str(VIZ) not in sys.path:
    sys.path.insert(0, str(VIZ))


def pytest_collection_modifyitems(config: object, items: list[object]) -> None:
    """Skip this folder's ``needs_dot`` tests when no ``dot`` can be found (as tests/viz does)."""
    import pytest

    from digiteach.render import RenderError, find_dot

    try:
        find_dot()
        return
    except RenderError as exc:
        skip = pytest.mark.skip(reason=f"needs_dot: {exc}")
    here = Path(__file__).resolve().parent
    for item in items:
        if "needs_dot" in item.keywords and Path(str(item.fspath)).is_relative_to(here):  # type: ignore[attr-defined]
            item.add_marker(skip)  # type: ignore[attr-defined]
