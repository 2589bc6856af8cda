"""The export that carries every branch (issue 14), in Chromium from a file:// address with every other request
aborted: a learner chooses at a decision, and the steps shown are those the engine plays for that line, down to
its outcome. Screenshots in test-output/browser/."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from a11ycheck import axe_violations, focus_is_visible
from labharness import OUTPUT

from digiteach.cli import main
from digiteach.explore import with_choices
from digiteach.export_branches import branch_tree, to_branches_html
from digiteach.outcome import outcome_lines
from digiteach.render import step_log_line
from digiteach.scenario import branch, load_scenario, play

pytestmark = pytest.mark.browser

SCENARIO = "triggered-effects-9"


@pytest.fixture(scope="module")
def branches_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tree = branch_tree(load_scenario(SCENARIO))
    assert tree.complete
    return to_branches_html(tree, tmp_path_factory.mktemp("branches") / "te9-branches.html")


def open_offline(chromium: Any, url: str) -> tuple[Any, Any, list[str]]:
    """A 1400x1000 page at ``url`` where every request that is not file:// is recorded and aborted."""
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    others: list[str] = []

    def route(r: Any) -> None:
        if r.request.url.startswith("file:"):
            r.continue_()
        else:
            others.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.on("pageerror", lambda err: print(f"[browser pageerror] {err}"))
    page.goto(url)
    page.wait_for_selector("html.js .digiteach-caption", state="attached")
    return context, page, others


def shown_log(page: Any) -> list[str]:
    page.keyboard.press("End")
    return [str(t) for t in page.locator("main > ol.log li").all_inner_texts()]


def test_choose_at_a_decision_and_follow_that_line(chromium_path: Path, chromium: Any, branches_page: Path) -> None:
    """At the first decision the learner answers differently from the ruling; the page then shows the steps of
    that line (as :func:`digiteach.scenario.branch` plays them), waits at each later decision, and at the end
    shows that line's outcome and how it differs from the documented one."""
    scenario = load_scenario(SCENARIO)
    documented = play(scenario)
    first = next(s for s in documented.steps if s.decision is not None)
    assert first.decision is not None
    other = next(label for label in first.decision.options if label != first.choice)
    theirs = branch(scenario, first.index, other)

    context, page, others = open_offline(chromium, branches_page.as_uri())
    try:
        assert shown_log(page) == [step_log_line(s, numbered=False) for s in documented.steps], \
            "the page opens on the documented line"
        back = page.locator(".digiteach-documented")
        assert back.is_disabled(), "on the documented line, 'Back to the documented line' has nothing to do"
        page.keyboard.press("Home")
        for _ in range(first.index):
            page.keyboard.press("ArrowRight")
        assert page.locator(".digiteach-caption").inner_text() == first.caption
        page.locator(f'button.option[data-label="{other}"]').click()
        assert page.locator(".digiteach-caption").inner_text() == theirs.steps[first.index + 1].caption
        assert "leaves the documented line at step" in page.locator(".line-status").inner_text()
        assert back.is_enabled(), "on the learner's own line 'Back to the documented line' goes back"
        answers: list[str] = [other]  # the learner's answers from the first decision on
        while True:  # answer every later decision as the branch's own scripted answers do (else the first option)
            page.keyboard.press("End")
            options = page.locator(".decision button.option")
            if options.count() == 0:
                break
            k = len(answers)
            wanted = [s.choice for s in theirs.steps if s.decision is not None and s.choice is not None]
            label = wanted[k] if k < len(wanted) else str(options.first.get_attribute("data-label"))
            labels = [str(b.get_attribute("data-label")) for b in options.all()]
            page.keyboard.press(str(labels.index(label) + 1))  # digits choose, as the keys line says
            answers.append(label)
        line = play(with_choices(scenario, [*(s.choice for s in documented.steps[:first.index]
                                              if s.decision is not None and s.choice), *answers]))
        assert line.result != documented.result or line.result.activation_order != documented.result.activation_order
        assert shown_log(page) == [step_log_line(s, numbered=False) for s in line.steps]
        outcome = page.locator(".outcome")
        assert outcome.is_visible()
        text = outcome.inner_text()
        for expected in outcome_lines(line.result):
            assert expected in text
        assert "How it differs from the documented line" in text
        OUTPUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUTPUT / "branches-your-line-outcome.png"), full_page=True)
        back.click()
        assert "following the documented line" in page.locator(".line-status").inner_text()
        assert back.is_disabled()
        assert others == [], f"the export asked the network for {others}"
    finally:
        context.close()


def test_no_focus_ring_round_the_page_on_load(chromium_path: Path, chromium: Any, branches_page: Path) -> None:
    """The page takes the focus on load (so the arrow keys work at once) without a ring round the whole page (the
    newcomer's session 10 shot 26_branches_1280); Tab to a control still draws its ring."""
    context, page, _others = open_offline(chromium, branches_page.as_uri())
    try:
        page.set_viewport_size({"width": 1280, "height": 720})
        assert page.evaluate("document.activeElement.tagName") == "MAIN"
        ring = "(() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth]; })()"
        style, width = page.evaluate(ring)
        page.screenshot(path=str(OUTPUT / "branches-on-load-1280.png"))
        assert style == "none" or width == "0px", f"a focus ring round the page on load: {style} {width}"
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.tagName") != "MAIN"
        assert focus_is_visible(page), "the control reached with Tab draws no focus ring"
        page.keyboard.press("ArrowRight")  # the keys still step from the page
        assert page.locator(".digiteach-counter").inner_text().startswith("step 2 ")
    finally:
        context.close()


