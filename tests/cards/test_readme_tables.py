"""The cards README lists every word the loader accepts: its vocabulary section is generated from the loader's own
tables (``digiteach.cards.vocabulary``), and this test fails when the two drift apart."""

from __future__ import annotations

import dataclasses

import pytest

from digiteach import effects as fx
from digiteach.cards.reader import ACTION_NAMES, card_from_dict
from digiteach.cards.vocabulary import BEGIN, END, README, vocabulary_markdown
from digiteach.engine.apply import APPLY
from digiteach.engine.conditions import CONDITIONS
from digiteach.keywords import KEYWORDS


def test_readme_vocabulary_is_the_generated_one() -> None:
    """The README holds exactly the current vocabulary (rewrite it with ``python -m digiteach.cards.vocabulary``)."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index(BEGIN): text.index(END) + len(END)] + "\n"
    assert section == vocabulary_markdown()


def test_vocabulary_names_every_word_of_the_loader() -> None:
    """Every event, condition, persistent kind, duration, action, selector field, filter field and keyword appears
    in the generated text: the generator leaves none out."""
    text = vocabulary_markdown()
    words = [*fx.EVENT_KINDS, *fx.CONDITION_KINDS, *fx.PERSISTENT_KINDS, *fx.DURATIONS, *ACTION_NAMES,
             *fx.AREAS, *fx.WHO, *(f.name for f in dataclasses.fields(fx.Sel)),
             *(f.name for f in dataclasses.fields(fx.When))]
    missing = [w for w in words if f"`{w}`" not in text]
    assert not missing
    assert all(f"<{k.name}>" in text for k in KEYWORDS)


def test_every_word_has_its_engine_side() -> None:
    """Each condition kind has a check (CR 15-6) and each action a function (CR 15-1-2): nothing the README lists
    is refused or ignored by the engine."""
    assert set(fx.CONDITION_KINDS) <= set(CONDITIONS)
    assert {cls for cls in ACTION_NAMES.values()} <= set(APPLY)


def _memory_card(do: str, amount: int) -> dict[str, object]:
    return {"number": "X-30", "name": "Saver", "level": 3, "colors": ["Red"], "dp": 3000,
            "effects": [{"timing": "On Play", "actions": [{"do": do, "amount": amount}], "summary": "x"}]}


def test_the_memory_actions_are_described_as_the_loader_reads_them() -> None:
    """gain_memory and lose_memory take an amount of 0 or more (the loader refuses a negative one, outside trial
    session 11); the README says so, and names lose_memory for a loss, instead of "negative: lose"."""
    rows = {line.split(" | ")[0]: line for line in vocabulary_markdown().splitlines() if line.startswith("| `")}
    gain, lose = rows["| `gain_memory`"], rows["| `lose_memory`"]
    assert "negative" not in gain and "negative" not in lose
    assert "`lose_memory`" in gain and lose.split(" | ")[2].startswith("Lose `amount` memory")
    with pytest.raises(ValueError, match="0 or more"):
        card_from_dict(_memory_card("gain_memory", -2))
    lost = card_from_dict(_memory_card("lose_memory", 2)).effects[0]
    assert isinstance(lost, fx.Effect) and lost.actions == (fx.GainMemory(amount=-2),)
