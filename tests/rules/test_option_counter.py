"""An Option card's [Counter] effect is used from the hand by using the Option (CR 9-1; rules_summary §1.2, §11,
§12): only when its colour requirement is met (CR 4-22-2) and its use cost can be paid (CR 1-3-11, 1-4-2-2); the
cost is paid (CR 4-2-2), the effect is processed, and the card goes to the trash after it (CR 9-1-5), so it cannot
be used again. An outside trial found it used for free, kept in the hand and used in the next attack too."""

from __future__ import annotations

from boards import attack as attack_player
from boards import board, cards, captions, memory_a, names, play, play_from, side

TRAP = {"number": "OC-1", "name": "Trap", "kind": "Option", "colors": ["Blue"], "use_cost": 3,
        "effects": [{"timing": "Counter", "actions": [{"do": "delete", "target": "attacker"}],
                     "summary": "Delete the attacking Digimon."}], "summary": "Test Option with a [Counter] effect."}
USE = "Use [Counter] of OC-1 Trap"
BLUE = "ST2-03"  # Gabumon: a blue Digimon meets the Option's colour requirement (CR 4-22-2)
GREEN = "BT1-064"  # Goblimon: green, meets no blue requirement


def _offered(h: list) -> list[str]:  # type: ignore[type-arg]
    return [o.label for s in h if s.decision for o in s.decision.options]


def test_the_option_is_paid_for_and_trashed_after_its_counter_effect() -> None:
    """CR 9-1, 4-2-2, 9-1-5: B pays 3 (A3 -> A6), the attacker is deleted, then the card is trashed; a second
    attack in the same turn finds no [Counter] to use (the card is no longer in the hand)."""
    setup = board(side("BT1-080", "BT1-080"), side(BLUE, hand=("OC-1",), security=("ST3-04", "ST3-04")))
    h = play(setup, attack_player(0), [USE], cards=cards(TRAP))
    end = h[-1]
    assert names(end, "A", "battle") == ["BT1-080"], captions(h)
    assert names(end, "B", "hand") == []
    assert names(end, "B", "trash") == ["OC-1"]
    assert memory_a(end) == 6
    text = captions(h)
    assert text.index("Titamon is deleted") < text.index("The used Option OC-1 Trap is trashed") \
        < text.index("Block timing"), text  # trashed after its effect, before the attack goes on (CR 9-1-5)
    again = play_from(end, attack_player(0), [])
    assert USE not in _offered(again)
    assert len(again[-1].players[1].security) == 1  # the second attack is checked: nothing stopped it


def test_not_offered_when_its_use_cost_cannot_be_paid() -> None:
    """CR 1-3-11, 1-4-2-2: at A8, B can pay at most 2 (the gauge ends at 10 on A's side), so the use cost 3
    cannot be paid and the [Counter] is not offered."""
    setup = board(side("BT1-080"), side(BLUE, hand=("OC-1",), security=("ST3-04",)), memory=8)
    h = play(setup, attack_player(0), [], cards=cards(TRAP))
    assert USE not in _offered(h)
    assert names(h[-1], "B", "hand") == ["OC-1"]


def test_not_offered_without_its_colour() -> None:
    """CR 4-22-2, 9-1-1: B has no blue Digimon or Tamer, so the blue Option cannot be used, [Counter] or not."""
    setup = board(side("BT1-080"), side(GREEN, hand=("OC-1",), security=("ST3-04",)))
    h = play(setup, attack_player(0), [], cards=cards(TRAP))
    assert USE not in _offered(h)
    assert names(h[-1], "B", "hand") == ["OC-1"]