def test_options_are_keyboard_operable_with_visible_focus(chromium_path: Path, chromium: Any, branches_page: Path) -> None:
    """Tab reaches the answers of a decision, focus is drawn, and Enter chooses."""
    documented = play(load_scenario(SCENARIO))
    first = next(s for s in documented.steps if s.decision is not None)
    context, page, _others = open_offline(chromium, branches_page.as_uri())
    try:
        for _ in range(first.index):
            page.keyboard.press("ArrowRight")
        for _ in range(30):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.classList.contains('option')"):
                break
        else:
            pytest.fail("Tab never reached an answer button")
        outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
        assert outline not in ("", "none"), "the focused answer has no visible outline"
        label = page.evaluate("document.activeElement.getAttribute('data-label')")
        page.keyboard.press("Enter")
        assert page.locator(".digiteach-counter").inner_text().startswith(f"step {first.index + 2} ")
        chosen = page.locator(".decision button.option.chosen")
        assert chosen.count() == 0 or chosen.first.get_attribute("data-label") != label  # now one step further on
        page.keyboard.press("ArrowLeft")
        assert page.locator(".decision button.option.chosen").get_attribute("data-label") == label
        assert page.locator(".decision button.option.chosen").get_attribute("aria-pressed") == "true"
        announced = page.locator(".announce")
        assert announced.get_attribute("aria-live") == "polite"
        assert page.locator(".digiteach-caption").inner_text() in announced.inner_text()
        # (back at the decision: its options are read out)
        assert f"1. {page.locator('.decision button.option').first.get_attribute('data-label')}" in announced.inner_text()
        for pane in page.locator(".digiteach-diagram").all():
            assert pane.get_attribute("role") == "img" and len(pane.get_attribute("aria-label") or "") > 20
        assert axe_violations(page, "branches-export") == [], "axe-core: serious or critical violations"
    finally:
        context.close()


def test_every_answer_offered_is_clickable_and_leads_to_a_line(chromium_path: Path, chromium: Any,
                                                               tmp_path: Path) -> None:
    """Triggered Effects 7 has more lines than the default limit (200): exported as a user does, every answer
    the page offers at each decision of the documented line is a button that works and leads to the steps the
    engine plays for it, and every answer the limit left out says so, with the command that exports more."""
    target = tmp_path / "te7-branches.html"
    out, err = io.StringIO(), io.StringIO()
    assert main(["export", "triggered-effects-7", "--html", str(target), "--branches"], out=out, err=err) == 0, \
        err.getvalue()
    assert "the first 200 lines" in out.getvalue()
    scenario = load_scenario("triggered-effects-7")
    documented = play(scenario)
    decisions = [s for s in documented.steps if s.decision is not None]
    context, page, others = open_offline(chromium, target.as_uri())
    try:
        tried = 0
        for at in decisions:
            assert at.decision is not None
            if page.locator(".digiteach-documented").is_enabled():  # back from the line chosen last
                page.locator(".digiteach-documented").click()
            page.keyboard.press("Home")
            for _ in range(at.index):
                page.keyboard.press("ArrowRight")
            assert page.locator(".digiteach-caption").inner_text() == at.caption
            buttons = page.locator(".decision button.option")
            labels = [str(b.get_attribute("data-label")) for b in buttons.all()]
            cut = [str(d.get_attribute("data-label")) for d in page.locator(".decision .option.left-out").all()]
            assert sorted(labels + cut) == sorted(at.decision.options), "every answer is shown, offered or left out"
            assert at.choice in labels, "the documented answer is always offered"
            if cut:
                note = page.locator(".decision .more").inner_text()
                assert "--limit 400" in note and "digiteach export triggered-effects-7" in note
                OUTPUT.mkdir(parents=True, exist_ok=True)
                page.locator(".decision").screenshot(path=str(OUTPUT / "branches-te7-left-out.png"))
            if at is decisions[0]:
                assert not cut and len(labels) == 4, "the first decision offers all four answers"
            for label in labels:
                page.keyboard.press("Home")
                for _ in range(at.index):
                    page.keyboard.press("ArrowRight")
                button = page.locator(f'.decision button.option[data-label="{label}"]')
                assert button.is_enabled(), f"{label!r} is offered but cannot be clicked"
                button.click()
                theirs = branch(scenario, at.index, label)
                assert page.locator(".digiteach-caption").inner_text() == theirs.steps[at.index + 1].caption, label
                page.keyboard.press("End")  # the line goes on to its outcome, or to a decision
                ended = page.locator(".outcome").is_visible()
                waits = page.locator(".decision button.option, .decision .option.left-out").count() > 0
                assert ended or waits, f"{label!r} leads nowhere"
                tried += 1
        assert tried >= 4
        OUTPUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUTPUT / "branches-te7-limit.png"), full_page=True)
        assert others == [], f"the export asked the network for {others}"
    finally:
        context.close()


