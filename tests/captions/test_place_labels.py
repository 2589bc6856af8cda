"""Labels that would read the same name the Digimon they differ by (judge trial 15, j8 and j11; docs/scenario-format.md,
``choices``): its place, "Player B's 2nd Digimon" (CR 3-4-4), the words the board diagram writes on that stack. Copies
of one hand card are one option; older labels still answer; an ambiguous answer lists the labels it fits."""

from __future__ import annotations

from pathlib import Path

import pytest

from boards import attack, board, cards, side
from boards import play as play_states
from digiteach.diagrams.board import board_diagram, describe_board
from digiteach.i18n import language
from digiteach.scenario import ScenarioError, check, load_scenario, parse_scenario, play
from digiteach.scenario.play import drive

HERE = Path(__file__).parent
J8 = HERE / "boards" / "j8-two-start-main-attacks.yaml"
J11 = HERE.parent / "scenarios" / "rulings" / "q6745-one-counter-per-attack.yaml"
BLAST = "Use [Counter] <Blast Digivolve> of ST16-12 MetalGarurumon on BT2-075 Myotismon"
ATTACK = "Activate [Start of Your Main Phase] of JUDGE-001 TestAttacker: attack"


def _with_answer(path: Path, old: str, new: str) -> str:
    text = path.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def test_blast_digivolve_options_name_the_myotismon_and_offer_one_hand_copy() -> None:
    """Two ST16-12 in hand, two BT2-075 Myotismon: two options, one per Myotismon, not four ending in (2), (3), (4)."""
    trace = play(load_scenario(str(J11)))
    options = next(s.decision.options for s in trace.steps if s.decision is not None)
    assert options == (f"{BLAST} (Player B's 1st Digimon)", f"{BLAST} (Player B's 2nd Digimon)", "Don't use [Counter]")


def test_the_board_diagram_writes_the_same_place_words_on_each_myotismon() -> None:
    """The diagram does not always draw the stacks in order: it names each repeated one as the label does."""
    step = play(load_scenario(str(J11))).steps[1]
    source = board_diagram(step).source
    assert "Player B&#x27;s 1st Digimon" in source or "Player B's 1st Digimon" in source
    assert "2nd Digimon" in source and "Titamon</B><BR/>12000" in source  # a stack shared by none is unchanged
    assert "BT2-075 Myotismon (Player B's 2nd Digimon), 7000 DP" in describe_board(step)


def test_pending_effects_of_two_digimon_with_one_card_number_name_their_places() -> None:
    """j8: two [Start of Your Main Phase] effects of two JUDGE-001 read "... (2)" for the second only."""
    states = drive(load_scenario(str(J8))).history
    labels = next([p.label for g in s.pending for p in g.effects] for s in states if s.pending)
    assert labels == [f"{ATTACK} (Player A's 1st Digimon)", f"{ATTACK} (Player A's 2nd Digimon)"]


@pytest.mark.parametrize(("path", "old", "new", "chosen"), [
    (J11, '- B: "#1"', f'- B: "{BLAST}"', f"{BLAST} (Player B's 1st Digimon)"),
    (J11, '- B: "#1"', f'- B: "{BLAST} (2)"', f"{BLAST} (Player B's 2nd Digimon)"),
    (J8, '- A: "#1"', f'- A: "{ATTACK}"', f"{ATTACK} (Player A's 1st Digimon)"),
    (J8, '- A: "#1"', f'- A: "{ATTACK} (2)"', f"{ATTACK} (Player A's 2nd Digimon)"),
], ids=["blast-plain", "blast-2", "pending-plain", "pending-2"])
def test_the_older_labels_still_answer(path: Path, old: str, new: str, chosen: str) -> None:
    """A file written for the labels before they named places still plays, each older label the same option."""
    trace = play(parse_scenario(_with_answer(path, old, new), str(path)))
    assert next(s.choice for s in trace.steps if s.choice is not None) == chosen


