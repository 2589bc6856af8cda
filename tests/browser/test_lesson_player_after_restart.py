"""The newcomer's restart (report 12, shot 37): in lesson ar05, after Run All and *Kernel > Restart Kernel*, the player
says "run this cell again (Shift+Enter)". Doing just that, on the player cell alone (no cell above re-run), gives a
live player again: a choice makes a line of the learner's own. Before, the cell was ``widgets.play(trace)`` and failed
with ``NameError: name 'widgets' is not defined``. At 1280x720, as ./lab opens. Screenshot in test-output/browser/."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from labharness import OUTPUT, LabServer
from test_player_kernel_lost import DECISION, lost_text, restart_kernel
from test_player_layouts import go_to, open_in_lab

pytestmark = pytest.mark.browser

LESSON = Path(__file__).resolve().parents[2] / "lessons" / "ar05_piercing_waits.ipynb"


def test_shift_enter_on_the_player_cell_after_a_restart_brings_the_player_back(chromium: Any,
                                                                               lab_server: LabServer) -> None:
    name = "lesson_ar05_restart.ipynb"
    shutil.copy(LESSON, lab_server.root / name)
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        player = open_in_lab(page, lab_server, name, sidebar=False)
        restart_kernel(page, lab_server, name)
        go_to(page, player, DECISION + 1)
        player.locator(".digiteach-option:not(.documented)").first.click()
        assert "(Shift+Enter)" in lost_text(player, page, "was not made")

        # as the status line says: run this cell again (Shift+Enter), this cell only
        cell = page.locator(".jp-CodeCell").filter(has=page.locator(".digiteach-player")).first
        player.evaluate("element => element.setAttribute('data-before-restart', '')")
        cell.locator(".jp-InputArea-editor").click()
        page.keyboard.press("Shift+Enter")
        fresh = cell.locator(".digiteach-player:not([data-before-restart])")
        fresh.locator(".digiteach-diagram svg").first.wait_for(state="attached", timeout=120_000)
        assert cell.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
        assert "Error" not in cell.locator(".jp-OutputArea").inner_text()
        go_to(page, fresh, DECISION + 1)
        fresh.locator(".digiteach-option:not(.documented)").first.click()
        fresh.locator(".digiteach-branch.digiteach-branch-yours").wait_for(state="attached", timeout=60_000)
        page.screenshot(path=str(OUTPUT / "lab-lesson-player-after-restart.png"))
    finally:
        context.close()
        lab_server.shutdown_kernels()
