"""The documented line of a scenario (its scripted choices) and the notes a trace shows with a line.

A scenario's ``notes`` say, in our own words, which rule decides its ruling (with CR, Q&A and card numbers).
They explain the documented line: the play the scripted choices make. A learner's own line (a branch that
answers a decision otherwise) still shows them, under a label saying they are about the documented line
(:func:`trace_notes`). :func:`follows_script` tells the two apart from the play itself, so a "branch" that picks
the documented answer again is the documented line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from digiteach import i18n
from digiteach.decisions import IllegalAnswer, match_answer
from digiteach.scenario.model import Scenario
from digiteach.state import State

__all__ = ["option_label", "follows_script", "trace_notes", "notes_lines"]

_ = i18n.gettext

_ITEM = re.compile(r"\s*(?:[-*\u2022]|\d+[.)])\s")
"""A line that starts a list item: ``- ``, ``* ``, ``• ``, ``1. `` or ``1) ``."""


def option_label(decision: Any, answer: str) -> str:
    """The label ``answer`` stands for: ``"#2"`` is the decision's second option (its stable position in
    the trace), anything else is a label or prefix left to the engine's ``match_answer``."""
    m = re.fullmatch(r"\s*#\s*(\d+)\s*", answer, re.ASCII)
    labels = decision.labels
    if m and 1 <= int(m.group(1)) <= len(labels):
        return str(labels[int(m.group(1)) - 1])
    return answer


def follows_script(scenario: Scenario, history: Sequence[State]) -> bool:
    """Whether every decision answered in ``history`` (engine states, oldest first) got the answer the scenario's
    scripted choices give there, in order: True for the documented line (also one that stops where the choices run
    out), False for a learner's own line. Call it on a play made in English (the scripted choices name English
    labels, :func:`digiteach.scenario.model.played_in_english`)."""
    k = 0
    for before, after in zip(history, history[1:]):
        if before.decision is None:
            continue
        if k >= len(scenario.choices):
            return False
        try:
            scripted = match_answer(before.decision, option_label(before.decision, scenario.choices[k].answer))
        except IllegalAnswer:
            return False
        if scripted.label != after.choice:
            return False
        k += 1
    return True


def trace_notes(scenario: Scenario, documented: bool = True) -> str:
    """The notes a trace of ``scenario`` shows (``views.Trace.notes``), in the language in force
    (:meth:`Scenario.notes_in`): the notes themselves on the documented line; on a learner's own line
    (``documented`` False) the same notes after a first paragraph saying they explain the documented line. ``""``
    when the scenario has no notes."""
    notes = scenario.notes_in().strip()
    if documented or not notes:
        return notes
    return _("Why (the documented line; your line leaves it, so its outcome may differ):") + "\n\n" + notes


def notes_lines(notes: str) -> list[str]:
    r"""``notes`` for a panel that wraps its own lines (the player's *Why* panel, an HTML export): one line per
    paragraph or list item (a line starting ``- ``, ``* ``, ``1. ``), the author's line breaks inside it undone, and
    ``""`` between paragraphs (a blank line in the notes).

    >>> notes_lines("The block moved\nthe target.\n\nUnder CR 4.2:\n- one\n  more\n- two")
    ['The block moved the target.', '', 'Under CR 4.2:', '- one more', '- two']
    """
    lines: list[str] = []
    for raw in notes.strip().splitlines():
        line = raw.strip()
        if not line:
            if lines and lines[-1]:
                lines.append("")
        elif lines and lines[-1] and not _ITEM.match(raw):
            lines[-1] += " " + line
        else:
            lines.append(line)
    return lines