def test_the_documented_answer_keeps_the_documented_line_whole(chromium_path: Path, chromium: Any,
                                                                branches_page: Path) -> None:
    """The newcomer's session 16 shot 87_everyline_branch_end: at step 2, the documented answer chosen with its
    key cut the line to "step 3 of 3, waiting for your answer" while the page said "You are following the
    documented line". Choosing the documented answer at every decision (real key presses, at 1280x720) keeps the
    documented line whole: every step of it, no waiting, and the words true at each point; so does choosing it
    again after trying another answer there."""
    documented = play(load_scenario(SCENARIO))
    total = len(documented.steps)
    expected = [step_log_line(s, numbered=False) for s in documented.steps]
    context, page, _others = open_offline(chromium, branches_page.as_uri())
    try:
        page.set_viewport_size({"width": 1280, "height": 720})
        counter, status = page.locator(".digiteach-counter"), page.locator(".line-status")
        decisions = [s for s in documented.steps if s.decision is not None]
        assert len(decisions) >= 3
        for at in decisions:
            page.keyboard.press("Home")
            for _ in range(at.index):
                page.keyboard.press("ArrowRight")
            assert page.locator(".digiteach-caption").inner_text() == at.caption
            labels = [str(b.get_attribute("data-label")) for b in page.locator(".decision button.option").all()]
            page.keyboard.press(str(labels.index(str(at.choice)) + 1))
            assert counter.inner_text() == f"step {at.index + 2} of {total}", f"after {at.choice!r}"
            assert status.inner_text() == "You are following the documented line."
            assert page.locator(".digiteach-documented").is_disabled()
        assert shown_log(page) == expected, "the documented line, whole, after its answers were chosen by key"
        assert counter.inner_text() == f"step {total} of {total}"
        assert page.locator(".outcome").is_visible()
        first = decisions[0]
        assert first.decision is not None
        other = next(label for label in first.decision.options if label != first.choice)
        page.keyboard.press("Home")
        for _ in range(first.index):
            page.keyboard.press("ArrowRight")
        labels = [str(b.get_attribute("data-label")) for b in page.locator(".decision button.option").all()]
        page.keyboard.press(str(labels.index(other) + 1))  # another answer: the learner's own line
        assert "leaves the documented line" in status.inner_text()
        page.keyboard.press("ArrowLeft")
        page.keyboard.press(str(labels.index(str(first.choice)) + 1))  # and back to the documented answer
        assert status.inner_text() == "You are following the documented line."
        assert counter.inner_text() == f"step {first.index + 2} of {total}"
        assert shown_log(page) == expected
        page.screenshot(path=str(OUTPUT / "branches-documented-by-keys-1280.png"))
    finally:
        context.close()


@pytest.mark.parametrize(("scenario", "lang"), [(SCENARIO, "en"), (SCENARIO, "de"), ("triggered-effects-7", "en")])
def test_first_screen_at_720p_with_the_why_panel_open(chromium_path: Path, chromium: Any, tmp_path: Path,
                                                      scenario: str, lang: str) -> None:
    """The every-line export opens on the first step with its Why panel open (docs/player.md); at 1280x720 the
    step controls, the counter, the caption and every answer offered stay on the first screen at every step of
    the documented line, however long the notes (the newcomer's session 16 shot 86; in German the notes pushed
    step 3's answers below the fold). The notes scroll within their panel, which the keyboard reaches."""
    target = tmp_path / f"{scenario}-lines-{lang}.html"
    assert main(["export", scenario, "--html", str(target), "--branches", "--limit", "20", "--lang", lang],
                out=io.StringIO(), err=io.StringIO()) == 0
    steps = len(play(load_scenario(scenario)).steps)
    context, page, _others = open_offline(chromium, target.as_uri())
    try:
        page.set_viewport_size({"width": 1280, "height": 720})
        assert page.locator("details.notes").get_attribute("open") is not None, "documented: the Why panel is open"
        for k in range(steps):
            shown = [page.locator(s) for s in ("nav button.digiteach-next", ".digiteach-counter", ".digiteach-caption")]
            for item in [*shown, *page.locator(".decision button.option").all()]:  # and every answer offered
                box = item.bounding_box()
                assert box is not None and box["y"] + box["height"] <= 720, f"step {k + 1}: {item} below the fold: {box}"
            page.keyboard.press("ArrowRight")
        notes = page.locator(".notes-text")
        if page.evaluate("(e) => e.scrollHeight > e.clientHeight", notes.element_handle()):
            assert notes.get_attribute("tabindex") == "0", "notes that scroll must be reachable by keyboard"
            assert notes.get_attribute("role") == "region" and notes.get_attribute("aria-label")
        page.keyboard.press("Home")
        page.screenshot(path=str(OUTPUT / f"branches-open-720-{scenario}-{lang}.png"))
    finally:
        context.close()
