"""The caption is shown whole (its words and its rule line, never cut, never scrolled inside its box), at every step,
as the README promises (newcomer, session 10: shots 19_stream_1280_jlab, 22_stream_de_1280,
40_voila_stream_choice_1280, 55_*): the stream layout in JupyterLab at 1280x720 with the file browser open and
closed and at 1920x1080, English and German, on the documented line and after a choice of the learner's own at
step 7 (the one-pane column is widened, the diagram gives up the width); the compact layout at 1920x1080 in German
after the same choice and "HTML exportieren" (the status line shown). Screenshots in test-output/browser/."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from labharness import OUTPUT, LabServer, write_notebook
from layoutcheck import check_whole, stream_panes
from test_player_layouts import open_in_lab, player_at_top, set_sidebar, stream_in_lab

from digiteach.scenario import load_scenario, play

pytestmark = [pytest.mark.browser, pytest.mark.long]

SCENARIO = "attack-resolution-5"
TRACE = play(load_scenario(SCENARIO))
DECISION = next(s.index for s in TRACE.steps if s.decision is not None)  # step DECISION + 1 (1-based): step 7

# JupyterLab at 1280x720 with the file browser open: the one diagram shown (whole) when the longest caption has widened the
# column beside it (README, Layouts)
DIAGRAM_MIN_PX = 3.5

# The caption box (.digiteach-info): how much of it is hidden inside it (scrolled), above or below what can be seen
# of it (its box cut by every box that clips it, and by the window).
CAPTION_JS = """
root => {
  const info = root.querySelector('.digiteach-info'), r = info.getBoundingClientRect();
  let t = 0, b = innerHeight;
  for (let p = info.parentElement; p && p !== document.body; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const q = p.getBoundingClientRect();
    t = Math.max(t, q.top); b = Math.min(b, q.bottom);
  }
  return {inside: info.scrollHeight - info.clientHeight, above: t - r.top, below: r.bottom - b,
          rules: root.querySelector('.digiteach-rules').textContent};
}
"""


def counter(player: Any) -> tuple[int, int]:
    """The step shown and the number of steps, from "step N of M" or "Schritt N von M"."""
    found = re.search(r"(\d+)\D+(\d+)", player.locator(".digiteach-counter").inner_text())
    assert found, "no step counter"
    return int(found[1]), int(found[2])


def wait_for_step(player: Any, step: int, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while counter(player)[0] != step and time.monotonic() < deadline:
        player.page.wait_for_timeout(100)
    assert counter(player)[0] == step, f"the player did not reach step {step}"


def check_caption(player: Any, what: str) -> None:
    found = player.evaluate(CAPTION_JS)
    step = counter(player)[0]
    assert found["inside"] <= 1 and found["above"] <= 1 and found["below"] <= 1, (
        f"{what}, step {step}: the caption is cut ({found['inside']}px scrolled inside its box, {found['above']:.0f}px "
        f"above and {found['below']:.0f}px below what is seen; rules {found['rules']!r})")


def every_step(page: Any, player: Any, what: str, size: tuple[int, int], start: int = 1) -> None:
    """From step `start` to the last, with the arrow key: the caption whole, and the diagram still whole."""
    player.locator(".digiteach-caption").click()
    total = counter(player)[1]
    page.keyboard.press("Home")
    for _ in range(start - 1):
        page.keyboard.press("ArrowRight")
    smallest = 99.0
    for step in range(start, total + 1):
        if step > start:
            page.keyboard.press("ArrowRight")
        wait_for_step(player, step)
        page.wait_for_timeout(60)
        if step == start:
            player_at_top(page, player)
        check_caption(player, what)
        if stream_panes(size) == 1 and "stream" in what:  # the diagram gives up width to the caption, still whole
            smallest = min(smallest, min(p["minText"] for p in check_whole(player, f"{what} step {step}", DIAGRAM_MIN_PX, 1)))
    print(f"{what}: the caption whole at steps {start}-{total}; the diagram's text at least {smallest:.1f} px")
    page.screenshot(path=str(OUTPUT / ("caption-" + re.sub(r"[^\w]+", "-", what) + ".png")))


def choose_own(page: Any, player: Any) -> None:
    """At the decision (step 7) choose the answer the ruling did not: the learner's own line."""
    player.locator(".digiteach-caption").click()
    page.keyboard.press("Home")
    for _ in range(DECISION):
        page.keyboard.press("ArrowRight")
    player.locator(".digiteach-decision-open").wait_for(state="visible")
    player.locator(".digiteach-option:not(.documented)").first.click()
    player.locator(".digiteach-branch.digiteach-branch-yours").wait_for(state="attached", timeout=60_000)
    wait_for_step(player, DECISION + 2, seconds=60)


