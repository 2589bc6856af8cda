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

from digiteach import rulesets
from digiteach.cards import load_library
from digiteach.scenario import bundled_ids, load_scenario, play
from digiteach.views import Step

IDS = bundled_ids()


@cache
def steps(sid: str) -> tuple[Step, ...]:
    return tuple(play(load_scenario(sid)).steps)


def every_step() -> list[tuple[str, Step]]:
    return [(sid, st) for sid in IDS for st in steps(sid)]


def _unnumbered(sid: str, st: Step) -> bool:
    """A security-check step under a ruleset whose chapter-13 numbers the rules summary does not give: it cites none
    rather than a CR 4.2 number that named another rule then (``Ruleset.security_check_numbers``)."""
    return st.timing == "security check" and not rulesets.ruleset(load_scenario(sid).ruleset).security_check_numbers


def test_every_step_of_every_bundled_scenario_cites_a_rule() -> None:
    bare = [(sid, st.index + 1) for sid, st in every_step()
            if not any(r.startswith("CR ") for r in st.rules) and not _unnumbered(sid, st)]
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


def _first_pending(sid: str, name: str) -> Step | None:
    """The first step of ``sid`` whose pending list shows an effect named ``name`` (e.g. "<Piercing>")."""
    for st in steps(sid):
        if any(name in e.label for g in st.pending for e in g.effects):
            return st
    return None


@pytest.mark.parametrize("name, rule", [("<Piercing>", "CR 16-7-2"), ("<Retaliation>", "CR 16-13-2")])
def test_a_keyword_trigger_cites_its_own_trigger_rule_where_it_first_waits(name: str, rule: str) -> None:
    seen = 0
    for sid in IDS:
        st = _first_pending(sid, name)
        if st is not None and "triggered" in st.caption:
            seen += 1
            cited = rulesets.ruleset(load_scenario(sid).ruleset).cite((rule,))[0]  # CR 3.6 numbers for the older ones
            assert cited in st.rules, (sid, st.index + 1)
    assert seen >= 2


@pytest.mark.parametrize("name, rules_, least", [("<Blitz>", {"CR 16-16-1", "CR 16-16-3"}, 3),
                                                 ("<Barrier>", {"CR 16-25-1", "CR 16-25-3"}, 1)])
def test_offering_a_keyword_effect_cites_the_keyword_rule(name: str, rules_: set[str], least: int) -> None:
    seen = 0
    for sid, st in every_step():
        d = st.decision
        if d is not None and d.kind in ("optional", "immediate") and any(name in o for o in d.options):
            seen += 1
            assert rules_ <= set(st.rules), (sid, st.index + 1)
    assert seen >= least


def test_an_optional_condition_is_told_as_one_and_losing_memory_is_not_paying() -> None:
    # BT1-081's "by decreasing your memory by 3" loses memory (CR 4-1-4) as an optional condition (CR 15-7-1)
    seen = 0
    for sid, st in every_step():
        where = (sid, st.index + 1)
        if st.decision is not None:
            assert not re.search(r"\bPay \d+ memory", st.decision.prompt), where
        if st.decision is not None and st.decision.kind == "optional" and "BT1-081" in " ".join(st.decision.options):
            seen += 1
            assert {"CR 15-7-1", "CR 15-7-4"} <= set(st.rules) and "optional condition" in st.caption, where
    assert seen >= 2


def test_a_security_check_ends_without_saying_cards_were_left_when_none_were() -> None:
    for sid in IDS:
        trace = steps(sid)
        for before, st in zip(trace, trace[1:]):
            if "checks no more cards" in st.caption:
                last = [s for s in trace[:st.index] if "Security check (card" in s.caption][-1]
                k, n = map(int, re.search(r"card (\d+) of (\d+)", last.caption).groups())  # type: ignore[union-attr]
                assert k < n or "the last one" not in last.caption, (sid, st.index + 1)
                assert k < n, (sid, st.index + 1)


def test_a_lost_inherited_keyword_is_named_where_its_card_leaves() -> None:
    trace = steps("attack-resolution-6")
    st = next(s for s in trace if "Durandamon is trashed from" in s.caption)
    assert "no longer has <Piercing>" in st.caption and "CR 4-3-3" in st.rules
    check = next(s for s in trace if s.timing == "<Piercing> check")
    assert {"Q&A Q2852", "Q&A Q3196"} <= set(check.rules)


def test_every_citation_is_a_cr_number_or_an_official_ruling() -> None:
    for sid, st in every_step():
        for r in st.rules:
            assert re.fullmatch(r"CR \d+(-\d+)+|Q&A Q\d+|.+ (ex\.|step) .+", r), (sid, st.index + 1, r)


def test_memory_crossing_to_the_opponent_during_an_attack_says_the_turn_goes_on() -> None:
    seen = 0
    for sid, st in every_step():
        if st.attack is not None and re.search(r"memory \((0|\d+ on Player A's side) → \d+ on Player B's side\)",
                                               st.caption) and st.board.turn_player == "A":
            seen += 1
            assert "the turn does not end yet" in st.caption and "Q&A Q990" in st.rules, (sid, st.index + 1)
    assert seen >= 3


def test_a_mandatory_once_per_turn_effect_that_did_nothing_says_its_use_is_counted() -> None:
    # LadyDevimon with no level 3 Digimon (TE-6), Lilithmon under Gazimon's lock (TE-7), Majiramon (TE-9)
    seen = 0
    for sid, st in every_step():
        if "is mandatory, so it had to activate" in st.caption:
            seen += 1
            assert {"CR 15-9-1-2", "CR 15-14-1-4"} <= set(st.rules), (sid, st.index + 1)
    assert seen >= 3
    majiramon = next(s for s in steps("triggered-effects-9") if "inherited from Majiramon). " in s.caption
                     and "activates [When Attacking]" in s.caption)
    assert "is mandatory" in majiramon.caption and "CR 15-8-3-9-2" in majiramon.rules


