"""Keywords of CR 16-18 and later that touch attacks, battles and deletions: <Decoy>, <Raid>, <Fortitude>,
<Partition>, <Scapegoat>, <Vortex>, <Iceclad>, <Decode>, <Fragment>, <Execute>, <Progress>, <Engage>, <Guard>.
Each test names the section it follows; the cards are test cards with nothing but the keyword."""

from __future__ import annotations

from typing import Any

from boards import activated, attack, board, captions, cards, names, play, rules_cited, side, stack
from digiteach.setup import Action


def mon(number: str, dp: int, *keywords: str, level: int = 5, color: str = "Black", **more: Any) -> dict[str, Any]:
    """A test Digimon card with only ``keywords``."""
    return {"number": number, "name": f"Test {number}", "level": level, "colors": [color], "dp": dp,
            "play_cost": 5, "keywords": list(keywords), "summary": "Test card.", **more}


DELETER = mon("T-100", 6000, effects=[{"timing": "When Attacking", "actions": [
    {"do": "delete", "target": {"who": "choose", "whose": "opponent"}}], "summary": "Delete 1 opposing Digimon."}])
"""Attacks and, when it does, deletes 1 of the opponent's Digimon (an opponent's effect for the defender)."""

LOWER = mon("T-101", 1000, effects=[{"when": {"event": "attacks", "whose": "opponent"}, "actions": [
    {"do": "dp", "target": "attacker", "amount": -5000, "duration": "attack"}],
    "summary": "An attacking opposing Digimon gets -5000 DP."}])
"""The defender's effect on an attacking Digimon."""

END = Action("end_turn")


def test_raid_switches_to_the_highest_dp_unsuspended_digimon() -> None:
    """CR 16-23-1: the attack on the player becomes an attack on the opponent's unsuspended Digimon with the
    highest DP; they battle (5000 against 6000, the attacker is deleted)."""
    lib = cards(mon("T-110", 5000, "Raid"), mon("T-111", 3000), mon("T-112", 6000))
    h = play(board(side("T-110"), side("T-111", "T-112", security=("BT1-064",))), attack(),
             ["Activate <Raid>"], cards=lib)
    assert names(h[-1], "A", "battle") == []
    assert names(h[-1], "B", "security") == ["BT1-064"]
    assert "CR 11-2-7-2" in rules_cited(h), captions(h)


def test_raid_on_a_tie_lets_its_player_choose() -> None:
    """CR 16-23-4: with two unsuspended Digimon of the highest DP, Raid's player chooses between them."""
    lib = cards(mon("T-110", 7000, "Raid"), mon("T-112", 6000), mon("T-113", 6000))
    h = play(board(side("T-110"), side("T-112", "T-113")), attack(), ["Activate <Raid>", "Choose T-113"], cards=lib)
    assert names(h[-1], "B", "battle") == ["T-112"]


def test_raid_may_switch_to_a_digimon_unaffected_by_the_opponent() -> None:
    """QA Q2699, Q3690: switching the target affects the attacking Digimon, so the new target's "not affected by
    the opponent's effects" does not stop it."""
    shielded = mon("T-114", 4000, effects=[{"persistent": {"kind": "unaffected_by_opponent_effects"},
                                            "summary": "Not affected by the opponent's effects."}])
    lib = cards(mon("T-110", 7000, "Raid"), shielded)
    h = play(board(side("T-110"), side("T-114")), attack(), ["Activate <Raid>"], cards=lib)
    assert names(h[-1], "B", "battle") == []


def test_fortitude_plays_the_card_again_when_it_had_digivolution_cards() -> None:
    """CR 16-27-1: deleted with digivolution cards, the card is played from the trash for free; its old
    digivolution cards stay in the trash."""
    lib = cards(mon("T-120", 3000, "Fortitude"), mon("T-121", 9000))
    h = play(board(side(stack("T-120", "BT1-003")), side(stack("T-121", suspended=True))), attack(target=0),
             cards=lib)
    assert names(h[-1], "A", "battle") == ["T-120"]
    assert names(h[-1], "A", "trash") == ["BT1-003"]
    assert any("Fortitude" in t for t in activated(h[-1]))


def test_fortitude_does_not_trigger_without_digivolution_cards() -> None:
    """CR 16-27-2: it triggers only for a Digimon that has digivolution cards when it is deleted."""
    lib = cards(mon("T-120", 3000, "Fortitude"), mon("T-121", 9000))
    h = play(board(side("T-120"), side(stack("T-121", suspended=True))), attack(target=0), cards=lib)
    assert names(h[-1], "A", "battle") == []
    assert activated(h[-1]) == []


