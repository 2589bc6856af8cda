"""Older rulesets (issue 14): the switches of CR 2024 (CR 2.0 to 3.6) and CR 2023 (before August 2024), and the
version-sensitive rulings' documented results under each (ruling-R39, Q&A EX11-074 Q5957; ruling-R01/R09 for the attack trigger timing)."""

from __future__ import annotations

import io

import pytest

from digiteach.cli import main
from digiteach.learn_command import with_ruleset
from digiteach.rulesets import CR_2023, CR_2024, CR_4_2, ruleset
from digiteach.scenario import check, load_scenario, play


def _checked(sid: str, name: str) -> int:
    trace = play(with_ruleset(load_scenario(sid), name))
    return max(len(s.attack.checked) for s in trace.steps if s.attack is not None)


def test_named_rulesets() -> None:
    assert ruleset("2024") is ruleset("CR 2024") is CR_2024
    assert ruleset("2023") is CR_2023
    assert CR_4_2.security_checks_per_attack == 1 and CR_2024.security_checks_per_attack is None
    assert CR_2024.piercing_needs_surviving_attacker and not CR_4_2.piercing_needs_surviving_attacker
    assert CR_2024.cite(("CR 16-7-4",)) == ("CR 16-6-4",) and CR_4_2.cite(("CR 16-7-4",)) == ("CR 16-7-4",)
    assert CR_2024.opponent_attack_triggers_at_declaration and not CR_2023.opponent_attack_triggers_at_declaration


@pytest.mark.parametrize(("name", "cards", "security_b"), [("4.2", 1, 2), ("2024", 2, 1), ("2023", 2, 1)])
def test_r39_piercing_twice(name: str, cards: int, security_b: int) -> None:
    """R39: two <Piercing> activations in one attack. CR 4.2: one security check (CR 13-1-2, 16-7-5, since
    CR 3.7), 1 card; before CR 3.7 each activation checks on its own: 2 cards."""
    trace = play(with_ruleset(load_scenario("ruling-R39"), name))
    assert _checked("ruling-R39", name) == cards
    assert dict(trace.result.security)["B"] == security_b


def test_r39_expect_per_ruleset() -> None:
    """The scenario whose outcome differs by ruleset says so: ruling-R39 (CR 4.2) and ruling-R39-cr2024."""
    assert check(load_scenario("ruling-R39")) == []
    older = load_scenario("ruling-R39-cr2024")
    assert older.ruleset == "CR 2024" and check(older) == []
    assert check(with_ruleset(older, "4.2")) != []


def test_piercing_check_still_waits_for_the_battles_other_effects() -> None:
    """Before CR 3.7 too, effects that triggered with <Piercing> resolve before its check (QA Q2298, Q2926):
    attack-resolution-5 keeps its activation order under every ruleset."""
    orders = {name: play(with_ruleset(load_scenario("attack-resolution-5"), name)).result.activation_order
              for name in ("4.2", "2024", "2023")}
    assert orders["4.2"] == orders["2024"] == orders["2023"]


def test_r01_opponent_attack_trigger_in_its_own_timing_2023() -> None:
    """R01 under CR 2023: Cherrymon's "when an opponent's Digimon attacks" triggers after MetalGarurumon's
    [When Attacking] has resolved, in a generation of its own (before CR 2.0); the activation order and the
    outcome are the ruling's (QA Q1975, Q1976)."""
    new, old = (play(with_ruleset(load_scenario("ruling-R01"), n)) for n in ("4.2", "2023"))
    assert new.result == old.result
    first = next(s for s in new.steps if s.pending)
    assert {e.player for g in first.pending for e in g.effects} == {"A", "B"}
    causes = {g.cause for s in old.steps for g in s.pending if any(e.player == "B" for e in g.effects)}
    assert causes == {"the opponent's reaction to the attack"}


def test_r09_same_outcome_no_order_decision_2023() -> None:
    """R09 under CR 2023: Rosemon's attack trigger comes alone in its own timing, so B orders nothing; the
    outcome is the ruling's either way (ruling-R09-cr2023)."""
    assert check(load_scenario("ruling-R09-cr2023")) == []
    old = play(load_scenario("ruling-R09-cr2023"))
    assert [s.decision.kind for s in old.steps if s.decision is not None] == ["block"]
    assert old.result.deleted == play(load_scenario("ruling-R09")).result.deleted


def test_r42_piercing_never_wins_under_any_ruleset() -> None:
    """R42: <Piercing> against 0 security cards wins nothing, under CR 4.2 (CR 16-7-4) and CR 3.6 (16-6-6)."""
    for name in ("4.2", "2024", "2023"):
        assert play(with_ruleset(load_scenario("ruling-R42"), name)).result.winner is None


def test_trace_and_explore_take_a_ruleset() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["trace", "ruling-R39", "--ruleset", "2024"], out=out, err=err) == 0
    assert "(CR 2024)" in out.getvalue().splitlines()[0]
    out = io.StringIO()
    assert main(["check", "ruling-R39", "--ruleset", "2024"], out=out, err=err) == 1
    out = io.StringIO()
    assert main(["explore", "ruling-R39", "--ruleset", "2023"], out=out, err=err) == 0
    assert "(CR 2023)" in out.getvalue()


def test_a_keyword_newer_than_the_ruleset_is_cited_where_it_was_added() -> None:
    """<Ascension> came in CR 4.0 as 16-43; CR 3.6 numbers keywords one lower but ends at
    16-40 (<Training>), so under CR 2024 its rules keep their number and name CR 4.0, never CR 16-42 (which would be
    <Use Req.> in 4.2 numbering and nothing at all in 3.6)."""
    assert CR_2024.cite(("CR 16-43-1", "CR 16-41-1")) == ("CR 4.0 16-43-1", "CR 16-40-1")
    trace = play(with_ruleset(load_scenario("ruling-Q7100"), "2024"))
    cited = {r for st in trace.steps for r in st.rules}
    assert "CR 4.0 16-43-1" in cited and not any(r.startswith("CR 16-42") for r in cited)
