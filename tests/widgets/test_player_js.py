"""player.js run under Node with a tiny fake DOM (tests/widgets/js_harness.mjs), no browser.

Checks the front end's own logic: buttons, slider and arrow keys step through the precomputed frames
and sync ``index``; the counter, caption, rules and diagrams follow; option buttons send the label to
Python; an error set by Python is shown. Skips when ``node`` is not installed. The real-browser check
(JupyterLab + Chromium) is in tests/browser.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "viz"))  # tests/viz: the shared hand-built traces

import pytest  # noqa: E402
from fixtures import MEGA_LABEL, PIERCING_LABEL, attack_example_5, branch_after_order, NEEDS_DOT  # noqa: E402

import widgets
from widgets.player import Player

pytestmark = [
    *NEEDS_DOT,
    pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed"),
]

HERE = Path(__file__).resolve().parent
EX5 = attack_example_5()


def run_js(player: Player, tmp_path: Path) -> dict[str, Any]:
    names = ("frames", "index", "scenario", "title", "ruleset", "can_branch", "branched", "branch_note", "error", "busy", "status", "layout_mode", "large_pane", "outcome", "lang", "notes", "default_large", "kernel_words")
    state = {name: getattr(player, name) for name in names}
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    proc = subprocess.run(
        ["node", str(HERE / "js_harness.mjs"), str(Path(widgets.__file__).parent / "player.js"), str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    result: dict[str, Any] = json.loads(proc.stdout)
    return result


@pytest.fixture(scope="module")
def result(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_js(Player(EX5, branch=branch_after_order), tmp_path_factory.mktemp("js"))


def snap(result: dict[str, Any], label: str) -> dict[str, Any]:
    found = [s for s in result["report"] if s["label"] == label]
    assert found, label
    return found[0]


def test_initial_view(result: dict[str, Any]) -> None:
    s = snap(result, "initial")
    assert s["index"] == 0 and s["counter"] == "step 1 of 14"
    assert s["caption"] == EX5.steps[0].caption
    assert s["prevDisabled"] and not s["nextDisabled"]
    assert [name for name, _ in s["diagrams"]] == ["attack", "priority", "board"]
    assert all(html.startswith("<svg") for _, html in s["diagrams"])
    assert s["log"] == [Player(EX5).frames[0]["log"]]


def test_buttons_slider_and_keys_step(result: dict[str, Any]) -> None:
    expected = {"next": 1, "next, prev": 1, "last": 13, "first": 0, "slider 5": 5, "ArrowRight": 6, "ArrowLeft": 5}
    for label, index in expected.items():
        s = snap(result, label)
        assert s["index"] == index, label
        assert s["counter"] == f"step {index + 1} of 14", label
        assert s["caption"] == EX5.steps[index].caption, label
        assert s["rules"] == " \u00b7 ".join(EX5.steps[index].rules), label
        assert len(s["log"]) == index + 1, label
    assert snap(result, "last")["nextDisabled"]
    assert result["saves"] >= 6  # every move is synced back to Python


def test_svgs_follow_the_index(result: dict[str, Any]) -> None:
    frames = Player(EX5).frames
    s = snap(result, "slider 5")
    assert dict(s["diagrams"]) == frames[5]["svgs"]


def test_options_shown_and_click_sends_the_label(result: dict[str, Any]) -> None:
    s = snap(result, "slider 5")
    assert [o["label"] for o in s["options"]] == [PIERCING_LABEL, MEGA_LABEL]
    assert [o["documented"] for o in s["options"]] == [True, False]
    assert not any(o["disabled"] for o in s["options"])
    assert any(m.items() >= {"type": "choose", "step": 5, "label": MEGA_LABEL}.items() for m in result["sent"])


def test_error_from_python_is_shown(result: dict[str, Any]) -> None:
    s = snap(result, "error from Python")
    assert s["error"] == "Not allowed: not a legal answer (CR 15-4-3-5)" and not s["errorHidden"]  # the label is real text


def test_export_click_and_python_side_index(result: dict[str, Any]) -> None:
    assert any(m.get("type") == "export" for m in result["sent"])
    assert snap(result, "index set from Python")["caption"] == EX5.steps[2].caption


def test_cleanup_removes_listeners(result: dict[str, Any]) -> None:
    assert result["handlersLeft"] == 0


def test_options_disabled_without_a_branch_function(tmp_path: Path) -> None:
    out = run_js(Player(EX5), tmp_path)
    assert all(o["disabled"] for o in snap(out, "slider 5")["options"])
    assert not any(m.get("type") == "choose" for m in out["sent"])


def test_layout_class_follows_the_select_and_python(result: dict[str, Any]) -> None:
    s = snap(result, "initial")
    assert "digiteach-layout-stacked" in s["rootClass"].split() and "digiteach-player" in s["rootClass"].split()
    assert s["layoutSelect"] == "stacked" and s["logOpen"]
    s = snap(result, "layout select stream")
    classes = s["rootClass"].split()
    assert "digiteach-layout-stream" in classes and "digiteach-layout-stacked" not in classes
    assert "digiteach-player" in classes
    assert s["layoutMode"] == "stream"  # synced back to Python
    assert not s["logOpen"]  # the step log is collapsed on stream
    assert s["counter"] == snap(result, "index set from Python")["counter"]  # switching keeps the step
    s = snap(result, "layout stacked from Python")
    assert "digiteach-layout-stacked" in s["rootClass"].split() and "digiteach-layout-stream" not in s["rootClass"]
    assert s["layoutSelect"] == "stacked" and s["logOpen"]


def test_player_opened_on_stream_starts_with_the_stream_class(tmp_path: Path) -> None:
    out = run_js(Player(EX5, layout="stream"), tmp_path)
    s = snap(out, "initial")
    assert "digiteach-layout-stream" in s["rootClass"].split()
    assert s["layoutSelect"] == "stream" and not s["logOpen"]


def test_the_players_own_words_follow_its_language(tmp_path: Path) -> None:
    s = snap(run_js(Player(EX5, lang="de"), tmp_path), "initial")
    assert s["counter"] == "Schritt 1 von 14"
    s = snap(run_js(Player(EX5, lang="en"), tmp_path), "initial")
    assert s["counter"] == "step 1 of 14"


def test_panes_come_from_the_frames(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The widget draws one pane per diagram the frames name (digiteach.diagrams.DIAGRAMS), with no list of
    its own: a fourth registry entry gets a fourth pane."""
    import graphviz  # type: ignore[import-untyped]

    from digiteach.diagrams import DIAGRAMS, Diagram

    def extra(step: Any, previous: Any = None) -> Any:
        g = graphviz.Digraph(name="extra")
        g.node("n", f"step {step.index}")
        return g

    monkeypatch.setitem(DIAGRAMS, "extra", Diagram("Extra pane", extra, lambda step, previous=None: f"step {step.index}"))
    s = snap(run_js(Player(EX5), tmp_path), "initial")
    assert [name for name, _ in s["diagrams"]] == ["attack", "priority", "board", "extra"]
    assert s["diagrams"][-1][1].startswith("<svg")