def test_an_ambiguous_answer_lists_the_labels_it_fits_not_the_opposite_answer() -> None:
    """'Use [Counter]' fits both <Blast Digivolve> options; the hint once suggested "Don't use [Counter]"."""
    with pytest.raises(ScenarioError) as caught:
        check(parse_scenario(_with_answer(J11, '- B: "#1"', "- B: Use [Counter]"), str(J11)))
    message = str(caught.value)
    assert "is ambiguous" in message
    hint = message.split("(it fits ", 1)[1].split(": write more", 1)[0]
    assert f"{BLAST} (Player B's 1st Digimon)" in hint and f"{BLAST} (Player B's 2nd Digimon)" in hint
    assert "Don't use" not in hint and "did you mean" not in message


def test_the_place_words_are_german_in_german() -> None:
    with language("de"):
        trace = play(load_scenario(str(J11)))
        options = next(s.decision.options for s in trace.steps if s.decision is not None)
    assert "(2. Digimon von Spieler B)" in options[1]


def test_labels_of_digimon_with_different_card_numbers_name_no_place() -> None:
    """Stable labels: a Battle Area without repeated top cards gets no place words (CR 3-4-4 only where needed)."""
    text = J11.read_text(encoding="utf-8").replace("- {cards: BT2-075, name: MyoB}", "- {cards: BT1-064, name: Gob}")
    trace = play(parse_scenario(text, str(J11)))
    options = next(s.decision.options for s in trace.steps if s.decision is not None)
    assert options[0] == BLAST


def test_two_blockers_with_one_card_number_are_named_by_place() -> None:
    """CR 12-1: two ST4-08 Kabuterimon may block; "Block with ST4-08 Kabuterimon (2)" told a learner nothing."""
    h = play_states(board(side("BT1-080"), side("ST4-08", "ST4-08", security=("BT1-064",))), attack(), [])
    decision = h[-1].decision
    assert decision is not None
    assert decision.labels == ("Block with ST4-08 Kabuterimon (Player B's 1st Digimon)",
                               "Block with ST4-08 Kabuterimon (Player B's 2nd Digimon)", "Don't block")


def test_two_decoys_with_one_card_number_are_named_by_place() -> None:
    """CR 16-18, 15-8-5-3: two <Decoy> Digimon with one card number may each save the third; each option names its
    holder, and the older "(2)" still answers the second."""
    deleter = {"number": "T-100", "name": "Test T-100", "level": 5, "colors": ["Black"], "dp": 6000, "play_cost": 5,
               "effects": [{"timing": "When Attacking", "actions": [
                   {"do": "delete", "target": {"who": "choose", "whose": "opponent"}}], "summary": "Delete 1."}],
               "summary": "Test card."}
    decoy = {"number": "T-130", "name": "Test T-130", "level": 5, "colors": ["Black"], "dp": 2000, "play_cost": 5,
             "keywords": ["Decoy (Black)"], "summary": "Test card."}
    other = {**decoy, "number": "T-131", "name": "Test T-131", "dp": 4000, "keywords": []}
    lib = cards(deleter, decoy, other)
    setup = board(side("T-100"), side("T-130", "T-130", "T-131", security=("BT1-064",)))
    h = play_states(setup, attack(), ["Choose T-131"], cards=lib)
    decision = h[-1].decision
    assert decision is not None
    assert decision.labels[:2] == ("Use <Decoy (Black)> of T-130 Test T-130 (Player B's 1st Digimon)",
                                   "Use <Decoy (Black)> of T-130 Test T-130 (Player B's 2nd Digimon)")
    h = play_states(setup, attack(), ["Choose T-131", "Use <Decoy (Black)> of T-130 Test T-130 (2)"], cards=lib)
    assert [st.iid for st in h[-1].players[1].battle][:1] == [st.iid for st in h[0].players[1].battle][:1]
