"""A spent [Once Per Turn] at the attack declaration is named whether or not other effects trigger there (CR
15-14-1-1), English and German. Board: ``rules16_boards/once-per-turn-spent-beside-trigger.yaml`` (the session 15
judge's j7 board with a second attacker that has a [When Attacking] effect of its own)."""

from __future__ import annotations

from pathlib import Path

from tests.captions.board_steps import board_steps, one_step

_BOARDS = Path(__file__).parent / "rules16_boards"
_BOARD = "once-per-turn-spent-beside-trigger"


def test_spent_once_per_turn_is_named_beside_a_trigger() -> None:
    """CR 15-14-1-1: Cherrymon's [Once Per Turn] was used on the first attack; on Vilemon's attack Vilemon's [When
    Attacking] triggers, and the caption still says why Cherrymon's effect does not."""
    steps = board_steps(_BOARDS, _BOARD)
    st = one_step(steps, "BT2-072 Vilemon attacks Player B")
    assert "These effects trigger now, at the attack declaration" in st.caption
    assert "[When Attacking] of BT2-072 Vilemon" in st.caption
    assert st.caption.endswith("[Opponent's Turn] of BT10-052 Cherrymon: switch the attack target does not trigger: "
                               "its [Once Per Turn] has already been used this turn.")
    assert "CR 15-14-1-1" in st.rules
    first = one_step(steps, "BT1-080 Titamon attacks Player B")  # not yet used: it triggers, no such sentence
    assert "does not trigger" not in first.caption


def test_spent_once_per_turn_is_named_beside_a_trigger_in_german() -> None:
    """The same sentence in German (CR 15-14-1-1)."""
    de = one_step(board_steps(_BOARDS, _BOARD, "de"), "BT2-072 Vilemon von Spieler A greift")
    assert "löst nicht aus: Sein [Once Per Turn] wurde in diesem Zug schon genutzt." in de.caption
