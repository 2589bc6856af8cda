"""Pending activation (CR 15-4): generations, turn player first, derived triggers, lost effects,
conditions and [Once Per Turn]."""

from __future__ import annotations

from boards import (activated, attack, board, captions, cards, memory_a, names, play, play_from, rules_cited, side,
                      stack, with_modifier)
from digiteach.engine import initial_state, to_step
from digiteach.terms import EffectStatus

CHERRYMON = {
    "number": "BT10-052", "name": "Cherrymon", "level": 5, "colors": ["Green"], "dp": 7000,
    "effects": [{"when": {"event": "attacks", "whose": "opponent"}, "scope": "Opponent's Turn",
                 "once_per_turn": True, "optional": True,
                 "actions": [{"do": "switch_target", "target": {"who": "choose", "whose": "you", "suspended": True}}],
                 "summary": "When an opposing Digimon attacks, you may switch the target to 1 of your suspended Digimon."}],
    "summary": "Redirects attacks.",
}


def test_r01_turn_player_activates_first_then_target_switch() -> None:
    """CR 11-1-4, 15-4-3-5 (R01, QA Q1976): [When Attacking] and the opponent's "when an opponent's Digimon
    attacks" trigger together; A's unsuspend goes first, then B switches the target to Cherrymon, which loses
    the battle."""
    lib = cards(CHERRYMON)
    setup = board(side("ST2-11"), side(stack("BT10-052", suspended=True), security=("BT1-064",) * 3))
    h = play(setup, attack(), ["Activate [Opponent's Turn]"], cards=lib)
    end = h[-1]
    assert activated(end) == ["Activate [When Attacking] of ST2-11 MetalGarurumon: unsuspend",
                              "Activate [Opponent's Turn] of BT10-052 Cherrymon: switch the attack target"]
    assert names(end, "B", "battle") == []
    assert len(end.players[1].security) == 3
    assert not end.players[0].battle[0].suspended
    assert memory_a(end) == 3
    first = next(s for s in h if s.pending)
    assert [len(g.effects) for g in first.pending] == [2]  # one generation: simultaneous


def test_r09_condition_checked_on_activation_and_tie_deletes_both() -> None:
    """CR 15-8-3-9, 15-6-3, 14-2-1-3 (R09, seed Attack ex. 7 corrected): Rosemon's effect cannot activate
    (unsuspended); VenomMyotismon gains 1 once; Rosemon blocks and both 11000 DP Digimon are deleted."""
    from digiteach.setup import StackSetup

    rosemon = StackSetup(("BT1-082",), gained=("Blocker",))  # <Blocker> from BT1-103 Testament last turn
    setup = board(side("ST2-11"), side(stack("BT2-079", suspended=True), rosemon, security=("BT1-064",) * 2),
                  memory=2)
    h = play(setup, attack(), ["Activate [Opponent's Turn] of BT2-079", "Block with BT1-082"])
    end = h[-1]
    assert activated(end) == ["Activate [When Attacking] of ST2-11 MetalGarurumon: unsuspend",
                              "Activate [Opponent's Turn] of BT2-079 VenomMyotismon: +1 memory"]
    failed = [e for s in h for g in s.pending for e in g.effects if e.status is EffectStatus.FAILED]
    assert failed and failed[0].label == "Activate [Opponent's Turn] of BT1-082 Rosemon: suspend"
    assert names(end, "A", "battle") == []
    assert names(end, "B", "battle") == ["BT2-079"]
    assert len(end.players[1].security) == 2
    assert memory_a(end) == 1 and end.turn_player == 0


def test_derived_trigger_of_non_turn_player_comes_before_older_effects() -> None:
    """CR 15-4-5-2, 15-4-5-3: <Alliance> suspends A's Tapirmon, so B's VenomMyotismon triggers again; that
    newer generation activates before A's older pending [When Attacking]."""
    setup = board(side(stack("EX4-025", "BT1-003"), "ST3-03"), side("BT2-079", security=("BT1-064",) * 3))
    h = play(setup, attack(), ["Activate <Alliance>", "Activate <Alliance>"])
    order = activated(h[-1])
    assert order == [
        "Activate <Alliance> of EX4-025 Turuiemon",
        "Activate [Opponent's Turn] of BT2-079 VenomMyotismon: +1 memory (for Tapirmon)",
        "Activate [When Attacking] of EX4-025 Turuiemon: draw 1 (inherited from Upamon)",
        "Activate [Opponent's Turn] of BT2-079 VenomMyotismon: +1 memory",
    ], captions(h)
    gen_counts = max(len(s.pending) for s in h)
    assert gen_counts == 2


def test_pending_effect_lost_when_its_digimon_is_deleted() -> None:
    """CR 15-4-4-3: A's [When Attacking] deletes VenomMyotismon before B's pending effect activates, so
    it is lost and B gains no memory."""
    setup = board(side("BT5-111"), side("BT2-079", security=("BT1-064",)), memory=3)
    h = play(setup, attack())
    lost = [e for s in h for g in s.pending for e in g.effects if e.status is EffectStatus.LOST]
    assert [e.label for e in lost] == ["Activate [Opponent's Turn] of BT2-079 VenomMyotismon: +1 memory"]
    assert memory_a(h[-1]) == 3
    assert "CR 15-4-4-3" in rules_cited(h)


