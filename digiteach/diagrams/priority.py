"""The pending-activation diagram: one numbered cluster per generation, newest on top (CR 15-4-3, 15-4-5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import graphviz  # type: ignore[import-untyped]

from digiteach import captions
from digiteach.i18n import N_, cause as cause_words
from digiteach.i18n import gettext as _
from digiteach.terms import EffectStatus, per_turn_name
from digiteach.views import GenerationView, PendingEffectView, Step

from .style import CURRENT, PALETTE, SMALL_FONT_SIZE, bold, format_timing, html_label, label_text, new_graph, player_name, small

__all__ = ["priority_diagram", "describe_priority", "STATUS_TEXT", "STATUS_STYLE"]

STATUS_TEXT: dict[str, str] = {
    EffectStatus.PENDING.value: N_("pending"),
    EffectStatus.ACTIVATING.value: N_("ACTIVATING NOW"),
    EffectStatus.RESOLVED.value: N_("resolved (done)"),
    EffectStatus.DECLINED.value: N_("declined (optional, not used)"),
    EffectStatus.FAILED.value: N_("failed: condition not met, not activated"),
    EffectStatus.LOST.value: N_("lost: its card left play"),
}
"""Each :class:`~digiteach.terms.EffectStatus` value in the words the diagram writes (in English; shown through
:func:`digiteach.i18n.gettext`)."""

STATUS_STYLE: dict[str, dict[str, str]] = {
    EffectStatus.PENDING.value: {"shape": "box", "style": "rounded,filled"},
    EffectStatus.ACTIVATING.value: {"shape": "box", "style": "rounded,filled,bold"},
    EffectStatus.RESOLVED.value: {"shape": "note", "style": "filled", "fillcolor": PALETTE["passed"]},
    EffectStatus.DECLINED.value: {"shape": "box", "style": "rounded,filled,dashed", "fillcolor": PALETTE["passed"]},
    EffectStatus.FAILED.value: {"shape": "box", "style": "filled,dotted", "fillcolor": PALETTE["passed"]},
    EffectStatus.LOST.value: {"shape": "box", "style": "filled,dotted,diagonals", "fillcolor": PALETTE["passed"]},
}
"""Each status's node shape and style, so that no status is told by colour alone."""


def _status_words(status: str, highlighted: bool) -> str:
    words = _(STATUS_TEXT[status]) if status in STATUS_TEXT else status
    if highlighted and status not in (EffectStatus.ACTIVATING.value, EffectStatus.PENDING.value):
        return _("activated in this step: {status}").format(status=words)
    if highlighted:
        return _(STATUS_TEXT[EffectStatus.ACTIVATING.value])
    return words


def effect_words(effect: PendingEffectView) -> str:
    """The pending effect as its label names it, without the verb: ``"[Your Turn] of BT2-032 UlforceVeedramon:
    unsuspend (for Joe Kido)"`` (the timing, the Digimon holding it, what it does, what it is for; CR 15-4-4-1), so two
    effects of one card read differently; the card and timing when the view has no label."""
    lead = captions.lead("pending.label")
    if effect.label.startswith(lead):
        return effect.label[len(lead):]
    if effect.label:
        return effect.label
    return f"{format_timing(effect.timing)} {effect.card.label}"


def _effect_node(effect: PendingEffectView, highlighted: bool) -> tuple[str, dict[str, str]]:
    status = effect.status
    flags = [_("optional") if effect.optional else _("mandatory")]
    if effect.per_turn:
        flags.append(per_turn_name(effect.per_turn))  # as the card prints it (CR 15-14-1)
    name = label_text(effect_words(effect))
    if status in (EffectStatus.DECLINED.value, EffectStatus.LOST.value, EffectStatus.FAILED.value):
        name = f"<S>{name}</S>"
    parts = [
        f"<B>{name}</B>",
        small(", ".join(flags)),
        small(player_name(effect.player) + ": " + _status_words(status, highlighted), italic=not highlighted),
    ]
    attrs = dict(STATUS_STYLE.get(status, STATUS_STYLE[EffectStatus.PENDING.value]))
    attrs.setdefault("fillcolor", PALETTE["future"])
    attrs["color"] = PALETTE["player_a"] if effect.player == "A" else PALETTE["player_b"]
    attrs["penwidth"] = "2.5"
    if effect.player != "A" and "dotted" not in attrs["style"]:
        attrs["style"] += ",dashed"
    if highlighted:
        attrs.update(CURRENT)
        attrs["style"] = "rounded,filled,bold"
        attrs["shape"] = "box"
    return html_label(*parts), attrs


def _highlighted_uid(step: Step, gens: Sequence[GenerationView]) -> int | None:
    """``step.activating``, else the last effect whose status is "activating"."""
    if step.activating is not None:
        return step.activating
    found = None
    for gen in gens:
        for e in gen.effects:
            if e.status == EffectStatus.ACTIVATING.value:
                found = e.uid
    return found


