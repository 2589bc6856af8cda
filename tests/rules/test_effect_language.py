"""The effect language (cards README): selectors, persistent effects on other cards, overall vs individual
processing (CR 15-11), conditions, trigger filters, replacement effects, costs and the new actions. Each test
builds small cards in the dict form, as a user would, and names the rule it checks."""

from __future__ import annotations

from boards import attack, board, cards, names, play, side, stack
from digiteach.engine import initial_state
from digiteach.engine.query import cant_block, dp, security_a
from digiteach.setup import Action, InForce
from digiteach.cards.reader import Reader


def _digimon(number: str, name: str, dp_: int, **extra: object) -> dict[str, object]:
    return {"number": number, "name": name, "level": 4, "colors": ["Red"], "dp": dp_, "play_cost": 3,
            "summary": "Test Digimon.", **extra}


SHRINKER = _digimon("L-1", "Shrinkmon", 5000, effects=[
    {"scope": "Your Turn", "persistent": {"kind": "dp", "amount": -2000, "target": {"who": "all", "whose": "opponent"}},
     "summary": "On your turn, opposing Digimon get -2000 DP."}])
PLAIN = _digimon("L-2", "Plainmon", 4000)
RED = _digimon("L-R", "Redmon", 1000)
LATE = _digimon("L-3", "Latemon", 6000, play_cost=0)


def test_a_persistent_effect_on_other_cards_reaches_a_digimon_played_later() -> None:
    """CR 15-11-2-2 (QA Q1907): "all of your opponent's Digimon get -2000 DP" while in force also affects a Digimon
    that enters the Battle Area afterwards."""
    lib = cards(SHRINKER, PLAIN, LATE)
    s = initial_state(board(side("L-1"), side("L-2")), lib)
    assert dp(s, s.players[1].battle[0].iid) == 2000 and dp(s, s.players[0].battle[0].iid) == 5000
    h = play(board(side("L-1"), side("L-2", hand=("L-3",)), turn="B"), Action("play", hand_card="L-3"), cards=lib)
    late = h[-1].players[1].battle[-1].iid
    assert dp(h[-1], late) == 6000  # [Your Turn] of A's card: not in force on B's turn
    s2 = initial_state(board(side("L-1", "L-3"), side("L-2")), lib)
    assert dp(s2, s2.players[0].battle[1].iid) == 6000  # its own side is not named


ALL_SHRINK = {"number": "L-O1", "name": "Wide Shrink", "kind": "Option", "colors": ["Red"], "use_cost": 0,
              "effects": [{"timing": "Main", "actions": [
                  {"do": "dp", "target": {"who": "all", "whose": "opponent"}, "amount": -3000, "duration": "turn"},
                  {"do": "play", "source": "hand", "kind": "Digimon"}],
                  "summary": "All opposing Digimon get -3000 DP for the turn; then play a Digimon from hand."}],
              "summary": "Test Option."}
ONE_SHRINK = {"number": "L-O2", "name": "Narrow Shrink", "kind": "Option", "colors": ["Red"], "use_cost": 0,
              "effects": [{"timing": "Main", "actions": [
                  {"do": "dp", "target": {"whose": "opponent"}, "amount": -3000, "duration": "turn"}],
                  "summary": "One opposing Digimon gets -3000 DP for the turn."}],
              "summary": "Test Option."}


