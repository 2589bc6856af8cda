"""Label in name (WCAG 2.5.3): every visible button of the step player has an accessible name that starts with the
words it shows, so that a speech-input user who says "click Export HTML" (or "klicke HTML exportieren") reaches it;
a longer description may follow in the name or come as a description (title). The names are the browser's own, read
from Chromium's accessibility tree, in Voila in the stream layout at 1920x1080 (Enlarge buttons) and 1280x720 (the
one-pane buttons 1, 2, 3), English and German, at a decision on the learner's own line (the Back button, the options).
A select shows its value, not a label: it has a name of its own ("Play speed"), checked to be there. Newcomer, session
10: the Export button was named "Save this trace as one offline HTML file"."""

from __future__ import annotations

import re
from typing import Any

import pytest
from labharness import LabServer
from test_lesson_in_browser import wait_for_step
from test_player_layouts import DECISION, go_to, open_player

pytestmark = [pytest.mark.browser, pytest.mark.long]

MARK_JS = """
root => (document.querySelectorAll('[data-a11y-k]').forEach(e => delete e.dataset.a11yK), [...root.querySelectorAll('button, select, summary')].filter(e => e.checkVisibility({visibilityProperty: true,
    contentVisibilityAuto: true}) && e.getClientRects().length > 0).map((e, k) => {  // not in a closed <details>
  e.dataset.a11yK = String(k);
  return {k, tag: e.tagName.toLowerCase(), cls: e.className, text: e.tagName === 'SELECT' ? '' : e.innerText};
}))
"""


def words(text: str) -> str:
    """The words of `text`: letters and digits, lower case, one space between (symbols such as the triangle of
    "Play" are not said)."""
    return " ".join(re.findall(r"[^\W_]+", text.lower()))


def names(page: Any, player: Any) -> list[dict[str, Any]]:
    """Each visible button, select and summary of `player` with the accessible name Chromium computes for it (read
    again when the player redrew a control meanwhile: the frames of a new language arrive in parts)."""
    for _ in range(5):
        shown: list[dict[str, Any]] = player.evaluate(MARK_JS)
        cdp = page.context.new_cdp_session(page)
        try:
            for item in shown:
                found = cdp.send("Runtime.evaluate", {"expression": f"document.querySelector('[data-a11y-k=\"{item['k']}\"]')"})
                if "objectId" not in found["result"]:
                    break  # redrawn: read them all again
                ax = cdp.send("Accessibility.getPartialAXTree", {"objectId": found["result"]["objectId"],
                                                                 "fetchRelatives": False})["nodes"][0]
                item["name"] = (ax.get("name") or {}).get("value", "")
            else:
                return shown
        finally:
            cdp.detach()
        page.wait_for_timeout(300)
    raise AssertionError("the player kept redrawing its controls")


def check_names(page: Any, player: Any, what: str) -> set[str]:
    found = names(page, player)
    wrong = [f"{f['cls']} shows {f['text']!r}, named {f['name']!r}" for f in found
             if f["tag"] != "select" and not words(f["name"]).startswith(words(f["text"]))]
    nameless = [f["cls"] for f in found if not words(f["name"])]
    print(f"{what}: " + "; ".join(f"{f['text'] or f['cls']!r} -> {f['name']!r}" for f in found))
    assert not wrong, f"{what}: the accessible name does not start with the visible label: {wrong}"
    assert not nameless, f"{what}: controls without a name: {nameless}"
    return {c for f in found for c in str(f["cls"]).split()}


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_player_control_is_named_by_its_visible_label(chromium: Any, voila_server: LabServer,
                                                          size: tuple[int, int]) -> None:
    context, page, player = open_player(chromium, voila_server, "stream", size)
    try:
        go_to(page, player, DECISION + 1)  # step by step, each step waited for (keys pressed at once can be lost)
        player.locator(".digiteach-decision-open").wait_for(state="visible", timeout=60_000)
        player.locator(".digiteach-option:not(.documented)").first.click()
        player.locator(".digiteach-branch.digiteach-branch-yours").wait_for(state="attached", timeout=60_000)
        player.locator(".digiteach-caption").click()  # the chosen option was redrawn: the keys go to the player
        page.keyboard.press("ArrowLeft")  # back at the decision: its options, the chosen one marked
        wait_for_step(player, DECISION + 1)
        player.locator(".digiteach-decision-open").wait_for(state="visible", timeout=60_000)
        for lang, export in (("en", "Export HTML"), ("de", "HTML exportieren")):
            player.locator(".digiteach-lang").select_option(lang)
            player.locator(".digiteach-export", has_text=export).wait_for(timeout=60_000)
            player.locator(".digiteach-decision-open").wait_for(state="visible", timeout=60_000)
            seen = check_names(page, player, f"Voila stream {size[0]}x{size[1]} {lang}")
            assert {"digiteach-export", "digiteach-play", "digiteach-back", "digiteach-option"} <= seen, seen
            assert ("digiteach-panetab" if size[1] < 900 else "digiteach-enlarge") in seen, seen
            page.get_by_role("button", name=export).wait_for(state="visible")  # what a speech-input user says
            player.locator(".digiteach-play").click()  # playing: the button shows "Pause"
            assert player.locator(".digiteach-play.playing").count() == 1
            check_names(page, player.locator(".digiteach-controls"), f"Voila stream {size[0]}x{size[1]} {lang}, playing")
            player.locator(".digiteach-play").click()
    finally:
        context.close()
