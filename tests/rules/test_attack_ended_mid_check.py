"""An attack ended by an effect in the middle of a security check or a battle (CR 15-15-1-1): the end of attack comes
right after that effect, so the check or battle it interrupted only finishes (no security battle, the checked card to
the trash, CR 13-1-8-4; the battle ends, CR 14-2-5) and nothing of it runs inside the end of attack; a <Piercing>
check set up before is not made. An attack ended at its declaration or block timing still shows its end of attack
(CR 11-6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from digiteach.learn_command import with_ruleset
from digiteach.scenario import load_scenario, parse_scenario, play
from digiteach.views import Step

OUTSIDE = Path(__file__).resolve().parents[1] / "scenarios" / "outside_trial"


def _steps(name: str, ruleset: str | None = None) -> tuple[Step, ...]:
    return play(with_ruleset(load_scenario(str(OUTSIDE / f"{name}.yaml")), ruleset), "en").steps


def _first(steps: tuple[Step, ...], words: str) -> Step:
    return next(st for st in steps if words in st.caption)


def _end_of_attack(steps: tuple[Step, ...]) -> Step:
    return next(st for st in steps if st.timing == "end of attack")


@pytest.mark.parametrize("ruleset", [None, "2024", "2023"])
def test_a_security_effect_ending_the_attack_trashes_the_card_before_the_end_of_attack(ruleset: str | None) -> None:
    """CR 15-15-1-1, 13-1-8-4: StopMon's [Security] effect ends the attack; no security battle (the outside trial
    saw Atk battle StopMon inside the end of attack and be deleted), the card is trashed in the security check, then
    the end of attack comes and [End of Attack] triggers there."""
    steps = _steps("cr15-15-1-1-security-effect-ends-attack", ruleset)
    assert not any("Security battle:" in st.caption for st in steps)
    trashed = _first(steps, "The checked card TB1-410 StopMon is trashed")
    assert trashed.timing == "security check" and "there is no security battle" in trashed.caption
    assert "CR 15-15-1-1" in trashed.rules
    # chapter 13's numbers are cited under CR 4.2 only (the older rulesets' chapter 13 differs: Ruleset.cite)
    assert ("CR 13-1-8-4" in trashed.rules) == (ruleset is None)
    end = _end_of_attack(steps)
    assert trashed.index < end.index and "[End of Attack] effects of the attacking Digimon trigger" in end.caption


def test_a_trigger_of_the_check_ending_the_attack_trashes_the_card_before_the_end_of_attack() -> None:
    """CR 15-15-1-1: the outside trial's t22b printed "The checked card ... is trashed" after [End of Attack] had
    resolved; the trash belongs to the check, before the end of attack."""
    steps = _steps("cr15-15-1-1-security-removed-trigger-ends-attack")
    ended = _first(steps, "The attack ends during the security check")
    trashed = _first(steps, "The checked card BT1-080 Titamon is trashed")
    activated = _first(steps, "activates [End of Attack]")
    assert ended.index < trashed.index < _end_of_attack(steps).index < activated.index
    assert not any("Security battle:" in st.caption for st in steps)


def test_an_attack_ended_in_its_battle_ends_the_battle_first_and_says_why_piercing_does_not_check() -> None:
    """CR 14-2-5 and 15-15-1-1: the battle ends in the battle, before the end of attack (the trial saw "The battle
    ends" inside the end of attack); the <Piercing> check set up earlier (CR 16-7-4) is not made, and the end of
    attack's step says why."""
    steps = _steps("cr15-15-1-1-battle-ends-attack-piercing")
    battle_ends = _first(steps, "The battle ends.")
    end = _end_of_attack(steps)
    assert battle_ends.timing == "battle" and battle_ends.index < end.index
    assert "<Piercing>: its security check does not happen" in end.caption
    assert "CR 15-15-1-1" in end.rules and "CR 16-7-4" in end.rules
    assert not any("is revealed" in st.caption for st in steps)


ENDS_AT = """
id: t-ends-at-{timing}
title: an effect ends the attack with no [End of Attack] effect anywhere
source: test
cards:
  - {{number: X-90, name: Atk, level: 5, colors: [Red], dp: 9000, play_cost: 5, summary: x{atk}}}
  - {{number: X-91, name: Bnc, level: 5, colors: [Blue], dp: 3000, play_cost: 5, keywords: [Blocker],
     effects: [{{when: {{event: blocked, whose: this}}, actions: [{{do: end_attack}}], summary: x}}], summary: x}}
setup:
  turn_player: A
  memory: A3
  A: {{battle_area: [X-90], security: 3, deck: 3}}
  B: {{battle_area: [X-91], security: 3, deck: 3}}
action:
  attack: {{with: X-90}}
choices: {choices}
"""


@pytest.mark.parametrize(("timing", "atk", "choices"), [
    ("declaration", ", effects: [{timing: When Attacking, actions: [{do: end_attack}], summary: x}]", "[]"),
    ("block", "", '["Block with X-91"]'),
])
def test_an_attack_ended_early_still_shows_its_end_of_attack(timing: str, atk: str, choices: str) -> None:
    """CR 11-6, 15-15-1-1: ended at the declaration or in the block timing with no [End of Attack] effect, the end
    of attack is still a step of its own, as in any attack (the trial saw the trace go straight to "Attack over")."""
    sc = parse_scenario(ENDS_AT.format(timing=timing, atk=atk, choices=choices))
    steps = play(sc, "en").steps
    ended = _first(steps, "The attack ends")
    end = _end_of_attack(steps)
    over = next(st for st in steps if st.timing == "attack over")
    assert ended.index < end.index < over.index
    assert end.caption == "End of attack." and end.rules == ("CR 11-6",)


def test_effects_pending_from_the_declaration_activate_after_the_end_of_attack_effects() -> None:
    """QA Q6490: ended at the declaration, the [End of Attack] effects are derived triggers and activate before an
    effect still pending from the declaration, which then activates in the end of attack."""
    sc = parse_scenario("""
id: t-q6490
title: end the attack with another [When Attacking] pending
source: test
cards:
  - number: X-92
    name: Atk
    level: 5
    colors: [Red]
    dp: 3000
    play_cost: 5
    summary: x
    effects:
      - {timing: When Attacking, actions: [{do: end_attack}], summary: stop}
      - {timing: When Attacking, actions: [{do: gain_memory, amount: 1}], summary: one}
      - {timing: End of Attack, actions: [{do: gain_memory, amount: 2}], summary: two}
setup:
  turn_player: A
  memory: A3
  A: {battle_area: [X-92], security: 3, deck: 3}
  B: {security: 3, deck: 3}
action:
  attack: {with: X-92}
choices: ["Activate [When Attacking] of X-92 Atk: end the attack"]
""")
    trace = play(sc, "en")
    order = [label.split(": ")[-1] for label in trace.result.activation_order]
    assert order == ["end the attack", "+2 memory", "+1 memory"]
    late = _first(trace.steps, "activates [When Attacking] of X-92 Atk: +1 memory")
    assert late.timing == "end of attack"