def test_overall_processing_reaches_digimon_placed_later_individual_does_not() -> None:
    """CR 15-11-2-2 against CR 15-11-1-1: "all of your opponent's Digimon get -3000 DP for the turn" is overall
    processing, so a Digimon the opponent gets later in the turn has it too; "1 of your opponent's Digimon" is
    individual processing and stays on the chosen one."""
    lib = cards(ALL_SHRINK, ONE_SHRINK, PLAIN, LATE, RED)
    h = play(board(side("L-R", hand=("L-O2",)), side("L-2", "L-3")), Action("use", hand_card="L-O2"), ["Choose L-2"],
             cards=lib)
    end = h[-1]
    assert [dp(end, st.iid) for st in end.players[1].battle] == [1000, 6000]
    # "all of your opponent's suspended Digimon": a blocker that suspends later in the turn is reached
    sus = {**ALL_SHRINK, "number": "L-O4", "effects": [{"timing": "Main", "actions": [
        {"do": "dp", "target": {"who": "all", "whose": "opponent", "suspended": True}, "amount": -3000,
         "duration": "turn"}], "summary": "All suspended opposing Digimon get -3000 DP for the turn."}]}
    blocker = _digimon("L-B4", "Wallmon", 4000, keywords=["Blocker"])
    lib = cards(sus, blocker, RED)
    fighter = _digimon("L-F", "Fightmon", 3000)
    lib = cards(sus, blocker, RED, fighter, PLAIN)
    h = play(board(side("L-F", "L-R", hand=("L-O4",)), side("L-B4", security=("ST3-04",))),
             Action("use", hand_card="L-O4"), cards=lib)
    from digiteach.engine import begin, run

    end = run(begin(h[-1], attack()), ["Block with L-B4"])[-1]
    assert names(end, "B", "trash") == ["L-B4"] and names(end, "A", "battle") == ["L-F", "L-R"]
    # a set change: the modifier has no Digimon of its own; a Digimon matching later is reached
    s = initial_state(board(side(), side("L-2")), lib)
    s = _with_in_force(s, lib, {"player": "A", "do": "dp", "target": {"who": "all", "whose": "opponent"},
                                "amount": -3000, "duration": "turn"})
    assert dp(s, s.players[1].battle[0].iid) == 1000


def _with_in_force(s: object, lib: object, data: dict[str, object]) -> object:
    from digiteach.engine import in_force

    data = dict(data)
    player = data.pop("player")
    return in_force(s, (InForce(player=player, action=Reader("<test>").action(data, [])),))  # type: ignore[arg-type]


def test_effects_in_force_at_the_start_of_a_scenario() -> None:
    """CR 15-11-2-2 via ``setup.in_force``: a change made before the scenario starts ("all of B's Digimon get
    <Security A. -1> until the end of B's turn") is on the board from the first step, also for a Digimon B plays."""
    lib = cards(PLAIN, LATE)
    change = InForce(player="A", action=Reader("<test>").action(
        {"do": "security_a", "target": {"who": "all", "whose": "opponent"}, "amount": -1,
         "duration": "opponent_turn_end"}, []))
    setup = board(side(), side("L-2", hand=("L-3",)), turn="B")
    from dataclasses import replace

    setup = replace(setup, in_force=(change,))
    h = play(setup, Action("play", hand_card="L-3"), cards=lib)
    end = h[-1]
    assert [security_a(end, st.iid) for st in end.players[1].battle] == [-1, -1]


CANT_BLOCK = {"number": "L-T1", "name": "Wall Breaker", "kind": "Tamer", "colors": ["Red"], "play_cost": 2,
              "effects": [{"scope": "Your Turn", "persistent": {"kind": "cant_block",
                                                                "target": {"who": "all", "whose": "opponent"}},
                           "summary": "On your turn, opposing Digimon can't block."}],
              "summary": "Test Tamer."}
BLOCKER = _digimon("L-B", "Blockmon", 9000, keywords=["Blocker"])


def test_the_opponents_digimon_cant_block() -> None:
    """CR 12-1, 15-11-2-3-1: "your opponent's Digimon can't block" stops every opposing <Blocker>; the attack
    reaches the security check."""
    lib = cards(CANT_BLOCK, BLOCKER, PLAIN)
    setup = board(side("L-2", "L-T1"), side("L-B", security=("ST3-04",)))
    s = initial_state(setup, lib)
    assert cant_block(s, s.players[1].battle[0].iid)
    end = play(setup, attack(), cards=lib)[-1]
    assert names(end, "B", "security") == [] and end.attacks_declared == 1


SAFE = _digimon("L-S", "Safemon", 3000, effects=[
    {"persistent": {"kind": "cant_be_deleted", "cause": "opponent_effect"},
     "summary": "Can't be deleted by the opponent's effects."}])
KILL = {"number": "L-O3", "name": "Strike", "kind": "Option", "colors": ["Red"], "use_cost": 0,
        "effects": [{"timing": "Main", "actions": [{"do": "delete", "target": {"who": "all", "whose": "opponent"}}],
                     "summary": "Delete all opposing Digimon."}], "summary": "Test Option."}


