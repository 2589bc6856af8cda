"""Attack timings (CR 11): declaration, counter, block, confirmation, end of attack."""

from __future__ import annotations

import pytest

from boards import (activated, attack, board, captions, cards, memory_a, names, play, play_from, rules_cited, side,
                      stack)
from digiteach.decisions import IllegalAction
from digiteach.engine import begin, initial_state, to_step
from digiteach.setup import Action, StackRef
from digiteach.terms import AttackTiming

SKULLGREYMON = {
    "number": "EX1-062", "name": "SkullGreymon", "level": 5, "colors": ["Black"], "dp": 8000,
    "keywords": ["Security A. +1"],
    "effects": [
        {"timing": "End of Attack", "actions": [{"do": "delete", "target": "this"}],
         "summary": "Delete this Digimon."},
        {"timing": "On Deletion", "optional": True,
         "actions": [{"do": "play", "source": "trash", "level": 3, "kind": "Digimon", "suspended": True}],
         "summary": "You may play an Agumon from your trash suspended."},
    ],
    "summary": "Deletes itself after attacking.",
}
BIRDRAMON = {"number": "ST1-05", "name": "Birdramon", "level": 4, "colors": ["Red"], "dp": 5000,
             "summary": "Vanilla."}
BIYOMON = {
    "number": "EX1-002", "name": "Biyomon", "level": 3, "colors": ["Red"], "dp": 3000,
    "inherited": [{"timing": "When Attacking", "once_per_turn": True, "condition": "attacking_player",
                   "actions": [{"do": "draw", "amount": 1}], "summary": "When attacking a player, <Draw 1>."}],
    "summary": "Inherited draw.",
}
DINOREXMON = {
    "number": "BT9-018", "name": "Dinorexmon", "level": 6, "colors": ["Green"], "dp": 13000,
    "effects": [{"when": {"event": "suspended", "whose": "opponent", "max_dp": 6000}, "once_per_turn": True,
                 "optional": True, "actions": [{"do": "delete", "target": "subject"}],
                 "summary": "When an opposing Digimon with 6000 DP or less suspends, you may delete it."}],
    "summary": "Punishes small Digimon that suspend.",
}
IMPERIALDRAMON = {"number": "BT3-031", "name": "Imperialdramon: Dragon Mode", "level": 6, "colors": ["Blue"],
                  "dp": 12000, "summary": "Vanilla here."}
PAILDRAMON = {
    "number": "EX1-019", "name": "Paildramon", "level": 5, "colors": ["Blue"], "dp": 8000,
    "inherited": [{"scope": "Your Turn", "condition": {"kind": "name_contains", "text": "Imperialdramon"},
                   "persistent": {"kind": "cant_be_blocked"},
                   "summary": "While this Digimon is an Imperialdramon, it can't be blocked."}],
    "summary": "Inherited unblockable.",
}


def test_r03_removed_target_stays_the_target() -> None:
    """CR 11-2-6 (R03): a [When Attacking] effect deletes the target; the attack does not move to the player
    and nothing happens at confirmation (11-5-1-4)."""
    setup = board(side("BT5-111"), side(stack("BT3-089", suspended=True), security=("BT1-064", "ST3-03")))
    h = play(setup, attack(target=0))
    end = h[-1]
    assert names(end, "B", "battle") == []
    assert len(end.players[1].security) == 2
    assert end.players[0].battle[0].suspended
    assert "CR 11-2-6" in rules_cited(h)
    assert not any("Battle:" in s.caption for s in h), captions(h)


