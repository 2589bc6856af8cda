"""The player's language select (the ``lang`` trait) retells the shown line live, and an HTML export is made in the
player's language."""

from __future__ import annotations

from pathlib import Path

import pytest
import traitlets

from widgets.player import Player, play


def test_switching_the_language_retells_the_line_at_the_same_step() -> None:
    player = play("attack-resolution-5", lang="en")
    english = [dict(f) for f in player.frames]
    player.go(5)
    player.lang = "de"
    assert player.index == 5 and len(player.frames) == len(english)
    assert player.caption != english[5]["caption"] and "Kampf" in player.caption
    assert player.counter == "Schritt 6 von 20"
    assert [d["title"] for d in player.frames[0]["diagrams"]] == ["Zeitpunkte des Angriffs", "Ausstehende Aktivierung", "Spielfeld"]
    assert "Spielfeld: Zug von Spieler A" in player.frames[5]["alt"]["board"]
    assert "Zug von Spieler A" in player.frames[5]["svgs"]["board"]  # under the pane heading "Spielfeld", said once
    assert "Spielfeld: Zug" not in player.frames[5]["svgs"]["board"]
    player.lang = "en"
    assert [f["caption"] for f in player.frames] == [f["caption"] for f in english]
    assert [f["alt"] for f in player.frames] == [f["alt"] for f in english]


def test_a_learners_line_stays_when_the_language_changes() -> None:
    player = play("triggered-effects-9", lang="en")
    at = next(k for k, s in enumerate(player.trace.steps) if s.decision and len(s.decision.options) > 1)
    step = player.trace.steps[at]
    other = next(o for o in step.decision.options if o != step.choice)  # type: ignore[union-attr]
    assert player.choose(other, at)
    mine = len(player.frames)
    player.lang = "de"
    assert player.branched and len(player.frames) == mine and player.error == ""
    assert player.branch_note.startswith(f"Deine Linie: Bei Schritt {at + 1} hat Spieler ")
    # a choice in German (the German label of an option) branches on from the German line
    later = next((k for k, s in enumerate(player.trace.steps) if k > at and s.decision and len(s.decision.options) > 1), None)
    if later is not None:
        options = player.trace.steps[later].decision.options  # type: ignore[union-attr]
        assert player.choose(options[-1], later) or player.error
    player.back_to_documented()
    assert not player.branched and player.lang == "de"


def test_an_export_is_in_the_players_language(tmp_path: Path) -> None:
    player = play("attack-resolution-5", lang="de")
    page = player.export_html(tmp_path / "x.html").read_text(encoding="utf-8")
    assert '<html lang="de"' in page and "Schritt 1 von 20" in page and "Erster Schritt (Pos1)" in page
    assert 'data-counter="Schritt {n} von {total}"' in page and "<figcaption>Spielfeld</figcaption>" in page
    player.lang = "en"
    page = player.export_html(tmp_path / "y.html").read_text(encoding="utf-8")
    assert '<html lang="en"' in page and "step 1 of 20" in page and "Schritt" not in page


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(traitlets.TraitError, match="'en', 'de'"):
        play("attack-resolution-5", lang="fr")
    player = Player(play("attack-resolution-5").trace)
    with pytest.raises(traitlets.TraitError):
        player.lang = "xx"
