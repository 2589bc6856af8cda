"""The keyword table (``digiteach.keywords.KEYWORDS``, CR ch.16) is the one list every layer reads: the loader's
parser, the engine's flag keywords, the board's keyword line, ``terms.Keyword`` and the card format README."""

from __future__ import annotations

from pathlib import Path

import pytest

from boards import board, cards, side, stack
from digiteach.effects import Effect, Persistent
from digiteach.engine import board_view, initial_state
from digiteach.keywords import (
    BOARD_KEYWORDS,
    FLAG_KEYWORDS,
    KEYWORDS,
    NOT_MODELLED,
    KeywordSpec,
    keyword_spec,
    parse_keyword,
)
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
    if spec.param:  # e.g. "Decoy (Black) / Decoy ([trait])" -> "Decoy (Black)"; "Fragment (N)" -> "Fragment (2)"
        text = spec.written.split(" / ")[0].replace("(N)", "(2)")
    (effect,) = parse_keyword(text)
    if spec.kind == "flag":
        assert isinstance(effect, Persistent) and effect.kind == "keyword" and effect.keyword == name
    elif isinstance(effect, Effect):
        assert effect.keyword.startswith(name)
    else:
        assert effect.kind == "security_a" and effect.amount == 1


@pytest.mark.parametrize("name", ["Delay", "Link +1", "Digi-Burst 2"])
def test_keywords_the_text_alone_cannot_build_are_refused_with_the_reason(name: str) -> None:
    """<Link +N> (CR 16-40) is named but not modelled, and the error says why; <Digi-Burst> needs its actions, and
    <Delay> (CR 16-17) its trigger and actions."""
    with pytest.raises(ValueError, match=r"not modelled by the engine yet \(.+\)|needs its (trigger and )?actions"):
        parse_keyword(name)


def test_the_table_covers_chapter_16() -> None:
    """Every keyword section of CR Ver.4.2 chapter 16, 16-4 to 16-47, has exactly one entry; each one not
    modelled says why."""
    sections = sorted(int(k.section.split("-")[1]) for k in KEYWORDS)
    assert sections == list(range(4, 48))
    assert all(k.reason for k in NOT_MODELLED)
    assert all(k.build is not None or k.with_actions is not None or k.kind in ("not_modelled", "numeric")
               for k in KEYWORDS)


@pytest.mark.parametrize("text", ["Decoy (Blue Lv.4)", "Fragment (x)", "Decode (Lv.4 or lower w/[Agumon] in name)",
                                  "Raid (Black)", "Partition (Blue Lv.4)"])
def test_bracketed_keywords_refuse_a_description_they_cannot_express(text: str) -> None:
    """A bracketed keyword gets a clear error for a description outside its form (CR 16-18, 16-29, 16-36, 16-37)."""
    with pytest.raises(ValueError):
        parse_keyword(text)


def test_flag_keywords_are_the_flag_entries() -> None:
    """<Blocker>, <Jamming>, <Reboot>, <Rush>, <Collision>, <Iceclad>, <Progress> are persistent flags the engine
    asks about (CR 16-5, 16-9, 16-11, 16-15, 16-30, 16-35, 16-39)."""
    assert set(FLAG_KEYWORDS) == {"Blocker", "Jamming", "Reboot", "Rush", "Collision", "Iceclad", "Progress"}
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


def test_card_format_readme_lists_every_keyword_not_modelled_with_its_reason() -> None:
    """The README's "Keywords not modelled" table has one row per such entry of the table: name, section, reason."""
    text = README.read_text(encoding="utf-8")
    rows = text[text.index("### Keywords not modelled"):].split("\n### ")[0]
    for k in NOT_MODELLED:
        assert f"| <{k.name}> | {k.section} | {k.reason} |" in rows, f"README row for <{k.name}> missing or stale"
