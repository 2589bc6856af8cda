"""Shared pytest fixtures. Board-building helpers live in ``tests/boards.py`` (``from boards import ...``),
so that no test imports a module named ``conftest`` (several folders have their own conftest.py)."""

from __future__ import annotations

from typing import Iterator

import pytest

from digiteach import i18n
from digiteach.cards import Card, load_library


@pytest.fixture
def lib() -> dict[str, Card]:
    """The bundled card library."""
    return load_library()


@pytest.fixture(autouse=True)
def _language_left_to_the_environment() -> Iterator[None]:
    """After each test, no process-wide language choice is left behind (``i18n.set_language(None)``): a test that
    chose one (as a lesson's cells do) would otherwise make later tests in the same worker ignore ``DIGITEACH_LANG``."""
    yield
    i18n.set_language(None)
