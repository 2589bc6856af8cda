"""widgets.save_ruling: lesson 03's saving of the learner's scenario file never loses what the learner wrote (session 16:
a file edited with its two comment lines kept was replaced by a re-run)."""

from __future__ import annotations

from pathlib import Path

import pytest

from digiteach import i18n
from widgets.rulings import save_ruling, stamped, untouched

TEXT = "id: mine\ntitle: A ruling\n"


def test_a_rerun_replaces_the_lessons_own_unchanged_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "rulings" / "mine.yaml"
    assert save_ruling(path, TEXT) == path  # the folder is made
    assert save_ruling(path, TEXT.replace("A ruling", "Another")) == path  # the cell's text changed: replaced
    assert path.read_text(encoding="utf-8") == stamped(TEXT.replace("A ruling", "Another"))
    assert sorted(p.name for p in path.parent.iterdir()) == ["mine.yaml"]
    assert capsys.readouterr().out.splitlines() == [f"saved {path.resolve()}"] * 2


def test_an_edited_file_is_kept_and_the_text_goes_to_the_next_free_name(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.yaml"
    save_ruling(path, TEXT)
    edited = path.read_text(encoding="utf-8") + "notes: my own words\n"  # the two comment lines kept
    path.write_text(edited, encoding="utf-8")
    (tmp_path / "mine-2.yaml").write_text("id: by hand\n", encoding="utf-8")  # no comment lines: the learner's
    capsys.readouterr()
    written = save_ruling(path, TEXT)
    assert written == tmp_path / "mine-3.yaml" and written.read_text(encoding="utf-8") == stamped(TEXT)
    assert path.read_text(encoding="utf-8") == edited
    assert (tmp_path / "mine-2.yaml").read_text(encoding="utf-8") == "id: by hand\n"
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith("kept mine.yaml as it is") and said[0].endswith("mine-3.yaml"), said
    assert said[1] == f"saved {written.resolve()}"
    assert save_ruling(path, TEXT) == written  # again: the lesson's own unchanged mine-3.yaml is replaced
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine-2.yaml", "mine-3.yaml", "mine.yaml"]


def test_a_changed_comment_line_or_a_folder_is_not_the_lessons_file(tmp_path: Path) -> None:
    content = stamped(TEXT)
    assert untouched(content)
    first, second, rest = content.split("\n", 2)
    assert not untouched(f"{first}\n{second} (my note)\n{rest}")
    assert not untouched(TEXT) and not untouched("")
    (tmp_path / "mine.yaml").mkdir()
    assert save_ruling(tmp_path / "mine.yaml", TEXT) == tmp_path / "mine-2.yaml"


def test_the_comment_lines_are_two_in_german_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Line N of the saved file stays line N of the lesson's cell in both languages; an English file is still the
    lesson's own when the German lesson saves over it (the digest is of the text, whatever its language)."""
    path = tmp_path / "mein.yaml"
    with i18n.language("de"):
        german = stamped(TEXT)
        save_ruling(path, TEXT)
    assert german.startswith("# Gespeichert") and german.split("\n", 2)[2] == TEXT and untouched(german)
    assert capsys.readouterr().out == f"gespeichert: {path.resolve()}\n"
    assert save_ruling(path, TEXT) == path
