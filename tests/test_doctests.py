"""The examples in the docstrings of every ``digiteach`` module run as tests (python-chess and graphviz do the
same), so a documented example can never drift from what the code does."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import digiteach


def _module_names() -> list[str]:
    return sorted(m.name for m in pkgutil.walk_packages(digiteach.__path__, "digiteach."))


@pytest.mark.parametrize("name", _module_names())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} docstring examples failed in {name}"


def test_some_modules_have_examples() -> None:
    attempted = sum(doctest.testmod(importlib.import_module(n), verbose=False).attempted for n in _module_names())
    assert attempted >= 15, f"only {attempted} docstring examples found"