def test_decoy_deletes_itself_instead_of_the_other_digimon() -> None:
    """CR 16-18-1, 16-18-3: an opponent's effect would delete another black Digimon of B's; B deletes the
    <Decoy> Digimon instead and the other stays."""
    lib = cards(DELETER, mon("T-130", 2000, "Decoy (Black)"), mon("T-131", 4000))
    h = play(board(side("T-100"), side("T-130", "T-131", security=("BT1-064",))), attack(),
             ["Choose T-131", "Use <Decoy (Black)>"], cards=lib)
    assert names(h[-1], "B", "battle") == ["T-131"]
    assert "T-130" in names(h[-1], "B", "trash")
    assert "CR 15-8-5-2" in rules_cited(h)


def test_decoy_ignores_other_colours_and_battles() -> None:
    """CR 16-18-2: only another Digimon of the named colour, and only against an opponent's effect."""
    lib = cards(DELETER, mon("T-130", 2000, "Decoy (Black)"), mon("T-132", 4000, color="Red"),
                mon("T-133", 1000))
    h = play(board(side("T-100"), side("T-130", "T-132", security=("BT1-064",))), attack(), ["Choose T-132"],
             cards=lib)
    assert names(h[-1], "B", "battle") == ["T-130"]
    h = play(board(side("T-100"), side("T-130", stack("T-133", suspended=True))), attack(target=1),
             ["Choose T-130"], cards=lib)
    assert names(h[-1], "B", "battle") == []  # T-133 lost the battle: no <Decoy> for a battle deletion


def test_guard_deletes_itself_instead() -> None:
    """CR 16-45-1: another of B's Digimon would leave by A's effect; B deletes the <Guard> Digimon instead."""
    lib = cards(DELETER, mon("T-140", 2000, "Guard"), mon("T-141", 4000, color="Red"))
    h = play(board(side("T-100"), side("T-140", "T-141", security=("BT1-064",))), attack(),
             ["Choose T-141", "Use <Guard>"], cards=lib)
    assert names(h[-1], "B", "battle") == ["T-141"]


def test_scapegoat_deletes_another_digimon_in_its_place() -> None:
    """CR 16-32-1: deleted in battle (not by its own player's effect), B deletes another of its Digimon instead."""
    lib = cards(mon("T-150", 3000, "Scapegoat"), mon("T-151", 1000), mon("T-152", 9000))
    h = play(board(side("T-152"), side(stack("T-150", suspended=True), "T-151")), attack(target=0),
             ["Use <Scapegoat>"], cards=lib)
    assert names(h[-1], "B", "battle") == ["T-150"]
    assert names(h[-1], "B", "trash") == ["T-151"]


def test_a_deletion_cost_saved_by_another_effect_is_not_paid() -> None:
    """CR 15-7-2 (QA Q5599): <Scapegoat>'s cost deletes another Digimon; when <Evade> saves that one, the cost was
    not paid, so the <Scapegoat> Digimon is not saved and is deleted in the battle."""
    lib = cards(mon("T-150", 3000, "Scapegoat"), mon("T-153", 1000, "Evade"), mon("T-152", 9000))
    h = play(board(side("T-152"), side(stack("T-150", suspended=True), "T-153")), attack(target=0),
             ["Use <Scapegoat>", "Use <Evade>"], cards=lib)
    assert names(h[-1], "B", "battle") == ["T-153"]
    assert names(h[-1], "B", "trash") == ["T-150"]
    assert "CR 15-7-2" in rules_cited(h), captions(h)


def test_fragment_trashes_digivolution_cards_instead() -> None:
    """CR 16-37-1: <Fragment (2)> trashes 2 of its digivolution cards (chosen) and it is not deleted."""
    lib = cards(mon("T-160", 3000, "Fragment (2)"), mon("T-161", 9000))
    h = play(board(side("T-161"), side(stack("T-160", "BT1-003", "ST3-03", "BT1-064", suspended=True))),
             attack(target=0), ["Use <Fragment (2)>", "Trash BT1-003", "Trash BT1-064"], cards=lib)
    assert names(h[-1], "B", "battle") == ["T-160"]
    assert sorted(names(h[-1], "B", "trash")) == ["BT1-003", "BT1-064"]


