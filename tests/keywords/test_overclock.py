"""<Overclock ([X] trait)> (CR 16-34) and the card filter ``or_token`` it is built from. Each test names the rule or
Q&A it follows; the cards are test cards with nothing but what the test needs."""

from __future__ import annotations

from typing import Any

import pytest

from boards import activated, attack, board, captions, cards, names, play, rules_cited, side, stack
from digiteach.cards import CardDataError, card_from_dict
from digiteach.keywords import keyword_spec, parse_keyword
from digiteach.setup import Action
from digiteach.state import State

END = Action("end_turn")
USE = "Activate <Overclock"


def mon(number: str, dp: int, *keywords: str, traits: tuple[str, ...] = (), **more: Any) -> dict[str, Any]:
    """A test Digimon card with only ``keywords`` and ``traits``."""
    return {"number": number, "name": f"Test {number}", "level": 5, "colors": ["Yellow"], "dp": dp, "play_cost": 5,
            "keywords": list(keywords), "traits": list(traits), "summary": "Test card.", **more}


def token(number: str, dp: int = 3000, **more: Any) -> dict[str, Any]:
    """A test token (CR 4-21) with no trait."""
    return {"number": number, "name": f"Token {number}", "token": True, "colors": ["Yellow"], "dp": dp,
            "summary": "Test token.", **more}


CLOCK = mon("T-400", 7000, "Overclock ([Puppet] trait)", traits=("Puppet",))
PUPPET = mon("T-401", 3000, traits=("Puppet",))
PLAIN = mon("T-403", 3000, traits=("Beast",))
TOKEN = token("T-402")
LIB = cards(CLOCK, PUPPET, PLAIN, TOKEN, mon("T-404", 2000, "Blocker"), mon("T-405", 3000))


def offered(h: list[State], kind: str) -> list[list[str]]:
    """The labels of every decision of ``kind`` in the history."""
    return [[o.label for o in s.decision.options] for s in h if s.decision and s.decision.kind == kind]


def test_overclock_deletes_a_token_and_attacks_the_player_without_suspending() -> None:
    """CR 16-34-1: at the end of its turn the Digimon deletes a token of its player and attacks the opponent without
    suspending; it stays unsuspended and the security card is checked."""
    h = play(board(side("T-400", "T-402"), side(security=("ST3-04", "ST3-03")), memory=-1), END,
             [USE, "Attack Player B"], cards=LIB)
    end = h[-1]
    assert names(end, "A", "battle") == ["T-400"]
    assert not end.players[0].battle[0].suspended
    assert names(end, "B", "security") == ["ST3-03"], captions(h)
    assert end.attacks_declared == 1
    assert {"CR 16-34-1", "CR 16-34-3", "CR 11-2-8-1"} <= rules_cited(h)


def test_its_player_chooses_a_token_or_another_digimon_with_the_trait() -> None:
    """CR 16-34-1: a token (whatever its traits) or another [Puppet] Digimon may be deleted, never the Digimon itself
    nor one without the trait; the effect's player chooses which."""
    h = play(board(side("T-400", "T-401", "T-402", "T-403"), side(security=("ST3-04",)), memory=-1), END,
             [USE, "Choose T-401", "Attack Player B"], cards=LIB)
    assert offered(h, "target") == [["Choose T-401 Test T-401", "Choose T-402 Token T-402"]]
    assert names(h[-1], "A", "battle") == ["T-400", "T-402", "T-403"]
    assert names(h[-1], "A", "trash") == ["T-401"]
    assert h[-1].attacks_declared == 1


def test_only_the_player_can_be_attacked() -> None:
    """CR 16-34-1: "attacks a player": a suspended opposing Digimon is not offered as the target."""
    h = play(board(side("T-400", "T-402"), side(stack("T-405", suspended=True), security=("ST3-04",)), memory=-1),
             END, [USE, "Attack Player B"], cards=LIB)
    assert offered(h, "attack target") == [["Attack Player B"]]
    assert names(h[-1], "B", "battle") == ["T-405"]


