"""The Jupyter layer of digiteach: the step player (anywidget + ipywidgets 8).

>>> import widgets
>>> sorted(widgets.__all__)
['Player', 'my_rulings', 'play', 'save_ruling', 'stamped']

``widgets.play("attack-resolution-1")`` opens a bundled scenario; ``widgets.Player(trace, branch=...)``
shows any :class:`digiteach.views.Trace`; ``widgets.my_rulings()`` is the folder a lesson saves the learner's
scenario files in, and ``widgets.save_ruling(path, text)`` saves one there without overwriting a file the learner changed
(:mod:`widgets.rulings`). ``widgets.learn`` (the learn-by-doing tools: ``widgets.learn.study(...)``)
is there after ``import widgets`` too, imported when first used.
"""

from __future__ import annotations

import importlib
from typing import Any

from .player import Player, play
from .rulings import my_rulings, save_ruling, stamped

__all__ = ["Player", "my_rulings", "play", "save_ruling", "stamped"]


def __getattr__(name: str) -> Any:
    """``widgets.learn`` on first use (a lesson that only plays does not import the learning tools); any other
    missing name raises AttributeError as usual."""
    if name == "learn":
        return importlib.import_module(".learn", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
