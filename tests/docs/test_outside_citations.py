"""Nothing we ship cites a document a user does not have, and every ruling scenario names a source a reader can
follow.

Our team's working files (the rulings test set ``rulings.md``, the rules summary ``rules_summary.md``, the card
table ``seed_cards.json``, the copies of the wiki pages, the analysts' plans under ``team/`` and anything else under
``shared/``) are not in the repository. A scenario's ``source``, a comment, a card summary, a lesson or a doc that cites one of them leaves a
judge or a teacher with a reference they cannot follow. Instead a ruling scenario cites the official card Q&A (card
number and Q-number, and the official page in ``url:``) and the Comprehensive Rules (``rule:``); card data says
where a fact comes from in terms a reader can check (the official card list, ``tests/cards/seed_facts.json``, "our
assumption for this board").

Files looked at: everything under ``digiteach/``, ``widgets/``, ``lessons/`` and ``docs/``, ``README.md``, and the
texts the lessons are built from (``scripts/lesson_texts*.py``, ``scripts/build_lessons.py``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from digiteach.scenario import load_scenario
from digiteach.scenario.reader import read_yaml

ROOT = Path(__file__).resolve().parents[2]

OUTSIDE = re.compile(r"rulings\.md|rules_summary|seed_cards\.json|(?<![\w.-])(?:team|shared)/|\bseed \d{3}\b"
                     r"|written analysis")
"""A citation of a file outside the repository: our working documents by name, a path into ``team/`` or ``shared/``
(``my-rulings/`` and ``packages/x`` do not match), the wiki page copies by their file number ("seed 000", "seed
003"; name the wiki page instead), or the analysts' write-ups ("our written analysis of the example")."""

TEXT = {".py", ".yaml", ".yml", ".md", ".po", ".pot", ".js", ".css", ".html", ".ipynb", ".json", ".txt", ".cfg"}

QA = re.compile(r"(?:BT|EX|ST|P|RB|LM|AD)\d*-\d{2,3} Q\d+")
"""A Q&A entry a reader can look up: the card's number, then the Q-number its official Q&A page gives it."""

QA_WITHOUT_CARD = {
    "FUN! DigiCa #8": "Bandai's FUN! DigiCa event Q&A (number 8), not on a card's Q&A page",
    "Q1955": "the same answer as BT3-096 Q1128, given on another card we have not recorded",
    "Q4014": "a general <Blast Digivolve> answer (the requirement is checked when it is used); card not recorded",
}
"""The Q&A entries of ruling scenarios that name no card, and why."""

OFFICIAL = "https://world.digimoncard.com/rule/"


def _shipped() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "scripts").glob("lesson_texts*.py")),
             ROOT / "scripts" / "build_lessons.py"]
    for folder in ("digiteach", "widgets", "lessons", "docs"):
        files += [p for p in sorted((ROOT / folder).rglob("*"))
                  if p.is_file() and p.suffix in TEXT and "__pycache__" not in p.parts]
    return files


SHIPPED = _shipped()
RULINGS = sorted(p.stem for p in (ROOT / "digiteach" / "scenarios").glob("ruling-*.yaml"))


def test_the_pattern() -> None:
    """The check itself: the forms the old files used are caught; our own folder names and ids are not."""
    for old in ("page: rulings.md R05", "(shared/rules/rulings.md; plan in team/examples/ruling-R05.md)",
                "[DP from rulings.md]", "rules_summary 13", "facts from seed_cards.json", "see ../shared/cards",
                "Attack Resolution, example 6 (seed 000)", "outcome from our written analysis of the example"):
        assert OUTSIDE.search(old), old
    for fine in ("my-rulings/first.yaml", "ruling-R05", "docs/wiki-vs-cr.md", "the rulings a team shares",
                 "packages/steam/x", "tests/cards/seed_facts.json", "the seed 12345 board", "(seed 0)"):
        assert not OUTSIDE.search(fine), fine


def test_the_shipped_files_are_found() -> None:
    names = {str(p.relative_to(ROOT)) for p in SHIPPED}
    assert {"README.md", "digiteach/scenarios/ruling-R05.yaml", "digiteach/cards/rulings.yaml",
            "docs/scenario-format.md", "lessons/00_start_here.ipynb", "widgets/player.js",
            "digiteach/locale/de/LC_MESSAGES/digiteach.po", "scripts/lesson_texts.py"} <= names
    assert len(RULINGS) >= 40, RULINGS


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_shipped_file_cites_a_document_outside_the_repository(path: Path) -> None:
    text = path.read_text(encoding="utf-8", errors="replace")
    found = [f"line {text.count(chr(10), 0, m.start()) + 1}: ...{text[max(0, m.start() - 50):m.end() + 30]!r}"
             for m in OUTSIDE.finditer(text)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("name", RULINGS)
def test_a_ruling_names_a_source_a_reader_can_follow(name: str) -> None:
    """A ruling scenario's source gives the Q&A entries by card and Q-number with the official Q&A page, or (a
    ruling from the CR alone) the rule numbers and the official rules page; every one gives CR rule numbers."""
    path = ROOT / "digiteach" / "scenarios" / f"{name}.yaml"
    _, data = read_yaml(path.read_text(encoding="utf-8"), str(path))
    source = data["source"]
    assert isinstance(source, dict), name
    assert source.get("rule") and all(re.fullmatch(r"CR \d+(-\d+)*", r) for r in source["rule"]), source
    url = str(source.get("url", ""))
    assert url.startswith(OFFICIAL), (name, url)
    qa = source.get("qa", [])
    assert qa or source.get("page") == "Comprehensive Rules Ver.4.2", (name, source)
    for entry in qa:
        assert QA.fullmatch(entry) or entry in QA_WITHOUT_CARD, (name, entry)
    if qa:
        first = QA.fullmatch(qa[0])
        assert first and url == f"{OFFICIAL}?card_no={qa[0].split()[0]}", (name, qa[0], url)
    shown = load_scenario(name).source
    assert not OUTSIDE.search(shown), (name, shown)