def test_a_suspended_overclock_digimon_attacks_all_the_same() -> None:
    """CR 16-34-1 with QA Q4418/Q4998 (attacks without suspending): the Digimon that attacked earlier in the turn
    attacks again; the CR is silent on a suspended <Overclock> Digimon, the Q&A on other such effects decides."""
    h = play(board(side(stack("T-400", suspended=True), "T-402"), side(security=("ST3-04", "ST3-03")), memory=-1),
             END, [USE, "Attack Player B"], cards=LIB)
    assert h[-1].attacks_declared == 1
    assert names(h[-1], "B", "security") == ["ST3-03"]
    assert "Q&A Q4418" in rules_cited(h)


def test_the_opponent_may_still_block() -> None:
    """CR 11-1-5, 12-1: every timing follows the declaration: B blocks with <Blocker> and no security card is
    checked."""
    h = play(board(side("T-400", "T-402"), side("T-404", security=("ST3-04",)), memory=-1), END,
             [USE, "Attack Player B", "Block with T-404"], cards=LIB)
    assert names(h[-1], "B", "battle") == []
    assert names(h[-1], "B", "security") == ["ST3-04"]


def test_with_nothing_to_delete_it_may_be_activated_but_does_not_attack() -> None:
    """CR 15-7-4: the optional condition may be chosen with nothing to delete; then it is not done and the attack
    does not happen (CR 15-7-2)."""
    h = play(board(side("T-400", "T-403"), side(security=("ST3-04",)), memory=-1), END, [USE], cards=LIB)
    assert activated(h[-1]) == ["Activate <Overclock ([Puppet] trait)> of T-400 Test T-400"]
    assert h[-1].attacks_declared == 0
    assert names(h[-1], "A", "battle") == ["T-400", "T-403"]
    assert names(h[-1], "B", "security") == ["ST3-04"]


def test_declined_it_deletes_nothing_and_does_not_attack() -> None:
    """CR 16-34-3: the deletion is optional; declining the effect leaves the token and makes no attack."""
    h = play(board(side("T-400", "T-402"), side(security=("ST3-04",)), memory=-1), END,
             ["Don't activate <Overclock"], cards=LIB)
    assert names(h[-1], "A", "battle") == ["T-400", "T-402"]
    assert h[-1].attacks_declared == 0


def test_it_does_not_trigger_at_the_end_of_the_opponents_turn() -> None:
    """CR 16-34-2: it triggers at the end of its player's own turn only."""
    h = play(board(side("T-405"), side("T-400", "T-402"), memory=-1), END, [], cards=LIB)
    assert activated(h[-1]) == []
    assert names(h[-1], "B", "battle") == ["T-400", "T-402"]


def test_the_deleted_tokens_effect_and_the_attack_trigger_together() -> None:
    """QA Q3847: the token's [On Deletion] and the attacker's [When Attacking] wait in one generation, and the turn
    player orders them."""
    dying = token("T-406", effects=[{"timing": "On Deletion", "actions": [{"do": "draw", "amount": 1}],
                                     "summary": "Draw 1."}])
    striking = mon("T-407", 7000, "Overclock ([Puppet] trait)", traits=("Puppet",), effects=[
        {"timing": "When Attacking", "actions": [{"do": "draw", "amount": 1}], "summary": "Draw 1."}])
    lib = cards(dying, striking)
    h = play(board(side("T-407", "T-406"), side(security=("ST3-04",)), memory=-1), END,
             [USE, "Attack Player B", "Activate [When Attacking]"], cards=lib)
    assert offered(h, "order") == [["Activate [On Deletion] of T-406 Token T-406: draw 1",
                                    "Activate [When Attacking] of T-407 Test T-407: draw 1"]]
    assert [a.split(" of ")[0] for a in activated(h[-1])] == [
        "Activate <Overclock ([Puppet] trait)>", "Activate [When Attacking]", "Activate [On Deletion]"]


def test_an_effect_that_stops_attacking_still_lets_the_deletion_happen() -> None:
    """CR 15-7-5: the optional condition may be done even when the attack then cannot be made ("can't attack")."""
    stopped = mon("T-408", 7000, "Overclock ([Puppet] trait)", traits=("Puppet",),
                  effects=[{"persistent": {"kind": "cant_attack"}, "summary": "Can't attack."}])
    h = play(board(side("T-408", "T-402"), side(security=("ST3-04",)), memory=-1), END, [USE],
             cards=cards(stopped, TOKEN))
    assert names(h[-1], "A", "battle") == ["T-408"]
    assert h[-1].attacks_declared == 0
    assert "an effect stops it attacking" in captions(h)


