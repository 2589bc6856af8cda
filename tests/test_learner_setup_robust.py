"""./lab never loses the learner's work and never shows a traceback (the breaker's trial of session 15): two starts
at once, a working copy in the wrong place or in a bad state, a malformed notebook of the learner's on Voilà's landing
page, and option mistakes. The working copy's normal rules are tested in tests/test_learner_setup.py.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_markdown_cell, new_notebook

# the working copy's helpers (the module under test loaded from scripts/, each test's own notebook-signature store,
# a small lessons/ folder, a learner's edit) are those of the tests of its normal rules
from tests.test_learner_setup import edit, lab_setup, lesson_folder, own_signature_store  # noqa: F401

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts" / "lab_setup.py"



def run_copy(lessons: Path, work: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """lab_setup.py copy as ./lab runs it (its own process)."""
    return subprocess.run([sys.executable, str(SCRIPT), "copy", str(lessons), str(work), *extra],
                          capture_output=True, text=True, check=False)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def one_error_line(result: subprocess.CompletedProcess[str]) -> str:
    """The one ERROR line a refused start prints (no traceback), after checking the exit status."""
    assert result.returncode == 1, result
    assert "Traceback" not in result.stderr, result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("[digiteach] ERROR: ")]
    assert len(errors) == 1, result.stderr
    return errors[0]


# ------------------------------------------------------------------------------------------ two starts at once


def test_fresh_never_replaces_a_file_already_in_earlier(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """earlier/<date-time>/ is named to the second: a second --fresh in the same second replaced the learner's file
    moved there by the first (shutil.move replaces silently). A taken name now gets a free one beside it."""
    lessons = lesson_folder(tmp_path, "ar05_x")
    work = tmp_path / "my-lessons"
    lab_setup.copy_lessons(lessons, work)
    monkeypatch.setattr(lab_setup.time, "strftime", lambda _format: "2026-12-04_000507")
    first = work / "earlier" / "2026-12-04_000507" / "ar05_x.ipynb"
    first.parent.mkdir(parents=True)
    first.write_text("the learner's first version", encoding="utf-8")
    edit(work / "ar05_x.ipynb", "print('my second version')")

    log = lab_setup.copy_lessons(lessons, work, fresh=["ar05"])
    assert first.read_text(encoding="utf-8") == "the learner's first version"
    second = work / "earlier" / "2026-12-04_000507-2" / "ar05_x.ipynb"
    assert "my second version" in second.read_text(encoding="utf-8")
    assert log == ["fresh ar05_x.ipynb (yours is in earlier/2026-12-04_000507-2/ar05_x.ipynb)"]


def test_a_second_start_waits_while_another_sets_up_the_working_copy(tmp_path: Path) -> None:
    """The working copy is locked while a start copies, moves and records (a lock file in .digiteach/): a second start
    says that another ./lab is setting up and waits, touching nothing, until the first is done."""
    lessons = lesson_folder(tmp_path, "ar05_x")
    work = tmp_path / "my-lessons"
    lab_setup.copy_lessons(lessons, work)
    edit(work / "ar05_x.ipynb", "print('mine')")
    mine = (work / "ar05_x.ipynb").read_bytes()
    lock = work / ".digiteach" / "lock"
    with open(lock, "a", encoding="utf-8") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        second = subprocess.Popen([sys.executable, str(SCRIPT), "copy", str(lessons), str(work), "--fresh", "ar05"],
                                  stderr=subprocess.PIPE, text=True)
        try:
            time.sleep(3)
            assert second.poll() is None, "the second start did not wait for the lock"
            assert (work / "ar05_x.ipynb").read_bytes() == mine and not (work / "earlier").exists()
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)
    _, err = second.communicate(timeout=60)
    assert second.returncode == 0, err
    assert f"another ./lab is setting up {work} right now: waiting for it to finish" in err
    assert [p.read_bytes() for p in (work / "earlier").glob("*/ar05_x.ipynb")] == [mine]


def test_three_fresh_starts_at_once_lose_no_edit(tmp_path: Path) -> None:
    """The breaker's repro (/tmp/br15/repro_concurrent_fresh.sh), small: three `--fresh ar05` at once after each edit;
    every edit must be in the lesson or in earlier/ afterwards (9 of 40 rounds lost it before the lock)."""
    lessons = lesson_folder(tmp_path, "00_start_here", "ar05_x")
    work = tmp_path / "my-lessons"
    lab_setup.copy_lessons(lessons, work)
    command = [sys.executable, str(SCRIPT), "copy", str(lessons), str(work), "--kernel-info", "--fresh", "ar05"]
    for round_ in range(6):
        edit(work / "ar05_x.ipynb", f"print('MYWORK-{round_}')")
        starts = [subprocess.Popen(command, stderr=subprocess.PIPE, text=True) for _ in range(3)]
        errors = [start.communicate(timeout=120)[1] for start in starts]
        assert all(start.returncode == 0 for start in starts), errors
        held = [p for p in [work / "ar05_x.ipynb", *(work / "earlier").rglob("*.ipynb")]
                if f"MYWORK-{round_}'" in p.read_text(encoding="utf-8")]
        assert held, (round_, errors)


# ------------------------------------------------------------------------------ where the working copy may be


@pytest.mark.parametrize("where", ["lessons", "lessons/sub", "repo", "a file", "a:b"])
def test_a_working_copy_in_the_wrong_place_is_refused_in_one_line(tmp_path: Path, where: str) -> None:
    """DIGITEACH_WORKDIR=lessons ./lab wrote the working copy into the tracked lessons/; a file as the working copy, or
    a path with ':' (JUPYTER_PATH's separator: Voilà's start page answered HTTP 500), failed later. Each is now refused
    at the start, in one line that says what would be right, and nothing is written."""
    repo = tmp_path / "repo"
    repo.mkdir()
    lessons = lesson_folder(repo, "00_start_here")
    (tmp_path / "a file").write_text("mine", encoding="utf-8")
    work = {"lessons": lessons, "lessons/sub": lessons / "sub", "repo": repo}.get(where, tmp_path / where)
    before = snapshot(tmp_path)

    error = one_error_line(run_copy(lessons, work, "--kernel-info"))
    assert "DIGITEACH_WORKDIR" in error, error
    assert snapshot(tmp_path) == before and not (lessons / ".digiteach").exists() and not (repo / ".digiteach").exists()
    if where == "a:b":
        assert "':'" in error and "JUPYTER_PATH" in error, error


# ------------------------------------------------------------------------------ a working copy in a bad state


@pytest.mark.parametrize("record", ["{bad", "[]", '{"00_start_here.ipynb": 5}', ""])
def test_an_unreadable_record_stops_the_start_in_one_line_and_loses_nothing(tmp_path: Path, record: str) -> None:
    """A corrupt or wrong-shaped .digiteach/copied.json gave a traceback: now one line names the file and says to
    delete it; the learner's lesson is untouched, and after deleting the record it is kept as theirs."""
    lessons = lesson_folder(tmp_path, "00_start_here")
    work = tmp_path / "my-lessons"
    lab_setup.copy_lessons(lessons, work)
    edit(work / "00_start_here.ipynb", "print('mine')")
    mine = (work / "00_start_here.ipynb").read_bytes()
    manifest = work / ".digiteach" / "copied.json"
    manifest.write_text(record, encoding="utf-8")

    error = one_error_line(run_copy(lessons, work, "--fresh"))
    assert str(manifest) in error and "delete it" in error, error
    assert (work / "00_start_here.ipynb").read_bytes() == mine and not (work / "earlier").exists()
    manifest.unlink()
    assert run_copy(lessons, work).returncode == 0
    assert (work / "00_start_here.ipynb").read_bytes() == mine


