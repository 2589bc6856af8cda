"""The breaker's trial (session 15): values the checks let through. Text of spaces alone passed wherever empty text is
refused (an ``activation_order`` or ``offered`` entry of ``" "`` matched every label, since every label holds a
space); inline cards took ``digivolve: 0``, ``{}``, ``''`` and ``null``, a ``digivolve`` colour ``""`` with nothing
naming the Digimon instead, ``level: null``, a name of spaces and a DP of 10^30; and the alias rule's message said
"letters" while it refused ``Ätk`` and ``ω``."""

from __future__ import annotations

from pathlib import Path

import pytest

from digiteach.scenario import ScenarioError, check, load_scenario

BASE = """\
id: my-first-ruling
title: A blocked attacker still keeps what its [When Attacking] gave
source: {page: lesson 03, rule: [CR 11-1-4, CR 12-1]}
cards:
  - number: XX1-001
    name: Lessonmon
    level: 4
    colors: [Red]
    dp: 5000
    play_cost: 5
    digivolve: [{color: Red, level: 3, cost: 2}]
    effects:
      - timing: When Attacking
        actions: [{do: gain_memory, amount: 1}]
        summary: Gain 1 memory.
    summary: A practice card made up for this lesson.
setup:
  turn_player: A
  memory: A3
  A:
    battle_area: [{cards: XX1-001, name: Lesson}]
  B:
    battle_area: [ST1-06]
    security: 3
action:
  attack: {with: Lesson, target: player}
choices:
  - B: Block
expect:
  activation_order: ["When Attacking"]
  offered: [Block]
  deleted: [Lesson]
  security: {B: 3}
  memory: A4
"""


def loaded(tmp_path: Path, old: str, new: str) -> ScenarioError | None:
    """Load BASE with ``old`` replaced by ``new``: the error raised, or None when the file loads."""
    assert old in BASE, old
    path = tmp_path / "s.yaml"
    path.write_text(BASE.replace(old, new, 1), encoding="utf-8")
    try:
        load_scenario(path)
    except ScenarioError as exc:
        return exc
    return None


def test_the_base_scenario_passes(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(BASE, encoding="utf-8")
    assert check(load_scenario(path)) == []


@pytest.mark.parametrize(("old", "new", "field"), [
    ("title: A blocked attacker still keeps what its [When Attacking] gave", "title: '   '", "title"),
    ("source: {page: lesson 03, rule: [CR 11-1-4, CR 12-1]}", "source: '  '", "source"),
    ("page: lesson 03", "page: ' '", "source.page"),
    ('activation_order: ["When Attacking"]', 'activation_order: [" "]', "expect.activation_order[0]"),
    ("offered: [Block]", "offered: [' ']", "expect.offered[0]"),
    ("offered: [Block]", "offered: [Block]\n  not_offered: ['\t']", "expect.not_offered[0]"),
    ("  - B: Block", "  - B: ' '", "choices[0].B"),
])
def test_text_of_spaces_alone_is_refused_where_empty_text_is(tmp_path: Path, old: str, new: str, field: str) -> None:
    exc = loaded(tmp_path, old, new)
    assert exc is not None, f"{field}: spaces alone accepted"
    assert exc.field == field and exc.message.endswith("holds only spaces"), str(exc)
    assert exc.expected == "some words (text of spaces alone is as empty as no text)"


def test_empty_text_is_still_called_empty(tmp_path: Path) -> None:
    exc = loaded(tmp_path, 'activation_order: ["When Attacking"]', 'activation_order: [""]')
    assert exc is not None and (exc.field, exc.message) == ("expect.activation_order[0]", "is empty"), exc


@pytest.mark.parametrize(("old", "new", "field", "words"), [
    ("digivolve: [{color: Red, level: 3, cost: 2}]", "digivolve: 0", "cards[0].digivolve", "got 0; write [] or leave"),
    ("digivolve: [{color: Red, level: 3, cost: 2}]", "digivolve: {}", "cards[0].digivolve", "got {}; write []"),
    ("digivolve: [{color: Red, level: 3, cost: 2}]", "digivolve: ''", "cards[0].digivolve", "got ''; write []"),
    ("digivolve: [{color: Red, level: 3, cost: 2}]", "digivolve: null", "cards[0].digivolve", "got null; write []"),
    ("digivolve: [{color: Red, level: 3, cost: 2}]", "digivolve: 7", "cards[0].digivolve", "got 7; write []"),
    ("    summary: A practice", "    traits: null\n    summary: A practice", "cards[0].traits",
     "got null"),
    ("color: Red, level: 3", "color: '', level: 3", "cards[0].digivolve[0].color", "needs a colour, one of: Red"),
    ("color: Red, level: 3", "level: 3", "cards[0].digivolve[0].color", "needs a colour"),
    ("level: 3, cost: 2", "level: 3, cost: 99", "cards[0].digivolve[0].cost", "0 to 30"),
    ("level: 4", "level: null", "cards[0].level", "got nothing; leave level out"),
    ("play_cost: 5", "play_cost: null", "cards[0].play_cost", "got nothing; leave play_cost out"),
    ("level: 4", "level: 11", "cards[0].level", "11 is out of range; expected a whole number 1 to 10"),
    ("dp: 5000", "dp: 1000000000000000000000000000000", "cards[0].dp", "0 to 100000"),
    ("play_cost: 5", "play_cost: 31", "cards[0].play_cost", "0 to 30"),
    ("name: Lessonmon", "name: '  '", "cards[0].name", "expected the card's name, e.g. Agumon, got '  '"),
])
def test_inline_card_values_are_checked(tmp_path: Path, old: str, new: str, field: str, words: str) -> None:
    exc = loaded(tmp_path, old, new)
    assert exc is not None, f"{new!r} accepted"
    assert exc.field == field and words in exc.message, str(exc)


def test_a_requirement_by_trait_or_name_still_needs_no_colour(tmp_path: Path) -> None:
    """BT25-043 and ST16-12 in the library: ``color: ""`` beside ``trait`` or ``name_contains`` (any colour)."""
    for new in ("color: '', trait: Dragon, level: 3", "name_contains: mon, level: 3"):
        assert loaded(tmp_path, "color: Red, level: 3", new) is None, new


@pytest.mark.parametrize("alias", ["Ätk", "ω", "Großer Käfer", "_x1", "Kabuterimon's-2"])
def test_an_alias_of_letters_of_any_alphabet_is_accepted(tmp_path: Path, alias: str) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(BASE.replace("Lesson}", f"'{alias}'}}" if "'" not in alias else f'"{alias}"}}').replace(
        "with: Lesson", f'with: "{alias}"').replace("deleted: [Lesson]", f'deleted: ["{alias}"]'), encoding="utf-8")
    assert check(load_scenario(path)) == []


def test_an_alias_that_is_not_letters_says_what_it_may_be(tmp_path: Path) -> None:
    exc = loaded(tmp_path, "name: Lesson}", "name: '1st'}")
    assert exc is not None and exc.field == "setup.A.battle_area[0].name", exc
    assert exc.expected == ("an alias of letters (of any alphabet: 'Ätk', 'ω'), digits, spaces, '_', \"'\" or '-', "
                            "starting with a letter or '_' (at most 40)")
