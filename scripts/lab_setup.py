"""The learner's working copy of the lessons, and the lesson titles for Voilà's landing page (used by ./lab).

    python3 scripts/lab_setup.py copy lessons my-lessons                  # create or top up the working copy
    python3 scripts/lab_setup.py copy lessons my-lessons --fresh          # fresh copies of every lesson
    python3 scripts/lab_setup.py copy lessons my-lessons --fresh ar05 de/00  # fresh copies of these lessons only
    python3 scripts/lab_setup.py titles my-lessons OUT_TEMPLATE_DIR       # write lesson_titles.j2 for Voilà
    python3 scripts/lab_setup.py rulings REPO my-lessons                  # where lesson 03 saves (DIGITEACH_RULINGS)

The working copy is where JupyterLab and Voilà run the lessons, so that saving (JupyterLab autosaves
every two minutes) never writes outputs into the tracked `lessons/`. Rules:

- A lesson missing from the copy is copied in (on the first run: all of them). Deleting a notebook from
  the copy and starting `./lab` again therefore gives a fresh copy of that one lesson.
- A copied lesson the learner has not changed follows the tracked one (after a `git pull`, say). Opening a lesson
  is not a change: the kernel then fills in the notebook's `metadata.language_info` (Python's version and the like),
  which JupyterLab saves, so that part of a notebook is left out when copies are compared.
- A lesson the learner has changed (edited, or only run and saved) is never overwritten. `--fresh`
  replaces it, after moving the learner's version to `earlier/<date-time>/` in the copy. A lesson `--fresh` names
  that is already the same as in lessons/ is said to be so (one line each; `--fresh` alone: one line counting them),
  and a name that matches no lesson is said to match none: `--fresh` never ends without a word.
- With `--kernel-info` (./lab runs this script with the environment's own Python and passes it), every notebook in
  the copy carries the `language_info` that Python's kernel will report (:func:`kernel_language_info`). JupyterLab
  writes what the kernel reports into the notebook when it opens, and a notebook whose metadata changed shows as
  unsaved (the dot on its tab, "Save changes?" on closing) though the learner did nothing. The tracked lessons
  carry everything but the interpreter's version, which is this machine's own.
- The German lessons are in `de/`, in lessons/ and in the copy, their names ending in `_de`
  (`de/ar05_piercing_waits_de.ipynb`, so that a JupyterLab tab tells them from the English ones). A copy made before
  has them under a former name (:func:`former_names`: `de/ar05_piercing_waits.ipynb`, or, before they moved to `de/`,
  `ar05_de_piercing_waits.ipynb` beside the English ones): one the learner never changed is removed (its lesson is
  copied under the new name), one the learner changed moves to the new name and stays the learner's
  (:func:`move_old_german`).
- Anything else in the copy (the learner's own notebooks, exports) is left alone.

What was copied is recorded in `.digiteach/copied.json` in the copy (file name -> :func:`content_digest`; a record
written before opening stopped counting as a change holds the SHA-256 of the file's bytes, which is still accepted).
The record is written whole or not at all (a new file renamed over the old one).

Nothing the learner wrote is lost, whatever the copy's state: one `copy` at a time works in a working copy (a lock on
`.digiteach/lock`; a second ./lab waits for the first and says so); a file moved to `earlier/` never replaces one
there (a free name is picked); a working copy ./lab cannot use (inside lessons/, a file, a path with `:`, read-only,
an unreadable record, a file of the learner's where a folder must be) stops the start with one line that names the
file and says what to do (:class:`SetupError`), never a traceback.
Standard library only: `titles` runs before the environment exists (Binder's postBuild).
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import hashlib
import itertools
import json
import os
import re
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

MANIFEST = Path(".digiteach") / "copied.json"
LOCK = Path(".digiteach") / "lock"
"""The file a `copy` holds an exclusive lock on while it works in the working copy (:func:`working_copy_lock`)."""
EARLIER = "earlier"
"""The working copy's folder where `--fresh` keeps the learner's versions (``earlier/<date-time>/NAME``)."""
GERMAN = "de"
"""The folder of the German lessons, in lessons/ and in the working copy (``de/00_start_here_de.ipynb``)."""
GERMAN_SUFFIX = "_de"
"""The end of a German lesson's file name (before ``.ipynb``): its JupyterLab tab differs from its English twin's."""
# The landing page's sections, in the order of lessons/README.md: (heading, prefixes of the path in lessons/).
SECTIONS = (
    ("Start here", ("00_", "01_", "02_", "03_", "04_", "05_", "06_")),
    ("The wiki's Attack Resolution examples", ("ar",)),
    ("The wiki's Triggered Effects examples", ("te",)),
    ("Auf Deutsch", (f"{GERMAN}/",)),  # every German lesson, examples included
)


def section_of(name: str) -> int | None:
    """The index in SECTIONS of the section a lesson belongs to (``name``: its path in lessons/, as
    ``de/00_start_here_de.ipynb``): the one with the longest prefix it starts with, or None."""
    found = [(len(prefix), k) for k, (_, prefixes) in enumerate(SECTIONS) for prefix in prefixes if name.startswith(prefix)]
    return max(found)[1] if found else None


def digest(path: Path) -> str:
    """SHA-256 (hex) of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