def test_a_processing_condition_is_said_in_words_where_it_decides() -> None:
    failed = next(s for s in steps("triggered-effects-10") if "is not activated" in s.caption)
    # what fails is named from the board (row 50): the opposing Digimon that has digivolution cards, and which
    assert ("(no opposing Digimon has digivolution cards; now BT1-080 Titamon has BT4-056 SkullScorpiomon)"
            in failed.caption)
    assert {"CR 15-6-3", "CR 15-8-3-9-2", "CR 15-14-1-1"} <= set(failed.rules)
    guilmon = next(s for s in steps("triggered-effects-3") if "activates [On Deletion] of BT5-071" in s.caption)
    assert "an effect deleted this Digimon" in guilmon.caption and "CR 15-8-3-9-4" in guilmon.rules
    assert "deleted at 0 DP would not meet it" in guilmon.caption and "Q&A Q1348" in guilmon.rules
    recovery = next(s for s in steps("triggered-effects-6") if "<Recovery>" in s.caption)
    assert "ST3-03 Tapirmon is yellow" in recovery.caption and "CR 15-6-2" in recovery.rules
    dynasmon = next(s for s in steps("ruling-R31") if "<Recovery>" in s.caption)
    assert "3 or fewer security cards; now 2" in dynasmon.caption and "CR 16-4-2" in dynasmon.rules


def test_a_removal_triggered_effect_reads_only_its_own_digimon_as_it_left() -> None:
    # CR 15-8-3-9-4: a condition about the removed Digimon itself is read as it was when it left (Guilmon's "deleted by
    # an effect"); every other reference is made as the effect activates (CR 15-8-3-9-3; Q&A Q1009: Salamon's "3 or
    # fewer security cards" is read at activation, so an earlier <Recovery> of the same moment counts)
    then = now = 0
    for sid, st in every_step():
        if "when it triggered" in st.caption:
            then += 1
            assert "CR 15-8-3-9-4" in st.rules, (sid, st.index + 1)
        if "checked now, as it activates" in st.caption or "not met now, when it would activate" in st.caption:
            now += 1
            assert "CR 15-8-3-9-2" in st.rules, (sid, st.index + 1)
    assert then >= 1 and now >= 4
    for sid in ("ruling-R51", "attack-resolution-5"):
        salamon = next(s for s in steps(sid) if "activates [On Deletion] of BT2-034" in s.caption)
        assert "3 or fewer security cards; now" in salamon.caption, sid
        assert "when it triggered" not in salamon.caption and "CR 15-8-3-9-3" in salamon.rules, sid


def test_the_counter_timing_after_effects_of_the_declaration_says_they_came_first() -> None:
    seen = 0
    for sid in IDS:
        trace = steps(sid)
        for st in trace:
            if st.timing != "counter timing" or "Counter timing:" not in st.caption:
                continue
            att = [s for s in trace[:st.index] if s.timing == "attack declaration"]
            activated = any(" activates " in s.caption for s in att)
            if activated and att:
                seen += 1
                assert "only now does the counter timing begin" in st.caption and "CR 11-1-4" in st.rules, \
                    (sid, st.index + 1)
    assert seen >= 10


def test_a_by_condition_is_named_where_its_part_is_chosen() -> None:
    # Heat Viper's "by deleting 1 of your Digimon" (TE-3), ST16-12's "by trashing up to 3" (AR-9), Omnimon X's
    # "by trashing 2 digivolution cards" (R19, Q1387), <Alliance> (AR-10, CR 16-24-3)
    wants = {"triggered-effects-3": {"CR 15-7-1", "CR 15-7-2"}, "attack-resolution-9": {"CR 15-7-1", "CR 15-7-4"},
             "ruling-R19": {"CR 15-7-3", "Q&A Q1387"}, "attack-resolution-10": {"CR 16-24-3", "CR 15-7-1"}}
    for sid, rules_ in wants.items():
        assert any("optional condition" in s.caption and rules_ <= set(s.rules) for s in steps(sid)), sid


def test_the_cards_under_a_deleted_digimon_go_with_it() -> None:
    seen = 0
    for sid, st in every_step():
        if "are trashed at the same time:" in st.caption:
            seen += 1
            assert "CR 4-7-8" in st.rules, (sid, st.index + 1)
    assert seen >= 5
    skull = next(s for s in steps("ruling-R19") if "SkullGreymon is deleted" in s.caption)
    assert "ST1-05 Birdramon" in skull.caption


def test_a_deleted_attacker_without_end_of_attack_effects_is_not_said_to_lose_them() -> None:
    # AR-5: ST4-13 HerculesKabuterimon is deleted in the security battle and has no [End of Attack] effect (Q1499)
    end = next(s for s in steps("attack-resolution-5") if s.timing == "end of attack")
    assert "It had no [End of Attack] effect" in end.caption and "Q&A Q1499" in end.rules


def test_an_optional_condition_is_said_once() -> None:
    # a keyword whose own caption names its optional condition (<Alliance>, <Barrier>) is not also given the general
    # "its first part is an optional condition" sentence; the keyword's caption cites CR 15-7-1 itself
    seen = 0
    for sid, st in every_step():
        if st.caption.count("optional condition") > 1:
            raise AssertionError((sid, st.index + 1, st.caption))
        if "<Alliance>: suspending 1 of your other Digimon is its optional condition" in st.caption:
            seen += 1
            assert {"CR 15-7-1", "CR 16-24-3"} <= set(st.rules), (sid, st.index + 1)
    assert seen >= 1
