"""The diagrams' labels and their text alternatives come from the catalogue: German under ``language("de")``, and
the English ones unchanged (the golden diagram tests pin English)."""

from __future__ import annotations

import re

import pytest

from digiteach import i18n
from digiteach.diagrams import DIAGRAMS
from digiteach.scenario import load_scenario, play

ENGLISH = re.compile(r"\b(the|is|and|Player|turn|Board|Pending|Generation \d+ \(newest|Battle Area|Security Stack|"
                     r"Breeding Area|face down|hand|deck|now|attacks|vs|checked|used|wins|no block|pending|"
                     r"resolved|mandatory|caused by|CHANGED|SUSPENDED|unsuspended|suspended)\b")
"""English words of the diagrams that no German label or description should carry (card names aside)."""

CARD = re.compile(r"\b[A-Z]{1,3}\d{1,2}-\d{2,3} [^,;:.()<>]*")
"""A card's label (``BT6-101 Wyvern's Breath``): printed names stay English."""


def _text(source: str) -> str:
    """The words of a DOT source's labels (markup, attributes and node names left out)."""
    labels = re.findall(r'label=<(.*?)>\s*(?:[a-z]+=|\]|$)', source, flags=re.S)
    return CARD.sub("", re.sub(r"<[^>]*>", " ", " ".join(labels)).replace("&#x27;", "'"))


@pytest.mark.parametrize("sid", ["attack-resolution-5", "attack-resolution-8", "ruling-R21"])
def test_every_diagram_is_german(sid: str) -> None:
    with i18n.language("de"):
        steps = play(load_scenario(sid)).steps
        previous = None
        for step in steps:
            for name, diagram in DIAGRAMS.items():
                words = _text(diagram.build(step, previous).source) + " " + CARD.sub("", diagram.describe(step, previous))
                assert not ENGLISH.search(words), (sid, step.index, name, ENGLISH.search(words))
            previous = step


def test_german_words_in_the_diagrams() -> None:
    with i18n.language("de"):
        steps = play(load_scenario("attack-resolution-5")).steps
        text = " ".join(d.describe(s, p) for p, s in zip([None, *steps], steps, strict=False) for d in DIAGRAMS.values())
    for words in ("Konter-Zeitpunkt (kein [Counter]-Effekt)", "Spielfeld: Zug von Spieler A, Hauptphase",
                  "Ausstehende Aktivierung (Spieler am Zug: Spieler A)", "Sicherheitsstapel: 3 verdeckt", "quergelegt"):
        assert words in text, words
