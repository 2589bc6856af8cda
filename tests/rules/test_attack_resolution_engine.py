"""Engine rules added for the wiki Attack Resolution scenarios (examples 10 and 11): conditions checked before
an optional effect's "use?" question, gained keywords written with their timing, special digivolution
requirements, effects that digivolve (Lopmon, GranDracmon), Gulfmon's hand trash, and the plain-language
captions of the declaration and of simultaneous triggers."""

from __future__ import annotations

from boards import LIB, activated, attack, board, memory_a, names, play, side, stack

from digiteach.cards import DigivolveCost
from digiteach.engine.ops import requirement_costs
from digiteach.setup import Action, StackRef, StackSetup


def _digivolve(index: int, card: str) -> Action:
    return Action("digivolve", card=StackRef("A", index), hand_card=card)  # type: ignore[arg-type]


def test_optional_effect_with_an_unmet_condition_is_not_offered() -> None:
    """CR 15-6-3, 16-16: with memory still on A's side after digivolving, Omnimon's <Blitz> cannot be
    activated, so A is never asked whether to use it; its unsuspend effect still activates."""
    setup = board(side(stack("BT3-016", suspended=True), hand=("BT5-086",)), side("BT1-064"), memory=9)
    h = play(setup, _digivolve(0, "BT5-086"), ["Activate <Blitz>"])
    assert h[-1].decision is None
    assert not any(s.decision is not None and s.decision.kind == "optional" for s in h)
    assert any("[When Digivolving] of BT5-086 Omnimon: <Blitz> is not activated: its processing condition" in s.caption
               for s in h)
    assert activated(h[-1]) == ["Activate [When Digivolving] of BT5-086 Omnimon: unsuspend"]
    assert not h[-1].players[0].battle[0].suspended
    assert h[-1].attacks_declared == 0


def test_gained_keyword_written_with_its_timing_triggers_after_digivolving() -> None:
    """CR 15-13-2, 16-16: a Digimon that gained "[When Digivolving] <Blitz>" keeps it when it digivolves; with
    memory on B's side afterwards, A may attack with it."""
    growl = StackSetup(cards=("EX4-010",), gained=("[When Digivolving] Blitz",))
    setup = board(side(growl, hand=("EX2-043",)), side(stack("BT1-064", suspended=True)), memory=2)
    h = play(setup, _digivolve(0, "EX2-043"), ["Activate <Blitz>", "Activate <Blitz>"])
    assert h[-1].decision is not None and h[-1].decision.kind == "attack target"
    assert "Attack Player B" in h[-1].decision.labels


def test_two_colour_requirement_accepts_only_two_coloured_digimon() -> None:
    """CR 8-1-1: "level 4, two colours including green" (EX4-057 Antylamon for 3) is met by Wendigomon
    (Purple/Green) but not by a green-only level 4; the plain Green level 4 requirement (4) by both."""
    req = DigivolveCost(color="Green", level=4, cost=3, two_colors=True)
    assert req.accepts(LIB["EX4-054"])  # Purple/Green level 4
    assert req.accepts(LIB["EX4-025"])  # Yellow/Green level 4
    assert not req.accepts(LIB["ST4-08"])  # Green only
    assert not DigivolveCost(color="Green", level=4, cost=4).accepts(LIB["BT1-064"])  # level 3
    assert requirement_costs(LIB["EX4-057"], LIB["EX4-054"]) == [3, 4]
    assert requirement_costs(LIB["EX4-057"], LIB["ST4-08"]) == [4]
    assert requirement_costs(LIB["EX4-057"], LIB["BT1-064"]) == []


def test_lopmon_digivolves_the_attacker_for_two_less_and_draws() -> None:
    """CR 8-1-3, 3-1-3-1-3 (EX4-034 Lopmon, inherited): <Alliance> suspends Turuiemon; Lopmon lets the attacker
    digivolve into Antylamon paying the chosen requirement's cost - 2 (here the Green level 4 one: 4 - 2 = 2);
    it draws 1 and is still the attacker, keeping the <Alliance> bonus."""
    setup = board(side("EX4-025", stack("EX4-054", "EX4-034"), hand=("EX4-057",)),
                  side(stack("BT3-043", suspended=True)), memory=5)
    h = play(setup, attack(1, target=0), ["Activate <Alliance>", "Activate [Your Turn]",
                                          "Digivolve into EX4-057 Antylamon for 2 memory", "Choose EX4-025"])
    assert any("EX4-054 Wendigomon digivolves into EX4-057 Antylamon from the hand for 2 memory" in s.caption for s in h)
    assert any("EX4-057 Antylamon (12000 DP)" in s.caption for s in h)
    assert names(h[-1], "B", "battle") == []
    assert memory_a(h[-1]) == 3
    assert len(h[-1].players[0].hand) == 1


