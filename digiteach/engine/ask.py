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
from digiteach.place_words import placed, stack_place
from digiteach.state import PendingEffect, State

__all__ = ["ask", "answering", "take_answer", "decline_label", "effect_option", "use_options", "DecisionKind", "Option"]


def ask(s: State, player: int, kind: DecisionKind, prompt: str, options: list[Option], rule: str) -> State:
    """Open a decision for ``player`` (0 = A, 1 = B); ``rule`` cites the CR that gives the choice (a CR 4.2 number,
    renumbered for the state's ruleset as captions are, :func:`digiteach.engine.edits.cited`).

    Identical labels are told apart: options about different Digimon (:attr:`Option.about`) name each one's place
    (``"Block with ST4-08 Kabuterimon (Player B's 2nd Digimon)"``, :mod:`digiteach.place_words`); any others get
    " (2)", " (3)"... Each keeps the label it had before as an alias (the first the plain label, the next " (2)"), so a
    file written for it still plays. A prompt that starts with the player's name loses it (the views show the player
    beside the prompt).
    """
    prefix = f"{c.pname(player)}: "
    if prompt.startswith(prefix):
        prompt = prompt[len(prefix):]
        prompt = prompt[:1].upper() + prompt[1:]
    return replace(s, decision=Decision(player, kind.value, prompt, _told_apart(s, options), c.cited(s, (rule,))[0]))


def _told_apart(s: State, options: list[Option]) -> tuple[Option, ...]:
    """``options`` with every label unique (see :func:`ask`); the same options when they are already."""
    labels = [o.label for o in options]
    if len(set(labels)) == len(labels):
        return tuple(options)
    out: list[Option] = []
    for k, o in enumerate(options):
        same = [x for x in options if x.label == o.label]
        if len(same) == 1:
            out.append(o)
            continue
        n = labels[:k].count(o.label) + 1
        older = o.label if n == 1 else f"{o.label} ({n})"
        about = [x.about for x in same]
        where = stack_place(s, o.about) if o.about is not None and len(set(about)) == len(about) else None
        label = placed(o.label, where) if where is not None else older
        aliases = o.aliases + ((older,) if older != label else ())
        out.append(Option(label, o.ref, aliases, o.about))
    return tuple(out)


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
    return Option(pe.label, pe.pid, (c.legacy_label(s, pe.effect, pe.source),) + ((pe.older,) if pe.older else ()))


def use_options(s: State, pe: PendingEffect) -> list[Option]:
    """Use or not, for an optional ``pe`` (CR 15-9-2-2): activate it, or "Don't ..." (ref -1); both answerable by
    the older label."""
    old = c.legacy_label(s, pe.effect, pe.source)
    olds = (decline_label(old),) + ((decline_label(pe.older),) if pe.older else ())
    return [effect_option(s, pe), Option(decline_label(pe.label), -1, olds)]