def test_the_keyword_table_entry() -> None:
    """The one keyword table names it as an effect keyword with a description, shown on the board (CR 16-34)."""
    spec = keyword_spec("Overclock")
    assert spec is not None and spec.kind == "effect" and spec.param and spec.shown and spec.section == "CR 16-34"
    effect = parse_keyword("Overclock ([Unidentified] Trait)")[0]
    assert effect.keyword == "Overclock ([Unidentified] trait)"  # type: ignore[union-attr]


@pytest.mark.parametrize(("text", "says"), [
    ("Overclock (Puppet)", "expected a trait in square brackets, e.g. Overclock ([Puppet] trait)"),
    ("Overclock", "is written with a description in round brackets, e.g. Overclock ([Puppet] trait)"),
])
def test_the_loader_names_a_bad_overclock(text: str, says: str) -> None:
    """A card with a malformed <Overclock> is refused at its field, saying what would be right."""
    with pytest.raises(CardDataError) as err:
        card_from_dict(mon("T-409", 5000, text), "my-cards.yaml")
    message = str(err.value)
    assert "my-cards.yaml" in message and "keywords.0" in message and says in message, message


def test_or_token_in_any_selector() -> None:
    """The filter is general: "delete all of your Tokens and [Puppet] trait Digimon" takes the token and the
    [Puppet] Digimon, not the others (CR 4-21, 15-10)."""
    wipe = mon("T-410", 9000, effects=[{"timing": "When Attacking", "actions": [
        {"do": "delete", "target": {"who": "all", "whose": "you", "trait": "Puppet", "or_token": True,
                                    "other": True}}], "summary": "Delete your tokens and other [Puppet] Digimon."}])
    h = play(board(side("T-410", "T-401", "T-402", "T-403"), side(security=("ST3-04",))),
             attack(), [], cards=cards(wipe, PUPPET, TOKEN, PLAIN))
    assert names(h[-1], "A", "battle") == ["T-410", "T-403"]


def test_a_learner_sees_the_keyword_and_the_attack_without_suspending() -> None:
    """The board shows <Overclock ([Puppet] trait)> on Cendrillmon (EX7-030) in ruling-Q3847, and the attack diagram
    and its text alternative note the declaration made without suspending (CR 16-34-1)."""
    from digiteach.diagrams.attack import attack_diagram, describe_attack
    from digiteach.diagrams.board import board_diagram
    from digiteach.scenario import load_scenario
    from digiteach.scenario import play as play_scenario

    trace = play_scenario(load_scenario("ruling-Q3847"))
    first = trace.steps[0]
    assert first.board.sides[0].battle_area[0].keywords == ("Overclock ([Puppet] trait)",)
    assert "Overclock ([Puppet] trait)" in board_diagram(first).source
    declared = next(st for st in trace.steps if st.attack is not None and st.attack.notes)
    assert "without suspending" in attack_diagram(declared).source
    assert "without suspending" in describe_attack(declared)


STUCK = mon("T-411", 8000, "Overclock ([Puppet] trait)", "Blocker", traits=("Puppet",),
            effects=[{"persistent": {"kind": "cant_suspend"}, "summary": "Can't suspend."}])
"""A Digimon that can't suspend (as BT19-101 ZeedMillenniummon with no digivolution cards)."""


def test_a_digimon_that_cant_suspend_attacks_by_overclock() -> None:
    """QA Q3185: <Overclock>'s attack is made without suspending, so a Digimon that can't suspend makes it (CR 11-2-5
    stops only an attack that suspends)."""
    h = play(board(side("T-411", "T-402"), side(security=("ST3-04", "ST3-03")), memory=-1), END,
             [USE, "Attack Player B"], cards=cards(STUCK, TOKEN))
    assert h[-1].attacks_declared == 1
    assert names(h[-1], "B", "security") == ["ST3-03"]
    assert "Q&A Q3185" in rules_cited(h)


