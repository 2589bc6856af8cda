"""The six caption families of the judge review, checked over every step of every bundled trace (CR Ver.4.2).

Each test reads the trace a learner sees and checks what the step says against the rule that governs it: a battle
deletion (CR 14-2-1-2 / 14-2-1-3 with 14-2-2), the choice of the next pending effect (CR 15-4-3-4 with
15-4-3-5-1 / -5-2; 15-4-5-2 only while an older generation waits), a rule check after an effect (CR 17-1-2-2),
a card trashed from the Security Stack (CR 15-16-10-1), and a security battle (CR 14-2-1-3, 14-2-3).
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from digiteach.cards import load_library
from digiteach.scenario import bundled_ids, load_scenario, play
from digiteach.views import Step

IDS = bundled_ids()


@cache
def steps(sid: str) -> tuple[Step, ...]:
    return tuple(play(load_scenario(sid)).steps)


def every_step() -> list[tuple[str, Step]]:
    return [(sid, st) for sid in IDS for st in steps(sid)]


def test_every_step_of_every_bundled_scenario_cites_a_rule() -> None:
    bare = [(sid, st.index + 1) for sid, st in every_step() if not any(r.startswith("CR ") for r in st.rules)]
    assert not bare


def test_a_battle_deletion_cites_who_loses_and_that_the_loser_is_deleted() -> None:
    seen = 0
    for sid, st in every_step():
        if "lost the battle" in st.caption:
            seen += 1
            assert "CR 14-2-2" in st.rules, (sid, st.index + 1)
            assert {"CR 14-2-1-2", "CR 14-2-1-3"} & set(st.rules), (sid, st.index + 1)
        assert "deleted in battle" not in st.caption, (sid, st.index + 1)
    assert seen >= 10


def _older_generation_waits(st: Step) -> bool:
    waiting = [g.number for g in st.pending if any(e.status == "pending" for e in g.effects)]
    return len(waiting) > 1


def test_an_order_choice_cites_simultaneous_triggering_and_derived_triggering_only_over_an_older_generation() -> None:
    seen = derived = 0
    for sid, st in every_step():
        if st.decision is None or st.decision.kind != "order":
            continue
        seen += 1
        where = (sid, st.index + 1)
        assert "CR 15-4-3-4" in st.rules, where
        assert {"CR 15-4-3-5-1", "CR 15-4-3-5-2"} & set(st.rules), where
        older = _older_generation_waits(st)
        derived += older
        assert ("CR 15-4-5-2" in st.rules) == older, where
    assert seen >= 20 and derived >= 1


def test_a_rule_check_after_an_effect_cites_no_rule_check_during_effect_processing() -> None:
    seen = 0
    for sid, st in every_step():
        assert "CR 17-1-2-1" not in st.rules, (sid, st.index + 1)
        if "No rule check runs while" in st.caption:
            seen += 1
            assert "CR 17-1-2-2" in st.rules, (sid, st.index + 1)
    assert seen >= 3


SECURITY_TRASH = re.compile(r"top security card (\S+) .*? is trashed from the Security Stack")


def test_a_security_card_trashed_by_an_effect_is_not_checked_and_its_security_effect_is_not_denied() -> None:
    library = load_library()
    seen = 0
    for sid, st in every_step():
        where = (sid, st.index + 1)
        assert "(no [Security] effect)" not in st.caption, where
        for number in SECURITY_TRASH.findall(st.caption):
            seen += 1
            assert "CR 4-16-1" in st.rules, where
            card = library.get(number)
            if card is not None and card.security:
                assert "its [Security] effect does not activate" in st.caption, where
                assert "CR 15-16-10-1" in st.rules, where
    assert seen >= 3


SECURITY_BATTLE = re.compile(r"Security battle: .*? \((\d+) DP\) against the Security Digimon .*? \((\d+) DP\)\.")


def test_a_security_battle_tells_a_tie_from_a_loss() -> None:
    ties = losses = 0
    for sid, st in every_step():
        found = SECURITY_BATTLE.search(st.caption)
        if found is None:
            continue
        where = (sid, st.index + 1)
        attacker, security = int(found[1]), int(found[2])
        if attacker == security:
            ties += 1
            assert "both lose" in st.caption and "never deleted" in st.caption, where
            assert {"CR 14-2-1-3", "CR 14-2-3"} <= set(st.rules), where
        elif attacker < security:
            losses += 1
            assert "Equal DP" not in st.caption and "CR 14-2-1-3" not in st.rules, where
            assert "CR 14-2-1-2" in st.rules, where
        else:
            assert "never deleted" in st.caption and "CR 14-2-3" in st.rules, where
    assert ties >= 1 and losses >= 1


@pytest.mark.parametrize("sid", IDS)
def test_every_security_battle_has_an_end_of_battle_step(sid: str) -> None:
    trace = steps(sid)
    for i, st in enumerate(trace):
        if "Security battle:" in st.caption and "is trashed" not in st.caption:
            later = [s.caption for s in trace[i:i + 12]]
            assert any("The battle ends." in c for c in later), (sid, st.index + 1)