@dataclass(slots=True)
class _PriorityDrawing:
    """One pending-activation diagram being drawn: the node names of each generation, for the edges."""

    g: graphviz.Digraph
    highlighted_uid: int | None
    newest: int
    first_nodes: dict[int, list[str]] = field(default_factory=dict)
    last_nodes: dict[int, list[str]] = field(default_factory=dict)
    node_of_effect: list[tuple[PendingEffectView, str]] = field(default_factory=list)
    highlighted_done: bool = False

    def lane(self, c: graphviz.Digraph, gen: GenerationView, lane: str, player: str, role: str) -> list[str]:
        """Draw one player's lane of ``gen`` inside cluster ``c``; return its node names, top first."""
        number = int(gen.number)
        with c.subgraph(name=f"cluster_g{number}_{lane}") as ln:
            ln.attr(
                label=html_label(label_text(f"{role}: {player_name(player)}", wrap=None)),
                style="rounded,dashed" if player == "B" else "rounded",
                color=PALETTE["player_a"] if player == "A" else PALETTE["player_b"],
                penwidth="2",
                fillcolor=PALETTE["future"],
                fontsize=SMALL_FONT_SIZE,
            )
            lane_effects = [e for e in gen.effects if e.player == player]
            names: list[str] = []
            if not lane_effects:
                name = f"g{number}_{lane}_none"
                ln.node(name, html_label(small(_("no effect"), italic=True)), shape="plaintext", style="", fontcolor=PALETTE["muted"])
                names.append(name)
            for k, e in enumerate(lane_effects):
                name = f"g{number}_{lane}_{k}"
                hl = e.uid == self.highlighted_uid and not self.highlighted_done
                self.highlighted_done = self.highlighted_done or hl
                label, attrs = _effect_node(e, hl)
                ln.node(name, label, **attrs)
                self.node_of_effect.append((e, name))
                names.append(name)
            for u, v in zip(names, names[1:], strict=False):
                ln.edge(u, v, style="invis")
        return names

    def generation(self, gen: GenerationView, tp: str, ntp: str) -> None:
        """Draw the cluster of ``gen`` with the turn player's lane, then the non-turn player's (CR 15-4-3-5)."""
        newest = gen.number == self.newest
        head = (_("Generation {number} (newest: activates first)") if newest else _("Generation {number}")).format(number=int(gen.number))
        with self.g.subgraph(name=f"cluster_g{int(gen.number)}") as c:
            c.attr(
                label=html_label(bold(head, wrap=None), small(_("caused by: {cause}").format(cause=cause_words(gen.cause)), italic=True)
                                 if gen.cause else ""),
                style="rounded,filled",
                fillcolor=PALETTE["cluster"],
                color=PALETTE["ink"] if newest else PALETTE["muted"],
                penwidth="2.5" if newest else "1.5",
                labeljust="l",
            )
            lanes = [self.lane(c, gen, lane, player, role)
                     for lane, player, role in (("tp", tp, _("turn player")), ("ntp", ntp, _("non-turn player")))]
            self.first_nodes[gen.number] = [names[0] for names in lanes]
            self.last_nodes[gen.number] = [names[-1] for names in lanes]

    def edges(self) -> None:
        """Newest on top (invisible edges from each generation's bottom to the next older one's top), and
        an edge from each effect to the generation its activation caused."""
        ordered = sorted(self.first_nodes, reverse=True)
        for newer, older in zip(ordered, ordered[1:], strict=False):
            for u in self.last_nodes[newer]:
                for v in self.first_nodes[older]:
                    self.g.edge(u, v, style="invis", weight="5")
        for effect, name in self.node_of_effect:
            if effect.caused is not None and effect.caused in self.first_nodes:
                self.g.edge(
                    name,
                    self.first_nodes[effect.caused][0],
                    lhead=f"cluster_g{int(effect.caused)}",
                    label=html_label(label_text(_("caused generation {number}").format(number=int(effect.caused)), wrap=None)),
                    color=PALETTE["ink"],
                    penwidth="2.5",
                    constraint="false",
                )


def _triggered(g: graphviz.Digraph, step: Step, tp: str, ntp: str) -> list[str]:
    """Draw ``step.triggered`` (effects that triggered during the processing now under way) as one dashed cluster
    apart from the generations, a lane per player as in a generation; return its last node names (for the order)."""
    with g.subgraph(name="cluster_triggered") as c:
        c.attr(label=html_label(bold(_("Triggered, waiting for this processing to end"), wrap=None),
                                small(_("then they go into pending activation together, as a new generation"),
                                      italic=True)),
               style="rounded,dashed", color=PALETTE["ink"], penwidth="1.5", labeljust="l")
        last: list[str] = []
        for lane, player in (("tp", tp), ("ntp", ntp)):
            effects = [e for e in step.triggered if e.player == player]
            names = []
            for k, e in enumerate(effects):
                name = f"t_{lane}_{k}"
                c.node(name, html_label(f"<B>{label_text(effect_words(e))}</B>",
                                        small(player_name(player) + ": " + _("triggered, waits"), italic=True)),
                       shape="box", style="rounded,filled" + (",dashed" if player != "A" else ""),
                       fillcolor=PALETTE["future"], penwidth="2.5",
                       color=PALETTE["player_a"] if player == "A" else PALETTE["player_b"])
                names.append(name)
            for u, v in zip(names, names[1:], strict=False):
                c.edge(u, v, style="invis")
            last += names[-1:]
    return last