def test_cant_be_deleted_by_the_opponents_effects() -> None:
    """CR 15-8-5: "can't be deleted by your opponent's effects" keeps the Digimon; the other one is deleted."""
    lib = cards(SAFE, KILL, PLAIN, RED)
    end = play(board(side("L-R", hand=("L-O3",)), side("L-S", "L-2")), Action("use", hand_card="L-O3"),
               cards=lib)[-1]
    assert names(end, "B", "battle") == ["L-S"] and names(end, "B", "trash") == ["L-2"]


COSTLY = _digimon("L-C", "Costmon", 4000, effects=[
    {"timing": "On Play", "optional": True, "actions": [
        {"do": "move", "target": {"whose": "you", "area": "hand", "kind": "any"}, "to": "deck_bottom", "cost": True},
        {"do": "draw", "amount": 2}],
     "summary": "You may return 1 card from hand to the bottom of the deck to draw 2."}], play_cost=0)


def test_a_cost_returning_a_card_to_the_bottom_of_the_deck() -> None:
    """CR 15-7-2: "by returning 1 card from your hand to the bottom of your deck, draw 2": with a card to return the
    rest happens; with an empty hand the cost fails and nothing is drawn."""
    lib = cards(COSTLY)
    end = play(board(side(hand=("L-C", "BT1-064")), side()), Action("play", hand_card="L-C"), ["Activate"],
               cards=lib)[-1]
    assert names(end, "A", "deck")[-1] == "BT1-064" and len(names(end, "A", "hand")) == 2
    end = play(board(side(hand=("L-C",)), side()), Action("play", hand_card="L-C"), ["Activate"], cards=lib)[-1]
    assert names(end, "A", "hand") == []


CHOOSER = _digimon("L-CH", "Choosemon", 4000, play_cost=0, effects=[
    {"timing": "On Play", "actions": [{"do": "choose_one", "choices": [
        {"summary": "Gain 2 memory.", "actions": [{"do": "gain_memory", "amount": 2}]},
        {"summary": "Draw 1.", "actions": [{"do": "draw", "amount": 1}]}]}],
     "summary": "Choose one: gain 2 memory, or draw 1."}])


def test_choose_one_of_the_following() -> None:
    """CR 15-10-2: "choose one of the following": only the chosen actions are processed."""
    lib = cards(CHOOSER)
    end = play(board(side(hand=("L-CH",)), side()), Action("play", hand_card="L-CH"), ["Draw 1."], cards=lib)[-1]
    assert len(names(end, "A", "hand")) == 1 and end.memory == 3


GRANTER = _digimon("L-G", "Grantmon", 4000, play_cost=0, effects=[
    {"timing": "On Play", "actions": [{"do": "grant_effect", "target": {"whose": "you", "other": True},
                                       "effect": {"timing": "When Attacking", "actions": [{"do": "gain_memory",
                                                                                          "amount": 1}],
                                                  "summary": "Gain 1 memory."},
                                       "duration": "turn"}],
     "summary": "1 of your other Digimon gains '[When Attacking] gain 1 memory' for the turn."}])


def test_granted_when_attacking_effect_activates() -> None:
    """CR 15-15 (an effect that gains an effect): the Digimon given "[When Attacking] gain 1 memory" for the turn
    activates it when it attacks."""
    lib = cards(GRANTER, PLAIN)
    setup = board(side("L-2", hand=("L-G",)), side(security=("ST3-04",)), memory=3)
    h = play(setup, Action("play", hand_card="L-G"), cards=lib)
    from digiteach.engine import begin, run

    s = begin(h[-1], attack())
    end = run(s, [])[-1]
    assert any("[When Attacking]" in t for k, t in end.log if k == "activated")


WATCH_BLOCKED = _digimon("L-W", "Watchmon", 8000, effects=[
    {"when": {"event": "is_blocked", "whose": "this"}, "actions": [{"do": "gain_memory", "amount": 1}],
     "summary": "When this Digimon is blocked, gain 1 memory."},
    {"when": {"event": "wins_battle", "whose": "this"}, "actions": [{"do": "gain_memory", "amount": 1}],
     "summary": "When this Digimon wins a battle, gain 1 memory."}])


