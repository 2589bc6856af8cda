"""Why an effect's switch of the attack target does not happen (outside trial, session 11): the target cannot be
switched to what already is the target (CR 11-2-7-3), and it cannot change once the attacking Digimon has left the
Battle Area (CR 11-2-7-4); each caption cites its own rule. English and German."""

from __future__ import annotations

from pathlib import Path

import pytest

from digiteach.scenario import load_scenario
from digiteach.scenario.play import play
from digiteach.views import Step

BOARD = """
id: t-switch-reasons
title: an effect that switches the attack target
source: test
cards:
  - {{number: X-70, name: Runner, level: 5, colors: [Red], dp: 6000, summary: x}}
  - number: X-71
    name: Decoy
    level: 4
    colors: [Blue]
    dp: 5000
    effects:
      - when: {{event: attacks, whose: opponent}}
        scope: Opponent's Turn
        actions: [{{do: switch_target, target: this}}]
        summary: the attack target becomes this Digimon
  - number: X-72
    name: Sniper
    level: 4
    colors: [Blue]
    dp: 4000
    effects:
      - when: {{event: attacks, whose: opponent}}
        scope: Opponent's Turn
        actions: [{{do: delete, target: {{who: attacker}}}}]
        summary: delete the attacking Digimon
setup:
  turn_player: A
  memory: A3
  A: {{battle_area: [X-70], deck: 5}}
  B: {{battle_area: [{board}], security: 3, deck: 5}}
action:
  attack: {{with: X-70, target: {target}}}
choices: {choices}
"""


def _steps(tmp_path: Path, board: str, target: str, choices: str, lang: str = "en") -> tuple[Step, ...]:
    path = tmp_path / "board.yaml"
    path.write_text(BOARD.format(board=board, target=target, choices=choices), encoding="utf-8")
    return play(load_scenario(str(path)), lang).steps


def _switch_step(steps: tuple[Step, ...], words: str) -> Step:
    found = [st for st in steps if words in st.caption]
    assert len(found) == 1, [st.caption for st in steps]
    return found[0]


def test_a_switch_to_what_already_is_the_target_cites_11_2_7_3(tmp_path: Path) -> None:
    """Decoy, suspended, is attacked, and its effect would make itself the target: it already is (CR 11-2-7-3). The
    attacking Digimon is still in the Battle Area, so CR 11-2-7-4 is not the reason."""
    st = _switch_step(_steps(tmp_path, '"X-71 [S]"', "X-71", "[]"), "already is the attack target")
    assert "X-71 Decoy already is the attack target" in st.caption and "left the Battle Area" not in st.caption
    assert "CR 11-2-7-3" in st.rules and "CR 11-2-7-4" not in st.rules


def test_a_switch_after_the_attacker_has_left_cites_11_2_7_4(tmp_path: Path) -> None:
    """Sniper's effect deletes the attacking Digimon first (its player orders it first); then Decoy's switch cannot
    change the target, because the attacker has left the Battle Area (CR 11-2-7-4)."""
    steps = _steps(tmp_path, "X-71, X-72", "player", '["Activate [Opponent\'s Turn] of X-72"]')
    st = _switch_step(steps, "attack target cannot be switched")
    assert "attacking Digimon has left the Battle Area" in st.caption
    assert "CR 11-2-7-4" in st.rules and "CR 11-2-7-3" not in st.rules


def test_a_switch_that_can_happen_still_happens(tmp_path: Path) -> None:
    """The control: Decoy's switch, with the attacker still there, makes Decoy the target (CR 11-2-7-2)."""
    st = _switch_step(_steps(tmp_path, "X-71", "player", "[]"), "attack target is switched to X-71 Decoy")
    assert "CR 11-2-7-2" in st.rules


@pytest.mark.parametrize(("board", "target", "choices", "words"), [
    ('"X-71 [S]"', "X-71", "[]", "ist schon das Angriffsziel"),
    ("X-71, X-72", "player", '["Activate [Opponent\'s Turn] of X-72"]', "hat den Kampfbereich verlassen"),
])
def test_the_reasons_in_german(tmp_path: Path, board: str, target: str, choices: str, words: str) -> None:
    steps = _steps(tmp_path, board, target, choices, "de")
    assert any(words in st.caption for st in steps), [st.caption for st in steps]
