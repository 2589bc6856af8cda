"""Shared pytest fixtures. Board-building helpers live in ``tests/boards.py`` (``from boards import ...``),
so that no test imports a module named ``conftest`` (several folders have their own conftest.py)."""

from __future__ import annotations

import pytest

from digiteach.cards import Card, load_library


@pytest.fixture
def lib() -> dict[str, Card]:
    """The bundled card library."""
    return load_library()
