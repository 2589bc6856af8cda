"""Targets the rules never allow, whatever the effect's text selects (findings of an adversarial tester): each test
names the rule it checks. Where the selector names only illegal targets the action does nothing (CR 1-3-2)."""

from __future__ import annotations

import pytest

from boards import attack as attack_player
from boards import board, cards, names, play, side
from digiteach.cards import CardDataError, card_from_dict
from digiteach.engine.query import dp
from digiteach.state import PLAYER_TARGET

SELF_BATTLE = {"number": "SB-1", "name": "Brawlmon", "level": 5, "colors": ["Red"], "dp": 7000, "play_cost": 5,
               "effects": [{"timing": "When Attacking", "summary": "This Digimon battles every one of yours.",
                            "actions": [{"do": "battle", "target": {"who": "all", "whose": "you"}}]},
                           {"timing": "On Deletion", "summary": "Draw 1.", "actions": [{"do": "draw", "amount": 1}]}],
               "summary": "Test Digimon whose battle could name itself."}
WRONG_SWITCH = {"number": "SW-1", "name": "Switchmon", "level": 4, "colors": ["Blue"], "dp": 5000, "play_cost": 5,
                "effects": [{"timing": "Counter", "summary": "Switch the attack target to one of the attacker's side.",
                             "actions": [{"do": "switch_target", "target": {"who": "all", "whose": "opponent"}}]}],
                "summary": "Test Digimon whose switch names only the attacking player's Digimon."}


def test_a_digimon_never_battles_itself() -> None:
    """CR 14-1 (a battle compares the DP of two cards): "battles all your Digimon" leaves this Digimon out; with
    no other Digimon of yours nothing happens (CR 1-3-2): no tie with itself, no deletion, no [On Deletion]."""
    setup = board(side("SB-1"), side("ST4-08", security=("ST3-04",) * 2))
    h = play(setup, attack_player(), ["Don't block"], cards=cards(SELF_BATTLE))
    end = h[-1]
    assert names(end, "A", "battle") == ["SB-1"]
    assert names(end, "A", "trash") == []
    assert len(end.players[1].security) == 1  # the attack went on and checked one card


def test_an_attack_target_is_never_the_attacking_players_digimon() -> None:
    """CR 11-2-7-1, 11-2-7-3: the attack target is the opponent or one of the opponent's Digimon, never the
    attacker nor another of the attacking player's Digimon; a switch naming only those does nothing (CR 1-3-2)."""
    setup = board(side("BT1-064", "ST3-03"), side("SW-1", security=("ST3-04",) * 2))
    h = play(setup, attack_player(), ["Activate [Counter] of SW-1 Switchmon", "Don't block"],
             cards=cards(WRONG_SWITCH))
    assert all(s.attack is None or s.attack.target == PLAYER_TARGET for s in h)
    assert len(h[-1].players[1].security) == 1


@pytest.mark.parametrize("action, field", [
    ({"do": "battle", "target": "this"}, "target"),
    ({"do": "switch_target", "target": "attacker"}, "target"),
    ({"do": "play_token", "token": "TOKEN-1", "count": 11}, "count"),
    ({"do": "play_token", "token": "TOKEN-1", "count": 0}, "count"),
])
def test_the_loader_refuses_what_no_board_allows(action: dict[str, object], field: str) -> None:
    """CR 14-1, 11-2-7-1 at load time, and the token count bound (digiteach.limits.TOKEN_COUNT)."""
    data = {"number": "XX-1", "name": "Testmon", "level": 4, "dp": 5000, "summary": "t",
            "effects": [{"timing": "When Attacking", "summary": "s", "actions": [action]}]}
    with pytest.raises(CardDataError) as err:
        card_from_dict(data)
    assert err.value.path == ("effects", 0, "actions", 0, field)


def test_when_attacking_switch_to_your_own_digimon_is_refused() -> None:
    """CR 11-2-7-1: a [When Attacking] effect's player is the attacking player, so its switch can only name the
    opponent's Digimon; ``whose: you`` or ``this`` is refused at load."""
    for target in ("this", {"who": "choose", "whose": "you"}, {"who": "all", "whose": "any"}):
        data = {"number": "XX-1", "name": "Testmon", "level": 4, "dp": 5000, "summary": "t",
                "effects": [{"timing": "When Attacking", "summary": "s",
                             "actions": [{"do": "switch_target", "target": target}]}]}
        with pytest.raises(CardDataError):
            card_from_dict(data)


PARADOX = {"number": "PX-1", "name": "Paradoxmon", "level": 5, "colors": ["Red"], "dp": 7000, "play_cost": 5,
           "effects": [{"persistent": {"kind": "dp", "amount": -3000}, "condition": {"kind": "dp_at_least", "n": 5000},
                        "summary": "-3000 DP while this Digimon has 5000 DP or more."}],
           "summary": "Test Digimon whose persistent effect's condition reads its own DP."}


def test_a_persistent_effect_reads_its_condition_without_itself() -> None:
    """CR 15-8-2, 15-6: "-3000 DP while this Digimon has 5000 DP or more" is read on the board without that same
    effect (7000 DP: the condition holds), so it applies once: 4000 DP, a defined answer rather than a loop."""
    setup = board(side("PX-1"), side("ST4-08"))
    h = play(setup, attack_player(), ["Don't block"], cards=cards(PARADOX))
    s = h[0]
    assert dp(s, s.players[0].battle[0].iid) == 4000


TOKEN_MAKER = {"number": "TM-1", "name": "Foxmon", "level": 5, "colors": ["Yellow"], "dp": 7000, "play_cost": 5,
               "effects": [{"timing": "When Attacking", "summary": "Play 3 Pipe Fox tokens.",
                            "actions": [{"do": "play_token", "token": "TOKEN-1", "count": 3}]}],
               "summary": "Test Digimon that plays tokens."}


def test_tokens_stop_at_the_battle_area_limit() -> None:
    """CR 4-21 tokens, bounded by this kit's 50 stacks per Battle Area (digiteach.limits.BATTLE_AREA_STACKS): with
    48 stacks, 2 of the 3 tokens are played and the caption says why no more are."""
    from digiteach.limits import BATTLE_AREA_STACKS

    setup = board(side("TM-1", *["ST3-03"] * 47), side("ST4-08", security=("ST3-04",) * 2))
    h = play(setup, attack_player(), ["Don't block"], cards=cards(TOKEN_MAKER))
    assert max(len(s.players[0].battle) for s in h) == BATTLE_AREA_STACKS
    assert any(str(BATTLE_AREA_STACKS) in s.caption and "token" in s.caption for s in h)
