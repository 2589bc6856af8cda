"""Where the wiki "Triggered Effects" examples (seed 003) and CR 4.2 differ (docs/wiki-vs-cr.md, T1-T9):
each test plays the bundled scenario (or a small variant) and asserts the CR outcome on what was played.

- T1 (procedure step 2.3.2; bundled as triggered-effects-procedure): rule-check triggers join the current
  batch, CR 15-4-3-3 - no higher priority.
- T3 (example 8): an attack ended at its declaration has no block timing; Gomamon and Izzy do not trigger.
- T4/T5/T9 (examples 9, 10, 6): a failed condition spends no [Once Per Turn]; a mandatory effect that did
  nothing does (CR 15-6-3, 15-14-1-1, 15-14-1-4).
- T6 (examples 1, 4, 5, 6): empty wiki scenarios; the bundled boards are built and their notes say so.
- T7 (example 3): MaloMyotismon is B's, so B activates it after A's effects (CR 15-4-3-5).
- T8 (example 2): effects trigger when the Option is used and activate only after its processing
  (CR 15-4-2-2, 15-8-3-2).
"""

from __future__ import annotations

import pytest

import digiteach.engine as eng
from digiteach.scenario import Scenario, check, library_for, load_scenario, play
from digiteach.state import State
from digiteach.terms import AttackTiming


def history(sc: Scenario) -> list[State]:
    """The engine states of ``sc`` played with its scripted choices (initial state first)."""
    s0 = eng.initial_state(sc.setup, library_for(sc))
    return [s0] + eng.run(eng.begin(s0, sc.action), [c.answer for c in sc.choices])


def activated(s: State) -> list[str]:
    return [text for kind, text in s.log if kind == "activated"]


def once_per_turn_spent(s: State, number: str) -> bool:
    """True if an [X Per Turn] effect printed on card ``number`` has been used this turn."""
    return any(s.cards[key[1]].number == number and n > 0 for key, n in s.uses)


def memory_a(s: State) -> int:
    return s.memory if s.turn_player == 0 else -s.memory


@pytest.mark.parametrize("n", range(1, 11))
def test_bundled_example_gives_the_cr_outcome(n: int) -> None:
    """Every Triggered Effects example plays to the outcome its scenario expects (from the analyst's plan)."""
    sc = load_scenario(f"triggered-effects-{n}")
    assert sc.source and "Triggered Effects" in sc.source
    assert check(sc) == []


@pytest.mark.parametrize("n", [1, 4, 5, 6])
def test_t6_built_boards_say_so(n: int) -> None:
    """T6: the wiki's scenarios for examples 1, 4, 5, 6 are empty; the notes say the board is the smallest
    one the resolution implies."""
    notes = load_scenario(f"triggered-effects-{n}").notes
    assert "T6" in notes and "empty" in notes and "smallest" in notes


def test_t6_example5_needs_the_suspended_base() -> None:
    """T6 (example 5's built board): with the base Digimon unsuspended, Omnimon's unsuspend changes nothing
    (CR 1-3-3), Veemon does not trigger and A draws one card fewer - why the board has it suspended."""
    sc = load_scenario("triggered-effects-5")
    a = sc.setup.sides[0]
    base = a.battle_area[0]
    assert base.suspended
    from dataclasses import replace

    flat = replace(sc.setup, sides=(replace(a, battle_area=(replace(base, suspended=False),)), sc.setup.sides[1]))
    s0 = eng.initial_state(flat, library_for(sc))
    h = [s0] + eng.run(eng.begin(s0, sc.action), ["Activate [When Digivolving] of BT5-086", "Activate <Blitz>",
                                                  "Attack Player B"])
    assert "Activate [Your Turn] of BT2-021 Veemon" not in activated(h[-1])
    assert len(h[-1].players[0].hand) == 2


def test_t8_effects_trigger_at_the_use_and_activate_after_it() -> None:
    """T8 (example 2): Lilithmon's and LadyDevimon's effects have already triggered while Jack Raid's [Main]
    is processed (CR 15-4-2-2) but activate only after the Option is trashed (CR 15-8-3-2, 9-1-5)."""
    h = history(load_scenario("triggered-effects-2"))
    both = {"Activate [Your Turn] of BT3-091 Lilithmon: +2 memory",
            "Activate [Your Turn] of BT3-091 Lilithmon: delete 1 Digimon (inherited from LadyDevimon)"}
    used = h[1]  # the use itself: the [Main] effect has not been processed yet
    assert "uses BT4-111" in used.caption
    assert {p.label for p in used.collecting} == both and not used.pending
    during = next(s for s in h if "cannot gain memory" in s.caption)
    assert activated(during) == ["Activate [Main] of BT4-111 Jack Raid"]
    assert memory_a(during) == 2  # Jack Raid's 1 memory is prohibited by Terriermon (CR 15-1-3)
    assert [{p.label for p in g.waiting} for g in during.pending] == [both]
    assert "BT4-111" in [during.cards[u].number for u in during.players[0].trash]  # trashed first (CR 9-1-5)
    end = h[-1]
    assert activated(end)[1:] == ["Activate [Your Turn] of BT3-091 Lilithmon: delete 1 Digimon (inherited from LadyDevimon)",
                                  "Activate [Your Turn] of BT3-091 Lilithmon: +2 memory"]
    assert memory_a(end) == 4


