"""Captions that must say what the engine does (checker of session 11's fixes; boards in ``end_and_option_boards``,
outcomes unchanged). Written from the rules, English and German:

- "end the attack" resolved in the end of attack (CR 11-6): the attack is still under way until CR 11-6-2, and the
  end of attack has already come, so nothing is skipped (CR 15-15-1-1): not "comes next", not "no attack to end";
- <Piercing> activated after an effect ended the attack and the end of attack has come: its check is not made
  (CR 15-15-1-1, 16-7-4), and the step says so instead of "waits until just before the end of the attack";
- an Option's [Counter] effect not offered says why the Option can't be used: cost (CR 1-3-11, 1-4-2-2) or
  colour requirement (CR 4-22-2, 9-1-1);
- a used [Counter] Option that places itself in the Battle Area is not announced as going to the trash (CR 9-1-5);
- a memory cost of 0 loses no memory (CR 1-3-3), it gains none only when it is a gain.
"""

from __future__ import annotations

from pathlib import Path

from digiteach.views import Step
from tests.captions.board_steps import board_steps, one_step

BOARDS = Path(__file__).parent / "end_and_option_boards"


def _steps(name: str, lang: str = "en") -> tuple[Step, ...]:
    return board_steps(BOARDS, name, lang)


def test_end_of_attack_effect_that_ends_the_attack_skips_nothing() -> None:
    steps = _steps("s17")
    st = one_step(steps, "end the attack, +1 memory. ")
    assert st.timing == "end of attack"
    assert "already in its end of attack" in st.caption and "skips nothing" in st.caption
    assert "comes next" not in st.caption and "is skipped" not in st.caption
    assert "CR 15-15-1-1" in st.rules and "CR 11-6" in st.rules
    de = one_step(_steps("s17", "de"), "schon beim Ende des Angriffs")
    assert "nichts übersprungen" in de.caption


def test_second_end_the_attack_in_the_end_of_attack_is_not_no_attack() -> None:
    steps = _steps("s5")
    assert not [st for st in steps if "There is no attack to end" in st.caption]
    st = one_step(steps, "activates [All Turns] of X-003 Helper: end the attack.")
    assert st.timing == "end of attack"
    assert "already in its end of attack" in st.caption
    assert "CR 1-3-2" not in st.rules and "CR 15-15-1-1" in st.rules
    assert steps[-2].caption == "The attack is over."  # still under way until CR 11-6-2


def test_piercing_after_the_attack_was_ended_says_no_check() -> None:
    steps = _steps("s4")
    st = one_step(steps, "activates <Piercing> of X-001 Atk")
    assert "security check does not happen" in st.caption and "ended the attack" in st.caption
    assert "waits until just before" not in st.caption
    assert "CR 15-15-1-1" in st.rules and "CR 16-7-4" in st.rules
    assert not [s for s in steps if s.timing == "security check"]
    de = one_step(_steps("s4", "de"), "<Piercing> wird aktiviert")
    assert "findet nicht statt" in de.caption


def test_counter_option_with_unpayable_cost_says_why() -> None:
    st = one_step(_steps("o1"), "no [Counter] effect to use")
    assert "X-008 Stop" in st.caption and "can't pay its use cost of 3 memory" in st.caption
    assert "CR 1-3-11" in st.rules and "CR 1-4-2-2" in st.rules
    de = one_step(_steps("o1", "de"), "Einsatzkosten von 3 Speicher")
    assert "X-008 Stop" in de.caption


def test_counter_option_without_its_colour_says_why() -> None:
    st = one_step(_steps("o4"), "no [Counter] effect to use")
    assert "X-008 Stop" in st.caption and "colour requirement is not met" in st.caption and "blue" in st.caption
    assert "CR 4-22-2" in st.rules and "CR 9-1-1" in st.rules
    de = one_step(_steps("o4", "de"), "Farbanforderung")
    assert "der Farbe blau" in de.caption


def test_counter_option_placed_in_the_battle_area_is_not_announced_as_trashed() -> None:
    steps = _steps("o10")
    used = one_step(steps, "uses X-011 DelayOpt for 1 memory")
    assert "trash" not in used.caption
    one_step(steps, "places the Option card X-011 DelayOpt in their Battle Area")
    assert not [st for st in steps if "DelayOpt is trashed" in st.caption]


def test_memory_cost_of_zero_loses_no_memory() -> None:
    steps = _steps("m11")
    st = one_step(steps, "X-001 Atk: draw 1.")
    assert "Player A loses no memory." in st.caption and "gains no memory" not in st.caption
    one_step(steps, "Player B gains no memory.")  # X-002's +0 memory is a gain
    one_step(_steps("m11", "de"), "Spieler A verliert keinen Speicher.")
