"""The player's geometry at the sizes it is used at, in Voilà (session 16 faults 2-4), measured from the element boxes:

- stream layout, 1280x720 and 1920x1080, German, at the first decision: after *HTML exportieren* the status line
  ("... heruntergeladen") is wholly inside what can be seen of the player (at 720p it was pushed below the one-pane
  column, out of sight);
- stacked layout, 1280x720 and 1920x1080: the decision's options are even (one width, one height);
- compact layout, 1920x1080, equal panes, in Voilà and on the exported page: the diagrams use the room (the smallest scale at which a diagram is drawn,
  over every step, was 0.43 with three equal columns, each diagram at its pane's width, the attack diagram leaving
  the bottom of its pane empty; the columns now follow the diagrams' sizes).

Screenshots in test-output/browser/."""

from __future__ import annotations

from typing import Any

import pytest
from labharness import OUTPUT, LabServer, write_notebook
from test_lesson_in_browser import KERNEL_SECONDS, wait_for, wait_for_step

from digiteach.export import to_html
from digiteach.scenario import load_scenario, play

pytestmark = pytest.mark.browser

SCENARIO = "attack-resolution-5"
TRACE = play(load_scenario(SCENARIO))
DECISION = next(s.index for s in TRACE.steps if s.decision is not None) + 1  # 1-based
SIZES = [(1280, 720), (1920, 1080)]

# the box of `sel` inside the player, and what of it can be seen (cut by every box that clips it and by the window)
SEEN_JS = """(root, sel) => {
  const el = root.querySelector(sel);
  if (!el || el.hidden || !el.getClientRects().length) return null;
  const r = el.getBoundingClientRect();
  let box = {l: 0, t: 0, r: innerWidth, b: innerHeight};
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const q = p.getBoundingClientRect();
    box = {l: Math.max(box.l, q.left), t: Math.max(box.t, q.top), r: Math.min(box.r, q.right), b: Math.min(box.b, q.bottom)};
  }
  return {text: el.textContent, top: r.top, bottom: r.bottom, left: r.left, right: r.right, seen: box};
}"""

# each visible diagram's SVG: its name and the scale it is drawn at (its width over its viewBox width in CSS px)
SCALES_JS = """root => [...root.querySelectorAll('.digiteach-diagram')].filter(p => p.getClientRects().length)
  .map(p => { const s = p.querySelector('svg'); if (!s || !s.viewBox.baseVal.width) return null;
    return {name: p.dataset.diagram, scale: s.getBoundingClientRect().width / (s.viewBox.baseVal.width * 4 / 3)}; })
  .filter(Boolean)"""


def open_player(chromium: Any, server: LabServer, layout: str, size: tuple[int, int], lang: str = "en") -> tuple[Any, Any, Any]:
    name = f"player_fill_{layout}_{lang}.ipynb"
    if not (server.root / name).exists():
        write_notebook(server.root / name, [f"import widgets\nwidgets.play({SCENARIO!r}, layout={layout!r}, lang={lang!r})"])
    context = chromium.new_context(viewport={"width": size[0], "height": size[1]}, accept_downloads=True)
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.goto(server.url(f"voila/render/{name}"), timeout=KERNEL_SECONDS * 1000)
    player = wait_for(page, ".digiteach-player", f"the {layout} player in Voila")
    player.locator(".digiteach-diagram svg").first.wait_for(state="attached")
    player.scroll_into_view_if_needed()
    return context, page, player


def go_to(page: Any, player: Any, step: int, lang: str = "en") -> None:
    player.locator(".digiteach-caption").click()
    page.keyboard.press("Home")
    for _ in range(step - 1):
        page.keyboard.press("ArrowRight")
    if lang == "en":
        wait_for_step(player, step)
    else:
        player.locator(".digiteach-counter", has_text=f"Schritt {step} von ").wait_for()
    page.wait_for_timeout(300)