def test_the_record_is_written_whole_or_not_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A start stopped while writing copied.json (a full disk, Ctrl-C) left half a record, which the next start could
    not read: the record is written into a file beside it and renamed over it, so the old one stays whole."""
    lessons = lesson_folder(tmp_path, "00_start_here")
    work = tmp_path / "my-lessons"
    lab_setup.copy_lessons(lessons, work)
    manifest = work / ".digiteach" / "copied.json"
    before = manifest.read_text(encoding="utf-8")
    (lessons / "01_new.ipynb").write_bytes((lessons / "00_start_here.ipynb").read_bytes())
    real_write_text = Path.write_text

    def half_then_full_disk(self: Path, data: str, *args: object, **kwargs: object) -> int:
        if self.name.startswith("copied.json"):
            real_write_text(self, data[: len(data) // 2], encoding="utf-8")
            raise OSError(errno.ENOSPC, "No space left on device", str(self))
        return real_write_text(self, data, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "write_text", half_then_full_disk)
    with pytest.raises(lab_setup.SetupError, match="No space left on device"):
        lab_setup.copy_lessons(lessons, work)
    monkeypatch.undo()
    assert manifest.read_text(encoding="utf-8") == before
    assert sorted(p.name for p in manifest.parent.iterdir()) == ["copied.json", "lock"]  # no half file left either


def test_a_working_copy_that_cannot_be_written_stops_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """A read-only working copy gave a traceback from the middle of the copy: now the start says what it did, then one
    line naming the file it could not write and what to do; the learner's version moved to earlier/ stays there."""
    lessons = lesson_folder(tmp_path, "00_start_here", "ar05_x")
    work = tmp_path / "my-lessons"
    lab_setup.copy_lessons(lessons, work)
    edit(work / "ar05_x.ipynb", "print('mine')")
    mine = (work / "ar05_x.ipynb").read_bytes()

    def read_only(source: Path, target: Path) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(target))

    monkeypatch.setattr(lab_setup.shutil, "copyfile", read_only)
    assert lab_setup.main(["copy", str(lessons), str(work), "--fresh", "ar05"]) == 1
    err = capsys.readouterr().err.splitlines()
    kept = next((work / "earlier").glob("*/ar05_x.ipynb"))
    assert err == [f"[digiteach] fresh ar05_x.ipynb (yours is in {kept.relative_to(work)})",
                   f"[digiteach] ERROR: cannot write or read {work / 'ar05_x.ipynb'} (Read-only file system): make "
                   f"the working copy {work} writable, or set DIGITEACH_WORKDIR to a folder you can write in (nothing "
                   "of yours was lost)"], err
    assert kept.read_bytes() == mine


