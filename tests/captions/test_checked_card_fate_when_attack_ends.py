"""What the captions say of the checked card when a [Security] effect ends the attack (checker, session 11), English
and German: a card the effect placed in an area is not trashed (CR 13-1-8-4), so the caption says it stays there; a
card waiting to be played "at the end of the battle" is not played when no battle took place (CR 14-2-5,
CR 15-15-1-1) and is trashed; an attack ended by a trigger of the security battle ends that battle first (CR 14-2-5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from digiteach.scenario import load_scenario, play
from digiteach.views import Step

OUTSIDE = Path(__file__).resolve().parents[1] / "scenarios" / "outside_trial"


def _steps(name: str, lang: str) -> tuple[Step, ...]:
    return play(load_scenario(str(OUTSIDE / f"{name}.yaml")), lang).steps


def _text(steps: tuple[Step, ...]) -> str:
    return "\n".join(st.caption for st in steps)


@pytest.mark.parametrize(("lang", "stays", "trash"), [
    ("en", "was placed in an area, so it stays there", "trash"),
    ("de", "liegt schon in einem Bereich und bleibt dort", "Trash"),
])
def test_a_card_played_by_its_security_effect_is_not_said_to_be_trashed(lang: str, stays: str, trash: str) -> None:
    """CR 13-1-8-4: the Tamer played itself before the attack ended; no caption says it goes to the trash."""
    steps = _steps("cr13-1-8-4-security-tamer-played-ends-attack", lang)
    ended = next(st for st in steps if stays in st.caption)
    assert "CR 13-1-8-4" in ended.rules and "CR 15-15-1-1" in ended.rules
    assert trash not in _text(steps)


@pytest.mark.parametrize("name", ["cr14-2-5-attack-ended-no-end-of-battle",
                                  "cr14-2-5-attacker-deleted-no-end-of-battle"])
@pytest.mark.parametrize(("lang", "not_played", "played"), [
    ("en", "There was no battle, so there is no end of the battle either", "At the end of the battle"),
    ("de", "Es gab keinen Kampf, also auch kein Ende des Kampfes", "Am Ende des Kampfes"),
])
def test_no_battle_means_no_end_of_battle(name: str, lang: str, not_played: str, played: str) -> None:
    """CR 14-2-5: the card waiting for the end of a battle that never began is not played, and is then trashed."""
    steps = _steps(name, lang)
    said = next(st for st in steps if not_played in st.caption)
    assert "CR 14-2-5" in said.rules and "CR 13-1-8-4" in said.rules
    assert played not in _text(steps)


def test_an_attack_ended_by_a_win_in_the_security_battle_ends_the_battle_first() -> None:
    """QA Q6283, CR 14-2-4/14-2-5: the attacker's "wins a battle" trigger ends the attack inside the security battle;
    the caption says the battle ends first, not that no security battle begins."""
    steps = _steps("q6283-wins-battle-against-security-digimon", "en")
    ended = next(st for st in steps if "The attack ends" in st.caption)
    assert "The attack ends during its battle" in ended.caption and "no security battle begins" not in ended.caption
    battle_ends = next(st for st in steps if st.caption.startswith("The battle ends."))
    assert ended.index < battle_ends.index
