"""The newcomer's trial: *Kernel > Restart Kernel* with a player on screen. The old player still steps through the
frames in the page, but a choice, "Back to the documented line", *Export HTML* and a new language went to a dead
kernel and silently did nothing. Now the player says so in its status line (a polite live region), in the player's
language, and shows nothing as done; a new language changes nothing (session 11: the controls turned German while the
steps stayed English), the select returns to the language the steps are told in. Screenshot in test-output/browser/."""

from __future__ import annotations

import re
from typing import Any

import pytest
from labharness import OUTPUT, LabServer, write_notebook
from test_lesson_in_browser import read_player, wait_for_kernel, wait_for_step
from test_player_layouts import go_to, open_in_lab

from digiteach.scenario import load_scenario, play

pytestmark = pytest.mark.browser

SCENARIO = "attack-resolution-5"
TRACE = play(load_scenario(SCENARIO))
DECISION = next(s.index for s in TRACE.steps if s.decision is not None)
ANSWER_SECONDS = 5.0  # player.js KERNEL_WAIT_MS
LOST = ".digiteach-status.digiteach-status-lost"


def restart_kernel(page: Any, server: LabServer, name: str) -> None:
    """Kernel > Restart Kernel..., confirmed in its dialog, as a person does it; then wait for the new kernel."""
    page.locator(".lm-MenuBar-item", has_text=re.compile(r"^\s*Kernel\s*$")).first.click()
    page.locator('.lm-Menu-item[data-command="kernelmenu:restart"]').click()
    page.locator(".jp-Dialog .jp-Dialog-button.jp-mod-accept").click()
    page.wait_for_timeout(1000)
    wait_for_kernel(page, server, name)


def lost_text(player: Any, page: Any, needle: str) -> str:
    """The status line's text once it says the kernel is lost and contains `needle` (fails after a while)."""
    box = player.locator(LOST, has_text=needle)
    box.wait_for(state="visible", timeout=int((ANSWER_SECONDS + 10) * 1000))
    return str(box.inner_text())


def language_view(player: Any) -> dict[str, str]:
    """What shows the player's language: the select, the counter, the Play button, the caption, the decision."""
    return {"lang": player.locator(".digiteach-lang").input_value(),
            "counter": player.locator(".digiteach-counter").inner_text(),
            "play": player.locator(".digiteach-play").inner_text(),
            "caption": player.locator(".digiteach-caption").inner_text(),
            "decision": player.locator(".digiteach-decision").inner_text(),
            "export": player.locator(".digiteach-export").inner_text()}


def test_a_player_whose_kernel_was_restarted_says_so(chromium: Any, lab_server: LabServer) -> None:
    name = "player_kernel_lost.ipynb"
    write_notebook(lab_server.root / name, [f"import widgets\nwidgets.play({SCENARIO!r})",
                                            f"widgets.play({SCENARIO!r}, lang='de')"])
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        player = open_in_lab(page, lab_server, name, sidebar=False)
        page.locator(".digiteach-player").nth(1).locator(".digiteach-diagram svg").first.wait_for(
            state="attached", timeout=120_000)
        status = player.locator(".digiteach-status")
        assert status.get_attribute("aria-live") == "polite"

        # a live kernel: a choice makes a line of the learner's own, and no false alarm follows
        go_to(page, player, DECISION + 1)
        player.locator(".digiteach-option:not(.documented)").first.click()
        player.locator(".digiteach-branch.digiteach-branch-yours").wait_for(state="attached", timeout=60_000)
        page.wait_for_timeout(int((ANSWER_SECONDS + 1) * 1000))
        assert player.locator(LOST).count() == 0, "a kernel that answers is said to be lost"

        restart_kernel(page, lab_server, name)
        # the player notices by itself (the comm reports the change; its ping cannot be sent)
        assert lost_text(player, page, "The kernel is not answering").startswith("The kernel is not answering")

        go_to(page, player, DECISION + 1)  # stepping through what is drawn still works
        banner = player.locator(".digiteach-branch").inner_text()
        other = player.locator(".digiteach-option:not(.documented)").first
        label = other.get_attribute("data-label") or ""
        other.click()
        text = lost_text(player, page, "was not made")
        assert f"Your choice \u201c{label}\u201d was not made." in text, text
        assert "The kernel is not answering (was it restarted?)" in text and "(Shift+Enter)" in text, text
        page.screenshot(path=str(OUTPUT / "lab-kernel-restarted-choice.png"))
        assert read_player(player).step == DECISION + 1, "the choice is shown as made"
        assert player.locator(".digiteach-branch").inner_text() == banner, "the line changed"

        player.locator(".digiteach-back").click()
        assert "The player is still on your line." in lost_text(player, page, "still on your line")
        assert player.locator(".digiteach-branch.digiteach-branch-yours").count() == 1

        player.locator(".digiteach-export").click()
        assert "Nothing was exported." in lost_text(player, page, "Nothing was exported")

        player.locator(".digiteach-caption").click()
        page.keyboard.press("ArrowRight")
        assert wait_for_step(player, DECISION + 2).step == DECISION + 2, "stepping stopped with the kernel"

        # a new language needs the kernel too (session 11, shot 42_restart_lang: the controls turned German, the steps
        # stayed English): nothing changes, the select returns to the steps' language, the status line says why in it
        go_to(page, player, DECISION + 1)
        before = language_view(player)
        player.locator(".digiteach-lang").select_option("de")
        text = lost_text(player, page, "The language was not changed.")
        assert "The kernel is not answering (was it restarted?)" in text and "(Shift+Enter)" in text, text
        after = language_view(player)
        page.screenshot(path=str(OUTPUT / "lab-kernel-restarted-language.png"))
        assert after == before, f"the player changed without a kernel:\n{before}\n{after}"

        # the same for a player told in German: it stays German, and says so in German
        german = page.locator(".digiteach-player").nth(1)
        german.scroll_into_view_if_needed()
        before = language_view(german)
        assert before["lang"] == "de" and before["counter"].startswith("Schritt 1 von"), before
        german.locator(".digiteach-lang").select_option("en")
        text = lost_text(german, page, "Die Sprache wurde nicht gewechselt.")
        assert "Der Kernel antwortet nicht" in text and "(Umschalt+Eingabe)" in text, text
        assert language_view(german) == before, "the German player changed without a kernel"
        german.locator(LOST).scroll_into_view_if_needed()
        page.screenshot(path=str(OUTPUT / "lab-kernel-restarted-german.png"))
    finally:
        context.close()
        lab_server.shutdown_kernels()
