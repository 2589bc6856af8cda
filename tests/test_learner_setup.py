"""The learner's set-up: the working copy ./lab runs the lessons in, the Jupyter settings it starts with,
and the learners' environment without test tools (issue "The learner's path", points 1, 2 and 10).

The real start of ./lab in a browser is tested in tests/browser/test_learner_path.py.
"""

from __future__ import annotations

import importlib.util
import json
import re
import runpy
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

REPO = Path(__file__).resolve().parent.parent
LESSONS = REPO / "lessons"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
TEST_TOOLS = {"pytest", "nbval", "hypothesis", "mypy", "playwright", "radon", "types-jsonschema"}


def load_lab_setup() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lab_setup", REPO / "scripts" / "lab_setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


lab_setup = load_lab_setup()


@pytest.fixture(autouse=True)
def own_signature_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test signs notebooks into a store of its own, never the user's (JUPYTER_DATA_DIR)."""
    data = tmp_path / "jupyter-data"
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(data))
    return data


def lesson_folder(tmp_path: Path, *names: str) -> Path:
    """A small lessons/ folder: one notebook per name (titled after it; ``de/x``: in its German folder) and a
    README.md."""
    folder = tmp_path / "lessons"
    folder.mkdir()
    for name in names:
        nb = new_notebook(cells=[new_markdown_cell(f"# Step through \\<Piercing> in {name}\n\nText.")])
        (folder / f"{name}.ipynb").parent.mkdir(exist_ok=True)
        nbformat.write(nb, str(folder / f"{name}.ipynb"))
    (folder / "README.md").write_text("index\n", encoding="utf-8")
    return folder


def edit(path: Path, text: str) -> None:
    nb = nbformat.read(str(path), as_version=4)
    nb.cells.append(new_code_cell(text))
    nbformat.write(nb, str(path))


# ---------------------------------------------------------------------------------------- working copy


def test_first_run_copies_every_lesson_and_the_index(tmp_path: Path) -> None:
    lessons = lesson_folder(tmp_path, "00_start_here", "ar05_x")
    work = tmp_path / "my-lessons"
    log = lab_setup.copy_lessons(lessons, work)
    assert sorted(p.name for p in work.iterdir() if not p.name.startswith(".")) == \
        ["00_start_here.ipynb", "README.md", "ar05_x.ipynb"]
    assert len(log) == 3
    assert (work / "ar05_x.ipynb").read_bytes() == (lessons / "ar05_x.ipynb").read_bytes()


def test_a_copied_lesson_is_trusted_and_a_learners_changed_one_is_not_signed_by_us(tmp_path: Path) -> None:
    """JupyterLab prints "Notebook ... is not trusted" for each untrusted notebook it opens: a lesson as copied is
    signed (nbformat's notary, as `jupyter trust`); a learner's own changes are never signed by the copy."""
    from nbformat.sign import NotebookNotary

    lessons = lesson_folder(tmp_path, "00_start_here", "ar05_x")
    work = tmp_path / "my-lessons"
    lab_setup.copy_lessons(lessons, work)
    for name in ("00_start_here.ipynb", "ar05_x.ipynb"):
        assert NotebookNotary().check_signature(nbformat.read(str(work / name), as_version=4)), name
    edit(work / "ar05_x.ipynb", "print('mine')")
    lab_setup.copy_lessons(lessons, work)  # kept: the learner changed it
    assert not NotebookNotary().check_signature(nbformat.read(str(work / "ar05_x.ipynb"), as_version=4))


def test_a_lesson_the_learner_changed_is_never_overwritten(tmp_path: Path) -> None:
    lessons = lesson_folder(tmp_path, "00_start_here")
    work = tmp_path / "my-lessons"
    lab_setup.copy_lessons(lessons, work)
    edit(work / "00_start_here.ipynb", "print('my notes')")
    mine = (work / "00_start_here.ipynb").read_bytes()
    edit(lessons / "00_start_here.ipynb", "print('a newer lesson')")  # e.g. after a git pull

    log = lab_setup.copy_lessons(lessons, work)
    assert (work / "00_start_here.ipynb").read_bytes() == mine
    assert any("kept your 00_start_here.ipynb" in line and "--fresh" in line and "the lesson changed" in line
               for line in log)
    assert lab_setup.copy_lessons(lessons, work) == [line for line in log if "kept" in line]  # stable


def test_a_copy_only_the_learner_changed_is_kept_without_saying_the_lesson_changed(tmp_path: Path) -> None:
    """The learner only ran and saved their copy; the tracked lesson is as it was copied: the copy is kept and the
    message says so, not that the lesson changed (the second ./lab of the newcomer's trial said it had)."""
    lessons = lesson_folder(tmp_path, "00_start_here")
    work = tmp_path / "my-lessons"
    lab_setup.copy_lessons(lessons, work)
    edit(work / "00_start_here.ipynb", "print('run and saved')")
    mine = (work / "00_start_here.ipynb").read_bytes()

    log = lab_setup.copy_lessons(lessons, work)
    assert (work / "00_start_here.ipynb").read_bytes() == mine
    assert [line for line in log if "00_start_here" in line] == [
        "kept your 00_start_here.ipynb (you changed it; ./lab --fresh 00_start_here gives a fresh copy)"], log


