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
    # ... and with the sidebar open the column beside the diagram widens until the caption and an open decision are
    # whole (the caption is never cut: newcomer, session 10): the diagram keeps what is left, at a decision ~7.1 px
    # (6.7 before the column's gaps and paddings were made smaller, session 14)
    ("lab", 1280, 720, "sidebar open"): 7.0,
}


# Every line of text shown under `root` outside the diagrams (the title, controls, caption, decision, outcome): each
# line's box (a Range over its text node), the element it belongs to, and whether it is wholly inside what can be
# seen (its element's box cut by every box that clips it and by the window); a box that needs scrolling to be read,
# or that is cut at its own edge, has lines outside. Text meant for screen readers only (clipped to 1 px) and the
# text inside <select> and the diagrams' SVG are left out (the diagrams: check_whole).
LINES_JS = r"""
root => {
  const seen = el => {
    let r = el.getBoundingClientRect(), box = {l: -1e9, t: -1e9, r: 1e9, b: 1e9};
    for (let p = el; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const q = p.getBoundingClientRect();
      box = {l: Math.max(box.l, q.left), t: Math.max(box.t, q.top), r: Math.min(box.r, q.right), b: Math.min(box.b, q.bottom)};
    }
    return {l: Math.max(box.l, 0), t: Math.max(box.t, 0), r: Math.min(box.r, innerWidth), b: Math.min(box.b, innerHeight)};
  };
  const hiddenText = el => {
    for (let p = el, child = null; p && p !== root.parentElement; child = p, p = p.parentElement) {
      if (p.tagName === 'DETAILS' && !p.open && !(child && child.tagName === 'SUMMARY')) return true;  // folded
      const s = getComputedStyle(p), r = p.getBoundingClientRect();
      if (s.visibility === 'hidden' || s.display === 'none') return true;
      if (['SELECT', 'OPTION', 'svg', 'SCRIPT', 'STYLE'].includes(p.tagName)) return true;
      if ((s.position === 'absolute' || s.position === 'fixed') && r.width <= 2 && r.height <= 2) return true;
    }
    return false;
  };
  const name = el => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/ +/).join('.') : '');
  const lines = [], broken = [], walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let id = 0;
  for (let n = walker.nextNode(); n; n = walker.nextNode(), id++) {
    if (!n.textContent.trim() || hiddenText(n.parentElement)) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const block = n.parentElement.closest('button, summary, li, p, h1, h2, div, span, label') || n.parentElement;
    const box = seen(n.parentElement);
    for (const r of range.getClientRects()) {
      if (r.width < 1 || r.height < 1) continue;
      const cut = r.left < box.l - 1 || r.top < box.t - 1 || r.right > box.r + 1 || r.bottom > box.b + 1;
      const at = cut ? null : document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      lines.push({text: n.textContent.trim().slice(0, 40), owner: name(block), node: id,
                  l: r.left, t: r.top, r: r.right, b: r.bottom, cut,
                  covered: !cut && !(at && (n.parentElement.contains(at) || at.contains(n.parentElement))) ? (at ? name(at) : 'nothing') : ''});
    }
    for (const m of n.textContent.matchAll(/[^\s\-\u2010-\u2014\/]+/g)) {  // a word broken across two lines
      const w = document.createRange();
      w.setStart(n, m.index);
      w.setEnd(n, m.index + m[0].length);
      const tops = new Set([...w.getClientRects()].filter(r => r.width >= 1).map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  const drawn = [...root.querySelectorAll('.digiteach-diagram')].filter(p => p.offsetParent !== null)
    .flatMap(p => [...p.querySelectorAll('svg text')]).map(t => t.getBoundingClientRect())
    .filter(r => r.width > 0).map(r => ({l: r.left, t: r.top, r: r.right, b: r.bottom}));
  return {lines, drawn, broken};
}
"""


def _meet(a: dict[str, Any], b: dict[str, Any], slack: float = 2.0) -> bool:
    return min(a["r"], b["r"]) - max(a["l"], b["l"]) > slack and min(a["b"], b["b"]) - max(a["t"], b["t"]) > slack


def check_text_clear(root: Any, what: str, scrolls: bool = False) -> None:
    """Every line of text under `root` (a Playwright locator, e.g. <main>) outside the diagrams is wholly in view (not
    cut at the edge of its box, no scrolling needed inside a box, not under the window's edge, not covered by another
    element such as a sticky bar), no word broken across two lines, no two lines of different text drawn over each
    other, and none over a diagram's text. `scrolls`: a box of `root` scrolls by design (the player's side column
    in JupyterLab at 720p): lines scrolled out of it are not reported as cut, the lines in view are checked."""
    found: dict[str, Any] = root.evaluate(LINES_JS)
    lines, drawn = found["lines"], found["drawn"]
    cut = [f"{x['owner']} {x['text']!r}" for x in lines if x["cut"] and not scrolls]
    assert not cut, f"{what}: text cut off or needing a scroll: {cut[:4]}"
    covered = [f"{x['owner']} {x['text']!r} under {x['covered']}" for x in lines if x["covered"]]
    assert not covered, f"{what}: text covered by another element: {covered[:4]}"
    assert not found["broken"], f"{what}: words broken across two lines: {found['broken'][:6]}"
    over = [f"{a['owner']} {a['text']!r} and {b['owner']} {b['text']!r}"
            for k, a in enumerate(lines) for b in lines[k + 1:] if a["node"] != b["node"] and _meet(a, b)]
    assert not over, f"{what}: text drawn over other text: {over[:4]}"
    under = [f"{x['owner']} {x['text']!r}" for x in lines for d in drawn if _meet(x, d)]
    assert not under, f"{what}: text drawn over a diagram: {under[:4]}"
    print(f"{what}: {len(lines)} lines of text, none cut or overlapping")


# The compact layout's promise in JupyterLab at 1280x720 (a short window: one diagram at a time, as in the stream
# layout, beside a column in the compact layout's smaller words), keyed by whether the left sidebar is open: the
# smallest text of the diagram shown at the first decision (the attack diagram), CSS px. Measured 10.1 (open) and 10.3
# (closed); three panes side by side gave 2.4 and 4.1.
COMPACT_SHORT_MIN_PX: dict[bool, float] = {True: 10.0, False: 10.0}
