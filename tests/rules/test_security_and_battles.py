"""Security checks (CR 13) and battles (CR 14)."""

from __future__ import annotations

from boards import (activated, attack, board, captions, cards, memory_a, names, play, rules_cited, side, stack)
from digiteach.setup import Action, StackRef

KYUBIMON = {"number": "BT5-038", "name": "Kyubimon", "level": 4, "colors": ["Yellow"], "dp": 6000,
            "inherited": [{"scope": "Your Turn",
                           "persistent": {"kind": "dp", "amount": -1000, "applies_to": "opponent_security_digimon"},
                           "summary": "Opposing Security Digimon get -1000 DP on your turn."}],
            "summary": "Inherited Security Digimon weakening."}
MAGNAMON = {"number": "ST17-13", "name": "Magnamon", "level": 6, "colors": ["Yellow"], "dp": 7000,
            "security": [{"keyword": "De-Digivolve 1"}],
            "summary": "[Security] <De-Digivolve 1> (its end-of-battle digivolution is not modelled)."}
SPIDER_SHOOTER = {"number": "BT2-105", "name": "Spider Shooter", "kind": "Option", "colors": ["Black"],
                  "use_cost": 3,
                  "effects": [{"keyword": "De-Digivolve 1", "timing": "Main"}],
                  "security": [{"actions": [{"do": "activate_main"}], "summary": "Activate this card's [Main] effect."}],
                  "summary": "<De-Digivolve 1>."}
SKULLGREYMON = {"number": "EX1-062", "name": "SkullGreymon", "level": 5, "colors": ["Black"], "dp": 8000,
                "keywords": ["Security A. +1"],
                "effects": [{"timing": "End of Attack", "actions": [{"do": "delete", "target": "this"}],
                             "summary": "Delete this Digimon."}],
                "summary": "Deletes itself after attacking."}
BIRDRAMON = {"number": "ST1-05", "name": "Birdramon", "level": 4, "colors": ["Red"], "dp": 5000,
             "summary": "Vanilla."}
DYNASMON = {"number": "BT23-035", "name": "Dynasmon", "level": 6, "colors": ["Purple"], "dp": 12000,
            "keywords": ["Barrier"],
            "effects": [{"when": {"event": "security_removed", "whose": "you"}, "once_per_turn": True,
                         "actions": [{"do": "security_a", "target": "this", "amount": 1, "duration": "your_turn_end"},
                                     {"do": "recovery", "amount": 1,
                                      "condition": {"kind": "security_at_most", "n": 3}}],
                         "summary": "When your security loses a card: <Security A. +1> up to the end of your turn, "
                                    "and <Recovery +1 (Deck)> if you have 3 or fewer."}],
            "summary": "<Barrier>; grows when its security shrinks."}
DINOREXMON = {"number": "BT9-018", "name": "Dinorexmon", "level": 6, "colors": ["Green"], "dp": 13000,
              "summary": "Vanilla as a Security Digimon here."}
EMPERORGREYMON = {"number": "BT18-018", "name": "EmperorGreymon", "level": 6, "colors": ["Red"], "dp": 13000,
                  "effects": [{"when": {"event": "deletes_in_battle", "whose": "this"}, "scope": "Your Turn",
                               "once_per_turn": True,
                               "actions": [{"do": "security_a", "target": "this", "amount": 1, "duration": "turn"},
                                           {"do": "unsuspend", "target": "this"}],
                               "summary": "After deleting a Digimon in battle: <Security A. +1> for the turn and "
                                          "unsuspend."}],
                  "summary": "Grows after winning battles."}
PARROTMON = {"number": "ST18-11", "name": "Parrotmon", "level": 5, "colors": ["Red"], "dp": 7000,
             "inherited": [{"keyword": "Piercing"}], "summary": "Inherited <Piercing>."}
GOMAMON = {"number": "BT1-030", "name": "Gomamon", "level": 3, "colors": ["Blue"], "dp": 2000,
           "inherited": [{"timing": "On Deletion", "actions": [{"do": "gain_memory", "amount": 1}],
                          "summary": "Gain 1 memory."}], "summary": "Inherited memory on deletion."}
XIAOMON = {"number": "BT4-006", "name": "Xiaomon", "kind": "Digi-Egg", "level": 2, "colors": ["Purple"],
           "inherited": [{"scope": "Your Turn", "condition": {"kind": "trash_at_least", "n": 10},
                          "persistent": {"kind": "keyword", "keyword": "Retaliation"},
                          "summary": "Gains <Retaliation> on your turn once your trash holds at least 10 cards."}],
           "summary": "Inherited conditional <Retaliation>."}


