"""The breaker's trial (session 15): the functions a lesson calls showed a Python traceback for a bad id, a bad file, a
ruleset, a layout or a language that does not exist. Each refusal now has the hook IPython prints instead of the
traceback (``_render_traceback_``): the command's plain ``error: ...`` lines, naming what would be right."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")

import widgets  # noqa: E402
import widgets.learn as learn  # noqa: E402
from digiteach.rulesets import NAMES  # noqa: E402
from digiteach.scenario import ScenarioError  # noqa: E402
from traitlets import TraitError  # noqa: E402

RULESETS = "expected: one of: " + ", ".join(repr(n) for n in NAMES)


def shown(call: Callable[[], Any], kind: type[BaseException] = Exception) -> list[str]:
    """What a notebook prints for the exception ``call`` raises (it must be of ``kind``, and have the hook)."""
    with pytest.raises(kind) as info:
        call()
    assert hasattr(info.value, "_render_traceback_"), f"a traceback is shown for {info.value!r}"
    lines = list(info.value._render_traceback_())
    assert lines[0].startswith("error: ") and not any("Traceback" in line for line in lines), lines
    return lines


@pytest.fixture
def duplicate(tmp_path: Path) -> Path:
    path = tmp_path / "dup.yaml"
    path.write_text("id: a\nid: b\ntitle: t\n", encoding="utf-8")
    return path


def test_a_bad_id_or_file_in_study_quiz_and_compare_shows_the_located_error(duplicate: Path) -> None:
    for call in (learn.study, learn.quiz, learn.compare_rulesets):
        lines = shown(lambda: call("nope"), ScenarioError)  # type: ignore[operator]
        assert lines == ["error: nope: id: no bundled scenario with id 'nope'",
                         "    expected: an id listed by 'digiteach list', or a path to a .yaml file"]
        lines = shown(lambda: call(str(duplicate)), ScenarioError)  # type: ignore[operator]
        assert " ".join(" ".join(lines).split()) == (f"error: {duplicate}:2: (file): duplicate key 'id' expected: each "
                                                     "key once per mapping")


def test_a_ruleset_that_does_not_exist_names_the_argument_and_the_rulesets() -> None:
    assert shown(lambda: learn.compare_rulesets("attack-resolution-5", left="1999"), ValueError) == [
        "error: left: '1999' is not one of the values it takes", "    " + RULESETS]
    assert shown(lambda: learn.compare_rulesets("attack-resolution-5", right=2025), ValueError)[0] == (  # type: ignore[arg-type]
        "error: right: 2025 is not one of the values it takes")
    assert shown(lambda: learn.quiz("attack-resolution-5", ruleset="CR 1999"), ValueError) == [
        "error: ruleset: 'CR 1999' is not one of the values it takes", "    " + RULESETS]


def test_a_layout_or_language_that_does_not_exist_names_the_values_it_takes() -> None:
    layouts = "    expected: one of: 'stacked', 'compact', 'stream'"
    assert shown(lambda: widgets.play("attack-resolution-5", layout="bogus"), TraitError) == [
        "error: layout: 'bogus' is not one of the values it takes", layouts]
    assert shown(lambda: learn.study("attack-resolution-5", layout="bogus"), TraitError) == [
        "error: layout: 'bogus' is not one of the values it takes", layouts]
    assert shown(lambda: widgets.play("attack-resolution-5", lang="xx"), TraitError) == [
        "error: lang: 'xx' is not one of the values it takes", "    expected: one of: 'en', 'de'"]
    assert shown(lambda: widgets.play("attack-resolution-5", large_pane="big"), TraitError)[0] == (
        "error: large_pane: 'big' is not one of the values it takes")
    player = widgets.play("attack-resolution-5")

    def set_layout() -> None:
        player.layout_mode = "bogus"

    def set_lang() -> None:
        player.lang = "fr"

    assert shown(set_layout, TraitError)[1] == layouts
    assert shown(set_lang, TraitError)[0] == "error: lang: 'fr' is not one of the values it takes"
    assert player.layout_mode == "stacked" and player.lang == "en"


def test_the_right_values_still_work() -> None:
    assert "CR 2024" in learn.compare_rulesets("attack-resolution-5", left="4.2", right="2024").value
    assert learn.quiz("attack-resolution-5", ruleset="2024").children
    assert learn.study("attack-resolution-5", layout="compact").player.layout_mode == "compact"
