"""The board view follows a switched attack target: a persistent effect whose condition reads the attack target
(CR 15-8-2-2: in force as soon as its condition is met) shows its DP on the board at the step it comes into force,
as the engine's own DP and the battle's caption say. The board view of one step is reused for the next only when
everything it reads is the same, the attack's target included."""

from __future__ import annotations

import pickle
import textwrap
from pathlib import Path

from digiteach.engine import core as c
from digiteach.engine.trace import to_step
from digiteach.scenario import load_scenario
from digiteach.scenario.play import drive

SCENARIO = textwrap.dedent("""\
    id: switched-target-dp
    title: "A switched attack target with +4000 DP while it is the attack target"
    source:
      page: test
    ruleset: CR 4.2
    cards:
      - number: XT1-001
        name: Cherrymon (test)
        level: 5
        colors: [Green]
        dp: 7000
        play_cost: 7
        digivolve: [{color: Green, level: 4, cost: 3}]
        effects:
          - when: {event: attacks, whose: opponent}
            scope: Opponent's Turn
            once_per_turn: true
            optional: true
            actions:
              - do: switch_target
                target: {who: choose, whose: you, suspended: true}
            summary: When an opposing Digimon attacks, you may move the attack onto one of your suspended Digimon.
          - condition: {kind: exists, target: {who: attack_target, name_contains: Cherrymon}}
            persistent: {kind: dp, amount: 4000}
            summary: +4000 DP while it is the attack target.
        summary: test card
    setup:
      turn_player: A
      memory: A3
      phase: main
      A:
        battle_area:
          - {cards: ST2-11, name: MetalGarurumon}
        security: 3
        deck: 3
      B:
        battle_area:
          - {cards: XT1-001, suspended: true, name: Cherrymon}
        security: 3
        deck: 3
    action:
      attack: {with: MetalGarurumon, target: player}
    choices:
      - B: "#1"
    """)


def _history(tmp_path: Path) -> list:  # type: ignore[type-arg]
    path = tmp_path / "switched.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    return drive(load_scenario(path)).history


def test_the_board_shows_the_dp_of_a_switched_target_at_every_step(tmp_path: Path) -> None:
    history = _history(tmp_path)
    switched = [i for i, s in enumerate(history) if s.attack is not None and s.attack.target != -1
                and s.players[1].battle]
    assert switched, "the attack never moved onto Cherrymon: the scenario no longer tests what it should"
    shown = {i: [st.dp for st in to_step(history, i).board.sides[1].battle_area] for i in range(len(history))}
    for i in switched:  # every step viewed in order, as the player shows them
        s = history[i]
        assert shown[i] == [c.dp(s, st.iid) for st in s.players[1].battle] == [11000], (i, s.caption)


def test_a_step_viewed_alone_shows_the_same_board(tmp_path: Path) -> None:
    history = _history(tmp_path)
    i = next(i for i, s in enumerate(history) if s.caption.startswith("Battle:"))
    alone = pickle.loads(pickle.dumps(history[i - 1:i + 1]))
    assert to_step(alone, 1).board == to_step(history, i).board
    assert "Cherrymon (test) (11000 DP)" in history[i].caption
