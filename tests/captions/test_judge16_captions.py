"""Why an option is not offered or a keyword does not trigger, said as the existing battle-silence sentences are
(session 16's judge: boards in ``judge16_boards``, the judge's own files with their sources and notes; each still
passes ``check``), English and German:

- <Evade> of a suspended Digimon deleted in battle is not offered: it prevents the deletion only by suspending it
  (CR 16-22, 15-7-2; judge j16);
- <Piercing> does not trigger when <Barrier> saved the Digimon it battled: it triggers only on a deletion in battle
  (CR 16-7-2, 15-8-5-2; judge j5).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from boards import attack, board, cards, names, play, side, stack
from digiteach.scenario import check, load_scenario
from tests.captions.board_steps import board_steps, one_step

BOARDS = Path(__file__).parent / "judge16_boards"


@pytest.mark.parametrize("path", sorted(BOARDS.glob("*.yaml")), ids=lambda p: p.stem)
def test_judge_board_still_reaches_its_ruling(path: Path) -> None:
    """The outcomes the judge wrote from the rulings are unchanged."""
    assert check(load_scenario(str(path))) == []


def test_evade_of_a_suspended_digimon_says_why_it_is_not_offered() -> None:
    st = one_step(board_steps(BOARDS, "j16-suspended-evade"), "<Evade>")
    assert "<Evade> of BT1-064 Goblimon is not offered: BT1-064 Goblimon is already suspended, and <Evade> prevents " \
           "the deletion only by suspending it." in st.caption
    assert {"CR 16-22", "CR 15-7-2"} <= set(st.rules)
    de = one_step(board_steps(BOARDS, "j16-suspended-evade", "de"), "<Evade>")
    assert "schon quergelegt" in de.caption


def test_piercing_after_barrier_says_why_it_does_not_trigger() -> None:
    st = one_step(board_steps(BOARDS, "j5-barrier-no-piercing"), "<Piercing>")
    assert st.caption == ("<Piercing> of BT1-081 HerculesKabuterimon does not trigger: BT1-064 Goblimon was not "
                          "deleted, because an effect prevented the deletion, and <Piercing> triggers only when the "
                          "Digimon with it deletes the opponent's Digimon in battle.")
    assert st.rules == ("CR 16-7-2", "CR 15-8-5-2")
    de = one_step(board_steps(BOARDS, "j5-barrier-no-piercing", "de"), "<Piercing>")
    assert "nicht gelöscht" in de.caption


def test_no_sentence_without_the_keyword() -> None:
    """The sentences are said only when they apply: an attacker without <Piercing> whose target <Barrier> saved says
    nothing about <Piercing>, and a suspended Digimon without <Evade> nothing about <Evade>."""
    lib = cards(_mon("T-410", 9000), _mon("T-411", 3000, "Barrier"))
    h = play(board(side("T-410"), side(stack("T-411", suspended=True), security=("BT1-064", "BT1-064"))),
             attack(target=0), ["Use <Barrier>"], cards=lib)
    assert names(h[-1], "B", "battle") == ["T-411"] and not [s for s in h if "<Piercing>" in s.caption]
    lib = cards(_mon("T-410", 9000), _mon("T-413", 1000))
    h = play(board(side("T-410"), side(stack("T-413", suspended=True), security=("BT1-064",))), attack(target=0),
             cards=lib)
    assert names(h[-1], "B", "battle") == [] and not [s for s in h if "<Evade>" in s.caption]


def _mon(number: str, dp: int, *keywords: str) -> dict[str, object]:
    return {"number": number, "name": f"Test {number}", "level": 5, "colors": ["Red"], "dp": dp, "play_cost": 5,
            "keywords": list(keywords), "summary": "Test card."}