def test_screen_reader_text(result: dict[str, Any]) -> None:
    """Issue 15: the caption is a polite live region; each diagram is role="img" labelled with its text
    alternative from Python (what it shows at this step); a decision is announced with its options."""
    from digiteach.diagrams import step_descriptions

    s = snap(result, "initial")
    assert s["captionLive"] == "polite"
    expected = step_descriptions(EX5.steps[0])
    assert [(name, role, label) for name, role, label in s["alts"]] == [(n, "img", expected[n]) for n in expected]
    for shown in result["report"]:
        step = EX5.steps[shown["index"]]
        if step.decision is None:
            assert shown["announce"] == "", shown["label"]
            continue
        text = shown["announce"]
        assert text.startswith(f"Decision for Player {step.decision.player}: {step.decision.prompt}"), text
        assert all(option in text for option in step.decision.options), text
    assert {EX5.steps[x["index"]].decision is None for x in result["report"]} == {True, False}


def test_large_pane_select(result: dict[str, Any]) -> None:
    """The *Large pane* select sets large_pane and marks that pane's figure."""
    s = snap(result, "large pane board")
    assert s["largePane"] == "board"
    assert s["largeFigures"] == ["digiteach-pane digiteach-pane-board digiteach-pane-large"]


CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")
ISOLATED = ("digiteach-title", "digiteach-caption", "digiteach-prompt", "digiteach-option", "digiteach-log-step",
            "digiteach-timing", "digiteach-rules", "digiteach-differs", "digiteach-note", "digiteach-branch-note")


def test_bidi_and_control_characters_are_shown_escaped(tmp_path: Path) -> None:
    """The adversarial trial's scenario: an unclosed U+202E in a card name, ESC, U+2066. player.js shows them
    as escapes, as the HTML export does, and player.css isolates every piece of scenario text."""
    from digiteach.scenario import load_scenario, play

    trace = play(load_scenario(str(HERE.parent / "viz" / "bidi_scenario.yaml")))
    report = run_js(Player(trace), tmp_path)["report"]
    shown = [{k: v for k, v in s.items() if k not in ("options", "label")} for s in report]
    assert CONTROLS.findall(json.dumps(shown, ensure_ascii=False)) == []
    assert "\\u202eRTL\\u202c" in report[0]["title"]
    text = json.dumps(shown, ensure_ascii=False)
    assert "\\\\x1b[31m" in text and "\\\\u2066" in text  # JSON doubles the backslash
    first = next(s for s in report if s["index"] == 0)  # the step note of the scenario: under "Note", as text
    assert not first["noteHidden"] and first["note"].startswith("Note: </div><script>alert('note')</script> \\x1b[31m")
    assert all(s["noteHidden"] and s["note"] == "" for s in report if s["index"] != 0)
    css = (Path(widgets.__file__).parent / "player.css").read_text(encoding="utf-8")
    rule = re.search(r"([^{}]*)\{[^}]*unicode-bidi:\s*isolate", css)
    assert rule, "player.css isolates scenario text"
    for cls in ISOLATED:
        assert f".{cls}" in rule.group(1), cls