def priority_diagram(step: Step, previous: Step | None = None) -> graphviz.Digraph:
    """Draw pending activation: one numbered cluster per generation, newest on top (CR 15-4-3, 15-4-5).

    Each generation cluster has two lanes, the turn player's (whose effects activate first, CR 15-4-3-5)
    and the non-turn player's. Each pending effect is one node giving its card, timing, optional or
    mandatory, [Once Per Turn], and its status in words; resolved, declined, failed and lost effects also
    differ in shape/border. The effect whose uid is ``step.activating`` (or, failing that, whose status
    is "activating") has ``class="current"``. An effect whose activation created a newer generation
    (``caused``) has an edge to that generation. Effects that triggered during the processing now under way
    (``step.triggered``) are drawn on top in a dashed cluster of their own, waiting for it to end (then they become a
    new generation, CR 15-4-3-2, 15-4-5). With nothing pending and nothing waiting, one "nothing pending" node.

    Args:
        step: the step to draw; ``step.pending`` lists generations oldest first.
        previous: unused (every diagram builder of :data:`digiteach.diagrams.DIAGRAMS` takes it).

    Returns:
        A ``graphviz.Digraph`` named ``"priority"``.
    """
    tp = step.board.turn_player
    ntp = "B" if tp == "A" else "A"
    # titled by whose turn it is only: the displays head its pane "Pending activation" (said once, not twice)
    g = new_graph("priority", html_label(bold(_("turn player: {player}").format(player=player_name(tp)), wrap=None)))
    g.attr("graph", rankdir="TB", compound="true", newrank="true")

    gens = [gen for gen in step.pending if gen.effects]
    waiting = _triggered(g, step, tp, ntp) if step.triggered else []
    if not gens:
        if not waiting:
            g.node("empty", html_label(bold(_("nothing pending")), small(_("no effect is waiting to activate"), italic=True)),
                   style="rounded,dashed", fontcolor=PALETTE["muted"])
        return g

    d = _PriorityDrawing(g, _highlighted_uid(step, gens), max(gen.number for gen in gens))
    for gen in sorted(gens, key=lambda x: -x.number):
        d.generation(gen, tp, ntp)
    d.edges()
    for u in waiting:  # the waiting effects above the newest generation: they become the next one
        for v in d.first_nodes[d.newest]:
            g.edge(u, v, style="invis", weight="5")
    return g


def _effect_words(effect: PendingEffectView, highlighted: bool) -> str:
    kind = _("optional") if effect.optional else _("mandatory")
    return _("{player}: {effect}, {kind}, {status}").format(
        player=player_name(effect.player), effect=effect_words(effect), kind=kind,
        status=_status_words(effect.status, highlighted))


def describe_priority(step: Step, previous: Step | None = None) -> str:
    """The pending-activation diagram in words (the text alternative of :func:`priority_diagram`).

    Generations newest first (the newest activates first, CR 15-4-5); in each, the turn player's effects
    before the non-turn player's (CR 15-4-3-5), each named by its label (timing, Digimon, what it does), optional or
    mandatory and status; the effect activating now is named as such. ``previous`` is unused.

    >>> from digiteach.views import BoardView, SideView
    >>> side = SideView("A", (), None, 0, 0, 0, ())
    >>> describe_priority(Step(0, "main phase", "", (), (), BoardView("A", "main phase", 0, (side, side))))
    'Pending activation (turn player: Player A): nothing pending.'
    """
    tp = step.board.turn_player
    gens = sorted((gen for gen in step.pending if gen.effects), key=lambda gen: -gen.number)
    waiting = ""
    if step.triggered:
        effects = "; ".join(f"{player_name(e.player)}: {effect_words(e)}"
                            for e in sorted(step.triggered, key=lambda e: e.player != tp))
        waiting = " " + _("Triggered, waiting for this processing to end (then a new generation): {effects}.").format(
            effects=effects)
    if not gens:
        if waiting:
            return _("Pending activation (turn player: {player}):").format(player=player_name(tp)) + waiting
        return _("Pending activation (turn player: {player}): nothing pending.").format(player=player_name(tp))
    highlighted = _highlighted_uid(step, gens)
    text = [_("Pending activation (turn player: {player}), newest generation first.").format(player=player_name(tp))]
    for gen in gens:
        head = (_("Generation {number} (newest: activates first)") if gen is gens[0] else _("Generation {number}")).format(number=gen.number)
        if gen.cause:
            head = _("{generation}, caused by {cause}").format(generation=head, cause=cause_words(gen.cause))
        ordered = sorted(gen.effects, key=lambda e: e.player != tp)
        effects = "; ".join(_effect_words(e, e.uid == highlighted) for e in ordered)
        text.append(f"{head}: {effects}.")
    return " ".join(text) + waiting
