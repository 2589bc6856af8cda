"""The newcomer's trial (session 11, shots 43_stream_1280 and 46_stream_1280_step1): JupyterLab at 1280x720 with its
left sidebar open, the stream layout (one diagram beside a column). At a decision "Steps so far" and "Why" sat below
the visible part of the column (a green sliver) and Tab skipped them (from "3 Board" to the diagram, then out into
JupyterLab); at step 1 Tab reached them but Why was cut off. Now both are reached with Tab, in English and German, at a
decision and without one, and each is wholly on screen when it has the focus. Keyboard alone: Alt+Shift+P into the
player, the arrow keys, Tab. Screenshots in test-output/browser/."""

from __future__ import annotations

from typing import Any

import pytest
from labharness import OUTPUT, LabServer
from test_player_layouts import stream_in_lab

from digiteach.scenario import load_scenario, play

pytestmark = pytest.mark.browser

SCENARIO = "attack-resolution-5"
TRACE = play(load_scenario(SCENARIO))
DECISION = next(s.index for s in TRACE.steps if s.decision is not None)

# The focused element: what it is, whether it is still in the player, and whether it is wholly inside what can be seen
# of it (its box, cut by every box that clips it and by the window).
FOCUSED_JS = """
player => {
  const el = document.activeElement;
  if (!el || !player.contains(el)) return {inPlayer: false, what: el ? el.tagName + '.' + el.className : ''};
  const r = el.getBoundingClientRect();
  let box = {l: 0, t: 0, r: innerWidth, b: innerHeight};
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const q = p.getBoundingClientRect();
    box = {l: Math.max(box.l, q.left), t: Math.max(box.t, q.top), r: Math.min(box.r, q.right), b: Math.min(box.b, q.bottom)};
  }
  const whole = r.left >= box.l - 1 && r.top >= box.t - 1 && r.right <= box.r + 1 && r.bottom <= box.b + 1;
  const part = el.closest('.digiteach-why') ? 'why' : el.closest('.digiteach-logbox') ? 'log'
    : el.closest('.digiteach-diagram') ? 'diagram' : el.closest('.digiteach-option') ? 'option' : '';
  return {inPlayer: el !== player, part, whole, what: (el.getAttribute('aria-label') || el.textContent).slice(0, 40),
          at: `y ${Math.round(r.top)}-${Math.round(r.bottom)}, seen y ${Math.round(box.t)}-${Math.round(box.b)}`};
}
"""


# the element's top line is on screen: the point a little inside its top left corner shows the element itself
SEEN_JS = """el => { const r = el.getBoundingClientRect(), x = r.left + 8, y = r.top + 8;
  const at = document.elementFromPoint(x, y); return r.height > 0 && y < innerHeight && !!at && el.contains(at); }"""


def tab_walk(page: Any, player: Any, what: str) -> list[dict[str, Any]]:
    """From the player itself, Tab until the focus leaves the player; every stop on the way."""
    assert player.evaluate("el => document.activeElement === el"), f"{what}: the player does not have the focus"
    stops = []
    for _ in range(60):
        page.keyboard.press("Tab")
        stop = player.evaluate(FOCUSED_JS)
        if not stop["inPlayer"]:
            return stops
        stops.append(stop)
    pytest.fail(f"{what}: Tab never left the player: {[s['what'] for s in stops]}")


def check_footer_reached(page: Any, player: Any, what: str) -> None:
    stops = tab_walk(page, player, what)
    order = [s["part"] or s["what"] for s in stops]
    print(f"{what}: {order}")
    for part in ("log", "why", "diagram"):
        assert part in order, f"{what}: Tab never reaches the {part}: {order}"
    cut = [f"{s['what']!r} ({s['at']})" for s in stops if not s["whole"]]
    assert not cut, f"{what}: focused but not wholly on screen: {cut}"


def check_opens(page: Any, player: Any, what: str) -> None:
    """Shift+Tab back to Why (the last stop), Enter opens it: its notes on screen, the player still in the window; the
    same for Steps so far (Shift+Tab once more), whose current step is on screen. Enter closes each again."""
    for back, part, inside in ((1, "why", ".digiteach-why-text"), (1, "log", ".digiteach-log-current")):
        for _ in range(back):
            page.keyboard.press("Shift+Tab")
        stop = player.evaluate(FOCUSED_JS)
        assert stop.get("part") == part, f"{what}: Shift+Tab reached {stop}, not {part}"
        page.keyboard.press("Enter")
        page.wait_for_timeout(300)
        OUTPUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUTPUT / f"lab-stream-1280x720-sidebar-{part}-open.png"))
        seen = player.locator(inside).evaluate(SEEN_JS)
        assert seen, f"{what}: {part} opened, but {inside} is not on screen"
        bottom = player.evaluate("el => el.getBoundingClientRect().bottom")
        assert bottom <= page.viewport_size["height"], f"{what}: {part} open, the player ends at {bottom:.0f}px"
        page.keyboard.press("Enter")
        page.wait_for_timeout(200)


def test_steps_so_far_and_why_reached_and_seen_in_a_short_window(chromium: Any, lab_server: LabServer) -> None:
    context, page, player = stream_in_lab(chromium, lab_server, "player_stream_footer.ipynb")
    try:
        page.locator(".jp-Cell").first.locator(".jp-InputPrompt").click()  # the notebook, command mode
        page.keyboard.press("Escape")
        for lang in ("en", "de"):
            for step in (DECISION + 1, 1):
                # into the player: from the notebook, or from one of its controls (Why, Steps so far) onto the player
                # itself in one press (pressed on the player itself it would go back to the notebook)
                if not player.evaluate("el => document.activeElement === el"):
                    page.keyboard.press("Alt+Shift+P")
                page.keyboard.press("Home")
                for _ in range(step - 1):
                    page.keyboard.press("ArrowRight")
                counter = "step {} of " if lang == "en" else "Schritt {} von "
                player.locator(".digiteach-counter", has_text=counter.format(step)).wait_for(state="attached")
                page.wait_for_timeout(300)
                assert player.evaluate("el => el.classList.contains('digiteach-one-pane')"), "not one diagram at a time"
                OUTPUT.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(OUTPUT / f"lab-stream-1280x720-sidebar-{lang}-step{step}.png"))
                what = f"JupyterLab 1280x720 sidebar open, {lang}, step {step}"
                check_footer_reached(page, player, what)
                if step > 1:
                    check_opens(page, player, what)
            if lang == "en":  # German, from the keyboard: Tab to the Language select, down one entry
                page.keyboard.press("Alt+Shift+P")
                for _ in range(40):
                    page.keyboard.press("Tab")
                    if player.evaluate("el => document.activeElement.classList.contains('digiteach-lang')"):
                        break
                page.keyboard.press("ArrowDown")
                player.locator(".digiteach-counter", has_text="Schritt").wait_for(state="attached")
                page.keyboard.press("Alt+Shift+P")
    finally:
        context.close()
        lab_server.shutdown_kernels()
