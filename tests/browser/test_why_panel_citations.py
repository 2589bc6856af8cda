"""The Why panel cites where the wiki differs from the CR as a document the learner can open (newcomer trial 7:
it cited "rules_summary Part 3, A7", a file not in the repository): in English and German, at 1280x720 and
1920x1080, the open panel shows "(docs/wiki-vs-cr.md, A7)" / "(docs/wiki-vs-cr.de.md, A7)", that file exists and
has the entry, and the panel's lines fit its width. Screenshots in test-output/browser/why-citation-*.png."""

from __future__ import annotations

from typing import Any

import pytest
from labharness import OUTPUT, REPO, LabServer
from test_accessibility import open_voila_player

pytestmark = pytest.mark.browser

SCENARIO = "attack-resolution-7"
CITED = {"en": "(docs/wiki-vs-cr.md, A7)", "de": "(docs/wiki-vs-cr.de.md, A7)"}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_why_panel_cites_a_document_in_the_repository(chromium: Any, voila_server: LabServer, lang: str,
                                                      size: tuple[int, int]) -> None:
    code = f"import widgets\nwidgets.play({SCENARIO!r}, lang={lang!r})"
    context, page, player = open_voila_player(chromium, voila_server, f"why_citation_{lang}.ipynb", code, size)
    try:
        player.locator("details.digiteach-why summary").click()
        text = player.locator(".digiteach-why-text")
        text.wait_for(state="visible")
        shown = " ".join(text.inner_text().split())
        assert CITED[lang] in shown, shown
        assert "rules_summary" not in shown and "Part 3" not in shown and "Teil 3" not in shown
        doc = REPO / CITED[lang].strip("()").split(",")[0]
        assert "### A7 (" in doc.read_text(encoding="utf-8")
        overflow = text.evaluate("e => e.scrollWidth - e.clientWidth")
        assert overflow <= 1, f"the Why text is {overflow}px wider than its panel"
        text.scroll_into_view_if_needed()
        page.screenshot(path=str(OUTPUT / f"why-citation-{lang}-{size[0]}x{size[1]}.png"))
    finally:
        context.close()
