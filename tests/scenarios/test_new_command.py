"""``digiteach new FILE``: a commented starter scenario that loads and passes as written, never overwriting."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from digiteach.cli import EXIT_INVALID, EXIT_OK, main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()


def test_new_writes_a_starter_that_passes(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    assert run("new", str(path))[0] == EXIT_OK
    text = path.read_text(encoding="utf-8")
    assert text.count("#") > 10  # commented for a judge to fill in
    code, out, err = run("check", str(path))
    assert (code, out) == (EXIT_OK, "PASS my-ruling-1\n")
    # ... but says that the starter's own words are still there, until they are written over
    assert "source, notes still hold the starter's words" in err
    text = text.replace("where the ruling comes from", "Q&A Q1234").replace(
        "Which rule decides, in your own words.", "CR 11-1-3: one check.")
    path.write_text(text, encoding="utf-8")
    assert run("check", str(path)) == (EXIT_OK, "PASS my-ruling-1\n", "")
    path.write_text(text.replace("Q&A Q1234", "where the ruling comes from"), encoding="utf-8")
    assert "note: " in run("check", str(path))[2] and "source still holds" not in run("check", str(path))[2]


def test_new_never_overwrites_and_wants_yaml(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("mine", encoding="utf-8")
    code, _, err = run("new", str(path))
    assert code == EXIT_INVALID and "exists" in err
    assert path.read_text(encoding="utf-8") == "mine"
    assert run("new", str(tmp_path / "mine.txt"))[0] == EXIT_INVALID


def test_new_with_an_unencodable_name_says_so_and_leaves_nothing(tmp_path: Path) -> None:
    import os

    name = os.fsdecode(b"n\xff.yaml")  # a byte that is not UTF-8 in the name (a surrogate escape in Python)
    for _attempt in range(2):  # the second run says the same, not "File exists"
        code, out, err = run("new", str(tmp_path / name))
        assert code == EXIT_INVALID and out == "" and "not UTF-8" in err and "Traceback" not in err, err
    assert list(tmp_path.iterdir()) == []


def test_new_in_a_missing_folder_names_the_folder(tmp_path: Path) -> None:
    code, _, err = run("new", str(tmp_path / "missing" / "x.yaml"))
    assert code == EXIT_INVALID and f"the folder {tmp_path / 'missing'} does not exist" in err and "Errno" not in err


def test_new_writes_an_ordinary_file_and_no_temporary_one(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    assert run("new", str(path))[0] == EXIT_OK
    import os

    umask = os.umask(0)
    os.umask(umask)
    assert [p.name for p in tmp_path.iterdir()] == ["mine.yaml"] and path.stat().st_mode & 0o777 == 0o666 & ~umask
    code, _, err = run("new", str(path))
    assert code == EXIT_INVALID and "never overwrites" in err and "Errno" not in err


def test_the_starters_commands_name_the_file_as_given(tmp_path: Path, monkeypatch: Any) -> None:
    """From the repository's folder, `digiteach new my-rulings/blocker.yaml`: the starter's comment says
    `digiteach check my-rulings/blocker.yaml` (the path that works from where `new` was run), not `blocker.yaml`;
    a path with a space is quoted for the shell."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-rulings").mkdir()
    assert run("new", "my-rulings/blocker.yaml")[0] == EXIT_OK
    text = (tmp_path / "my-rulings" / "blocker.yaml").read_text(encoding="utf-8")
    assert "digiteach check my-rulings/blocker.yaml\n" in text and "digiteach trace my-rulings/blocker.yaml\n" in text
    assert run("new", "my-rulings/my blocker.yaml")[0] == EXIT_OK
    text = (tmp_path / "my-rulings" / "my blocker.yaml").read_text(encoding="utf-8")
    assert "digiteach check 'my-rulings/my blocker.yaml'\n" in text
    assert run("check", "my-rulings/my blocker.yaml")[0] == EXIT_OK


def test_new_names_the_command_as_the_judge_typed_it(tmp_path: Path, monkeypatch: Any) -> None:
    """``bin/digiteach`` says how it was started (``$DIGITEACH_COMMAND``): the message and the starter's comment tell
    the judge to run that, not a plain ``digiteach`` their shell may not find; without it, ``digiteach``."""
    monkeypatch.setenv("DIGITEACH_COMMAND", "bin/digiteach")
    path = tmp_path / "mine.yaml"
    code, out, _ = run("new", str(path))
    assert code == EXIT_OK and f"then run 'bin/digiteach check {path}'" in out
    assert f"Check it with:  bin/digiteach check {path}" in path.read_text(encoding="utf-8")
    monkeypatch.setenv("DIGITEACH_COMMAND", "my dir/bin/digiteach")
    assert "then run ''my dir/bin/digiteach' check" in run("new", str(tmp_path / "b.yaml"))[1]
    monkeypatch.delenv("DIGITEACH_COMMAND")
    assert "then run 'digiteach check" in run("new", str(tmp_path / "c.yaml"))[1]


def test_new_in_a_folder_it_cannot_write_names_the_folder_not_the_temporary_file(tmp_path: Path,
                                                                                monkeypatch: Any) -> None:
    """Fault report 9: an unwritable folder showed a raw errno and the temporary file's name (as root the folder's
    mode does not stop the write, so the refusal is simulated)."""
    import tempfile

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied", str(tmp_path / ".new-abc123.part"))

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    code, out, err = run("new", str(tmp_path / "n.yaml"))
    assert code == EXIT_INVALID and out == ""
    assert err == f"error: {tmp_path / 'n.yaml'}: cannot write into the folder {tmp_path}: Permission denied\n"
    assert list(tmp_path.iterdir()) == []


def test_the_german_starter_note_reads_as_german(tmp_path: Path) -> None:
    """The newcomer's trial (session 15): `digiteach check` in German said "Hinweis: …: In source, notes stehen noch die
    Worte der Vorlage: …", the English field names dropped into the middle of the sentence. The note now names the
    fields after a colon, as a list, and says in whole sentences what to write there."""
    from digiteach import i18n

    path = tmp_path / "mine.yaml"
    assert run("new", str(path))[0] == EXIT_OK
    with i18n.language("de"):
        code, _out, err = run("check", str(path))
    assert code == EXIT_OK
    assert err == (f"Hinweis: {path}: Diese Felder enthalten noch den Text der Vorlage: source, notes. Schreib dort "
                   "hinein, woher die Regelentscheidung stammt und welche Regel entscheidet\n"), err