def test_r19_end_the_attack_at_declaration() -> None:
    """CR 15-15-1-1 (R19, QA Q1387-Q1390): Omnimon X trashes exactly 2 to end the attack; no counter, block
    or check follows, but SkullGreymon's [End of Attack] still triggers and deletes it."""
    lib = cards(SKULLGREYMON, BIRDRAMON)
    setup = board(side(stack("EX1-062", "ST1-05")),
                  side(stack("BT5-111", "BT1-080", "BT1-080", "BT1-080"), security=("BT1-064",) * 3))
    h = play(setup, attack(), ["Activate [Opponent's Turn]"], cards=lib)
    end = h[-1]
    assert len(end.players[1].security) == 3
    assert len(end.players[1].battle[0].digivolution_cards) == 1  # kept 1 of 3
    assert set(names(end, "A", "trash")) >= {"EX1-062", "ST1-05"}
    path = [s.attack.path for s in h if s.attack is not None][-1]
    assert AttackTiming.COUNTER.value not in path and AttackTiming.BLOCK.value not in path
    assert AttackTiming.END_OF_ATTACK.value in path
    assert activated(end)[:2] == ["Activate [Opponent's Turn] of BT5-111 Omnimon (X Antibody): end the attack",
                                  "Activate [End of Attack] of EX1-062 SkullGreymon: delete"]


def test_r11_when_attacking_resolves_before_the_block() -> None:
    """CR 11-1-4 (R11, QA Q3189): the inherited [When Attacking] draw happens at declaration even though the
    attack is then blocked."""
    lib = cards(BIYOMON)
    setup = board(side(stack("BT1-080", "EX1-002")), side("ST1-06", security=("BT1-064",) * 3))
    h = play(setup, attack(), ["Block with ST1-06"], cards=lib)
    end = h[-1]
    assert len(end.players[0].hand) == 1
    assert "ST1-06" in names(end, "B", "trash")
    assert len(end.players[1].security) == 3
    block_step = next(i for i, s in enumerate(h) if s.decision is not None and s.decision.kind == "block")
    assert len(h[block_step].players[0].hand) == 1  # drawn before the block timing


def test_r13_blocker_deleted_on_suspending_means_no_battle() -> None:
    """CR 11-2-6, 11-5-1-4 (R13, QA Q1819): the blocker is deleted when it suspends; the target switched to it,
    so there is no battle and no security check."""
    lib = cards(DINOREXMON)
    setup = board(side("BT9-018", "BT2-064"), side("ST1-06", security=("BT1-064",) * 3))
    h = play(setup, attack(index=1), ["Block with ST1-06", "Activate [All Turns]"], cards=lib)
    end = h[-1]
    assert names(end, "B", "battle") == []
    assert len(end.players[1].security) == 3
    assert names(end, "A", "battle") == ["BT9-018", "BT2-064"]
    assert not any(s.caption.startswith("Battle:") for s in h)


def test_r15_cant_be_blocked_allows_no_block() -> None:
    """CR 12-1 (R15, QA Q3206): an attacker that can't be blocked allows no block declaration at all, so the
    <Blocker> stays unsuspended; the check trashes Goblimon."""
    lib = cards(IMPERIALDRAMON, PAILDRAMON)
    setup = board(side(stack("BT3-031", "EX1-019")), side("ST1-06", security=("BT1-064", "ST3-03")))
    h = play(setup, attack(), cards=lib)
    end = h[-1]
    assert not any(s.decision is not None for s in h)
    assert not end.players[1].battle[0].suspended
    assert names(end, "B", "security") == ["ST3-03"]
    assert "BT1-064" in names(end, "B", "trash")


CHAOSMON = {
    "number": "BT4-090", "name": "Chaosmon", "level": 7, "colors": ["White"], "dp": 14000,
    "digivolve": [{"color": "Green", "level": 6, "cost": 6}],
    "keywords": ["Piercing"],
    "effects": [{"timing": "When Digivolving",
                 "actions": [{"do": "unsuspend", "target": "this"}, {"do": "may_attack", "unsuspended_targets": True}],
                 "summary": "Unsuspend this Digimon; it may then attack an opposing Digimon, even an unsuspended one."}],
    "summary": "Attacks unsuspended Digimon on digivolving.",
}
CRANIAMON = {"number": "BT3-075", "name": "Craniamon", "level": 6, "colors": ["Yellow"], "dp": 12000,
             "keywords": ["Blocker"], "summary": "<Blocker>."}


