"""The step player without a browser: traits, stepping, learner choices, export, repr.

Frontend actions are simulated the way ipywidgets delivers them: a slider or key press arrives as a
state update (``set_state``), a button click on an option as a custom message (``_handle_custom_msg``).
Expected captions and highlights come from the hand-built example 5 trace (tests/viz/fixtures.py).
"""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "viz"))  # tests/viz: the shared hand-built traces

import pytest  # noqa: E402
from traitlets import TraitError  # noqa: E402
from fixtures import MEGA_LABEL, PIERCING_LABEL, attack_example_5, branch_after_order, NEEDS_DOT  # noqa: E402

import widgets
from widgets.player import Player

pytestmark = NEEDS_DOT

EX5 = attack_example_5()
SVG_NS = "{http://www.w3.org/2000/svg}"
WIDGETS = Path(widgets.__file__).parent


def current_text(svg: str) -> str:
    root = ET.fromstring(svg)
    groups = [g for g in root.iter(f"{SVG_NS}g") if "current" in (g.get("class") or "").split()]
    assert len(groups) == 1, f"expected one current node, got {len(groups)}"
    return " ".join(t.text or "" for t in groups[0].iter(f"{SVG_NS}text"))


@pytest.fixture
def player() -> Player:
    return Player(EX5, branch=branch_after_order)


# ---------------------------------------------------------------------------------------- repr


def test_repr_is_deterministic_and_tracks_the_step(player: Player) -> None:
    assert repr(player) == "Player(scenario='attack-resolution-5', step=1/14)"
    assert repr(Player(EX5)) == repr(player)
    player.next()
    assert repr(player) == "Player(scenario='attack-resolution-5', step=2/14)"
    bundle, _meta = player._repr_mimebundle_()
    assert bundle["text/plain"] == repr(player)
    assert "0x" not in repr(player)


# ------------------------------------------------------------------------------------ stepping


def test_frames_are_precomputed_for_every_step(player: Player) -> None:
    assert len(player.frames) == len(EX5.steps) == 14
    for k, frame in enumerate(player.frames):
        assert set(frame["svgs"]) == {"attack", "priority", "board"}
        assert frame["caption"] == EX5.steps[k].caption
        assert frame["rules"] == list(EX5.steps[k].rules)


def test_next_previous_first_last_move_index_and_caption(player: Player) -> None:
    player.next()
    assert player.index == 1 and player.caption == EX5.steps[1].caption
    player.next()
    player.previous()
    assert player.index == 1
    player.last()
    assert player.index == 13 and player.caption.startswith("The attack is over")
    player.next()
    assert player.index == 13  # stays on the last step
    player.first()
    player.previous()
    assert player.index == 0 and player.counter == "step 1 of 14"


def test_slider_change_from_the_browser_updates_index_and_caption(player: Player) -> None:
    player.set_state({"index": 9})
    assert player.index == 9
    assert player.caption == EX5.steps[9].caption
    assert player.counter == "step 10 of 14"
    assert "Piercing" in current_text(player.frame["svgs"]["attack"])


def test_out_of_range_index_is_clamped(player: Player) -> None:
    player.set_state({"index": 99})
    assert player.index == 13
    player.set_state({"index": -4})
    assert player.index == 0


def test_index_is_synced_both_ways() -> None:
    traits = Player.class_traits()
    for name in ("index", "frames", "error", "branched", "can_branch"):
        assert traits[name].metadata.get("sync") is True, name


@pytest.mark.parametrize(("index", "card"), [(6, "HerculesKabuterimon"), (7, "MegaKabuterimon"), (8, "Salamon")])
def test_frames_highlight_the_activating_effect(player: Player, index: int, card: str) -> None:
    player.go(index)
    assert card in current_text(player.frame["svgs"]["priority"])


def test_differs_text_reaches_the_frame(player: Player) -> None:
    player.go(11)
    assert "CR 14-2-1-3" in player.frame["differs"]
    player.go(10)
    assert player.frame["differs"] == ""


def test_log_line_per_step(player: Player) -> None:
    assert [f["log"].split(".")[0] for f in player.frames] == [str(k + 1) for k in range(14)]


