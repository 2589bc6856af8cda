"""The number of cards a security check covers is read again after each card (CR 13-1-8-5, 16-4-2): when it has
dropped to the cards already checked, the step that ends the check says so."""

from __future__ import annotations

import pytest

from digiteach.scenario import parse_scenario, play
from digiteach.views import Step


def _first(steps: tuple[Step, ...], words: str) -> Step:
    return next(st for st in steps if words in st.caption)


ARMOR_PURGE = """
id: t-armor-purge-count
title: Armor Purge drops the card that gave <Security A.>
source: test
cards:
  - {number: X-93, name: Top, level: 6, colors: [Red], dp: 5000, play_cost: 5,
     keywords: [Armor Purge, Security A. +1], summary: x}
  - {number: X-94, name: Under, level: 5, colors: [Red], dp: 4000, play_cost: 5, summary: x}
setup:
  turn_player: A
  memory: A3
  A: {battle_area: [{cards: X-93 / X-94, name: P}], security: 3, deck: 3}
  B: {security: [BT1-080, BT1-064, FILL-0], deck: 3}
action:
  attack: {with: P}
choices: ["Use <Armor Purge>"]
"""


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "X-94 Under now checks 1 + 0 = 1, and that many have been checked, so the check is over"),
    ("de", "X-94 Under prüft jetzt 1 + 0 = 1, und so viele sind schon geprüft, also ist die Prüfung vorbei"),
])
def test_a_check_that_stops_because_the_count_dropped_says_so(lang: str, words: str) -> None:
    """CR 13-1-8-5, 16-4-2: the count is read again after each card; <Armor Purge> trashed the card that gave
    <Security A. +1>, so after card 1 the Digimon checks 1 and the check ends. The step that ends it says so (the
    trial found it ended with no word)."""
    trace = play(parse_scenario(ARMOR_PURGE), lang)
    assert dict(trace.result.security)["B"] == 2
    st = _first(trace.steps, words)
    assert "CR 13-1-8-5" in st.rules and "CR 16-4-2" in st.rules
