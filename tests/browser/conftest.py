"""Fixtures for the real-browser tests (helpers in labharness.py beside this file).

`lab_server`: a JupyterLab for the session (lesson notebooks copied into its temporary root folder);
`chromium`: Debian's Chromium through Playwright; `page`: a fresh 1400x1000 page per test, which leaves
`test-output/browser/FAILED-<test>.png` when the test fails. Missing Chromium: skip locally, fail in CI.
"""

from __future__ import annotations

import shutil
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from labharness import (CHROMIUM, CHROMIUM_ARGS, OUTPUT, REPO, LabServer, skip_or_fail, start_lab,
                        start_voila)


@pytest.fixture(scope="session")
def chromium_path() -> Path:
    """Path of Debian's Chromium; skips (locally) or fails (CI) when it or Playwright is missing."""
    if not CHROMIUM.exists():
        skip_or_fail(f"{CHROMIUM} not found")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError as err:
        skip_or_fail(f"Playwright for Python is not importable ({err})")
    return CHROMIUM


def _copy_lessons(root: Path) -> None:
    lessons = REPO / "lessons"
    if any(lessons.glob("*.ipynb")):
        shutil.copytree(lessons, root / "lessons",
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))


@pytest.fixture(scope="session")
def lab_server(chromium_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """A JupyterLab started for this session, with the lesson notebooks copied into its root folder."""
    workdir = tmp_path_factory.mktemp("jupyterlab")
    _copy_lessons(workdir / "root")
    running = start_lab(workdir)
    print(f"\nJupyterLab for the browser tests: {running.server.base} (log: {running.server.log})")
    try:
        yield running.server
    finally:
        running.stop()


@pytest.fixture(scope="session")
def voila_server(chromium_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """Voilà started for this session on a copy of lessons/; a test may add notebooks to `.root`."""
    workdir = tmp_path_factory.mktemp("voila")
    _copy_lessons(workdir / "root")
    running = start_voila(workdir)
    print(f"\nVoila for the browser tests: {running.server.base} (log: {running.server.log})")
    try:
        yield running.server
    finally:
        running.stop()


@pytest.fixture
def lab(lab_server: LabServer) -> Iterator[LabServer]:
    """The session's JupyterLab, with every kernel the test started shut down afterwards."""
    yield lab_server
    lab_server.shutdown_kernels()


@pytest.fixture(scope="session")
def chromium(chromium_path: Path) -> Iterator[Any]:
    """A headless Chromium browser (Playwright `Browser`) for this session."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium_path), headless=True,
                                     args=list(CHROMIUM_ARGS))
        try:
            yield browser
        finally:
            browser.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Remember each phase's report on the item, so `page` can screenshot a failing test."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def page(chromium: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh browser page (1400x1000). Console errors are printed; a failing test leaves a screenshot."""
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(30_000)
    pg = context.new_page()
    pg.on("console", lambda msg: print(f"[browser {msg.type}] {msg.text}") if msg.type == "error" else None)
    pg.on("pageerror", lambda err: print(f"[browser pageerror] {err}"))
    try:
        yield pg
    finally:
        report = getattr(request.node, "report_call", None)
        if report is not None and report.failed:
            OUTPUT.mkdir(parents=True, exist_ok=True)
            shot = OUTPUT / f"FAILED-{request.node.name}.png"
            try:
                pg.screenshot(path=str(shot), full_page=True)
                print(f"\nscreenshot of the failure: {shot}")
            except Exception as err:  # the page may be gone; the failure itself is already reported
                print(f"\nno failure screenshot: {err}")
        context.close()
