"""What a trace amounts to, in words: the outcome panel of the player and the HTML export, and where and
how a learner's own line (a branch) differs from the documented line.

Pure functions of :mod:`digiteach.views` data; imports nothing from Jupyter.

>>> from digiteach.views import TraceResult
>>> outcome_lines(TraceResult((), ("BT2-034 Salamon",), (("A", 3), ("B", 1)), 3, None))
('Deleted: BT2-034 Salamon', 'Security Stacks: Player A 3, Player B 1', "Memory: 3 on Player A's side", 'Winner: none yet')
"""

from __future__ import annotations

from digiteach import captions, i18n
from digiteach.views import Trace, TraceResult

__all__ = ["outcome_lines", "leaves_at", "differences", "memory_words"]

pgettext = i18n.pgettext


def _player(letter: str) -> str:
    return captions.player_name("AB".index(letter))


def memory_words(signed_from_a: int) -> str:
    """The memory gauge in words, in the language in force: ``3`` -> ``"3 on Player A's side"``, ``-2`` ->
    ``"2 on Player B's side"``."""
    if signed_from_a == 0:
        return "0"
    return captions.text("word.memory_side", amount=abs(signed_from_a), player=_player("A" if signed_from_a > 0 else "B"))


def _fields(result: TraceResult) -> dict[str, str]:
    """The outcome's fields by their (translated) name, in the language in force."""
    return {
        pgettext("outcome", "Deleted"): ", ".join(result.deleted) or pgettext("outcome", "nothing"),
        pgettext("outcome", "Security Stacks"): ", ".join(f"{_player(p)} {n}" for p, n in result.security),
        pgettext("outcome", "Memory"): memory_words(result.memory),
        pgettext("outcome", "Winner"): _player(result.winner) if result.winner else pgettext("outcome", "none yet"),
    }


def outcome_lines(result: TraceResult) -> tuple[str, ...]:
    """The outcome of a trace, one ``"Field: value"`` line each, in the language in force: Digimon deleted,
    Security Stack sizes, memory (CR 1-4-2, signed from Player A's side in ``result``), winner; plus the open
    decision when the play stopped at one (a learner's line waiting for its next answer)."""
    lines = [f"{k}: {v}" for k, v in _fields(result).items()]
    if result.stopped_at:
        lines.append(pgettext("outcome", "Stopped at an open decision: {decision}").format(decision=result.stopped_at))
    return tuple(lines)


def leaves_at(trace: Trace, documented: Trace) -> int | None:
    """The index (0-based) of the first step where ``trace`` answers a decision differently from
    ``documented``, or None when it follows the documented line throughout.

    Raises:
        ValueError: the two traces are of different scenarios.
    """
    if trace.scenario != documented.scenario:
        raise ValueError(f"traces of different scenarios: {trace.scenario!r} and {documented.scenario!r}")
    for mine, theirs in zip(trace.steps, documented.steps, strict=False):
        if mine.decision is not None and mine.choice != theirs.choice:
            return mine.index
    if len(trace.steps) != len(documented.steps):
        return min(len(trace.steps), len(documented.steps))
    return None


def differences(trace: Trace, documented: Trace) -> tuple[str, ...]:
    """How the outcome of ``trace`` differs from the documented line's (in the language in force), one line per field that differs
    (``"Deleted: BT2-034 Salamon (documented: BT2-034 Salamon, ST4-13 HerculesKabuterimon)"``), the
    activation order included; ``()`` when the outcomes are the same."""
    mine, theirs = trace.result, documented.result
    documented_words = pgettext("outcome", "{field}: {value} (documented: {documented})")
    out = [
        documented_words.format(field=k, value=v, documented=_fields(theirs)[k])
        for k, v in _fields(mine).items()
        if v != _fields(theirs)[k]
    ]
    if mine.activation_order != theirs.activation_order:
        out.append(documented_words.format(field=pgettext("outcome", "Activation order"),
                                           value=" -> ".join(mine.activation_order),
                                           documented=" -> ".join(theirs.activation_order)))
    if mine.stopped_at:
        out.append(pgettext("outcome", "Your line stops at an open decision: {decision}").format(decision=mine.stopped_at))
    return tuple(out)
