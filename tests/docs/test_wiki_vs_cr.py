"""Every "wiki vs CR" citation a user meets can be followed: it names ``docs/wiki-vs-cr.md`` (German texts:
``docs/wiki-vs-cr.de.md``) and an ID that file has, and nothing a user sees still cites our team's internal
analysis (``rules_summary``, "Part 3" / "Teil 3"), which is not in the repository.

Texts looked at: the bundled scenario files (notes, translations, comments), the lessons and the texts they are
built from, the README files, ``docs/``, the package and the widgets (captions, the wiki-vs-CR step notes, the
German catalogue, the export page).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "wiki-vs-cr.md"
DOC_DE = ROOT / "docs" / "wiki-vs-cr.de.md"

# Files exempt from the checks below (none now: the engine's docstrings cite the document too).
INTERNAL: set[str] = set()

ID = r"[ATBC]\d{1,2}"
CITATION = re.compile(r"docs/wiki-vs-cr(\.de)?\.md([^)]*)\)")
OLD = re.compile(r"rules_summary|\((?:Part|Teil)\s+3\b|\b(?:Part|Teil)\s+3,\s*" + ID)


def _ids(path: Path) -> set[str]:
    """The IDs the document defines: its ``### A1 (...)`` headings and ``**A5 (...)**`` list entries."""
    text = path.read_text(encoding="utf-8")
    return set(re.findall(rf"^### ({ID}) \(", text, re.M)) | set(re.findall(rf"\*\*({ID}) \(", text))


def _user_files() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "lessons" / "README.md", ROOT / "digiteach" / "cards" / "README.md",
             *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "lessons").glob("*.ipynb")),
             *sorted((ROOT / "lessons" / "de").glob("*.ipynb")),
             *sorted((ROOT / "scripts").glob("lesson_texts*.py"))]
    for folder in ("digiteach", "widgets"):
        files += [p for p in sorted((ROOT / folder).rglob("*"))
                  if p.suffix in {".py", ".yaml", ".po", ".js", ".css", ".html", ".md"} and p.is_file()
                  and str(p.relative_to(ROOT)) not in INTERNAL]
    return files


def _parts(path: Path) -> list[tuple[str, str]]:
    """(language, text) parts of a file: a scenario's ``translations:`` part and the German lessons are German."""
    text = path.read_text(encoding="utf-8")
    rel = str(path.relative_to(ROOT))
    if rel.startswith("digiteach/scenarios/") and path.suffix == ".yaml":
        head, sep, tail = text.partition("\ntranslations:")
        return [("en", head), ("de", sep + tail)]
    if re.search(r"^lessons/de/\w+\.ipynb$|scripts/lesson_texts_de", rel):
        return [("de", text)]
    if rel.startswith(("lessons/", "scripts/lesson_texts")):
        return [("en", text)]
    return [("", text)]


FILES = _user_files()


def test_both_documents_define_the_same_ids() -> None:
    ids = _ids(DOC)
    assert {"A1", "A7", "T1", "T9", "C1"} <= ids, sorted(ids)
    assert _ids(DOC_DE) == ids


def test_the_scenarios_the_documents_name_are_bundled() -> None:
    bundled = {p.stem for p in (ROOT / "digiteach" / "scenarios").glob("*.yaml")}
    for doc in (DOC, DOC_DE):
        named = set(re.findall(r"\b(?:attack-resolution-\d+|triggered-effects-\w+|ruling-[\w-]*\w)\b",
                               doc.read_text(encoding="utf-8")))
        assert named and named <= bundled, (doc.name, sorted(named - bundled))


def test_citations_are_found() -> None:
    """The check itself: the one form, with one ID or a list, is read in both languages; the old forms are not."""
    text = "(docs/wiki-vs-cr.md, A3 and A4) (CR 15-14-1-4; docs/wiki-vs-cr.de.md, T9)"
    found = [(m.group(1), re.findall(rf"\b{ID}\b", m.group(2))) for m in CITATION.finditer(text)]
    assert found == [(None, ["A3", "A4"]), (".de", ["T9"])]
    for old in ("(rules_summary Part 3, A7)", "(Teil 3, A1)", "rules_summary T9", "(Part 3)"):
        assert OLD.search(old), old
    assert not OLD.search("Part 3 of the lesson")


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_citation_names_an_entry_of_the_document(path: Path) -> None:
    ids = _ids(DOC)
    problems = []
    for lang, text in _parts(path):
        if OLD.search(text):
            problems.append(f"cites the internal analysis: ...{text[max(0, OLD.search(text).start() - 60):][:120]!r}")
        for m in CITATION.finditer(text):
            cited = re.findall(rf"\b{ID}\b", m.group(2))
            problems += [f"{m.group(0)!r}: no entry {c}" for c in cited if c not in ids]
            if lang == "de" and not m.group(1):
                problems.append(f"{m.group(0)!r}: German text citing the English document")
            if lang == "en" and m.group(1):
                problems.append(f"{m.group(0)!r}: English text citing the German document")
    assert not problems, "\n".join(problems)


def test_the_citations_are_there() -> None:
    """The notes that explain a wiki difference still cite it (a rewrite that dropped them would pass above)."""
    cited = {(str(p.relative_to(ROOT)), lang) for p in FILES for lang, text in _parts(p) if CITATION.search(text)}
    for name in ("attack-resolution-7", "attack-resolution-10", "triggered-effects-8", "triggered-effects-procedure"):
        assert (f"digiteach/scenarios/{name}.yaml", "en") in cited and (f"digiteach/scenarios/{name}.yaml", "de") in cited
    assert ("scripts/lesson_texts.py", "en") in cited and ("scripts/lesson_texts_de_ar.py", "de") in cited