def test_a_digimon_that_cant_suspend_cannot_declare_an_ordinary_attack() -> None:
    """CR 11-2-5: in the main phase the same Digimon may not attack, since the declaration would suspend it."""
    from digiteach.decisions import IllegalAction

    with pytest.raises(IllegalAction, match=r"CR 11-2-5"):
        play(board(side("T-411"), side(security=("ST3-04",))), attack(), [], cards=cards(STUCK))


def test_nothing_suspends_a_digimon_that_cant_suspend() -> None:
    """CR 1-3-2: an effect that suspends it does nothing, and says why; as a cost ("by suspending") it is not paid, so
    the rest of the effect does not happen (CR 15-7-2)."""
    pusher = mon("T-412", 6000, effects=[{"timing": "When Attacking", "actions": [
        {"do": "suspend", "target": {"who": "choose", "whose": "opponent"}},
        {"do": "suspend", "target": {"who": "choose", "whose": "you", "other": True}, "cost": True},
        {"do": "draw", "amount": 1}], "summary": "Suspend a rival; by suspending another of yours, draw 1."}])
    h = play(board(side("T-412", "T-411"), side("T-411", security=("ST3-04",))), attack(), [],
             cards=cards(pusher, STUCK))
    assert not h[-1].players[1].battle[0].suspended
    assert not h[-1].players[0].battle[1].suspended
    assert names(h[-1], "A", "hand") == []
    assert "can't suspend" in captions(h)


def test_a_blocker_that_cant_suspend_cannot_block() -> None:
    """CR 12-1-4: a block suspends the blocker, so a <Blocker> that can't suspend is not offered."""
    h = play(board(side("T-403"), side("T-411", security=("ST3-04",))), attack(), [], cards=cards(STUCK, PLAIN))
    assert offered(h, "block") == []
    assert names(h[-1], "B", "security") == []


def test_deleted_by_overclock_is_met_only_by_overclock() -> None:
    """QA Q5914: Arisa Kinosaki's "if deleted by <Overclock>" is not met by a deletion in battle: her effect draws,
    but no card may be played."""
    h = play(board(side("ST19-08", "EX11-060", hand=("ST19-08",), deck=("ST3-03",) * 3),
                   side(stack("BT2-072", suspended=True), security=("ST3-04",))), attack(target=0),
             ["Activate [All Turns] of EX11-060", "Activate [All Turns] of EX11-060"])
    assert names(h[-1], "A", "battle") == ["EX11-060"]
    assert names(h[-1], "A", "hand") == ["ST19-08", "ST3-03"]
    assert not any(d for s in h if s.decision for d in s.decision.labels if d.startswith("Play ST19-08"))
    assert h[-1].decision is None and "not met" in captions(h)


def test_deleted_by_keyword_reads_the_effect_that_deleted() -> None:
    """QA Q5914: a token deleted by another effect (not <Overclock>) does not meet the condition either."""
    killer = mon("T-413", 6000, effects=[{"timing": "When Attacking", "actions": [
        {"do": "delete", "target": {"who": "choose", "whose": "you", "token": True}}],
        "summary": "Delete 1 of your tokens."}])
    h = play(board(side("T-413", "TOKEN-2", "EX11-060", hand=("ST19-08",), deck=("ST3-03",) * 3),
                   side(security=("ST3-04",))), attack(),
             ["Activate [All Turns] of EX11-060", "Activate [All Turns] of EX11-060"], cards=cards(killer))
    assert names(h[-1], "A", "battle") == ["T-413", "EX11-060"]
    assert names(h[-1], "A", "hand") == ["ST19-08", "ST3-03"]
    assert not any(d for s in h if s.decision for d in s.decision.labels if d.startswith("Play ST19-08"))
    assert h[-1].decision is None


def test_the_loader_wants_a_keyword_name_for_deleted_by_keyword() -> None:
    """The condition names the keyword by its name; anything else is refused at its field."""
    bad = mon("T-414", 3000, effects=[{"when": {"event": "deleted", "whose": "you"}, "actions": [
        {"do": "draw", "amount": 1, "condition": {"kind": "deleted_by_keyword", "text": "Overclok"}}],
        "summary": "Draw 1."}])
    with pytest.raises(CardDataError, match=r"actions\.0\.condition\.text.*expected a keyword's name"):
        card_from_dict(bad, "my-cards.yaml")
