"""The attack-timings diagram and its text alternative name the attacker and the target by their top card now while
they are in the Battle Area: a Digimon that digivolves (CR 3-4-5), Blast Digivolves (CR 16-26) or trashes its top card
by <Armor Purge> (CR 16-19) is the same Digimon (CR 3-1-3-1-3), as the caption and the board diagram show it. One that
has left the Battle Area keeps the name it had, marked as gone (session 12 outside trial)."""

from __future__ import annotations

from pathlib import Path

import pytest

from digiteach import i18n
from digiteach.diagrams import attack_diagram, board_diagram, describe_attack
from digiteach.scenario import load_scenario
from digiteach.scenario.play import play
from digiteach.views import Step

from boards import ARMOR_PURGE_ATTACKER


def _steps(tmp_path: Path, text: str, lang: str = "en") -> tuple[Step, ...]:
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    with i18n.language(lang):
        return play(load_scenario(str(path))).steps


DIGIVOLVES_WHEN_ATTACKING = """
id: t-digivolves-when-attacking
title: the attacker digivolves in its [When Attacking]
source: {page: test, rule: [CR 3-4-5]}
cards:
  - {number: X-050, name: Base, level: 4, colors: [Red], dp: 4000, play_cost: 3, summary: base,
     effects: [{timing: When Attacking, actions: [{do: digivolve, source: hand, level: 5}], summary: wa digi}]}
  - {number: X-051, name: Evo, level: 5, colors: [Red], dp: 7000, play_cost: 3,
     digivolve: [{color: Red, level: 4, cost: 2}], summary: evo}
setup:
  turn_player: A
  memory: A3
  A:
    battle_area: [{cards: X-050, name: Att}]
    hand: [X-051]
    deck: 3
  B:
    battle_area: ["BT1-064 [S]"]
    security: 2
action:
  attack: {with: Att, target: BT1-064}
"""

BLAST_TARGET = """
id: t-blast-target
title: the target Blast Digivolves in the counter timing, then wins the battle
source: {page: test, rule: [CR 16-26]}
cards:
  - {number: X-002, name: Att, level: 6, colors: [Red], dp: 8000, play_cost: 3, summary: att}
  - {number: X-020, name: BlastMon, level: 6, colors: [Purple], dp: 9000, play_cost: 10, keywords: [Blast Digivolve],
     digivolve: [{color: Purple, level: 5, cost: 3}], summary: blast}
  - {number: X-021, name: Base, level: 5, colors: [Purple], dp: 6000, play_cost: 5, summary: base}
setup:
  turn_player: A
  memory: A3
  A:
    battle_area: [{cards: X-002, name: Att}]
  B:
    battle_area: [{cards: "X-021 [S]", name: Base}]
    hand: [X-020]
    security: 2
    deck: 3
action:
  attack: {with: Att, target: Base}
choices: [{B: "Use"}]
"""

def _title(step: Step) -> str:
    """The attack diagram's DOT source (its title holds the "Attacker: ..." and "Target: ..." lines)."""
    return attack_diagram(step).source


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_attacker_that_digivolved_is_named_by_its_new_top_card(tmp_path: Path, lang: str) -> None:
    """CR 3-4-5: from the step X-050 digivolves into X-051 on, the diagram and its text name X-051 as the attacker,
    and the board diagram still draws the attack's edge from it."""
    steps = _steps(tmp_path, DIGIVOLVES_WHEN_ATTACKING, lang)
    assert steps[0].attack is not None and steps[0].attack.attacker == "X-050 Base"
    after = [st for st in steps if st.attack is not None and "X-051" in st.board.sides[0].battle_area[0].top.label]
    assert after
    for st in after:
        assert st.attack is not None and st.attack.attacker == "X-051 Evo" and st.attack.attacker_in_play
        with i18n.language(lang):
            assert "X-051 Evo" in _title(st) and "X-050 Base" not in _title(st)
            assert "X-051 Evo" in describe_attack(st)
    drawn = [st for st in after if st.attack is not None and st.attack.target_in_play]
    assert drawn
    for st in drawn:  # the board's attack edge finds the attacker's node by the name of its top card
        assert ">attacks<" in board_diagram(st).source


def test_a_target_that_blast_digivolved_is_named_by_its_new_top_card(tmp_path: Path) -> None:
    """CR 16-26: X-021 Blast Digivolves into X-020 in the counter timing and stays the target; the diagram names X-020
    from then on. The attacker, deleted in the battle, keeps its name and is marked as gone."""
    steps = _steps(tmp_path, BLAST_TARGET)
    blasted = [st for st in steps if st.attack is not None and st.attack.target_in_play
               and st.board.sides[1].battle_area[0].top.label == "X-020 BlastMon"]
    assert blasted
    for st in blasted:
        assert st.attack is not None and st.attack.target == "X-020 BlastMon"
        assert "Target: X-020 BlastMon" in _title(st)
    gone = [st for st in steps if st.attack is not None and not st.attack.attacker_in_play]
    assert gone
    for st in gone:
        assert st.attack is not None and st.attack.attacker == "X-002 Att"
        assert "(left the Battle Area)" in _title(st)


def test_an_attacker_that_armor_purged_is_named_by_the_card_left_on_top(tmp_path: Path) -> None:
    """CR 16-19 (Q&A Q4705): Flamedramon is trashed by <Armor Purge>; Veemon under it is the same Digimon, still in
    the Battle Area and attacking, so the diagram names Veemon, not the trashed card, and marks nothing as gone."""
    steps = _steps(tmp_path, ARMOR_PURGE_ATTACKER)
    purged = [st for st in steps if st.attack is not None and st.board.sides[0].battle_area
              and st.board.sides[0].battle_area[0].top.label == "BT2-021 Veemon"]
    assert purged
    for st in purged:
        assert st.attack is not None and st.attack.attacker == "BT2-021 Veemon" and st.attack.attacker_in_play
        assert "Attacker: BT2-021 Veemon" in _title(st) and "Flamedramon" not in _title(st)