def test_a_start_says_once_in_one_line_how_many_lessons_it_kept(tmp_path: Path) -> None:
    """Every ./lab start printed "kept your X.ipynb (you changed it; ...)" once per changed lesson, at every start
    (a newcomer's terminal filled with them): the start now says it in one line that counts them and says how to get
    a fresh copy; the list is in my-lessons/.digiteach/kept.txt. The script runs as ./lab runs it."""
    lessons = lesson_folder(tmp_path, "00_start_here", "01_x", "ar05_x")
    work = tmp_path / "my-lessons"
    command = [sys.executable, str(REPO / "scripts" / "lab_setup.py"), "copy", str(lessons), str(work)]
    subprocess.run(command, check=True, capture_output=True)
    for name in ("00_start_here", "ar05_x"):
        edit(work / f"{name}.ipynb", "print('run and saved')")
    edit(lessons / "ar05_x.ipynb", "print('a newer lesson')")
    for _ in range(2):  # the same at every start
        err = subprocess.run(command, check=True, capture_output=True, text=True).stderr
        assert "kept your" not in err, err
        assert err.splitlines() == [
            f"[digiteach] kept 2 lessons you changed, 1 of them with a newer version in lessons/ (listed in "
            f"{work / '.digiteach' / 'kept.txt'}); ./lab --fresh NAME gives a fresh copy of one (yours moves to "
            "earlier/), ./lab --fresh for all of them"], err
        listed = (work / ".digiteach" / "kept.txt").read_text(encoding="utf-8")
        assert "kept your 00_start_here.ipynb (you changed it" in listed and "kept your ar05_x.ipynb" in listed
    subprocess.run([*command, "--fresh"], check=True, capture_output=True)
    err = subprocess.run(command, check=True, capture_output=True, text=True).stderr
    assert err == "" and not (work / ".digiteach" / "kept.txt").exists()


def test_an_unchanged_copy_follows_the_tracked_lesson(tmp_path: Path) -> None:
    lessons = lesson_folder(tmp_path, "00_start_here")
    work = tmp_path / "my-lessons"
    lab_setup.copy_lessons(lessons, work)
    edit(lessons / "00_start_here.ipynb", "print('a newer lesson')")
    log = lab_setup.copy_lessons(lessons, work)
    assert (work / "00_start_here.ipynb").read_bytes() == (lessons / "00_start_here.ipynb").read_bytes()
    assert log == ["updated 00_start_here.ipynb (you had not changed it)"]


def open_in_kernel(path: Path) -> None:
    """What only opening a lesson in JupyterLab does to it: the kernel fills in ``language_info``, autosave writes it."""
    nb = nbformat.read(str(path), as_version=4)
    nb.metadata["language_info"] = {"name": "python", "version": "3.11.7", "codemirror_mode": {"name": "ipython"}}
    nbformat.write(nb, str(path))


def test_a_lesson_only_opened_still_follows_the_tracked_lesson(tmp_path: Path) -> None:
    """The newcomer's trial: a lesson opened and autosaved, never edited, stopped following a git pull."""
    lessons = lesson_folder(tmp_path, "01_attack_timings")
    work = tmp_path / "my-lessons"
    lab_setup.copy_lessons(lessons, work)
    open_in_kernel(work / "01_attack_timings.ipynb")
    assert lab_setup.copy_lessons(lessons, work) == []  # nothing to say: the lesson is as copied
    edit(lessons / "01_attack_timings.ipynb", "print('a newer lesson')")
    log = lab_setup.copy_lessons(lessons, work)
    assert log == ["updated 01_attack_timings.ipynb (you had not changed it)"]
    assert (work / "01_attack_timings.ipynb").read_bytes() == (lessons / "01_attack_timings.ipynb").read_bytes()


def test_the_copy_carries_what_the_kernel_reports_so_opening_changes_nothing(tmp_path: Path) -> None:
    """./lab copies with `--kernel-info` through the environment's own Python: every notebook in the copy holds the
    language_info that Python's kernel reports, which JupyterLab would otherwise write in as the lesson opens and then
    show it as unsaved (newcomer trial 7); the copy still counts as unchanged, and the tracked lesson is untouched."""
    from ipykernel.ipkernel import IPythonKernel

    lessons = lesson_folder(tmp_path, "00_start_here", "01_attack_timings")
    work = tmp_path / "my-lessons"
    tracked = (lessons / "00_start_here.ipynb").read_bytes()
    assert lab_setup.kernel_language_info() == IPythonKernel.language_info
    subprocess.run([sys.executable, str(REPO / "scripts" / "lab_setup.py"), "copy", str(lessons), str(work),
                    "--kernel-info"], check=True, capture_output=True)
    for name in ("00_start_here.ipynb", "01_attack_timings.ipynb"):
        copy = nbformat.read(str(work / name), as_version=4)
        assert copy.metadata.language_info == IPythonKernel.language_info, name
        nbformat.validate(copy)
    assert (lessons / "00_start_here.ipynb").read_bytes() == tracked
    assert lab_setup.copy_lessons(lessons, work, language_info=lab_setup.kernel_language_info()) == []
    edit(lessons / "01_attack_timings.ipynb", "print('a newer lesson')")
    log = lab_setup.copy_lessons(lessons, work, language_info=lab_setup.kernel_language_info())
    assert log == ["updated 01_attack_timings.ipynb (you had not changed it)"]
    updated = nbformat.read(str(work / "01_attack_timings.ipynb"), as_version=4)
    assert updated.metadata.language_info == IPythonKernel.language_info and len(updated.cells) == 2
    lab = (REPO / "lab").read_text(encoding="utf-8")
    assert re.search(r'\.venv\}/bin/python" scripts/lab_setup\.py copy lessons "\$WORK" --kernel-info', lab)