def test_r23_security_digimon_played_at_end_of_battle_before_next_check() -> None:
    """CR 13-1-8-3, 14-2-3, 14-2-5 (R23): BlackGatomon loses but is not deleted, is played at the end of the
    battle, then the second check trashes Patamon."""
    setup = board(side("BT2-079"), side(security=("BT3-082", "ST3-04", "BT1-064")))
    h = play(setup, attack())
    end = h[-1]
    assert names(end, "B", "battle") == ["BT3-082"]
    assert names(end, "B", "security") == ["BT1-064"]
    assert names(end, "B", "trash") == ["ST3-04"]
    played = next(i for i, s in enumerate(h) if names(s, "B", "battle") == ["BT3-082"])
    second = next(i for i, s in enumerate(h) if "ST3-04" in s.caption)
    assert played < second


def test_r25_security_digimon_at_zero_dp_still_battles() -> None:
    """CR 14-2-3, 17-1-3-1-1 (R25, QA Q1322): Patamon at 0 DP as a Security Digimon is not removed by a rule
    check; it battles, loses, and is trashed as a checked card."""
    setup = board(side(stack("BT1-080", "BT5-038")), side(security=("ST3-04", "BT1-064")))
    h = play(setup, attack(), cards=cards(KYUBIMON))
    assert names(h[-1], "B", "security") == ["BT1-064"]
    assert any("(0 DP)" in s.caption for s in h), captions(h)
    assert names(h[-1], "A", "battle") == ["BT1-080"]


def test_r27_security_de_digivolve_before_battle_and_tie_deletes_attacker() -> None:
    """CR 15-16-10-2, 14-2-1-3, 14-2-3, 13-1-5 (R27, QA Q834): Magnamon's [Security] De-Digivolve leaves
    Myotismon (7000) as the attacker; 7000 vs 7000 deletes only the attacker and no second card is checked."""
    setup = board(side(stack("BT2-079", "BT2-075")), side(security=("ST17-13", "ST3-04")))
    h = play(setup, attack(), cards=cards(MAGNAMON))
    end = h[-1]
    assert names(end, "A", "battle") == []
    assert set(names(end, "A", "trash")) == {"BT2-079", "BT2-075"}
    assert names(end, "B", "security") == ["ST3-04"]
    assert "ST17-13" in names(end, "B", "trash")


def test_r29_de_digivolve_removes_the_end_of_attack_card() -> None:
    """CR 4-16-3, 15-16-15 (R29, QA Q3247): Spider Shooter trashes SkullGreymon (not a deletion); Birdramon
    checks only 1 card, and SkullGreymon's [End of Attack] never activates."""
    lib = cards(SPIDER_SHOOTER, SKULLGREYMON, BIRDRAMON)
    setup = board(side(stack("EX1-062", "ST1-05")), side(security=("BT2-105", "ST3-04", "BT1-064")))
    h = play(setup, attack(), cards=lib)
    end = h[-1]
    assert names(end, "A", "battle") == ["ST1-05"]
    assert len(end.players[1].security) == 2
    assert not any("End of Attack] of EX1-062" in t for t in activated(end))


def test_r31_barrier_and_security_attack_gained_mid_check() -> None:
    """CR 16-25, 16-4-2 (R31, QA Q5296): Barrier saves Dynasmon by trashing A's top security; the triggered
    <Security A. +1> allows a second card; Recovery refills A to 3."""
    lib = cards(DYNASMON, DINOREXMON)
    setup = board(side("BT23-035", security=("ST3-03",) * 3, deck=("BT1-080",)),
                  side(security=("BT9-018", "ST3-04", "BT1-064")))
    h = play(setup, attack(), ["Use <Barrier>"], cards=lib)
    end = h[-1]
    assert names(end, "B", "security") == ["BT1-064"]
    assert len(end.players[0].security) == 3
    assert names(end, "A", "security")[0] == "BT1-080"
    assert names(end, "A", "battle") == ["BT23-035"]


def test_barrier_declined_means_deletion() -> None:
    """CR 16-25 (contrast): without Barrier, Dynasmon loses to Dinorexmon and checking stops (13-1-5)."""
    lib = cards(DYNASMON, DINOREXMON)
    setup = board(side("BT23-035", security=("ST3-03",) * 3), side(security=("BT9-018", "ST3-04", "BT1-064")))
    h = play(setup, attack(), ["Don't use"], cards=lib)
    assert names(h[-1], "A", "battle") == []
    assert names(h[-1], "B", "security") == ["ST3-04", "BT1-064"]


def test_r33_security_digimon_losing_is_not_a_deletion() -> None:
    """CR 4-5-1, 14-2-3 (R33, QA Q1119): MaloMyotismon gains nothing when a Security Digimon loses."""
    setup = board(side("BT3-092"), side(security=("BT1-064", "ST3-04")))
    h = play(setup, attack())
    assert memory_a(h[-1]) == 3
    assert names(h[-1], "B", "security") == ["ST3-04"]