def test_on_deletion_waits_in_the_trash() -> None:
    """CR 4-15-2, 15-8-3-5: an inherited [On Deletion] activates even though its Digimon has left the field."""
    setup = board(side("BT1-080"), side(stack("BT2-072", "BT3-079", suspended=True), security=("BT1-064",)),
                  memory=3)
    h = play(setup, attack(target=0))
    assert activated(h[-1]) == ["Activate [On Deletion] of BT2-072 Vilemon: +1 memory (inherited from Tsukaimon)"]
    assert memory_a(h[-1]) == 2


def test_declined_optional_effect() -> None:
    """CR 15-9: Izzy Izumi triggers when B's blocker suspends; A declines it: it ends as declined, Izzy stays
    unsuspended and memory does not change."""
    setup = board(side("BT1-080", "ST4-14"), side("ST1-06", security=("BT1-064",)), memory=3)
    h = play(setup, attack(), ["Block with ST1-06", "Don't activate"])
    statuses = {e.label: e.status for s in h for g in s.pending for e in g.effects}
    assert statuses["Activate [Your Turn] of ST4-14 Izzy Izumi: +1 memory"] is EffectStatus.DECLINED
    assert not h[-1].players[0].battle[1].suspended
    assert memory_a(h[-1]) == 3


def test_accepted_optional_effect() -> None:
    """CR 15-9 (contrast): used, Izzy suspends itself and A gains 1 memory."""
    setup = board(side("BT1-080", "ST4-14"), side("ST1-06", security=("BT1-064",)), memory=3)
    h = play(setup, attack(), ["Block with ST1-06", "Activate"])
    assert h[-1].players[0].battle[1].suspended
    assert memory_a(h[-1]) == 4


MAJI_BOARD = dict(
    a=side(stack("BT2-032", "BT6-027"), "BT5-088", "BT2-085"),
    b=side(stack("BT1-080", "BT4-056"), security=("BT1-064",) * 3),
)


def test_triggered_ex9_derived_generations_and_once_per_turn_spent() -> None:
    """CR 15-4-5-2, 15-14-1-4 (wiki Triggered ex. 9): Sora & Joe strips Titamon; Joe Kido and UlforceVeedramon
    trigger in a newer generation and resolve first; Majiramon (mandatory) activates last, does nothing, and
    its [Once Per Turn] is spent."""
    setup = board(MAJI_BOARD["a"], MAJI_BOARD["b"], memory=3)
    answers = ["Activate [Your Turn] of BT5-088", "Activate [Your Turn] of BT5-088",
               "Activate [Your Turn] of BT2-085", "Activate [Your Turn] of BT2-085"]
    h = play(setup, attack(), answers)
    order = activated(h[-1])
    assert order[0] == "Activate [Your Turn] of BT5-088 Sora Takenouchi & Joe Kido: trash 2 digivolution cards"
    assert order[-1] == "Activate [When Attacking] of BT2-032 UlforceVeedramon: unsuspend (inherited from Majiramon)", captions(h)
    assert "Activate [Your Turn] of BT2-085 Joe Kido: +1 memory" in order
    assert h[-1].players[1].battle[0].digivolution_cards == ()
    uses = dict(h[-1].uses) if h[-1].turn_player == 0 else {}
    maji_key = [k for k in uses if h[-1].cards[k[1]].number == "BT6-027"]
    assert maji_key, "Majiramon's [Once Per Turn] should be spent"


def test_triggered_ex10_failed_condition_keeps_once_per_turn() -> None:
    """CR 15-6-3 (wiki Triggered ex. 10): Majiramon chosen first fails its condition (Titamon still has a
    digivolution card): not activated, [Once Per Turn] not spent."""
    setup = board(MAJI_BOARD["a"], MAJI_BOARD["b"], memory=3)
    h = play(setup, attack(), ["Activate [When Attacking] of BT6-027", "Don't activate"])
    statuses = {e.label: e.status for s in h for g in s.pending for e in g.effects}
    assert statuses["Activate [When Attacking] of BT2-032 UlforceVeedramon: unsuspend (inherited from Majiramon)"] is EffectStatus.FAILED
    assert not any(h[-1].cards[k[1]].number == "BT6-027" for k, _ in h[-1].uses)
    assert "CR 15-6-3" in rules_cited(h)