def test_a_record_of_the_bytes_from_an_older_manifest_still_counts(tmp_path: Path) -> None:
    """Manifests written before opening stopped counting hold each file's SHA-256: an untouched copy still follows."""
    lessons = lesson_folder(tmp_path, "00_start_here")
    work = tmp_path / "my-lessons"
    lab_setup.copy_lessons(lessons, work)
    manifest = work / lab_setup.MANIFEST
    manifest.write_text(json.dumps({"00_start_here.ipynb": lab_setup.digest(lessons / "00_start_here.ipynb")}),
                        encoding="utf-8")
    edit(lessons / "00_start_here.ipynb", "print('a newer lesson')")
    assert lab_setup.copy_lessons(lessons, work) == ["updated 00_start_here.ipynb (you had not changed it)"]


def test_a_deleted_lesson_comes_back_fresh(tmp_path: Path) -> None:
    lessons = lesson_folder(tmp_path, "00_start_here")
    work = tmp_path / "my-lessons"
    lab_setup.copy_lessons(lessons, work)
    edit(work / "00_start_here.ipynb", "print('my notes')")
    (work / "00_start_here.ipynb").unlink()
    log = lab_setup.copy_lessons(lessons, work)
    assert (work / "00_start_here.ipynb").read_bytes() == (lessons / "00_start_here.ipynb").read_bytes()
    assert log == ["copied 00_start_here.ipynb again (it was deleted)"]


def test_fresh_replaces_only_the_named_lessons_and_keeps_the_learners_version(tmp_path: Path) -> None:
    lessons = lesson_folder(tmp_path, "00_start_here", "ar05_x")
    work = tmp_path / "my-lessons"
    lab_setup.copy_lessons(lessons, work)
    for name in ("00_start_here", "ar05_x"):
        edit(work / f"{name}.ipynb", f"print('notes on {name}')")
    (work / "Untitled.ipynb").write_text("{}", encoding="utf-8")  # the learner's own notebook

    log = lab_setup.copy_lessons(lessons, work, fresh=["ar05"])
    assert (work / "ar05_x.ipynb").read_bytes() == (lessons / "ar05_x.ipynb").read_bytes()
    assert "notes on 00_start_here" in (work / "00_start_here.ipynb").read_text(encoding="utf-8")
    kept = list((work / "earlier").glob("*/ar05_x.ipynb"))
    assert len(kept) == 1 and "notes on ar05_x" in kept[0].read_text(encoding="utf-8"), log
    assert (work / "Untitled.ipynb").read_text(encoding="utf-8") == "{}"

    lab_setup.copy_lessons(lessons, work, fresh=[])  # no names: every lesson
    assert (work / "00_start_here.ipynb").read_bytes() == (lessons / "00_start_here.ipynb").read_bytes()


def test_fresh_says_what_it_did_for_a_lesson_already_fresh(tmp_path: Path) -> None:
    """The newcomer's trial (session 15): `./lab --fresh ar05` printed nothing when ar05 was unchanged (was anything
    done?). Each lesson named now gets its line: replaced, or already fresh; a name matching no lesson is refused
    before anything changes;
    `--fresh` alone counts the lessons that were already fresh in one line. As ./lab runs the script."""
    lessons = lesson_folder(tmp_path, "00_start_here", "ar05_x", "de/ar05_x")
    work = tmp_path / "my-lessons"
    command = [sys.executable, str(REPO / "scripts" / "lab_setup.py"), "copy", str(lessons), str(work)]
    subprocess.run(command, check=True, capture_output=True)
    err = subprocess.run([*command, "--fresh", "ar05"], check=True, capture_output=True, text=True).stderr
    assert err.splitlines() == [
        "[digiteach] ar05_x.ipynb is already fresh (the same as in lessons/; nothing to replace)"], err
    edit(work / "de" / "ar05_x.ipynb", "print('meine Notizen')")
    refused = subprocess.run([*command, "--fresh", "ar05", "de/ar05", "ar99"], capture_output=True, text=True)
    assert refused.returncode != 0 and "--fresh ar99: no lesson's name starts with this" in refused.stderr, refused
    assert "meine Notizen" in (work / "de" / "ar05_x.ipynb").read_text(encoding="utf-8")  # a name matching nothing
    err = subprocess.run([*command, "--fresh", "ar05", "de/ar05"], check=True, capture_output=True,
                         text=True).stderr  # changes nothing; without it, each named lesson gets its line
    lines = err.splitlines()
    assert lines[0] == "[digiteach] ar05_x.ipynb is already fresh (the same as in lessons/; nothing to replace)", err
    assert re.fullmatch(r"\[digiteach\] fresh de/ar05_x\.ipynb \(yours is in earlier/[^/]+/de/ar05_x\.ipynb\)", lines[1]), err
    assert lines[2:] == [], err
    err = subprocess.run([*command, "--fresh"], check=True, capture_output=True, text=True).stderr
    assert err.splitlines() == ["[digiteach] 3 lessons were already fresh (the same as in lessons/; nothing to replace)"], err