def test_files_of_the_learners_where_the_lessons_go_are_left_alone(tmp_path: Path) -> None:
    """A folder named like a lesson, a file named `de` (the German lessons' folder) and a file named `earlier` (where
    --fresh keeps the learner's versions) gave tracebacks: the first two are left alone with one line each, the third
    stops --fresh in one line before anything moves."""
    lessons = lesson_folder(tmp_path, "00_start_here", "ar05_x", "de/ar05_x")
    work = tmp_path / "my-lessons"
    work.mkdir()
    (work / "ar05_x.ipynb").mkdir()
    (work / "ar05_x.ipynb" / "notes.txt").write_text("my notes", encoding="utf-8")
    (work / "de").write_text("my de", encoding="utf-8")
    result = run_copy(lessons, work, "--kernel-info")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert "left your folder ar05_x.ipynb alone, though the lesson ar05_x.ipynb goes there" in result.stderr
    assert "left your file de alone, though the lessons' folder de/ goes there" in result.stderr
    assert (work / "ar05_x.ipynb" / "notes.txt").read_text(encoding="utf-8") == "my notes"
    assert (work / "de").read_text(encoding="utf-8") == "my de" and (work / "00_start_here.ipynb").is_file()

    edit(work / "00_start_here.ipynb", "print('mine')")
    mine = (work / "00_start_here.ipynb").read_bytes()
    (work / "earlier").write_text("my earlier", encoding="utf-8")
    error = one_error_line(run_copy(lessons, work, "--fresh", "00"))
    assert f"{work / 'earlier'} is a file of yours" in error and "rename it" in error, error
    assert (work / "00_start_here.ipynb").read_bytes() == mine
    assert (work / "earlier").read_text(encoding="utf-8") == "my earlier"

    (work / ".digiteach").rename(work / "record")
    (work / ".digiteach").write_text("my dot file", encoding="utf-8")
    error = one_error_line(run_copy(lessons, work))
    assert f"{work / '.digiteach'} is a file" in error and "rename the file" in error, error
    assert (work / "00_start_here.ipynb").read_bytes() == mine


