"""A conditioned grant of a triggered keyword whose condition reads DP ("<Retaliation> while your opponent has no
Digimon with 6000 DP or more"), on a board with a gained keyword: the condition is read on the board without the
grant itself (CR 15-8-2; the kit's one reading of a self-referring condition, ``engine/self_reference.py``), so it has
one answer. Before, reading it came back to the same grant through DP with no end (a RecursionError on loading)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from digiteach.engine.query import has_keyword
from digiteach.scenario import load_scenario
from digiteach.scenario.play import drive

SCENARIO = textwrap.dedent("""\
    id: grant-condition-reads-dp
    title: "A conditioned grant of <Retaliation> whose condition reads DP"
    source:
      page: test
    ruleset: CR 4.2
    cards:
      - number: XT1-002
        name: Grantmon (test)
        level: 4
        colors: [Red]
        dp: 5000
        play_cost: 5
        digivolve: [{color: Red, level: 3, cost: 2}]
        effects:
          - condition: {kind: count_at_most, n: 0, target: {who: all, whose: opponent, area: battle, min_dp: 6000}}
            persistent: {kind: keyword, keyword: Retaliation}
            summary: <Retaliation> while your opponent has no Digimon with 6000 DP or more.
        summary: test card
    setup:
      turn_player: A
      memory: A3
      phase: main
      A:
        battle_area:
          - {cards: XT1-002, name: Grantmon}
        security: 3
        deck: 3
      B:
        battle_area:
          - {cards: OPPONENT, gained: [Blocker]}
        security: 3
        deck: 3
    action:
      attack: {with: Grantmon, target: player}
    """)


@pytest.mark.parametrize(("opponent", "granted"), [("ST1-06", False), ("BT1-064", True)])
def test_the_grant_has_one_answer(tmp_path: Path, opponent: str, granted: bool) -> None:
    """Coredramon (ST1-06, 6000 DP) keeps the condition from holding; Goblimon (BT1-064, 3000 DP) lets it hold."""
    path = tmp_path / "grant.yaml"
    path.write_text(SCENARIO.replace("OPPONENT", opponent), encoding="utf-8")
    history = drive(load_scenario(path)).history
    s = history[0]
    grantmon = s.players[0].battle[0]
    assert has_keyword(s, grantmon.iid, "Retaliation") is granted
