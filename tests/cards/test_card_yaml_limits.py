"""Card files are read as scenario files are (one shared reader, :func:`digiteach.scenario.reader.read_any_yaml`):
a value that refers to itself and anchors that expand past the limit are refused at the card file, with its line
and field, never a RecursionError or a long expansion (a breaker's files, session 16). Temporary texts only: no
test card file is left in digiteach/cards/."""

from __future__ import annotations

import time

import pytest

from digiteach.cards import CardDataError, cards_from_files
from digiteach.scenario import ScenarioError, load_scenario

SELF = """\
- &c
  number: ZZ-001
  name: Badmon
  level: 3
  dp: 3000
  summary: bad
  inherited: [*c]
"""


def _laughs(levels: int) -> str:
    rows = ["    - &a0 {keyword: Blocker}"]
    rows += [f"    - &a{n} [" + ", ".join([f"*a{n - 1}"] * 10) + "]" for n in range(1, levels + 1)]
    return "- number: ZZ-002\n  name: Laugh\n  summary: lol\n  effects:\n" + "\n".join(rows) + "\n"


def test_a_card_that_contains_itself_is_refused_at_its_file_line_and_field() -> None:
    with pytest.raises(CardDataError) as caught:
        cards_from_files([("digiteach/cards/zz_self.yaml", SELF)])
    assert caught.value.where == "digiteach/cards/zz_self.yaml:7"
    assert caught.value.path == ("[0].inherited[0]",)
    assert "'*c' is inside the value its anchor '&c' names: a value that refers to itself" in caught.value.message


def test_a_card_file_expanding_past_the_limit_is_refused_quickly() -> None:
    start = time.perf_counter()
    with pytest.raises(CardDataError, match="expands to more than 100000 values") as caught:
        cards_from_files([("digiteach/cards/zz_laugh.yaml", _laughs(6))])  # 10**6 values
    assert caught.value.where == "digiteach/cards/zz_laugh.yaml"
    assert time.perf_counter() - start < 5


def test_an_inline_card_that_contains_itself_says_so(tmp_path: object) -> None:
    """The inline version used to say "expected a mapping (key: value), got NoneType None"."""
    from pathlib import Path

    text = ("id: zz-self\ntitle: t\nsource: {page: x}\ncards:\n" + "\n".join("  " + r for r in SELF.splitlines())
            + "\nsetup: {turn_player: A, A: {battle_area: [ZZ-001]}, B: {}}\naction: {attack: {with: A.battle[0], "
            "target: player}}\n")
    path = Path(str(tmp_path)) / "self.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(str(path))
    assert caught.value.line == 11 and caught.value.field == "cards[0].inherited[0]"
    assert "refers to itself" in caught.value.message


def test_an_alias_after_its_anchor_is_still_read() -> None:
    text = SELF.replace("  inherited: [*c]\n", "  traits: &t [Insectoid]\n- number: ZZ-003\n  name: Other\n"
                                                "  summary: ok\n  traits: *t\n")
    cards = cards_from_files([("x.yaml", text)])
    assert [c.traits for c in cards] == [("Insectoid",), ("Insectoid",)]
