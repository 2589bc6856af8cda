"""The turn (CR ch.6): end of turn with [End of Your Turn] effects, the turn passing, and the next turn's unsuspend,
draw and breeding phases up to its main phase. One test per rule; inline test cards are invented for the rule."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from boards import activated, board, cards, memory_a, names, play, play_from, rules_cited, side, stack, with_modifier
from digiteach.cards import Card
from digiteach.engine import begin, initial_state, legal_attacks, run, step, to_step
from digiteach.setup import Action, Setup, SideSetup, StackSetup
from digiteach.state import State
from digiteach.terms import Phase

PASS = Action("pass")


def _digimon(number: str, effects: list[dict[str, Any]], dp: int = 3000, level: int = 4) -> dict[str, Any]:
    return {"number": number, "name": f"Test {number}", "level": level, "colors": ["Red"], "dp": dp,
            "play_cost": 5, "effects": effects, "summary": "Test card."}


def _effect(timing: str, *actions: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"timing": timing, "actions": list(actions), "summary": "Test effect.", **extra}


def _gain(n: int) -> dict[str, Any]:
    return {"do": "gain_memory", "amount": n}


def _lib(*extra: dict[str, Any]) -> dict[str, Card]:
    return cards(*extra)


def test_end_of_your_turn_effects_stay_triggered_when_memory_comes_back() -> None:
    """CR 15-8-3-6: both [End of Your Turn] effects trigger as the end-of-turn timing arrives; the first brings
    memory back to A's side, the second still activates (it stays triggered)."""
    lib = _lib(_digimon("T-E1", [_effect("End of Your Turn", _gain(4))]),
               _digimon("T-E2", [_effect("End of Your Turn", _gain(1))]))
    h = play(board(side("T-E1", "T-E2"), side()), PASS, ["Activate [End of Your Turn] of T-E1"], cards=lib)
    assert activated(h[-1]) == ["Activate [End of Your Turn] of T-E1 Test T-E1: +4 memory",
                                "Activate [End of Your Turn] of T-E2 Test T-E2: +1 memory"]
    assert "CR 15-8-3-6" in rules_cited(h)


def test_memory_back_on_the_turn_players_side_postpones_the_end() -> None:
    """CR 6-6-4: after the end-of-turn effects A has memory again (B3 + 4 = A1), so the turn does not end and the
    main phase goes on; a later pass ends it, and the [Once Per Turn] effect does not trigger again."""
    lib = _lib(_digimon("T-E1", [_effect("End of Your Turn", _gain(4), once_per_turn=True)]))
    h = play(board(side("T-E1"), side()), PASS, cards=lib)
    end = h[-1]
    assert end.finished and end.turn_player == 0 and end.phase is Phase.MAIN and memory_a(end) == 1
    assert "CR 6-6-4" in rules_cited(h)
    h2 = play_from(end, PASS)
    assert h2[-1].turn_player == 1 and h2[-1].memory == 3
    assert activated(h2[-1]) == ["Activate [End of Your Turn] of T-E1 Test T-E1: +4 memory"]


def test_turn_passes_only_after_end_of_turn_processing() -> None:
    """CR 6-6-3, 15-4-3-5: the turn player's [End of Your Turn] activates first, then the non-turn player's [End of
    Opponent's Turn]; both while A is still the turn player, and only then does B's turn begin."""
    lib = _lib(_digimon("T-E1", [_effect("End of Your Turn", _gain(1))]),
               _digimon("T-O1", [_effect("End of Opponent's Turn", _gain(1))]))
    h = play(board(side("T-E1"), side("T-O1")), PASS, cards=lib)
    assert activated(h[-1]) == ["Activate [End of Your Turn] of T-E1 Test T-E1: +1 memory",
                                "Activate [End of Opponent's Turn] of T-O1 Test T-O1: +1 memory"]
    activating = [s for s in h if s.activating is not None]
    assert activating and all(s.turn_player == 0 and s.phase is Phase.END_OF_TURN for s in activating)
    # B3, A gains 1 (B2), B gains 1 (B3): B starts with 3
    assert h[-1].turn_player == 1 and h[-1].memory == 3
    assert "CR 6-6-3" in rules_cited(h)


