"""The rule an [X Per Turn] activation and an empty <Blocker> check cite (judge, session 16): an ordinary activation
spends its count under CR 15-14-1-1, and CR 15-14-1-4 ("uses a count even if nothing happens") is cited only where
the activation did nothing; "no unsuspended Digimon with <Blocker> that can block" is decided by CR 12-1-4 (a blocker
must be able to suspend) with 16-5."""

from __future__ import annotations

from boards import attack, board, cards, play, side, stack


def _mon(number: str, dp: int, effects: list[dict[str, object]] | None = None, **more: object) -> dict[str, object]:
    return {"number": number, "name": f"Test {number}", "level": 5, "colors": ["Red"], "dp": dp, "play_cost": 5,
            "effects": effects or [], "summary": "Test card.", **more}


BOOST = _mon("T-400", 5000, [{"timing": "When Attacking", "once_per_turn": True, "summary": "+1000 DP.",
                              "actions": [{"do": "dp", "target": "this", "amount": 1000, "duration": "turn"}]}])
UNSUSPEND = _mon("T-401", 5000, [{"timing": "When Attacking", "once_per_turn": True, "summary": "Unsuspend 1 of your "
                                  "opponent's Digimon.", "actions": [{"do": "unsuspend", "target": {
                                      "who": "all", "whose": "opponent"}}]}])


def _activation_rules(answers: list[str], attacker: str, *defenders: object) -> tuple[str, ...]:
    h = play(board(side(attacker), side(*defenders, security=("BT1-064",))), attack(), answers,
             cards=cards(BOOST, UNSUSPEND, _mon("T-402", 3000, keywords=["Blocker"])))
    steps = [s for s in h if "activates [When Attacking]" in s.caption]
    assert len(steps) == 1, [s.caption for s in h]
    return tuple(steps[0].rules)


def test_an_ordinary_once_per_turn_activation_cites_15_14_1_1() -> None:
    rules = _activation_rules([], "T-400")
    assert "CR 15-14-1-1" in rules and "CR 15-14-1-4" not in rules


def test_a_once_per_turn_activation_that_did_nothing_cites_15_14_1_4() -> None:
    rules = _activation_rules([], "T-401")  # B has no Digimon to unsuspend: mandatory, so it activates for nothing
    assert "CR 15-14-1-4" in rules


def test_no_blocker_able_to_block_cites_12_1_4() -> None:
    h = play(board(side("T-400"), side(stack("T-402", suspended=True), security=("BT1-064",))), attack(),
             cards=cards(BOOST, _mon("T-402", 3000, keywords=["Blocker"])))
    steps = [s for s in h if "no unsuspended Digimon with <Blocker> that can block" in s.caption]
    assert len(steps) == 1 and {"CR 12-1-4", "CR 16-5"} <= set(steps[0].rules)
    assert "CR 12-1" not in steps[0].rules
