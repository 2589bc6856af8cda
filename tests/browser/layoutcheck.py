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
