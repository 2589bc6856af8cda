"""Captions a judge would sign (session 15's judge: boards in ``judge15_boards``, the judge's own files with their
sources and notes; outcomes unchanged, each file still passes ``check``). Written from the rules, English and German:

- after [Start of Your Main Phase] effects (CR 15-16-13) the play ends as after any action, with the turn-end
  condition checked (CR 6-1-4-1), not with a dangling "board before the action";
- a [Once Per Turn] effect activated although it changed nothing is used (CR 15-14-1-4), and a later trigger of it
  says it does not trigger because of that (CR 15-14-1-1);
- a keyword on the board that does nothing at a battle deletion says why: <Retaliation> on a tie (CR 16-13-2),
  <Decoy> against a battle deletion (CR 16-18), <Barrier> with no security card (CR 16-25-1, 15-7-2);
- <Collision> makes the opponent *have* to block (CR 16-30); the <Decoy> offer cites CR 16-18 and the prevented
  deletion names the Digimon it saves.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from digiteach.scenario import check, load_scenario
from digiteach.scenario.play import play
from digiteach.views import Step
from tests.captions.board_steps import board_steps, one_step

BOARDS = Path(__file__).parent / "judge15_boards"


def _steps(name: str, lang: str = "en") -> tuple[Step, ...]:
    return board_steps(BOARDS, name, lang)


@pytest.mark.parametrize("path", sorted(BOARDS.glob("*.yaml")), ids=lambda p: p.stem)
def test_judge_board_still_reaches_its_ruling(path: Path) -> None:
    """The outcomes the judge wrote from the rulings are unchanged."""
    assert check(load_scenario(str(path))) == []


def test_start_of_main_phase_play_ends_with_the_turn_end_check() -> None:
    steps = _steps("j8-two-start-main-attacks")
    assert not [st for st in steps if st.caption == "The board before the action." or not st.caption]
    assert steps[-1].caption == "Player A still has 3 memory, so the turn continues."
    assert steps[-1].rules == ("CR 6-1-4-1",) and steps[-1].timing == "main phase"
    de = _steps("j8-two-start-main-attacks", "de")
    assert de[-1].caption == "Spieler A hat noch 3 Speicher, also geht der Zug weiter."


def test_start_of_main_phase_triggers_cite_their_timing() -> None:
    st = one_step(_steps("j8-two-start-main-attacks"), "main phase begins")
    assert "CR 6-5-1" in st.rules and "CR 15-16-13" in st.rules
    assert "[Start of Your Main Phase]" in st.caption and "only once they have all resolved" in st.caption
    assert "may now play" not in st.caption  # nothing is done while processing is unresolved (CR 6-5-1)
    de = one_step(_steps("j8-two-start-main-attacks", "de"), "Hauptphase von Spieler A beginnt")
    assert "wenn sie alle abgehandelt sind" in de.caption


def test_once_per_turn_activated_for_nothing_is_used() -> None:
    steps = _steps("j7-once-per-turn-spent")
    st = one_step(steps, "activates [Opponent's Turn] of BT10-052 Cherrymon")
    assert "It changed nothing, but Player B chose to activate it, so its [Once Per Turn] is now used for this " \
           "turn." in st.caption
    assert "CR 15-14-1-4" in st.rules
    de = one_step(_steps("j7-once-per-turn-spent", "de"), "aktiviert [Opponent's Turn] von BT10-052 Cherrymon")
    assert "also ist sein [Once Per Turn] für diesen Zug jetzt genutzt" in de.caption


def test_spent_once_per_turn_says_why_it_does_not_trigger() -> None:
    steps = _steps("j7-once-per-turn-spent")
    st = one_step(steps, "BT3-089 Boltmon attacks Player B")
    assert st.caption.endswith("No effect triggers on the declaration. [Opponent's Turn] of BT10-052 Cherrymon: "
                               "switch the attack target does not trigger: its [Once Per Turn] has already been "
                               "used this turn.")
    assert "CR 15-14-1-1" in st.rules
    first = one_step(steps, "BT1-080 Titamon attacks Player B")  # not yet used: it triggers, no such sentence
    assert "does not trigger" not in first.caption
    de = one_step(_steps("j7-once-per-turn-spent", "de"), "BT3-089 Boltmon von Spieler A greift")
    assert "löst nicht aus: Sein [Once Per Turn] wurde in diesem Zug schon genutzt." in de.caption


def test_retaliation_on_a_tie_says_it_does_not_trigger() -> None:
    st = one_step(_steps("j1-retaliation-tie"), "both lost the battle")
    assert "<Retaliation> of BT2-074 Devimon does not trigger: it triggers only when just its own Digimon is " \
           "deleted in battle" in st.caption
    assert "CR 16-13-2" in st.rules
    de = one_step(_steps("j1-retaliation-tie", "de"), "haben beide den Kampf verloren")
    assert "<Retaliation> von BT2-074 Devimon löst nicht aus" in de.caption


def test_decoy_is_not_offered_for_a_battle_deletion() -> None:
    st = one_step(_steps("j4-decoy-not-battle"), "lost the battle and is deleted at once")
    assert "<Decoy (Black)> of ST5-12 Machinedramon is not offered: BT2-060 Megadramon is deleted in battle" \
           in st.caption
    assert "CR 16-18" in st.rules
    de = one_step(_steps("j4-decoy-not-battle", "de"), "hat den Kampf verloren")
    assert "<Decoy (Black)> von ST5-12 Machinedramon wird nicht angeboten" in de.caption


def test_barrier_with_no_security_card_is_not_offered() -> None:
    st = one_step(_steps("j5-barrier-no-security"), "lost the battle and is deleted at once")
    assert "<Barrier> of BT2-075 Myotismon is not offered: Player B has no security card to trash" in st.caption
    assert "CR 16-25-1" in st.rules
    de = one_step(_steps("j5-barrier-no-security", "de"), "hat den Kampf verloren")
    assert "<Barrier> von BT2-075 Myotismon wird nicht angeboten" in de.caption


def test_no_keyword_reason_on_a_board_without_the_keyword() -> None:
    """The blocker deleted in j6 has none of the three keywords: its deletion caption is the plain one."""
    st = one_step(_steps("j6-collision-forced-block"), "lost the battle")
    assert st.caption == "BT1-064 Goblimon lost the battle and is deleted at once."


def test_collision_says_must_block() -> None:
    st = one_step(_steps("j6-collision-forced-block"), "Block timing: Player B")
    assert st.caption == ("Block timing: Player B must block with a Digimon that has <Blocker>: <Collision> makes "
                          "blocking compulsory.")
    assert "may block" not in st.caption and "CR 16-30" in st.rules
    de = one_step(_steps("j6-collision-forced-block", "de"), "Block-Zeitpunkt: Spieler B")
    assert "Spieler B muss mit einem Digimon mit <Blocker> blocken" in de.caption


def test_decoy_offer_cites_its_rule_and_the_saved_digimon_is_named() -> None:
    steps = _steps("j9-retaliation-decoy")
    offer = one_step(steps, "may use <Decoy (Black)> first")
    assert "CR 16-18" in offer.rules
    assert "Its first part is an optional condition" in offer.caption  # the general words stay
    saved = one_step(steps, "is prevented")
    assert saved.caption == "The deletion of BT2-060 Megadramon is prevented."
    de = one_step(_steps("j9-retaliation-decoy", "de"), "wird verhindert")
    assert de.caption == "Das Löschen von BT2-060 Megadramon wird verhindert."


LOSE_AT_MAIN = """id: start-main-lose-memory
title: A [Start of Your Main Phase] effect leaves the memory on the opponent's side
source: {rule: [CR 6-1-4-1, CR 15-16-13]}
cards:
  - number: JUDGE-002
    name: Drainmon
    level: 3
    colors: [Red]
    dp: 3000
    play_cost: 3
    effects:
      - timing: Start of Your Main Phase
        actions:
          - {do: lose_memory, amount: 5}
        summary: At the start of your main phase, lose 5 memory.
setup:
  turn_player: A
  memory: A3
  phase: breeding
  A:
    battle_area:
      - {cards: JUDGE-002, name: Drainmon}
    deck: 3
  B:
    security: 3
    deck: 3
action:
  - start_turn: true
expect:
  memory: B2
notes: |
  The effect resolves, and with nothing left to process the turn-end condition is met (CR 6-1-4-1): the end of the
  turn comes at once, as after any action.
"""


def test_start_of_main_phase_effect_that_leaves_memory_with_the_opponent_ends_the_turn(tmp_path: Path) -> None:
    """CR 6-1-4-1: once the start-of-main-phase effects have resolved, the turn-end condition is checked as after
    an action; with 2 memory on Player B's side the end of Player A's turn arrives and the turn passes."""
    path = tmp_path / "lose.yaml"
    path.write_text(LOSE_AT_MAIN, encoding="utf-8")
    steps = play(load_scenario(str(path))).steps
    assert not [st for st in steps if not st.caption]
    one_step(steps, "Player B has 2 memory: the end of Player A's turn arrives.")
    assert "Player A's turn ends and Player B's turn begins" in steps[-1].caption
