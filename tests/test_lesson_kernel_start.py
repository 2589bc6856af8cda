"""The lessons' kernel start-up is tried again when a new kernel dies or stays silent (the root conftest.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

nbval_kernel = pytest.importorskip("nbval.kernel")

ROOT_CONFTEST = Path(__file__).resolve().parents[1] / "conftest.py"


def _root_conftest() -> Any:
    spec = importlib.util.spec_from_file_location("digiteach_root_conftest", ROOT_CONFTEST)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _starts_failing(monkeypatch: pytest.MonkeyPatch, errors: list[str]) -> list[int]:
    """Replace nbval's kernel start by one that raises `errors` in turn, then succeeds; wrap it as the conftest
    does. Returns the list that counts the starts."""
    starts: list[int] = []

    def start(*args: Any, **kwargs: Any) -> str:
        starts.append(1)
        if len(starts) <= len(errors):
            raise RuntimeError(errors[len(starts) - 1])
        return "kernel"

    monkeypatch.setattr(nbval_kernel, "start_new_kernel", start)
    monkeypatch.setenv("DIGITEACH_RULINGS", "unchanged")
    conftest = _root_conftest()
    conftest.pytest_configure(None)
    conftest.pytest_unconfigure(None)  # removes the temporary folder it made; the wrapped start stays
    return starts


@pytest.mark.parametrize(
    "error", ["Kernel died before replying to kernel_info", "Kernel didn't respond in 60 seconds"]
)
def test_a_dead_or_silent_new_kernel_is_started_again(monkeypatch: pytest.MonkeyPatch, error: str) -> None:
    starts = _starts_failing(monkeypatch, [error, error])
    assert nbval_kernel.start_new_kernel() == "kernel"
    assert len(starts) == 3


def test_the_third_failure_is_the_lessons(monkeypatch: pytest.MonkeyPatch) -> None:
    starts = _starts_failing(monkeypatch, ["Kernel didn't respond in 60 seconds"] * 3)
    with pytest.raises(RuntimeError, match="didn't respond"):
        nbval_kernel.start_new_kernel()
    assert len(starts) == 3


def test_another_error_is_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    starts = _starts_failing(monkeypatch, ["No such kernel named python9"])
    with pytest.raises(RuntimeError, match="No such kernel"):
        nbval_kernel.start_new_kernel()
    assert len(starts) == 1
