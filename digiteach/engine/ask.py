"""Decisions inside the engine: open one with :func:`ask`, take its answer with :func:`take_answer`.

The engine never calls a player (style.md §5). A handler that needs a choice opens a
:class:`~digiteach.decisions.Decision` on the state and returns; the next ``step(state, answer)`` calls the
same handler again with the answer, and the handler takes it off the state with :func:`take_answer`::

    if not answering(s, answer):
        return ask(s, player, DecisionKind.BLOCK, "Block with a <Blocker>?", options, "CR 12-1")
    s, opt = take_answer(s, answer)        # opt.ref says what was chosen

A user's card function (``Custom`` actions, :mod:`digiteach.engine.customs`) only calls :func:`ask`: the effect's
:class:`~digiteach.state.ActivateFrame` takes the answer and calls the card function again with the chosen
``ref`` appended to ``frame.picked`` (the re-entry protocol, :mod:`digiteach.engine.customs`).
"""

from __future__ import annotations

from digiteach.copying import replace

from digiteach import captions
from digiteach.decisions import Decision, DecisionKind, Option, match_answer
from digiteach.engine import core as c
from digiteach.state import PendingEffect, State

__all__ = ["ask", "answering", "take_answer", "decline_label", "effect_option", "use_options", "DecisionKind", "Option"]


def ask(s: State, player: int, kind: DecisionKind, prompt: str, options: list[Option], rule: str) -> State:
    """Open a decision for ``player`` (0 = A, 1 = B); ``rule`` cites the CR that gives the choice (a CR 4.2 number,
    renumbered for the state's ruleset as captions are, :func:`digiteach.engine.edits.cited`).

    Identical labels (two copies of one card) get " (2)", " (3)"... so each label is unique. A prompt that
    starts with the player's name loses it (the views show the player beside the prompt).
    """
    seen: dict[str, int] = {}
    unique = []
    for o in options:
        n = seen.get(o.label, 0) + 1
        seen[o.label] = n
        unique.append(o if n == 1 else Option(f"{o.label} ({n})", o.ref))
    prefix = f"{c.pname(player)}: "
    if prompt.startswith(prefix):
        prompt = prompt[len(prefix):]
        prompt = prompt[:1].upper() + prompt[1:]
    return replace(s, decision=Decision(player, kind.value, prompt, tuple(unique), c.cited(s, (rule,))[0]))


def answering(s: State, answer: str | None) -> bool:
    """True when a decision is open and ``answer`` was given: the handler takes the answer now; otherwise it
    asks (or goes on without a question)."""
    return answer is not None and s.decision is not None


def take_answer(s: State, answer: str | None) -> tuple[State, Option]:
    """Take ``answer`` off the state: close the open decision, record the chosen label in ``State.choice``
    and return the chosen :class:`~digiteach.decisions.Option`.

    Raises:
        IllegalAnswer: when ``answer`` is not a legal label (or unambiguous prefix) of the decision.
        ValueError: when no decision is open or no answer was given (an engine bug).
    """
    if s.decision is None or answer is None:
        raise ValueError("take_answer needs an open decision and an answer")
    opt = match_answer(s.decision, answer)
    return replace(s, decision=None, choice=opt.label), opt


def decline_label(label: str) -> str:
    """The "no" option of an optional effect (CR 15-9): "Activate X" -> "Don't activate X".

    >>> decline_label("Activate [On Play] of BT1-010 Agumon")
    "Don't activate [On Play] of BT1-010 Agumon"
    """
    return captions.text("pending.optional_decline_option", label=label[:1].lower() + label[1:])


def effect_option(s: State, pe: PendingEffect) -> Option:
    """The option activating pending effect ``pe``: its label, answerable by its older label too (CR 15-4-3-5)."""
    return Option(pe.label, pe.pid, (c.legacy_label(s, pe.effect, pe.source),))


def use_options(s: State, pe: PendingEffect) -> list[Option]:
    """Use or not, for an optional ``pe`` (CR 15-9-2-2): activate it, or "Don't ..." (ref -1); both answerable by
    the older label."""
    old = c.legacy_label(s, pe.effect, pe.source)
    return [effect_option(s, pe), Option(decline_label(pe.label), -1, (decline_label(old),))]
