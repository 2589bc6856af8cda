"""A switch of :func:`widgets.learn.study` that never claims what is not shown: the *Ruleset* select and the *Play* /
*Compare* / *Quiz* buttons.

A standard ipywidgets select shows a new value as soon as it is picked, also when the kernel that should act on it
was restarted: the study view's select then read "CR 4.2" above a player still showing CR 2024. A :class:`Switch`
sends each pick to Python (``switch.js``), which acknowledges it at once and then sets ``value``; the browser shows
a value only once Python has set it. A pick that gets no answer (the comm closed, or nothing within the player's
wait) puts the control back to the value shown, and its status line says that nothing changed and that the kernel
is not answering, in the switch's language (``kernel_words``, as :data:`widgets.player.KERNEL_WORDS` for the
player). Python code sets ``value`` as before (``view.ruleset_choice.value = "CR 2024"``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from digiteach import i18n

__all__ = ["Switch", "SWITCH_WORDS"]

_HERE = Path(__file__).parent
_ = i18n.gettext
N_ = i18n.N_

SWITCH_WORDS: dict[str, dict[str, str]] = {
    "select": {"pick": N_("The ruleset was not changed to {label}.")},
    "buttons": {"pick": N_("The view was not changed to {label}.")},
}
"""What a switch's status line says when a pick gets no answer, by the switch's ``kind`` (``{label}`` is the pick);
``"lost"`` (the same for both) follows it."""

LOST = N_("The kernel is not answering (was it restarted?): run this cell again (Shift+Enter), or Run > Run All Cells "
          "if the cell uses names from the cells above.")


class Switch(anywidget.AnyWidget):
    """One switch: ``kind`` ``"select"`` (a labelled select) or ``"buttons"`` (a row of buttons, the one of ``value``
    pressed); ``options`` are ``(label, value)`` pairs, ``description`` its label (the select's, the row's accessible
    name); ``lang`` the language of its status line. A pick in the browser arrives as ``{"type": "pick", "value": v,
    "ask": n}``: acknowledged at once, then ``value`` is set when ``v`` is one of the options' values."""

    _esm = _HERE / "switch.js"
    _css = _HERE / "switch.css"

    value = t.Unicode("").tag(sync=True)
    options = t.List(t.Tuple(t.Unicode(), t.Unicode())).tag(sync=True)
    description = t.Unicode("").tag(sync=True)
    kind = t.Unicode("select").tag(sync=True)
    lang = t.Unicode("en").tag(sync=True)
    kernel_words = t.Dict().tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.kernel_words = _kernel_words(self.kind)
        self.on_msg(self._on_message)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if isinstance(content.get("ask"), int):  # at once, before the work: the browser knows the kernel is there
            self.send({"type": "ack", "ask": content["ask"]})
        value = content.get("value")
        if content.get("type") == "pick" and isinstance(value, str) and value in [v for _label, v in self.options]:
            self.value = value


def _kernel_words(kind: str) -> dict[str, dict[str, str]]:
    """The status line's words for a pick that got no answer, in every language of :data:`digiteach.i18n.LANGUAGES`:
    ``{lang: {"pick": ..., "lost": ...}}``."""
    words = {}
    for lang in i18n.LANGUAGES:
        with i18n.language(lang):
            words[lang] = {key: _(text) for key, text in SWITCH_WORDS.get(kind, SWITCH_WORDS["buttons"]).items()}
            words[lang]["lost"] = _(LOST)
    return words
