"""DUAL cards (CR 4-6, 4-20): R51's [Habakiri] / Habakirimon, used as an Option, then Arts Digivolve.

ST23-08 Monarchlizamon is green in the public card data, so a yellow Kyubimon (BT5-038) stands beside it to meet
[Habakiri]'s yellow colour requirement (CR 4-22)."""

from __future__ import annotations

from boards import activated, board, names, play, side, stack
from digiteach.setup import Action

USE = Action("use", hand_card="BT25-043")


def test_r51_rule_check_trigger_shares_the_batch_turn_player_first() -> None:
    """CR 15-4-3-3, 15-4-3-5, 4-20-2 (R51, QA Q6313): Salamon's [On Deletion] (from the rule check) and
    Habakirimon's [When Digivolving] wait together; A's goes first; final security 3 and 3."""
    setup = board(side("ST23-08", "BT5-038", hand=("BT25-043",), security=("BT1-064",) * 2),
                  side("BT2-034", security=("BT1-064",) * 2), memory=10)
    h = play(setup, USE, ["Don't trash", "Arts Digivolve", "Don't trash"])
    end = h[-1]
    assert activated(end) == ["Activate [Main] of BT25-043 Habakirimon",
                              "Activate [When Digivolving] of BT25-043 Habakirimon: <Recovery +1>, trash 1 security",
                              "Activate [On Deletion] of BT2-034 Salamon: <Recovery +1>"]
    assert len(end.players[0].security) == 3 and len(end.players[1].security) == 3
    assert names(end, "A", "battle") == ["BT25-043", "BT5-038"]
    gen = next(s.pending[0] for s in h if s.pending and len(s.pending[0].effects) == 2)
    assert [p.owner for p in gen.effects] == [0, 1]


def test_declining_arts_digivolve_trashes_the_used_card() -> None:
    """CR 9-1-5 (contrast): without Arts Digivolve the used card goes to the trash and nothing digivolves."""
    setup = board(side("ST23-08", "BT5-038", hand=("BT25-043",), security=("BT1-064",) * 2),
                  side("BT2-034", security=("BT1-064",) * 2), memory=10)
    h = play(setup, USE, ["Don't trash", "Trash BT25-043"])
    end = h[-1]
    assert "BT25-043" in names(end, "A", "trash")
    assert names(end, "A", "battle") == ["ST23-08", "BT5-038"]
    assert activated(end) == ["Activate [Main] of BT25-043 Habakirimon", "Activate [On Deletion] of BT2-034 Salamon: <Recovery +1>"]


def test_tie_lets_the_player_pick_whose_card_to_trash() -> None:
    """BT25-043's "player with the most security cards": on a tie both players are offered; trashing B's top
    card stands the suspended Habakirimon up."""
    setup = board(side(stack("ST23-08", suspended=True), "BT5-038", hand=("BT25-043",), security=("BT1-064",) * 2),
                  side("BT1-080", security=("BT1-064",) * 3), memory=10)
    h = play(setup, USE, ["Don't trash", "Arts Digivolve", "Trash Player B"])
    choice = next(s.decision for s in h if s.decision is not None and "most" in s.decision.prompt)
    assert choice.labels == ("Trash Player A's top security card", "Trash Player B's top security card",
                             "Don't trash")
    end = h[-1]
    assert len(end.players[1].security) == 2
    assert not end.players[0].battle[0].suspended