@pytest.mark.parametrize("block", [True, False])
def test_r17_attack_target_cannot_block(block: bool) -> None:
    """CR 12-1-5 (R17): Chaosmon attacks the unsuspended Craniamon; Craniamon is not offered as a blocker,
    Coredramon is. Either way Piercing checks Goblimon and the turn passes (memory B1)."""
    lib = cards(CHAOSMON, CRANIAMON)
    setup = board(side("BT1-080", hand=("BT4-090",)), side("BT3-075", "ST1-06", security=("BT1-064", "ST3-03", "ST3-03")),
                  memory=5)
    answers = ["Attack BT3-075", "Block with ST1-06" if block else "Don't block"]
    h = play(setup, Action("digivolve", card=StackRef("A", 0), hand_card="BT4-090"), answers, cards=lib)
    block_decision = next(s.decision for s in h if s.decision is not None and s.decision.kind == "block")
    assert block_decision.labels == ("Block with ST1-06 Coredramon", "Don't block")
    end = h[-1]
    assert len(end.players[1].security) == 2
    assert "BT1-064" in names(end, "B", "trash")
    if block:
        assert names(end, "B", "battle") == ["BT3-075"]
    else:
        assert names(end, "B", "battle") == ["ST1-06"]
    assert end.turn_player == 1 and memory_a(end) == -1


def test_win_needs_an_attack_on_a_player_with_no_security() -> None:
    """CR 11-5-1-2-1, 1-2-3-1: a successful attack on a player with 0 security and at least 1 check wins."""
    h = play(board(side("BT1-080"), side(security=())), attack())
    assert h[-1].winner == 0
    assert h[-1].finished
    assert to_step(h, len(h) - 1).board.winner == "A"


def test_no_win_with_zero_checks() -> None:
    """CR 11-5-1-2-1, 16-4-4 (R21): with Security A. totalling -1 the attacker checks 0 cards and cannot win."""
    from boards import with_modifier

    s0 = initial_state(board(side("BT1-080"), side(security=())), cards())
    s0 = with_modifier(s0, "A", 0, "security_a", amount=-1, owner="B")
    h = play_from(s0, attack())
    assert h[-1].winner is None
    assert "CR 11-5-1-2-1" in rules_cited(h)


def test_zero_checks_checks_nothing() -> None:
    """CR 16-4-4 (R21 a): 1 - 3 + 1 = -1 checks -> 0 cards; the security stack is untouched."""
    from boards import with_modifier

    s0 = initial_state(board(side("BT1-080"), side(security=("BT1-064", "ST3-03"))), cards())
    s0 = with_modifier(s0, "A", 0, "security_a", amount=-3, owner="B")
    s0 = with_modifier(s0, "A", 0, "security_a", amount=1, duration="turn")
    h = play_from(s0, attack())
    assert len(h[-1].players[1].security) == 2


def test_every_timing_gets_a_step() -> None:
    """CR 11-1-3: declaration, counter, block, confirmation and end of attack are all shown, even with
    nothing to do."""
    h = play(board(side("BT1-080"), side(security=("BT1-064",))), attack())
    path = [s.attack.path for s in h if s.attack is not None][-1]
    assert list(path[:4]) == ["attack declaration", "counter timing", "block timing", "confirming success"]
    assert "end of attack" in path and "attack over" in path
    notes = dict([s.attack.notes for s in h if s.attack is not None][-1])
    assert notes["counter timing"] == "no [Counter] effect"
    assert notes["block timing"] == "no <Blocker>"


def test_placed_this_turn_cannot_attack() -> None:
    """CR 7-1-2-1: a Digimon placed this turn cannot attack; the refusal names the rule."""
    s0 = initial_state(board(side(stack("BT1-080", placed=True)), side()), cards())
    with pytest.raises(IllegalAction, match="7-1-2-1"):
        begin(s0, attack())


