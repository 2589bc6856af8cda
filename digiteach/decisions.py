"""Decisions: the engine asks, something else answers (style.md §5).

A :class:`Decision` names the player ("A"/"B" via ``player`` index), its ``kind``, a prompt and the legal
:class:`Option` s, each with a stable label built from official terms, e.g.
``"Activate [When Attacking] of BT1-079 Lillymon"``, ``"Block with ST4-08 Kabuterimon"``,
``"Don't block"``. Answers are labels or an unambiguous prefix (:func:`match_answer`).

Decision kinds are the members of :class:`DecisionKind` (:data:`KINDS` lists their values).

>>> d = Decision(0, "block", "Block?", (Option("Block with ST4-08 Kabuterimon", 5), Option("Don't block")), "CR 12-1")
>>> match_answer(d, "Block").label
'Block with ST4-08 Kabuterimon'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["Option", "Decision", "DecisionKind", "IllegalAnswer", "IllegalAction", "answer_required", "match_answer", "fitting",
           "KINDS"]


class DecisionKind(StrEnum):
    """What a decision asks; the value is the text a :class:`Decision` carries in ``kind``.

    >>> DecisionKind.BLOCK == "block"
    True
    """

    ORDER = "order"
    """Which pending effect activates next (CR 15-4-3-5)."""
    OPTIONAL = "optional"
    """Use a "you may" effect or not (CR 15-9), or an optional cost (CR 15-7)."""
    TARGET = "target"
    """Choose a card or a number for an effect (CR 15-10-2)."""
    COUNTER = "counter"
    """Use one [Counter] effect or not (CR 11-3-2)."""
    BLOCK = "block"
    """Block with a <Blocker> or not (CR 12-1)."""
    DIGIVOLVE = "digivolve"
    """Which Digimon digivolves into which card in an effect (CR 8-1-1)."""
    ATTACK_TARGET = "attack target"
    """What a "may attack" effect attacks (CR 11-2-7-1)."""
    IMMEDIATE = "immediate"
    """Use a "would be deleted" immediate-type effect (CR 15-8-5)."""
    BREEDING = "breeding"
    """Hatch, move or do nothing in the breeding phase (CR 6-4-1)."""
    CARDS = "cards"
    """Which cards the effect's player picks where the card lets them choose (CR 15-10-2)."""
    PLAY = "play"
    """Which card an effect plays (CR 15-10-2)."""
    USE = "use"
    """Which Option card an effect uses (CR 9-1)."""


KINDS: tuple[str, ...] = tuple(k.value for k in DecisionKind)
"""Every decision kind the engine asks, as text."""


@dataclass(frozen=True, slots=True)
class Option:
    """One legal answer: ``label`` (stable text), ``ref`` (engine data: a pid, iid, uid, or -1). ``aliases``: older
    texts the same answer is still accepted as (a pending effect's label before labels said what the effect does,
    a label before it named a Digimon's place), matched only when no label matches; never shown. ``about``: the iid
    of the Digimon the option is about (its target, or the Digimon that holds the effect or digivolves), read only
    when another option's label is the same: the label then names that Digimon's place
    (:mod:`digiteach.place_words`)."""

    label: str
    ref: int = -1
    aliases: tuple[str, ...] = ()
    about: int | None = None


@dataclass(frozen=True, slots=True)
class Decision:
    """A question the rules give ``player`` (0 = A, 1 = B). ``rule`` cites the CR rule, e.g. "CR 12-1"."""

    player: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    rule: str = ""

    @property
    def labels(self) -> tuple[str, ...]:
        """The legal labels in order."""
        return tuple(o.label for o in self.options)


class IllegalAnswer(ValueError):
    """An answer that is not a legal label (or unambiguous prefix) of the open decision."""


class IllegalAction(ValueError):
    """An opening action the rules do not allow now; the message names the rule."""


class EndlessLoop(RuntimeError):
    """Processing that goes on without end (CR 18-3-1: an infinite loop), for example two effects that suspend and
    unsuspend each other with no once-per-turn limit. The engine stops at a fixed bound and raises this; it does
    not model the draw of CR 18-3-2 or the declared repetitions of CR 18-3-3."""


def answer_required(decision: Decision) -> IllegalAnswer:
    """The error for a step taken with no answer while ``decision`` is open: it says an answer is required and lists
    the legal labels and the decision's rule (raised by :func:`digiteach.engine.step`)."""
    legal = "; ".join(repr(label) for label in decision.labels)
    return IllegalAnswer(
        f"an answer is required: Player {'AB'[decision.player]}'s {decision.kind} decision is open "
        f"({decision.rule or 'no rule'}). Legal answers: {legal}"
    )


def match_answer(decision: Decision, answer: str) -> Option:
    """Return the option whose label is ``answer``; else the only one with an alias equal to it
    (:attr:`Option.aliases`, case-insensitive); else the only one whose label starts with it (case-insensitive);
    else the only one with an alias starting with it (an answer written for the older labels, unambiguous then).

    Raises:
        IllegalAnswer: listing the legal labels and the decision's rule when nothing or several match.
    """
    for o in decision.options:
        if o.label == answer:
            return o
    low = answer.strip().lower()
    exact = [o for o in decision.options if any(a.lower() == low for a in o.aliases)]
    labelled = [o for o in decision.options if low and o.label.lower().startswith(low)]
    aliased = [o for o in decision.options if low and any(a.lower().startswith(low) for a in o.aliases)]
    for hits in (exact, labelled, aliased):
        if len(hits) == 1:
            return hits[0]
    hits = labelled or aliased
    what = "ambiguous" if hits else "not a legal answer"
    legal = "; ".join(repr(label) for label in decision.labels)
    raise IllegalAnswer(
        f"{answer!r} is {what} for Player {'AB'[decision.player]}'s {decision.kind} decision "
        f"({decision.rule or 'no rule'}). Legal answers: {legal}"
    )


def fitting(decision: Decision, answer: str) -> tuple[str, ...]:
    """The labels of the options ``answer`` fits as :func:`match_answer` reads it, when it fits more than one (so it
    is ambiguous): those whose label (else whose older label) starts with it; ``()`` when it fits one or none.

    >>> d = Decision(1, "counter", "Use?", (Option("Use [Counter] of X (Player B's 1st Digimon)"),
    ...              Option("Use [Counter] of X (Player B's 2nd Digimon)"), Option("Don't use [Counter]")))
    >>> fitting(d, "Use [Counter]")
    ("Use [Counter] of X (Player B's 1st Digimon)", "Use [Counter] of X (Player B's 2nd Digimon)")
    """
    low = answer.strip().lower()
    if not low:
        return ()
    labelled = [o.label for o in decision.options if o.label.lower().startswith(low)]
    aliased = [o.label for o in decision.options if any(a.lower().startswith(low) for a in o.aliases)]
    hits = labelled or aliased
    return tuple(hits) if len(hits) > 1 else ()
