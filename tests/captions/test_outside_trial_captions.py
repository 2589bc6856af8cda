"""Captions an outside trial (session 10) found wrong, each checked against the rule it should state: what an
"end the attack" effect skips from the timing it ends in (CR 15-15-1-1; Q&A Q1388 at the declaration, Q6491 at
the counter timing) and which timing the step is labelled with; a partial draw (CR 1-3-2); the attack target as the
only <Blocker> (CR 12-1-5); the rule numbers of a persistent "can't be deleted", a DP limit on a choice and a play
without paying the cost."""

from __future__ import annotations

from pathlib import Path

from digiteach.captions import rules
from digiteach.scenario import load_scenario
from digiteach.scenario.play import play
from digiteach.views import Step

_END_OF_ATTACK_GAIN = "effects: [{timing: End of Attack, actions: [{do: gain_memory, amount: 1}], summary: x}]"


def _steps(tmp_path: Path, text: str) -> tuple[Step, ...]:
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    return play(load_scenario(str(path))).steps


def _ending_step(steps: tuple[Step, ...]) -> Step:
    ends = [st for st in steps if "The attack ends" in st.caption]
    assert len(ends) == 1, [st.caption for st in steps]
    return ends[0]


COUNTER_ENDS = f"""
id: t-counter-ends
title: a counter effect ends the attack
source: test
cards:
  - {{number: X-80, name: Atk, level: 5, colors: [Red], dp: 5000, play_cost: 5, {_END_OF_ATTACK_GAIN}, summary: x}}
  - {{number: X-81, name: Stopper, level: 4, colors: [Blue], dp: 5000, play_cost: 5, keywords: [Blocker],
     effects: [{{timing: Counter, actions: [{{do: end_attack}}], summary: x}}], summary: x}}
setup:
  turn_player: A
  memory: A3
  A: {{battle_area: [X-80], security: 3, deck: 3}}
  B: {{battle_area: [X-81], security: 3, deck: 3}}
action:
  attack: {{with: X-80}}
choices:
  - B: "Activate [Counter]"
"""

SECURITY_ENDS = f"""
id: t-security-ends
title: a security effect ends the attack in the middle of the check
source: test
cards:
  - {{number: X-82, name: Atk, level: 5, colors: [Red], dp: 5000, play_cost: 5, keywords: [Security A. +1],
     {_END_OF_ATTACK_GAIN}, summary: x}}
  - {{number: X-83, name: Halt, kind: Option, colors: [Blue], use_cost: 2,
     security: [{{actions: [{{do: end_attack}}], summary: x}}], summary: x}}
setup:
  turn_player: A
  memory: A3
  A: {{battle_area: [X-82], security: 3, deck: 3}}
  B: {{battle_area: [], security: [X-83, FILL-0, FILL-0], deck: 3}}
action:
  attack: {{with: X-82}}
"""


def test_an_attack_ended_at_the_counter_timing_skips_only_the_block_timing_and_cites_q6491(tmp_path: Path) -> None:
    """CR 15-15-1-1 with Q&A Q6491: ended in the counter timing, no block timing follows; the step is in the
    counter timing, and Q1388 (about ending at the declaration) is not cited."""
    steps = _steps(tmp_path, COUNTER_ENDS)
    st = _ending_step(steps)
    assert st.timing == "counter timing"
    assert "counter timing" in st.caption and "no block timing" in st.caption
    assert "Q&A Q6491" in st.rules and "Q&A Q1388" not in st.rules and "CR 15-15-1-1" in st.rules
    assert steps[st.index + 1].timing == "end of attack"  # the [End of Attack] effect activates there


def test_an_attack_ended_during_the_security_check_does_not_say_the_earlier_timings_were_skipped(
        tmp_path: Path) -> None:
    """CR 15-15-1-1: ended during the security check, no further card is checked; the counter and block timings and
    confirming success had happened, so the caption must not say they were skipped, nor cite Q1388."""
    steps = _steps(tmp_path, SECURITY_ENDS)
    st = _ending_step(steps)
    assert st.timing == "security check"
    assert "are skipped" not in st.caption and "does not succeed" not in st.caption
    assert "no further security card is checked" in st.caption
    assert "CR 15-15-1-1" in st.rules and not any(r.startswith("Q&A Q1388") for r in st.rules)
    assert sum("is revealed" in s.caption for s in steps) == 1  # the second card of <Security A. +1> is not checked


PARTIAL_DRAW = """
id: t-partial-draw
title: draw 2 from a deck of 1
source: test
cards:
  - {number: X-84, name: Atk, level: 5, colors: [Red], dp: 9000, play_cost: 5, summary: x}
  - {number: X-85, name: Drawer, level: 4, colors: [Blue], dp: 4000, play_cost: 5,
     effects: [{timing: On Deletion, actions: [{do: draw, amount: 2}], summary: x}], summary: x}
setup:
  turn_player: A
  memory: A3
  A: {battle_area: [X-84], security: 3, deck: 3}
  B: {battle_area: ["X-85 [S]"], security: 3, deck: 1}
action:
  attack: {with: X-84, target: X-85}
"""


