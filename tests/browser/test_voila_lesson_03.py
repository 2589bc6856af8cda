"""Lesson 03 in Voilà (`./lab --voila`, a teacher's machine serving a room; newcomer's shot 53_voila_03_1280): the
code is hidden, so "edit the file's text in the next cell" cannot be done there, and every learner's kernel wrote
my-rulings/my-first-ruling.yaml on the teacher's machine. In Voilà the lesson now says at its top that it is for
JupyterLab, leaves out the paragraphs about editing the cell, and saves its file in a folder of the tab's own."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from labharness import LabServer
from test_lesson_in_browser import KERNEL_SECONDS, save_screenshot, wait_for

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("name", "note", "file", "edit_words"), [
    ("03_write_your_own_ruling", "This lesson is for JupyterLab.", "my-first-ruling.yaml",
     "The file's text is in the next cell"),
    ("de/03_write_your_own_ruling_de", "Diese Lektion ist für JupyterLab.", "mein-erstes-szenario.yaml",
     "Der Text der Datei steht in der nächsten Zelle"),
])
def test_lesson_03_in_voila_says_it_is_for_jupyterlab_and_writes_nothing_shared(
        chromium: Any, voila_server: LabServer, name: str, note: str, file: str, edit_words: str) -> None:
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        page.goto(voila_server.url(f"voila/render/lessons/{name}.ipynb"), timeout=KERNEL_SECONDS * 1000,
                  wait_until="domcontentloaded")
        wait_for(page, ".digiteach-player", "the step player in Voila")
        body = page.inner_text("body")
        assert note in body, "Voila does not say the lesson is for JupyterLab"
        assert body.index(note) < body.index("YAML"), "the note is not near the top"
        assert edit_words not in body, "Voila tells the learner to edit a cell it hides"
        assert "PASS my-first-ruling" in body or "PASS mein-erstes-szenario" in body, "the check did not run"
        save_screenshot(page, f"voila-{name.replace('/', '-')}-1280")
        page.get_by_text(note).first.scroll_into_view_if_needed()
        assert page.get_by_text(note).first.is_visible()
    finally:
        context.close()
    shared = [voila_server.root / "my-rulings" / file]
    if os.environ.get("DIGITEACH_RULINGS"):
        shared.append(Path(os.environ["DIGITEACH_RULINGS"]) / file)
    assert not any(p.exists() for p in shared), f"Voila wrote the shared {file}"