def test_r37_security_a_gained_with_piercing_applies_to_its_check() -> None:
    """CR 16-7-4, 16-4-2 (R37, QA Q2926): EmperorGreymon's +1 resolves before the Piercing check, which then
    covers 2 cards."""
    lib = cards(EMPERORGREYMON, PARROTMON)
    setup = board(side(stack("BT18-018", "ST18-11")),
                  side(stack("BT1-064", suspended=True), security=("ST3-04", "ST3-03", "BT1-080")))
    h = play(setup, attack(target=0), ["Activate <Piercing>"], cards=lib)
    end = h[-1]
    assert names(end, "B", "security") == ["BT1-080"]
    assert not end.players[0].battle[0].suspended


def test_r41_piercing_check_after_opponent_memory_gain_then_turn_passes() -> None:
    """CR 16-7-4, 6-1-4-1 (R41, QA Q888): Gomamon gives B 1 memory; the Piercing check still happens and the
    turn passes only after the attack."""
    lib = cards(GOMAMON)
    setup = board(side("ST4-13"), side(stack("ST1-06", "BT1-030"), security=("BT1-064", "ST3-04")), memory=0)
    h = play(setup, attack(), ["Block with ST1-06"], cards=lib)
    end = h[-1]
    assert activated(end) == ["Activate <Piercing> of ST4-13 HerculesKabuterimon",
                              "Activate [On Deletion] of ST1-06 Coredramon: +1 memory (inherited from Gomamon)"]
    assert names(end, "B", "security") == ["ST3-04"]
    assert end.turn_player == 1 and end.memory == 1


def test_one_security_check_per_attack_with_two_piercings() -> None:
    """CR 13-1-2, 16-7-5 (R39's point): MaloMyotismon with Durandamon under it has two <Piercing>; both
    activate, but only one check happens."""
    setup = board(side(stack("BT3-092", "BT3-016")),
                  side(stack("BT1-064", suspended=True), security=("ST3-04", "ST3-03", "BT1-080")))
    h = play(setup, attack(target=0), ["Activate <Piercing> of BT3-092", "Activate [All Turns]"])
    end = h[-1]
    assert [t for t in activated(end) if "Piercing" in t] == ["Activate <Piercing> of BT3-092 MaloMyotismon",
                                                              "Activate <Piercing> of BT3-092 MaloMyotismon (inherited from Durandamon)"]
    assert names(end, "B", "security") == ["ST3-03", "BT1-080"]


def test_tie_deletes_both_and_retaliation_does_not_trigger() -> None:
    """CR 14-2-1-3, 14-2-2, 16-13-2: equal DP deletes both at the same time; <Retaliation> needs this Digimon
    alone to be deleted, so it does not trigger."""
    setup = board(side("BT2-074"), side(stack("BT2-074", suspended=True)))
    h = play(setup, attack(target=0))
    assert names(h[-1], "A", "battle") == [] and names(h[-1], "B", "battle") == []
    assert activated(h[-1]) == []


def test_retaliation_deletes_the_winner_by_effect() -> None:
    """CR 16-13 (wiki Attack ex. 6's point): Devimon loses alone; <Retaliation> deletes Titamon."""
    setup = board(side("BT1-080"), side(stack("BT2-074", suspended=True)))
    h = play(setup, attack(target=0))
    assert names(h[-1], "A", "battle") == []
    assert activated(h[-1]) == ["Activate <Retaliation> of BT2-074 Devimon"]
    assert any("deleted by an effect" in s.caption for s in h)


def test_r45_retaliation_judged_at_deletion_time() -> None:
    """CR 15-8-3-9-4 (R45, QA Q1153): with 9 cards in trash Xiaomon's <Retaliation> is not there when Tapirmon
    is deleted, even though the trash reaches 11 afterwards; Tapirmon's [On Deletion] still draws."""
    lib = cards(XIAOMON)
    setup = board(side(stack("BT2-070", "BT4-006"), trash=("ST3-03",) * 9, hand=("ST3-03",) * 3),
                  side(stack("BT1-080", suspended=True)))
    h = play(setup, attack(target=0), cards=lib)
    end = h[-1]
    assert names(end, "B", "battle") == ["BT1-080"]
    assert len(end.players[0].trash) == 11
    assert len(end.players[0].hand) == 4


def test_retaliation_granted_while_trash_is_full() -> None:
    """CR 16-13 (R45 contrast): with 10 cards in trash the granted <Retaliation> deletes Titamon."""
    lib = cards(XIAOMON)
    setup = board(side(stack("BT2-070", "BT4-006"), trash=("ST3-03",) * 10),
                  side(stack("BT1-080", suspended=True)))
    h = play(setup, attack(target=0), ["Activate <Retaliation>"], cards=lib)
    assert names(h[-1], "B", "battle") == []


