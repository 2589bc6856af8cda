"""A learner's view, tested for real: JupyterLab in headless Chromium runs a notebook with the step player.

1. `test_harness_runs_a_notebook_with_a_widget`: the harness itself. JupyterLab starts, the page loads,
   Run > Run All Cells runs a notebook in the kernel, a plain ipywidgets Button renders, and a click on it
   goes through the kernel and back (the Button's description changes).
2. `test_step_player_steps_with_buttons_and_keys`: the step player (DOM contract in the team brief).
   Opens `lessons/00_start_here.ipynb` (a copy) when it exists, else a throwaway notebook that shows
   `widgets.play("attack-resolution-5")`; runs all cells; reads the counter ("step N of M"), the caption
   and the current node (class `current`) of the diagram; presses `.digiteach-next`, then focuses the
   player and presses ArrowRight; after each, the counter moves on by one and the caption or the current
   node changes.

3. `test_step_player_in_voila`: the same notebook in Voilà (what `./lab --voila` serves), the same checks.

Screenshots go to `test-output/browser/`. (`DIGITEACH_UPDATE_SCREENSHOT=1` refreshes `docs/screenshot.png`,
the README's picture, from `test_accessibility.py` at 1920x1080.)
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from labharness import OUTPUT, LabServer, write_notebook

pytestmark = pytest.mark.browser

LESSON = "lessons/00_start_here.ipynb"
SCENARIO = "attack-resolution-5"
KERNEL_SECONDS = 180.0  # kernel start + imports + first render, on a loaded 2-core machine
ERROR_OUTPUT = '[data-mime-type="application/vnd.jupyter.error"]'
COUNTER = re.compile(r"step\s+(\d+)\s+of\s+(\d+)", re.IGNORECASE)


def open_notebook(page: Any, server: LabServer, relpath: str) -> None:
    """Open a notebook in a new JupyterLab workspace (no tabs restored from an earlier test), wait until
    its cells are in the DOM and its kernel is idle, and hide the file browser."""
    workspace = f"t{time.monotonic_ns()}"
    page.goto(server.url(f"lab/workspaces/{workspace}/tree/{relpath}"))
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", state="attached", timeout=60_000)
    left = page.locator(".jp-SideBar.lm-TabBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
    if left.count():
        left.first.click()  # collapse the left area: more room for the notebook in screenshots
    wait_for_kernel(page, server, relpath)


def wait_for_kernel(page: Any, server: LabServer, relpath: str, seconds: float = 90.0) -> None:
    """Wait until the server has an idle kernel for `relpath` and the page's status bar says Idle.

    Run All before the page holds its kernel runs nothing at all, so this must come first."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        dialog = page.locator(".jp-Dialog .jp-Dialog-button.jp-mod-accept")
        if dialog.count():  # e.g. "Select Kernel": accept the preferred kernel, as a person would
            print(f"accepting dialog: {page.locator('.jp-Dialog').first.inner_text()!r}")
            dialog.first.click()
        sessions = server.api("api/sessions") or []
        ready = any(s.get("path") == relpath and (s.get("kernel") or {}).get("execution_state") == "idle"
                    for s in sessions)
        if ready and page.locator(".jp-StatusBar-Widget", has_text="| Idle").count():
            return
        page.wait_for_timeout(250)
    status = " / ".join(page.locator(".jp-StatusBar-Widget").all_inner_texts())
    pytest.fail(f"no idle kernel for {relpath} within {seconds:.0f} s (status bar: {status})", pytrace=False)


def run_all_cells(page: Any, attempts: int = 3) -> None:
    """Run > Run All Cells, through the menu bar as a person would; check that the first code cell
    started (its prompt shows * or a number), and try again if it did not."""
    prompt = page.locator(".jp-CodeCell .jp-InputArea-prompt").first
    for attempt in range(1, attempts + 1):
        page.locator(".lm-MenuBar-item", has_text=re.compile(r"^\s*Run\s*$")).first.click()
        page.locator('.lm-Menu-item[data-command="runmenu:run-all"]').click()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if re.search(r"\[[*0-9]", prompt.inner_text()):
                return
            page.wait_for_timeout(200)
        print(f"Run All Cells started nothing (attempt {attempt}); prompt {prompt.inner_text()!r}")
    pytest.fail(f"Run All Cells did not start the notebook in {attempts} attempts", pytrace=False)