def test_a_partial_draw_says_how_many_were_drawn_and_that_the_deck_ran_out(tmp_path: Path) -> None:
    """CR 1-3-2: as much as possible is done, so "draw 2" from a deck of 1 draws 1; the caption must not say that
    no card was drawn."""
    steps = _steps(tmp_path, PARTIAL_DRAW)
    st = next(st for st in steps if "draws" in st.caption)
    assert "draws 1 of the 2" in st.caption and "no card left" in st.caption
    assert "has no card left to draw" not in st.caption
    assert "CR 1-3-2" in st.rules


TARGET_ONLY_BLOCKER = """
id: t-target-only-blocker
title: the attack target is the only Digimon with <Blocker>
source: test
cards:
  - {number: X-86, name: Atk, level: 5, colors: [Red], dp: 9000, play_cost: 5, summary: x}
  - {number: X-87, name: Wall, level: 5, colors: [Blue], dp: 6000, play_cost: 5, keywords: [Blocker],
     effects: [{timing: Counter, actions: [{do: unsuspend, target: this}], summary: x}], summary: x}
setup:
  turn_player: A
  memory: A3
  A: {battle_area: [X-86], security: 3, deck: 3}
  B: {battle_area: ["X-87 [S]"], security: 3, deck: 3}
action:
  attack: {with: X-86, target: X-87}
choices:
  - B: "Activate [Counter]"
"""


def test_the_block_timing_says_the_attack_target_cannot_block(tmp_path: Path) -> None:
    """CR 12-1-5: the attack target cannot block. When it is the one unsuspended <Blocker>, the block timing says
    so, not that there is no Digimon with <Blocker>."""
    steps = _steps(tmp_path, TARGET_ONLY_BLOCKER)
    st = next(st for st in steps if st.timing == "block timing")
    assert "attack target cannot block" in st.caption and "Wall" in st.caption
    assert st.rules == ("CR 12-1-5",)


PERSISTENT_CANT_BE_DELETED = """
id: t-cant-be-deleted
title: a persistent "can't be deleted in battle" against a Security Digimon
source: test
cards:
  - {number: X-88, name: Tough, level: 5, colors: [Red], dp: 3000, play_cost: 5,
     effects: [{persistent: {kind: cant_be_deleted, cause: battle}, summary: x}], summary: x}
  - {number: X-89, name: Sec9k, level: 5, colors: [Blue], dp: 9000, play_cost: 5, summary: x}
setup:
  turn_player: A
  memory: A3
  A: {battle_area: [X-88], security: 3, deck: 3}
  B: {battle_area: [], security: [X-89], deck: 3}
action:
  attack: {with: X-88}
"""


def test_a_persistent_cant_be_deleted_cites_persistent_effects_not_immediate_ones(tmp_path: Path) -> None:
    """A persistent "can't be deleted" is a persistent effect (CR 15-8-2), not an immediate "would" effect
    (CR 15-8-5)."""
    steps = _steps(tmp_path, PERSISTENT_CANT_BE_DELETED)
    st = next(st for st in steps if "can't be deleted" in st.caption)
    assert "CR 15-8-2" in st.rules and "CR 15-8-5" not in st.rules


def test_a_dp_limit_on_a_choice_cites_choosing_not_summing_dp_modifiers() -> None:
    """A filter that leaves a Digimon out by its DP is about what may be chosen (CR 15-10-2); CR 1-3-8 (several DP
    modifiers summed first) is not what the step shows. Playing without paying a cost cites the playing section
    (CR 7-1), not choosing (CR 15-10)."""
    for key in ("effect.excluded_max_dp", "effect.excluded_min_dp"):
        assert rules(key) == ("CR 15-10-2",)
    assert rules("play.by_effect") == ("CR 7-1",)


def test_a_lost_pending_effect_cites_only_the_rule_of_its_reason() -> None:
    """A pending effect lost because its trigger condition no longer fits (CR 15-4-4-5) cites that rule alone, not
    also CR 15-4-4-3 (its card becoming a new card), which the wrapper template once cited for every reason."""
    path = Path(__file__).parents[1] / "scenarios" / "outside_trial" / "cr15-4-4-5-trigger-no-longer-met.yaml"
    lost = [st for st in play(load_scenario(str(path))).steps if "cannot activate" in st.caption]
    assert len(lost) == 1, [st.caption for st in lost]
    assert tuple(lost[0].rules) == ("CR 15-4-4-5",), lost[0].rules
