"""The common YAML syntax mistakes in a scenario file are said in a scenario writer's words, at the line to fix, with
what would be right (the parser's own words follow for whoever knows them)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from digiteach.cli import main


def _starter(tmp_path: Path) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(["new", str(tmp_path / "start.yaml")], out=out, err=err) == 0
    return (tmp_path / "start.yaml").read_text(encoding="utf-8")


CASES = [  # (what is broken, old text, new text, the line reported is the one holding this, words, what would be right)
    ("unclosed quote", "title: One attack", 'title: "One attack', 'title: "One attack', "quoted text is not closed",
     "the closing quote"),
    ("colon in a plain text", "title: One attack", "title: Rule: one attack", "title: Rule", "needs quotes",
     "quotes around a text"),
    ("unclosed list", "hand: 2 ", "hand: [2 ", "hand: [2", "list in [ ] is not closed", "closing ']'"),
    ("unclosed mapping", "name: Attacker}", "name: Attacker", "name: Attacker", "curly brackets is not closed",
     "closing curly bracket"),
    ("tab", "action:\n", "action:\n\t", "attack:", "a tab character", "spaces in place of the tab"),
    # fault report 9: the docs gave the hint to quote only for gained:
    ("unquoted place in a flow mapping", "attack: {with: Attacker, target: player}",
     "attack: {with: A.battle[0], target: player}", "attack: {with: A.battle[0]", "the place A.battle[0] inside curly "
     "or square brackets needs quotes", 'quotes around the place: "A.battle[0]"'),
    # judge trial 15: "expected ',' or '}', but got '['" said nothing of the [S] or the brackets in a value
    ("[S] in a flow mapping", "{cards: BT1-064, name: Attacker}", "{cards: BT1-064 [S], name: Attacker}",
     "{cards: BT1-064 [S]", "the value 'BT1-064 [S]' holds square brackets inside curly or square brackets",
     'quotes around the value, "BT1-064 [S]", or suspended: true in place of [S]'),
    ("[S] in a flow mapping written over two lines", "{cards: BT1-064, name: Attacker}",
     "{cards: BT1-064 [S],\n         name: Attacker}", "{cards: BT1-064 [S]", "the value 'BT1-064 [S]' holds",
     "or suspended: true in place of [S]"),
    ("brackets in a value in a flow list", "  revealed: [FILL-0]", "  offered: [Block, Use [Counter]]",
     "offered: [Block, Use", "the value 'Use [Counter]' holds square brackets", 'quotes around the value, "Use [Counter]"'),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_yaml_mistake_in_plain_words(tmp_path: Path, case: tuple[str, str, str, str, str, str]) -> None:
    _, old, new, at, words, right = case
    text = _starter(tmp_path)
    assert old in text
    broken = text.replace(old, new, 1)
    path = tmp_path / "mine.yaml"
    path.write_text(broken, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", str(path)], out=out, err=err) != 0
    message = err.getvalue() + out.getvalue()
    line = next(i for i, row in enumerate(broken.splitlines(), 1) if at in row)
    assert f"mine.yaml:{line}:" in message, message
    assert words in message and right in message, message
    assert "Traceback" not in message


def test_missing_relative_path_names_the_folder_and_the_path_that_exists(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A lesson's notebook runs in my-lessons/: 'my-rulings/mine.yaml' is not found there, and the error names
    '../my-rulings/mine.yaml', which is (a newcomer met a bare 'file not found')."""
    (tmp_path / "my-rulings").mkdir()
    (tmp_path / "my-lessons").mkdir()
    (tmp_path / "my-rulings" / "mine.yaml").write_text(_starter(tmp_path), encoding="utf-8")
    monkeypatch.chdir(tmp_path / "my-lessons")
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "my-rulings/mine.yaml"], out=out, err=err) == 2
    assert "did you mean '../my-rulings/mine.yaml'?" in err.getvalue()
    assert main(["check", "nowhere/mine.yaml"], out=out, err=err) == 2
    assert str(tmp_path / "my-lessons") in err.getvalue()


def test_missing_relative_path_from_a_german_lesson_names_the_path_two_folders_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A German lesson's notebook runs in my-lessons/de/: the error names '../../my-rulings/mine.yaml'."""
    (tmp_path / "my-rulings").mkdir()
    (tmp_path / "my-lessons" / "de").mkdir(parents=True)
    (tmp_path / "my-rulings" / "mine.yaml").write_text(_starter(tmp_path), encoding="utf-8")
    monkeypatch.chdir(tmp_path / "my-lessons" / "de")
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "my-rulings/mine.yaml"], out=out, err=err) == 2
    assert "'../../my-rulings/mine.yaml'?" in err.getvalue(), err.getvalue()
