"""Comparing a play with the scenario's ``expect``: one readable line per difference."""

from __future__ import annotations

from typing import Any

from digiteach.scenario.model import Scenario, memory_text
from digiteach.scenario.play import decision_text, drive, make_trace
from digiteach.state import State
from digiteach.views import Trace

def _matches(pattern: str, text: str) -> bool:
    return pattern.strip().casefold() in text.casefold()


def _final_board(trace: Trace) -> Any:
    return trace.steps[-1].board if trace.steps else None


def check(scenario: Scenario) -> list[str]:
    """Play ``scenario`` and compare the outcome with its ``expect``; return the differences (empty = pass).

    Each difference is one human-readable line naming the expect field and its line. Unused choices
    and a stop at a decision not announced by ``expect.stops_at`` are differences too. A refused action
    or choice is invalid input: it raises :class:`ScenarioPlayError` (file, line, field, legal labels).
    """
    run = drive(scenario)
    trace = make_trace(scenario, run.history)
    out = _compare(scenario, trace, run.history[-1], run.used)
    if run.actions < len(scenario.then):
        rest = scenario.then[run.actions:]
        out.append(f"{len(rest)} later action(s) not taken, from line {rest[0].line}: "
                   + ", ".join(a.kind for a in rest) + (" (the game was won)" if trace.result.winner else ""))
    return out


def _compare(scenario: Scenario, trace: Trace, last: State, used: int) -> list[str]:
    e = scenario.expect
    r = trace.result
    out: list[str] = []

    def at(name: str) -> str:
        line = e.line_of(name)
        return f"expect.{name} (line {line})" if line else f"expect.{name}"

    open_decision = last.decision
    if open_decision is not None and not last.finished:
        where = decision_text(open_decision)
        if e.stops_at is None:
            out.append(f"play stopped at a decision with no scripted choice left: {where}; "
                       "add the answer to choices, or set expect.stops_at if the scenario stops here on purpose")
        else:
            texts = [open_decision.prompt, open_decision.kind, *open_decision.labels]
            if not any(_matches(e.stops_at, t) for t in texts):
                out.append(f"{at('stops_at')}: expected to stop at {e.stops_at!r}, but stopped at {where}")
    elif e.stops_at is not None:
        out.append(f"{at('stops_at')}: expected to stop at {e.stops_at!r}, but play ran to the end")
    if used < len(scenario.choices):
        rest = scenario.choices[used:]
        out.append(f"{len(rest)} scripted choice(s) not used, from line {rest[0].line}: "
                   + ", ".join(repr(c.answer) for c in rest))

    if e.activation_order is not None:
        got = list(r.activation_order)
        want = list(e.activation_order)
        ok = len(got) == len(want) and all(_matches(w, g) for w, g in zip(want, got))
        if not ok:
            out.append(f"{at('activation_order')}: expected {want!r}, got {got!r}")
    if e.deleted is not None:
        remaining = list(r.deleted)
        missing = []
        for number in e.deleted:
            hit = next((d for d in remaining if _matches(number, d)), None)
            if hit is None:
                missing.append(number)
            else:
                remaining.remove(hit)
        if missing or remaining:
            out.append(f"{at('deleted')}: expected {list(e.deleted)!r}, got {list(r.deleted)!r}")
    if e.security is not None:
        got_sec = dict(r.security)
        for p, n in e.security:
            if got_sec.get(p) != n:
                out.append(f"{at('security')}: Player {p}'s Security Stack: expected {n}, got {got_sec.get(p)}")
    if e.memory is not None and r.memory != e.memory:
        out.append(f"{at('memory')}: expected {memory_text(e.memory)}, got {memory_text(r.memory)}")
    if e.winner is not None and (r.winner or "") != e.winner:
        out.append(f"{at('winner')}: expected {e.winner or 'no winner'}, got {r.winner or 'no winner'}")

    board = _final_board(trace)
    if board is not None:
        sides = {s.player: s for s in board.sides}
        if e.hand is not None:
            for p, n in e.hand:
                if sides[p].hand_size != n:
                    out.append(f"{at('hand')}: Player {p}'s hand: expected {n} cards, got {sides[p].hand_size}")
        if e.trash is not None:
            for p, want_trash in e.trash:
                got_t = [c.number for c in sides[p].trash]
                if isinstance(want_trash, int):
                    if len(got_t) != want_trash:
                        out.append(f"{at('trash')}: Player {p}'s trash: expected {want_trash} cards, got {len(got_t)}")
                elif sorted(got_t) != sorted(want_trash):
                    out.append(f"{at('trash')}: Player {p}'s trash: expected {sorted(want_trash)!r}, got {sorted(got_t)!r}")
        if e.battle_area is not None:
            for p, tops in e.battle_area:
                got_b = [s.top.number for s in sides[p].battle_area]
                if got_b != list(tops):
                    out.append(f"{at('battle_area')}: Player {p}'s Battle Area: expected {list(tops)!r}, got {got_b!r}")
        if e.suspended is not None:
            for p, number, flag in e.suspended:
                players = [p] if p else ["A", "B"]
                stacks = [s for q in players for s in sides[q].battle_area if s.top.number == number]
                if not stacks:
                    stacks = [s for q in players for s in sides[q].battle_area
                              if number in [c.number for c in s.digivolution_cards]]
                if not stacks:
                    out.append(f"{at('suspended')}: {number} is not in a Battle Area at the end")
                elif len(stacks) > 1 and any(s.suspended != flag for s in stacks):
                    word = "suspended" if flag else "unsuspended"
                    wrong = sum(s.suspended != flag for s in stacks)
                    out.append(f"{at('suspended')}: {number}: expected all {len(stacks)} Digimon with it to be {word}, "
                               f"but {wrong} {'is' if wrong == 1 else 'are'} not (name the stacks with name: to "
                               "check them one by one)")
                elif any(s.suspended != flag for s in stacks):
                    word = "suspended" if flag else "unsuspended"
                    out.append(f"{at('suspended')}: {number}: expected {word}, got "
                               + ("suspended" if stacks[0].suspended else "unsuspended"))
    return out