# ------------------------------------------------------------------------------------- choices


def test_decision_options_are_in_the_frame(player: Player) -> None:
    frame = player.frames[5]
    assert frame["options"] == [PIERCING_LABEL, MEGA_LABEL]
    assert frame["choice"] == PIERCING_LABEL and frame["decision_player"] == "A"
    assert player.can_branch


def test_choosing_an_option_extends_the_trace_through_the_callback(player: Player) -> None:
    """Example 5 step 7.1: Player A may activate MegaKabuterimon's [Your Turn] before <Piercing>."""
    player.go(5)
    player._handle_custom_msg({"type": "choose", "step": 5, "label": MEGA_LABEL}, [])
    assert player.branched and player.error == ""
    assert player.index == 6
    assert "MegaKabuterimon" in player.caption
    assert "MegaKabuterimon" in current_text(player.frame["svgs"]["priority"])
    assert player.trace is not EX5 and player.documented is EX5
    assert "step 6" in player.branch_note and MEGA_LABEL in player.branch_note
    assert repr(player) == "Player(scenario='attack-resolution-5', step=7/14, branched)"
    player.go(7)
    assert "HerculesKabuterimon" in current_text(player.frame["svgs"]["priority"])  # <Piercing> comes second


def test_an_illegal_option_is_refused_with_its_rule(player: Player) -> None:
    player.go(5)
    before = list(player.frames)
    player._handle_custom_msg({"type": "choose", "step": 5, "label": "Activate [On Deletion] of BT2-034 Salamon"}, [])
    assert "not a legal answer" in player.error and "CR 15-4-3-5" in player.error
    assert player.index == 5 and not player.branched and player.frames == before


def test_error_clears_when_the_learner_moves_on(player: Player) -> None:
    player.go(5)
    assert not player.choose("nonsense")
    assert player.error
    player.next()
    assert player.error == ""


def test_no_choice_at_a_step_without_a_decision(player: Player) -> None:
    player.go(2)
    assert not player.choose(PIERCING_LABEL)
    assert "asks no question" in player.error


def test_without_a_branch_function_options_are_shown_but_refused() -> None:
    p = Player(EX5)
    assert not p.can_branch
    p.go(5)
    assert not p.choose(MEGA_LABEL)
    assert "branch function" in p.error and not p.branched


def test_back_to_the_documented_line(player: Player) -> None:
    """"Back to the documented line" goes to the step where the learner branched, wherever they are."""
    player.go(5)
    assert player.choose(MEGA_LABEL)
    player.go(len(player.frames) - 1)  # the learner plays their line to its end first
    player._handle_custom_msg({"type": "back"}, [])
    assert not player.branched and player.branch_note == ""
    assert player.trace is EX5 and player.index == 5
    assert player.caption == EX5.steps[5].caption and player.step.choice != MEGA_LABEL
    player.go(9)
    player.back_to_documented()  # on the documented line already: stays
    assert player.index == 9


def test_branch_rerenders_only_new_diagrams(player: Player, monkeypatch: pytest.MonkeyPatch) -> None:
    import digiteach.render as render

    sizes: list[int] = []
    real = render.subprocess.run

    def spy(cmd: list[str], *, input: bytes, **kwargs: Any) -> Any:  # noqa: A002 (subprocess.run's name)
        sizes.append(input.count(b"digraph "))
        return real(cmd, input=input, **kwargs)

    monkeypatch.setattr(render.subprocess, "run", spy)
    player.go(5)
    assert player.choose(MEGA_LABEL)
    assert sizes and sizes[0] < 3 * len(player.frames)


def test_a_callback_that_raises_indexerror_is_shown() -> None:
    def refuse(step: int, label: str) -> Any:
        raise IndexError("step 5 of attack-resolution-5 is not a decision step; decision steps: [0]")

    p = Player(EX5, branch=refuse)
    p.go(5)
    assert not p.choose(MEGA_LABEL)
    assert "not a decision step" in p.error


# -------------------------------------------------------------------------------------- export


def test_export_method_writes_offline_html(player: Player, tmp_path: Path) -> None:
    out = player.export_html(tmp_path / "ex5.html")
    text = out.read_text(encoding="utf-8")
    assert text.count('<section class="frame"') == 14
    assert "ArrowRight" in text


