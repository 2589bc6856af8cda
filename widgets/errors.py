"""Errors a notebook shows as the ``digiteach`` command's plain ``error: ...`` lines, not as a Python traceback.

IPython prints what an exception's ``_render_traceback_`` returns instead of the traceback; :func:`shown_plainly`
gives an exception that hook. Every function a lesson calls (``widgets.play``, ``widgets.learn.study``, ``quiz``,
``compare_rulesets``) raises its refusals through it: a scenario that is not valid (:func:`plain_errors`: file,
line, field, what is wrong, what would be right) and an argument that is not one of the values it takes
(:func:`refuse_choice`: the value and the values it takes). A script still gets the exception itself, of the type
the function documents.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from digiteach import i18n

__all__ = ["ERROR_WIDTH", "plain_errors", "refuse_choice", "shown_plainly", "wrapped"]

_ = i18n.gettext

E = TypeVar("E", bound=BaseException)

ERROR_WIDTH = 96
"""Characters per line of an error shown in a notebook: JupyterLab at 1280x720 with its file browser open shows about
108 of its 13 px code font; a longer line is broken by the browser inside a word ("did you mean 'Bloc" / "k with...")."""


def shown_plainly(exc: E, lines: list[str]) -> E:
    """Give ``exc`` the ``_render_traceback_`` hook IPython looks for, so a notebook shows ``lines`` (the
    CLI's located messages, wrapped by :func:`wrapped`) instead of a traceback; scripts still get the exception
    itself."""
    shown = wrapped(lines)
    exc._render_traceback_ = lambda: list(shown)  # type: ignore[attr-defined]
    return exc


def wrapped(lines: list[str], width: int = ERROR_WIDTH) -> list[str]:
    """``lines`` (each may hold several) broken between words to at most ``width`` characters, each continuation
    indented under the text after its line's label (``error: ``, ``expected: ``), so that a located message still reads
    as one: ``file:line: field: message``, then ``expected: ...``. A word longer than a line is left whole.

    >>> for line in wrapped(["error: x.yaml:3: choices[0]: 'Blok' is not a legal answer\\n    expected: one of: "
    ...                      "'Block with ST4-08 Kabuterimon', \\"Don't block\\""], width=44):
    ...     print(line)
    error: x.yaml:3: choices[0]: 'Blok' is not a
           legal answer
        expected: one of: 'Block with ST4-08
                  Kabuterimon', "Don't block"
    """
    out: list[str] = []
    for line in "\n".join(lines).split("\n"):
        label = re.match(r"\s*[A-Za-z][\w ]{0,20}?: ", line)
        indent = " " * (label.end() if label else len(line) - len(line.lstrip()))
        out.extend(textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=False,
                                 break_on_hyphens=False, drop_whitespace=True) or [line])
    return out


@contextmanager
def plain_errors() -> Iterator[None]:
    """Inside the block, a scenario that is not valid (:class:`digiteach.scenario.ScenarioError`: an unknown id, a
    file that is missing, a duplicate key, a scripted answer that does not fit) or a broken card file
    (:class:`digiteach.cards.CardDataError`) is raised with the command's located ``error: ...`` lines as its
    notebook form (:func:`shown_plainly`), its Python context dropped."""
    from digiteach.cards import CardDataError
    from digiteach.scenario import ScenarioError

    try:
        yield
    except ScenarioError as exc:
        raise shown_plainly(exc, [f"error: {e}" for e in exc.all()]) from None
    except CardDataError as exc:
        raise shown_plainly(exc, [f"error: card library: {exc}"]) from None


def refuse_choice(exc: E, argument: str, value: Any, legal: Iterable[str]) -> E:
    """``exc`` (whose message names what was wrong) shown in a notebook as one ``error:`` line naming the argument and
    the value given, then the values it takes:

    >>> refuse_choice(ValueError("bad"), "layout", "bogus", ("stacked", "compact"))._render_traceback_()
    ["error: layout: 'bogus' is not one of the values it takes", "    expected: one of: 'stacked', 'compact'"]
    """
    from digiteach.scenario.escape import clip_text, printable

    said = _("{argument}: {value} is not one of the values it takes").format(
        argument=argument, value=printable(clip_text(repr(value))))
    values = _("one of: {values}").format(values=", ".join(repr(v) for v in legal))
    return shown_plainly(exc, [_("error: {message}").format(message=said), "    " + _("expected:") + " " + values])
