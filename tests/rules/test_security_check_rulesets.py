"""The security-check captions under each ruleset (outside trial, session 11). Since CR 3.7 an attack makes one
security check and <Security A.> adds cards to it (CR 13-1-2, 16-4-2); before, under CR 2.0 to 3.6 (``CR 2024``,
``CR 2023``), every <Security A.> point and every <Piercing> activation was a security check of its own. The older
rulesets' captions say so, and cite no chapter-13 number: CR 3.7 rewrote the chapter, the CR 4.2 numbers name other
rules there, and the rules summary does not give the older ones (``Ruleset.security_check_numbers``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from digiteach.scenario import load_scenario
from digiteach.scenario.play import play
from digiteach.views import Step

BOARD = """
id: t-security-rulesets
title: a security check with <Security A. +1>
source: test
ruleset: {ruleset}
cards:
  - {{number: X-40, name: Raider, level: 5, colors: [Red], dp: 3000, keywords: [Security A. +1], summary: x}}
  - number: X-41
    name: Trap
    kind: Option
    colors: [Red]
    use_cost: 2
    effects:
      - timing: Main
        actions: [{{do: delete, target: {{who: choose, whose: opponent, count: 1}}}}]
        summary: delete 1 of your opponent's Digimon
    security:
      - actions: [{{do: activate_main}}]
        summary: activate this card's [Main] effect
setup:
  turn_player: A
  memory: A3
  A: {{battle_area: [X-40], deck: 5}}
  B: {{security: {security}, deck: 5}}
action:
  attack: {{with: X-40, target: player}}
"""

OLDER = ["CR 2024", "CR 2023"]


def _steps(tmp_path: Path, ruleset: str, security: str) -> tuple[Step, ...]:
    path = tmp_path / "board.yaml"
    path.write_text(BOARD.format(ruleset=ruleset, security=security), encoding="utf-8")
    return play(load_scenario(str(path))).steps


def _reveals(steps: tuple[Step, ...]) -> list[Step]:
    return [st for st in steps if "top security card" in st.caption]


def test_under_cr_4_2_the_cards_are_checked_in_one_check(tmp_path: Path) -> None:
    """CR 13-1-2 (one security check per attack), 16-4-2: the two cards are one check's."""
    first = _reveals(_steps(tmp_path, "CR 4.2", "[FILL-0, FILL-0]"))[0]
    assert "Security check (card 1 of 2)" in first.caption and "2 cards in this one check" in first.caption
    assert {"CR 13-1-2", "CR 13-1-8"} <= set(first.rules)


@pytest.mark.parametrize("ruleset", OLDER)
def test_under_the_older_rulesets_each_card_is_a_check_of_its_own(tmp_path: Path, ruleset: str) -> None:
    """Before CR 3.7 each <Security A.> point was a security check of its own: "check 1 of 2", no "one check", and
    no CR 4.2 chapter-13 number, which named other rules then (the keyword's own number is the 3.x one, 16-3)."""
    steps = _steps(tmp_path, ruleset, "[FILL-0, FILL-0]")
    first, second = _reveals(steps)
    assert first.caption.startswith("Security check 1 of 2:") and "this one check" not in first.caption
    assert "1 + 1 = 2 security checks" in first.caption
    assert second.caption.startswith("Security check 2 of 2:") and "so check 2 is the last one" in second.caption
    assert "CR 16-3-2" in first.rules
    assert not [(st.index + 1, r) for st in steps for r in st.rules if r.startswith("CR 13-")]


@pytest.mark.parametrize("ruleset", OLDER)
def test_under_the_older_rulesets_a_gone_attacker_cites_no_chapter_13_number(tmp_path: Path, ruleset: str) -> None:
    """The first security card deletes the attacking Digimon: it checks no more cards; CR 4.2's 13-1-5 is not cited
    under a ruleset whose 13-1-5 was another rule."""
    steps = _steps(tmp_path, ruleset, "[X-41, FILL-0]")
    gone = [st for st in steps if "makes no more security checks" in st.caption]
    assert len(gone) == 1 and not [r for r in gone[0].rules if r.startswith("CR 13-")]


def test_under_cr_4_2_a_gone_attacker_cites_13_1_5(tmp_path: Path) -> None:
    steps = _steps(tmp_path, "CR 4.2", "[X-41, FILL-0]")
    gone = [st for st in steps if "checks no more cards" in st.caption]
    assert len(gone) == 1 and "CR 13-1-5" in gone[0].rules


@pytest.mark.parametrize("ruleset", OLDER)
def test_the_older_rulesets_read_in_german(tmp_path: Path, ruleset: str) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(BOARD.format(ruleset=ruleset, security="[FILL-0, FILL-0]"), encoding="utf-8")
    steps = play(load_scenario(str(path)), "de").steps
    assert any(st.caption.startswith("Sicherheitsprüfung 1 von 2:") for st in steps), [st.caption for st in steps]


def test_a_piercing_check_of_its_own_cites_no_chapter_13_number() -> None:
    """Under CR 2024 each <Piercing> activation is a check of its own (CR 3.6 16-6-4); CR 4.2's 13-1-2 ("only one
    security check per attack") said the opposite and is no longer cited beside it."""
    steps = play(load_scenario("ruling-R39-cr2024")).steps
    own = [st for st in steps if "a security check of its own for this activation" in st.caption]
    assert len(own) == 2 and all("CR 16-6-4" in st.rules and "CR 13-1-2" not in st.rules for st in own)
