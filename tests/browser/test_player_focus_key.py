"""The keyboard's way in (docs/player.md, "Without a mouse"): in JupyterLab, Run All leaves the focus where it was (no player
takes it on its own); Alt+Shift+P from the notebook's active cell focuses the step player nearest it (the one in that
cell, else the closest; the first on screen when that cell is scrolled out of view), whose arrow keys then step; Alt+Shift+P on the player itself gives the focus back to the notebook, on one of its controls puts it on the player.
The player is named for screen readers when it takes the focus (its label says the key, its step counter describes it).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from labharness import LabServer, write_notebook
from test_lesson_in_browser import open_notebook, run_all_cells, wait_for, wait_for_step

pytestmark = pytest.mark.browser

ACTIVE_IN_PLAYER = "el => el.contains(document.activeElement)"


# the element at the middle of `part` of a player is `part` itself (or inside it): it is on screen, not under a toolbar
SEEN_JS = """el => { const r = el.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  const at = document.elementFromPoint(x, y); return {top: r.top, bottom: r.bottom, seen: !!at && el.contains(at)}; }"""


def check_top_shown(player: Any, what: str) -> None:
    """The player's controls and step counter are on screen (Alt+Shift+P shows a tall player's top, not its end)."""
    for part in (".digiteach-counter", ".digiteach-first"):
        where = player.locator(part).evaluate(SEEN_JS)
        assert where["seen"], f"{what}: the player's {part} is not on screen ({where['top']:.0f}-{where['bottom']:.0f} px)"


def test_alt_shift_p_focuses_the_player_nearest_the_active_cell_and_back(page: Any, lab: LabServer) -> None:
    name = "focus_key.ipynb"
    write_notebook(lab.root / name, [
        "x = 1  # a cell above the players",
        "import widgets\nwidgets.play('attack-resolution-5')",
        "y = 2  # a cell between them",
        "widgets.play('attack-resolution-1')",
        "z = 3  # a cell below the players (where Run All leaves the active cell)",
    ])
    open_notebook(page, lab, name)
    run_all_cells(page)
    wait_for(page, ".digiteach-player", "the first player")
    page.locator(".digiteach-player").nth(1).wait_for(state="attached", timeout=180_000)
    page.locator(".digiteach-player .digiteach-diagram svg").first.wait_for(state="attached")
    first, second = page.locator(".digiteach-player").nth(0), page.locator(".digiteach-player").nth(1)
    assert not page.evaluate("!!(document.activeElement && document.activeElement.closest('.digiteach-player'))"), (
        "Run All must leave the focus where it was")

    label = first.get_attribute("aria-label") or ""
    assert "Alt+Shift+P" in label and first.get_attribute("aria-keyshortcuts") == "Alt+Shift+P"
    described = first.get_attribute("aria-describedby") or ""
    assert described and first.locator(f"#{described}").inner_text().startswith("step 1 of")

    page.locator(".jp-Cell").nth(4).locator(".jp-InputPrompt").click()  # the cell below a tall (stacked) player
    page.keyboard.press("Escape")
    page.keyboard.press("Alt+Shift+P")
    assert second.evaluate("el => document.activeElement === el"), "the player nearest the cell below takes the focus"
    assert second.evaluate("el => el.getBoundingClientRect().height") > 1000, "a player taller than the window"
    page.wait_for_timeout(300)
    check_top_shown(second, "Alt+Shift+P from the cell below")
    page.keyboard.press("Alt+Shift+P")  # back to the notebook
    page.locator(".jp-Cell").nth(2).locator(".jp-InputPrompt").click()  # the cell between the players, command mode
    page.keyboard.press("Escape")
    page.keyboard.press("Alt+Shift+P")
    assert first.evaluate(ACTIVE_IN_PLAYER) or second.evaluate(ACTIVE_IN_PLAYER), "Alt+Shift+P focused no player"
    page.locator(".jp-Cell").nth(3).locator(".jp-InputPrompt").click()  # the second player's own cell
    page.keyboard.press("Escape")
    page.keyboard.press("Alt+Shift+P")
    assert second.evaluate("el => document.activeElement === el"), "the player in the active cell takes the focus"
    page.keyboard.press("ArrowRight")
    wait_for_step(second, 2)
    page.keyboard.press("Alt+Shift+P")
    assert not second.evaluate(ACTIVE_IN_PLAYER), "Alt+Shift+P inside the player gives the focus back"
    assert page.evaluate("!!(document.activeElement && document.activeElement.closest('.jp-Notebook'))"), (
        "the focus goes back to the notebook")
    cells = page.locator(".jp-Cell").count()
    page.keyboard.press("ArrowRight")  # the notebook's keys are the notebook's again: the player stays at step 2
    wait_for_step(second, 2)
    assert page.locator(".jp-Cell").count() == cells

    # the newcomer's trial: Run All leaves the last cell active; a learner who scrolls up to the first player and
    # presses Alt+Shift+P means that player, not the one nearest a cell out of view
    page.locator(".jp-Cell").nth(4).locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    first.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    assert page.locator(".jp-Cell").nth(4).evaluate(
        "el => { const r = el.getBoundingClientRect(); return r.top >= window.innerHeight || r.bottom <= 0; }"), (
        "the active cell is out of view")
    page.keyboard.press("Alt+Shift+P")
    assert first.evaluate("el => document.activeElement === el"), "the player on screen takes the focus"
    check_focus_ring_seen(page, first)



def test_alt_shift_p_on_a_control_keeps_the_focus_in_the_player(page: Any, lab: LabServer) -> None:
    """The newcomer's trial (session 16): a streamer changed the *Layout* select with the keyboard and pressed Alt+Shift+P
    to step on; the focus went to the notebook, and it took a second press before 1, 2, 3 worked again. Pressed on one
    of the player's controls, Alt+Shift+P puts the focus on the player itself (its stepping surface), never out of it;
    pressed on the player itself it still gives the focus back to the notebook (docs/player.md)."""
    name = "focus_key_control.ipynb"
    write_notebook(lab.root / name, ["import widgets\nwidgets.play('attack-resolution-5', layout='stream')"])
    open_notebook(page, lab, name)
    run_all_cells(page)
    player = wait_for(page, ".digiteach-player", "the player")
    player.locator(".digiteach-diagram svg").first.wait_for(state="attached")
    page.locator(".jp-Cell").nth(0).locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("Alt+Shift+P")
    assert player.evaluate("el => document.activeElement === el"), "Alt+Shift+P focused no player"
    for _ in range(40):  # Tab (real key presses) to the Layout select
        page.keyboard.press("Tab")
        if player.locator(".digiteach-layout").evaluate("el => document.activeElement === el"):
            break
    else:
        pytest.fail("Tab never reached the Layout select")
    page.keyboard.press("ArrowUp")  # stream -> compact, from the keyboard
    player.evaluate("el => new Promise(r => setTimeout(r, 300))")
    assert "digiteach-layout-compact" in (player.get_attribute("class") or "")
    page.keyboard.press("Alt+Shift+P")
    assert player.evaluate("el => document.activeElement === el"), (
        "Alt+Shift+P on the Layout select must put the focus on the player, not leave it")
    page.keyboard.press("3")  # the player's keys work at once, after one press
    player.locator(".digiteach-pane-board.digiteach-pane-large").wait_for(state="attached")
    page.keyboard.press("ArrowRight")
    assert wait_for_step(player, 2).step == 2
    player.locator(".digiteach-next").focus()
    page.keyboard.press("Enter")  # a button pressed from the keyboard keeps the focus
    assert wait_for_step(player, 3).step == 3
    page.keyboard.press("Alt+Shift+P")
    assert player.evaluate("el => document.activeElement === el"), "Alt+Shift+P on a step button left the player"
    page.keyboard.press("Alt+Shift+P")  # on the player itself: back to the notebook, as before
    assert not player.evaluate(ACTIVE_IN_PLAYER)
    assert page.evaluate("!!(document.activeElement && document.activeElement.closest('.jp-Notebook'))")


def check_focus_ring_seen(page: Any, player: Any) -> None:
    """The focused player's ring (3 px, #0072b2) is drawn where it can be seen: the notebook's output area clips what
    lies outside the player's box (a newcomer found no pixel of a ring drawn outside it), so it is drawn inside."""
    import io

    from PIL import Image

    page.wait_for_timeout(200)
    box = player.bounding_box()
    assert box is not None
    shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    top = max(0, int(box["y"]))
    row = [shot.getpixel((x, top + 4)) for x in range(int(box["x"]) + 20, int(box["x"] + box["width"]) - 20)]
    blue = sum(1 for r, g, b in row if abs(r - 0) < 30 and abs(g - 114) < 30 and abs(b - 178) < 30)
    assert blue > len(row) // 2, f"the focus ring is not seen along the player's top edge ({blue} of {len(row)} px)"


