"""A lesson's kernel is freed when its learner leaves (newcomer, session 12: in a room served by `./lab --voila`,
closing a lesson's tab left its kernel running, ~85 MB each, and Voila's log said "403 POST
/voila/api/shutdown/<id>: '_xsrf' argument missing from POST").

Voila's lesson page sends a shutdown beacon when its tab closes, checked against the `_xsrf` cookie; a lesson opened
by its own address (a link from the teacher, a reload, a bookmark) had no such cookie, so every shutdown was refused.
Our settings (jupyter-config/) have the lesson page set the cookie, and shut down a kernel no tab is connected to once
it has been idle for DIGITEACH_KERNEL_IDLE_SECONDS (a browser that crashed or was shut without closing its tab). The
tests drive Chromium as a learner would; those of the idle check use a short idle time (IDLE seconds):

1. `test_voila_frees_a_lessons_kernel_when_its_tab_closes` (Voila with our settings, as ./lab --voila): a learner
   opens a lesson by its address and closes its tab: the kernel is shut down at once, with no 403 in the log.
2. `test_voila_shuts_down_a_kernel_no_tab_is_connected_to` (long): two learners open the lesson. One tab vanishes
   without closing (no beacon): its kernel is shut down after the idle time. The other stays open as long, idle, and
   keeps its kernel until it is closed.
3. `test_lab_frees_a_lessons_kernel_when_its_tab_closes` (long: the real ./lab): closing a lesson's tab in JupyterLab
   shuts its kernel down; a browser that goes away leaves kernels with no connection, shut down after the idle time.
"""

from __future__ import annotations

import re

import time
import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from labharness import LabServer, start_voila
from test_lesson_in_browser import KERNEL_SECONDS, wait_for, wait_for_kernel

pytestmark = pytest.mark.browser

IDLE = 5  # DIGITEACH_KERNEL_IDLE_SECONDS for these servers (./lab's default: 600); checked every second
LESSON = "00_start_here.ipynb"


def _refused_shutdown(line: str) -> bool:
    """Whether a Voila log line records a refused shutdown request: tornado's "403 POST /voila/api/shutdown/..." or
    the _xsrf complaint (a plain "403" would also match a kernel id such as bf5993b8-c403-...)."""
    return "shutdown" in line and (re.search(r"\b403 (POST|GET)\b", line) is not None or "_xsrf" in line)


def kernel_alive(server: LabServer, kernel_id: str) -> bool:
    """Whether the server still has the kernel (its REST API answers 200, not 404)."""
    try:
        server.api(f"api/kernels/{kernel_id}")
        return True
    except urllib.error.HTTPError as err:
        if err.code == 404:
            return False
        raise


def seconds_until_gone(server: LabServer, kernel_id: str, limit: float) -> float:
    """Seconds until the kernel is gone; fails the test if it is still there after `limit` seconds."""
    start = time.monotonic()
    while time.monotonic() - start < limit:
        if not kernel_alive(server, kernel_id):
            return time.monotonic() - start
        time.sleep(0.2)
    pytest.fail(f"kernel {kernel_id} still runs {limit:.0f} s after its tab was left", pytrace=False)