def test_pending_end_of_turn_processing_is_ordered_with_end_of_turn_triggers() -> None:
    """CR 18-1-2: "lose 3 memory at the end of the turn" (MetalGreymon's [When Attacking], R53) waits with A's
    [End of Your Turn] effect in one batch, and A chooses the order."""
    lib = _lib(_digimon("T-E1", [_effect("End of Your Turn", _gain(1))]))
    h = play(board(side("BT1-021", "T-E1"), side(security=("ST3-04", "BT1-064")), memory=1),
             Action("attack", card=_ref("A", 0)), cards=lib)
    h2 = play_from(h[-1], PASS, ["Activate [End of Your Turn] of T-E1"])
    asked = [s.decision for s in h2 if s.decision is not None]
    assert asked and asked[0].kind == "order"
    assert set(asked[0].labels) == {"Activate [End of Your Turn] of T-E1 Test T-E1: +1 memory",
                                    "Process the end-of-turn memory loss set up by BT1-021 MetalGreymon"}
    # A4 -> pass B3 -> +1 B2 -> -3 B5
    assert h2[-1].turn_player == 1 and h2[-1].memory == 5


def test_start_of_your_turn_effects_come_before_unsuspending() -> None:
    """CR 6-2-1-1: B's [Start of Your Turn] "if this Digimon is suspended, gain 1 memory" activates while it is
    still suspended, so B gains 1; the unsuspend phase stands it up afterwards."""
    lib = _lib(_digimon("T-S1", [_effect("Start of Your Turn", _gain(1), condition="this_suspended")]))
    h = play(board(side("BT1-064"), side(stack("T-S1", suspended=True))), PASS, cards=lib)
    end = h[-1]
    assert activated(end) == ["Activate [Start of Your Turn] of T-S1 Test T-S1: +1 memory"]
    assert end.turn_player == 1 and end.memory == 4
    assert not end.players[1].battle[0].suspended
    assert "CR 6-2-1-1" in rules_cited(h)


def test_start_of_turn_processing_that_meets_the_turn_end_condition_ends_the_turn_first() -> None:
    """CR 6-2-1-2: B's [Start of Your Turn] "lose 5 memory" puts memory on A's side, so B's turn ends before anything
    unsuspends: B's Digimon stays suspended and A's next turn follows."""
    lib = _lib(_digimon("T-S2", [_effect("Start of Your Turn", {"do": "lose_memory", "amount": 5})]))
    h = play(board(side("BT1-064"), side(stack("T-S2", suspended=True))), PASS, cards=lib)
    end = h[-1]
    assert "CR 6-2-1-2" in rules_cited(h)
    assert end.turn_player == 0 and end.phase is Phase.MAIN and memory_a(end) == 2
    assert end.players[1].battle[0].suspended


def test_all_the_turn_players_cards_unsuspend_at_once() -> None:
    """CR 6-2-1 (Ver.4.2 wording, seed 004 C1): every suspended card of the turn player on the field unsuspends at
    the same time, Tamers included; the non-turn player's cards stay suspended."""
    setup = board(side(stack("BT1-064", suspended=True)),
                  side(stack("BT1-064", suspended=True), stack("ST1-06", suspended=True),
                       stack("BT5-091", suspended=True)))
    h = play(setup, PASS)
    end = h[-1]
    assert [st.suspended for st in end.players[1].battle] == [False, False, False]
    assert end.players[0].battle[0].suspended
    step_ = next(s for s in h if "unsuspend, all at the same time" in s.caption)
    assert step_.phase is Phase.UNSUSPEND and "CR 6-2-1" in step_.rules


def test_a_suspended_card_in_the_breeding_area_unsuspends_and_the_caption_says_so() -> None:
    """CR 6-2-1: the turn player's suspended card in the Breeding Area is on the field and unsuspends with the rest.
    With nothing suspended in the Battle Area the step must not say there was nothing to unsuspend; with something
    there, the Breeding Area's card is named after the Battle Area's."""
    only = replace(board(side(), side()), sides=(SideSetup(), SideSetup(
        breeding_area=StackSetup(("BT1-064",), suspended=True))))
    h = play(only, PASS)
    step_ = next(s for s in h if "Unsuspend phase" in s.caption)
    assert h[-1].players[1].breeding is not None and not h[-1].players[1].breeding.suspended
    assert "no suspended card" not in step_.caption and "BT1-064" in step_.caption and "Breeding Area" in step_.caption
    both = replace(only, sides=(SideSetup(), SideSetup(battle_area=(StackSetup(("ST1-06",), suspended=True),),
                                                       breeding_area=StackSetup(("BT1-064",), suspended=True))))
    step_ = next(s for s in play(both, PASS) if "Unsuspend phase" in s.caption)
    assert "all at the same time: ST1-06" in step_.caption and "BT1-064" in step_.caption.split("ST1-06", 1)[1]


