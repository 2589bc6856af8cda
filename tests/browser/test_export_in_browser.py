"""The HTML export in Chromium, as a streamer and a teacher use it (issue "The learner's path", points 5
and 8): stream layout readable at 1920x1080 and 1280x720, play/pause, speed, slider, keys, ?step=N and
#step-N, the outcome at the end, and no network request. Screenshots in test-output/browser/."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from labharness import OUTPUT
from layoutcheck import STREAM_LARGE_MIN_PX, check_text_clear, check_whole, stream_panes

from digiteach.export import to_html
from digiteach.scenario import load_scenario, play

pytestmark = pytest.mark.browser

SIZES = [(1920, 1080), (1280, 720)]
SCENARIO = "attack-resolution-5"


@pytest.fixture(scope="module")
def stream_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    trace = play(load_scenario(SCENARIO))
    return to_html(trace, tmp_path_factory.mktemp("export") / "ar5.html", layout="stream")


def open_page(chromium: Any, url: str, size: tuple[int, int]) -> tuple[Any, Any, list[str]]:
    context = chromium.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda err: print(f"[browser pageerror] {err}"))
    page.goto(url)
    page.wait_for_selector("html.js section.frame:not([hidden])", state="attached")
    page.wait_for_timeout(200)
    return context, page, requests


def counter(page: Any) -> str:
    return str(page.locator(".digiteach-counter").inner_text())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_stream_export_is_readable_and_fits(chromium_path: Path, chromium: Any, stream_page: Path, size: tuple[int, int]) -> None:
    from digiteach.scenario import load_scenario, play

    trace = play(load_scenario(SCENARIO))
    decision = next(s.index for s in trace.steps if s.decision is not None)
    context, page, requests = open_page(chromium, stream_page.as_uri() + f"?step={decision + 1}", size)
    try:
        assert counter(page) == f"step {decision + 1} of {len(trace.steps)}", "?step=N opens step N"
        frame = page.locator("section.frame:not([hidden])")
        check_whole(frame, f"export stream {size[0]}x{size[1]} step {decision + 1} (a decision)", STREAM_LARGE_MIN_PX[size],
                    stream_panes(size))
        check_text_clear(page.locator("main"), f"export stream {size[0]}x{size[1]} step {decision + 1} (a decision)")
        height = page.evaluate("document.scrollingElement.scrollHeight")
        assert height <= size[1], f"the page scrolls at a decision: {height}px in a {size[1]}px window"
        OUTPUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUTPUT / f"export-stream-{size[0]}x{size[1]}-decision.png"))
        page.keyboard.press("End")
        assert counter(page).startswith(f"step {len(trace.steps)} ")
        assert page.locator("section.frame:not([hidden]) .outcome").is_visible()
        check_text_clear(page.locator("main"), f"export stream {size[0]}x{size[1]} last step (the outcome)")
        page.screenshot(path=str(OUTPUT / f"export-stream-{size[0]}x{size[1]}-outcome.png"))
        assert [u for u in requests if not u.startswith("file:")] == [], "the export loads nothing"
    finally:
        context.close()


def test_export_controls_and_keys(chromium_path: Path, chromium: Any, stream_page: Path) -> None:
    context, page, _requests = open_page(chromium, stream_page.as_uri() + "#step-3", (1920, 1080))
    try:
        total = page.locator("section.frame").count()
        assert counter(page) == f"step 3 of {total}", "#step-N opens step N"
        page.locator(".digiteach-speed").select_option("375")  # 4x, then the keys must still work
        page.keyboard.press("ArrowRight")
        assert counter(page) == f"step 4 of {total}", "ArrowRight after changing the speed"
        page.keyboard.press("Home")
        assert counter(page) == f"step 1 of {total}"
        page.keyboard.press(" ")  # Space plays
        deadline = time.monotonic() + 5
        while counter(page) == f"step 1 of {total}" and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        page.keyboard.press(" ")  # and pauses
        stopped = counter(page)
        assert stopped != f"step 1 of {total}", "Space should play"
        page.wait_for_timeout(900)
        assert counter(page) == stopped, "Space again should pause"
        page.locator(".digiteach-slider").fill("6")
        assert counter(page) == f"step 7 of {total}"
        assert page.url.endswith("#step-7")
        items = page.locator("ol.log li").all_inner_texts()
        assert items and not items[0][:1].isdigit(), f"the step list is numbered once: {items[:1]}"
    finally:
        context.close()


@pytest.mark.parametrize("address", ["", "#step-1", "#step-3", "?step=2"])
def test_export_opens_at_its_top_with_the_caption_clear_of_the_bar(chromium_path: Path, chromium: Any,
                                                                    tmp_path: Path, address: str) -> None:
    """The newcomer's trial: the page opened scrolled down 137px (title off-screen, the first caption line
    under the sticky bar). It opens at the top, also on reload, and the caption is below the bar."""
    page_file = to_html(play(load_scenario(SCENARIO)), tmp_path / "ar5.html")  # stacked: the page scrolls
    context, page, _requests = open_page(chromium, page_file.as_uri() + address, (1920, 1080))
    try:
        for _ in range(2):
            page.wait_for_load_state("load")
            page.wait_for_timeout(100)
            assert page.evaluate("window.scrollY") == 0
            assert page.locator("h1").bounding_box()["y"] >= 0  # type: ignore[index]
            bar = page.locator("nav").bounding_box()
            caption = page.locator("section.frame:not([hidden]) .digiteach-caption").bounding_box()
            assert bar and caption and caption["y"] >= bar["y"] + bar["height"], (bar, caption)
            page.reload()
            page.wait_for_selector("html.js section.frame:not([hidden])", state="attached")
    finally:
        context.close()


@pytest.mark.parametrize("layout", ["stacked", "stream"])
def test_export_keyboard_only_from_a_fresh_page(chromium_path: Path, chromium: Any, tmp_path: Path, layout: str) -> None:
    """The newcomer's trial: on a freshly opened export the first Tab skipped Play and Next and landed on the
    diagrams; End with the slider focused scrolled the page to its bottom (caption and diagrams out of view).
    The first Tabs reach the step controls in their order; the keys the page handles never scroll it."""
    page_file = to_html(play(load_scenario(SCENARIO)), tmp_path / f"ar5-{layout}.html", layout=layout)
    context, page, _requests = open_page(chromium, page_file.as_uri(), (1920, 1080))
    try:
        total = page.locator("section.frame").count()
        focused = []
        for _ in range(4):
            page.keyboard.press("Tab")
            focused.append(page.evaluate("document.activeElement.className"))
        # at step 1 the first and previous buttons are disabled, so Play comes first
        assert focused == ["digiteach-play", "digiteach-next", "digiteach-last", "digiteach-slider"], focused
        caption = page.locator("section.frame:not([hidden]) .digiteach-caption")
        for key, step in (("ArrowRight", 2), ("End", total), ("ArrowLeft", total - 1), ("Home", 1), ("End", total)):
            page.keyboard.press(key)
            assert counter(page) == f"step {step} of {total}", key
            assert page.evaluate("window.scrollY") == 0, f"{key} with the slider focused scrolled the page"
            box = caption.bounding_box()
            assert box is not None and 0 <= box["y"] < 1080, f"{key}: the caption went out of view"
        page.keyboard.press("Shift+Tab")  # at the last step Next and Last are disabled: back to Play
        assert page.evaluate("document.activeElement.className") == "digiteach-play", "Shift+Tab from the slider"
    finally:
        context.close()


@pytest.mark.parametrize("opened", ["fresh", "resized"])
def test_stream_export_at_720p_nothing_overlaps_or_is_cut(chromium_path: Path, chromium: Any, stream_page: Path,
                                                         opened: str) -> None:
    """The stream layout's one-diagram mode (below 900 px of height) at 1280x720, opened there or resized to it
    from 1920x1080: at every step with a decision and at the last step, the caption, the decision or Outcome box
    and the controls are each shown whole, none drawn over another or over the diagram, and the diagram is whole."""
    trace = play(load_scenario(SCENARIO))
    steps = [s.index + 1 for s in trace.steps if s.decision is not None] + [len(trace.steps)]
    size = (1280, 720)
    start = size if opened == "fresh" else (1920, 1080)
    context, page, _requests = open_page(chromium, stream_page.as_uri() + f"?step={steps[0]}", start)
    try:
        if opened == "resized":
            page.set_viewport_size({"width": size[0], "height": size[1]})
            page.wait_for_timeout(200)
        for n in steps:
            page.evaluate(f"document.querySelector('.digiteach-slider').value = '{n - 1}'; "
                          "document.querySelector('.digiteach-slider').dispatchEvent(new Event('input'))")
            page.wait_for_timeout(100)
            assert counter(page) == f"step {n} of {len(trace.steps)}"
            what = f"export stream 1280x720 ({opened}) step {n}"
            check_text_clear(page.locator("main"), what)
            check_whole(page.locator("section.frame:not([hidden])"), what, STREAM_LARGE_MIN_PX[size], stream_panes(size))
            height = page.evaluate("document.scrollingElement.scrollHeight")
            assert height <= size[1], f"{what}: the page scrolls: {height}px in a {size[1]}px window"
        OUTPUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUTPUT / f"export-stream-1280x720-{opened}-last.png"))
    finally:
        context.close()


def _branch_pages(tmp_path: Path, layout: str) -> dict[str, Path]:
    """An export of a learner's own line (the other answer at the first decision) in each language."""
    from digiteach import i18n
    from digiteach.scenario import branch, in_language

    pages = {}
    for lang in ("en", "de"):
        with i18n.language(lang):
            documented = in_language(play(load_scenario(SCENARIO)), lang)
            k = next(s.index for s in documented.steps if s.decision is not None)
            other = next(o for o in documented.steps[k].decision.options if o != documented.steps[k].choice)  # type: ignore[union-attr]
            pages[lang] = to_html(branch(documented, k, other), tmp_path / f"ar5-{lang}-{layout}-your-line.html",
                                  documented=documented, layout=layout)
    return pages


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_stream_export_of_your_line_fits_the_window(chromium_path: Path, chromium: Any, tmp_path: Path,
                                                    size: tuple[int, int]) -> None:
    """The newcomer's trial (session 7): an export of their own line in the stream layout at 1280x720 was 906 px tall
    at the decision and 1122 px at the end, the long "Your line, not the documented one..." sentence pushing the
    decision out of the window. The sentence is now a one-line summary that opens; the page fits at every step, in
    English and German, and the whole sentence is there when the summary is opened."""
    for lang, page_file in _branch_pages(tmp_path, "stream").items():
        context, page, _requests = open_page(chromium, page_file.as_uri(), size)
        try:
            total = page.locator("section.frame").count()
            page.keyboard.press("Home")  # the page opens where the line leaves the documented one
            for k in range(total):
                height = page.evaluate("document.documentElement.scrollHeight")
                assert height <= size[1], f"{lang} step {k + 1}: the page scrolls ({height}px in a {size[1]}px window)"
                decision = page.locator("section.frame:not([hidden]) .decision")
                if decision.is_visible():
                    box = decision.bounding_box()
                    assert box and box["y"] + box["height"] <= size[1] + 1, f"{lang} step {k + 1}: decision cut {box}"
                page.keyboard.press("ArrowRight")
            page.screenshot(path=str(OUTPUT / f"export-your-line-stream-{lang}-{size[0]}x{size[1]}-end.png"))
            banner = page.locator("details.banner")
            banner.locator("summary").click()
            assert "at step" in banner.inner_text() or "bei Schritt" in banner.inner_text()
            assert banner.locator(".banner-text").is_visible()
        finally:
            context.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_stacked_export_first_screen_shows_a_diagram(chromium_path: Path, chromium: Any, tmp_path: Path,
                                                     size: tuple[int, int]) -> None:
    """The newcomer's trial (session 7): the stacked export at 1280x720 showed no diagram on its first screen (the open
    Why panel, controls, caption and decision filled it). The Why panel is closed on screen (open in print), and at
    least a fifth of the window shows the diagrams. Also: the current step's number in the steps list stays visible
    (it was white on white)."""
    page_file = to_html(play(load_scenario(SCENARIO)), tmp_path / "ar5-stacked.html", layout="stacked")
    context, page, _requests = open_page(chromium, page_file.as_uri(), size)
    try:
        assert page.evaluate("document.querySelector('details.notes').open") is False, "the Why panel opens closed"
        top = page.locator("section.frame:not([hidden]) .diagrams").bounding_box()
        assert top and top["y"] <= size[1] * 0.8, f"the diagrams start at y {top} in a {size[1]}px window"
        page.screenshot(path=str(OUTPUT / f"export-stacked-{size[0]}x{size[1]}-step1.png"))
        page.emulate_media(media="print")
        page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
        assert page.evaluate("document.querySelector('details.notes').open") is True, "printed, the notes are open"
        page.emulate_media(media="screen")
        page.keyboard.press("End")
        now = page.locator("ol.log li.now")
        marker = now.evaluate("li => getComputedStyle(li, '::marker').color")
        assert marker in ("rgb(0, 0, 0)",), f"the current step's number is drawn in {marker} on the white page"
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_export_play_button_is_named_by_what_it_shows(chromium_path: Path, chromium: Any, tmp_path: Path,
                                                      lang: str) -> None:
    """Label in name (WCAG 2.5.3), as the step player's buttons (test_player_label_in_name): the page's Play button
    shows "Play" and then "Pause" ("Abspielen", "Pause"), and its accessible name, read from Chromium's
    accessibility tree, starts with the word shown in both states, so a speech-input user who says "click Pause"
    reaches it. It was named "Play or pause (Space)" whatever it showed."""
    from test_player_label_in_name import check_names

    from digiteach import i18n

    with i18n.language(lang):
        path = to_html(play(load_scenario(SCENARIO)), tmp_path / f"ar5-{lang}.html", layout="stream")
    context, page, _requests = open_page(chromium, path.as_uri(), (1920, 1080))
    try:
        button = page.locator(".digiteach-play")
        seen = check_names(page, page.locator("nav"), f"export {lang}, paused")
        assert "digiteach-play" in seen, seen
        page.get_by_role("button", name="Abspielen" if lang == "de" else "Play").first.wait_for(state="visible")
        button.click()
        assert page.locator(".digiteach-play.playing").count() == 1
        check_names(page, page.locator("nav"), f"export {lang}, playing")
        assert page.get_by_role("button", name="Pause").count() == 1
        button.click()
        assert page.locator(".digiteach-play.playing").count() == 0
        check_names(page, page.locator("nav"), f"export {lang}, paused again")
    finally:
        context.close()


