"""Answers in ``choices`` (judge, session 16): a unique part of a label is accepted as ``expect.activation_order``
entries are (``HiAndromon`` for ``Choose BT2-064 HiAndromon``), and so is a scenario's alias of the card a label names
(``Partner``, the stack's ``name:``); a part of several labels stays an error that lists the labels it fits. The board
is the judge's j9 (<Alliance>, CR 16-24): B's [Security] effect chooses which of A's Digimon gets -15000 DP."""

from __future__ import annotations

from pathlib import Path

import pytest

from digiteach.scenario import ScenarioPlayError, check, load_scenario
from digiteach.scenario.documented import follows_script
from digiteach.scenario.play import drive, play

BOARD = """id: parts-and-aliases
title: Answers by part of a label and by alias
source: {{rule: [CR 16-24]}}
setup:
  turn_player: A
  memory: A3
  A:
    battle_area:
      - {{cards: BT1-064, name: Goblimon, gained: [Alliance]}}
      - {{cards: BT2-064, name: {alias}}}
  B:
    security: [BT6-101, BT1-080, FILL-0]
action:
  attack: {{with: Goblimon, target: player}}
choices:
  - A: {first}
  - B: {second}
expect:
  deleted: [BT2-064]
  security: {{B: 1}}
"""


def _scenario(tmp_path: Path, second: str, first: str = "Activate", alias: str = "Partner") -> object:
    path = tmp_path / "parts.yaml"
    path.write_text(BOARD.format(first=first, second=second, alias=alias), encoding="utf-8")
    return load_scenario(str(path))


@pytest.mark.parametrize("answer", ["HiAndromon", "hiandromon", "BT2-064 HiAndromon", "Partner", "Choose BT2-064"])
def test_a_unique_part_of_a_label_or_an_alias_answers_a_target_choice(tmp_path: Path, answer: str) -> None:
    scenario = _scenario(tmp_path, answer)
    assert check(scenario) == []  # type: ignore[arg-type]
    steps = play(scenario).steps  # type: ignore[arg-type]
    assert "Choose BT2-064 HiAndromon" in [st.choice for st in steps]
    run = drive(scenario)  # type: ignore[arg-type]
    assert follows_script(scenario, run.history, run.initial)  # type: ignore[arg-type]  # the documented line


def test_an_alias_names_the_card_even_when_it_is_no_part_of_the_label(tmp_path: Path) -> None:
    """``Partner`` is in no label: only the alias says which Digimon it is."""
    scenario = _scenario(tmp_path, "Partner", alias="Partner")
    assert check(scenario) == []  # type: ignore[arg-type]


def test_a_part_of_several_labels_is_an_error_listing_them(tmp_path: Path) -> None:
    """``Alliance`` is part of both "Activate <Alliance> of ..." and "Don't activate <Alliance> of ...": ambiguous."""
    scenario = _scenario(tmp_path, "HiAndromon", first="Alliance")
    with pytest.raises(ScenarioPlayError) as info:
        play(scenario)  # type: ignore[arg-type]
    text = str(info.value)
    assert "ambiguous" in text
    fits = text[text.index("it fits"):]
    assert "'Activate <Alliance> of BT1-064 Goblimon'" in fits and "Don't activate <Alliance> of BT1-064 Goblimon" in fits


def test_the_counter_timing_word_is_still_its_own(tmp_path: Path) -> None:
    """A part must be a part: ``Use <Alliance>`` is no part of ``Activate <Alliance> ...``, and stays refused."""
    scenario = _scenario(tmp_path, "HiAndromon", first="Use <Alliance>")
    with pytest.raises(ScenarioPlayError, match="not a legal answer"):
        play(scenario)  # type: ignore[arg-type]