def test_alt_shift_p_in_voila_focuses_the_first_player_on_screen_then_the_next(chromium: Any,
                                                                                voila_server: LabServer) -> None:
    """Voila has no active cell: Alt+Shift+P focuses the player on screen, and inside a player moves on to the next."""
    name = "focus_key_voila.ipynb"
    write_notebook(voila_server.root / name, [
        "import widgets\nwidgets.play('attack-resolution-5')", "widgets.play('attack-resolution-1')"])
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        page.goto(voila_server.url(f"voila/render/{name}"), timeout=180_000)
        page.locator(".digiteach-player").nth(1).wait_for(state="attached", timeout=180_000)
        page.locator(".digiteach-player .digiteach-diagram svg").first.wait_for(state="attached")
        first, second = page.locator(".digiteach-player").nth(0), page.locator(".digiteach-player").nth(1)
        assert not first.evaluate(ACTIVE_IN_PLAYER) and not second.evaluate(ACTIVE_IN_PLAYER), "no player takes the focus"
        page.keyboard.press("Alt+Shift+P")
        assert first.evaluate("el => document.activeElement === el"), "the first player on screen takes the focus"
        page.keyboard.press("End")  # its keys work at once
        assert first.locator(".digiteach-next").is_disabled()
        page.keyboard.press("Alt+Shift+P")
        assert second.evaluate("el => document.activeElement === el"), "pressed again: the next player"
    finally:
        context.close()