@pytest.mark.parametrize("layout", ["stacked", "stream"])
def test_export_of_your_line_opens_where_it_leaves_the_documented_line(chromium_path: Path, chromium: Any,
                                                                       tmp_path: Path, layout: str) -> None:
    """The newcomer's trial (session 15): the export of their own line opened at step 1, not at step 7 where it
    leaves the documented line (the title says "leaves the documented line at step 7"). It opens there now, in
    English and German; ?step=N still wins, and the documented line's export still opens at step 1."""
    from digiteach.outcome import leaves_at
    from digiteach.scenario import branch

    documented = play(load_scenario(SCENARIO))
    k = next(s.index for s in documented.steps if s.decision is not None)
    other = next(o for o in documented.steps[k].decision.options if o != documented.steps[k].choice)  # type: ignore[union-attr]
    at = leaves_at(branch(documented, k, other), documented)
    assert at is not None and at > 0
    words = {"en": "step {n} of", "de": "Schritt {n} von"}
    for lang, page_file in _branch_pages(tmp_path, layout).items():
        context, page, _requests = open_page(chromium, page_file.as_uri(), (1280, 720))
        try:
            assert counter(page).startswith(words[lang].format(n=at + 1)), f"{lang}: {counter(page)}"
            assert page.locator("section.frame:not([hidden])").count() == 1
            page.goto(page_file.as_uri() + "?step=2")
            page.wait_for_timeout(200)
            assert counter(page).startswith(words[lang].format(n=2)), f"{lang} ?step=2: {counter(page)}"
        finally:
            context.close()
    plain = to_html(documented, tmp_path / "ar5-documented.html", layout=layout)
    context, page, _requests = open_page(chromium, plain.as_uri(), (1280, 720))
    try:
        assert counter(page).startswith("step 1 of"), counter(page)
    finally:
        context.close()


