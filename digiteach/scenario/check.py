"""Comparing a play with the scenario's ``expect``: one readable line per difference.

One function per ``expect`` key (:data:`CHECKS`), each given the play (:class:`outcome.Played`), the
expected value and where it was written. Names (aliases, places) follow their Digimon (CR 3-4-5).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from digiteach import i18n

_ = i18n.gettext
from digiteach.scenario.model import Expect, Scenario, memory_text, played_in_english
from digiteach.scenario.outcome import Played, matches, pile_differences
from digiteach.scenario.outcome_checks import MORE_CHECKS
from digiteach.scenario.play import decision_text, drive, make_trace
from digiteach.scenario.step_notes import check_step_notes

__all__ = ["check", "compare", "CHECKS"]


def check(scenario: Scenario) -> list[str]:
    """Play ``scenario`` and compare the outcome with its ``expect``; return the differences (empty = pass).

    Each difference is one human-readable line naming the expect field and its line. Unused choices
    and a stop at a decision not announced by ``expect.stops_at`` are differences too. A refused action
    or choice is invalid input: it raises :class:`ScenarioPlayError` (file, line, field, legal labels), and so is
    a step note (a wiki note or a judge's) whose ``at`` phrase no step's caption holds (as
    :func:`digiteach.scenario.play.play` refuses it).
    """
    with played_in_english():  # expect and choices name the English labels, whatever the reader's language
        run = drive(scenario)
        trace = make_trace(scenario, run.history)
        check_step_notes(scenario, trace)
    played = Played(scenario, run.initial, run.history, trace)
    out = compare(played, run.used)
    if run.actions < len(scenario.then):
        rest = scenario.then[run.actions:]
        out.append(_("{count} later action(s) not taken, from line {line}: {actions}").format(
            count=len(rest), line=rest[0].line, actions=", ".join(a.kind for a in rest))
            + (" " + _("(the game was won)") if trace.result.winner else ""))
    return out


def compare(p: Played, used: int) -> list[str]:
    """Every difference between the play ``p`` and its scenario's ``expect`` (``used`` scripted choices)."""
    e = p.scenario.expect
    out = _stop_differences(p, used)
    for name, fn in CHECKS.items():
        value = getattr(e, name)
        if value is not None:
            out += fn(p, value, _at(e, name))
    for name, text in e.more:
        out += MORE_CHECKS[name](p, json.loads(text), _at(e, name))
    return out


def _at(e: Expect, name: str) -> str:
    line = e.line_of(name)
    return _("expect.{name} (line {line})").format(name=name, line=line) if line else f"expect.{name}"


def _stop_differences(p: Played, used: int) -> list[str]:
    e, last, out = p.scenario.expect, p.last, []
    open_decision = last.decision
    if open_decision is not None and not last.finished:
        where = decision_text(open_decision)
        if e.stops_at is None:
            out.append(_("play stopped at a decision with no scripted choice left: {decision}; add the answer to "
                         "choices, or set expect.stops_at if the scenario stops here on purpose").format(decision=where))
        elif not any(matches(e.stops_at, t) for t in (open_decision.prompt, open_decision.kind, *open_decision.labels)):
            out.append(_("{at}: expected to stop at {want}, but stopped at {decision}").format(
                at=_at(e, "stops_at"), want=repr(e.stops_at), decision=where))
    elif e.stops_at is not None:
        out.append(_("{at}: expected to stop at {want}, but play ran to the end").format(
            at=_at(e, "stops_at"), want=repr(e.stops_at)))
    if used < len(p.scenario.choices):
        rest = p.scenario.choices[used:]
        out.append(_("{count} scripted choice(s) not used, from line {line}: {answers}").format(
            count=len(rest), line=rest[0].line, answers=", ".join(repr(c.answer) for c in rest)))
    return out


def _activation_order(p: Played, want: tuple[Any, ...], at: str) -> list[str]:
    got = p.activations()
    names = list(zip(got, p.legacy_activations()))
    if _order_fits(list(want), names):
        return []
    shown = [list(w) if isinstance(w, tuple) else w for w in want]
    return [_("{at}: expected {want}, got {got}").format(at=at, want=repr(shown), got=repr(got))]


def _order_fits(want: list[Any], got: list[tuple[str, str]]) -> bool:
    """Each entry matches the next activation (its label, or its label from before labels said what an effect
    does); a group (a list) matches its size of activations in any order."""
    i = 0
    for w in want:
        group = list(w) if isinstance(w, tuple) else [w]
        chunk = got[i:i + len(group)]
        if len(chunk) < len(group) or not _pairs_up(group, chunk):
            return False
        i += len(group)
    return i == len(got)


def _pairs_up(patterns: list[str], labels: list[tuple[str, str]]) -> bool:
    if not patterns:
        return True
    first, rest = patterns[0], patterns[1:]
    return any((matches(first, lb) or matches(first, old)) and _pairs_up(rest, labels[:k] + labels[k + 1:])
               for k, (lb, old) in enumerate(labels))


def _card_list(cards: Sequence[str]) -> str:
    """Cards as a learner reads them in a difference: ``BT1-064 Goblimon, ST1-06 Coredramon``, or "nothing"."""
    return ", ".join(cards) if cards else _("nothing")


def _deleted(p: Played, want: tuple[str, ...], at: str) -> list[str]:
    remaining = list(p.trace.result.deleted)
    missing = []
    for number in want:
        hit = next((d for d in remaining if matches(number, d)), None)
        if hit is None:
            missing.append(number)
        else:
            remaining.remove(hit)
    if missing or remaining:
        return [_("{at}: expected {want}, got {got}").format(at=at, want=_card_list(want),
                                                             got=_card_list(p.trace.result.deleted))]
    return []


def _pile_check(name: str, words: str, ordered: bool) -> Callable[[Played, Any, str], list[str]]:
    def run(p: Played, want: tuple[tuple[str, Any], ...], at: str) -> list[str]:
        return [d for player, w in want for d in pile_differences(words, player, w, p.pile(player, name), ordered, at)]
    return run


def _memory(p: Played, want: int, at: str) -> list[str]:
    got = p.trace.result.memory
    return [] if got == want else [_("{at}: expected {want}, got {got}").format(at=at, want=memory_text(want), got=memory_text(got))]


def _winner(p: Played, want: str, at: str) -> list[str]:
    got = p.trace.result.winner or ""
    return [] if got == want else [_("{at}: expected {want}, got {got}").format(at=at, want=want or _("no winner"), got=got or _("no winner"))]


def _battle_area(p: Played, want: tuple[tuple[str, tuple[str, ...]], ...], at: str) -> list[str]:
    out = []
    for player, tops in want:
        got = [st.top.number for q, st in p.stacks() if q == player]
        if got != list(tops):
            out.append(_("{at}: Player {player}'s Battle Area: expected {want}, got {got}").format(
                at=at, player=player, want=repr(list(tops)), got=repr(got)))
    return out


def _suspended(p: Played, want: tuple[tuple[str, str, bool], ...], at: str) -> list[str]:
    out = []
    for player, name, flag in want:
        stacks = [st for q, st in p.named(name) if not player or q == player or p.start_uid(name) is not None]
        word = _("suspended") if flag else _("unsuspended")
        wrong = sum(st.suspended != flag for st in stacks)
        if not stacks:
            out.append(_("{at}: {name} is not in a Battle Area at the end").format(at=at, name=name))
        elif len(stacks) > 1 and wrong:
            text = (_("{at}: {name}: expected all {count} Digimon with it to be {word}, but 1 is not (name the stacks "
                      "with name: to check them one by one)") if wrong == 1 else
                    _("{at}: {name}: expected all {count} Digimon with it to be {word}, but {wrong} are not (name the "
                      "stacks with name: to check them one by one)"))
            out.append(text.format(at=at, name=name, count=len(stacks), word=word, wrong=wrong))
        elif wrong:
            out.append(_("{at}: {name}: expected {want}, got {got}").format(
                at=at, name=name, want=word, got=_("suspended") if stacks[0].suspended else _("unsuspended")))
    return out


CHECKS: dict[str, Callable[[Played, Any, str], list[str]]] = {
    "activation_order": _activation_order,
    "deleted": _deleted,
    "security": _pile_check("security", i18n.N_("Security Stack"), True),
    "memory": _memory,
    "winner": _winner,
    "hand": _pile_check("hand", i18n.N_("hand"), False),
    "trash": _pile_check("trash", i18n.N_("trash"), False),
    "battle_area": _battle_area,
    "suspended": _suspended,
}
"""The comparison for each :class:`Expect` field (the keys in ``Expect.more`` are in ``MORE_CHECKS``)."""