def test_the_german_lessons_are_copied_into_their_own_folder(tmp_path: Path) -> None:
    """lessons/de/ becomes my-lessons/de/: a German class sees the English lessons and one folder `de`. A changed
    German lesson is kept like any other and `--fresh de/NAME` replaces it (the name the log tells)."""
    lessons = lesson_folder(tmp_path, "00_start_here", "de/00_start_here", "de/ar05_x")
    work = tmp_path / "my-lessons"
    log = lab_setup.copy_lessons(lessons, work)
    assert sorted(p.name for p in work.iterdir() if not p.name.startswith(".")) == ["00_start_here.ipynb", "README.md", "de"]
    assert sorted(p.name for p in (work / "de").iterdir()) == ["00_start_here.ipynb", "ar05_x.ipynb"]
    assert "copied de/ar05_x.ipynb" in log and len(log) == 4
    edit(work / "de" / "ar05_x.ipynb", "print('meine Notizen')")
    assert lab_setup.copy_lessons(lessons, work) == [
        "kept your de/ar05_x.ipynb (you changed it; ./lab --fresh de/ar05_x gives a fresh copy)"]
    with pytest.raises(lab_setup.SetupError, match="--fresh ar05: no lesson's name starts with this"):
        lab_setup.copy_lessons(lessons, work, fresh=["ar05"])  # an English name, never the German lesson
    assert "meine Notizen" in (work / "de" / "ar05_x.ipynb").read_text(encoding="utf-8")
    log = lab_setup.copy_lessons(lessons, work, fresh=["de/ar05"])
    assert (work / "de" / "ar05_x.ipynb").read_bytes() == (lessons / "de" / "ar05_x.ipynb").read_bytes(), log
    assert "meine Notizen" in next((work / "earlier").glob("*/de/ar05_x.ipynb")).read_text(encoding="utf-8")


def test_a_copy_made_before_the_german_lessons_moved_loses_nothing(tmp_path: Path) -> None:
    """A working copy made when the German lessons lay beside the English ones (``00_de_start_here.ipynb``): at the
    next start a German lesson the learner never changed (only opened, here) goes, its lesson being copied into de/;
    one the learner changed moves to de/ under its new name, with its edits, and stays the learner's (kept, not
    overwritten, though the lesson changed); a notebook of the learner's own with such a name stays where it is."""
    old = lesson_folder(tmp_path, "00_start_here", "00_de_start_here", "ar05_de_x", "te01_de_y")
    work = tmp_path / "my-lessons"
    lab_setup.copy_lessons(old, work)
    open_in_kernel(work / "00_de_start_here.ipynb")
    edit(work / "ar05_de_x.ipynb", "print('meine Notizen')")
    (work / "te01_de_y.ipynb").unlink()  # deleted by the learner
    nbformat.write(new_notebook(cells=[new_code_cell("1")]), str(work / "06_de_mine.ipynb"))  # the learner's own
    mine = (work / "ar05_de_x.ipynb").read_text(encoding="utf-8")

    new = tmp_path / "new"
    new.mkdir()
    lessons = lesson_folder(new, "00_start_here", "de/00_start_here", "de/ar05_x", "de/te01_y")
    moved = {"00_start_here": "00_start_here", "de/00_start_here": "00_de_start_here", "de/ar05_x": "ar05_de_x",
             "de/te01_y": "te01_de_y"}  # the same lessons, the German ones in de/ under their new names
    for name, before in moved.items():
        (lessons / f"{name}.ipynb").write_bytes((old / f"{before}.ipynb").read_bytes())
    edit(lessons / "de" / "ar05_x.ipynb", "print('die Lektion, neu gebaut')")
    log = lab_setup.copy_lessons(lessons, work)

    assert not (work / "00_de_start_here.ipynb").exists() and not (work / "ar05_de_x.ipynb").exists()
    assert (work / "de" / "ar05_x.ipynb").read_text(encoding="utf-8") == mine  # the learner's edits, at the new place
    assert (work / "de" / "00_start_here.ipynb").read_bytes() == (lessons / "de" / "00_start_here.ipynb").read_bytes()
    assert (work / "de" / "te01_y.ipynb").exists() and (work / "06_de_mine.ipynb").exists()
    assert "removed 00_de_start_here.ipynb (unchanged; the German lessons are now in de/)" in log
    assert "moved your ar05_de_x.ipynb to de/ar05_x.ipynb (the German lessons are now in de/)" in log
    assert any(line.startswith("kept your de/ar05_x.ipynb (the lesson changed since") for line in log), log
    manifest = json.loads((work / lab_setup.MANIFEST).read_text(encoding="utf-8"))
    assert not [name for name in manifest if "_de_" in name], manifest
    again = lab_setup.copy_lessons(lessons, work)  # the next start: nothing more to move
    assert [line for line in again if not line.startswith("kept your")] == [] and len(again) == 1, again