def test_keys_1_2_3_are_the_players_only_while_it_has_the_focus(page: Any, lab: LabServer) -> None:
    """The newcomer's trial (session 12): Alt+Shift+P took the focus back to the notebook as the README says, then `3`
    (meaning "show the board") made JupyterLab turn a Markdown cell into a heading. Keyboard alone: from a Markdown
    cell Alt+Shift+P and 3 show the board and leave the cell as it was; the player's name (read out when it
    takes the focus) says that its keys work only while it has the focus and that 1, 2, 3 in the notebook make a
    heading; back in the notebook (and up to the Markdown cell) 3 is JupyterLab's, as the README warns, and Z undoes it there, as the README says."""
    name = "keys_123.ipynb"
    write_notebook(lab.root / name, ["import widgets\nwidgets.play('attack-resolution-5', layout='stream')"])
    notebook = json.loads((lab.root / name).read_text(encoding="utf-8"))
    notebook["cells"].insert(0, {"cell_type": "markdown", "metadata": {}, "source": ["Read the caption first."]})
    (lab.root / name).write_text(json.dumps(notebook), encoding="utf-8")
    open_notebook(page, lab, name)
    run_all_cells(page)
    player = wait_for(page, ".digiteach-player", "the player")
    player.locator(".digiteach-diagram svg").first.wait_for(state="attached")
    text = page.locator(".jp-Cell").nth(0)
    text.click()  # the Markdown cell, active in command mode
    page.keyboard.press("Escape")
    # the Markdown cell is a heading: rendered as one, or its source (shown when not rendered) starts with ###
    headings = ("() => [...document.querySelectorAll('.jp-Notebook .jp-MarkdownCell')].filter(c => "
                "c.querySelector('.jp-RenderedMarkdown h3') || (c.querySelector('.cm-content') || {}).textContent"
                "?.startsWith('###')).length")
    assert page.evaluate(headings) == 0
    page.keyboard.press("Alt+Shift+P")
    assert player.evaluate("el => document.activeElement === el"), "Alt+Shift+P focused no player"
    label = player.get_attribute("aria-label") or ""
    assert "work only while the focus is in the player" in label and "turn a Markdown cell into a heading" in label, label
    page.keyboard.press("3")
    player.locator(".digiteach-pane-board.digiteach-pane-large").wait_for(state="attached")
    page.wait_for_timeout(300)
    assert page.evaluate(headings) == 0, "3 in the player made a heading"
    page.keyboard.press("Alt+Shift+P")  # back to the notebook: its keys are JupyterLab's
    assert not player.evaluate(ACTIVE_IN_PLAYER)
    page.keyboard.press("ArrowUp")  # the notebook's arrows: up to the Markdown cell
    page.keyboard.press("3")
    page.wait_for_function(headings + " === 1")
    page.keyboard.press("z")  # JupyterLab's undo of a cell operation (command mode), as the README says
    page.wait_for_function(headings + " === 0")
    assert "Read the caption first." in text.inner_text()

    root = Path(__file__).resolve().parents[2]
    page_text = (root / "docs" / "player.md").read_text(encoding="utf-8")
    assert "1, 2, 3 do not switch the\ndiagram but turn the active Markdown cell into a heading" in page_text
    readme = " ".join((root / "README.md").read_text(encoding="utf-8").split())
    assert "1, 2, 3 turn the active Markdown cell into a heading (Z undoes it)" in readme
