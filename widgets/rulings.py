"""Where a lesson saves the learner's own scenario files: :func:`my_rulings`.

In JupyterLab (``./lab``) that is the repository's ``my-rulings/``, which git ignores (for a working copy of
``DIGITEACH_WORKDIR``, ``my-rulings/`` inside it: two learners' working copies never share the file). In Voilà (``./lab --voila``, the
lessons as apps: the code is hidden, and every learner's kernel runs on the one machine that serves the room) a lesson
that has the learner edit a cell can only be read, and no tab may write, or overwrite, a file in the shared folder: there
each call gives a new temporary folder of the tab's own and shows, where the lesson calls it, that the lesson is for
JupyterLab. Lesson 03 calls it in its first code cell::

    folder = widgets.my_rulings()

and saves the file the learner edits in a cell with :func:`save_ruling`, which never overwrites a file the learner
changed or wrote: the file it saves starts with two comment lines (:func:`stamped`) that hold the digest of the text
below them, and a file is replaced only while its text still has that digest::

    path = widgets.save_ruling(folder / "my-first-ruling.yaml", MY_RULING)
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from pathlib import Path

from digiteach import i18n

__all__ = ["FOLDER_ENV", "in_voila", "my_rulings", "save_ruling", "stamped", "untouched", "voila_note"]

_ = i18n.gettext

FOLDER_ENV = "DIGITEACH_RULINGS"
"""The environment variable that names the learner's my-rulings/ (./lab sets it; the tests point it elsewhere)."""


def in_voila() -> bool:
    """Whether this kernel was started by Voilà (whose server names itself in the kernel's ``SERVER_SOFTWARE``)."""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("voila/")


def voila_note() -> str:
    """What a lesson for JupyterLab says at its top in Voilà (Markdown, in the language in force)."""
    return _("**This lesson is for JupyterLab.** It has you edit a scenario file's text in a cell, and this app "
             "(Voilà) hides the code. Read it here and see what each step prints; to do it, open it in JupyterLab "
             "(`./lab`, on your own copy of the lessons). The file it saves here goes to a temporary folder of this "
             "tab's own, not to `my-rulings/`.")


def my_rulings() -> Path:
    """The folder a lesson saves the learner's scenario files in: ``$DIGITEACH_RULINGS`` (./lab names the repository's
    ``my-rulings/`` there, or ``my-rulings/`` inside a working copy of ``DIGITEACH_WORKDIR``), else ``../my-rulings`` from the lesson's folder. In Voilà, a new temporary folder of this
    tab's own instead, and the lesson's cell shows :func:`voila_note` (nothing is shown in JupyterLab)."""
    if in_voila():
        from IPython.display import Markdown, display

        display(Markdown(voila_note()))
        return Path(tempfile.mkdtemp(prefix="digiteach-my-rulings-"))
    return Path(os.environ.get(FOLDER_ENV, "../my-rulings"))


STAMP_LINES = (
    i18n.N_("# Saved from a lesson's cell (sha256 {digest}); running the cell again replaces this file"),
    i18n.N_("# only while it is unchanged: a file you edit is kept, and the cell saves under a new name"),
)
"""The two comment lines :func:`stamped` puts above a lesson's text (in the language in force): two, so that line N of
the saved file is line N of the lesson's cell, whose text starts on its third line."""

_DIGEST = re.compile(r"sha256 ([0-9a-f]{16})\b")


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def stamped(text: str) -> str:
    """``text`` as a lesson saves it: the two comment lines of :data:`STAMP_LINES` (naming the text's digest) above it.

    >>> print(stamped("id: x\\n"), end="")
    # Saved from a lesson's cell (sha256 2368cff869c9ca88); running the cell again replaces this file
    # only while it is unchanged: a file you edit is kept, and the cell saves under a new name
    id: x
    """
    first, second = (_(line) for line in STAMP_LINES)
    rest = second + "\n" + text
    return first.format(digest=_digest(rest)) + "\n" + rest


def untouched(content: str) -> bool:
    """Whether ``content`` (a file's text) is one :func:`stamped` gave, unchanged since: its first line names the digest
    of everything below it. A file without that line (written by hand, or saved before the digest was in the stamp)
    or changed below it is not."""
    first, _newline, rest = content.partition("\n")
    found = _DIGEST.search(first)
    return found is not None and found.group(1) == _digest(rest)


def save_ruling(path: str | Path, text: str) -> Path:
    """Save ``text`` (a scenario file's text from a lesson's cell) as :func:`stamped` gives it, and return the path
    written; print ``saved <path>`` (in the language in force).

    Nothing the learner wrote is lost: a file at ``path`` is replaced only when it is :func:`untouched` (the one this
    cell saved, unchanged since) or already holds exactly this text. Any other file there (edited after the lesson saved
    it, even with its two comment lines kept, or written by hand) is left as it is, said in one line, and the text goes
    to the first of ``<stem>-2<suffix>``, ``<stem>-3<suffix>``, ... that is free or again the lesson's own, unchanged.
    """
    wanted = Path(path)
    content = stamped(text)
    target = wanted
    n = 1
    while target.exists() and not _replaceable(target, content):
        n += 1
        target = wanted.with_name(f"{wanted.stem}-{n}{wanted.suffix}")
    if target != wanted:
        print(_("kept {file} as it is: it is not the file this cell saved (you changed it, or wrote it yourself), so "
                "the text goes to {new}").format(file=wanted.name, new=target.name))
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(content, encoding="utf-8")
    print(_("saved {file}").format(file=target.resolve()))
    return target


def _replaceable(target: Path, content: str) -> bool:
    """Whether writing ``content`` over ``target`` loses nothing: it is the lesson's own unchanged file, or the same."""
    if target.is_dir() or target.is_symlink():
        return False
    try:
        old = target.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    return old == content or untouched(old)
