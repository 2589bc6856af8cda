"""Our own words only (team brief): none of our texts shares a run of 8 or more consecutive words with the sources.

The sources (card texts of seed_cards.json, the wiki's Attack Resolution and Triggered Effects pages, the CR
fragments of chapters 14 and 6, the rules summary and the rulings) are read only through
``source_shingles.txt``, the hashes of their 8-word runs written by ``make_fingerprints.py`` (same folder;
see it for how words are normalised: lower case, punctuation stripped, rule numbers one word).

Our texts checked, one test each:

- card summaries and effect summaries of ``load_library()``;
- scenario files (``digiteach/scenarios/*.yaml``): every text value (title, notes, inline cards' summaries, ...)
  and the comments;
- card files' comments (``digiteach/cards/*.yaml``);
- string literals of the Python package and the widgets (caption templates, prompts, docstrings, messages),
  and their comments;
- the lessons: every notebook cell (markdown, code and its comments) and stored text outputs;
- the README, ``docs/*.md``, ``lessons/README.md`` and ``digiteach/cards/README.md``.

Exclusions (facts, not sentences): an 8-word run is not counted when every one of its words belongs to a fact
phrase: a card name from the library, an official keyword or timing name ("[When Attacking]",
"[Once Per Turn]", "<Security A. +1>", ...; see ``FACT_PHRASES``) or a number. Card numbers, DP, costs and
rule numbers are numbers, so a list of them never counts. Nothing else is excluded. When this test was written
the exclusion let through exactly two runs: the names of the attack's timings in a row (diagram labels, README,
lesson 01: "attack declaration, counter timing, block timing, confirming success") and "[When Digivolving]
[End of Attack] [Once Per Turn]" in a docstring of digiteach/effects.py.

Outside this test's scope (reported, not checked): docstrings of the test suite itself.
"""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from pathlib import Path
from typing import Any, Iterator

import pytest

from make_fingerprints import SIZE, digest, shingles, words
from digiteach.cards import load_library

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
SOURCE = {line for line in (HERE / "source_shingles.txt").read_text(encoding="utf-8").splitlines()
          if line and not line.startswith("#")}

# Official names that are facts: keyword names, timings, effect-limit phrases, areas, card kinds.
FACT_PHRASES = (
    "when attacking", "when digivolving", "on play", "on deletion", "end of attack", "end of battle",
    "end of turn", "start of your turn", "start of your main phase", "your turn", "opponents turn", "all turns",
    "once per turn", "twice per turn", "main", "counter", "security", "hand", "breeding",
    "blocker", "piercing", "security a", "recovery", "deck", "retaliation", "alliance", "blitz", "jamming",
    "rush", "collision", "draw", "de digivolve", "evade", "armor purge", "barrier", "blast digivolve",
    "digi burst", "reboot", "delay", "decoy", "fortitude", "raid", "partition", "save", "material save",
    "digimon", "tamer", "option", "digi egg",
    # the names of the attack's timings (CR 11), used as diagram labels
    "attack declaration", "declaration timing", "counter timing", "block timing", "battle", "security check",
    "confirming success", "piercing check",
)


def _fact_words() -> set[tuple[str, ...]]:
    phrases = {tuple(words(p)) for p in FACT_PHRASES}
    phrases |= {tuple(words(card.name)) for card in load_library().values()}
    return {p for p in phrases if p}


FACTS = _fact_words()
LONGEST = max(len(p) for p in FACTS)


def _fact_mask(seq: list[str]) -> list[bool]:
    """True for each word that is a number or part of a fact phrase."""
    mask = [w.replace("_", "").isdigit() for w in seq]
    for i in range(len(seq)):
        for n in range(1, min(LONGEST, len(seq) - i) + 1):
            if tuple(seq[i:i + n]) in FACTS:
                for j in range(i, i + n):
                    mask[j] = True
    return mask


