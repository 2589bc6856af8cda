"""The newcomer's trial (session 7, item 1): on the learner's own line the banner's note and its "Back to the documented
line" button ("Zurück zur dokumentierten Linie") were cut off in German: at 1920x1080 stacked in JupyterLab with the
sidebar open the button read "Zurück zur dokumentierten Li" and stuck out of the dashed box, at 1280x720 stream
"Zurüc", and the note ended in "...". Now the banner wraps: in both languages, stacked and stream, at both sizes, the
whole note and the whole button are inside the banner, nothing in it scrolls or is cut, and no word is split across two
lines. Also the stacked controls at 1280 wide with the sidebar open, in German: the step buttons, slider and counter on
one row, at most two rows in all (README, Layouts). Screenshots in test-output/browser/."""

from __future__ import annotations

from typing import Any

import pytest
from labharness import OUTPUT, LabServer, write_notebook
from test_player_layouts import SIZES, open_in_lab, player_at_top

from digiteach.scenario import load_scenario, play

pytestmark = [pytest.mark.browser, pytest.mark.long]

SCENARIO = "attack-resolution-5"
TRACE = play(load_scenario(SCENARIO))
DECISION = next(s.index for s in TRACE.steps if s.decision is not None)

# What is wrong with the banner under `root`: a box in it that scrolls or is cut (its content wider or taller than
# it), a box that sticks out of the banner, a word of the note or of a button split over two lines.
BANNER_JS = """
root => {
  const bar = root.querySelector('.digiteach-branch'), outer = bar.getBoundingClientRect(), bad = [];
  for (const c of [bar, ...bar.querySelectorAll('*')]) {
    if (!c.getClientRects().length) continue;
    const name = c.className || c.tagName, r = c.getBoundingClientRect();
    if (c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1)
      bad.push(`${name}: content ${c.scrollWidth}x${c.scrollHeight} in ${c.clientWidth}x${c.clientHeight}`);
    if (r.left < outer.left - 0.5 || r.right > outer.right + 0.5 || r.top < outer.top - 0.5 || r.bottom > outer.bottom + 0.5)
      bad.push(`${name}: sticks out of the banner`);
  }
  for (const c of bar.querySelectorAll('.digiteach-branch-note, button')) {
    if (!c.getClientRects().length) continue;
    const walk = document.createTreeWalker(c, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      for (const m of t.data.matchAll(/[^\\s\\-\\u2013]+/g)) {
        const range = document.createRange();
        range.setStart(t, m.index);
        range.setEnd(t, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(q => q.width > 0).map(q => Math.round(q.top)));
        if (tops.size > 1) bad.push(`the word "${m[0]}" is split over ${tops.size} lines`);
      }
    }
  }
  return bad;
}
"""


def check_banner(player: Any, what: str) -> None:
    text = player.locator(".digiteach-branch").inner_text()
    bad = player.evaluate(BANNER_JS)
    assert not bad, f"{what}: the banner ({text!r}) is cut: {bad}"


def test_branch_banner_wraps_whole_in_both_languages_layouts_and_sizes(chromium: Any, lab_server: LabServer) -> None:
    name = "player_banner_de.ipynb"
    write_notebook(lab_server.root / name, [f"import widgets\nwidgets.play({SCENARIO!r}, lang='de', layout='stacked')"])
    context = chromium.new_context(viewport={"width": 1920, "height": 1080})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        player = open_in_lab(page, lab_server, name, sidebar=True)
        player.locator(".digiteach-caption").click()
        page.keyboard.press("Home")
        for _ in range(DECISION):
            page.keyboard.press("ArrowRight")
        player.locator(".digiteach-decision-open").wait_for(state="visible")
        player.locator(".digiteach-option:not(.documented)").first.click()  # the learner's own line
        player.locator(".digiteach-branch.digiteach-branch-yours").wait_for(state="attached", timeout=60_000)
        for lang, back in (("de", "Zurück zur dokumentierten Linie"), ("en", "Back to the documented line")):
            player.locator(".digiteach-lang").select_option(lang)
            player.locator(".digiteach-back", has_text=back).wait_for(state="visible", timeout=60_000)
            for layout in ("stacked", "stream"):
                player.locator(".digiteach-layout").select_option(layout)
                for size in SIZES:
                    page.set_viewport_size({"width": size[0], "height": size[1]})
                    page.wait_for_timeout(400)
                    player_at_top(page, player)
                    what = f"JupyterLab {lang} {layout} {size[0]}x{size[1]} sidebar open"
                    page.screenshot(path=str(OUTPUT / f"lab-banner-{lang}-{layout}-{size[0]}x{size[1]}.png"))
                    check_banner(player, what)
                    assert player.locator(".digiteach-back").inner_text().split() == back.split(), what
        # stacked, German, 1280 wide, sidebar open: the step buttons, the slider and the counter share one row
        player.locator(".digiteach-lang").select_option("de")
        player.locator(".digiteach-back", has_text="Zurück").wait_for(state="visible", timeout=60_000)
        player.locator(".digiteach-layout").select_option("stacked")
        page.set_viewport_size({"width": 1280, "height": 720})
        page.wait_for_timeout(400)
        player_at_top(page, player)
        rows = player.locator(".digiteach-controls > :visible").evaluate_all(
            "cs => cs.map(c => [c.className, Math.round(c.getBoundingClientRect().top + c.getBoundingClientRect().height / 2)])")
        steps = [mid for cls, mid in rows if cls.split()[0] in (
            "digiteach-first", "digiteach-prev", "digiteach-play", "digiteach-next", "digiteach-last", "digiteach-slider",
            "digiteach-counter")]
        assert max(steps) - min(steps) <= 4, f"stacked de 1280x720: the step controls wrap: {rows}"
        mids = sorted(mid for _, mid in rows)
        count = 1 + sum(1 for a, b in zip(mids, mids[1:]) if b - a > 10)
        assert count <= 2, f"stacked de 1280x720: {count} rows of controls: {rows}"
    finally:
        context.close()
        lab_server.shutdown_kernels()