# ------------------------------------------------------------------------------------- Voilà's landing page


def test_a_malformed_notebook_of_the_learners_gets_its_file_name_as_title(tmp_path: Path) -> None:
    """`./lab --voila` crashed in notebook_title on a learner's notebook that is JSON but not of a notebook's shape:
    such a notebook is listed under its file name."""
    folder = tmp_path / "my-lessons"
    folder.mkdir()
    bad = {"list.ipynb": [1, 2], "cells.ipynb": {"cells": "oops"}, "cell.ipynb": {"cells": [5]},
           "source.ipynb": {"cells": [{"cell_type": "markdown", "source": 5}]},
           "lines.ipynb": {"cells": [{"cell_type": "markdown", "source": [1, "# x"]}]},
           "lang.ipynb": {"cells": [], "metadata": {"digiteach": {"lang": ["de"]}}}}
    for name, content in bad.items():
        (folder / name).write_text(json.dumps(content), encoding="utf-8")
    (folder / "dir.ipynb").mkdir()
    nbformat.write(new_notebook(cells=[new_markdown_cell("# A good one")]), str(folder / "good.ipynb"))

    out = lab_setup.write_titles(folder, tmp_path / "templates")
    titles = json.loads(out.read_text(encoding="utf-8").split("set titles = ", 1)[1].split(" -%}", 1)[0])
    assert titles == {**{name: name for name in bad}, "dir.ipynb": "dir.ipynb", "good.ipynb": "A good one"}


# ------------------------------------------------------------------------------------------- option mistakes


def test_fresh_with_a_name_no_lesson_has_stops_before_anything_changes(tmp_path: Path) -> None:
    lessons = lesson_folder(tmp_path, "00_start_here", "ar05_x", "de/ar05_x")
    work = tmp_path / "my-lessons"
    lab_setup.copy_lessons(lessons, work)
    edit(work / "ar05_x.ipynb", "print('mine')")
    before = snapshot(work)
    error = one_error_line(run_copy(lessons, work, "--fresh", "ar05", "zz", "de/zz"))
    assert "--fresh zz de/zz: no lesson's name starts with these" in error, error
    assert snapshot(work) == before


def run_lab(tmp_path: Path, *args: str, workdir: str | None = None) -> subprocess.CompletedProcess[str]:
    """./lab with `args`, expected to stop before JupyterLab or Voilà start; a start that did not stop (the option was
    handed to Jupyter, which ignored it) is killed with its process group and fails the test."""
    env = {**os.environ, "DIGITEACH_WORKDIR": workdir or str(tmp_path / "work")}
    start = subprocess.Popen([str(REPO / "lab"), *args], cwd=REPO, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = start.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(start.pid, signal.SIGTERM)
        start.communicate(timeout=30)
        pytest.fail(f"./lab {' '.join(args)} started a server instead of stopping")
    return subprocess.CompletedProcess(start.args, start.returncode, out, err)


def test_lab_reads_fresh_and_voila_wherever_they_stand(tmp_path: Path) -> None:
    """`./lab --no-browser --fresh ar05` handed --fresh to JupyterLab (which ignored it) and `./lab --fresh ar05
    --voila` handed it --voila: both are now read wherever they stand, so a name no lesson has stops each of these
    starts with one line; a path with ':' is refused at the start too."""
    for args in (["--fresh", "zz"], ["--no-browser", "--fresh", "zz"], ["--fresh", "zz", "--voila"],
                 ["--voila", "--no-browser", "--fresh", "zz"]):
        error = one_error_line(run_lab(tmp_path, *args))
        assert "--fresh zz: no lesson's name starts with this" in error, (args, error)
    assert not (tmp_path / "work").exists()
    error = one_error_line(run_lab(tmp_path, "--fresh", "ar05", workdir=str(tmp_path / "a:b")))
    assert "contains ':'" in error, error
    assert "write --fresh without '='" in run_lab(tmp_path, "--fresh=ar05").stderr
