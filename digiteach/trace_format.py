"""A played trace written out for people and programs: ``digiteach trace`` as readable text (:func:`trace_text`) and
as the JSON document of ``docs/scenario-format.md`` (:func:`trace_json`). The frame's words are in the language in
force (:mod:`digiteach.i18n`); the trace's own text is as played."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from digiteach import i18n
from digiteach.captions import player_name

if TYPE_CHECKING:
    from digiteach.views import Step, Trace

_ = i18n.gettext
term = i18n.term

__all__ = ["trace_json", "trace_text"]


def _memory(signed_from_a: int) -> str:
    if signed_from_a == 0:
        return "0"
    return f"A{signed_from_a}" if signed_from_a > 0 else f"B{-signed_from_a}"


def trace_json(trace: Trace) -> dict[str, Any]:
    """The ``digiteach trace --json`` document for ``trace`` (plain JSON-ready data).

    Shape::

        {"scenario": id, "title": str, "ruleset": "CR 4.2",
         "steps": [{"index": int (0-based; step index + 1 for people), "timing": str, "caption": str, "rules": [str],
                    "pending": [{"generation": int, "cause": str,
                                 "effects": [{"player": "A"|"B", "card": "BT1-079 Lillymon",
                                              "label": str, "status": str}]}],
                    "decision": null | {"player", "kind", "prompt", "options": [str]},
                    "choice": null | str, "differs": str, "note": str (only on a step with a judge's note)}],
         "result": {"activation_order": [str], "deleted": [str], "security": {"A": int, "B": int},
                    "memory": int (signed from Player A's side), "winner": null | "A" | "B",
                    "stopped_at": null | str},
         "notes": str (the scenario's notes in the language told, ``views.Trace.notes``; "" when it has none)}
    """
    r = trace.result
    return {
        "scenario": trace.scenario,
        "title": trace.title,
        "ruleset": trace.ruleset,
        "steps": [_step_json(s) for s in trace.steps],
        "result": {
            "activation_order": list(r.activation_order),
            "deleted": list(r.deleted),
            "security": dict(r.security),
            "memory": r.memory,
            "winner": r.winner,
            "stopped_at": r.stopped_at,
        },
        "notes": trace.notes,
    }


def _step_json(step: Step) -> dict[str, Any]:
    d = step.decision
    return {
        "index": step.index,
        "timing": step.timing,
        "caption": step.caption,
        "rules": list(step.rules),
        "pending": [
            {
                "generation": g.number,
                "cause": g.cause,
                "effects": [
                    {"player": e.player, "card": e.card.label, "label": e.label, "status": e.status}
                    for e in g.effects
                ],
            }
            for g in step.pending
        ],
        "decision": None if d is None else {
            "player": d.player, "kind": d.kind, "prompt": d.prompt, "options": list(d.options),
        },
        "choice": step.choice,
        "differs": step.differs,
    } | ({"note": step.note} if step.note else {})


def trace_text(trace: Trace) -> str:
    """``trace`` as readable text: one block per step, numbered from 1 (``[1]`` is ``index`` 0), then the result,
    then the scenario's notes (why the ruling goes so), each of their lines indented. The frame's words are in the
    language in force (:mod:`digiteach.i18n`); the trace's own text is as played. Every line is printable."""
    from digiteach.scenario.escape import printable

    lines = [f"{trace.scenario}: {trace.title} ({trace.ruleset})"]
    for s in trace.steps:
        lines.append(f"[{s.index + 1}] {i18n.timed(s.timing, s.caption)}")  # timing named once; people count steps from 1
        if s.rules:
            lines.append("    " + _("rules:") + " " + ", ".join(s.rules))
        for g in s.pending:
            cause = f" ({i18n.cause(g.cause)})" if g.cause else ""
            lines.append("    " + _("pending generation {number}{cause}:").format(number=g.number, cause=cause))
            for e in g.effects:
                lines.append(f"      - {player_name('AB'.index(e.player))}: {e.label} [{term(e.status)}]")
        if s.decision is not None:
            d = s.decision
            lines.append("    " + _("decision: {player} ({kind}): {prompt}").format(
                player=player_name("AB".index(d.player)), kind=term(d.kind), prompt=d.prompt))
            lines.append("      " + _("options:") + " " + " | ".join(d.options))
        if s.choice is not None:
            lines.append("    " + _("choice:") + f" {s.choice}")
        if s.differs:
            lines.append("    " + _("wiki vs CR:") + f" {s.differs}")
        if s.note:
            lines.append("    " + _("note:") + f" {s.note}")
    lines += _result_lines(trace)
    if trace.notes:
        lines.append(_("notes:"))
        lines += [f"  {line}".rstrip() for line in trace.notes.splitlines()]
    return "\n".join(printable(line) for line in lines)


def _result_lines(trace: Trace) -> list[str]:
    r = trace.result
    none = _("(none)")
    security = ", ".join(f"{p} {n}" for p, n in r.security)
    lines = [_("result:")]
    lines.append("  " + _("activation order:") + " " + (" -> ".join(r.activation_order) or none))
    lines.append("  " + _("deleted:") + " " + (", ".join(r.deleted) or none))
    lines.append("  " + _("security:") + f" {security}")
    lines.append("  " + _("memory:") + f" {_memory(r.memory)}")
    lines.append("  " + _("winner:") + " " + (r.winner or _("none")))
    if r.stopped_at:
        lines.append("  " + _("stopped at:") + f" {r.stopped_at}")
    return lines