@pytest.fixture(scope="module")
def voila_short_idle(chromium_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """Voila with our settings on one lesson, its idle kernels shut down after IDLE seconds."""
    workdir = tmp_path_factory.mktemp("voila-idle")
    lesson = Path(__file__).resolve().parents[2] / "lessons" / LESSON
    (workdir / "root").mkdir(parents=True)
    (workdir / "root" / LESSON).write_bytes(lesson.read_bytes())
    running = start_voila(workdir, {"DIGITEACH_KERNEL_IDLE_SECONDS": str(IDLE)})
    try:
        yield running.server
    finally:
        running.stop()


def open_voila_lessons(browser: Any, server: LabServer, count: int, path: str) -> list[tuple[Any, Any, str]]:
    """`count` fresh browsers (no cookies) open the lesson at `path` by its address, one after the other; returns, for
    each, its (context, page, kernel id) once its step player shows."""
    result = []
    for _ in range(count):
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        page = context.new_page()
        page.goto(server.url(f"voila/render/{path}"), timeout=KERNEL_SECONDS * 1000, wait_until="domcontentloaded")
        wait_for(page, ".digiteach-player", "the step player in Voila")
        kernel_id = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
        assert kernel_alive(server, kernel_id)
        result.append((context, page, kernel_id))
    return result


def test_voila_frees_a_lessons_kernel_when_its_tab_closes(chromium: Any, voila_server: LabServer) -> None:
    voila = voila_server
    log_start = voila.log.stat().st_size
    [(context, page, kernel_id)] = open_voila_lessons(chromium, voila, 1, f"lessons/{LESSON}")
    try:
        page.close(run_before_unload=True)  # the learner closes the tab: its beacon asks for the shutdown
        took = seconds_until_gone(voila, kernel_id, limit=5)
        print(f"kernel gone {took:.1f} s after its tab closed")
    finally:
        context.close()
    log = voila.log.read_bytes()[log_start:].decode("utf-8", errors="replace")
    refused = [line for line in log.splitlines() if _refused_shutdown(line)]
    assert not refused, f"Voila refused the shutdown: {refused}"


@pytest.mark.long
def test_voila_shuts_down_a_kernel_no_tab_is_connected_to(chromium: Any, voila_short_idle: LabServer) -> None:
    voila = voila_short_idle
    log_start = voila.log.stat().st_size
    (kept, kept_page, kept_id), (gone, gone_page, gone_id) = open_voila_lessons(chromium, voila, 2, LESSON)
    kept_since = time.monotonic()
    try:
        # A tab that is gone without closing (the browser crashed, the laptop was shut): no beacon; the idle check.
        gone_page.close(run_before_unload=False)
        took = seconds_until_gone(voila, gone_id, limit=IDLE + 10)
        print(f"kernel of a vanished tab gone after {took:.1f} s")
        time.sleep(max(0.0, kept_since + IDLE + 1.5 - time.monotonic()))  # the open tab's kernel: idle as long
        assert kernel_alive(voila, kept_id), "the kernel of a lesson still open was shut down"

        kept_page.close(run_before_unload=True)
        took = seconds_until_gone(voila, kept_id, limit=IDLE)
        print(f"kernel gone {took:.1f} s after its tab closed")
    finally:
        gone.close()
        kept.close()
    log = voila.log.read_bytes()[log_start:].decode("utf-8", errors="replace")
    refused = [line for line in log.splitlines() if _refused_shutdown(line)]
    assert not refused, f"Voila refused the shutdown: {refused}"


@pytest.mark.long
def test_lab_frees_a_lessons_kernel_when_its_tab_closes(chromium: Any, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from test_learner_path import start_lab_script

    monkeypatch.setenv("DIGITEACH_KERNEL_IDLE_SECONDS", str(IDLE))
    running = start_lab_script(tmp_path, "learner-lab-idle", ["--ServerApp.ip=127.0.0.1"], "api/status")
    lab = running.server
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = context.new_page()
        page.goto(lab.url(""))  # the address ./lab prints: 00_start_here
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", state="attached", timeout=60_000)
        wait_for_kernel(page, lab, LESSON)
        (kernel_id,) = [s["kernel"]["id"] for s in lab.api("api/sessions") if s["path"] == LESSON]
        page.wait_for_timeout((IDLE + 2) * 1000)
        assert kernel_alive(lab, kernel_id), "the kernel of a lesson still open was shut down"
        tab = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text=LESSON).first
        tab.locator(".lm-TabBar-tabCloseIcon").click()  # the learner closes the lesson's tab
        took = seconds_until_gone(lab, kernel_id, limit=IDLE)
        print(f"JupyterLab: kernel gone {took:.1f} s after its tab closed")

        other = "01_attack_timings.ipynb"
        page.goto(lab.url(f"lab/tree/{other}"))
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", state="attached", timeout=60_000)
        wait_for_kernel(page, lab, other)
        (kernel_id,) = [s["kernel"]["id"] for s in lab.api("api/sessions") if s["path"] == other]
        page.close(run_before_unload=False)  # the browser goes away with the lesson still open
        took = seconds_until_gone(lab, kernel_id, limit=IDLE + 10)
        print(f"JupyterLab: kernel of a vanished tab gone after {took:.1f} s")
    finally:
        context.close()
        running.stop()
