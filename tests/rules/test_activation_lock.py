"""Effects that cannot activate (CR 15-6-3, 15-14-1-1) and one [Once Per Turn] count shared by the timings of one
printed effect (QA Q2299): R55's Nanomachine Break restriction and Shroudmon."""

from __future__ import annotations

from dataclasses import replace

from boards import activated, board, cards, names, play, play_from, side, stack
from digiteach.engine import initial_state
from digiteach.setup import Action, StackRef, StackSetup

LOCK = "Can't activate [When Digivolving]/[When Attacking]"


def _digivolve_then_attack(locked: bool) -> list:  # type: ignore[type-arg]
    gained = (LOCK, "Security A. -1") if locked else ()
    a = side(hand=("BT16-080",), security=("BT1-064",) * 4)
    a = replace(a, battle_area=(StackSetup(("BT2-075",), gained=gained),))
    setup = board(a, side("BT1-064", "BT1-080", security=("BT1-064",) * 3), memory=7)
    s0 = initial_state(setup, cards())
    h = play_from(s0, Action("digivolve", card=StackRef("A", 0), hand_card="BT16-080", cost=5),
                  ["Choose BT1-064"])
    return h + play_from(h[-1], Action("attack", card=StackRef("A", 0)), ["Choose BT1-064"])[1:]


def test_locked_when_digivolving_spends_no_count_r55() -> None:
    """CR 15-6-3, 15-14-1-1 (R55, QA Q5373): the restricted [When Digivolving] is not activated and uses no count,
    so the [End of Attack] half of the same [Once Per Turn] effect still activates."""
    h = _digivolve_then_attack(locked=True)
    order = activated(h[-1])
    assert order == ["Activate [End of Attack] of BT16-080 Shroudmon: -7000 DP, delete 1 Digimon"]
    assert "BT1-064" in names(h[-1], "B", "trash")


def test_shared_count_spent_by_when_digivolving() -> None:
    """QA Q2299 (contrast): without the restriction the [When Digivolving] activates and spends the one shared
    count, so the [End of Attack] half does not trigger in the same turn."""
    h = _digivolve_then_attack(locked=False)
    order = activated(h[-1])
    assert order == ["Activate [When Digivolving] of BT16-080 Shroudmon: -7000 DP, delete 1 Digimon"]


def test_nanomachine_break_restriction_lasts_through_the_opponents_turn() -> None:
    """CR 15-11 (duration "until the end of the opponent's turn"): B uses BT23-094 on its own turn, the turn passes,
    and on A's turn Myotismon still has <Security A. -1> and the restriction; after A's turn both are gone."""
    setup = board(side(stack("BT2-075"), security=("BT1-064",) * 4),
                  side("ST3-12", hand=("BT23-094",)), memory=3, turn="B")  # yellow Tamer: colour requirement (CR 4-22)
    h = play(setup, Action("use", hand_card="BT23-094"))
    end = h[-1]
    assert end.turn_player == 0
    myotismon = end.players[0].battle[0].iid
    kinds = sorted(m.kind for m in end.modifiers if m.iid == myotismon)
    assert kinds == ["keyword", "security_a"]
    # the use ended B's turn: A's turn is played up to its main phase (CR 6-1-2), then A passes
    mid = play_from(end, Action("start_turn"))[-1]
    assert mid.turn_player == 0 and mid.phase.value == "main phase"
    assert sorted(m.kind for m in mid.modifiers if m.iid == myotismon) == ["keyword", "security_a"]
    h2 = play_from(mid, Action("pass"))
    assert not [m for m in h2[-1].modifiers if m.iid == myotismon]
