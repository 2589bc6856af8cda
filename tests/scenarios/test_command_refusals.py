"""The breaker's trial (session 15): arguments the ``digiteach`` command took in a way the user cannot have meant:
a file of gigabytes read whole before its size was checked, a starter written into digiteach's own bundled
scenarios, an export written to a file named ``-``, and an empty argument called a folder by ``trace``."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from digiteach.cli import EXIT_INVALID, EXIT_OK, main
from digiteach.export_files import PACKAGE_DIR
from digiteach.scenario.reader import MAX_FILE_BYTES

EMPTY = ("error: '': (file): an empty argument is not a scenario id or path\n"
         "    expected: an id listed by 'digiteach list', or a path to a .yaml file\n")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()


def test_a_huge_file_is_refused_by_its_size_before_it_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`digiteach check big.yaml` (1.5 GB) read the whole file (to look for ids shared by several files) before the
    5 MB limit refused it: the size is now told by stat, for a file named and for a file in a folder named, and no
    read of more than the limit happens."""
    folder = tmp_path / "fold"
    folder.mkdir()
    big = folder / "big.yaml"
    with big.open("wb") as handle:  # sparse: 1.5 GB on paper, nothing on disk
        handle.truncate(1_500_000_000)
    reads: list[int] = []
    real_read_bytes, real_open = Path.read_bytes, Path.open

    def read_bytes(self: Path) -> bytes:
        reads.append(self.stat().st_size)
        return real_read_bytes(self) if self.stat().st_size <= MAX_FILE_BYTES else b"id: big\n"

    def opened(self: Path, mode: str = "r", *args: object, **kwargs: object) -> object:
        if "r" in mode and self.resolve() == big.resolve():
            reads.append(self.stat().st_size)
        return real_open(self, mode, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    monkeypatch.setattr(Path, "open", opened)
    for target in (big, folder):
        code, out, err = run("check", str(target))
        assert code == EXIT_INVALID and out == f"INVALID {big}\n"
        assert err == f"error: {big}: (file): the file is larger than 5 MB\n    expected: a scenario file of a few kilobytes\n"
    assert all(size <= MAX_FILE_BYTES for size in reads), reads


def test_new_never_writes_into_digiteachs_own_folder(tmp_path: Path) -> None:
    """`digiteach new` wrote a starter into the bundled scenarios' folder (an export refuses to write there), where
    `digiteach check` would then check it with the bundled ones."""
    for path in (PACKAGE_DIR / "scenarios" / "zz-mine.yaml", PACKAGE_DIR / "zz-mine.yaml"):
        code, out, err = run("new", str(path))
        assert (code, out) == (EXIT_INVALID, "")
        assert err == (f"error: {path}: the file would be inside digiteach's own folder {PACKAGE_DIR} (its bundled "
                       "scenarios, cards and code), which 'digiteach new' never writes into; give a path outside it, "
                       "e.g. zz-mine.yaml\n")
        assert not path.exists()
    assert run("new", str(tmp_path / "zz-mine.yaml"))[0] == EXIT_OK


def test_an_export_to_dash_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`digiteach export X --html -` wrote a file named `-`: an export is written to a file, and `-` is refused,
    for --html and --gif, with or without --force, saying what would be right."""
    monkeypatch.chdir(tmp_path)
    for argv in (("--html", "-"), ("--gif", "-"), ("--html", "-", "--force"), ("--html", "-", "--branches")):
        code, out, err = run("export", "attack-resolution-5", *argv)
        option, suffix = argv[0], ".html" if argv[0] == "--html" else ".gif"
        assert (code, out) == (EXIT_INVALID, "")
        assert err == (f"error: {option} -: an export is written to a file, not to standard output; give a file name, "
                       f"e.g. attack-resolution-5{suffix}\n")
    assert os.listdir(tmp_path) == []


def test_an_empty_argument_gets_the_same_message_from_every_command(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """`trace ""` said the argument "is a folder" (the current one) while `check ""` said it was empty."""
    monkeypatch.chdir(tmp_path)
    assert run("trace", "") == (EXIT_INVALID, "", EMPTY)
    assert run("check", "") == (EXIT_INVALID, "", EMPTY)
    assert run("export", "", "--html", "x.html") == (EXIT_INVALID, "", EMPTY)
    assert run("trace", "  ")[2] == EMPTY.replace("''", "'  '")
    assert os.listdir(tmp_path) == []