def test_a_copy_made_before_the_german_names_ended_in_de_loses_nothing(tmp_path: Path) -> None:
    """Session 16: the German lessons' names now end in ``_de`` (``de/ar05_x_de.ipynb``), so that a JupyterLab tab tells
    them from the English ones. In a working copy made before (``de/ar05_x.ipynb``), the next start removes a German
    lesson the learner never changed (only opened, here) and copies the lesson under its new name; one the learner
    changed moves to the new name with its edits and stays the learner's; a notebook of the learner's own in de/ stays;
    the record then knows only the new names. A copy from before the German lessons moved to de/ (``ar05_de_x.ipynb``)
    also reaches the new names."""
    before = lesson_folder(tmp_path, "00_start_here", "de/00_start_here", "de/ar05_x", "de/te01_y")
    work = tmp_path / "my-lessons"
    lab_setup.copy_lessons(before, work)
    open_in_kernel(work / "de" / "00_start_here.ipynb")
    edit(work / "de" / "ar05_x.ipynb", "print('meine Notizen')")
    mine = (work / "de" / "ar05_x.ipynb").read_text(encoding="utf-8")
    nbformat.write(new_notebook(cells=[new_code_cell("1")]), str(work / "de" / "mein_eigenes.ipynb"))

    new = tmp_path / "new"
    new.mkdir()
    lessons = lesson_folder(new, "00_start_here", "de/00_start_here_de", "de/ar05_x_de", "de/te01_y_de")
    for name in ("00_start_here", "ar05_x", "te01_y"):  # the same German lessons under their new names
        (lessons / f"de/{name}_de.ipynb").write_bytes((before / f"de/{name}.ipynb").read_bytes())
    log = lab_setup.copy_lessons(lessons, work)

    assert sorted(p.name for p in (work / "de").iterdir()) == [
        "00_start_here_de.ipynb", "ar05_x_de.ipynb", "mein_eigenes.ipynb", "te01_y_de.ipynb"], log
    assert (work / "de" / "ar05_x_de.ipynb").read_text(encoding="utf-8") == mine  # the learner's edits, renamed
    assert "removed de/00_start_here.ipynb (unchanged; the German lessons' names now end in _de)" in log
    assert "moved your de/ar05_x.ipynb to de/ar05_x_de.ipynb (the German lessons' names now end in _de)" in log
    assert "kept your de/ar05_x_de.ipynb (you changed it; ./lab --fresh de/ar05_x_de gives a fresh copy)" in log
    manifest = json.loads((work / lab_setup.MANIFEST).read_text(encoding="utf-8"))
    assert sorted(manifest) == ["00_start_here.ipynb", "README.md", "de/00_start_here_de.ipynb", "de/ar05_x_de.ipynb",
                                "de/te01_y_de.ipynb"], manifest
    assert [line for line in lab_setup.copy_lessons(lessons, work) if not line.startswith("kept your")] == []

    oldest = tmp_path / "oldest"
    oldest.mkdir()
    ancient = lesson_folder(oldest, "00_start_here", "ar05_de_x")
    (ancient / "ar05_de_x.ipynb").write_bytes((before / "de/ar05_x.ipynb").read_bytes())
    work2 = tmp_path / "old-copy"
    lab_setup.copy_lessons(ancient, work2)
    edit(work2 / "ar05_de_x.ipynb", "print('alte Notizen')")
    log = lab_setup.copy_lessons(lessons, work2)
    assert "moved your ar05_de_x.ipynb to de/ar05_x_de.ipynb (the German lessons are now in de/)" in log, log
    assert "alte Notizen" in (work2 / "de" / "ar05_x_de.ipynb").read_text(encoding="utf-8")


def test_no_lessons_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="no lesson notebook"):
        lab_setup.copy_lessons(tmp_path, tmp_path / "work")


def test_the_working_copy_is_ignored_by_git() -> None:
    for path in ("my-lessons/00_start_here.ipynb", "my-lessons/Untitled.ipynb", "my-lessons/ex5.html"):
        result = subprocess.run(["git", "check-ignore", "-q", path], cwd=REPO, check=False)
        assert result.returncode == 0, f"{path} is not ignored by git"


# ------------------------------------------------------------------------------------ landing page titles


def test_titles_come_from_each_notebooks_first_heading(tmp_path: Path) -> None:
    lessons = lesson_folder(tmp_path, "00_start_here", "de/00_z", "ar05_x", "te01_y")
    nbformat.write(new_notebook(cells=[new_code_cell("1")]), str(lessons / "Untitled.ipynb"))
    out = lab_setup.write_titles(lessons, tmp_path / "template")
    text = out.read_text(encoding="utf-8")
    titles = json.loads(text.split("set titles = ", 1)[1].split(" -%}", 1)[0])
    sections = json.loads(text.split("set sections = ", 1)[1].split(" -%}", 1)[0])
    assert titles["ar05_x.ipynb"] == "Step through <Piercing> in ar05_x"  # Markdown escape removed
    assert titles["Untitled.ipynb"] == "Untitled.ipynb"
    assert sections == [["Start here", ["00_start_here.ipynb"]],
                        ["The wiki's Attack Resolution examples", ["ar05_x.ipynb"]],
                        ["The wiki's Triggered Effects examples", ["te01_y.ipynb"]],
                        ["Auf Deutsch", ["de/00_z.ipynb"]]]  # the German lessons have a section of their own, last
    assert titles["de/00_z.ipynb"] == "Step through <Piercing> in de/00_z"
    folders = json.loads(text.split("set folders = ", 1)[1].split(" -%}", 1)[0])
    assert folders == ["de"]  # listed by its lessons in the sections, not as a folder of the learner's


