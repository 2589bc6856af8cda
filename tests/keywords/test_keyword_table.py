"""The keyword table (``digiteach.keywords.KEYWORDS``, CR ch.16) is the one list every layer reads: the loader's
parser, the engine's flag keywords, the board's keyword line, ``terms.Keyword`` and the card format README."""

from __future__ import annotations

from pathlib import Path

import pytest

from boards import board, cards, side, stack
from digiteach.effects import Effect, Persistent
from digiteach.engine import board_view, initial_state
from digiteach.keywords import BOARD_KEYWORDS, FLAG_KEYWORDS, KEYWORDS, KeywordSpec, keyword_spec, parse_keyword
from digiteach.terms import Keyword

README = Path(__file__).resolve().parents[2] / "digiteach" / "cards" / "README.md"


def test_terms_keyword_names_the_table() -> None:
    """``terms.Keyword`` and the table list the same keywords, so no enum member is one the loader rejects
    without the table saying why."""
    assert {k.value for k in Keyword} == {k.name for k in KEYWORDS}


@pytest.mark.parametrize("spec", [k for k in KEYWORDS if k.build is not None], ids=lambda k: k.name)
def test_every_modelled_keyword_parses_from_its_written_form(spec: KeywordSpec) -> None:
    """Each modelled keyword's text (with 1 for a number) becomes effect data carrying that keyword."""
    name = spec.name
    text = f"{name} +1" if spec.kind == "numeric" else name
    (effect,) = parse_keyword(text)
    if spec.kind == "flag":
        assert isinstance(effect, Persistent) and effect.kind == "keyword" and effect.keyword == name
    elif isinstance(effect, Effect):
        assert effect.keyword.startswith(name)
    else:
        assert effect.kind == "security_a" and effect.amount == 1


@pytest.mark.parametrize("name", ["Raid", "Delay", "Digi-Burst 2"])
def test_keywords_the_text_alone_cannot_build_are_refused_with_the_reason(name: str) -> None:
    """<Raid> (CR 16-23) and <Delay> (CR 16-17) are named but not modelled; <Digi-Burst> needs its actions."""
    with pytest.raises(ValueError, match=r"not modelled|needs its actions"):
        parse_keyword(name)


def test_flag_keywords_are_the_flag_entries() -> None:
    """<Blocker>, <Jamming>, <Reboot>, <Rush>, <Collision> are persistent flags the engine asks about (CR 16-5...)."""
    assert set(FLAG_KEYWORDS) == {"Blocker", "Jamming", "Reboot", "Rush", "Collision"}
    assert keyword_spec("Security Attack") is keyword_spec("Security A.")


def test_reboot_is_shown_on_the_board() -> None:
    """<Reboot> (CR 16-11) is on the board's keyword line, as every shown keyword of the table is."""
    lib = cards({"number": "T-RB", "name": "Test Reboot", "level": 4, "colors": ["Red"], "dp": 3000,
                 "play_cost": 5, "keywords": ["Reboot", "Blocker"], "summary": "Test card."})
    s = initial_state(board(side(stack("T-RB")), side()), lib)
    (st,) = board_view(s).sides[0].battle_area
    assert "Reboot" in BOARD_KEYWORDS
    assert st.keywords == ("Blocker", "Reboot")


def test_card_format_readme_names_every_modelled_keyword() -> None:
    """The "Known keywords" sentence of ``digiteach/cards/README.md`` names each keyword the loader accepts."""
    text = README.read_text(encoding="utf-8")
    known = text[text.index("Known keywords"):].split("(`digiteach.keywords")[0]
    missing = [k.name for k in KEYWORDS if k.build is not None and k.name not in known]
    assert not missing, f"cards/README.md does not name {missing}"
