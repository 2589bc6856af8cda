"""A pending effect's place words are fixed when it triggers (docs/scenario-format.md, ``choices``): after an
earlier Digimon of that player leaves, the labels keep the places the Digimon had at the triggering event, while the
board's description names the places they have now. Board: ``rules16_boards/place-words-fixed-at-triggering.yaml``
(two BT2-079 VenomMyotismon, B's 2nd and 3rd Digimon when they trigger; Tapirmon, B's 1st, is deleted before they
activate)."""

from __future__ import annotations

from pathlib import Path

from digiteach.diagrams.board import describe_board
from digiteach.scenario import check, load_scenario, play

_BOARD = Path(__file__).parent / "rules16_boards" / "place-words-fixed-at-triggering.yaml"
_LABEL = "Activate [Opponent's Turn] of BT2-079 VenomMyotismon: +1 memory (for Sweeper)"


def test_pending_labels_keep_the_places_of_the_triggering_moment() -> None:
    """The order decision comes after Tapirmon left: its labels still say 2nd and 3rd, the board says 1st and 2nd."""
    scenario = load_scenario(str(_BOARD))
    assert check(scenario) == []
    step = next(s for s in play(scenario).steps if s.decision is not None)
    assert step.decision is not None
    assert step.decision.options == (f"{_LABEL} (Player B's 2nd Digimon)", f"{_LABEL} (Player B's 3rd Digimon)")
    board = describe_board(step)
    assert "ST3-03 Tapirmon" not in board.split("Player B (non-turn player): Battle Area:")[1].split("Breeding")[0]
    assert "BT2-079 VenomMyotismon (Player B's 1st Digimon)" in board
    assert "Player B's 3rd Digimon" not in board