def test_rule_check_triggers_join_the_same_generation() -> None:
    """CR 15-4-3-3 (R51's point): a Digimon dropped to 0 DP by an effect is deleted by the rule check after
    that effect; its [On Deletion] joins the same generation as the effect's other triggers, so the turn
    player's Veemon draw comes first. The step says where the wiki's procedure differs."""
    lib = cards({
        "number": "T-002", "name": "Shrinkmon", "level": 6, "colors": ["Blue"], "dp": 12000,
        "effects": [{"timing": "When Attacking",
                     "actions": [{"do": "dp", "target": {"who": "choose", "whose": "opponent"}, "amount": -3000},
                                 {"do": "unsuspend", "target": "this"}],
                     "summary": "1 opposing Digimon gets -3000 DP for the turn; unsuspend this Digimon."}],
        "summary": "Test card.",
    })
    setup = board(side(stack("T-002", "BT2-021")), side("BT2-070", security=("BT1-064",) * 2))
    h = play(setup, attack(), cards=lib)
    order = activated(h[-1])
    assert order == ["Activate [When Attacking] of T-002 Shrinkmon: -3000 DP, unsuspend", "Activate [Your Turn] of T-002 Shrinkmon: draw 1 (inherited from Veemon)",
                     "Activate [On Deletion] of BT2-070 Tapirmon: <Draw 1>"], captions(h)
    assert any(s.differs for s in h)
    diff_step = next(i for i, s in enumerate(h) if s.differs)
    assert "CR 15-4-3-3" in to_step(h, diff_step).rules
    assert "higher priority" in to_step(h, diff_step).differs


def test_order_decision_lists_only_the_players_effects() -> None:
    """CR 15-4-3-5: the order decision offers the turn player's effects of the newest generation only."""
    setup = board(side(stack("ST4-13", "ST4-11")),
                  side(stack("BT2-034", suspended=True), security=("BT6-101", "ST3-03"), deck=("ST3-10",)))
    h = play(setup, attack(target=0), [])
    d = h[-1].decision
    assert d is not None and d.kind == "order" and d.player == 0
    assert d.labels == ("Activate <Piercing> of ST4-13 HerculesKabuterimon",
                        "Activate [Your Turn] of ST4-13 HerculesKabuterimon: trash 1 security (inherited from MegaKabuterimon)")
    assert d.rule == "CR 15-4-3-5"


ODINS_BREATH = {
    "number": "BT13-106", "name": "Odin's Breath", "kind": "Option", "colors": ["Yellow"], "use_cost": 3,
    "effects": [{"timing": "Main", "actions": [
        {"do": "dp", "target": {"who": "choose", "whose": "opponent"}, "amount": -3000,
         "duration": "opponent_turn_end"},
        {"do": "security_a", "target": {"who": "all", "whose": "opponent"}, "amount": -1,
         "duration": "opponent_turn_end", "condition": {"kind": "security_total_at_most", "n": 6}}],
        "summary": "-3000 DP to 1 opposing Digimon; then, with 6 or fewer security cards in all, every opposing "
                   "Digimon gains <Security A. -1>."}],
    "summary": "DP cut and Security A. cut.",
}


def test_r49_zero_dp_deletion_waits_for_the_whole_effect() -> None:
    """CR 17-1-2-2, 9-1-5 (R49, QA Q2356): Goblimon at 0 DP stays until Odin's Breath's second sentence has
    given both B Digimon <Security A. -1>; then the Option is trashed and the rule check deletes Goblimon."""
    from digiteach.engine.query import security_a
    from digiteach.setup import Action

    lib = cards(ODINS_BREATH)
    setup = board(side("ST3-12", hand=("BT13-106",), security=("ST3-03",) * 2),
                  side("BT1-064", "BT1-080", security=("ST3-03",) * 3), memory=5)
    h = play(setup, Action("use", hand_card="BT13-106"), ["Choose BT1-064"], cards=lib)
    end = h[-1]
    assert names(end, "B", "battle") == ["BT1-080"]
    titamon = end.players[1].battle[0].iid
    assert security_a(end, titamon) == -1  # "all of the opponent's Digimon": one change on the set (CR 15-11-2)
    both = [s for s in h if names(s, "B", "battle") == ["BT1-064", "BT1-080"]
            and all(security_a(s, st.iid) == -1 for st in s.players[1].battle)]
    assert both, "Goblimon must still be in play when the second sentence resolves"
    assert "BT13-106" in names(end, "A", "trash")
    trash_step = next(i for i, s in enumerate(h) if "BT13-106" in names(s, "A", "trash"))
    assert names(h[trash_step], "B", "battle") == ["BT1-064", "BT1-080"] or "Rule check" in h[trash_step].caption
    assert memory_a(end) == 2



def test_optional_effect_picked_then_declined() -> None:
    """CR 15-4-3-5, 15-9: picking an optional effect in the order question is followed by the use question;
    declining Sora & Joe leaves Majiramon, whose condition then fails (Titamon keeps its digivolution card)."""
    setup = board(MAJI_BOARD["a"], MAJI_BOARD["b"], memory=3)
    h = play(setup, attack(), ["Activate [Your Turn] of BT5-088", "Don't activate"])
    kinds = [s.decision.kind for s in h if s.decision is not None]
    assert kinds == ["order", "optional"]
    statuses = {e.label: e.status for s in h for g in s.pending for e in g.effects}
    assert statuses["Activate [Your Turn] of BT5-088 Sora Takenouchi & Joe Kido: trash 2 digivolution cards"] is EffectStatus.DECLINED
    assert statuses["Activate [When Attacking] of BT2-032 UlforceVeedramon: unsuspend (inherited from Majiramon)"] is EffectStatus.FAILED