def test_stream_caption_whole_in_jupyterlab(chromium: Any, lab_server: LabServer) -> None:
    context, page, player = stream_in_lab(chromium, lab_server, "player_caption_stream.ipynb")
    try:
        for lang, word in (("en", "step"), ("de", "Schritt")):
            player.locator(".digiteach-lang").select_option(lang)
            player.locator(".digiteach-counter", has_text=word).wait_for(timeout=60_000)
            for size in ((1280, 720), (1920, 1080)):
                page.set_viewport_size({"width": size[0], "height": size[1]})
                for sidebar in (True, False):
                    set_sidebar(page, sidebar)
                    what = f"JupyterLab stream {lang} {size[0]}x{size[1]} sidebar {'open' if sidebar else 'closed'}"
                    every_step(page, player, what, size)
                    page.keyboard.press("Home")
                    page.screenshot(path=str(OUTPUT / f"lab-caption-{lang}-{size[0]}x{size[1]}-{sidebar}.png"))
        # the learner's own line (as in Voila's shot: the rule line "CR 15-16-10-1" was cut in half at step 8)
        page.set_viewport_size({"width": 1280, "height": 720})
        set_sidebar(page, True)
        choose_own(page, player)
        for lang, word in (("de", "Schritt"), ("en", "step")):
            player.locator(".digiteach-lang").select_option(lang)
            player.locator(".digiteach-counter", has_text=word).wait_for(timeout=60_000)
            for sidebar in (True, False):
                set_sidebar(page, sidebar)
                every_step(page, player, f"JupyterLab stream {lang} 1280x720 your line, sidebar {sidebar}", (1280, 720),
                           start=DECISION + 1)
        page.keyboard.press("Home")
        for _ in range(DECISION + 1):
            page.keyboard.press("ArrowRight")
        page.wait_for_timeout(200)
        page.screenshot(path=str(OUTPUT / "lab-caption-your-line-1280x720.png"))
    finally:
        context.close()


def test_compact_caption_whole_with_the_export_status(chromium: Any, lab_server: LabServer) -> None:
    name = "player_caption_compact.ipynb"
    write_notebook(lab_server.root / name, [f"import widgets\nwidgets.play({SCENARIO!r}, layout='compact', lang='de')"])
    context = chromium.new_context(viewport={"width": 1920, "height": 1080}, accept_downloads=True)
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        player = open_in_lab(page, lab_server, name, sidebar=False)
        choose_own(page, player)
        with page.expect_download(timeout=60_000):
            player.locator(".digiteach-export").click()
        player.locator(".digiteach-status", has_text="heruntergeladen").wait_for(state="visible", timeout=60_000)
        page.wait_for_timeout(200)
        player_at_top(page, player)
        page.screenshot(path=str(OUTPUT / "lab-caption-compact-de-1920x1080-status.png"))
        check_caption(player, "JupyterLab compact de 1920x1080, the export's status shown, step 8 of your line")
        every_step(page, player, "JupyterLab compact de 1920x1080, the export's status shown, your line", (1920, 1080),
                   start=DECISION + 1)
        page.keyboard.press("Home")
        for _ in range(DECISION + 1):
            page.keyboard.press("ArrowRight")
        page.wait_for_timeout(200)
        page.screenshot(path=str(OUTPUT / "lab-caption-compact-de-1920x1080.png"))
    finally:
        context.close()