def test_reboot_unsuspends_in_the_opponents_unsuspend_phase() -> None:
    """CR 16-11-5: A's suspended Digimon with <Reboot> unsuspends in B's unsuspend phase, together with B's cards; A's
    Digimon without it stays suspended."""
    lib = _lib({**_digimon("T-R1", []), "keywords": ["Reboot"]})
    setup = board(side(stack("T-R1", suspended=True), stack("BT1-064", suspended=True)),
                  side(stack("BT1-064", suspended=True)))
    h = play(setup, PASS, cards=lib)
    end = h[-1]
    assert [st.suspended for st in end.players[0].battle] == [False, True]
    assert not end.players[1].battle[0].suspended
    assert "CR 16-11-5" in rules_cited(h)


def test_draw_phase_draws_one() -> None:
    """CR 6-3-1: the new turn player draws 1 card in the draw phase."""
    h = play(board(side(), side(deck=("BT1-064", "ST3-03"))), PASS)
    end = h[-1]
    assert names(end, "B", "hand") == ["BT1-064"] and names(end, "B", "deck") == ["ST3-03"]
    assert any(s.phase is Phase.DRAW and "CR 6-3-1" in s.rules for s in h)


def test_unable_to_draw_loses() -> None:
    """CR 1-2-3-2: B has no card left to draw in the draw phase, so B loses and A wins."""
    h = play(board(side(), side(deck=())), PASS)
    end = h[-1]
    assert end.winner == 0 and end.finished
    assert "CR 1-2-3-2" in end.rules


def test_first_player_does_not_draw_on_the_first_turn() -> None:
    """CR 6-3-1-1: the first player's first turn (turn 1) has no draw."""
    setup = Setup(turn_player="A", memory=0, turn=1, phase=Phase.UNSUSPEND.value,
                  sides=(SideSetup(deck=("BT1-064",)), SideSetup(deck=("BT1-064",))))
    h = [initial_state(setup, cards())]
    h += run(begin(h[0], Action("start_turn")), [])
    assert h[-1].phase is Phase.MAIN and names(h[-1], "A", "hand") == []
    assert "CR 6-3-1-1" in rules_cited(h)


def test_breeding_phase_hatch() -> None:
    """CR 6-4-1, 6-4-1-1: with an empty Breeding Area and a Digi-Egg deck, B may hatch: the top Digi-Egg is placed
    in the Breeding Area."""
    setup = board(side(), SideSetup(deck=("BT1-064",), egg_deck=("BT6-004", "BT6-004")))
    s = initial_state(setup, cards())
    h = [s] + run(begin(s, PASS), [])
    d = h[-1].decision
    assert d is not None and d.kind == "breeding" and d.labels == ("Hatch a Digi-Egg", "Do nothing")
    h += run(step(h[-1], "Hatch a Digi-Egg"), [])
    end = h[-1]
    assert end.players[1].breeding is not None and end.cards[end.players[1].breeding.top].number == "BT6-004"
    assert len(end.players[1].egg_deck) == 1 and end.phase is Phase.MAIN


def test_breeding_phase_move_a_digimon_with_dp() -> None:
    """CR 6-4-1-2, 4-17: B moves the Digimon in its Breeding Area to the Battle Area; moving is not playing, so
    (hatched on an earlier turn) it may attack this turn."""
    setup = board(side(), SideSetup(deck=("BT1-064",), breeding_area=StackSetup(("ST1-06", "BT6-004"))))
    s = initial_state(setup, cards())
    h = [s] + run(begin(s, PASS), ["Move ST1-06"])
    end = h[-1]
    assert end.players[1].breeding is None and names(end, "B", "battle") == ["ST1-06"]
    assert legal_attacks(end), "a Digimon moved out of the Breeding Area may attack"


def test_breeding_phase_digi_egg_cannot_move() -> None:
    """CR 4-17-2, 6-4-1-3: a Digi-Egg (no DP) cannot move and the egg deck is empty: no decision, nothing happens."""
    setup = board(side(), SideSetup(deck=("BT1-064",), breeding_area=StackSetup(("BT6-004",))))
    h = play(setup, PASS)
    assert h[-1].finished and h[-1].players[1].breeding is not None
    assert all(s.decision is None for s in h)
    assert "CR 6-4-1-3" in rules_cited(h)


