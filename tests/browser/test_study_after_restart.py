"""The breaker's trial (session 16, /tmp/br16/pw/restart.png): in `widgets.learn.study("ruling-R39")` choose CR 2024,
*Kernel > Restart Kernel*, choose CR 4.2: the *Ruleset* select read "CR 4.2" above a player still showing the CR 2024
line, and the *Quiz* button was pressed with nothing under it. Now each switch goes back to what is shown and says
under it that nothing changed and that the kernel is not answering. Screenshot in test-output/browser/."""

from __future__ import annotations

from typing import Any

import pytest
from labharness import OUTPUT, LabServer, write_notebook
from test_player_kernel_lost import restart_kernel
from test_player_layouts import open_in_lab

pytestmark = pytest.mark.browser

ANSWER_SECONDS = 5.0  # switch.js KERNEL_WAIT_MS
SELECT, STATUS = ".digiteach-switch-select", ".digiteach-switch-status"


def test_study_switches_go_back_when_the_kernel_was_restarted(chromium: Any, lab_server: LabServer) -> None:
    name = "study_after_restart.ipynb"
    write_notebook(lab_server.root / name, ["from widgets import learn\nlearn.study('ruling-R39')"])
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        player = open_in_lab(page, lab_server, name, sidebar=False)
        ruleset = player.locator(".digiteach-ruleset")
        select = page.locator(SELECT)
        assert select.input_value() == "CR 4.2" and "CR 4.2" in ruleset.inner_text()
        select.select_option("CR 2024")  # a live kernel: the player shows the line under CR 2024
        page.locator(".digiteach-player .digiteach-ruleset", has_text="CR 2024").wait_for(timeout=60_000)
        player = page.locator(".digiteach-player").first
        buttons = page.locator(".digiteach-switch-button")
        buttons.filter(has_text="Compare").click()  # a live kernel: the view changes, and no false alarm follows
        page.locator(".digiteach-switch-button[aria-pressed=true]", has_text="Compare").wait_for(timeout=30_000)
        buttons.filter(has_text="Play").click()
        page.locator(".digiteach-switch-button[aria-pressed=true]", has_text="Play").wait_for(timeout=30_000)
        page.wait_for_timeout(int((ANSWER_SECONDS + 0.5) * 1000))
        assert page.locator(f"{STATUS}:visible").count() == 0, "a kernel that answers is said to be lost"

        restart_kernel(page, lab_server, name)
        select.select_option("CR 4.2")
        status = page.locator(STATUS, has_text="The ruleset was not changed to CR 4.2.")
        status.wait_for(state="visible", timeout=int((ANSWER_SECONDS + 10) * 1000))
        assert "The kernel is not answering (was it restarted?)" in status.inner_text()
        assert select.input_value() == "CR 2024", "the select claims a ruleset the player does not show"
        assert "CR 2024" in player.locator(".digiteach-ruleset").inner_text()

        buttons.filter(has_text="Quiz").click()
        page.locator(STATUS, has_text="The view was not changed to Quiz.").wait_for(
            state="visible", timeout=int((ANSWER_SECONDS + 10) * 1000))
        assert buttons.filter(has_text="Quiz").get_attribute("aria-pressed") == "false"
        assert buttons.filter(has_text="Play").get_attribute("aria-pressed") == "true"
        page.screenshot(path=str(OUTPUT / "lab-study-kernel-restarted.png"))
    finally:
        context.close()
        lab_server.shutdown_kernels()
