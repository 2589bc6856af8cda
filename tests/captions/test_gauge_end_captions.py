"""The memory gauge stops at 10 on either side (CR 1-4-2-2). An outside trial (session 11) found "by losing 4 memory"
said and counted as done when the marker could move only 2: a memory cost done in part is not done (CR 15-7-3), so
what it pays for does not happen (CR 15-7-2); a plain gain or loss moves as far as it can (CR 1-3-2) and its caption
says how far that was, not the printed amount."""

from __future__ import annotations

from pathlib import Path

from digiteach.scenario import load_scenario
from digiteach.scenario.play import play
from digiteach.views import Step

ROOT = Path(__file__).resolve().parent.parent


def _steps(tmp_path: Path, memory: str, actions: str, optional: bool = False) -> tuple[Step, ...]:
    """Player A's X-90 (memory ``memory``) attacks; its one [When Attacking] effect does ``actions``; B has X-91."""
    text = f"""
id: t-gauge-end
title: a memory change meets the end of the gauge
source: test
cards:
  - {{number: X-90, name: Atk, level: 5, colors: [Red], dp: 9000, summary: x, effects: [{{timing: When Attacking,
     optional: {str(optional).lower()}, actions: {actions}, summary: x}}]}}
  - {{number: X-91, name: Victim, level: 5, colors: [Blue], dp: 3000, summary: x}}
setup:
  turn_player: A
  memory: {memory}
  A: {{battle_area: [X-90], deck: 5}}
  B: {{battle_area: [X-91], security: 3, deck: 5}}
action:
  attack: {{with: X-90, target: player}}
choices: ["#1", "#1"]
"""
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    return play(load_scenario(str(path))).steps


def _with(steps: tuple[Step, ...], words: str) -> Step:
    found = [st for st in steps if words in st.caption]
    assert len(found) == 1, [st.caption for st in steps]
    return found[0]


def test_a_loss_that_meets_the_end_says_how_far_the_marker_moved(tmp_path: Path) -> None:
    """CR 1-4-2-2, 1-3-2: at A2, losing 10 then 4 moves the marker 10 and then only 2 (8 -> 10 on B's side)."""
    steps = _steps(tmp_path, "A2", "[{do: lose_memory, amount: 10}, {do: lose_memory, amount: 4}]")
    st = _with(steps, "lose 4 memory")
    assert ("The effect makes Player A lose 4 memory, but the gauge stops at 10, so the marker moves only 2 "
            "(8 on Player B's side → 10 on Player B's side).") in st.caption
    assert {"CR 1-4-2-2", "CR 1-3-2"} <= set(st.rules)


def test_a_gain_that_meets_the_end_says_how_far_the_marker_moved(tmp_path: Path) -> None:
    """CR 1-4-2-2: at A9, gaining 3 moves the marker 1 (9 -> 10 on A's side)."""
    st = _with(_steps(tmp_path, "A9", "[{do: gain_memory, amount: 3}]"), "gain 3 memory")
    assert "moves only 1 (9 on Player A's side → 10 on Player A's side)" in st.caption


def test_a_full_move_keeps_the_plain_caption(tmp_path: Path) -> None:
    """CR 4-1-4: a loss the gauge has room for is said as before, with the printed amount."""
    st = _with(_steps(tmp_path, "A2", "[{do: lose_memory, amount: 10}]"), "loses 10 memory")
    assert "Player A loses 10 memory (2 on Player A's side → 8 on Player B's side)." in st.caption


def test_a_memory_cost_past_the_end_is_not_paid_and_its_effect_does_not_happen(tmp_path: Path) -> None:
    """CR 15-7-3, 15-7-2: at 0, "by losing 11 memory, delete 1" could move the marker only 10: nothing moves, the
    caption says so and cites the rules, and the Digimon stays."""
    cost = "[{do: lose_memory, amount: 11, cost: true}, {do: delete, target: {who: choose, whose: opponent}}]"
    steps = _steps(tmp_path, "0", cost, optional=True)
    st = _with(steps, "cannot lose 11 memory as the cost")
    assert "the marker could move only 10" in st.caption and "nothing moves" in st.caption
    assert {"CR 1-4-2-2", "CR 15-7-3", "CR 15-7-2"} <= set(st.rules)
    assert not any("is deleted" in s.caption for s in steps)


def test_a_memory_cost_the_gauge_has_room_for_is_paid(tmp_path: Path) -> None:
    """CR 4-2-2, 1-4-2-2: at A2 a cost of 12 moves the marker exactly to 10 on B's side: paid, so the deletion
    happens."""
    cost = "[{do: lose_memory, amount: 12, cost: true}, {do: delete, target: {who: choose, whose: opponent}}]"
    steps = _steps(tmp_path, "A2", cost, optional=True)
    assert "Player A loses 12 memory (2 on Player A's side → 10 on Player B's side)." in \
        _with(steps, "loses 12 memory").caption
    _with(steps, "X-91 Victim is deleted")


def test_a_turn_at_0_memory_goes_on_and_the_caption_says_why(tmp_path: Path) -> None:
    """The newcomer's trial (session 12): "Player A still has 0 memory, so the turn continues." gave no reason. CR
    6-1-4-1: a turn ends when the memory is 1 or more on the opponent's side; 0 is on neither side, and the caption
    says so in the rule's terms (in German too)."""
    path = tmp_path / "zero.yaml"
    path.write_text("""
id: t-memory-zero
title: the memory at 0 after an attack
source: test
cards:
  - {number: X-90, name: Atk, level: 5, colors: [Red], dp: 9000, summary: x}
  - {number: X-91, name: Victim, level: 5, colors: [Blue], dp: 3000, summary: x}
setup:
  turn_player: A
  memory: 0
  A: {battle_area: [X-90], deck: 5}
  B: {battle_area: [X-91], security: 3, deck: 5}
action:
  attack: {with: X-90, target: player}
""", encoding="utf-8")
    last = play(load_scenario(str(path))).steps[-1]
    assert last.caption == ("The memory is 0: that is not on the opponent's side, so Player A's turn continues (a turn "
                            "ends only with 1 or more memory on the opponent's side).")
    assert last.rules == ("CR 6-1-4-1",)
    german = play(load_scenario(str(path)), "de").steps[-1]
    assert german.caption.startswith("Der Speicher steht auf 0: Das ist nicht die Seite des Gegners"), german.caption