def test_turn_change_resets_per_turn_counts_durations_and_placed_marks() -> None:
    """CR 15-14-1-5, 7-1-2-1: when the turn changes, [Once Per Turn] counts reset, "for the turn" effects end and
    "placed this turn" marks clear, so B's Digimon played last turn may attack on B's turn."""
    s0 = initial_state(board(side(stack("BT1-064", placed=True)), side(stack("BT1-064", placed=True))), cards())
    s0 = with_modifier(s0, "A", 0, "dp", amount=2000, duration="turn", owner="A")
    s0 = replace(s0, uses=(((s0.players[0].battle[0].iid, s0.players[0].battle[0].top, "main", 0), 1),))
    h = play_from(s0, PASS)
    end = h[-1]
    assert end.uses == () and end.modifiers == ()
    assert not any(st.placed_this_turn for p in end.players for st in p.battle)
    assert legal_attacks(end)
    assert "CR 15-14-1-5" in rules_cited(h)


def test_new_turn_stops_at_its_main_phase_and_steps_show_the_phases() -> None:
    """CR 6-1-2: after a pass the next turn runs unsuspend -> draw -> breeding -> main and the play finishes as the
    main phase begins; the steps carry those phases as their timing (for the turn diagram)."""
    h = play(board(side(), side()), PASS)
    end = h[-1]
    assert end.finished and end.phase is Phase.MAIN and end.turn_player == 1
    assert "Player B's main phase begins" in end.caption
    timings = [to_step(h, i).timing for i in range(len(h))]
    order = [t for i, t in enumerate(timings) if i == 0 or t != timings[i - 1]]
    assert order[-4:] == ["unsuspend phase", "draw phase", "breeding phase", "main phase"]
    assert "end of turn" in timings


def test_turn_ended_by_an_attack_stops_where_the_turn_passed() -> None:
    """CR 6-1-4-1, 6-6-3: an attack that leaves memory on B's side ends A's turn after the attack; the play stops
    where the turn passed (B's unsuspend phase, nothing drawn yet) and start_turn plays B's turn up to its main
    phase. Main-phase actions are refused before that (CR 6-5-1)."""
    h = play(board(side("BT1-114"), side(stack("BT1-064", suspended=True), security=("BT1-064",)), memory=3),
             Action("attack", card=_ref("A", 0)))
    end = h[-1]
    assert end.finished and end.turn_player == 1 and end.phase is Phase.UNSUSPEND
    assert end.players[1].battle[0].suspended and names(end, "B", "hand") == []
    import pytest

    from digiteach.decisions import IllegalAction

    with pytest.raises(IllegalAction, match="6-5-1"):
        begin(end, PASS)
    h2 = play_from(end, Action("start_turn"))
    assert h2[-1].phase is Phase.MAIN and not h2[-1].players[1].battle[0].suspended
    assert len(h2[-1].players[1].hand) == 1


def test_no_main_phase_action_once_the_turn_end_condition_holds() -> None:
    """CR 6-1-4-1: with memory on B's side and nothing left to process, A takes no more actions; end_turn plays the
    end of the turn and B's turn follows."""
    import pytest

    from digiteach.decisions import IllegalAction

    s = initial_state(board(side("BT1-064"), side(security=("BT1-064",)), memory=-2), cards())
    with pytest.raises(IllegalAction, match="6-1-4-1"):
        begin(s, Action("attack", card=_ref("A", 0)))
    h = play_from(s, Action("end_turn"))
    assert h[-1].turn_player == 1 and h[-1].phase is Phase.MAIN and h[-1].memory == 2


def _ref(player: str, index: int) -> Any:
    from digiteach.setup import StackRef

    return StackRef(player, index)  # type: ignore[arg-type]


def _unused(x: State) -> None:
    _ = x


def test_end_turn_is_refused_while_the_memory_is_on_the_turn_players_side() -> None:
    """CR 6-1-4-1: with memory on A's own side (or at 0) the turn-end condition is not met and the turn goes on, so
    end_turn is refused with the rule (an outside trial found it did nothing, quietly); passing ends the turn."""
    import pytest

    from digiteach.decisions import IllegalAction

    for memory in (3, 0):
        s = initial_state(board(side("BT1-064"), side(security=("BT1-064",)), memory=memory), cards())
        with pytest.raises(IllegalAction, match="6-1-4-1"):
            begin(s, Action("end_turn"))
        assert play_from(s, Action("pass"))[-1].turn_player == 1
