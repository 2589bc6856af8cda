"""The player's accessibility data, without a browser (issue 15): every frame carries each diagram's text
alternative, built in Python from the step view; the large pane is checked like the layout."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "viz"))  # tests/viz: the shared hand-built traces

import pytest  # noqa: E402
import traitlets  # noqa: E402
from fixtures import NEEDS_DOT, attack_example_5  # noqa: E402

import widgets  # noqa: E402
from digiteach.diagrams import DIAGRAMS, step_descriptions  # noqa: E402
from widgets.player import Player  # noqa: E402

pytestmark = NEEDS_DOT
EX5 = attack_example_5()


def test_every_frame_carries_each_diagrams_text_alternative() -> None:
    player = Player(EX5)
    previous = None
    for frame, step in zip(player.frames, EX5.steps, strict=True):
        assert frame["alt"] == step_descriptions(step, previous)
        assert list(frame["alt"]) == list(DIAGRAMS)
        previous = step


def test_the_text_alternative_says_the_current_timing_pending_effects_and_board_changes() -> None:
    """What a screen-reader user needs at each step: the current timing, the pending effects in the order
    they activate, and what changed on the board."""
    player = Player(EX5)
    for frame, step in zip(player.frames, EX5.steps, strict=True):
        alt = frame["alt"]
        if step.attack is not None:
            assert f"Current timing: {step.attack.timing}" in alt["attack"]
        labels = [f"of {e.card.label}" for gen in sorted(step.pending, key=lambda g: -g.number) for e in gen.effects]
        positions = [alt["priority"].find(label) for label in labels]
        assert all(p >= 0 for p in positions), (labels, alt["priority"])
        if step.pending:
            assert "newest generation first" in alt["priority"]
        if step.index:
            assert "Changed since the previous step: " in alt["board"]
    deleted = [f["alt"]["board"] for f in player.frames if "left the Battle Area" in f["alt"]["board"]]
    assert deleted, "a deletion in example 5 must be said on the board"


def test_alt_text_follows_a_branch() -> None:
    from fixtures import PIERCING_LABEL, branch_after_order

    player = Player(EX5, branch=branch_after_order)
    at = next(i for i, s in enumerate(EX5.steps) if s.decision is not None and s.decision.kind == "order")
    other = [o for o in EX5.steps[at].decision.options if o != EX5.steps[at].choice]  # type: ignore[union-attr]
    assert player.choose(other[0] if other else PIERCING_LABEL, at)
    previous = None
    for frame, step in zip(player.frames, player.trace.steps, strict=True):
        assert frame["alt"] == step_descriptions(step, previous)
        previous = step


def test_large_pane_is_a_diagram_name() -> None:
    player = Player(EX5, layout="stream", large_pane="board")
    assert player.large_pane == "board"
    player.large_pane = ""
    with pytest.raises(traitlets.TraitError, match="'attack', 'priority', 'board'"):
        player.large_pane = "memory"
    with pytest.raises(traitlets.TraitError, match="large_pane"):
        widgets.play(EX5, large_pane="nope")


def test_the_export_carries_the_same_text_alternatives_and_announcements() -> None:
    """The HTML export: each diagram role="img" with the step's text alternative (escaped), a polite live
    region, each decision's words with its options, and the large pane preselected."""
    import html

    from digiteach.export import html_document

    player = Player(EX5)
    doc = html_document(EX5, None, layout="stream", large_pane="priority")
    for frame in player.frames:
        for name, text in frame["alt"].items():
            assert f'data-diagram="{name}" role="img" tabindex="0" aria-label="{html.escape(text, quote=True)}"' in doc
    assert '<div class="announce" aria-live="polite" aria-atomic="true"></div>' in doc
    for step in EX5.steps:
        if step.decision is not None:
            assert html.escape(f"Decision for Player {step.decision.player}: {step.decision.prompt}", quote=True) in doc
    assert '<option value="priority" selected>Pending activation large</option>' in doc
    with pytest.raises(ValueError, match="large_pane"):
        html_document(EX5, None, layout="stream", large_pane="memory")


def test_export_command_takes_a_large_pane(tmp_path: Path) -> None:
    from digiteach.cli import main

    out = tmp_path / "ar5.html"
    assert main(["export", "attack-resolution-5", "--html", str(out), "--layout", "stream", "--large-pane", "board"]) == 0
    assert '<option value="board" selected>Board large</option>' in out.read_text(encoding="utf-8")
