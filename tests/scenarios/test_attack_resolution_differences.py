"""Where the wiki's Attack Resolution examples and CR 4.2 differ (docs/wiki-vs-cr.md), pinned on the played
traces of the bundled scenarios ``attack-resolution-N``.

Each test asserts the CR 4.2 outcome on the trace itself (statuses of pending effects, DP and memory at given
steps, the order of steps), not only the end result, and that the difference is explained to the learner:
the step where it matters carries a ``differs`` text, or the scenario's notes name the entry of docs/wiki-vs-cr.md.
"""

from __future__ import annotations

import re
from functools import lru_cache

from digiteach.scenario import Scenario, load_scenario, play
from digiteach.views import Step, StackView, Trace


@lru_cache(maxsize=None)
def _played(n: int) -> tuple[Scenario, Trace]:
    scenario = load_scenario(f"attack-resolution-{n}")
    return scenario, play(scenario)


def final_status(trace: Trace, card: str) -> dict[str, str]:
    """Last status seen for every pending effect of ``card`` (card number), keyed by its label."""
    out: dict[str, str] = {}
    for step in trace.steps:
        for g in step.pending:
            for e in g.effects:
                if e.card.number == card:
                    out[e.label] = e.status
    return out


def first(trace: Trace, predicate: str) -> int:
    """Index of the first step whose caption contains ``predicate``; fails the test if there is none."""
    for step in trace.steps:
        if predicate in step.caption:
            return step.index
    raise AssertionError(f"no step says {predicate!r}:\n" + "\n".join(s.caption for s in trace.steps))


def stack(step: Step, number: str) -> StackView | None:
    """The Digimon with ``number`` on top in either Battle Area at ``step``."""
    for side in step.board.sides:
        for st in side.battle_area:
            if st.top.number == number:
                return st
    return None


def explained(scenario: Scenario, steps: list[Step], code: str) -> bool:
    """True when one of ``steps`` carries a ``differs`` text or the notes name the entry ``code`` of docs/wiki-vs-cr.md."""
    return any(s.differs for s in steps) or re.search(rf"\b{code}\b", scenario.notes) is not None


def test_example_1_piercing_into_zero_security_checks_nothing_and_does_not_win() -> None:
    """A9 (CR 1-2-3-1, 11-5-1-2-1, 16-7-4): the wiki's reason (a CR 3.6 rule) is gone; under CR 4.2 the
    Piercing check finds no card and the blocked attack never confirms success against the player."""
    scenario, trace = _played(1)
    assert trace.result.winner is None
    assert dict(trace.result.security)["B"] == 0
    assert "Activate <Piercing> of BT1-081 HerculesKabuterimon" in trace.result.activation_order
    assert "ST4-08 Kabuterimon" in trace.result.deleted
    piercing = [s for s in trace.steps if s.timing == "<Piercing> check"]
    assert piercing, "the Piercing check set up by the activated <Piercing> must be reached (CR 16-7-4)"
    assert not any(s.timing == "security check" for s in trace.steps), "no card can be revealed"
    assert all(s.board.winner is None for s in trace.steps)
    assert explained(scenario, piercing, "A9")


def test_example_3_holy_flame_cuts_the_single_check_to_two_cards() -> None:
    """A3/A4 (CR 13-1-2, 16-4-2, 4-3-8): one security check covering 1 + 2 cards, re-counted after Holy Flame
    to 1 + 2 - 1 = 2: exactly Holy Flame and Patamon are checked, the third card stays."""
    scenario, trace = _played(3)
    last_attack = [s.attack for s in trace.steps if s.attack is not None][-1]
    assert [c.number for c in last_attack.checked] == ["ST3-15", "ST3-04"]
    assert dict(trace.result.security)["B"] == 1
    assert trace.result.memory == -2  # 3 - 5: the attack still runs to its end (Q990)
    first_card = first(trace, "Security check (card 1 of 3)")
    second_card = first(trace, "Security check (card 2 of 2)")
    assert first_card < second_card
    assert explained(scenario, [trace.steps[first_card]], "A3")
    assert re.search(r"\bA3\b", scenario.notes)


def test_example_5_equal_dp_with_a_security_digimon_deletes_the_attacker() -> None:
    """A2 (CR 14-2-1-3, 14-2-3): the wiki's process deletes the attacker only on lower DP; CR 4.2 also on a
    tie. The Piercing check comes only after all three battle triggers (CR 16-7-4)."""
    scenario, trace = _played(5)
    tie = first(trace, "ST3-10 Magnadramon (12000 DP)")
    assert "Equal DP" in trace.steps[tie].caption
    assert stack(trace.steps[tie], "ST4-13") is not None
    assert stack(trace.steps[-1], "ST4-13") is None
    assert "ST4-13 HerculesKabuterimon" in trace.result.deleted
    assert "ST3-10 Magnadramon" not in trace.result.deleted  # a Security Digimon is never deleted
    recovery = first(trace, "<Recovery>")
    assert recovery < first(trace, "Security check (card 1 of 1)")
    statuses = {**final_status(trace, "ST4-13"), **final_status(trace, "ST4-11"), **final_status(trace, "BT2-034")}
    assert sorted(statuses.values()) == ["resolved"] * 3
    assert explained(scenario, [trace.steps[tie]], "A2")


