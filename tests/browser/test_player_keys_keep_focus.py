"""The keys keep the focus in the player (newcomer, session 13), in Voilà as in JupyterLab (the same player code):

- an entry of "Steps so far" focused, the right arrow steps at every press: the list is redrawn at each step, and the
  focus moves to the new step's entry instead of dropping to the page (shot 46: the first press stepped, then the
  focus was on <body> and the next presses did nothing);
- the Layout select changed with the Down key keeps the focus through Stacked, Compact and Stream (Compact to Stream
  moved the controls into the one-pane column, and the focus went to the player box).
"""

from __future__ import annotations

from typing import Any

import pytest
from labharness import LabServer, write_notebook
from test_lesson_in_browser import KERNEL_SECONDS, wait_for, wait_for_step

pytestmark = [pytest.mark.browser]

SCENARIO = "attack-resolution-5"
FOCUSED_IN_PLAYER = "el => el.contains(document.activeElement) && document.activeElement !== document.body"


def open_voila(chromium: Any, server: LabServer, name: str, code: str, size: tuple[int, int]) -> tuple[Any, Any, Any]:
    write_notebook(server.root / name, [code])
    context = chromium.new_context(viewport={"width": size[0], "height": size[1]})
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.goto(server.url(f"voila/render/{name}"), timeout=KERNEL_SECONDS * 1000)
    player = wait_for(page, ".digiteach-player", "the player in Voila")
    player.locator(".digiteach-diagram svg").first.wait_for(state="attached")
    return context, page, player


def test_arrow_keys_on_a_steps_so_far_entry_step_every_time(chromium: Any, voila_server: LabServer) -> None:
    context, page, player = open_voila(chromium, voila_server, "keys_steps_list.ipynb",
                                       f"import widgets\nwidgets.play({SCENARIO!r})", (1920, 1080))
    try:
        player.locator(".digiteach-caption").click()
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        wait_for_step(player, 4)
        entry = player.locator(".digiteach-log-step").nth(1)  # an entry of "Steps so far" (a button)
        entry.focus()
        for step in (5, 6, 7):
            page.keyboard.press("ArrowRight")
            view = wait_for_step(player, step)
            assert view.step == step, f"the right arrow on a 'Steps so far' entry did not step to {step} ({view.step})"
            assert player.evaluate(FOCUSED_IN_PLAYER), f"step {step}: the focus left the player"
        current = player.locator(".digiteach-log-step[aria-current='step']")
        assert current.evaluate("el => el === document.activeElement"), "the focus is not on the new step's entry"
        page.keyboard.press("ArrowLeft")
        assert wait_for_step(player, 6).step == 6
        assert player.evaluate(FOCUSED_IN_PLAYER)
    finally:
        context.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_layout_select_keeps_the_focus_with_the_down_key(chromium: Any, voila_server: LabServer,
                                                         size: tuple[int, int]) -> None:
    context, page, player = open_voila(chromium, voila_server, f"keys_layout_{size[1]}.ipynb",
                                       f"import widgets\nwidgets.play({SCENARIO!r})", size)
    try:
        select = player.locator(".digiteach-layout")
        select.focus()
        for layout in ("compact", "stream"):
            page.keyboard.press("ArrowDown")
            page.wait_for_timeout(400)
            assert player.evaluate(f"el => el.classList.contains('digiteach-layout-{layout}')"), f"not {layout}"
            assert select.evaluate("el => el === document.activeElement"), f"{layout}: the select lost the focus"
        page.keyboard.press("ArrowUp")
        page.wait_for_timeout(400)
        assert player.evaluate("el => el.classList.contains('digiteach-layout-compact')")
        assert select.evaluate("el => el === document.activeElement"), "back to compact: the select lost the focus"
    finally:
        context.close()


# a slow machine (the newcomer's): drawing the rest of the line again after the step shown takes 2 s more
SLOW_DRAWING = """import time
import widgets
from widgets.player import Player
_draw_rest = Player._draw_rest
def slow_draw_rest(self):
    time.sleep(2)
    _draw_rest(self)
Player._draw_rest = slow_draw_rest
"""

# times (ms) at which the caption and the step counter first changed after the language select did
WATCH_JS = """el => { window.__told = {}; const t0 = performance.now();
  const caption = el.querySelector('.digiteach-caption'), counter = el.querySelector('.digiteach-counter');
  const before = {caption: caption.textContent, counter: counter.textContent};
  new MutationObserver(() => {
    if (window.__told.caption === undefined && caption.textContent !== before.caption) window.__told.caption = performance.now() - t0;
    if (window.__told.counter === undefined && counter.textContent !== before.counter) window.__told.counter = performance.now() - t0;
  }).observe(el, {subtree: true, childList: true, characterData: true}); }"""


