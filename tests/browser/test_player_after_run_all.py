"""After Run > Run All Cells, JupyterLab leaves the notebook at its last cell, far below the player (newcomer, session
10, shot 03_after_runall_1280). The player offers a small hint at the bottom of the window ("Step player above"),
never scrolling on its own; the hint's button brings the player into view with the focus on it, and the hint goes.
A notebook whose player stays in view after Run All offers no hint. JupyterLab at 1280x720, sidebar open, as ./lab
opens it. Screenshots in test-output/browser/."""

from __future__ import annotations

from typing import Any

import pytest
from labharness import OUTPUT, LabServer, write_notebook
from test_lesson_in_browser import run_all_cells, wait_for_kernel
from test_player_layouts import open_in_lab

pytestmark = [pytest.mark.browser]

SCROLLER_JS = """() => { const p = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
  || document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook'); return p.scrollTop; }"""
IN_VIEW_JS = "el => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight - 40 && r.bottom > 100; }"
# a lesson's cells after the player: tall before they run, so Run All goes down to the last one at once
TALL = "import time\n" + "".join(f"# a line of the lesson's text, {i}\n" for i in range(30)) + "time.sleep(0.3)"


def wait_idle(page: Any) -> None:
    for _ in range(200):
        prompts = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-InputArea-prompt").all_inner_texts()
        if prompts and not any("*" in p for p in prompts) and all(any(c.isdigit() for c in p) for p in prompts):
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"the notebook did not finish: {prompts}")


def test_run_all_offers_a_way_back_to_the_player(chromium: Any, lab_server: LabServer) -> None:
    name = "player_run_all.ipynb"
    write_notebook(lab_server.root / name, ["import widgets\nwidgets.play('attack-resolution-5')"] + [TALL] * 6)
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        player = open_in_lab(page, lab_server, name, sidebar=True)
        wait_idle(page)
        hint = page.locator(".digiteach-jump")
        hint.wait_for(state="visible", timeout=10_000)
        page.screenshot(path=str(OUTPUT / "lab-run-all-hint-1280x720.png"))
        assert not player.evaluate(IN_VIEW_JS), "the player is on screen: the notebook did not move past it"
        at = page.evaluate(SCROLLER_JS)
        page.wait_for_timeout(1500)
        assert page.evaluate(SCROLLER_JS) == at, "the notebook scrolled on its own"
        go = hint.locator(".digiteach-jump-go")
        assert "Step player above" in go.inner_text()
        go.click()
        page.wait_for_timeout(600)
        assert player.evaluate(IN_VIEW_JS), "the hint's button did not bring the player into view"
        assert player.evaluate("el => el === document.activeElement"), "the player does not have the focus"
        assert hint.count() == 0, "the hint stayed"
        page.keyboard.press("ArrowRight")  # the keys work at once
        player.locator(".digiteach-counter", has_text="step 2 of").wait_for()
        page.screenshot(path=str(OUTPUT / "lab-run-all-hint-followed-1280x720.png"))
    finally:
        context.close()


def test_no_hint_when_the_player_stays_in_view(chromium: Any, lab_server: LabServer) -> None:
    name = "player_run_all_short.ipynb"
    write_notebook(lab_server.root / name, ["import widgets\nwidgets.play('attack-resolution-5', layout='stream')", "1 + 1"])
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        open_in_lab(page, lab_server, name, sidebar=True)
        wait_idle(page)
        page.wait_for_timeout(1500)
        assert page.locator(".digiteach-jump").count() == 0, "a hint though the player is on screen"
    finally:
        context.close()


SHOWN_HINTS_JS = "() => [...document.querySelectorAll('.digiteach-jump')].filter(b => b.getClientRects().length).length"


