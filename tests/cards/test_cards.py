"""The card library against the seed facts, one test per card number (as fireplace tests its cards).

- ``test_seed_card``: each of the 82 seed cards (``seed_facts.json`` here, extracted once from
  shared/cards/seed_cards.json so CI needs nothing outside the repo) is in ``load_library()`` with the same
  name, kind, level, colours, DP, play/use cost and digivolution requirements, a non-empty summary in our
  words, data behind every effect, and every printed effect box either modelled or named "not modelled"
  in the card's summary. The documented exceptions (``exceptions`` in seed_facts.json) say which other
  values are accepted and why.
- ``test_library_card_is_exercised``: every library card is named by a bundled scenario or a test.
- ``test_tsunomon_*``: the one library card no scenario used (ST2-01 Tsunomon), exercised here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from boards import attack, board, names, play, side, stack
from digiteach.cards import Card, CardDataError, card_from_dict, load_library
from digiteach.effects import Effect, Persistent

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
FACTS: dict[str, Any] = json.loads((HERE / "seed_facts.json").read_text(encoding="utf-8"))
SEED: dict[str, dict[str, Any]] = FACTS["cards"]
EXCEPTIONS: dict[str, dict[str, Any]] = FACTS["exceptions"]
LIB = load_library()

# printed box in seed_cards.json -> Card attribute holding its modelled effects
BOXES = {"effect": "effects", "inherited_effect": "inherited", "security_effect": "security"}


def test_seed_facts_table_has_the_82_seed_cards() -> None:
    assert len(SEED) == 82
    assert set(EXCEPTIONS) <= set(SEED)


def _accepted(number: str, field: str, seed_value: Any) -> list[Any]:
    """Values of ``field`` the test accepts for ``number``: the seed value, or the documented exception."""
    exc = EXCEPTIONS.get(number)
    if exc is None or exc["field"] != field:
        return [seed_value]
    if "expect" in exc:
        return [exc["expect"]]
    return list(exc["accept"])


def _effect_has_data(e: Effect | Persistent) -> bool:
    if isinstance(e, Effect):
        return bool(e.actions) and bool(e.summary.strip()) and (e.timing is not None or e.when is not None)
    return bool(e.kind)


@pytest.mark.parametrize("number", sorted(SEED))
def test_seed_card(number: str) -> None:
    facts = SEED[number]
    assert number in LIB, f"{number} {facts['name']} is a seed card but not in load_library()"
    card: Card = LIB[number]
    assert card.name == facts["name"]
    assert card.kind == facts["kind"]
    assert card.level == facts["level"]
    assert list(card.colors) in _accepted(number, "colors", facts["colors"])
    assert card.dp == facts["dp"]
    assert card.play_cost in _accepted(number, "play_cost", facts["play_cost"])
    assert card.use_cost == facts["use_cost"]

    # digivolution requirements: every printed colour requirement is there; extra ones (name/trait/two-colour
    # requirements) only where the card has a special digivolution text
    have = [[d.color, d.level, d.cost] for d in card.digivolve]
    for want in _accepted(number, "digivolve", facts["digivolve"])[0]:
        assert want in have, f"{number}: digivolution requirement {want} missing; library has {have}"
    if not facts["special_digivolve"]:
        assert len(have) == len(_accepted(number, "digivolve", facts["digivolve"])[0]), have

    assert card.summary.strip(), f"{number}: empty summary"
    for e in card.effects + card.inherited + card.security:
        assert _effect_has_data(e), f"{number}: effect without data: {e!r}"

    # every printed box is modelled, or the summary names what is not modelled
    for box in facts["printed"]:
        modelled = bool(getattr(card, BOXES[box]))
        if box == "effect":
            modelled = modelled or bool(card.keywords)
        if number in EXCEPTIONS and EXCEPTIONS[number]["field"] == "printed":
            modelled = modelled or bool(card.security)
        assert modelled or "not modelled" in card.summary, (
            f"{number}: its printed {box} is neither modelled nor named 'not modelled' in the summary")
    for box, attr in BOXES.items():
        if getattr(card, attr) and box not in facts["printed"]:
            assert box == "effect" and card.keywords, f"{number}: {attr} modelled but nothing printed there"


def _usage_texts() -> dict[str, str]:
    """Files that count as using a card: bundled scenarios and the test suite (this folder's facts table
    does not count: it lists every seed card)."""
    paths = sorted((ROOT / "digiteach" / "scenarios").glob("*.yaml"))
    paths += sorted(p for p in (ROOT / "tests").rglob("*") if p.suffix in (".py", ".yaml") and p.is_file())
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in paths}


USAGE = _usage_texts()


@pytest.mark.parametrize("number", sorted(LIB))
def test_library_card_is_exercised(number: str) -> None:
    pattern = re.compile(r"(?<![\w-])" + re.escape(number) + r"(?![\w-])")
    users = [path for path, text in USAGE.items() if pattern.search(text)]
    assert users, f"{number} {LIB[number].name} is in the library but no bundled scenario or test uses it"


# ST2-01 Tsunomon: its inherited effect gives +1000 DP on its owner's turn while the Digimon battles an
# opposing Digimon that has no digivolution cards. Gabumon (2000) over Tsunomon against Goblimon (3000).

def test_tsunomon_bonus_makes_a_tie_against_a_digimon_without_digivolution_cards() -> None:
    """CR 4-3-3 (inherited effects), CR 14-2 (battle): 2000 + 1000 = 3000 against 3000, both deleted."""
    setup = board(side(stack("ST2-03", "ST2-01")), side(stack("BT1-064", suspended=True)))
    end = play(setup, attack(0, target=0))[-1]
    assert names(end, "A", "battle") == [] and names(end, "B", "battle") == []
    assert "BT1-064" in names(end, "B", "trash")


def test_tsunomon_bonus_does_not_apply_against_a_digimon_with_digivolution_cards() -> None:
    """Goblimon over Yaamon has a digivolution card: no bonus, 2000 against 3000, only Gabumon deleted."""
    setup = board(side(stack("ST2-03", "ST2-01")), side(stack("BT1-064", "BT2-008", suspended=True)))
    end = play(setup, attack(0, target=0))[-1]
    assert names(end, "A", "battle") == []
    assert names(end, "B", "battle") == ["BT1-064"]


def test_tsunomon_bonus_does_not_apply_on_the_opponents_turn() -> None:
    """[Your Turn] only: when B's Goblimon attacks, Gabumon stays at 2000 and is deleted alone."""
    setup = board(side(stack("ST2-03", "ST2-01", suspended=True)), side("BT1-064"), turn="B")
    end = play(setup, attack(0, target=0, player="B"))[-1]
    assert names(end, "A", "battle") == []
    assert names(end, "B", "battle") == ["BT1-064"]


