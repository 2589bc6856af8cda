"""The newcomer's trial, stream layout at 1920x1080 and 1280x720, in JupyterLab (left sidebar open, as `./lab` opens
it) and on the exported page: every option of every decision of te07 and AR-5 is wholly inside the window and not
clipped by its decision box (the box was capped at 96 px: te07 step 12's third option was cut in half), and the
large pane a viewer sees first follows the scenario's opening action (AR-5 opens with an attack: the attack diagram;
te07 with a <Digi-Burst>: the pending-activation diagram, which was a 5.7 px thumbnail beside a near-empty phase row).
Screenshots in test-output/browser/."""

from __future__ import annotations

from typing import Any

import pytest
from labharness import OUTPUT, LabServer, write_notebook
from layoutcheck import check_text_clear
from test_lesson_in_browser import wait_for_step
from test_player_layouts import SIZES, open_in_lab, player_at_top

from digiteach.export import to_html
from digiteach.scenario import load_scenario, play

pytestmark = [pytest.mark.browser, pytest.mark.long]

SCENARIOS = {"attack-resolution-5": "attack", "triggered-effects-7": "priority"}  # id: the large pane it opens with
TRACES = {sid: play(load_scenario(sid)) for sid in SCENARIOS}

# Each option under `root` (a decision's buttons or list items) that is not wholly inside what can be seen of it: its
# box, cut by every box that clips it (the decision box among them) and by the window.
CLIPPED_JS = """
(root, sel) => [...root.querySelectorAll(sel)].filter(o => o.getClientRects().length).map(o => {
  const r = o.getBoundingClientRect();
  let box = {l: 0, t: 0, r: innerWidth, b: innerHeight};
  for (let p = o.parentElement; p && p !== document.body; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const q = p.getBoundingClientRect();
    box = {l: Math.max(box.l, q.left), t: Math.max(box.t, q.top), r: Math.min(box.r, q.right), b: Math.min(box.b, q.bottom)};
  }
  const whole = r.left >= box.l - 1 && r.top >= box.t - 1 && r.right <= box.r + 1 && r.bottom <= box.b + 1;
  return whole ? null : `${o.textContent.slice(0, 60)} at y ${Math.round(r.top)}-${Math.round(r.bottom)}, ` +
    `seen y ${Math.round(box.t)}-${Math.round(box.b)}`;
}).filter(Boolean)
"""


def decisions(sid: str) -> list[int]:
    """The 0-based steps of `sid`'s documented line that ask a question."""
    return [s.index for s in TRACES[sid].steps if s.decision is not None]


def check_options(root: Any, sel: str, count: int, what: str) -> None:
    shown = root.locator(sel).count()
    assert shown == count, f"{what}: {shown} options shown, the decision has {count}"
    clipped = root.evaluate(CLIPPED_JS, sel)
    assert not clipped, f"{what}: options cut off: {clipped}"


def large_figure(root: Any) -> str:
    return str(root.evaluate("r => (r.querySelector('.digiteach-pane-large, figure.large') || {}).className || ''"))


def test_every_option_whole_and_the_default_large_pane_in_jupyterlab(chromium: Any, lab_server: LabServer) -> None:
    name = "player_decisions_fit.ipynb"
    write_notebook(lab_server.root / name, ["import widgets"] + [
        f"widgets.play({sid!r}, layout='stream')" for sid in SCENARIOS])
    context = chromium.new_context(viewport={"width": 1920, "height": 1080})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        open_in_lab(page, lab_server, name, sidebar=True)
        page.locator(".digiteach-player").nth(len(SCENARIOS) - 1).wait_for(state="attached", timeout=120_000)
        for n, (sid, large) in enumerate(SCENARIOS.items()):
            player = page.locator(".digiteach-player").nth(n)
            player.locator(".digiteach-diagram svg").first.wait_for(state="attached")
            assert f"digiteach-pane-{large}" in large_figure(player), f"{sid}: opens with {large_figure(player)!r} large"
            for size in SIZES:
                page.set_viewport_size({"width": size[0], "height": size[1]})
                for k in decisions(sid):
                    player.locator(".digiteach-caption").click()
                    page.keyboard.press("Home")
                    for _ in range(k):
                        page.keyboard.press("ArrowRight")
                    wait_for_step(player, k + 1)
                    player_at_top(page, player)
                    what = f"JupyterLab {sid} {size[0]}x{size[1]} step {k + 1}"
                    if (sid, k) == ("triggered-effects-7", 11):
                        page.screenshot(path=str(OUTPUT / f"lab-stream-te07-step12-{size[0]}x{size[1]}.png"))
                    check_options(player, ".digiteach-option", len(TRACES[sid].steps[k].decision.options), what)  # type: ignore[union-attr]
    finally:
        context.close()
        lab_server.shutdown_kernels()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_option_whole_and_the_default_large_pane_on_the_exported_page(chromium: Any, tmp_path: Any,
                                                                         size: tuple[int, int]) -> None:
    context = chromium.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = context.new_page()
        for sid, large in SCENARIOS.items():
            trace = TRACES[sid]
            page.goto(to_html(trace, tmp_path / f"{sid}.html", layout="stream").as_uri())
            page.wait_for_selector("html.js section.frame:not([hidden])", state="attached")
            frame = page.locator("section.frame:not([hidden])")
            assert large_figure(frame) == f"{large} large", f"{sid}: opens with {large_figure(frame)!r} large"
            at = 0
            for k in decisions(sid):
                for _ in range(k - at):
                    page.keyboard.press("ArrowRight")
                at = k
                page.locator(".digiteach-counter", has_text=f"step {k + 1} of ").wait_for(state="attached")
                frame = page.locator("section.frame:not([hidden])")
                what = f"export {sid} {size[0]}x{size[1]} step {k + 1}"
                if (sid, k) == ("triggered-effects-7", 11):
                    page.screenshot(path=str(OUTPUT / f"export-stream-te07-step12-{size[0]}x{size[1]}.png"))
                check_options(frame, ".decision li", len(trace.steps[k].decision.options), what)  # type: ignore[union-attr]
                check_text_clear(page.locator("main"), what)  # the caption and the decision each whole, apart
    finally:
        context.close()