def test_every_real_lesson_has_a_title_and_a_section(tmp_path: Path) -> None:
    out = lab_setup.write_titles(LESSONS, tmp_path)
    text = out.read_text(encoding="utf-8")
    titles = json.loads(text.split("set titles = ", 1)[1].split(" -%}", 1)[0])
    sections = json.loads(text.split("set sections = ", 1)[1].split(" -%}", 1)[0])
    assert titles["00_start_here.ipynb"] == "Step through your first ruling"
    assert all(title != name for name, title in titles.items())
    assert sorted(n for _, names in sections for n in names) == sorted(titles)
    german = dict(sections)["Auf Deutsch"]
    assert german == sorted(n for n in titles if n.startswith("de/")), "every German lesson (and only they) under Auf Deutsch"
    assert len(german) == 28 and "de/00_start_here_de.ipynb" in german
    assert titles["de/00_start_here_de.ipynb"] != titles["00_start_here.ipynb"]  # its own title


# ------------------------------------------------------------------------------------- Jupyter settings


def server_config() -> dict[str, Any]:
    from traitlets.config import Config

    c = Config()
    namespace = runpy.run_path(str(REPO / "jupyter-config" / "jupyter_server_config.py"), init_globals={"c": c})
    return {"c": c, **namespace}


def test_saved_notebooks_keep_no_live_widget_views() -> None:
    """A saved widget view would read "Error displaying widget: model not found" once the kernel is gone."""
    config = server_config()
    hook = config["c"].ContentsManager.pre_save_hook
    view = {WIDGET_VIEW: {"model_id": "abc", "version_major": 2, "version_minor": 1},
            "text/plain": "Player(scenario='attack-resolution-5', step=1/14)"}
    nb = new_notebook(cells=[
        new_code_cell("widgets.play('attack-resolution-5')",
                      outputs=[new_output("display_data", data=view)]),
        new_code_cell("print(1)", outputs=[new_output("stream", name="stdout", text="1\n")]),
    ])
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    model = {"type": "notebook", "content": nb}
    hook(model=model, path="00_start_here.ipynb", contents_manager=None)

    saved = model["content"]
    nbformat.validate(saved)
    data = saved.cells[0].outputs[0]["data"]
    assert WIDGET_VIEW not in data
    assert data["text/plain"].startswith("Run this cell to see the step player")
    assert "Run this cell to see the step player" in data["text/html"]
    # the newcomer's trial (session 7): a dashed box with a play sign looked like a button that did nothing
    assert "&#9654;" not in data["text/html"] and "\u25b6" not in data["text/html"], "no play sign on a note"
    assert "border:1px" not in data["text/html"] and "cursor:default" in data["text/html"], "a note, not a button"
    assert saved.cells[1].outputs[0]["text"] == "1\n"
    assert "widgets" not in saved.metadata


def test_other_files_pass_the_hook_untouched() -> None:
    hook = server_config()["c"].ContentsManager.pre_save_hook
    model = {"type": "file", "content": "x", "format": "text"}
    hook(model=model, path="notes.txt", contents_manager=None)
    assert model == {"type": "file", "content": "x", "format": "text"}