def test_fragment_needs_enough_digivolution_cards() -> None:
    """CR 16-37-3: with fewer than N digivolution cards the cost cannot be paid, so it is not offered."""
    lib = cards(mon("T-160", 3000, "Fragment (2)"), mon("T-161", 9000))
    h = play(board(side("T-161"), side(stack("T-160", "BT1-003", suspended=True))), attack(target=0), cards=lib)
    assert names(h[-1], "B", "battle") == []


def test_iceclad_compares_digivolution_cards() -> None:
    """CR 16-35-4-1: the Digimon with more digivolution cards wins whatever the DP."""
    lib = cards(mon("T-170", 2000, "Iceclad"), mon("T-171", 9000))
    h = play(board(side(stack("T-170", "BT1-003", "ST3-03")), side(stack("T-171", "BT1-064", suspended=True))),
             attack(target=0), cards=lib)
    assert names(h[-1], "A", "battle") == ["T-170"]
    assert names(h[-1], "B", "battle") == []
    assert "CR 16-35-4" in rules_cited(h)


def test_iceclad_tie_deletes_both_and_security_battles_use_dp() -> None:
    """CR 16-35-4-3: equal numbers, both lose. CR 16-35-1: against a Security Digimon DP decides."""
    lib = cards(mon("T-170", 2000, "Iceclad"), mon("T-171", 9000))
    h = play(board(side(stack("T-170", "BT1-003")), side(stack("T-171", "BT1-064", suspended=True))),
             attack(target=0), cards=lib)
    assert names(h[-1], "A", "battle") == [] and names(h[-1], "B", "battle") == []
    h = play(board(side(stack("T-170", "BT1-003", "ST3-03")), side(security=("BT1-080",))), attack(), cards=lib)
    assert names(h[-1], "A", "battle") == []


def test_progress_is_not_affected_while_attacking() -> None:
    """CR 16-39-1: the defender's -5000 DP does nothing to the attacking <Progress> Digimon."""
    lib = cards(mon("T-180", 6000, "Progress"), mon("T-181", 6000), LOWER, mon("T-182", 5000))
    h = play(board(side("T-180"), side("T-101", stack("T-182", suspended=True))), attack(target=1), cards=lib)
    assert names(h[-1], "A", "battle") == ["T-180"]
    assert "CR 15-15-5" in rules_cited(h)
    h = play(board(side("T-181"), side("T-101", stack("T-182", suspended=True))), attack(target=1), cards=lib)
    assert names(h[-1], "A", "battle") == []  # without <Progress>: 1000 DP against 5000


def test_vortex_attacks_a_digimon_at_the_end_of_the_turn_even_when_just_played() -> None:
    """CR 16-33-1: at the end of the turn the <Vortex> Digimon, played this turn, may attack an opposing
    Digimon (never the player)."""
    lib = cards(mon("T-190", 6000, "Vortex"), mon("T-191", 3000))
    h = play(board(side(stack("T-190", placed=True)), side(stack("T-191", suspended=True)), memory=-1), END,
             ["Activate <Vortex>", "Attack T-191"], cards=lib)
    assert names(h[-1], "B", "battle") == []
    asked = [[o.label for o in st.decision.options] for st in h if st.decision and st.decision.kind == "attack target"]
    assert asked == [["Attack T-191 Test T-191"]]


def test_execute_attacks_an_unsuspended_digimon_then_is_deleted() -> None:
    """CR 16-38-1, 16-38-4: it may attack an unsuspended Digimon; at the end of the attack it is deleted as
    pending processing."""
    lib = cards(mon("T-200", 6000, "Execute"), mon("T-201", 3000))
    h = play(board(side("T-200"), side("T-201"), memory=-1), END, ["Activate <Execute>", "Attack T-201"],
             cards=lib)
    assert names(h[-1], "B", "battle") == []
    assert names(h[-1], "A", "battle") == []
    assert "CR 16-38-4" in rules_cited(h), captions(h)


def test_engage_may_attack_the_player_at_the_end_of_the_turn() -> None:
    """CR 16-44-1: the <Engage> Digimon may attack at the end of the turn; a security card is checked."""
    lib = cards(mon("T-210", 6000, "Engage"))
    h = play(board(side("T-210"), side(security=("BT1-064", "ST3-03")), memory=-1), END,
             ["Activate <Engage>", "Attack Player B"], cards=lib)
    assert names(h[-1], "B", "security") == ["ST3-03"]


