"""The suspension at an attack declaration and at a block cites the rule that makes it part of that declaration:
CR 11-2-1 (the turn player suspends the Digimon and declares the attack) and CR 12-1-7-1 (the player declares the
block and suspends the blocking Digimon). Before, both said "is suspended." citing CR 4-13-1-2-1, a number the
session 15 judge could not confirm and that neither rules_summary.md nor the seeds hold. English and German."""

from __future__ import annotations

from pathlib import Path

from tests.captions.board_steps import board_steps, one_step

_JUDGE15 = Path(__file__).parent / "judge15_boards"


def test_the_attack_declaration_suspends_the_attacker_by_cr_11_2_1() -> None:
    """CR 11-2-1: the attacker is suspended as part of the declaration."""
    st = one_step(board_steps(_JUDGE15, "j6-collision-forced-block"), "BT1-080 Titamon attacks Player B")
    assert "BT1-080 Titamon is suspended to declare the attack." in st.caption
    assert "CR 11-2-1" in st.rules
    assert "CR 4-13-1-2-1" not in st.rules
    de = one_step(board_steps(_JUDGE15, "j6-collision-forced-block", "de"), "BT1-080 Titamon von Spieler A greift")
    assert "BT1-080 Titamon wird für die Angriffsansage quergelegt." in de.caption


def test_the_block_suspends_the_blocker_by_cr_12_1_7_1() -> None:
    """CR 12-1-7-1: the blocker is suspended as part of the block declaration."""
    st = one_step(board_steps(_JUDGE15, "j6-collision-forced-block"), "blocks with BT1-064 Goblimon")
    assert st.caption.endswith("BT1-064 Goblimon is suspended to block.")
    assert "CR 12-1-7-1" in st.rules
    assert "CR 4-13-1-2-1" not in st.rules
    de = one_step(board_steps(_JUDGE15, "j6-collision-forced-block", "de"), "blockt mit BT1-064 Goblimon")
    assert de.caption.endswith("BT1-064 Goblimon wird zum Blocken quergelegt.")
