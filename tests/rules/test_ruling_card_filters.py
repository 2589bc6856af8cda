"""Selector and play filters the ruling cards need: "a Digimon with 2 or more colours" (BT8-095, R21),
"play 1 [Agumon] from your trash" (EX1-062, R19) and "1 purple or yellow Digimon card" (BT3-090, R35).
CR 15-10-2 (choosing among the cards that meet the conditions)."""

from __future__ import annotations

from boards import attack, board, cards, names, play, side
from digiteach.setup import Action

ROCKET = {"number": "T-101", "name": "Test Rocket", "kind": "Option", "colors": ["Red"], "use_cost": 0,
          "effects": [{"timing": "Main",
                       "actions": [{"do": "security_a", "target": {"who": "choose", "whose": "you", "min_colors": 2},
                                    "amount": 1, "duration": "turn"}],
                       "summary": "A two-colour Digimon of yours checks 1 more card (test card)."}],
          "summary": "Test card."}
TWO_COLOURS = {"number": "T-102", "name": "Twotonemon", "level": 5, "colors": ["Red", "Purple"], "dp": 8000,
               "summary": "Test card."}


def test_min_colors_keeps_only_multicolour_digimon() -> None:
    """CR 15-10-2: with one one-colour and one two-colour Digimon, "2 or more colours" leaves one candidate, so
    no choice is asked and the two-colour Digimon gets the <Security A. +1>."""
    lib = cards(ROCKET, TWO_COLOURS)
    setup = board(side("BT1-080", "T-102", hand=("T-101",)), side(security=("BT1-064",) * 3))
    h = play(setup, Action("use", hand_card="T-101"), cards=lib)
    assert not any(s.decision is not None for s in h)
    end = h[-1]
    twotone = end.players[0].battle[1].iid
    assert [m.iid for m in end.modifiers if m.kind == "security_a"] == [twotone]


REVIVER = {"number": "T-103", "name": "Revivemon", "level": 6, "colors": ["Purple"], "dp": 12000,
           "effects": [{"timing": "When Attacking",
                        "actions": [{"do": "play", "source": "trash", "name_contains": "Agumon", "suspended": True}],
                        "summary": "Play an Agumon from your trash suspended (test card)."}],
           "summary": "Test card."}
AGUMON = {"number": "T-104", "name": "Agumon", "level": 3, "colors": ["Red"], "dp": 2000, "play_cost": 3,
          "summary": "Test card."}


def test_play_filter_by_name_skips_other_cards() -> None:
    """CR 15-10-2: "play 1 [Agumon]" ignores the level-3 Goblimon above it in the trash and plays the Agumon,
    suspended."""
    lib = cards(REVIVER, AGUMON)
    setup = board(side("T-103", trash=("BT1-064", "T-104")), side(security=("BT1-064",)))
    h = play(setup, attack(), cards=lib)
    end = h[-1]
    assert names(end, "A", "battle") == ["T-103", "T-104"]
    assert end.players[0].battle[1].suspended
    assert names(end, "A", "trash") == ["BT1-064"]


COLOUR_REVIVER = {"number": "T-105", "name": "Pickmon", "level": 6, "colors": ["Purple"], "dp": 12000,
                  "effects": [{"timing": "When Attacking",
                               "actions": [{"do": "play", "source": "trash", "color": "Purple/Yellow",
                                            "max_level": 4}],
                               "summary": "Play a purple or yellow level 4 or lower card from your trash "
                                          "(test card)."}],
                  "summary": "Test card."}


def test_play_filter_colour_alternatives() -> None:
    """CR 15-10-2: "purple or yellow" accepts a yellow card (Patamon) and skips the green Goblimon."""
    lib = cards(COLOUR_REVIVER)
    setup = board(side("T-105", trash=("BT1-064", "ST3-04")), side(security=("BT1-064",)))
    h = play(setup, attack(), cards=lib)
    assert names(h[-1], "A", "battle") == ["T-105", "ST3-04"]