def test_tab_reaches_the_decision_before_the_secondary_controls(result: dict[str, Any]) -> None:
    """Step controls, then the decision's options, then speed/layout/large pane/export, then the diagrams."""
    assert result["tabs"] == {
        "sliderTab": "digiteach-option",
        "lastOptionTab": "digiteach-speed",
        "exportTab": "digiteach-diagram",
        "firstOptionShiftTab": "digiteach-slider",
        "speedShiftTab": "digiteach-option",
        "nextTab": "digiteach-next",  # elsewhere the browser's own order
    }


def test_a_frame_not_drawn_yet_says_so_and_its_diagrams_replace_the_note(result: dict[str, Any]) -> None:
    shown = snap(result, "choice: the step shown")
    assert shown["counter"] == "step 3 of 4" and shown["caption"] == "new line, step 3"
    assert all(html.startswith("<svg") for _, html in shown["diagrams"])
    assert all(p["busy"] == "false" for p in shown["panes"])
    waiting = snap(result, "choice: a step not drawn yet")
    assert waiting["counter"] == "step 4 of 4" and waiting["caption"] == "new line, step 4"
    assert all(html == "" for _, html in waiting["diagrams"]), "an old diagram is shown for a step not drawn yet"
    assert all(p["text"] == "Drawing the diagram\u2026" and p["busy"] == "true" for p in waiting["panes"])
    drawn = snap(result, "choice: its diagrams arrive")
    frame = Player(EX5).frames[3]
    assert drawn["diagrams"] == [[name, frame["svgs"][name]] for name, _ in drawn["diagrams"]]
    assert all(p["busy"] == "false" for p in drawn["panes"]) and drawn["alts"][0][2] == frame["alt"]["attack"]
    assert snap(result, "choice: diagrams of another line")["diagrams"] == drawn["diagrams"]


def test_messages_that_need_the_kernel_carry_an_ask_number(result: dict[str, Any]) -> None:
    """A choice, Back, Export and a new language go out numbered, for Python's acknowledgement (a player whose kernel
    was restarted notices the silence: tests/browser/test_player_kernel_lost.py)."""
    numbered = [m for m in result["sent"] if m.get("type") in ("choose", "back", "export", "ping")]
    assert numbered and all(isinstance(m.get("ask"), int) for m in numbered)
    asks = [m["ask"] for m in numbered]
    assert asks == sorted(set(asks)), asks


def test_stream_opens_with_the_traces_default_large_pane(tmp_path: Path) -> None:
    """The stream layout's large pane with none chosen is default_large (the attack diagram for a scenario that opens
    with an attack, else the pending-activation diagram); a chosen one wins."""
    player = Player(EX5, layout="stream")
    player.default_large = "priority"
    s = snap(run_js(player, tmp_path), "initial")
    assert s["largeFigures"] == ["digiteach-pane digiteach-pane-priority digiteach-pane-large"]
    player.large_pane = "board"
    s = snap(run_js(player, tmp_path), "initial")
    assert s["largeFigures"] == ["digiteach-pane digiteach-pane-board digiteach-pane-large"]


def test_the_why_panel_shows_the_notes_as_text_in_the_players_language(result: dict[str, Any]) -> None:
    """The Why panel: a closed <details> beside the title, hidden while the trace has no notes; the notes Python
    sends are shown as text (markup literally, a bidi mark escaped, the line break kept) under a summary in the
    player's language."""
    first = snap(result, "initial")["why"]
    assert first["tag"] == "DETAILS" and first["hidden"] and not first["open"]  # EX5 has no notes
    assert first["inHeader"] == ["digiteach-title", "digiteach-why", "digiteach-ruleset"]  # stacked: beside the title
    stream = snap(result, "layout select stream")["why"]  # compact and stream: on the step log's line, closed
    assert stream["inHeader"] == ["digiteach-title", "digiteach-ruleset"] and not stream["open"]
    assert stream["inFooter"] == ["digiteach-logbox", "digiteach-why"]
    assert snap(result, "layout stacked from Python")["why"]["inHeader"][1] == "digiteach-why"
    shown = snap(result, "notes from Python")["why"]
    assert not shown["hidden"] and not shown["open"]
    assert shown["text"] == "Line one </script><img src=x onerror=alert(1)>\nLine \\u202e two"
    assert shown["html"] == ""  # set as text, never as markup
    assert shown["summary"] == "Why: the ruling in our words"
    assert snap(result, "notes in German")["why"]["summary"] == "Warum: die Regelentscheidung in unseren Worten"
    assert snap(result, "no notes")["why"]["hidden"]