@pytest.mark.parametrize(("entry", "field"), [
    ({"timing": "When Attacking"}, ("effects", 0, "timing")),
    ({"timing": "End of Attack"}, ("effects", 0, "timing")),
    ({"timing": "When Digivolving"}, ("effects", 0, "timing")),
    ({"when": {"event": "attacks"}}, ("effects", 0, "when", "whose")),  # whose: this is the default
    ({"when": {"event": "is_blocked", "whose": "this"}}, ("effects", 0, "when", "whose")),
])
def test_a_tamer_never_waits_for_itself_to_do_what_only_a_digimon_does(entry: dict[str, Any],
                                                                     field: tuple[Any, ...]) -> None:
    """Only a Digimon attacks, blocks, digivolves or battles (CR 11-2, 12-1-7, 8-1, 14-1): such an effect of a
    Tamer about itself would never trigger, so the card is refused where the effect is written."""
    effect = {**entry, "summary": "Draw 1.", "actions": [{"do": "draw", "amount": 1}]}
    with pytest.raises(CardDataError) as info:
        card_from_dict({"number": "XX-9", "name": "Testtamer", "kind": "Tamer", "effects": [effect]})
    assert tuple(info.value.path) == field
    assert "never" in str(info.value) and "expected" in str(info.value)


@pytest.mark.parametrize("when", [{"event": "end_of_attack", "whose": "you"}, {"event": "attacks", "whose": "any"},
                                  {"event": "suspended", "whose": "this"}, {"event": "played", "whose": "this"}])
def test_a_tamer_may_watch_digimon_events_and_its_own(when: dict[str, str]) -> None:
    effect = {"when": when, "summary": "Draw 1.", "actions": [{"do": "draw", "amount": 1}]}
    card = card_from_dict({"number": "XX-9", "name": "Testtamer", "kind": "Tamer", "effects": [effect]})
    assert card.effects[0].when is not None and card.effects[0].when.event == when["event"]
    digimon = card_from_dict({"number": "XX-8", "name": "Testmon", "level": 3, "dp": 1000, "effects": [
        {"timing": "When Attacking", "summary": "Draw 1.", "actions": [{"do": "draw", "amount": 1}]}]})
    assert digimon.effects[0].timing is not None