FILLED_ON_OPEN = ("language_info",)
"""Notebook metadata a kernel fills in when a lesson is only opened (JupyterLab then saves it): not the learner's."""


def content_digest(path: Path) -> str:
    """SHA-256 (hex) of what a learner can change in a file: for a notebook, its JSON without the metadata of
    FILLED_ON_OPEN, written with sorted keys; any other file (or a notebook that is not valid JSON), its bytes."""
    if path.suffix != ".ipynb":
        return digest(path)
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        return digest(path)
    if isinstance(nb, dict) and isinstance(nb.get("metadata"), dict):
        nb["metadata"] = {k: v for k, v in nb["metadata"].items() if k not in FILLED_ON_OPEN}
    text = json.dumps(nb, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def trust(path: Path) -> None:
    """Sign the lesson notebook at `path` as trusted in the user's Jupyter signature store (nbformat's notary, as
    `jupyter trust` does), unless it is signed already: it is our lesson as shipped, and an untrusted notebook makes
    JupyterLab print "Notebook ... is not trusted" in the terminal each time it is opened. Only a lesson just copied is
    signed (about 30 ms each, a store write), never a learner's changed file (JupyterLab signs what it saves itself);
    a copy made before this was signed stays as it was until it is copied fresh. Anything else is left alone."""
    if path.suffix != ".ipynb":
        return
    try:
        import nbformat
        from nbformat.sign import NotebookNotary
    except ImportError:  # run outside the project's environment: JupyterLab only warns
        return
    try:
        nb = nbformat.read(path, as_version=4)
    except (ValueError, OSError, UnicodeDecodeError):
        return
    notary = NotebookNotary()
    if not notary.check_signature(nb):
        notary.sign(nb)


def kernel_language_info() -> dict[str, Any]:
    """The ``language_info`` a Python kernel (ipykernel) on this interpreter reports, as JupyterLab stores it."""
    major = sys.version_info[0]
    return {"codemirror_mode": {"name": "ipython", "version": major}, "file_extension": ".py",
            "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
            "pygments_lexer": f"ipython{major}", "version": sys.version.split()[0]}


def fill_language_info(path: Path, info: dict[str, Any]) -> None:
    """Write ``info`` as the notebook's ``metadata.language_info`` (as nbformat writes a notebook), unless it is there
    already; a file that is not a notebook's JSON is left alone."""
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        return
    if not isinstance(nb, dict) or not isinstance(nb.get("metadata"), dict) or nb["metadata"].get("language_info") == info:
        return
    nb["metadata"]["language_info"] = info
    path.write_text(json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def lesson_files(lessons: Path) -> list[Path]:
    """The files a working copy receives: every notebook in `lessons` and in its German folder, and the README.md
    index."""
    return sorted([*lessons.glob("*.ipynb"), *lessons.glob(f"{GERMAN}/*.ipynb"), *lessons.glob("README.md")])


def old_german_name(name: str) -> str:
    """The name a German lesson had in the working copy before the German lessons moved to their own folder:
    ``de/ar05_piercing_waits.ipynb`` -> ``ar05_de_piercing_waits.ipynb``; any other name unchanged."""
    folder, _, rest = name.partition("/")
    if folder != GERMAN or not rest:
        return name
    prefix, _, tail = rest.partition("_")
    return f"{prefix}_{GERMAN}_{tail}"


def former_names(name: str) -> list[str]:
    """The names a German lesson had in a working copy before, the latest first: before its name ended in
    :data:`GERMAN_SUFFIX` (``de/ar05_x_de.ipynb`` -> ``de/ar05_x.ipynb``), and before the German lessons moved to
    their own folder (:func:`old_german_name`: ``ar05_de_x.ipynb``); [] for any other lesson."""
    stem, dot, extension = name.rpartition(".")
    if not name.startswith(f"{GERMAN}/"):
        return []
    if dot and stem.endswith(GERMAN_SUFFIX):
        before = f"{stem.removesuffix(GERMAN_SUFFIX)}.{extension}"
        return [before, old_german_name(before)]
    return [old_german_name(name)]


def move_old_german(sources: list[str], work: Path, copied: dict[str, str]) -> list[str]:
    """Bring the German lessons a working copy received under a former name (:func:`former_names`: before their names
    ended in ``_de``, or before they moved to lessons/de/) to their new name, losing nothing: a copy the learner never
    changed is removed (the lesson is copied under the new name as usual); one the learner changed moves to the new
    name with its record, so the rules of :func:`copy_lessons` keep it there as the learner's own. A file already at
    the new place, or one the manifest does not know (the learner's own notebook with such a name), is left alone.
    Returns the log lines."""
    log: list[str] = []
    for name in sources:
        for old in former_names(name):
            source, target = work / old, work / name
            if old not in copied or target.exists() or blocking_file(work, name) is not None:
                continue
            why = (f"the German lessons are now in {GERMAN}/" if "/" not in old else
                   f"the German lessons' names now end in {GERMAN_SUFFIX}")
            if not source.exists():  # the learner deleted it: only its record goes
                del copied[old]
                continue
            recorded = copied.pop(old)
            if recorded in (content_digest(source), digest(source)):
                source.unlink()
                log.append(f"removed {old} (unchanged; {why})")
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(source, target)
            copied[name] = recorded
            log.append(f"moved your {old} to {name} ({why})")
    return log


class SetupError(Exception):
    """A working copy ./lab cannot set up as it is: the message is one line naming the file and what to do.
    `log`: the actions done before it stopped (each still true: nothing of the learner's was lost)."""

    def __init__(self, message: str, log: list[str] | None = None) -> None:
        super().__init__(message)
        self.log = list(log or [])


def check_working_copy(lessons: Path, work: Path) -> None:
    """Refuse a working copy ./lab must not write into: the tracked `lessons` or a folder in it, the repository or a
    folder holding it (the lessons would land among tracked files), a file, or a path with `:` (JUPYTER_PATH, which
    ./lab gives Voilà the working copy in, separates folders with `:`). Raises SetupError."""
    own, tracked = work.resolve(), lessons.resolve()
    fix = "set DIGITEACH_WORKDIR to a folder of its own (or unset it: the default is my-lessons/ in the repository)"
    if own == tracked or tracked in own.parents:
        raise SetupError(f"the working copy {work} is inside the tracked lessons/ ({tracked}), which ./lab never "
                         f"writes into: {fix}")
    if own in tracked.parents:
        raise SetupError(f"the working copy {work} holds the repository ({tracked.parent}), and the lessons would "
                         f"land among its tracked files: {fix}")
    if work.exists() and not work.is_dir():
        raise SetupError(f"the working copy {work} is a file, not a folder: {fix}")
    separator = "which Jupyter reads as a separator between folders (JUPYTER_PATH)"
    if ":" in str(tracked):
        raise SetupError(f"the repository's path {tracked.parent} contains ':', {separator}: move or clone it to a "
                         "folder whose path has no ':'")
    if ":" in str(own):
        raise SetupError(f"the working copy's path {own} contains ':', {separator}: set DIGITEACH_WORKDIR to a folder "
                         "whose path has no ':' (or unset it: the default is my-lessons/ in the repository)")


@contextlib.contextmanager
def working_copy_lock(work: Path) -> Iterator[None]:
    """Hold an exclusive lock (fcntl) on `work`/LOCK while the body runs: two ./lab starts at once on one working copy
    would each move the learner's lesson to earlier/ and copy the lesson over it. A second start waits for the first
    (it says so on stderr). The lock goes with the process, however it ends."""
    path = work / LOCK
    if path.parent.exists() and not path.parent.is_dir():
        raise SetupError(f"{path.parent} is a file, but ./lab keeps its record of the working copy in a folder there: "
                         "rename the file and start ./lab again")
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print(f"[digiteach] another ./lab is setting up {work} right now: waiting for it to finish",
                  file=sys.stderr, flush=True)
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def read_manifest(path: Path) -> dict[str, str]:
    """The record of what was copied (file name -> digest), {} when there is none. Raises SetupError when it cannot be
    read or is not such a record (it is never guessed at: a wrong record could count a learner's lesson as unchanged)."""
    if not path.exists():
        return {}
    what_to_do = ("delete it and start ./lab again (nothing of yours is lost: every lesson that differs from lessons/ "
                  "then counts as yours and is kept)")
    try:
        copied = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as err:
        raise SetupError(f"{path} is not valid JSON ({err}): {what_to_do}") from err
    if not isinstance(copied, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in copied.items()):
        raise SetupError(f"{path} is not a record of copied lessons (a JSON object of file name to digest): "
                         f"{what_to_do}")
    return copied


def write_manifest(path: Path, copied: dict[str, str]) -> None:
    """Write the record whole or not at all: into a new file beside it, then renamed over it (an interrupted start
    leaves the old record, never half of one)."""
    partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        partial.write_text(json.dumps(copied, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def move_to_earlier(target: Path, work: Path, stamp: str, name: str) -> Path:
    """Move the learner's `target` (lesson `name`) to ``earlier/<stamp>/<name>`` in `work`, or to
    ``earlier/<stamp>-2/<name>`` and so on when that is taken: a file in earlier/ is never replaced (the new file is
    created exclusively). Returns where it went."""
    for n in itertools.count(1):
        keep = work / EARLIER / (stamp if n == 1 else f"{stamp}-{n}") / name
        keep.parent.mkdir(parents=True, exist_ok=True)
        try:
            with open(keep, "xb") as out:
                out.write(target.read_bytes())
        except FileExistsError:
            continue
        shutil.copystat(target, keep)
        target.unlink()
        return keep
    raise AssertionError("unreachable")


def blocking_file(work: Path, name: str) -> Path | None:
    """The learner's file (not a folder) in `work` where lesson `name` needs a folder (``de`` for ``de/x.ipynb``), or
    a folder where the lesson itself goes; None when there is none."""
    target = work / name
    for parent in reversed(target.relative_to(work).parents):
        if parent != Path(".") and (work / parent).exists() and not (work / parent).is_dir():
            return work / parent
    return target if target.is_dir() else None


def unmatched(names: list[str], fresh: list[str] | None) -> list[str]:
    """The `--fresh` names that ask for none of the lessons `names`."""
    return [f for f in fresh or [] if not any(wanted(name, [f]) for name in names)]


def wanted(name: str, fresh: list[str] | None) -> bool:
    """True when `name` (a file name) is asked for by `--fresh` (no names: every lesson)."""
    if fresh is None:
        return False
    return not fresh or any(name == f or name.startswith(f) for f in fresh)


def copy_lessons(lessons: Path, work: Path, fresh: list[str] | None = None,
                 language_info: dict[str, Any] | None = None) -> list[str]:
    """Create or top up the working copy `work` from `lessons` (rules in the module docstring), holding the working
    copy's lock (:func:`working_copy_lock`).

    `fresh`: None for a normal start; a list of lesson names or prefixes (empty: all) to replace. A lesson asked for
    that is already the same as in `lessons` gets a line saying so (with no names: one line counting them), and so
    does a name that matches no lesson.
    `language_info`: when given, what every notebook of the copy carries as its ``metadata.language_info``.
    Returns one line per action, for the terminal. Raises FileNotFoundError when `lessons` has no notebook, and
    SetupError (with the actions done so far) when the working copy cannot be used or written as it is."""
    sources = lesson_files(lessons)
    if not any(p.suffix == ".ipynb" for p in sources):
        raise FileNotFoundError(f"no lesson notebook in {lessons}")
    names = [source.relative_to(lessons).as_posix() for source in sources]  # de/ar05_x.ipynb for a German lesson
    if missing := unmatched(names, fresh):
        raise SetupError(f"--fresh {' '.join(missing)}: no lesson's name starts with "
                         f"{'this' if len(missing) == 1 else 'these'} (names look like ar05 or de/ar05, as in "
                         f"{lessons}/; nothing was changed)")
    check_working_copy(lessons, work)
    log: list[str] = []
    try:
        with working_copy_lock(work):
            fill_copy(lessons, work, sources, fresh, language_info, log)
    except OSError as err:
        where = err.filename if err.filename is not None else work
        raise SetupError(f"cannot write or read {where} ({err.strerror or err}): make the working copy {work} writable, or "
                         "set DIGITEACH_WORKDIR to a folder you can write in (nothing of yours was lost)", log) from err
    return log


def fill_copy(lessons: Path, work: Path, sources: list[Path], fresh: list[str] | None,
              language_info: dict[str, Any] | None, log: list[str]) -> None:
    """The body of :func:`copy_lessons`, under the lock: appends its actions to `log` as it goes, and records what it
    copied even when it stops half-way (so that a lesson copied fresh is never taken for the learner's)."""
    manifest_path = work / MANIFEST
    copied = read_manifest(manifest_path)
    stamp = time.strftime("%Y-%m-%d_%H%M%S")
    try:
        log += move_old_german([source.relative_to(lessons).as_posix() for source in sources], work, copied)
        blocked: set[Path] = set()
        unchanged = 0  # with --fresh for every lesson: those already the same as in `lessons`
        for source in sources:
            name = source.relative_to(lessons).as_posix()  # de/ar05_piercing_waits.ipynb for a German lesson
            target, stem = work / name, name.removesuffix(source.suffix)
            if (blocker := blocking_file(work, name)) is not None:
                if blocker not in blocked:
                    blocked.add(blocker)
                    kind = "folder" if blocker.is_dir() else "file"
                    where = blocker.relative_to(work).as_posix()
                    log.append(f"left your {kind} {where} alone, though the lesson {name} goes there: rename it and "
                               "start ./lab again for the lesson" if blocker == target else
                               f"left your {kind} {where} alone, though the lessons' folder {where}/ goes there: "
                               "rename it and start ./lab again for the lessons in it")
                continue
            new = content_digest(source)
            if not target.exists():
                log.append(f"copied {name}" if name not in copied else f"copied {name} again (it was deleted)")
            else:
                have = content_digest(target)
                if have == new:
                    copied[name] = new
                    if language_info is not None and target.suffix == ".ipynb":
                        fill_language_info(target, language_info)
                    if fresh and wanted(name, fresh):  # asked for by name: say so, not nothing
                        log.append(f"{name} is already fresh (the same as in lessons/; nothing to replace)")
                    elif fresh == [] and target.suffix == ".ipynb":  # --fresh alone: counted, in one line
                        unchanged += 1
                    continue
                recorded = copied.get(name)
                changed_by_learner = recorded not in (have, digest(target))  # a record of the bytes: an older manifest
                if changed_by_learner and not wanted(name, fresh):
                    if recorded not in (new, digest(source)):  # the tracked lesson is not what was copied (or no record)
                        log.append(f"kept your {name} (the lesson changed since; ./lab --fresh {stem} replaces it)")
                    else:
                        log.append(f"kept your {name} (you changed it; ./lab --fresh {stem} gives a fresh copy)")
                    continue
                if changed_by_learner:
                    earlier = work / EARLIER
                    if earlier.exists() and not earlier.is_dir():
                        raise SetupError(f"{earlier} is a file of yours, but ./lab --fresh keeps your versions of "
                                         f"lessons in a folder {EARLIER}/ there: rename it and run ./lab --fresh "
                                         f"again (your {name} was left as it is)", log)
                    keep = move_to_earlier(target, work, stamp, name)
                    log.append(f"fresh {name} (yours is in {keep.relative_to(work)})")
                else:
                    log.append(f"updated {name} (you had not changed it)")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            if language_info is not None and target.suffix == ".ipynb":
                fill_language_info(target, language_info)
            trust(target)
            copied[name] = new
    except BaseException:
        with contextlib.suppress(OSError):  # a read-only copy: the error that stopped the start is the one to tell
            write_manifest(manifest_path, copied)
        raise
    write_manifest(manifest_path, copied)
    if unchanged:
        lessons_word = "1 lesson was" if unchanged == 1 else f"{unchanged} lessons were"
        log.append(f"{lessons_word} already fresh (the same as in lessons/; nothing to replace)")


RULINGS = "my-rulings"
"""The folder lesson 03 saves the learner's scenario file in (``DIGITEACH_RULINGS``, :func:`rulings_folder`)."""
DEFAULT_WORK = "my-lessons"
"""The default working copy's folder in the repository (``DIGITEACH_WORKDIR`` unset)."""


def rulings_folder(repo: Path, work: Path) -> Path:
    """Where lesson 03 saves the learner's scenario file for the working copy `work` (./lab passes it to the lessons in
    ``DIGITEACH_RULINGS``): the repository's ``my-rulings/`` for the default working copy ``my-lessons/`` (a lesson
    reads it as ``../my-rulings``), and ``my-rulings/`` inside any other working copy (``DIGITEACH_WORKDIR``), so that
    two learners with working copies of their own on one checkout never write the same file. Nothing is moved: files
    already in the repository's ``my-rulings/`` stay there."""
    if work.resolve() == (repo / DEFAULT_WORK).resolve():
        return repo.resolve() / RULINGS
    return work.resolve() / RULINGS


KEPT_LIST = Path(".digiteach") / "kept.txt"
"""Where a start lists, one a line, the lessons it kept because the learner changed them (the terminal says only how
many)."""


def report(log: list[str], work: Path) -> list[str]:
    """The terminal's lines for a start's `log`: every action but "kept your ...", which is said once, in one line
    that counts them and says how to get a fresh copy; the kept lessons themselves are listed in `work`/KEPT_LIST."""
    kept = [line for line in log if line.startswith("kept your ")]
    lines = [line for line in log if not line.startswith("kept your ")]
    listing = work / KEPT_LIST
    if not kept:
        listing.unlink(missing_ok=True)
        return lines
    listing.parent.mkdir(parents=True, exist_ok=True)
    listing.write_text("\n".join(kept) + "\n", encoding="utf-8")
    newer = sum("the lesson changed since" in line for line in kept)
    lessons = "1 lesson" if len(kept) == 1 else f"{len(kept)} lessons"
    also = (f", {newer} of them with a newer version in lessons/" if newer else "")
    lines.append(f"kept {lessons} you changed{also} (listed in {listing}); ./lab --fresh NAME gives a fresh copy "
                 "of one (yours moves to earlier/), ./lab --fresh for all of them")
    return lines


def notebook_title(path: Path) -> str:
    """The text of a notebook's first `# ` heading (Markdown escapes removed), or its file name: also for a file
    that is not a notebook's JSON or not of its shape (a learner's own file in the working copy), which never stops
    the landing page."""
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return path.name
    cells = nb.get("cells") if isinstance(nb, dict) else None
    for cell in cells if isinstance(cells, list) else []:
        if not isinstance(cell, dict) or cell.get("cell_type") != "markdown":
            continue
        source = cell.get("source", "")
        if isinstance(source, list) and all(isinstance(line, str) for line in source):
            source = "".join(source)
        if not isinstance(source, str):
            return path.name
        for line in source.splitlines():
            if line.startswith("# "):
                return re.sub(r"\\([<>*_\[\]`])", r"\1", line[2:].strip())
        break
    return path.name


FOR_JUPYTERLAB = {"en": "for JupyterLab: you edit code in it (in this app you can only read it)",
                  "de": "für JupyterLab: Du änderst darin Code (in dieser App kannst du sie nur lesen)"}
"""What Voilà's start page says under the title of a lesson for JupyterLab, by the lesson's language."""


def voila_note(path: Path) -> str:
    """What Voilà's start page says under a lesson's title: :data:`FOR_JUPYTERLAB` for a lesson that has the learner
    edit code, which Voilà hides (one whose code asks ``widgets.my_rulings()`` where to save the learner's file, and
    which in Voilà says at its top that it is for JupyterLab), in the lesson's language (metadata
    ``digiteach.lang``); else ""."""
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
        code = "".join("".join(c.get("source", "")) for c in nb.get("cells", []) if c.get("cell_type") == "code")
        lang = (nb.get("metadata", {}).get("digiteach") or {}).get("lang", "en")
    except (OSError, ValueError, AttributeError, TypeError):
        return ""
    note = FOR_JUPYTERLAB.get(lang if isinstance(lang, str) else "en", FOR_JUPYTERLAB["en"])
    return note if "widgets.my_rulings(" in code else ""


def write_titles(folder: Path, template_dir: Path) -> Path:
    """Write `lesson_titles.j2` (Jinja: `titles`, path in `folder` -> title; `sections`, [heading, [paths]]; `notes`,
    path -> what the start page says under its title; `folders`, the lesson folders the sections list) for the
    notebooks in `folder` and in its German folder, into `template_dir`; returns the file written."""
    notebooks = sorted([*folder.glob("*.ipynb"), *folder.glob(f"{GERMAN}/*.ipynb")])
    names = {p: p.relative_to(folder).as_posix() for p in notebooks}  # de/00_start_here_de.ipynb for a German one
    titles = {names[p]: notebook_title(p) for p in notebooks}
    notes = {names[p]: note for p in notebooks if (note := voila_note(p))}
    sections = [[heading, [names[p] for p in notebooks if section_of(names[p]) == k]]
                for k, (heading, _) in enumerate(SECTIONS)]
    folders = [GERMAN] if (folder / GERMAN).is_dir() else []
    template_dir.mkdir(parents=True, exist_ok=True)
    out = template_dir / "lesson_titles.j2"
    # JSON of plain strings is also a Jinja literal; the template escapes every value where it shows it.
    out.write_text(
        "{#- Written by scripts/lab_setup.py at every start of ./lab --voila; not tracked. -#}\n"
        f"{{%- set titles = {json.dumps(titles, ensure_ascii=False)} -%}}\n"
        f"{{%- set sections = {json.dumps(sections, ensure_ascii=False)} -%}}\n"
        f"{{%- set notes = {json.dumps(notes, ensure_ascii=False)} -%}}\n"
        f"{{%- set folders = {json.dumps(folders, ensure_ascii=False)} -%}}\n",
        encoding="utf-8",
    )
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    cp = sub.add_parser("copy", help="create or top up the learner's working copy")
    cp.add_argument("lessons", type=Path)
    cp.add_argument("work", type=Path)
    cp.add_argument("--fresh", nargs="*", metavar="LESSON", help="replace these lessons (none named: all)")
    cp.add_argument("--kernel-info", action="store_true",
                    help="give every notebook the language_info this Python's kernel reports (run it with that Python)")
    ru = sub.add_parser("rulings", help="print the folder lesson 03 saves the learner's file in for this working copy")
    ru.add_argument("repo", type=Path)
    ru.add_argument("work", type=Path)
    ti = sub.add_parser("titles", help="write lesson_titles.j2 for the Voila landing page")
    ti.add_argument("folder", type=Path)
    ti.add_argument("template_dir", type=Path)
    args = p.parse_args(argv)
    try:
        if args.command == "copy":
            first = not (args.work / MANIFEST).exists()
            log = copy_lessons(args.lessons, args.work, args.fresh,
                               kernel_language_info() if args.kernel_info else None)
            if first and log and all(line.startswith("copied ") for line in log):  # not after a record was deleted
                print(f"[digiteach] your working copy of the lessons: {args.work}/ ({len(log)} files; "
                      "the tracked lessons/ stay untouched)", file=sys.stderr)
            else:
                for line in report(log, args.work):
                    print(f"[digiteach] {line}", file=sys.stderr)
        elif args.command == "rulings":
            print(rulings_folder(args.repo, args.work))
        else:
            write_titles(args.folder, args.template_dir)
    except SetupError as err:
        for line in err.log:  # what was done before it stopped, so that the terminal tells where everything is
            print(f"[digiteach] {line}", file=sys.stderr)
        print(f"[digiteach] ERROR: {err}", file=sys.stderr)
        return 1
    except (FileNotFoundError, OSError) as err:
        print(f"[digiteach] ERROR: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
