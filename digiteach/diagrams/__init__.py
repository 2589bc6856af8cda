"""DOT diagrams of one step, and :data:`DIAGRAMS`, the one table of them that every display reads.

Pure functions from a :class:`~digiteach.views.Step` (and the step before it) to a ``graphviz.Digraph``;
nothing is rendered here (see :mod:`digiteach.render`) and nothing from Jupyter is imported. Tests
assert on ``.source``. The player, the HTML and GIF exports and :func:`digiteach.render.trace_frames`
take the diagrams, their order and their titles from :data:`DIAGRAMS`: adding a diagram is one entry
there plus its builder.

Conventions shared by the diagrams (:mod:`.style` holds the palette and the label helpers):

- One colour-blind-safe scheme (Okabe-Ito hues), 6-digit hex only. Nothing is told by colour alone:
  Player A is drawn with solid borders and Player B with dashed ones, both labelled "Player A"/"Player B";
  every status is written out in words and also changes the node's shape or border style.
- The highlighted node (the current attack timing, the activating effect) carries the DOT attribute
  ``class="current"``, a dark vermilion fill with white text, the thickest border and the words "now" or
  "ACTIVATING NOW". Graphviz writes the class into the SVG as
  ``<g class="node current">``, which the widget and the browser tests look for.
- Every piece of scenario text (card names, notes, causes, captions) goes through :func:`label_text`:
  labels are HTML-like, text is ``html.escape``-d and newlines become ``<BR/>``, so quotes, ``<``, ``>``,
  braces and backslashes show literally and cannot end a label or inject DOT or SVG markup. Node and
  cluster names are made by this package from integers and fixed words, never from scenario text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import graphviz  # type: ignore[import-untyped]

from digiteach.i18n import N_, gettext
from digiteach.views import Step, Trace

from .attack import attack_diagram, attack_heading, describe_attack
from .board import board_diagram, describe_board
from .priority import describe_priority, priority_diagram
from .style import PALETTE, format_timing, label_text

__all__ = [
    "PALETTE",
    "Diagram",
    "DIAGRAMS",
    "attack_diagram",
    "priority_diagram",
    "board_diagram",
    "step_diagrams",
    "step_descriptions",
    "default_large_pane",
    "diagram_titles",
    "describe_attack",
    "describe_priority",
    "describe_board",
    "label_text",
    "format_timing",
]

Builder = Callable[[Step, "Step | None"], graphviz.Digraph]
Describer = Callable[[Step, "Step | None"], str]


@dataclass(frozen=True, slots=True)
class Diagram:
    """One diagram of a step: its title as the displays show it, its builder, and its text alternative.

    Attributes:
        title: the heading above the diagram in the player and the export, e.g. ``"Attack timings"`` (in English;
            shown through :func:`digiteach.i18n.gettext`).
        build: ``build(step, previous) -> graphviz.Digraph``; ``previous`` is the step before (or None),
            for diagrams that mark what changed.
        describe: ``describe(step, previous) -> str``: what the diagram shows at this step, in plain
            sentences, for screen readers (the displays put it on the diagram as ``role="img"`` with an
            ``aria-label``).
        heading: ``heading(step) -> str``, the title at a given step when what the diagram shows depends on it
            (English, like ``title``), e.g. "Turn phases" for the attack diagram outside an attack; None: always
            ``title``.
    """

    title: str
    build: Builder
    describe: Describer
    heading: Callable[[Step], str] | None = None


DIAGRAMS: dict[str, Diagram] = {
    "attack": Diagram(N_("Attack timings"), attack_diagram, describe_attack, attack_heading),
    "priority": Diagram(N_("Pending activation"), priority_diagram, describe_priority),
    "board": Diagram(N_("Board"), board_diagram, describe_board),
}
"""Every diagram of a step, by name, in display order. The name is a plain token (CSS class, SVG id
prefix, ``to_gif(diagram=...)``)."""


def step_diagrams(step: Step, previous: Step | None = None) -> tuple[graphviz.Digraph, ...]:
    """Return every diagram of :data:`DIAGRAMS` for ``step``, in order: today ``(attack_diagram(step),
    priority_diagram(step), board_diagram(step, previous))``."""
    return tuple(d.build(step, previous) for d in DIAGRAMS.values())


def diagram_titles(step: Step) -> tuple[str, ...]:
    """The pane title of every diagram of :data:`DIAGRAMS` at ``step``, in order and in the language in force (a
    diagram's :attr:`Diagram.heading` where it has one, else its :attr:`Diagram.title`)."""
    return tuple(gettext(d.heading(step) if d.heading is not None else d.title) for d in DIAGRAMS.values())


def step_descriptions(step: Step, previous: Step | None = None) -> dict[str, str]:
    """Return the text alternative of every diagram of :data:`DIAGRAMS` for ``step``, by diagram name."""
    return {name: d.describe(step, previous) for name, d in DIAGRAMS.items()}


def default_large_pane(trace: Trace) -> str:
    """The diagram a display shows large by default (the stream layout), by name in :data:`DIAGRAMS`.

    ``"attack"`` when the scenario's opening action is an attack (its first step is inside one), else
    ``"priority"``: a scenario that opens with an effect (an [On Play], a [Main], a <Digi-Burst>) spends its steps
    in pending activation, where the attack diagram is a nearly empty phase row. A viewer's own pick (the *Large
    pane* select, an *Enlarge* button, ``large_pane=``) always wins over it.
    """
    opens_with_attack = bool(trace.steps) and trace.steps[0].attack is not None
    return "attack" if opens_with_attack else "priority"