def test_t7_malomyotismon_is_the_non_turn_players() -> None:
    """T7 (example 3): MaloMyotismon belongs to B, so both of its instances wait until A's Guilmon and
    Lilithmon have activated (CR 15-4-3-5); memory ends at A1, not the A7 it would be if it were A's."""
    trace = play(load_scenario("triggered-effects-3"))
    malo = [e for st in trace.steps for g in st.pending for e in g.effects if e.card.number == "BT3-092"]
    assert malo and {e.player for e in malo} == {"B"}
    order = list(trace.result.activation_order)
    assert [x.split(" of ")[1].split()[0] for x in order] == ["BT2-109", "BT5-071", "BT3-091", "BT3-092", "BT3-092"]
    assert trace.result.memory == 1


def test_t3_no_block_after_the_attack_ended() -> None:
    """T3 (example 8): Omnimon X ends the attack at its declaration (CR 15-15-1-1); no counter or block timing
    follows (Q1388), so Coredramon never blocks; Gomamon (B trashed its own cards, CR 15-10-1-1) and Izzy
    (no B Digimon suspended) do not trigger; memory stays A3 (the wiki says +5)."""
    sc = load_scenario("triggered-effects-8")
    trace = play(sc)
    assert [a.split(" of ")[1].split()[0] for a in trace.result.activation_order] == ["BT5-111"]
    timings = {st.timing for st in trace.steps}
    assert AttackTiming.BLOCK.value not in timings and AttackTiming.COUNTER.value not in timings
    assert not any(st.decision is not None and st.decision.kind == "block" for st in trace.steps)
    pending_cards = {e.card.number for st in trace.steps for g in st.pending for e in g.effects}
    assert "P-004" not in pending_cards and "ST4-14" not in pending_cards
    assert trace.result.memory == 3
    end = history(sc)[-1]
    coredramon = end.players[1].battle[1]
    assert end.cards[coredramon.top].number == "ST1-06" and not coredramon.suspended
    assert len(end.players[1].security) == 3


def test_t9_mandatory_effect_that_did_nothing_spends_once_per_turn() -> None:
    """T9/T5 (example 9): Majiramon comes last, its condition holds, it activates, changes nothing (CR 1-3-3)
    and its [Once Per Turn] is used (CR 15-14-1-4)."""
    h = history(load_scenario("triggered-effects-9"))
    end = h[-1]
    assert activated(end)[-1] == "Activate [When Attacking] of BT2-032 UlforceVeedramon: unsuspend (inherited from Majiramon)"
    assert end.turn_player == 0 and once_per_turn_spent(end, "BT6-027")
    assert memory_a(end) == 5


def test_t9_failed_condition_spends_no_once_per_turn() -> None:
    """T9/T4 (example 10): Majiramon picked first fails its condition: not activated (CR 15-6-3), its
    [Once Per Turn] unused (CR 15-14-1-1); the card trashed is SkullScorpiomon from Titamon (T4)."""
    sc = load_scenario("triggered-effects-10")
    trace = play(sc)
    statuses = {e.label: e.status for st in trace.steps for g in st.pending for e in g.effects}
    assert statuses["Activate [When Attacking] of BT2-032 UlforceVeedramon: unsuspend (inherited from Majiramon)"] == "failed"
    assert not any("Majiramon" in a for a in trace.result.activation_order)
    end = history(sc)[-1]
    assert end.turn_player == 0 and not once_per_turn_spent(end, "BT6-027")
    assert [end.cards[u].number for u in end.players[1].trash] == ["BT1-064", "BT4-056"]
    assert memory_a(end) == 5


def test_t9_mandatory_effect_without_target_spends_once_per_turn() -> None:
    """T9 (example 6): LadyDevimon's inherited effect has no condition; with no level 3 Digimon left it still
    activates, deletes nothing (CR 1-3-2) and uses its [Once Per Turn] (CR 15-14-1-4)."""
    end = history(load_scenario("triggered-effects-6"))[-1]
    assert "Activate [Your Turn] of BT3-091 Lilithmon: delete 1 Digimon (inherited from LadyDevimon)" in activated(end)
    assert end.turn_player == 0 and once_per_turn_spent(end, "BT3-088")
    assert [end.cards[st.top].number for st in end.players[1].battle] == ["BT3-092", "BT3-096"]


def test_t1_rule_check_triggers_are_simultaneous() -> None:
    """T1 (procedure step 2.3.2 vs CR 15-4-3-3): Tapirmon reaches 0 DP during Wyvern's Breath and is deleted by
    the rule check after it; its [On Deletion] joins the same batch as Lilithmon's use trigger, so the turn
    player's Lilithmon activates first. The wiki would give the rule-check trigger a higher priority and let
    B's draw come first. The step where it joins says so in ``differs``."""
    sc = load_scenario("triggered-effects-procedure")
    assert "T1" in sc.notes
    assert check(sc) == []
    trace = play(sc)
    order = list(trace.result.activation_order)
    assert order.index("Activate [Your Turn] of BT3-091 Lilithmon: +2 memory") < order.index(
        "Activate [On Deletion] of BT2-070 Tapirmon: <Draw 1>")
    first = next(st for st in trace.steps if st.pending)
    assert len(first.pending) == 1
    assert {e.card.number for e in first.pending[0].effects} == {"BT3-091", "BT2-070"}
    joined = [st for st in trace.steps if "CR 15-4-3-3" in st.rules]
    assert joined, "the step where the rule check's trigger joins the batch must cite CR 15-4-3-3"
    assert "higher priority" in joined[0].differs and "CR 15-4-3-3" in joined[0].differs
    assert joined[0].index <= first.index