def test_example_7_rosemon_is_not_activated_and_both_11000_digimon_are_deleted() -> None:
    """A7 (CR 15-6-3, 15-8-3-9-2; Q937/Q938): Rosemon's "if this Digimon is suspended" fails on activation,
    so MetalGarurumon stays unsuspended, VenomMyotismon gains B one memory only, and the block by Rosemon
    trades 11000 for 11000."""
    scenario, trace = _played(7)
    rosemon = final_status(trace, "BT1-082")
    assert list(rosemon.values()) == ["failed"]
    assert not any("BT1-082" in label for label in trace.result.activation_order)
    block = next(s for s in trace.steps if s.decision is not None and s.decision.kind == "block")
    metal = stack(block, "ST2-11")
    assert metal is not None and not metal.suspended, "Rosemon must not have suspended MetalGarurumon"
    assert sum("BT2-079" in label for label in trace.result.activation_order) == 1
    assert set(trace.result.deleted) == {"ST2-11 MetalGarurumon", "BT1-082 Rosemon"}
    assert trace.result.memory == 2
    failed = [s for s in trace.steps if "BT1-082 Rosemon: suspend is not activated" in s.caption]
    assert failed
    assert explained(scenario, failed, "A7") and re.search(r"\bA7\b", scenario.notes)


def test_example_8_blitz_triggers_first_and_the_turn_ends_after_the_attack() -> None:
    """A10 (CR 15-4-5-2/3, 11-1-4, 6-1-4-1): the declaration's triggers (B's included) activate before A's
    older [When Digivolving] effects, all before the Counter timing; memory ends on B's side."""
    scenario, trace = _played(8)
    order = trace.result.activation_order
    idx = {key: next(i for i, label in enumerate(order) if key in label)
           for key in ("<Blitz>", "inherited from MetalGarurumon", "BT2-079", "BT5-091", "Omnimon: unsuspend")}
    assert idx["<Blitz>"] < idx["inherited from MetalGarurumon"] < idx["BT2-079"] < idx["BT5-091"] \
        < idx["Omnimon: unsuspend"]
    counter = next(s.index for s in trace.steps if s.timing == "counter timing")
    unsuspend = first(trace, "BT5-086 Omnimon is unsuspended")
    assert unsuspend < counter
    assert trace.result.memory == -1
    assert trace.steps[-1].board.turn_player == "B"
    assert explained(scenario, trace.steps[:counter], "A10")


def test_example_10_antylamon_drops_to_1000_then_0_dp() -> None:
    """A8 (card text, CR 1-3-8, 16-24, 17-1-3-1-1): -11000 from 12000 is 1000, not 11000; when <Alliance>'s
    bonus ends with the attack, 8000 - 11000 leaves 0 DP and the rule check deletes Antylamon."""
    scenario, trace = _played(10)
    battle = first(trace, "EX4-057 Antylamon (12000 DP)")
    cut = first(trace, "EX4-057 Antylamon gets -11000 DP")
    after_cut = stack(trace.steps[cut], "EX4-057")
    assert battle < cut and after_cut is not None and after_cut.dp == 1000
    end = next(s for s in trace.steps if s.timing == "end of attack")
    during = stack(end, "EX4-057")
    assert during is not None and during.dp == 1000, "the wiki's 11000 would leave it at 7000 after the attack"
    over = first(trace, "Effects that lasted for the attack end")
    assert "EX4-057 Antylamon is at 0 DP" in trace.steps[over].caption
    assert "EX4-057 Antylamon" in trace.result.deleted
    assert stack(trace.steps[-1], "EX4-057") is None
    assert explained(scenario, [trace.steps[cut]], "A8") and re.search(r"\bA8\b", scenario.notes)


def test_example_11_no_second_attack_and_the_gained_blitz_is_not_activated() -> None:
    """A11 (CR 11-2-4, 16-16, 15-6-3; Q4728): the completed board shows Gulfmon's hand trash (6 -> 5 each,
    A 7 -> 5 after the draw) and unsuspend; the gained <Blitz> is not activated and only one attack happens."""
    scenario, trace = _played(11)
    declarations = [s for s in trace.steps if re.search(r"Player [AB]'s .+ attacks ", s.caption)]
    assert len(declarations) == 1
    blitz = {label: st for label, st in final_status(trace, "EX2-043").items() if "<Blitz>" in label}
    assert list(blitz.values()) == ["failed"]
    assert not any(s.decision is not None and s.decision.kind == "optional" and "<Blitz>" in " ".join(s.decision.options)
                   for s in trace.steps), "an effect that cannot be activated is not offered for use (CR 15-6-3)"
    end = trace.steps[-1].board
    a, b = end.sides
    assert (a.hand_size, b.hand_size) == (5, 5)
    gulfmon = stack(trace.steps[-1], "EX2-043")
    assert gulfmon is not None and not gulfmon.suspended
    assert b.security_size == 0 and trace.result.winner is None
    failed = [s for s in trace.steps if "of EX2-043 Gulfmon: <Blitz> is not activated" in s.caption]
    assert failed and "CR 11-2-4" in failed[0].rules
    assert explained(scenario, failed, "A11")
