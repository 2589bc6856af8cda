"""The Jupyter layer of digiteach: the step player (anywidget + ipywidgets 8).

>>> import widgets
>>> sorted(widgets.__all__)
['Player', 'play']

``widgets.play("attack-resolution-1")`` opens a bundled scenario; ``widgets.Player(trace, branch=...)``
shows any :class:`digiteach.views.Trace`.
"""

from __future__ import annotations

from .player import Player, play

__all__ = ["Player", "play"]
