"""The unsuspend phase's caption names the turn player's cards (CR 6-2-1) apart from the other player's Digimon that
unsuspend at the same moment by <Reboot> (CR 16-11-5), each with its player (session 12 outside trial)."""

from __future__ import annotations

from pathlib import Path

from digiteach.scenario import load_scenario
from digiteach.scenario.play import play
from digiteach.views import Step


def _steps(tmp_path: Path, text: str) -> tuple[Step, ...]:
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    return play(load_scenario(str(path))).steps


REBOOT = """
id: t-reboot-named-apart
title: the opponent's <Reboot> Digimon unsuspends with the turn player's cards
source: {page: test, rule: [CR 16-11-5]}
cards:
  - {number: X-040, name: Reb, level: 4, colors: [Blue], dp: 5000, play_cost: 3, keywords: [Reboot], summary: reb}
  - {number: X-041, name: Own, level: 4, colors: [Red], dp: 5000, play_cost: 3, summary: own}
setup:
  turn_player: A
  memory: A3
  phase: unsuspend
  A:
    battle_area: [__OWN__]
    deck: 3
  B:
    battle_area: ["X-040 [S]", "BT1-064 [S]"]
    deck: 3
action:
  - start_turn: true
"""


def _unsuspend_step(steps: tuple[Step, ...]) -> Step:
    return next(st for st in steps if st.caption.startswith("Unsuspend phase:"))


def test_the_turn_players_cards_and_the_opponents_reboot_digimon_are_named_apart(tmp_path: Path) -> None:
    """CR 6-2-1, 16-11-5: Player A's suspended X-041 unsuspends, and at the same moment Player B's X-040 with
    <Reboot>; X-040 is not listed among Player A's cards, it is named as Player B's, and B's BT1-064 without <Reboot>
    is not named at all."""
    st = _unsuspend_step(_steps(tmp_path, REBOOT.replace("__OWN__", '"X-041 [S]"')))
    own, _sep, rebooted = st.caption.partition("<Reboot>")
    assert "Player A" in own and "X-041 Own" in own and "X-040 Reb" not in own
    assert "Player B" in rebooted and "X-040 Reb" in rebooted
    assert "BT1-064" not in st.caption
    assert "CR 16-11-5" in st.rules and "CR 6-2-1" in st.rules


def test_with_nothing_of_the_turn_players_suspended_only_the_reboot_digimon_unsuspends(tmp_path: Path) -> None:
    """CR 6-2-1, 16-11-5: Player A has nothing suspended, so nothing of Player A's is said to unsuspend; Player B's
    X-040 still unsuspends by <Reboot>, named as Player B's."""
    st = _unsuspend_step(_steps(tmp_path, REBOOT.replace("__OWN__", "X-041")))
    own, _sep, rebooted = st.caption.partition("<Reboot>")
    assert "X-040 Reb" not in own and "no suspended card" in own
    assert "Player B" in rebooted and "X-040 Reb" in rebooted