def test_hint_in_the_players_language_and_never_in_another_notebooks_tab(chromium: Any, lab_server: LabServer) -> None:
    """The newcomer's trial (session 13, shots 20, 27, 28, 48): the hint of a German lesson's player was in English;
    after Run All in two notebooks and a third opened, hints stacked up, stayed over the notebook tab shown (JupyterLab
    keeps the other notebooks in the same page) while its only player was on screen and focused, and a click did
    nothing visible. Now: the hint speaks the player's language, there is at most one, and a notebook hidden behind
    another tab offers none; the notebook shown, its player on screen and focused, shows no hint."""
    first, second = "player_hint_de.ipynb", "player_hint_other.ipynb"
    write_notebook(lab_server.root / first,
                   ["import widgets\nwidgets.play('attack-resolution-5', lang='de')"] + [TALL] * 6)
    write_notebook(lab_server.root / second, ["import widgets\nwidgets.play('attack-resolution-1', layout='compact')",
                                              "1 + 1"])
    context = chromium.new_context(viewport={"width": 1920, "height": 1080})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        open_in_lab(page, lab_server, first, sidebar=True)
        wait_idle(page)
        hint = page.locator(".digiteach-jump")
        hint.wait_for(state="visible", timeout=10_000)
        assert hint.locator(".digiteach-jump-go").inner_text().startswith("\u2191 Schritt-Player"), hint.inner_text()
        assert hint.get_attribute("lang") == "de"
        page.locator(".jp-DirListing-itemName", has_text=second).dblclick()  # a second notebook tab, same page
        page.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell", state="attached", timeout=60_000)
        wait_for_kernel(page, lab_server, second)
        run_all_cells(page)
        player = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .digiteach-player").first
        player.wait_for(state="attached", timeout=180_000)
        wait_idle(page)
        page.wait_for_timeout(1500)
        assert page.evaluate(SHOWN_HINTS_JS) == 0, "a hint of the notebook behind the other tab is shown"
        player.scroll_into_view_if_needed()
        page.keyboard.press("Escape")
        page.keyboard.press("Alt+Shift+P")
        assert player.evaluate("el => el === document.activeElement"), "Alt+Shift+P did not focus the player shown"
        page.wait_for_timeout(1500)
        assert page.evaluate(SHOWN_HINTS_JS) == 0, "a hint though the notebook's only player is on screen and focused"
        assert page.locator(".digiteach-jump").count() <= 1, "more than one hint in the page"
        page.screenshot(path=str(OUTPUT / "lab-hint-other-tab-1920x1080.png"))
    finally:
        context.close()
        lab_server.shutdown_kernels()


# Text nodes of the notebook shown whose lines cross a shown hint (none when no hint shows)
HINT_OVER_TEXT_JS = """() => {
  const hint = [...document.querySelectorAll('.digiteach-jump')].find(b => b.getClientRects().length &&
    getComputedStyle(b).visibility !== 'hidden');
  if (!hint) return null;
  const b = hint.getBoundingClientRect(), over = [];
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const walk = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT), range = document.createRange();
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    if (!node.textContent.trim()) continue;
    range.selectNodeContents(node);
    for (const r of range.getClientRects())
      if (r.width && r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom) over.push(node.textContent.slice(0, 40));
  }
  return over;
}"""
# the words of a folded answer's printed lines that are split over two lines (none when lines wrap between words)
SPLIT_WORDS_JS = """el => { const split = [], range = document.createRange();
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const text = node.textContent; let at = 0;
    for (const word of text.split(/(\\s+)/)) {
      if (word.trim()) { range.setStart(node, at); range.setEnd(node, at + word.length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width).map(r => Math.round(r.top)));
        if (tops.size > 1) split.push(word); }
      at += word.length;
    }
  }
  return split; }"""
ANSWER = """import ipywidgets
answer = ipywidgets.Output()
with answer:
    for n in range(1, 4):
        print(f"{n}. Activate [Your Turn] of ST4-13 HerculesKabuterimon: trash 1 security (inherited from "
              "MegaKabuterimon) and then again [Your Turn] of ST4-13 HerculesKabuterimon, inherited from MegaKabuterimon")
ipywidgets.Accordion([answer], titles=["Show the engine's answer"], selected_index=0)"""
WORDS = 'print(("The lesson goes on below the player with words that fill the whole width of the notebook. " * 12 + "\\n") * 12)'


def test_folded_answer_wraps_between_words_and_the_hint_covers_no_text(chromium: Any, lab_server: LabServer) -> None:
    """The newcomer's trial (session 15, shot 68): the lesson's "Show the engine's answer" wrapped its lines inside
    words ("MegaKabuteri" / "mon": JupyterLab's outputs break anywhere), and after Run All the "Step player above" hint
    stood over the notebook's text at the bottom right. Now the answer's lines wrap between words, and the hint
    never covers text: it moves under the toolbar, or hides while both places would."""
    name = "player_hint_text.ipynb"
    write_notebook(lab_server.root / name, ["import widgets\nwidgets.play('attack-resolution-5')"] + [TALL] * 4
                   + [ANSWER, WORDS, WORDS])
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        open_in_lab(page, lab_server, name, sidebar=True)
        wait_idle(page)
        for _ in range(6):  # the hint is checked every 300 ms
            page.wait_for_timeout(500)
            over = page.evaluate(HINT_OVER_TEXT_JS)
            assert not over, f"the hint covers the notebook's text: {over}"
        page.screenshot(path=str(OUTPUT / "lab-hint-over-text-1280x720.png"))
        out = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jupyter-widget-Accordion .jp-OutputArea-output pre")
        out.first.scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        assert "MegaKabuterimon" in out.first.inner_text()
        split = out.first.evaluate(SPLIT_WORDS_JS)
        page.screenshot(path=str(OUTPUT / "lab-folded-answer-1280x720.png"))
        assert not split, f"words split over two lines in the folded answer: {split}"
    finally:
        context.close()
        lab_server.shutdown_kernels()