def test_no_news_pop_up_and_no_deprecated_token() -> None:
    overrides = json.loads((REPO / "jupyter-config" / "lab-settings" / "overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:notification"] == {"fetchNews": "false",
                                                                       "checkForUpdates": False}
    c = server_config()["c"]
    assert c.ServerApp.jpserver_extensions == {"notebook_shim": False}
    lab = (REPO / "lab").read_text(encoding="utf-8")
    assert "--IdentityProvider.token" in lab and "ServerApp.token" not in lab


def test_tornados_ping_clamp_warning_is_not_printed_and_other_warnings_are() -> None:
    """A newcomer saw "websocket_ping_timeout (90000) cannot be longer than the websocket_ping_interval (30000)" in
    the ./lab terminal: the server configuration drops that one record of tornado's, running twice adds one filter."""
    import logging

    server_config()
    server_config()
    log = logging.getLogger("tornado.general")
    ours = [f for f in log.filters if type(f).__name__ == "NoPingClampWarning"]
    assert len(ours) == 1

    def record(message: str) -> logging.LogRecord:
        return logging.LogRecord("tornado.general", logging.WARNING, __file__, 1, message, None, None)

    clamp = record("The websocket_ping_timeout (90000) cannot be longer than the websocket_ping_interval (30000).")
    assert not log.filter(clamp)
    assert log.filter(record("Uncaught exception in ZMQStream callback"))


def test_a_kernel_no_tab_is_connected_to_is_shut_down_after_the_idle_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Newcomer, session 12: kernels of closed lessons stayed alive in Voila (~85 MB each). A kernel with no open
    connection is shut down after DIGITEACH_KERNEL_IDLE_SECONDS idle (default ten minutes); an open tab, or a cell
    still running, keeps it. Voila reads the same settings (jupyter-config/voila.py); JupyterLab shuts a notebook's
    kernel down when its tab closes. The browser tests (tests/browser/test_kernels_freed.py) check it in Chromium."""
    from traitlets.config import PyFileConfigLoader

    monkeypatch.delenv("DIGITEACH_KERNEL_IDLE_SECONDS", raising=False)
    kernels = server_config()["c"].MappingKernelManager
    assert (kernels.cull_idle_timeout, kernels.cull_interval) == (600, 60)
    assert kernels.cull_connected is False and kernels.cull_busy is False
    voila = PyFileConfigLoader("voila.py", path=str(REPO / "jupyter-config")).load_config()
    assert voila.MappingKernelManager.cull_idle_timeout == 600
    assert voila.VoilaConfiguration.prelaunch_hook.__name__ == "set_xsrf_cookie"
    overrides = json.loads((REPO / "jupyter-config" / "lab-settings" / "overrides.json").read_text())
    assert overrides["@jupyterlab/notebook-extension:tracker"]["kernelShutdown"] is True

    monkeypatch.setenv("DIGITEACH_KERNEL_IDLE_SECONDS", "3")
    kernels = server_config()["c"].MappingKernelManager
    assert (kernels.cull_idle_timeout, kernels.cull_interval) == (3, 1)
    monkeypatch.setenv("DIGITEACH_KERNEL_IDLE_SECONDS", "0")
    assert "cull_idle_timeout" not in server_config()["c"].MappingKernelManager
    monkeypatch.setenv("DIGITEACH_KERNEL_IDLE_SECONDS", "ten minutes")
    with pytest.warns(UserWarning, match="whole number of seconds"):
        assert server_config()["c"].MappingKernelManager.cull_idle_timeout == 600


def test_voilas_lesson_page_sets_the_xsrf_cookie_its_shutdown_beacon_sends() -> None:
    """Voila refused the beacon a closing lesson tab sends ("403 '_xsrf' argument missing from POST") when the lesson
    was opened by its own address: only Voila's start page set the cookie. The prelaunch hook has the lesson page
    set it (tornado sets the cookie when a handler first reads its xsrf_token)."""
    class Handler:
        read = False

        @property
        def xsrf_token(self) -> bytes:
            self.read = True
            return b"token"

    handler = Handler()
    notebook = new_notebook()
    assert server_config()["set_xsrf_cookie"](handler, notebook=notebook, cwd="") is None  # the notebook unchanged
    assert handler.read


# -------------------------------------------------------------------------------- the two environments


def test_the_learners_group_carries_no_test_tools() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    groups = project["dependency-groups"]
    names = {str(req).split(">")[0].split("=")[0].split("<")[0].strip().lower()
             for req in groups["lab"] if isinstance(req, str)}
    assert not names & TEST_TOOLS, names & TEST_TOOLS
    assert {"jupyterlab", "ipywidgets", "anywidget", "voila"} <= names
    assert "pillow" in names  # the README's `digiteach export --gif` runs in the learners' environment
    assert {"include-group": "lab"} in groups["dev"]
    assert project["tool"]["uv"]["default-groups"] == ["lab"]


def test_lab_syncs_the_lab_group_and_test_adds_dev() -> None:
    bootstrap = (REPO / "scripts" / "bootstrap.sh").read_text(encoding="utf-8")
    assert "lab) extra=(--no-default-groups --group lab --inexact)" in bootstrap
    assert "bootstrap_sync lab" in (REPO / "lab").read_text(encoding="utf-8")
    assert "bootstrap_sync dev" in (REPO / "test").read_text(encoding="utf-8")


def test_lab_help_runs() -> None:
    result = subprocess.run([str(REPO / "lab"), "--help"], capture_output=True, text=True, check=True)
    assert "--fresh" in result.stdout and "my-lessons/" in result.stdout


def test_the_placeholder_names_what_the_view_showed() -> None:
    """A player (widgets.play) and a study view (widgets.learn.study, a player with modes) are both "the step
    player"; anything else is "this widget"."""
    stale_output = server_config()["stale_output"]
    assert stale_output("Player(scenario='attack-resolution-5', step=1/14)")["text/plain"].startswith(
        "Run this cell to see the step player")
    assert stale_output("Study('ruling-R39', ruleset='CR 4.2', mode='Compare')")["text/plain"].startswith(
        "Run this cell to see the step player")
    assert stale_output("VBox(children=(HTML(value='<p>Question 1')")["text/plain"].startswith(
        "Run this cell to see this widget")
    assert stale_output("Player(scenario='attack-resolution-5', step=1/14)", "de")["text/plain"].startswith(
        "Führe diese Zelle aus, um den Schritt-Player zu sehen")
    assert "dieses Widget" in stale_output("VBox(children=()", "de")["text/html"]


def test_a_german_lesson_saves_a_german_placeholder() -> None:
    """The save hook tells a German lesson by its metadata (``digiteach.lang``, which the lesson build stores) or by
    its folder ``de`` (the German lessons' folder; ``_de_`` in its file name for a copy made before they moved there),
    and writes its placeholder in German; every other notebook gets the English one."""
    config = server_config()
    hook = config["c"].ContentsManager.pre_save_hook
    view = {WIDGET_VIEW: {"model_id": "abc", "version_major": 2, "version_minor": 1},
            "text/plain": "Player(scenario='attack-resolution-5', step=1/14)"}

    def saved(path: str, **metadata: Any) -> str:
        nb = new_notebook(cells=[new_code_cell("widgets.play('attack-resolution-5')",
                                               outputs=[new_output("display_data", data=dict(view))])])
        nb.metadata.update(metadata)
        model = {"type": "notebook", "content": nb}
        hook(model=model, path=path, contents_manager=None)
        return str(model["content"].cells[0].outputs[0]["data"]["text/plain"])

    assert saved("de/04_explore_every_branch_de.ipynb").startswith("Führe diese Zelle aus, um den Schritt-Player")
    assert saved("my-lessons/04_de_explore_every_branch.ipynb").startswith("Führe diese Zelle aus, um den Schritt-Player")
    assert saved("Untitled.ipynb", digiteach={"lang": "de"}).startswith("Führe diese Zelle aus")
    assert saved("04_explore_every_branch.ipynb").startswith("Run this cell to see the step player")
    assert saved("04_de_x.ipynb", digiteach={"lang": "en"}).startswith("Run this cell")


def test_voila_start_page_says_which_lessons_are_for_jupyterlab(tmp_path: Path) -> None:
    """Lesson 03 (and de/03) has the learner edit code, which Voila hides: the start page says so under its title
    (the page renders `notes` with tree.html); no other lesson carries a note."""
    out = lab_setup.write_titles(LESSONS, tmp_path)
    notes = json.loads(out.read_text(encoding="utf-8").split("set notes = ", 1)[1].split(" -%}", 1)[0])
    assert sorted(notes) == ["03_write_your_own_ruling.ipynb", "de/03_write_your_own_ruling_de.ipynb"]
    assert notes["03_write_your_own_ruling.ipynb"].startswith("for JupyterLab")
    assert notes["de/03_write_your_own_ruling_de.ipynb"].startswith("für JupyterLab")
    tree = (REPO / "jupyter-config" / "share" / "voila" / "templates" / "digiteach" / "tree.html").read_text(encoding="utf-8")
    assert "import titles, sections, notes" in tree and "notes[name]" in tree


# ------------------------------------------------------------------------- session 16: the second round


def rulings_for(work: Path) -> Path:
    """The folder ./lab gives the lessons in DIGITEACH_RULINGS for the working copy `work` (the script, as ./lab
    runs it)."""
    command = [sys.executable, str(REPO / "scripts" / "lab_setup.py"), "rulings", str(REPO), str(work)]
    return Path(subprocess.run(command, check=True, capture_output=True, text=True).stdout.strip())


def test_two_working_copies_on_one_checkout_save_lesson_03_in_folders_of_their_own(tmp_path: Path) -> None:
    """The breaker: ./lab set DIGITEACH_RULINGS to the repository's my-rulings/ for every DIGITEACH_WORKDIR, so two
    learners with working copies of their own wrote the same my-first-ruling.yaml, and the second learner's run of
    lesson 03 replaced the first's file (save_ruling replaces a file its cell saved, unchanged). Each working copy now
    has my-rulings/ inside it; the default my-lessons/ keeps the repository's my-rulings/."""
    import widgets

    anna, ben = tmp_path / "anna", tmp_path / "ben"
    assert rulings_for(REPO / "my-lessons") == REPO.resolve() / "my-rulings"  # the documented single-user layout
    assert rulings_for(anna) == anna.resolve() / "my-rulings"
    assert rulings_for(ben) == ben.resolve() / "my-rulings"
    first = widgets.save_ruling(rulings_for(anna) / "my-first-ruling.yaml", "id: anna\n")
    second = widgets.save_ruling(rulings_for(ben) / "my-first-ruling.yaml", "id: ben\n")
    assert first != second
    assert first.read_text(encoding="utf-8").endswith("id: anna\n")
    assert second.read_text(encoding="utf-8").endswith("id: ben\n")
    lab = (REPO / "lab").read_text(encoding="utf-8")
    assert 'DIGITEACH_RULINGS=$("$PYTHON" scripts/lab_setup.py rulings "$REPO" "$WORK")' in lab
    assert 'DIGITEACH_RULINGS="$REPO/my-rulings"' not in lab


def test_jupyterlab_starts_the_lessons_kernel_without_a_select_kernel_dialog() -> None:
    """The newcomer: with many lessons open on a busy machine, Run > Run All on a newly opened lesson showed
    JupyterLab's "Select Kernel" dialog and nothing ran. Our settings start the kernel the notebook names; the setting
    is one the locked JupyterLab knows (its schema), so it is not silently ignored."""
    overrides = json.loads((REPO / "jupyter-config" / "lab-settings" / "overrides.json").read_text(encoding="utf-8"))
    assert overrides["@jupyterlab/notebook-extension:tracker"]["autoStartDefaultKernel"] is True
    schema_file = Path(sys.prefix) / "share" / "jupyter" / "lab" / "schemas" / "@jupyterlab" / "notebook-extension" / "tracker.json"
    schema = json.loads(schema_file.read_text(encoding="utf-8"))
    assert schema["properties"]["autoStartDefaultKernel"]["type"] == "boolean"


def test_lab_help_prints_its_whole_header_and_every_environment_variable_of_the_readme() -> None:
    """`./lab --help` stopped mid-sentence ("... (default: 00_start_here" and no more) and left out
    PYTHON=python3.12, though the README's table says `./lab --help` is "this list"."""
    help_text = subprocess.run([str(REPO / "lab"), "--help"], capture_output=True, text=True, check=True).stdout
    header = []
    for line in (REPO / "lab").read_text(encoding="utf-8").splitlines()[1:]:
        if not line.startswith("#"):
            break
        header.append(re.sub(r"^# ?", "", line))
    assert help_text.splitlines() == header
    assert help_text.rstrip().endswith("(default python3, 3.11 or newer).")
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for variable in sorted(set(re.findall(r"\| `([A-Z_]+)=", readme))):
        assert f"{variable}=" in help_text, variable