def test_blocked_and_wins_a_battle_are_the_attackers_events() -> None:
    """CR 12-1-7 and 14-2-1: "when this Digimon is blocked" is the attacker's event of the block; "when this
    Digimon wins a battle" triggers for the winner of the battle against the blocker."""
    lib = cards(WATCH_BLOCKED, BLOCKER)
    blocker = {**BLOCKER, "dp": 3000, "number": "L-B3", "name": "Smallblock"}
    lib = cards(WATCH_BLOCKED, blocker)
    h = play(board(side("L-W"), side("L-B3", security=("ST3-04",)), memory=0), attack(),
             ["Block with L-B3"], cards=lib)
    end = h[-1]
    acts = [t for k, t in end.log if k == "activated"]
    assert len([t for t in acts if "Watchmon" in t]) == 2
    assert names(end, "B", "trash") == ["L-B3"]


KEYWORD_WATCH = _digimon("L-K", "Mournmon", 4000, effects=[
    {"when": {"event": "deleted", "whose": "you", "keyword": "Blocker", "cause": "battle/rule"},
     "actions": [{"do": "draw", "amount": 1}],
     "summary": "When another Digimon of yours with <Blocker> is deleted in battle or at 0 DP, draw 1."}])


def test_trigger_filter_with_a_keyword_and_two_causes() -> None:
    """CR 15-5 (trigger conditions): "when one of your Digimon with <Blocker> is deleted in battle or by 0 DP"
    triggers for the blocker that loses its battle."""
    lib = cards(KEYWORD_WATCH, BLOCKER, WATCH_BLOCKED)
    small = {**BLOCKER, "dp": 3000, "number": "L-B3", "name": "Smallblock"}
    lib = cards(KEYWORD_WATCH, small, WATCH_BLOCKED)
    end = play(board(side("L-W"), side("L-B3", "L-K", security=("ST3-04",)), memory=0), attack(),
               ["Block with L-B3"], cards=lib)[-1]
    assert any("Mournmon" in t for k, t in end.log if k == "activated")


def test_condition_exists_over_a_selector() -> None:
    """CR 15-6: "if you have a Digimon with [Shrink] in its name" and "if this Digimon has 5000 DP or more" are
    conditions over a selector (``exists``)."""
    from digiteach.effects import Cond, Sel
    from digiteach.engine.query import condition_met

    lib = cards(SHRINKER, PLAIN)
    s = initial_state(board(side("L-1", stack("L-2", "L-1")), side()), lib)
    me = s.players[0].battle[0].iid
    assert condition_met(s, Cond("exists", target=Sel(whose="you", name_contains="Shrink")), 0, me, None)
    assert not condition_met(s, Cond("exists", target=Sel(whose="opponent")), 0, me, None)
    assert condition_met(s, Cond("exists", target=Sel(who="this", min_dp=5000)), 0, me, None)
    under = s.players[0].battle[1].iid
    assert condition_met(s, Cond("exists", target=Sel(area="digivolution_cards", name_contains="Shrink")), 0, under,
                         None)


MAIN_PHASE_TAMER = {"number": "L-T2", "name": "Morning Tamer", "kind": "Tamer", "colors": ["Red"], "play_cost": 2,
                    "effects": [{"timing": "Start of Your Main Phase", "actions": [{"do": "gain_memory", "amount": 1}],
                                 "summary": "At the start of your main phase, gain 1 memory."}],
                    "summary": "Test Tamer."}


def test_start_of_your_main_phase() -> None:
    """CR 15-16-13-1: [Start of Your Main Phase] triggers when its player's main phase begins (after the breeding
    phase), not on the opponent's: A passes (the gauge goes to 3 on B's side), B's Tamer then gives B 1 more."""
    lib = cards(MAIN_PHASE_TAMER)
    h = play(board(side("L-T2"), side("L-T2")), Action("pass"), cards=lib)
    end = h[-1]
    assert end.turn_player == 1 and end.phase.value == "main phase"
    assert [t for k, t in end.log if k == "activated"] == ["Activate [Start of Your Main Phase] of L-T2 Morning Tamer: +1 memory"]
    assert end.memory == 4