def test_decode_plays_a_digivolution_card_before_leaving_by_an_effect() -> None:
    """CR 16-36-1: deleted by an effect, it may play its Blue Lv.4 digivolution card first; in battle it may not."""
    lib = cards(DELETER, mon("T-220", 5000, "Decode (Blue Lv.4)"), mon("T-221", 4000, level=4, color="Blue"),
                mon("T-222", 9000))
    h = play(board(side("T-100"), side(stack("T-220", "T-221"), security=("BT1-064",))), attack(),
             ["Use <Decode", "Play T-221"], cards=lib)
    assert names(h[-1], "B", "battle") == ["T-221"]
    h = play(board(side("T-222"), side(stack("T-220", "T-221", suspended=True))), attack(target=0), cards=lib)
    assert names(h[-1], "B", "battle") == []


def test_an_immediate_effect_stays_usable_after_another_saved_the_digimon() -> None:
    """CR 15-8-5-1, 15-8-5-4 (QA Q6516, Q6784, Q6789): <Evade> and <Decode> trigger together; <Evade> used first
    saves the Digimon, and the <Decode> that triggered with it may still be activated once (the Digimon stays)."""
    lib = cards(DELETER, mon("T-223", 5000, "Evade", "Decode (Blue Lv.4)"), mon("T-221", 4000, level=4, color="Blue"))
    h = play(board(side("T-100"), side(stack("T-223", "T-221"), security=("BT1-064",))), attack(),
             ["Use <Evade", "Use <Decode", "Play T-221"], cards=lib)
    assert names(h[-1], "B", "battle") == ["T-223", "T-221"]
    assert activated(h[-1])[-2:] == ["Activate <Evade> of T-223 Test T-223", "Activate <Decode (Blue Lv.4)> of T-223 "
                                     "Test T-223"]


def test_partition_plays_one_of_each_but_not_against_a_battle() -> None:
    """CR 16-29-1, 16-29-4: deleted by the opponent's effect, both named digivolution cards are played."""
    lib = cards(DELETER, mon("T-230", 9000, "Partition (Blue Lv.4 & Green Lv.4)", level=6),
                mon("T-231", 4000, level=4, color="Blue"), mon("T-232", 4000, level=4, color="Green"),
                mon("T-233", 12000))
    h = play(board(side("T-100"), side(stack("T-230", "T-231", "T-232"), security=("BT1-064",))), attack(),
             ["Use <Partition"], cards=lib)
    assert sorted(names(h[-1], "B", "battle")) == ["T-231", "T-232"]
    h = play(board(side("T-233"), side(stack("T-230", "T-231", "T-232", suspended=True))), attack(target=0),
             cards=lib)
    assert names(h[-1], "B", "battle") == []


def _step_citing(h: list[Any], phrase: str) -> tuple[str, ...]:
    """The rules cited by the one step whose caption says ``phrase``."""
    steps = [s for s in h if phrase in s.caption]
    assert len(steps) == 1, captions(h)
    return tuple(steps[0].rules)


def test_the_step_a_keyword_acts_on_cites_the_keywords_section() -> None:
    """The step on which <Raid> switches the target cites CR 16-23 beside 11-2-7-2, the one on which <Vortex> asks
    what to attack CR 16-33 (its attack is on a Digimon only, which 11-2-7-1 alone does not say), and the one on which
    <Fortitude> plays its card CR 16-27 beside 7-1 (tester, session 12: those steps cited no chapter-16 rule). The
    step before, where <Raid> is offered, cites no 16-23: it does nothing the keyword says yet."""
    lib = cards(mon("T-110", 5000, "Raid"), mon("T-111", 3000), mon("T-112", 6000))
    h = play(board(side("T-110"), side("T-111", "T-112", security=("BT1-064",))), attack(),
             ["Activate <Raid>"], cards=lib)
    assert {"CR 11-2-7-2", "CR 16-23"} <= set(_step_citing(h, "The attack target is switched"))
    assert "CR 16-23" not in _step_citing(h, "may activate <Raid>")
    lib = cards(mon("T-190", 6000, "Vortex"), mon("T-191", 3000))
    h = play(board(side(stack("T-190", placed=True)), side(stack("T-191", suspended=True)), memory=-1), END,
             ["Activate <Vortex>", "Attack T-191"], cards=lib)
    assert "CR 16-33" in _step_citing(h, "chooses the attack target")
    lib = cards(mon("T-120", 3000, "Fortitude"), mon("T-121", 9000))
    h = play(board(side(stack("T-120", "BT1-003")), side(stack("T-121", suspended=True))), attack(target=0),
             cards=lib)
    assert {"CR 7-1", "CR 16-27"} <= set(_step_citing(h, "without paying its cost"))
