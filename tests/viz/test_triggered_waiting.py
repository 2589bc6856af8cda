"""The newcomer's trial (session 12, shot 56): on triggered-effects-7's own line (Lilithmon chosen at step 3), step 4's
caption said the effects triggered by the deletion "wait; they activate once this processing is over" while the Pending
activation pane said "nothing pending - no effect is waiting to activate". The engine collects effects triggered during
a piece of processing and makes them one generation when it ends (CR 15-4-3-2, 15-4-5): the pane now shows them apart
from the generations, waiting for the processing to end, in its diagram and its text alternative, in both languages."""

from __future__ import annotations

from digiteach import i18n
from digiteach.diagrams.priority import describe_priority, priority_diagram
from digiteach.scenario import branch, load_scenario, play

WAITING = "Triggered, waiting for this processing to end"


def test_effects_triggered_during_processing_are_shown_waiting_not_nothing_pending() -> None:
    own = branch(play(load_scenario("triggered-effects-7")), 2, "Choose BT3-091 Lilithmon")
    step = own.steps[3]
    assert "wait; they activate once this processing is over" in step.caption
    assert not step.pending and step.triggered
    assert "[All Turns] of BT3-092 MaloMyotismon: +1 memory" in [e.label.removeprefix("Activate ") for e in step.triggered]
    source = priority_diagram(step).source
    assert WAITING in source and "MaloMyotismon: +1 memory" in source and "triggered, waits" in source
    assert "nothing pending" not in source and "no effect is waiting" not in source
    text = describe_priority(step)
    assert WAITING in text and "Player B: [All Turns] of BT3-092 MaloMyotismon: +1 memory" in text
    assert "nothing pending" not in text


def test_waiting_effects_sit_above_the_generations_and_vanish_once_they_are_one() -> None:
    """Documented line: at step 17 one effect waits while generation 1 resolves (drawn above it, the next
    generation); at step 18 it is generation 2 and nothing waits."""
    trace = play(load_scenario("triggered-effects-7"))
    waiting, after = trace.steps[16], trace.steps[17]
    assert [len(g.effects) for g in waiting.pending] == [8] and len(waiting.triggered) == 1
    source = priority_diagram(waiting).source
    assert "cluster_triggered" in source and "cluster_g1" in source
    assert "t_ntp_0 -> g1_tp_0" in source  # the order: the waiting effect above the newest generation
    assert not after.triggered and "cluster_triggered" not in priority_diagram(after).source
    assert len(after.pending) == 2


def test_the_waiting_effects_in_german() -> None:
    with i18n.language("de"):
        trace = play(load_scenario("triggered-effects-7"), "de")
        step = trace.steps[3]
        source = priority_diagram(step).source
        text = describe_priority(step)
    assert "Ausgelöst, warten auf das Ende dieser Verarbeitung" in source and "ausgelöst, wartet" in source
    assert "nichts ausstehend" not in source
    assert text.startswith("Ausstehende Aktivierung (Spieler am Zug: Spieler A): Ausgelöst, warten auf das Ende")
