"""Build ``source_shingles.txt``: hashes of every 8-word run ("shingle") of the source texts we must not copy.

The own-words test (``test_own_words.py``) compares our texts with these hashes, so CI needs none of the
source files. Run this again only when the sources change::

    python3 -m uv run python tests/docs/make_fingerprints.py [--shared ../shared]

Sources (all read-only, under ``--shared``): the card texts in ``cards/seed_cards.json`` (printed effect,
inherited, [Security], ace, special digivolution, errata before/after, and the cross-checked database texts),
the wiki pages ``seeds/000_*.txt`` (Attack Resolution) and ``seeds/003_*.txt`` (Triggered Effects), the CR
fragments ``seeds/001_*.txt`` (ch. 14) and ``seeds/004_*.txt`` (ch. 6), ``rules/rules_summary.md`` and
``rules/rulings.md``.

Words: NFKC, lower case, apostrophes dropped, rule numbers such as ``15-4-3-5`` kept as one word, a number
glued to a word split off (the CR fragments print "14-2-1-1The"), every other non-alphanumeric character a
word break. Each card text field is shingled on its own; a file is shingled as one run of words.
The file holds the first 12 hex digits of the BLAKE2b hash of each shingle (words joined by one space),
sorted, one a line; the first line names the shingle size and the sources.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import unicodedata
from pathlib import Path
from typing import Any, Iterable, Iterator

SIZE = 8
HEX = 12
OUT = Path(__file__).with_name("source_shingles.txt")

_RULE_NUMBER = re.compile(r"(?<=\d)[-.](?=\d)")
_DIGIT_WORD = re.compile(r"(?<=\d)(?=[a-z])")
_WORD = re.compile(r"[a-z0-9_]+")

CARD_TEXT_FIELDS = ("effect", "inherited_effect", "security_effect", "ace_effect", "special_digivolve")


def words(text: str) -> list[str]:
    """The normalised words of ``text`` (see the module docstring)."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = text.replace("'", "").replace("\u2019", "")
    text = _RULE_NUMBER.sub("_", text)
    text = _DIGIT_WORD.sub(" ", text)
    return _WORD.findall(text)


def shingles(seq: list[str], size: int = SIZE) -> Iterator[tuple[int, str]]:
    """(start index, shingle text) for every run of ``size`` consecutive words."""
    for i in range(len(seq) - size + 1):
        yield i, " ".join(seq[i:i + size])


def digest(shingle: str) -> str:
    """The short hash stored in the fingerprint file."""
    return hashlib.blake2b(shingle.encode("utf-8"), digest_size=8).hexdigest()[:HEX]


def card_texts(cards: Iterable[dict[str, Any]]) -> Iterator[str]:
    """Every printed-text field of the seed cards, one string each."""
    for card in cards:
        for field in CARD_TEXT_FIELDS:
            if card.get(field):
                yield str(card[field])
        errata = card.get("errata") or {}
        for field in ("before", "after"):
            if errata.get(field):
                yield str(errata[field])
        for note in card.get("cross_check_vs_aegis") or []:
            yield str(note)  # the other database's wording of the same card texts


def source_texts(shared: Path) -> Iterator[tuple[str, str]]:
    """(name, text) of every source."""
    cards = json.loads((shared / "cards" / "seed_cards.json").read_text(encoding="utf-8"))
    for i, text in enumerate(card_texts(cards)):
        yield f"seed_cards.json#{i}", text
    for prefix in ("000", "001", "003", "004"):
        for path in sorted((shared / "seeds").glob(f"{prefix}_*.txt")):
            yield path.name, path.read_text(encoding="utf-8")
    for name in ("rules_summary.md", "rulings.md"):
        yield name, (shared / "rules" / name).read_text(encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=Path(__file__).resolve().parents[3] / "shared")
    args = parser.parse_args()
    hashes: set[str] = set()
    names: list[str] = []
    for name, text in source_texts(args.shared):
        if not name.startswith("seed_cards.json#"):
            names.append(name)
        hashes.update(digest(s) for _, s in shingles(words(text)))
    header = f"# {SIZE}-word shingles, blake2b[:{HEX}] of: seed_cards.json card texts, {', '.join(names)}"
    OUT.write_text(header + "\n" + "\n".join(sorted(hashes)) + "\n", encoding="utf-8")
    print(f"{len(hashes)} shingle hashes written to {OUT}")


if __name__ == "__main__":
    main()