def shot(page: Any, name: str) -> None:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / name))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_stream_status_line_whole_after_export(chromium: Any, voila_server: LabServer, size: tuple[int, int]) -> None:
    context, page, player = open_player(chromium, voila_server, "stream", size, "de")
    try:
        go_to(page, player, DECISION, "de")
        with page.expect_download():
            player.locator(".digiteach-export").click()
        player.locator(".digiteach-status", has_text="heruntergeladen").wait_for()
        page.wait_for_timeout(300)
        shot(page, f"voila-stream-de-{size[0]}x{size[1]}-status.png")
        box = player.evaluate(SEEN_JS, ".digiteach-status")
        assert box is not None, "no status line"
        seen = box["seen"]
        assert (box["top"] >= seen["t"] - 1 and box["bottom"] <= seen["b"] + 1 and box["left"] >= seen["l"] - 1
                and box["right"] <= seen["r"] + 1), f"{size}: the status line {box['text']!r} is cut: {box}"
        caption = player.evaluate(SEEN_JS, ".digiteach-caption")
        assert caption["top"] >= caption["seen"]["t"] - 1 and caption["bottom"] <= caption["seen"]["b"] + 1, (
            f"{size}: the caption is cut with the status line shown: {caption}")
        assert player.bounding_box()["height"] <= size[1]
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_stacked_decision_options_are_even(chromium: Any, voila_server: LabServer, size: tuple[int, int]) -> None:
    context, page, player = open_player(chromium, voila_server, "stacked", size)
    try:
        go_to(page, player, DECISION)
        shot(page, f"voila-stacked-{size[0]}x{size[1]}-decision.png")
        boxes = [b.bounding_box() for b in player.locator("button.digiteach-option").all()]
        assert len(boxes) >= 2
        widths, heights = {round(b["width"]) for b in boxes}, {round(b["height"]) for b in boxes}
        assert max(widths) - min(widths) <= 1 and max(heights) - min(heights) <= 1, (
            f"{size}: uneven options: {[(round(b['width']), round(b['height'])) for b in boxes]}")
        right = player.locator(".digiteach-decision").bounding_box()
        assert all(b["x"] + b["width"] <= right["x"] + right["width"] + 1 for b in boxes), "an option overflows the box"
    finally:
        context.close()


def test_compact_diagrams_use_the_room_at_1080p(chromium: Any, voila_server: LabServer) -> None:
    context, page, player = open_player(chromium, voila_server, "compact", (1920, 1080))
    try:
        go_to(page, player, 1)
        least: dict[str, float] = {}
        for step in range(1, len(TRACE.steps) + 1):
            if step > 1:
                page.keyboard.press("ArrowRight")
                wait_for_step(player, step)
                page.wait_for_timeout(150)
            scales = player.evaluate(SCALES_JS)
            assert len(scales) == 3, scales
            for s in scales:
                least[s["name"]] = min(least.get(s["name"], 9.0), s["scale"])
            if step == DECISION:
                shot(page, "voila-compact-1920x1080-decision.png")
            assert player.bounding_box()["height"] <= 1080
        print(f"compact 1920x1080, smallest scale per diagram over the trace: {least}")
        assert min(least.values()) >= 0.48, f"a diagram is drawn small while room is left: {least}"
    finally:
        context.close()


def test_compact_export_diagrams_use_the_room_at_1080p(chromium: Any, tmp_path: Any) -> None:
    """The exported page's compact layout at 1920x1080 likewise (its smallest scale was 0.43 with equal thirds)."""
    page_file = to_html(TRACE, tmp_path / "ar5-compact.html", layout="compact")
    context = chromium.new_context(viewport={"width": 1920, "height": 1080})
    try:
        page = context.new_page()
        page.goto(page_file.as_uri())
        page.wait_for_selector("html.js section.frame:not([hidden])", state="attached")
        least: dict[str, float] = {}
        for step in range(len(TRACE.steps)):
            frame = page.locator("section.frame:not([hidden])")
            scales = frame.evaluate(SCALES_JS)
            assert len(scales) == 3, scales
            for s in scales:
                least[s["name"]] = min(least.get(s["name"], 9.0), s["scale"])
            if step + 1 == DECISION:
                shot(page, "export-compact-1920x1080-decision.png")
            page.keyboard.press("ArrowRight")
        print(f"export compact 1920x1080, smallest scale per diagram over the trace: {least}")
        assert min(least.values()) >= 0.48, f"a diagram is drawn small while room is left: {least}"
    finally:
        context.close()
