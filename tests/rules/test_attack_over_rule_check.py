"""The rule check when the attack is over (CR 11-6-2, 17-1-3-1-1): its caption says a Digimon is at 0 DP because
the effects that lasted for the attack ended only when such an effect did end on it there."""

from __future__ import annotations

from boards import attack as attack_player
from boards import board, captions, cards, play, side
from digiteach.terms import AttackTiming

SHRINKER = {"number": "TA1-170", "name": "Shrinker", "level": 5, "colors": ["Red"], "dp": 7000, "play_cost": 5,
            "effects": [{"timing": "When Attacking",
                         "actions": [{"do": "dp", "target": {"who": "choose", "whose": "opponent", "count": 1},
                                      "amount": -5000, "duration": "turn"}],
                         "summary": "1 of your opponent's Digimon gets -5000 DP for the turn."}],
            "summary": "Test Digimon whose [When Attacking] lowers DP for the turn."}
IMMORTAL = {"number": "TB1-560", "name": "Immortal", "level": 4, "colors": ["Blue"], "dp": 3000, "play_cost": 3,
            "keywords": ["Blocker"], "effects": [{"persistent": {"kind": "cant_be_deleted"},
                                                  "summary": "It can't be deleted."}],
            "summary": "Test Digimon with <Blocker> that can't be deleted."}


def test_zero_dp_for_the_turn_is_not_blamed_on_the_attack_ending() -> None:
    """CR 1-3-8, 11-6-2, 17-1-3-1-1: -5000 DP for the turn keeps the blocker at 0 DP after the attack; no effect
    that lasted for the attack ended there, so the attack-over rule check must not say it is at 0 DP because such
    effects ended (an outside tester's s69)."""
    setup = board(side("TA1-170"), side("TB1-560", security=("ST3-03",) * 3))
    h = play(setup, attack_player(), ["Block with TB1-560 Immortal"], cards=cards(SHRINKER, IMMORTAL))
    over = [s for s in h if s.attack is not None and s.attack.timing is AttackTiming.ATTACK_OVER
            and "0 DP" in s.caption]
    assert over, captions(h)
    assert all("lasted for the attack" not in s.caption for s in over), captions(h)
    assert "is at 0 DP and will be deleted" in over[0].caption