def test_gulfmon_turn_player_chooses_first_and_its_unsuspend_triggers_once() -> None:
    """CR 1-3-5, 15-5-2: Gulfmon cuts both hands to 5; A (turn player) chooses its cards first, B's identical
    cards need no choice; A's own effect trashed A's hand cards, so Gulfmon's [Your Turn] triggers once."""
    setup = board(side(stack("EX4-010", suspended=True), hand=("EX2-043",) + ("ST2-10",) * 5 + ("BT1-064",),
                       deck=("ST3-03",)),
                  side(hand=("ST2-10",) * 7), memory=5)
    answers = ["Trash BT1-064", "Trash ST2-10", "Activate [Your Turn]"]
    h = play(setup, _digivolve(0, "EX2-043"), answers)
    asked = [s.decision for s in h if s.decision is not None and s.decision.kind == "target"]
    assert [d.player for d in asked[:2]] == [0, 0]
    assert len(h[-1].players[0].hand) == 5 and len(h[-1].players[1].hand) == 5
    assert "BT1-064" in names(h[-1], "A", "trash")
    assert activated(h[-1]).count("Activate [Your Turn] of EX2-043 Gulfmon: unsuspend") == 1
    assert not h[-1].players[0].battle[0].suspended


def test_grandracmon_digivolves_another_digimon_from_the_trash_for_free() -> None:
    """CR 8-1-1, 8-1-3, 8-1-2-3 (BT9-079 [End of Attack]): BlackWarGrowlmon (Purple level 5) digivolves into
    Gulfmon from the trash without paying memory, stays suspended and its player draws 1."""
    setup = board(side("BT9-079", stack("EX4-010", suspended=True), trash=("EX2-043",)),
                  side(security=("BT1-064",)), memory=3)
    h = play(setup, attack(0), ["Activate [End of Attack]"])
    end = h[-1]
    assert names(end, "A", "battle") == ["BT9-079", "EX2-043"]
    assert end.players[0].battle[1].suspended
    assert names(end, "A", "trash") == []
    assert len(end.players[0].hand) == 1
    assert memory_a(end) == 3


def test_captions_name_an_empty_declaration_and_simultaneous_triggers() -> None:
    """CR 11-1-4, 15-4-3-2: the declaration step says when nothing triggers; a batch of several triggers is
    announced with its size and the turn player first (wiki Attack Resolution ex. 5)."""
    setup = board(side(stack("ST4-13", "ST4-11")),
                  side(stack("BT2-034", suspended=True), security=("BT6-101", "ST3-03"), deck=("ST3-10",)))
    h = play(setup, attack(target=0), ["Activate <Piercing>"])
    assert any("No effect triggers on the declaration." in s.caption for s in h)
    assert any("3 effects triggered at the same time" in s.caption and "turn player's effects activate first"
               in s.caption for s in h)


def test_trashing_your_own_hand_with_an_effect_triggers_gulfmon() -> None:
    """CR 15-5-2 (EX2-043 Gulfmon [Your Turn]): MetalGarurumon's [When Digivolving] trashes 2 cards from A's
    hand with A's own effect: one "hand trashed" event, so Gulfmon's unsuspend triggers once."""
    setup = board(side(stack("EX2-043", suspended=True), "EX4-010", hand=("ST16-12", "ST2-10", "ST2-10"),
                       deck=("ST3-03",)),
                  side("BT1-064"), memory=5)
    h = play(setup, _digivolve(1, "ST16-12"), ["Trash 2", "Activate [Your Turn]", "Choose EX2-043"])
    end = h[-1]
    assert activated(end).count("Activate [Your Turn] of EX2-043 Gulfmon: unsuspend") == 1
    assert not end.players[0].battle[0].suspended
    assert len(end.players[0].hand) == 1


def test_digivolving_from_hand_uses_only_requirements_the_digimon_meets() -> None:
    """CR 8-1-1, 8-1-3: Antylamon's "two colours with green" requirement (3) is not open to a green-only
    Kabuterimon, which pays the Green level 4 cost (4); Turuiemon (Yellow/Green) pays 3."""
    green_only = play(board(side("ST4-08", hand=("EX4-057",)), side("BT1-064"), memory=5), _digivolve(0, "EX4-057"))
    two_colours = play(board(side("EX4-025", hand=("EX4-057",)), side("BT1-064"), memory=5), _digivolve(0, "EX4-057"))
    assert memory_a(green_only[-1]) == 1
    assert memory_a(two_colours[-1]) == 2
