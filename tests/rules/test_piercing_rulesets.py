"""<Piercing> under each ruleset (CR 4.2 16-7; CR 3.6 16-6): when its check happens, how many checks several
activations give, whether it needs an attacker that survives its battle, and the rule numbers its captions cite."""

from __future__ import annotations

import pytest

from digiteach.learn_command import with_ruleset
from digiteach.scenario import load_scenario, parse_scenario, play
from digiteach.scenario.play import Trace

RULESETS = ("4.2", "2024", "2023")

TWICE = """
id: piercing-twice
title: Two <Piercing> and <Security A. +1>
source: test
setup:
  turn_player: A
  memory: 3
  A:
    battle_area:
      - {cards: X-1 / X-3, name: Att}
  B:
    battle_area:
      - {cards: X-2, name: Blk}
    security: 4
cards:
  - {number: X-1, name: Pierce, level: 5, colors: [Red], dp: 9000, play_cost: 3, keywords: [Piercing, "Security A. +1"]}
  - {number: X-3, name: PierceU, level: 4, colors: [Red], dp: 4000, play_cost: 3, inherited: [Piercing]}
  - {number: X-2, name: BigB, level: 4, colors: [Red], dp: 6000, play_cost: 3, keywords: [Blocker]}
action:
  attack: {with: Att, target: player}
choices:
  - B: Block
  - A: '#1'
"""

TIE = """
id: piercing-tie
title: A <Piercing> attacker ties its battle
source: test
setup:
  turn_player: A
  memory: 3
  A:
    battle_area:
      - {cards: X-1, name: Att}
  B:
    battle_area:
      - {cards: X-2, suspended: true, name: Def}
    security: 2
cards:
  - {number: X-1, name: Pierce, level: 5, colors: [Red], dp: 6000, play_cost: 3, keywords: [Piercing]}
  - {number: X-2, name: Same, level: 4, colors: [Red], dp: 6000, play_cost: 3}
action:
  attack: {with: Att, target: Def}
"""


def _play(text: str, name: str) -> Trace:
    return play(with_ruleset(parse_scenario(text), name))


def _piercing_pending(trace: Trace) -> list[str]:
    """The status of every pending <Piercing> the trace shows, at its last showing."""
    last: dict[int, str] = {}
    for st in trace.steps:
        for g in st.pending:
            for pe in g.effects:
                if pe.timing == "Piercing":
                    last[pe.uid] = pe.status
    return list(last.values())


@pytest.mark.parametrize("name", RULESETS)
def test_check_waits_for_the_battles_other_effects(name: str) -> None:
    """attack-resolution-5: <Piercing> activates first, yet its check comes after MegaKabuterimon's trash and
    Salamon's <Recovery> and meets ST3-10 Magnadramon, which the Recovery put on top. CR 4.2 16-7-4; under CR 2.0-3.6
    the same rule was 16-6-4, which no version since has updated (QA Q2926 of 2024-06-21, Q2298)."""
    trace = play(with_ruleset(load_scenario("attack-resolution-5"), name))
    activated = next(i for i, st in enumerate(trace.steps) if "<Piercing> is activated" in st.caption)
    revealed = [(i, st) for i, st in enumerate(trace.steps) if "is revealed" in st.caption]
    assert len(revealed) == 1
    i, st = revealed[0]
    assert i > activated and "ST3-10 Magnadramon" in st.caption and "BT6-101" not in st.caption
    assert "just before the end of the attack" in trace.steps[activated].caption


@pytest.mark.parametrize(("name", "cited", "not_cited"), [("4.2", "CR 16-7-4", "CR 16-6-4"),
                                                          ("2024", "CR 16-6-4", "CR 16-7-4"),
                                                          ("2023", "CR 16-6-4", "CR 16-7-4")])
def test_piercing_captions_cite_the_rulesets_numbers(name: str, cited: str, not_cited: str) -> None:
    """CR 4.0 added 16-3, so every keyword rule before it is one lower (<Piercing> 16-6, <Blocker> 16-4):
    ``keyword_section_offset``."""
    trace = play(with_ruleset(load_scenario("attack-resolution-5"), name))
    piercing = [st for st in trace.steps if "<Piercing> is activated" in st.caption or "<Piercing>: " in st.caption]
    assert len(piercing) == 2 and all(cited in st.rules and not_cited not in st.rules for st in piercing)
    blocker = next(st for st in trace.steps if st.caption.startswith("Block timing"))
    assert ("CR 16-5" in blocker.rules) == (name == "4.2") and ("CR 16-4" in blocker.rules) == (name != "4.2")


@pytest.mark.parametrize(("name", "checks"), [("4.2", 1), ("2024", 2), ("2023", 2)])
def test_two_activations_check_once_or_twice(name: str, checks: int) -> None:
    """Two <Piercing> on one attacker with <Security A. +1>: since CR 3.7 one check of 2 cards (CR 13-1-2, 16-7-5),
    and only then does the check say <Piercing> adds no second one; before, each activation is a check of its own
    (2 cards each)."""
    trace = _play(TWICE, name)
    starts = [st for st in trace.steps if "(card 1 of" in st.caption or st.caption.startswith("Security check 1 of")]
    assert len(starts) == checks
    said_one = ["adds no second check" in st.caption for st in starts]
    assert said_one == [name == "4.2"] * checks
    assert all(("CR 16-7-5" in st.rules) == (name == "4.2") for st in starts)
    assert all(("single security check" in st.differs) == (name == "4.2") for st in starts)  # the wiki's note
    assert dict(trace.result.security)["B"] == 4 - 2 * checks


@pytest.mark.parametrize(("name", "statuses"), [("4.2", ["lost"]), ("2024", []), ("2023", [])])
def test_surviving_attacker(name: str, statuses: list[str]) -> None:
    """A tie deletes the <Piercing> attacker with its opponent. CR 4.2 16-7-2 triggers <Piercing> all the same
    (no survival needed since 4.2), and the pending effect is lost because its card became a new card (CR
    15-4-4-3); before CR 4.2 <Piercing> needs an attacker that survives, so nothing triggers (CR 3.6 16-6, QA Q1262).
    No check either way."""
    trace = _play(TIE, name)
    assert _piercing_pending(trace) == statuses
    assert dict(trace.result.security)["B"] == 2
    assert not any("is revealed" in st.caption for st in trace.steps)


@pytest.mark.parametrize("name", RULESETS)
def test_a_survivor_triggers_piercing_under_every_ruleset(name: str) -> None:
    """The attacker wins its battle: <Piercing> triggers and checks under every ruleset (R17, QA Q1262)."""
    trace = _play(TIE.replace("dp: 6000, play_cost: 3, keywords", "dp: 7000, play_cost: 3, keywords"), name)
    assert _piercing_pending(trace) == ["resolved"]
    assert dict(trace.result.security)["B"] == 1
