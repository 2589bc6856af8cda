"""``digiteach new FILE``: a commented starter scenario that loads and passes as written, never overwriting."""

from __future__ import annotations

import io
from pathlib import Path

from digiteach.cli import EXIT_INVALID, EXIT_OK, main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()


def test_new_writes_a_starter_that_passes(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    assert run("new", str(path))[0] == EXIT_OK
    text = path.read_text(encoding="utf-8")
    assert text.count("#") > 10  # commented for a judge to fill in
    assert run("check", str(path)) == (EXIT_OK, "PASS my-ruling-1\n", "")


def test_new_never_overwrites_and_wants_yaml(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("mine", encoding="utf-8")
    code, _, err = run("new", str(path))
    assert code == EXIT_INVALID and "exists" in err
    assert path.read_text(encoding="utf-8") == "mine"
    assert run("new", str(tmp_path / "mine.txt"))[0] == EXIT_INVALID