def wait_for(page: Any, selector: str, what: str, seconds: float = KERNEL_SECONDS) -> Any:
    """Wait until `selector` is attached; fail at once, with the traceback text, if a cell errors."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = page.locator(selector)
        if found.count():
            return found.first
        errors = page.locator(ERROR_OUTPUT)
        if errors.count():
            text = "\n".join(e.inner_text() for e in errors.all())
            pytest.fail(f"a notebook cell raised before {what} appeared:\n{text}", pytrace=False)
        page.wait_for_timeout(250)
    outputs = "\n".join(page.locator(".jp-OutputArea-output").all_inner_texts())
    pytest.fail(f"{what} ({selector}) did not appear within {seconds:.0f} s; cell outputs:\n{outputs}",
                pytrace=False)


def save_screenshot(target: Any, name: str) -> Path:
    """Screenshot a page or element to test-output/browser/NAME.png and print the path."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    path = OUTPUT / f"{name}.png"
    target.screenshot(path=str(path))
    print(f"screenshot: {path}")
    return path


def test_harness_runs_a_notebook_with_a_widget(page: Any, lab: LabServer) -> None:
    write_notebook(lab.root / "harness_smoke.ipynb", [
        "import ipywidgets\n"
        "button = ipywidgets.Button(description='digiteach smoke')\n"
        "button.on_click(lambda b: setattr(b, 'description', 'clicked in the kernel'))\n"
        "button",
        "print('digiteach', 6 * 7)",
    ])
    open_notebook(page, lab, "harness_smoke.ipynb")
    run_all_cells(page)

    button = wait_for(page, ".jupyter-widgets.widget-button", "the ipywidgets Button")
    assert button.inner_text().strip() == "digiteach smoke"
    page.locator(".jp-OutputArea-output", has_text="digiteach 42").wait_for(state="attached")
    button.click()
    page.locator(".jupyter-widgets.widget-button", has_text="clicked in the kernel").wait_for(
        state="attached", timeout=30_000)
    save_screenshot(page, "harness-smoke")


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What a learner reads off the player: step number and count, caption, current diagram nodes."""

    step: int
    steps: int
    caption: str
    current: tuple[tuple[str, str], ...]  # (SVG id, <title> text) of each node with class "current"

    def __str__(self) -> str:
        return f"step {self.step} of {self.steps}; current {self.current}; caption {self.caption!r}"


def read_player(player: Any) -> PlayerView:
    """Read the player's counter, caption and current diagram node(s) from the DOM."""
    counter = player.locator(".digiteach-counter").first.inner_text().strip()
    match = COUNTER.search(counter)
    assert match, f".digiteach-counter should read 'step N of M', it reads {counter!r}"
    caption = player.locator(".digiteach-caption").first.inner_text().strip()
    current = player.locator(".digiteach-diagram svg g.node.current").evaluate_all(
        "nodes => nodes.map(n => [n.id || '', (n.querySelector('title') || {}).textContent || ''])")
    return PlayerView(int(match[1]), int(match[2]), caption, tuple((i, t) for i, t in current))


def wait_for_step(player: Any, step: int, seconds: float = 15.0) -> PlayerView:
    """Wait until the counter reads `step N` (the player redraws without a kernel round trip)."""
    deadline = time.monotonic() + seconds
    view = read_player(player)
    while view.step != step and time.monotonic() < deadline:
        player.page.wait_for_timeout(100)
        view = read_player(player)
    return view


def player_notebook(server: LabServer) -> str:
    """The lesson when it exists (copied into the server's root), else a throwaway player notebook."""
    if (server.root / LESSON).exists():
        return LESSON
    write_notebook(server.root / "player.ipynb", [f"import widgets\nwidgets.play({SCENARIO!r})"])
    return "player.ipynb"


