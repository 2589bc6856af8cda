"""Where a lesson saves the learner's own scenario files: :func:`my_rulings`.

In JupyterLab (``./lab``) that is the repository's ``my-rulings/``, which git ignores. In Voilà (``./lab --voila``, the
lessons as apps: the code is hidden, and every learner's kernel runs on the one machine that serves the room) a lesson
that has the learner edit a cell can only be read, and no tab may write, or overwrite, a file in the shared folder: there
each call gives a new temporary folder of the tab's own and shows, where the lesson calls it, that the lesson is for
JupyterLab. Lesson 03 calls it in its first code cell::

    folder = widgets.my_rulings()
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from digiteach import i18n

__all__ = ["FOLDER_ENV", "in_voila", "my_rulings", "voila_note"]

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
    ``my-rulings/`` there), else ``../my-rulings`` from the lesson's folder. In Voilà, a new temporary folder of this
    tab's own instead, and the lesson's cell shows :func:`voila_note` (nothing is shown in JupyterLab)."""
    if in_voila():
        from IPython.display import Markdown, display

        display(Markdown(voila_note()))
        return Path(tempfile.mkdtemp(prefix="digiteach-my-rulings-"))
    return Path(os.environ.get(FOLDER_ENV, "../my-rulings"))