def copied_runs(text: str) -> list[str]:
    """The 8-word runs of ``text`` found in the sources (merged into maximal runs), facts-only runs left out."""
    seq = words(text)
    mask = _fact_mask(seq)
    hit = [False] * len(seq)
    for i, shingle in shingles(seq):
        if digest(shingle) in SOURCE and not all(mask[i:i + SIZE]):
            for j in range(i, i + SIZE):
                hit[j] = True
    runs: list[str] = []
    i = 0
    while i < len(seq):
        if hit[i]:
            j = i
            while j < len(seq) and hit[j]:
                j += 1
            runs.append(" ".join(seq[i:j]))
            i = j
        else:
            i += 1
    return runs


# ---------------------------------------------------------------------------------------------- our texts

def _yaml_strings(node: Any) -> Iterator[str]:
    """Every text value of a YAML document, one at a time (keys are field names, not text)."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from _yaml_strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _yaml_strings(value)


def _comments(text: str, marker: str = "#") -> str:
    """The comment parts of YAML lines (a ``#`` at a line start or after a space)."""
    out = []
    for line in text.splitlines():
        m = re.search(r"(?:^|\s)" + re.escape(marker) + r"(.*)$", line)
        if m:
            out.append(m.group(1))
    return "\n".join(out)


def _python_texts(source: str) -> Iterator[str]:
    """String literals (docstrings, captions, messages) and comments of a Python file."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            yield tok.string


def our_texts() -> Iterator[tuple[str, str]]:
    """(where, text) for every text we wrote that users or readers see."""
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe", pure=True)
    for number, card in sorted(load_library().items()):
        yield f"card {number} summary", card.summary
        for attr in ("effects", "inherited", "security"):
            for i, effect in enumerate(getattr(card, attr)):
                if getattr(effect, "summary", ""):
                    yield f"card {number} {attr}[{i}] summary", effect.summary
    for path in sorted((ROOT / "digiteach" / "scenarios").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        where = str(path.relative_to(ROOT))
        for value in _yaml_strings(yaml.load(text)):
            yield where, value
        yield f"{where} (comments)", _comments(text)
    for path in sorted((ROOT / "digiteach" / "cards").glob("*.yaml")):
        yield f"{path.relative_to(ROOT)} (comments)", _comments(path.read_text(encoding="utf-8"))
    for folder in ("digiteach", "widgets"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for text in _python_texts(path.read_text(encoding="utf-8")):
                yield str(path.relative_to(ROOT)), text
    for path in sorted([*(ROOT / "lessons").glob("*.ipynb"), *(ROOT / "lessons" / "de").glob("*.ipynb")]):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for i, cell in enumerate(nb["cells"]):
            yield f"{path.relative_to(ROOT)} cell {i}", "".join(cell["source"])
            for out in cell.get("outputs", []):
                yield f"{path.relative_to(ROOT)} cell {i} output", "".join(out.get("text", ""))
    for path in [ROOT / "README.md", ROOT / "lessons" / "README.md", ROOT / "digiteach" / "cards" / "README.md",
                 *sorted((ROOT / "docs").glob("*.md"))]:
        yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")


def _group(where: str) -> str:
    """The test id a text belongs to: its file (cards grouped by number)."""
    return where.split(" ", 2)[0] + (" " + where.split(" ")[1] if where.startswith("card ") else "")


TEXTS: dict[str, list[tuple[str, str]]] = {}
for _where, _text in our_texts():
    TEXTS.setdefault(_group(_where), []).append((_where, _text))


def test_fingerprints_are_there() -> None:
    assert len(SOURCE) > 20000, "source_shingles.txt looks truncated; rerun tests/docs/make_fingerprints.py"


def test_copied_runs_are_found() -> None:
    """The check itself: a sentence of CR 14-2-2 is caught, punctuation and case aside; facts-only runs are not."""
    assert copied_runs("Note: THE DIGIMON that loses is immediately deleted; if both lose, both are deleted!")
    assert not copied_runs("A Digimon that loses its battle is deleted at once, and a tie deletes both.")
    assert not copied_runs("[When Attacking] [Once Per Turn] <Blocker> <Piercing> <Security A. +1> BT1-081 15-4-3-5")


@pytest.mark.parametrize("group", sorted(TEXTS))
def test_own_words(group: str) -> None:
    found = [f"{where}: ...{run}..." for where, text in TEXTS[group] for run in copied_runs(text)]
    assert not found, "runs of 8+ words shared with the sources (reword them):\n" + "\n".join(found)