def check_player_steps(page: Any, player: Any, name: str) -> Path:
    """The player's contract, as a learner uses it: `.digiteach-next` steps once, then ArrowRight with
    the player focused steps once; each time the caption or the current diagram node changes.
    Leaves screenshots NAME-start.png and NAME-after-keys.png; returns the second one's path."""
    player.locator(".digiteach-diagram svg").first.wait_for(state="attached", timeout=30_000)
    player.scroll_into_view_if_needed()
    start = read_player(player)
    print(f"at start:    {start}")
    save_screenshot(player, f"{name}-start")
    assert start.steps >= 3, f"the player needs 3 or more steps for this test: {start}"
    assert start.step <= start.steps - 2, f"the player should not start at its end: {start}"
    assert start.current, f"the diagram should mark the current node with class 'current': {start}"

    player.locator(".digiteach-next").first.click()
    after_click = wait_for_step(player, start.step + 1)
    print(f"after next:  {after_click}")
    assert after_click.step == start.step + 1, f".digiteach-next should step once: {start} -> {after_click}"
    assert after_click.steps == start.steps
    assert after_click.current, f"no current node after .digiteach-next: {after_click}"
    assert (after_click.caption, after_click.current) != (start.caption, start.current), (
        f"neither the caption nor the current node changed on .digiteach-next: {after_click}")

    player.focus()
    if not player.evaluate("el => el.contains(document.activeElement)"):
        player.locator(".digiteach-caption").first.click()  # where a person would click
    assert player.evaluate("el => el.contains(document.activeElement)"), (
        "the player cannot take focus: its root needs tabindex=0 for the arrow keys")
    page.keyboard.press("ArrowRight")
    after_key = wait_for_step(player, after_click.step + 1)
    print(f"after key:   {after_key}")
    assert after_key.step == after_click.step + 1, (
        f"ArrowRight with the player focused should step once: {after_click} -> {after_key}")
    assert after_key.current, f"no current node after ArrowRight: {after_key}"
    assert (after_key.caption, after_key.current) != (after_click.caption, after_click.current), (
        f"neither the caption nor the current node changed on ArrowRight: {after_key}")

    # A tall player is clipped by the notebook's scroll area: grow the window to fit it, then shoot.
    box = player.bounding_box()
    if box is not None:
        page.set_viewport_size({"width": 1400, "height": min(4000, max(1000, int(box["height"]) + 300))})
        player.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
    return save_screenshot(player, f"{name}-after-keys")


def test_step_player_steps_with_buttons_and_keys(page: Any, lab: LabServer) -> None:
    notebook = player_notebook(lab)
    print(f"notebook: {notebook}")
    open_notebook(page, lab, notebook)
    run_all_cells(page)
    player = wait_for(page, ".digiteach-player", "the step player")
    shot = check_player_steps(page, player, "player")
    save_screenshot(page, "player-in-jupyterlab")
    print(f"player screenshot: {shot}")  # the README's picture comes from test_accessibility.py (1920x1080)


def test_step_player_in_voila(page: Any, voila_server: LabServer) -> None:
    """`./lab --voila`: the same lesson as an app (code hidden, run on the server at page load)."""
    notebook = player_notebook(voila_server)
    print(f"notebook: {notebook}")
    failed: list[str] = []
    page.on("requestfailed", lambda req: failed.append(req.url))
    url = voila_server.url(f"voila/render/{notebook}")
    try:  # not "load": it waits on a CDN font that may hang offline
        page.goto(url, timeout=KERNEL_SECONDS * 1000, wait_until="domcontentloaded")
    except Exception as err:  # noqa: BLE001 (Playwright's TimeoutError)
        # Known and not yet explained (seen in one CI run in each of the sessions of 2026-12-01 and -02): Voila's
        # server-side run of the lesson stops at "Executing 13 of 15" and the page never finishes. A learner reloads, which starts a fresh kernel; so does
        # this test, once, and says so. Twice in a row fails.
        print(f"RETRY: the Voila page did not load ({type(err).__name__}); reloading once with a fresh kernel")
        page.goto(url, timeout=KERNEL_SECONDS * 1000, wait_until="domcontentloaded")
    player = wait_for(page, ".digiteach-player", "the step player in Voila")
    assert not page.locator(".jp-InputArea-editor, .CodeMirror, .cm-editor").count(), (
        "Voila should hide the code cells")
    body = page.inner_text("body")  # the app already runs: no advice to start JupyterLab, nor its run instructions
    assert "./lab" not in body and "Run All Cells" not in body, "Voila shows how to start and run JupyterLab"
    assert "What you'll need" in body, "the lesson's opening is shown"
    check_player_steps(page, player, "voila-player")
    if failed:  # offline classrooms: what the page could not load (CDNs); shown, not failed on
        print("requests that failed (no network here):\n  " + "\n  ".join(sorted(set(failed))))