def test_export_method_replaces_a_file_only_when_asked(player: Player, tmp_path: Path) -> None:
    target = tmp_path / "ex5.html"
    target.write_text("mine", encoding="utf-8")
    with pytest.raises(FileExistsError, match="overwrite=True"):
        player.export_html(target)
    assert target.read_text(encoding="utf-8") == "mine"
    assert player.export_html(target, overwrite=True).read_text(encoding="utf-8").startswith("<!")


def test_a_refused_export_shows_the_commands_plain_error_not_a_traceback(player: Player, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The newcomer's trial (session 12): export_html() into a file that exists printed a Python traceback in the
    notebook. Each refusal a learner can meet (the file exists, its folder is missing, the folder is not writable) now
    shows one ``error: ...`` line as ``digiteach export`` says it (overwrite=True for --force), in the player's
    language; a script still gets the exception."""
    import tempfile

    monkeypatch.chdir(tmp_path)
    (tmp_path / "blocked.html").write_text("mine", encoding="utf-8")

    def shown(path: str) -> list[str]:
        with pytest.raises(OSError) as info:
            player.export_html(path)
        assert info.value.__suppress_context__
        return list(info.value._render_traceback_())  # what IPython prints instead of the traceback

    assert shown("blocked.html") == ["error: blocked.html already exists; pass overwrite=True to replace it"]
    assert shown("nowhere/x.html") == ["error: the folder nowhere does not exist; create it first"]
    with monkeypatch.context() as m:
        def refused(*_args: Any, **_kwargs: Any) -> Any:
            raise PermissionError(13, "Permission denied")
        m.setattr(tempfile, "mkstemp", refused)
        assert shown("x.html") == ["error: cannot write the export: cannot write into the folder .: Permission denied"]
    player.lang = "de"
    assert shown("blocked.html") == ["Fehler: blocked.html gibt es schon; overwrite=True ersetzt die Datei"]
    assert (tmp_path / "blocked.html").read_text(encoding="utf-8") == "mine"


def test_a_refused_export_in_a_notebook_lets_the_cell_go_on(player: Player, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Session 16: in a notebook a refused export raised (shown as one plain line), which stopped the rest of the cell
    and Run All. There it now prints the same ``error:`` line to stderr, writes nothing and returns None; the cell goes
    on. A written export is still confirmed on stdout."""
    import widgets.player as player_module

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(player_module, "_in_notebook", lambda: True)
    (tmp_path / "blocked.html").write_text("mine", encoding="utf-8")
    assert player.export_html("blocked.html") is None
    assert player.export_html("nowhere/x.html") is None
    said = capsys.readouterr()
    assert said.err.splitlines() == ["error: blocked.html already exists; pass overwrite=True to replace it",
                                     "error: the folder nowhere does not exist; create it first"], said
    assert said.out == ""
    assert (tmp_path / "blocked.html").read_text(encoding="utf-8") == "mine"
    assert not (tmp_path / "nowhere").exists()
    player.lang = "de"
    assert player.export_html("blocked.html") is None
    assert capsys.readouterr().err == "Fehler: blocked.html gibt es schon; overwrite=True ersetzt die Datei\n"
    assert player.export_html("mine.html") == Path("mine.html")
    assert capsys.readouterr().out == "mine.html geschrieben\n"


def test_export_method_never_writes_the_scenario_it_plays(tmp_path: Path) -> None:
    from digiteach.catalog import bundled_paths

    source = tmp_path / "mine.yaml"
    text = bundled_paths()[0].read_text(encoding="utf-8")
    source.write_text(text, encoding="utf-8")
    opened = widgets.play(str(source))
    assert opened.source == source
    with pytest.raises(FileExistsError, match="is the scenario being exported"):
        opened.export_html(source, overwrite=True)
    assert source.read_text(encoding="utf-8") == text


def test_export_method_never_writes_the_bundled_scenario_it_plays_by_id() -> None:
    from digiteach.catalog import bundled_paths

    bundled = next(p for p in bundled_paths() if p.stem == "attack-resolution-5")
    text = bundled.read_bytes()
    opened = widgets.play("attack-resolution-5")
    try:
        with pytest.raises(FileExistsError, match="is the scenario being exported"):
            opened.export_html(bundled, overwrite=True)
    finally:
        if bundled.read_bytes() != text:  # never leave the package broken, even when the test fails
            bundled.write_bytes(text)


def test_export_button_sends_a_download(player: Player) -> None:
    sent: list[dict[str, Any]] = []
    player.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    player._handle_custom_msg({"type": "export"}, [])
    assert len(sent) == 1 and sent[0]["type"] == "download"
    assert sent[0]["filename"] == "attack-resolution-5.html"
    assert sent[0]["html"].startswith("<!DOCTYPE html>")
    assert player.status == "Downloaded attack-resolution-5.html (see your browser's downloads)."


def test_export_status_is_in_the_players_language(player: Player) -> None:
    """The newcomer's trial (session 7): the German player said "exported NAME.html" in English."""
    player.send = lambda content, buffers=None: None  # type: ignore[method-assign]
    player.lang = "de"
    player._handle_custom_msg({"type": "export"}, [])
    assert player.status == "attack-resolution-5-de.html heruntergeladen (siehe die Downloads des Browsers)."


def test_a_german_export_is_named_so(player: Player, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """English and German exports were both attack-resolution-5.html (a newcomer's second download replaced or
    renamed the first): a German page is attack-resolution-5-de.html, from the button and from export_html();
    English keeps its name."""
    sent: list[dict[str, Any]] = []
    player.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    monkeypatch.chdir(tmp_path)
    assert player.export_html().name == "attack-resolution-5.html"
    player.lang = "de"
    player._handle_custom_msg({"type": "export"}, [])
    assert sent[-1]["filename"] == "attack-resolution-5-de.html" and 'lang="de"' in sent[-1]["html"][:200]
    written = player.export_html()
    assert written.name == "attack-resolution-5-de.html" and 'lang="de"' in written.read_text(encoding="utf-8")[:200]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["attack-resolution-5-de.html", "attack-resolution-5.html"]


def test_unknown_messages_are_ignored(player: Player) -> None:
    player._handle_custom_msg({"type": "launch-missiles"}, [])
    player._handle_custom_msg(["not", "a", "dict"], [])
    assert player.index == 0 and player.error == ""


# ----------------------------------------------------------------------------------- entry point


def test_play_accepts_a_trace_and_a_branch() -> None:
    p = widgets.play(EX5, branch=branch_after_order, index=3)
    assert isinstance(p, Player) and p.index == 3 and p.can_branch


def test_player_refuses_what_is_not_a_trace() -> None:
    with pytest.raises(TypeError, match="Trace"):
        Player("attack-resolution-5")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------- front end


def test_js_and_css_ship_in_the_package_and_load_nothing_from_the_network() -> None:
    js = (WIDGETS / "player.js").read_text(encoding="utf-8")
    css = (WIDGETS / "player.css").read_text(encoding="utf-8")
    for text in (js, css):
        assert not re.search(r"https?://", text)
        assert "@import" not in text
    assert not re.search(r"^\s*import\s", js, re.MULTILINE)
    assert re.search(r"export default \{ (initialize, )?render \}", js)
    assert Player._esm.__class__.__name__ == "FileContents" or Path(str(Player._esm)).exists()


def test_js_follows_the_dom_contract() -> None:
    js = (WIDGETS / "player.js").read_text(encoding="utf-8")
    for cls in (
        "digiteach-player",
        "digiteach-first",
        "digiteach-prev",
        "digiteach-next",
        "digiteach-last",
        "digiteach-caption",
        "digiteach-rules",
        "digiteach-counter",
        "digiteach-diagram",
    ):
        assert f'"{cls}"' in js, cls
    assert 'counter: "step {n} of {total}"' in js and 'tr("counter", { n: i + 1, total: fs.length })' in js
    assert "ArrowLeft" in js and "ArrowRight" in js
    assert "textContent = shown(f.caption)" in js  # scenario text is never set as markup, controls escaped


def test_digiteach_imports_nothing_from_jupyter() -> None:
    code = (
        "import sys, digiteach.diagrams, digiteach.render, digiteach.export, digiteach.views;"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'anywidget', 'IPython', 'traitlets', 'widgets')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_set_branch_switches_learner_mode_on_and_off() -> None:
    p = Player(EX5)
    p.set_branch(branch_after_order)
    assert p.can_branch
    p.go(5)
    assert p.choose(MEGA_LABEL)
    p.set_branch(None)
    assert not p.can_branch


# -------------------------------------------------------------------------------------- layout


def test_layout_trait_defaults_to_stacked_and_is_synced(player: Player) -> None:
    assert player.layout_mode == "stacked"
    assert Player.class_traits()["layout_mode"].metadata.get("sync") is True
    assert widgets.player.LAYOUTS == ("stacked", "compact", "stream")


def test_layout_accepts_stream_and_shows_it_in_repr(player: Player) -> None:
    player.layout_mode = "stream"
    assert repr(player) == "Player(scenario='attack-resolution-5', step=1/14, layout_mode='stream')"
    player.set_state({"layout_mode": "stacked"})  # the select in the browser
    assert player.layout_mode == "stacked"
    assert repr(player) == "Player(scenario='attack-resolution-5', step=1/14)"


@pytest.mark.parametrize("bad", ["wide", "Stream", ""])
def test_unknown_layout_is_refused_with_the_legal_ones(player: Player, bad: str) -> None:
    with pytest.raises(TraitError, match=r"'stacked', 'compact', 'stream'") as info:
        player.layout_mode = bad
    assert repr(bad) in str(info.value)
    assert player.layout_mode == "stacked"
    with pytest.raises(TraitError, match=r"'stacked', 'compact', 'stream'"):
        Player(EX5, layout=bad)
    with pytest.raises(TraitError, match=r"'stacked', 'compact', 'stream'"):
        widgets.play(EX5, layout=bad)


def test_play_with_layout_stream_sets_the_trait() -> None:
    shown = widgets.play(EX5, layout="stream")
    assert shown.layout_mode == "stream"
    assert widgets.play(EX5).layout_mode == "stacked"
    assert Player(EX5, layout="stream").layout_mode == "stream"


def test_an_ipywidgets_layout_still_reaches_the_css_box() -> None:
    from ipywidgets import Layout

    shown = Player(EX5, layout=Layout(width="50%"))
    assert shown.layout.width == "50%" and shown.layout_mode == "stacked"


def test_fitted_layouts_put_the_diagrams_side_by_side_in_equal_columns() -> None:
    """Compact and stream: one grid row of equal columns (the pending-activation pane as wide as the others,
    issue point 5); the height and the SVG scale are set by player.js (measured in tests/browser)."""
    css = (WIDGETS / "player.css").read_text(encoding="utf-8")
    block = css[css.index(".digiteach-layout-stream .digiteach-diagrams {") :].split("}")[0]
    assert ".digiteach-layout-compact .digiteach-diagrams," in css
    for decl in ("display: grid", "grid-auto-flow: column", "grid-auto-columns: minmax(0, 1fr)"):
        assert decl in block, decl
    js = (WIDGETS / "player.js").read_text(encoding="utf-8")
    fit = js[js.index("function fitDiagrams(") :].split("\n}\n")[0]
    assert "(pane.clientWidth - 1) / w, (pane.clientHeight - 1) / h" in fit  # whole: the smaller of the two ratios
    assert "scroll" not in fit, "a fitted diagram is shown whole, its pane never scrolls to a node"


def test_decision_slot_and_banner_reserve_their_space() -> None:
    css = (WIDGETS / "player.css").read_text(encoding="utf-8")
    decision = css[css.index(".digiteach-decision {") :].split("}")[0]
    banner = css[css.index(".digiteach-branch {") :].split("}")[0]
    assert "min-height: 92px" in decision and "min-height: 40px" in banner
    assert ".digiteach-decision[hidden]" not in css and ".digiteach-branch[hidden]" not in css


# ------------------------------------------------------------------ the learner's path (issue 12)


def test_choosing_the_documented_option_just_moves_on() -> None:
    calls: list[tuple[int, str]] = []

    def spy(step: int, label: str) -> Any:
        calls.append((step, label))
        return branch_after_order(step, label)

    p = Player(EX5, branch=spy)
    p.go(5)
    assert p.choose(PIERCING_LABEL)  # the documented answer at step 6
    assert calls == [] and not p.branched and p.index == 6 and p.trace is EX5
    assert p.outcome["leaves_at"] is None and p.outcome["differences"] == []


def test_outcome_lists_the_result_and_a_branch_its_differences(player: Player) -> None:
    assert "Security Stacks: Player A 4, Player B 1" in player.outcome["lines"]
    player.go(5)
    assert player.choose(MEGA_LABEL)
    assert player.outcome["leaves_at"] == 5
    from digiteach.outcome import differences

    assert player.outcome["differences"] == list(differences(player.trace, EX5))  # real branches: test_export_command
    player.back_to_documented()
    assert player.outcome["leaves_at"] is None


def test_an_export_of_a_branch_is_marked(player: Player, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    player.go(5)
    player.choose(MEGA_LABEL)
    path = player.export_html()
    assert path.name == f"{EX5.scenario}-your-line-from-step-6.html"
    doc = path.read_text(encoding="utf-8")
    assert 'class="banner"' in doc and "leaves the documented line at step 6" in doc


def test_an_invalid_scenario_shows_the_located_message_not_a_traceback(tmp_path: Path) -> None:
    import digiteach.scenario as sc

    bad = tmp_path / "bad.yaml"
    bad.write_text("id: bad\ntitle: broken\nsetup:\n  A: {battle_area: [NOPE-999]}\n", encoding="utf-8")
    with pytest.raises(sc.ScenarioError) as info:
        widgets.play(bad)
    shown = info.value._render_traceback_()  # what IPython prints instead of the traceback
    assert " ".join(" ".join(shown).split()) == " ".join(" ".join(f"error: {e}" for e in info.value.all()).split())
    located = [line for line in shown if line.startswith("error: ")]
    assert located and all("bad.yaml" in line for line in located)
    assert info.value.__suppress_context__


def test_a_long_scenario_error_is_wrapped_between_words_under_its_label(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The newcomer's trial (session 11, shot 30_bad1_in_notebook): JupyterLab broke a long located error inside a
    word at the notebook's edge ("did you mean 'Bloc" / "k with ..."). Each line is now at most ERROR_WIDTH characters,
    broken between words, a continuation indented under the text after its label; the words are the command's."""
    import digiteach.scenario as sc
    from widgets.player import ERROR_WIDTH

    text = (Path(sc.__file__).parents[1] / "scenarios" / "attack-resolution-1.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad1.yaml"
    bad.write_text(text.replace("- B: Block with ST4-08", "- B: Blok with ST4-08"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(sc.ScenarioError) as info:
        widgets.play("bad1.yaml")
    plain = [f"error: {e}" for e in info.value.all()]
    assert max(len(line) for text in plain for line in text.split("\n")) > ERROR_WIDTH  # long enough to wrap
    shown = info.value._render_traceback_()
    print("\n".join(shown))
    assert all(len(line) <= ERROR_WIDTH for line in shown), shown
    assert " ".join(" ".join(shown).split()) == " ".join(" ".join(plain).split()), "words changed or lost"
    assert shown[0].startswith("error: bad1.yaml:32: choices[0]: 'Blok with ST4-08' is not a legal answer"), shown
    assert shown[1].startswith(" " * len("error: ")) and not shown[1][len("error: ")].isspace()
    expected = next(k for k, line in enumerate(shown) if line.lstrip().startswith("expected: "))
    assert shown[expected].startswith("    expected: one of: 'Block with ST4-08 Kabuterimon'")
    assert all(word in " ".join(shown).split() for word in ("Kabuterimon'?)", "block\"", "'Block"))


# ------------------------------------------------------ the newcomer's trial: kernel restarts, default large pane


def test_messages_that_need_the_kernel_are_acknowledged_first(player: Player) -> None:
    """A numbered message (``ask``) is acknowledged before Python does the work, so the browser can tell a kernel that
    answers from one that was restarted (player.js says so after a few seconds of silence)."""
    sent: list[dict[str, Any]] = []
    player.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    player._handle_custom_msg({"type": "export", "ask": 7}, [])
    assert [m["type"] for m in sent] == ["ack", "download"] and sent[0]["ask"] == 7
    sent.clear()
    player._handle_custom_msg({"type": "ping", "ask": 8}, [])
    assert sent == [{"type": "ack", "ask": 8}]
    sent.clear()
    player._handle_custom_msg({"type": "back"}, [])  # not numbered: no acknowledgement
    assert all(m.get("type") != "ack" for m in sent)


def test_kernel_words_come_from_the_catalogue_in_every_language() -> None:
    from digiteach import i18n
    from widgets.player import KERNEL_WORDS

    words = Player(EX5).kernel_words
    assert set(words) == set(i18n.LANGUAGES)
    for lang in i18n.LANGUAGES:
        assert set(words[lang]) == set(KERNEL_WORDS), lang
        assert "{label}" in words[lang]["choose"], lang
    assert "(Shift+Enter)" in words["en"]["lost"] and "(Umschalt+Eingabe)" in words["de"]["lost"]
    assert words["en"]["lost"].startswith("The kernel is not answering")
    assert words["de"]["lost"].startswith("Der Kernel antwortet nicht") and words["de"]["choose"] != words["en"]["choose"]


@pytest.mark.parametrize(("scenario", "large"), [("attack-resolution-5", "attack"), ("triggered-effects-7", "priority")])
def test_the_default_large_pane_follows_the_opening_action(scenario: str, large: str, tmp_path: Path) -> None:
    """Stream layout: a scenario that opens with an attack shows the attack diagram large, one that opens with an
    effect (te07: <Digi-Burst>, 28 steps, none in an attack) the pending-activation diagram; in the player and the
    exported page."""
    from digiteach.export import html_document
    from digiteach.scenario import load_scenario, play

    trace = play(load_scenario(scenario))
    assert widgets.play(trace, layout="stream").default_large == large
    page = html_document(trace, layout="stream")
    assert f'class="digiteach-large" aria-label="Large pane" data-default="{large}"' in page


def test_a_file_whose_expect_fails_plays_with_a_located_note(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The newcomer's trial (session 11): widgets.play() of a file whose `expect` the rules do not give (a wrong
    `deleted:`) played with no word of it; only `digiteach check` said FAIL. It still plays, whole, and a note above
    the player says so, located (file, expect field, line), in the player's language; a file that passes says
    nothing, nor does a bundled id."""
    import digiteach.scenario as sc

    text = (Path(sc.__file__).parents[1] / "scenarios" / "attack-resolution-1.yaml").read_text(encoding="utf-8")
    assert "  deleted: [ST4-08]\n" in text
    (tmp_path / "bad2.yaml").write_text(text.replace("  deleted: [ST4-08]\n", "  deleted: [BT1-064]\n"),
                                        encoding="utf-8")
    (tmp_path / "good.yaml").write_text(text, encoding="utf-8")
    line = text.splitlines().index("  deleted: [ST4-08]") + 1
    monkeypatch.chdir(tmp_path)

    player = widgets.play("bad2.yaml")
    note = capsys.readouterr().err
    assert player.frames and len(player.frames) == len(widgets.play("good.yaml").frames), "the play stopped"
    assert note.startswith("note: bad2.yaml: its expect does not match what the rules give (`digiteach check` says"), note
    assert f"\n    expect.deleted (line {line}): expected BT1-064, got ST4-08 Kabuterimon" in note, note
    assert all(len(row) <= 96 for row in note.splitlines()), note
    assert capsys.readouterr().err == "", "a file that passes says nothing"

    widgets.play("bad2.yaml", lang="de")
    note = capsys.readouterr().err
    assert note.startswith("Hinweis: bad2.yaml: Das expect der Datei passt nicht zu dem, was die Regeln ergeben"), note
    assert f"expect.deleted (Zeile {line}): erwartet BT1-064, erhalten ST4-08 Kabuterimon" in note, note

    widgets.play("attack-resolution-1")
    assert capsys.readouterr().err == ""