def test_only_suspended_digimon_can_be_attacked() -> None:
    """CR 11-2-7-1: an unsuspended opposing Digimon is not a legal attack target."""
    s0 = initial_state(board(side("BT1-080"), side("BT1-064")), cards())
    with pytest.raises(IllegalAction, match="11-2-7-1"):
        begin(s0, attack(target=0))


def test_memory_crossing_does_not_stop_the_attack_and_turn_ends_after() -> None:
    """CR 6-1-4-1 (wiki Attack ex. 3, QA Q990): MetalGreymon's [When Attacking] takes memory to the opponent's
    side; the attack still checks 3 cards (Holy Flame's [Security] cuts it to 2) and the turn passes only
    after the attack."""
    setup = board(side("BT1-114"), side("BT4-042", security=("ST3-15", "ST3-04", "BT1-064")), memory=3)
    h = play(setup, attack(), ["Don't block"])
    end = h[-1]
    assert names(end, "B", "security") == ["BT1-064"]  # 2 checked: Holy Flame, then Patamon
    assert names(end, "A", "battle") == ["BT1-114"]
    assert end.turn_player == 1 and memory_a(end) == -2


def test_no_attack_during_an_attack() -> None:
    """CR 11-2-4 (R07, QA Q4728): a "may attack" effect processed during [End of Attack] does nothing."""
    lib = cards({
        "number": "T-001", "name": "Encoremon", "level": 6, "colors": ["Red"], "dp": 12000,
        "effects": [{"timing": "End of Attack", "actions": [{"do": "may_attack"}],
                     "summary": "Another Digimon may attack (test card)."}],
        "summary": "Test card.",
    })
    from digiteach.effects import MayAttack  # noqa: F401

    h = play(board(side("T-001"), side(security=("BT1-064", "BT1-064"))), attack(), cards=lib)
    assert h[-1].attacks_declared == 1
    assert "CR 11-2-4" in rules_cited(h)


def test_begin_refuses_during_processing() -> None:
    """CR 6-5-1: no action while processing is unresolved."""
    setup = board(side("BT1-081"), side("ST4-08", security=()))
    s1 = begin(initial_state(setup, cards()), attack())
    with pytest.raises(IllegalAction, match="6-5-1"):
        begin(s1, Action("pass"))
    _ = StackRef


def test_pass_sets_memory_to_three_on_the_opponents_side() -> None:
    """CR 6-5-1-7-1: passing sets the memory gauge to 3 on the opponent's side and the turn passes."""
    h = play(board(side("BT1-080"), side(), memory=5), Action("pass"))
    assert h[-1].turn_player == 1 and h[-1].memory == 3
    assert "CR 6-5-1-7-1" in rules_cited(h)


def test_digivolving_keeps_placed_this_turn() -> None:
    """CR 7-1-2-1 (Rule Manual 6.0): digivolving a Digimon placed this turn does not let it attack."""
    setup = board(side(stack("BT2-075", placed=True), hand=("BT2-079",)), side(), memory=6)
    h = play(setup, Action("digivolve", card=StackRef("A", 0), hand_card="BT2-079"))
    assert names(h[-1], "A", "battle") == ["BT2-079"]
    with pytest.raises(IllegalAction, match="7-1-2-1"):
        begin(h[-1], attack())


def test_steps_say_where_the_wiki_differs() -> None:
    """docs/wiki-vs-cr.md, A1, A2, A4: the steps name the CR rule and say how the wiki's procedure differs."""
    h = play(board(side("BT1-080"), side(stack("BT5-111", "BT1-080", "BT1-080"), security=("BT1-064",))), attack(),
             ["Don't activate"])
    assert any("separate later timing" in s.differs for s in h)
    h = play(board(side("BT2-079"), side(security=("BT1-064", "ST3-04"))), attack())
    assert any("once per <Security A.>" in s.differs for s in h)
    h = play(board(side("BT2-075"), side(security=("BT2-075",))), attack())
    assert any("equal DP also deletes" in s.differs for s in h)
