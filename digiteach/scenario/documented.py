"""The documented line of a scenario (its scripted choices) and the notes a trace shows with a line.

A scenario's ``notes`` say, in our own words, which rule decides its ruling (with CR, Q&A and card numbers).
They explain the documented line: the play the scripted choices make. A learner's own line (a branch that
answers a decision otherwise) still shows them, under a label saying they are about the documented line
(:func:`trace_notes`). :func:`follows_script` tells the two apart from the play itself, so a "branch" that picks
the documented answer again is the documented line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from digiteach import engine as eng
from digiteach import i18n
from digiteach.decisions import IllegalAnswer, match_answer
from digiteach.scenario.model import Scenario
from digiteach.state import State

__all__ = ["option_label", "parts_fitting", "scripted_answer", "start_uid", "alias_label", "follows_script",
           "trace_notes", "notes_lines"]

_ = i18n.gettext

_ITEM = re.compile(r"\s*(?:[-*\u2022]|\d+[.)])\s")
"""A line that starts a list item: ``- ``, ``* ``, ``• ``, ``1. `` or ``1) ``."""


def option_label(decision: Any, answer: str, named: Callable[[str], str | None] | None = None) -> str:
    """The label ``answer`` stands for: ``"#2"`` is the decision's second option (its stable position in the
    trace); an answer the engine's ``match_answer`` takes (a label, a prefix of one, an older label) is left to it;
    else, for a scenario's alias (``named``: alias -> the label of the card it names now), the one label naming that
    card (``Partner`` for ``Choose BT2-064 HiAndromon``); else the one label that has the answer as a part,
    case-insensitive (``HiAndromon`` for ``Choose BT2-064 HiAndromon``). Anything else, an answer that is part of
    several labels too, is left to ``match_answer``, which refuses it (:func:`parts_fitting` lists the labels)."""
    m = re.fullmatch(r"\s*#\s*(\d+)\s*", answer, re.ASCII)
    labels = decision.labels
    if m and 1 <= int(m.group(1)) <= len(labels):
        return str(labels[int(m.group(1)) - 1])
    try:
        match_answer(decision, answer)
        return answer
    except IllegalAnswer:
        pass
    card = named(answer.strip()) if named is not None else None
    hits = [str(lb) for lb in labels if card is not None and card.lower() in str(lb).lower()]
    if len(hits) != 1:
        hits = list(parts_fitting(decision, answer))
    return hits[0] if len(hits) == 1 else answer


def parts_fitting(decision: Any, answer: str) -> tuple[str, ...]:
    """The labels of ``decision`` that have ``answer`` as a part (case-insensitive, as ``expect.activation_order``
    entries match)."""
    low = answer.strip().lower()
    return tuple(str(lb) for lb in decision.labels if low and low in str(lb).lower())


def start_uid(scenario: Scenario, initial: State, alias: str) -> int | None:
    """The engine's id of the Digimon that alias ``alias`` named on the starting board (it follows the
    Digimon through digivolution and <Armor Purge>, CR 3-4-5), or None."""
    start = dict(scenario.aliases).get(alias)
    if start is None:
        return None
    side = eng.board_view(initial).sides[0 if start.player == "A" else 1]
    if start.area == "breeding":
        return None if side.breeding_area is None else side.breeding_area.uid
    return side.battle_area[start.index].uid if start.index < len(side.battle_area) else None


def alias_label(scenario: Scenario, initial: State, state: State, alias: str) -> str | None:
    """The label of the top card, on the board of ``state``, of the Digimon that the scenario's alias ``alias``
    (a stack's ``name:``) named on the starting board (:func:`start_uid`); None for no alias or a Digimon gone."""
    uid = start_uid(scenario, initial, alias) if alias in dict(scenario.aliases) else None
    if uid is None:
        return None
    for side in eng.board_view(state).sides:
        stacks = (*side.battle_area, *(() if side.breeding_area is None else (side.breeding_area,)))
        found = [st for st in stacks if st.uid == uid]
        if found:
            return str(found[0].top.label)
    return None


def scripted_answer(scenario: Scenario, initial: State, state: State, answer: str) -> str:
    """:func:`option_label` of a scripted choice at the decision open in ``state``, reading the scenario's aliases."""
    return option_label(state.decision, answer, lambda text: alias_label(scenario, initial, state, text))


def follows_script(scenario: Scenario, history: Sequence[State], initial: State | None = None) -> bool:
    """Whether every decision answered in ``history`` (engine states, oldest first) got the answer the scenario's
    scripted choices give there, in order: True for the documented line (also one that stops where the choices run
    out), False for a learner's own line. Call it on a play made in English (the scripted choices name English
    labels, :func:`digiteach.scenario.model.played_in_english`). ``initial``: the starting board, where the
    scenario's aliases are read (default: the first state of ``history``)."""
    start = initial if initial is not None else history[0]
    k = 0
    for before, after in zip(history, history[1:]):
        if before.decision is None:
            continue
        if k >= len(scenario.choices):
            return False
        try:
            scripted = match_answer(before.decision, scripted_answer(scenario, start, before, scenario.choices[k].answer))
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