def test_a_new_language_changes_caption_and_controls_together(chromium: Any, voila_server: LabServer) -> None:
    """The newcomer's trial (session 13): the caption turned German at once, the title row and the buttons ("Why",
    "Play", "step 2 of 16") a second or two later (they waited for Python's answer, which came after every diagram of
    the line was drawn again: made 2 s slower here, as on a slow machine). Now they change with the caption."""
    context, page, player = open_voila(chromium, voila_server, "keys_language.ipynb", SLOW_DRAWING +
                                       f"widgets.play({SCENARIO!r})", (1920, 1080))
    try:
        player.locator(".digiteach-caption").click()
        page.keyboard.press("ArrowRight")
        wait_for_step(player, 2)
        player.evaluate(WATCH_JS)
        player.locator(".digiteach-lang").select_option("de")
        player.locator(".digiteach-counter", has_text="Schritt 2 von").wait_for(timeout=15_000)
        page.wait_for_function("() => window.__told.caption !== undefined", timeout=15_000)
        told = page.evaluate("() => window.__told")
        print(told)
        assert told["counter"] - told["caption"] < 1000, f"the controls followed the caption late: {told}"
        assert player.locator(".digiteach-play").inner_text().endswith("Abspielen")
        assert player.locator(".digiteach-why summary").inner_text().startswith("Warum")
    finally:
        context.close()


def test_step_keys_step_the_player_while_a_select_has_the_focus(chromium: Any, voila_server: LabServer) -> None:
    """The newcomer's trial (session 15, shot 11): Tab to *Layout*, Down for Compact, then Home and Right to step:
    the select took Home and Right (the layout went to Stream) and the step stayed. Now, on any of the player's
    selects, Left/Right/Home/End step the player (the select's entry and the focus stay) and Up/Down still choose."""
    context, page, player = open_voila(chromium, voila_server, "keys_on_selects.ipynb",
                                       f"import widgets\nwidgets.play({SCENARIO!r})", (1280, 720))
    try:
        total = int(player.locator(".digiteach-slider").get_attribute("max")) + 1
        layout = player.locator(".digiteach-layout")
        layout.focus()
        page.keyboard.press("ArrowDown")
        page.wait_for_timeout(400)
        assert player.evaluate("el => el.classList.contains('digiteach-layout-compact')"), "Down: not compact"
        page.keyboard.press("End")
        assert wait_for_step(player, total).step == total, "End on the Layout select"
        page.keyboard.press("Home")
        assert wait_for_step(player, 1).step == 1, "Home on the Layout select"
        for step in (2, 3):
            page.keyboard.press("ArrowRight")
            assert wait_for_step(player, step).step == step, f"Right on the Layout select: not step {step}"
        page.keyboard.press("ArrowLeft")
        assert wait_for_step(player, 2).step == 2, "Left on the Layout select"
        page.wait_for_timeout(300)
        assert layout.input_value() == "compact", f"the step keys changed the layout to {layout.input_value()}"
        assert player.evaluate("el => el.classList.contains('digiteach-layout-compact')")
        assert layout.evaluate("el => el === document.activeElement"), "the Layout select lost the focus"
        for name in ("speed", "lang"):
            select = player.locator(f".digiteach-{name}")
            before = select.input_value()
            select.focus()
            page.keyboard.press("ArrowRight")
            assert wait_for_step(player, 3).step == 3, f"Right on the {name} select"
            page.keyboard.press("ArrowLeft")
            assert wait_for_step(player, 2).step == 2, f"Left on the {name} select"
            assert select.input_value() == before, f"the step keys changed the {name} select"
        speed = player.locator(".digiteach-speed")
        before = speed.input_value()
        speed.focus()
        page.keyboard.press("ArrowDown")
        assert speed.input_value() != before, "Down on the Speed select no longer chooses the next entry"
    finally:
        context.close()


def test_step_keys_on_the_layout_select_in_jupyterlab(chromium: Any, lab_server: LabServer) -> None:
    """The same in JupyterLab at 1280x720, where the newcomer met it (shot 11): its own shortcuts must not take the
    keys either (the select is focused directly; Tab reaches it after the step controls)."""
    from test_player_layouts import open_in_lab

    name = "keys_on_selects_lab.ipynb"
    write_notebook(lab_server.root / name, [f"import widgets\nwidgets.play({SCENARIO!r})"])
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        player = open_in_lab(page, lab_server, name, sidebar=True)
        layout = player.locator(".digiteach-layout")
        layout.focus()
        page.keyboard.press("ArrowDown")
        page.wait_for_timeout(400)
        assert layout.input_value() == "compact"
        page.keyboard.press("Home")
        page.keyboard.press("ArrowRight")
        assert wait_for_step(player, 2).step == 2, "Right on the Layout select in JupyterLab"
        page.keyboard.press("End")
        total = int(player.locator(".digiteach-slider").get_attribute("max")) + 1
        assert wait_for_step(player, total).step == total, "End on the Layout select in JupyterLab"
        page.wait_for_timeout(300)
        assert layout.input_value() == "compact", f"the step keys changed the layout to {layout.input_value()}"
        assert layout.evaluate("el => el === document.activeElement"), "the Layout select lost the focus"
    finally:
        context.close()
        lab_server.shutdown_kernels()