def test_export_selects_leave_the_step_keys_to_the_page(chromium_path: Path, chromium: Any, stream_page: Path) -> None:
    """The newcomer's trial (session 15): on a focused select, Right and Home changed the select instead of the step.
    On the page's *Speed* and *Large pane* selects Left/Right/Home/End step (the entry stays), Up/Down choose."""
    context, page, _requests = open_page(chromium, stream_page.as_uri(), (1920, 1080))  # 720p: no Large pane select
    try:
        total = page.locator("section.frame").count()
        for name in ("digiteach-speed", "digiteach-large"):
            select = page.locator(f"select.{name}")
            assert select.is_visible(), name
            before = select.input_value()
            select.focus()
            page.keyboard.press("End")
            assert counter(page) == f"step {total} of {total}", f"End on {name}: {counter(page)}"
            page.keyboard.press("Home")
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowRight")
            assert counter(page) == f"step 3 of {total}", f"Home, Right, Right on {name}: {counter(page)}"
            page.keyboard.press("ArrowLeft")
            assert counter(page) == f"step 2 of {total}", f"Left on {name}: {counter(page)}"
            assert select.input_value() == before, f"the step keys changed {name}"
            assert select.evaluate("el => el === document.activeElement"), f"{name} lost the focus"
        speed = page.locator("select.digiteach-speed")
        before = speed.input_value()
        speed.focus()
        page.keyboard.press("ArrowDown")
        assert speed.input_value() != before, "Down on Speed no longer chooses the next entry"
    finally:
        context.close()