def test_wiki_example_4_security_effects_change_dp_before_the_battle() -> None:
    """Attack ex. 4 (CR 13-1-8-2/3): BlackGatomon's [Security] sets up its play; DanDevimon trashes A's top
    security card, so A's trash reaches 5 and Yaamon's +1000 makes Boltmon 13000 against BlackGatomon's
    4000 + 4 x 2000 = 12000. Boltmon wins; BlackGatomon is played at the end of the battle."""
    setup = board(side(stack("BT3-089", "BT2-008"), trash=("ST3-03",) * 4, security=("ST3-03",)),
                  side("BT4-088", "ST3-12", "ST3-12", "ST3-12", "ST3-12", security=("BT3-082",)))
    h = play(setup, attack())
    end = h[-1]
    assert any("(13000 DP)" in s.caption and "(12000 DP)" in s.caption for s in h), captions(h)
    assert names(end, "A", "battle") == ["BT3-089"]
    assert "BT3-082" in names(end, "B", "battle")
    assert len(end.players[0].security) == 0


def test_wiki_example_6_piercing_survives_losing_its_source() -> None:
    """Attack ex. 6 (CR 16-7-4, 15-8-5, QA Q2852): Omnimon unsuspends, attacks Devimon with <Blitz>; Piercing
    activates first, then Retaliation tries to delete Omnimon, which trashes Durandamon to stay, losing
    <Piercing>. The check still happens: Boltmon loses, Omnimon survives."""
    setup = board(side(stack("BT3-016", "BT2-075", suspended=True), hand=("BT5-086",)),
                  side(stack("BT2-074", suspended=True), security=("BT3-089", "ST3-04")), memory=3)
    answers = ["Activate [When Digivolving]", "Activate <Blitz>", "Attack BT2-074", "Use"]
    h = play(setup, Action("digivolve", card=StackRef("A", 0), hand_card="BT5-086"), answers)
    end = h[-1]
    assert names(end, "A", "battle") == ["BT5-086"]
    assert "BT3-016" in names(end, "A", "trash")
    assert names(end, "B", "security") == ["ST3-04"]
    assert activated(end)[-3:] == ["Activate <Piercing> of BT5-086 Omnimon (inherited from Durandamon)",
                                   "Activate <Retaliation> of BT2-074 Devimon",
                                   "Activate [All Turns] of BT5-086 Omnimon"]
    assert "CR 15-8-5-2" in rules_cited(h)


def test_wiki_example_9_blast_digivolve_in_counter_timing() -> None:
    """Attack ex. 9 (CR 11-3-2, 16-26): B Blast Digivolves ExTyrannomon into MetalGarurumon for free, draws 1,
    trashes 3 for 3 memory (A2 -> B1); MetalGarurumon has no <Blocker>; the check meets Devimon, nobody is
    deleted, and the turn passes after the attack."""
    setup = board(side("BT2-064"),
                  side(stack("EX3-060", "ST6-08"), hand=("ST16-12", "ST3-03", "ST3-03", "ST3-03"),
                       security=("ST6-08",), deck=("BT1-064",)), memory=2)
    h = play(setup, attack(), ["Use [Counter]", "Trash 3"])
    end = h[-1]
    assert names(end, "B", "battle") == ["ST16-12"]
    assert names(end, "A", "battle") == ["BT2-064"]
    assert names(end, "B", "security") == []
    assert end.turn_player == 1 and end.memory == 1
    assert not any(s.decision is not None and s.decision.kind == "block" for s in h)


def test_wiki_example_10_attack_modifiers_expire_then_rule_check() -> None:
    """Attack ex. 10 (corrected, docs/wiki-vs-cr.md, A8; CR 16-24, 1-3-8, 17-1-3-1-1): Antylamon with <Alliance> is
    8000 + 4000 = 12000 and deletes Kentaurosmon; its [On Deletion] gives -11000 (12000 -> 1000). When the
    attack is over the <Alliance> bonus ends: 8000 - 11000 -> 0 DP, and the rule check deletes Antylamon."""
    setup = board(side("EX4-057", "EX4-025"), side(stack("BT3-043", suspended=True)))
    h = play(setup, attack(target=0), ["Activate <Alliance>", "Choose EX4-057", "Don't activate"])
    end = h[-1]
    assert names(end, "B", "battle") == []
    assert names(end, "A", "battle") == ["EX4-025"]
    assert "EX4-057" in names(end, "A", "trash")
    assert any("(12000 DP)" in s.caption for s in h)
    over = next(i for i, s in enumerate(h) if s.attack is not None and s.attack.timing.value == "attack over")
    assert names(h[over - 1], "A", "battle") == ["EX4-057", "EX4-025"]
