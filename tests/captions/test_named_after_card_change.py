"""Captions that name an attacking Digimon whose top card changed during the security check (session 12 outside
trial): one that digivolves (CR 3-4-5) or trashes its top card by <Armor Purge> (CR 16-19) is the same Digimon (CR
3-1-3-1-3); the number of cards it checks is read again on it after each card (CR 13-1-8-5, 16-4-2), and the caption
names its top card now."""

from __future__ import annotations

from pathlib import Path

import pytest

from digiteach import i18n
from digiteach.scenario import load_scenario
from digiteach.scenario.play import play
from digiteach.views import Step

from boards import ARMOR_PURGE_ATTACKER


def _steps(tmp_path: Path, text: str, lang: str = "en") -> tuple[Step, ...]:
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    with i18n.language(lang):
        return play(load_scenario(str(path))).steps


DIGIVOLVES_MID_CHECK = """
id: t-digivolves-mid-check
title: the attacker digivolves into a card with <Security A. +1> during the check
source: {page: test, qa: [BT24-003 Q5585], rule: [CR 16-4-2]}
cards:
  - {number: X-090, name: Aeg, level: 4, colors: [Blue], dp: 4000, play_cost: 3, keywords: [Barrier], summary: a}
  - {number: X-091, name: Evo, level: 5, colors: [Blue], dp: 7000, play_cost: 3, keywords: [Security A. +1],
     digivolve: [{color: Blue, level: 4, cost: 2}], summary: e}
  - {number: X-092, name: Tam, kind: Tamer, colors: [Blue], play_cost: 3, summary: t,
     effects: [{when: {event: security_removed, whose: you},
                actions: [{do: digivolve, target: {who: attacker}, source: hand}], summary: t}]}
setup:
  turn_player: A
  memory: A3
  A:
    battle_area: [{cards: X-090, name: Aeg}, X-092]
    hand: [X-091]
    security: 2
    deck: 3
  B:
    security: [BT2-060, BT1-064, ST3-04]
action:
  attack: {with: Aeg, target: player}
choices: [{A: Use}]
"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_after_armor_purge_the_count_read_again_names_the_card_left_on_top(tmp_path: Path, lang: str) -> None:
    """CR 13-1-8-5 with CR 16-19 (Q&A Q4705): Flamedramon is trashed by <Armor Purge>, Veemon under it is the same
    Digimon and goes on checking; the count read at the second card names Veemon, not the trashed Flamedramon."""
    steps = _steps(tmp_path, ARMOR_PURGE_ATTACKER, lang)
    st = next(s for s in steps if "BT1-064 Goblimon" in s.caption)  # the second card's reveal, with the count
    assert "1 + 1 = 2" in st.caption
    assert "BT2-021 Veemon" in st.caption and "BT8-012 Flamedramon" not in st.caption


@pytest.mark.parametrize("lang", ["en", "de"])
def test_after_digivolving_mid_check_the_count_names_the_new_top_card(tmp_path: Path, lang: str) -> None:
    """CR 16-4-2, 3-4-5 (Q&A Q5585): the attacker digivolves into X-091 Evo, whose <Security A. +1> raises the count
    read at the next card; that count names X-091 Evo, whose card gives the +1, not X-090 Aeg beneath it."""
    steps = _steps(tmp_path, DIGIVOLVES_MID_CHECK, lang)
    st = next(s for s in steps if "BT1-064 Goblimon" in s.caption)  # the second card's reveal, with the count
    assert "1 + 1 = 2" in st.caption
    assert "X-091 Evo" in st.caption and "X-090 Aeg" not in st.caption
