"""Measurements a streamer would make by eye, made in the browser: the smallest diagram text in CSS px
(font size times the SVG's screen scale), each pane's width, and whether the player fits the window."""

from __future__ import annotations

from typing import Any

# For every visible .digiteach-diagram under `root`: its name, width and smallest text in CSS px.
MEASURE_JS = """
root => [...root.querySelectorAll('.digiteach-diagram')]
  .filter(p => p.offsetParent !== null && p.querySelector('svg'))
  .map(p => {
    const sizes = [...p.querySelectorAll('svg text')]
      .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
    const box = p.closest('figure') || p;
    return {name: p.dataset.diagram, width: box.getBoundingClientRect().width,
            minText: sizes.length ? Math.min(...sizes) : 99};
  })
"""


# how many diagrams the stream layout shows at a window size (one below 900 px of height: player.js ONE_PANE_BELOW_PX)
def stream_panes(size: tuple[int, int]) -> int:
    """The number of diagram panes the stream layout shows in a `size` (width, height) window."""
    return 1 if size[1] < 900 else 3


def measure(root: Any) -> list[dict[str, Any]]:
    """Measure the visible diagrams under the element `root` (a Playwright locator)."""
    found: list[dict[str, Any]] = root.evaluate(MEASURE_JS)
    return found


def check_readable(root: Any, what: str) -> list[dict[str, Any]]:
    """Every diagram's text at least 14 CSS px; the pending-activation pane at least as wide as the others."""
    panes = measure(root)
    print(f"{what}: " + ", ".join(f"{p['name']} {p['width']:.0f}px wide, text >= {p['minText']:.1f}px" for p in panes))
    assert len(panes) >= 3, f"{what}: three diagrams should be visible: {panes}"
    for p in panes:
        assert p["minText"] >= 14 - 0.05, f"{what}: {p['name']} text is {p['minText']:.1f} CSS px (< 14)"
    widths = {p["name"]: p["width"] for p in panes}
    assert widths["priority"] >= max(widths.values()) - 1, f"{what}: the pending-activation pane is narrower: {widths}"
    return panes


# Every visible diagram under `root`: whether it is the large pane, its smallest text in CSS px, and the text
# elements not wholly inside what can be seen of the pane (its box, cut by every box that clips it and by the
# window): a diagram cut at its pane's edge, or one that needs scrolling inside the pane, has some.
WHOLE_JS = """
root => {
  const seen = el => {
    let r = el.getBoundingClientRect(), box = {l: r.left, t: r.top, r: r.right, b: r.bottom};
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {  // the body's overflow is the window's
      const s = getComputedStyle(p);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const q = p.getBoundingClientRect();
      box = {l: Math.max(box.l, q.left), t: Math.max(box.t, q.top), r: Math.min(box.r, q.right), b: Math.min(box.b, q.bottom)};
    }
    return {l: Math.max(box.l, 0), t: Math.max(box.t, 0), r: Math.min(box.r, innerWidth), b: Math.min(box.b, innerHeight)};
  };
  return [...root.querySelectorAll('.digiteach-diagram')]
    .filter(p => p.offsetParent !== null && p.querySelector('svg'))
    .map(p => {
      const box = seen(p), texts = [...p.querySelectorAll('svg text')].filter(t => t.getBoundingClientRect().height > 0);
      const cut = texts.filter(t => { const b = t.getBoundingClientRect();
        return b.left < box.l - 1 || b.top < box.t - 1 || b.right > box.r + 1 || b.bottom > box.b + 1; });
      const sizes = texts.map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
      const fig = p.closest('figure') || p;
      return {name: p.dataset.diagram, large: /(^| )(digiteach-pane-)?large( |$)/.test(fig.className),
              minText: sizes.length ? Math.min(...sizes) : 99, texts: texts.length,
              cut: cut.slice(0, 3).map(t => t.textContent), cutCount: cut.length};
    });
}
"""


def check_whole(root: Any, what: str, large_min: float, count: int = 3) -> list[dict[str, Any]]:
    """Every diagram under `root` shown whole (each text element inside what can be seen of its pane: not cut at
    the pane's edge, no scrolling inside the pane, not under the window's edge); the large pane's smallest
    text at least `large_min` CSS px (the promise of the README's table of layouts); `count` diagrams visible (1:
    the stream layout's one-pane mode in a short window, where the one shown is the large one)."""
    panes: list[dict[str, Any]] = root.evaluate(WHOLE_JS)
    print(f"{what}: " + ", ".join(
        f"{p['name']}{' (large)' if p['large'] else ''} text >= {p['minText']:.1f}px, {p['cutCount']}/{p['texts']} cut"
        for p in panes))
    assert len(panes) == count, f"{what}: {count} diagram(s) should be visible: {panes}"
    for p in panes:
        assert p["cutCount"] == 0, f"{what}: {p['name']}: {p['cutCount']} of {p['texts']} texts cut off, e.g. {p['cut']}"
    large = [p for p in panes if p["large"]] or panes
    for p in large:
        assert p["minText"] >= large_min - 0.05, f"{what}: {p['name']} text is {p['minText']:.1f} CSS px (< {large_min})"
    return panes


# The stream layout's promise for the large pane's smallest diagram text (CSS px), as measured and written in the
# README's table of layouts: the whole diagram is the rule, and the window's height sets how large it can be. Below
# 900 px of height (1280x720) the stream layout shows one diagram at a time at the full height (the attack diagram
# is the smallest there: ~855 px high at 14 px text, more than 720p has; the other two are larger).
STREAM_LARGE_MIN_PX: dict[tuple[Any, ...], float] = {
    (1920, 1080): 14.0, (1280, 720): 11.0,  # the exported page
    ("voila", 1920, 1080): 13.0, ("voila", 1280, 720): 10.5,  # the player in Voila (its title row and line banner)
    # JupyterLab: its menus, toolbars and the cell's margins take ~110 px and ~450 px of a 1280 px width with the
    # sidebar open; at 1280x720 the one diagram shown keeps ~10 px (3-4 px when three panes shared that room)
    ("lab", 1920, 1080): 11.0, ("lab", 1280, 720): 10.0,
}
