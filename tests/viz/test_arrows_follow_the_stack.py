"""The board diagram's attack arrow follows the Digimon itself (its place in the Battle Area, the engine's uid), not
its top card's number: with two Digimon on one side with the same top card (two BT2-034 Salamon, two copies of the
attacker's card), the arrow starts at the Digimon that attacks and ends at the one it attacks (CR 11-2-7: the target
chosen at declaration; CR 11-3-3: a Digimon that blocks becomes the target), as a judge showing the ruling needs it.
"""

from __future__ import annotations

from pathlib import Path

from digiteach import i18n
from digiteach.diagrams import attack_diagram, board_diagram, describe_attack
from digiteach.scenario import load_scenario
from digiteach.scenario.play import play
from digiteach.views import Step

from dotparse import parse, text

TWINS = """
id: t-twins
title: two Salamon on each side with the same top card; the second attacks the second
source: {{page: test, rule: [CR 11-2-7]}}
cards:
  - {{number: X-090, name: Twin, level: 3, colors: [Red], dp: 3000, play_cost: 3, summary: twin}}
  - {{number: X-091, name: Wall, level: 3, colors: [Red], dp: 1000, play_cost: 3, keywords: [Blocker], summary: wall}}
setup:
  turn_player: A
  memory: A3
  A:
    battle_area: [{{cards: X-090, name: Att1}}, {{cards: X-090, name: Att2}}]
    deck: 3
  B:
    battle_area: [{{cards: "BT2-034 [S]", name: Sal1}}, {{cards: "BT2-034 [S]", name: Sal2}}{blockers}]
    security: 2
    deck: 3
action:
  attack: {{with: Att2, target: {target}}}
{choices}"""


def _steps(tmp_path: Path, text: str) -> tuple[Step, ...]:
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    with i18n.language("en"):
        return play(load_scenario(str(path))).steps


def _attack_edges(step: Step) -> list[tuple[str, str]]:
    dot = parse(board_diagram(step).source)
    return [(a, b) for a, b, attrs in dot.edges if attrs.get("text") == "attacks"]


def test_the_arrow_goes_from_the_second_twin_to_the_second_salamon(tmp_path: Path) -> None:
    """Att2 (A's 2nd Digimon, same card as Att1) attacks Sal2 (B's 2nd BT2-034): every step that draws the arrow draws
    it from A_d1 to B_d1, never from or to the first of the twins."""
    steps = _steps(tmp_path, TWINS.format(blockers="", target="Sal2", choices=""))
    drawn = [st for st in steps if _attack_edges(st)]
    assert drawn
    for st in drawn:
        assert _attack_edges(st) == [("A_d1", "B_d1")], st.index


def test_the_arrow_follows_the_second_of_two_blockers_that_blocks(tmp_path: Path) -> None:
    """CR 11-3-3: B's 2nd X-091 (same card as the 1st) blocks; from then on the arrow goes from Att2 to it (B_d3), not
    to the first X-091 (B_d2) nor to Sal2 any more."""
    text = TWINS.format(blockers=", {cards: X-091, name: Wall1}, {cards: X-091, name: Wall2}", target="Sal2",
                        choices="choices: [{B: \"Block with X-091 Wall (Player B's 4th Digimon)\"}]\n")
    steps = _steps(tmp_path, text)
    blocked = [st for st in steps if st.attack is not None and st.attack.target == "X-091 Wall"]
    assert blocked, [st.decision for st in steps if st.decision]
    for st in blocked:
        if _attack_edges(st):
            assert _attack_edges(st) == [("A_d1", "B_d3")], st.index
    assert any(_attack_edges(st) for st in blocked)


def test_the_attack_diagram_names_the_twins_by_their_place(tmp_path: Path) -> None:
    """The attack diagram's title and its text alternative name the attacker and the target with the place the board
    writes under them, as decision labels do, when another Digimon there has the same top card; in German too."""
    text = TWINS.format(blockers="", target="Sal2", choices="")
    steps = _steps(tmp_path, text)
    assert "Attacker: X-090 Twin (Player A's 2nd Digimon)" in dot_text(attack_diagram(steps[0]).source)
    assert "Target: BT2-034 Salamon (Player B's 2nd Digimon)" in dot_text(attack_diagram(steps[0]).source)
    assert "attacks with X-090 Twin (Player A's 2nd Digimon); target: BT2-034 Salamon (Player B's 2nd Digimon)" in \
        describe_attack(steps[0])
    path = tmp_path / "board.yaml"
    with i18n.language("de"):
        de = play(load_scenario(str(path))).steps[0]
        words = dot_text(attack_diagram(de).source)
        board = dot_text(board_diagram(de).source)
    places = [p for p in ("Spieler B", "Spieler A") if p in words]
    assert "2." in words and places, words
    assert "BT2-034 Salamon (" in words and "2." in board


def dot_text(source: str) -> str:
    """The words of the DOT source's labels (the graph's title among them): tags and line breaks gone."""
    return " ".join(text(line.split("label=", 1)[1]) for line in source.splitlines() if "label=<" in line)
