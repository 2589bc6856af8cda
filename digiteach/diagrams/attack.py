"""The attack diagram: the timings of one attack (CR 11-1-3) as :data:`digiteach.terms.ATTACK_SEQUENCE`
orders them, and outside an attack the turn's phases (CR 6-1-2)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import graphviz  # type: ignore[import-untyped]

from digiteach.i18n import N_
from digiteach.i18n import gettext as _
from digiteach.i18n import term
from digiteach.terms import ATTACK_SEQUENCE, AttackStage, AttackTiming, Phase
from digiteach.place_words import placed
from digiteach.views import AttackView, BoardView, Step

from .board import place_of
from .style import CURRENT, PALETTE, bold, html_label, label_text, new_graph, player_name, small

__all__ = ["attack_diagram", "phase_diagram", "describe_attack"]

# Node names are made here from fixed words, never from scenario text.
_SHORT = {AttackTiming.SECURITY_CHECK: "security", AttackTiming.END_OF_ATTACK: "end", AttackTiming.ATTACK_OVER: "over"}


def _node(stage: AttackStage) -> str:
    """``t_<timing>`` for the chain and tail, ``c_<branch>`` for a branch (``c_nothing`` for CR 11-5-1-4)."""
    if stage.timing is None:
        return "c_nothing"
    word = _SHORT.get(stage.timing, stage.timing.name.lower())
    return ("c_" if stage.kind == "branch" else "t_") + word


_CHAIN = tuple(st for st in ATTACK_SEQUENCE if st.kind == "chain")
_BRANCHES = tuple(st for st in ATTACK_SEQUENCE if st.kind == "branch")
_TAIL = tuple(st for st in ATTACK_SEQUENCE if st.kind == "tail")
_SECURITY = next(st for st in _BRANCHES if st.timing is AttackTiming.SECURITY_CHECK)
# Every timing but the security check (whose cards get nodes of their own) has exactly one node.
_NODE_OF_TIMING = {st.timing.value: _node(st) for st in ATTACK_SEQUENCE if st.timing is not None and st is not _SECURITY}
_BRANCH_TIMINGS = tuple(st.timing.value for st in _BRANCHES if st.timing is not None)
_ATTACK_TIMINGS = {t.value for t in AttackTiming}


def _security_nodes(seen_piercing: bool, checked: int) -> tuple[list[str], bool]:
    """Nodes of a security check: ``c_security`` then ``sc_1..`` ; after <Piercing> only ``pc_1..`` (CR 16-7-4)."""
    prefix = "pc" if seen_piercing else "sc"
    head = [] if seen_piercing else [_node(_SECURITY)]
    return head + [f"{prefix}_{k}" for k in range(1, checked + 1)], seen_piercing


def _visited_attack_nodes(attack: AttackView) -> tuple[list[str], bool]:
    """Map ``attack.path`` to the node sequence walked, plus whether the security check was <Piercing>'s.

    SECURITY_CHECK after PIERCING in the path is the <Piercing> check (CR 16-7-4): its cards hang under the
    <Piercing> node. A confirmation followed by none of battle / security check / win went the "nothing
    happens" way (CR 11-5-1-4).
    """
    path = list(attack.path)
    seq: list[str] = []
    piercing_check = False
    seen_piercing = False
    for i, timing in enumerate(path):
        seen_piercing = seen_piercing or timing == AttackTiming.PIERCING.value
        if timing == AttackTiming.SECURITY_CHECK.value:
            nodes, pierced = _security_nodes(seen_piercing, len(attack.checked))
            piercing_check = piercing_check or pierced
            seq.extend(nodes)
            continue
        node = _NODE_OF_TIMING.get(timing)
        if node is None:
            continue
        seq.append(node)
        if timing == AttackTiming.CONFIRMATION.value and i + 1 < len(path) and path[i + 1] not in _BRANCH_TIMINGS:
            seq.append("c_nothing")
    deduped: list[str] = []
    for n in seq:
        if not deduped or deduped[-1] != n:
            deduped.append(n)
    return deduped, piercing_check


def _current_attack_node(attack: AttackView, visited: Sequence[str], piercing_check: bool) -> str | None:
    timing = attack.timing
    if timing == AttackTiming.SECURITY_CHECK.value:
        prefix = "pc" if piercing_check else "sc"
        cards = [n for n in visited if n.startswith(prefix + "_")]
        if cards:
            return cards[-1]
        return "t_piercing" if piercing_check else "c_security"
    return _NODE_OF_TIMING.get(timing)


@dataclass(slots=True)
class _AttackDrawing:
    """One attack diagram being drawn: which nodes were walked, which is current, the notes per timing."""

    g: graphviz.Digraph
    visited: list[str]
    current: str | None
    notes: dict[str, str]

    def add(self, node: str, text: str, note_key: str | None, hint: str = "", **extra: str) -> None:
        """Add ``node``: bold ``text``, then the note of ``note_key`` (or the grey ``hint``), styled as
        current, passed (walked) or not reached (dashed, grey text)."""
        parts = [bold(text)]
        note = self.notes.get(note_key) if note_key else None
        if note:
            parts.append(small(note, italic=True))
        elif hint:
            parts.append(small(hint, wrap=18))
        attrs: dict[str, str] = dict(extra)
        if node == self.current:
            parts.append(small("\u25ba " + _("now"), wrap=None))  # said in words too, not by colour alone
            attrs.update(CURRENT)
        elif node in self.visited:
            attrs.update(fillcolor=PALETTE["passed"], color=PALETTE["ink"], penwidth="3")
        else:
            attrs.update(fontcolor=PALETTE["muted"], style=attrs.get("style", "rounded,filled") + ",dashed")
        self.g.node(node, html_label(*parts), **attrs)


def _stage_text(stage: AttackStage) -> str:
    if stage.timing is None:
        return _("nothing")
    if stage.timing is AttackTiming.PIERCING:
        return _("<Piercing> check")
    return term(stage.timing.value)


def _add_stage_nodes(d: _AttackDrawing, card_nodes: Sequence[str], checked: Sequence[str]) -> None:
    for st in _CHAIN:
        extra = {"shape": "diamond", "style": "filled"} if st.timing is AttackTiming.CONFIRMATION else {}
        d.add(_node(st), _stage_text(st), st.timing.value if st.timing else None, **extra)
    for st in _BRANCHES:
        d.add(_node(st), _stage_text(st), st.timing.value if st.timing else None, term(st.when))
    d.g.body.append("\t{rank=same; " + "; ".join(_node(st) for st in _BRANCHES) + "}\n")
    for st in _TAIL:
        d.add(_node(st), _stage_text(st), st.timing.value if st.timing else None)
    for k, (node, card) in enumerate(zip(card_nodes, checked, strict=True), start=1):
        d.add(node, _("check {k}: {card}").format(k=k, card=card), None, shape="box")


def _stage_edges(card_nodes: Sequence[str], piercing_check: bool) -> list[tuple[str, str]]:
    """The diagram's edges: the chain, confirming success to every branch, every branch to the tail
    (the security check through its checked cards), the tail; <Piercing>'s checked cards between
    <Piercing> and the end of attack."""
    chain = [_node(st) for st in _CHAIN]
    tail = [_node(st) for st in _TAIL]
    security = _node(_SECURITY)
    edges = list(zip(chain, chain[1:], strict=False))
    edges += [(chain[-1], _node(st)) for st in _BRANCHES]
    edges += [(_node(st), tail[0]) for st in _BRANCHES if st is not _SECURITY]
    edges += list(zip(tail, tail[1:], strict=False))
    checks = [security, *card_nodes, tail[0]] if card_nodes and not piercing_check else [security, tail[0]]
    edges += list(zip(checks, checks[1:], strict=False))
    if piercing_check and card_nodes:
        pchain = [tail[0], *card_nodes, tail[1]]
        edges += list(zip(pchain, pchain[1:], strict=False))
    return edges


def _names(attack: AttackView, board: BoardView) -> tuple[str, str]:
    """The attacker's and the target's names, each with its place where another Digimon on its side has the same top
    card (``"BT2-034 Salamon (Player B's 2nd Digimon)"``, the words the board diagram writes under it and decision
    labels use, :mod:`digiteach.place_words`): the Digimon the board's attack arrow meets (CR 11-2-7, 11-3-3)."""
    other = "B" if attack.attacker_player == "A" else "A"
    names = []
    for label, player, uid in ((attack.attacker, attack.attacker_player, attack.attacker_uid),
                               (attack.target, other, attack.target_uid)):
        place = place_of(board, player, uid)
        names.append(placed(label, place) if place else label)
    return names[0], names[1]


def _attack_title(attack: AttackView, board: BoardView) -> str:
    attacker = _("Attacker: {card}") if attack.attacker_in_play else _("Attacker: {card} (left the Battle Area)")
    target = _("Target: {card}") if attack.target_in_play else _("Target: {card} (no longer in the Battle Area)")
    attacker_name, target_name = _names(attack, board)
    return html_label(
        bold(_("{player} attacks").format(player=player_name(attack.attacker_player)), wrap=None),
        label_text(attacker.format(card=attacker_name), wrap=44),
        label_text(target.format(card=target_name), wrap=44),
    )


def _end_jump(g: graphviz.Digraph, visited: Sequence[str]) -> None:
    """The thick dashed "end the attack" edge (CR 15-15-1-1) from the last timing reached."""
    before_end = [n for n in visited if n not in ("t_end", "t_over")]
    source = before_end[-1] if before_end else _node(_CHAIN[0])
    g.edge(
        source,
        "t_end",
        label=html_label(label_text(_("end the attack (CR 15-15-1-1)"), wrap=None)),
        style="dashed",
        color=PALETTE["jump"],
        fontcolor=PALETTE["ink"],
        penwidth="4",
        constraint="false",
    )


def shows_phases(step: Step) -> bool:
    """Whether the attack diagram of ``step`` draws the turn's phases (CR 6-1-2) instead of an attack: no attack is in
    progress and the step's timing is not an attack timing."""
    return step.attack is None and step.timing not in _ATTACK_TIMINGS


def attack_heading(step: Step) -> str:
    """The heading of the attack diagram's pane at ``step`` (English, translated where shown): "Turn phases" while it
    draws the turn's phases (:func:`shows_phases`), else "Attack timings"."""
    return N_("Turn phases") if shows_phases(step) else N_("Attack timings")


def attack_diagram(step: Step, previous: Step | None = None) -> graphviz.Digraph:
    """Draw the attack as CR 11-1-3 lays it out, with the step's timing highlighted.

    The stages come from :data:`digiteach.terms.ATTACK_SEQUENCE`: attack declaration -> counter timing ->
    block timing -> confirming success, which branches to battle | security check (one node per card
    checked) | win | nothing (CR 11-5-1), then the <Piercing> check (CR 16-7-4) -> end of attack
    (CR 11-6) -> attack over. The timings reached so far (``step.attack.path``) are filled grey and
    joined by thick edges; a timing passed with nothing to do shows its note (e.g. "no [Counter]
    effect"); the current timing has ``class="current"``. An attack ended by an effect (CR 15-15-1-1)
    is drawn as a thick dashed "end the attack" jump edge.

    Outside an attack (``step.attack is None`` and ``step.timing`` is not an attack timing) the turn's
    phases (CR 6-1-2) are drawn instead, the current one highlighted.

    Args:
        step: the step to draw.
        previous: unused (every diagram builder of :data:`digiteach.diagrams.DIAGRAMS` takes it).

    Returns:
        A ``graphviz.Digraph`` named ``"attack"`` (or ``"turn"`` for the phases).
    """
    attack = step.attack
    if shows_phases(step):
        return phase_diagram(step)
    if attack is None:
        attack = AttackView(attacker="?", attacker_player=step.board.turn_player, target="?", timing=step.timing, path=(step.timing,))

    g = new_graph("attack", _attack_title(attack, step.board))
    g.attr("graph", rankdir="TB")
    visited, piercing_check = _visited_attack_nodes(attack)
    d = _AttackDrawing(g, visited, _current_attack_node(attack, visited, piercing_check), dict(attack.notes))
    prefix = "pc" if piercing_check else "sc"
    card_nodes = [f"{prefix}_{k}" for k in range(1, len(attack.checked) + 1)]
    _add_stage_nodes(d, card_nodes, [card.label for card in attack.checked])

    walked = set(zip(visited, visited[1:], strict=False))
    for u, v in _stage_edges(card_nodes, piercing_check):
        if (u, v) in walked:
            g.edge(u, v, color=PALETTE["ink"], penwidth="4")
        else:
            g.edge(u, v)
    if attack.ended_by_effect:
        _end_jump(g, visited)
    return g


_PHASES = (Phase.UNSUSPEND, Phase.DRAW, Phase.BREEDING, Phase.MAIN, Phase.END_OF_TURN)


def phase_diagram(step: Step) -> graphviz.Digraph:
    """The turn's phases (CR 6-1-2, 6-6) left to right, the current one highlighted; a ``Digraph`` named
    ``"turn"``."""
    board = step.board
    title = [bold(_("{player}'s turn").format(player=player_name(board.turn_player)), wrap=None)]
    if step.timing not in {p.value for p in _PHASES}:
        title.append(small(_("timing: {timing}").format(timing=term(step.timing))))
    g = new_graph("turn", html_label(*title))
    g.attr("graph", rankdir="LR")
    for k, phase in enumerate(_PHASES):
        node = f"p_{k}"
        if phase.value == step.timing:
            g.node(node, html_label(bold(term(phase.value)), small("\u25ba " + _("now"), wrap=None)), **CURRENT)
        else:
            g.node(node, html_label(label_text(term(phase.value))))
        if k:
            g.edge(f"p_{k - 1}", node)
    g.node("p_attack", html_label(label_text(_("attacks (CR 11)")), small(_("declared in the main phase"))), style="rounded,dashed",
           fontcolor=PALETTE["muted"])
    g.edge("p_3", "p_attack", style="dashed", dir="both")
    return g


def _timing_words(timing: str, notes: dict[str, str]) -> str:
    note = notes.get(timing)
    return f"{term(timing)} ({note})" if note else term(timing)


def describe_attack(step: Step, previous: Step | None = None) -> str:
    """The attack diagram in words, for a screen reader (the text alternative of :func:`attack_diagram`).

    Says who attacks what, the timings passed in order with their notes, the current timing (CR 11-1-3),
    the security cards checked, and an attack ended by an effect (CR 15-15-1-1). Outside an attack: the
    turn player and the current phase (CR 6-1-2). ``previous`` is unused (every describer takes it).

    >>> from digiteach.views import BoardView, SideView
    >>> side = SideView("A", (), None, 0, 0, 0, ())
    >>> describe_attack(Step(0, "main phase", "", (), (), BoardView("A", "main phase", 0, (side, side))))
    "Turn phases of Player A's turn: unsuspend phase, draw phase, breeding phase, main phase, end of turn. Current phase: main phase."
    """
    attack = step.attack
    if shows_phases(step):
        phases = ", ".join(term(p.value) for p in _PHASES)
        return _("Turn phases of {player}'s turn: {phases}. Current phase: {phase}.").format(
            player=player_name(step.board.turn_player), phases=phases, phase=term(step.timing))
    if attack is None:
        return _("Attack timings. Current timing: {timing}.").format(timing=term(step.timing))
    notes = dict(attack.notes)
    attacker, target = _names(attack, step.board)
    text = [_("Attack timings. {player} attacks with {attacker}; target: {target}.").format(
        player=player_name(attack.attacker_player), attacker=attacker, target=target)]
    passed = [t for t in attack.path if t != attack.timing]
    if passed:
        text.append(_("Passed: {timings}.").format(timings=", ".join(dict.fromkeys(_timing_words(t, notes) for t in passed))))
    text.append(_("Current timing: {timing}.").format(timing=_timing_words(attack.timing, notes)))
    if attack.checked:
        text.append(_("Security cards checked: {cards}.").format(cards=", ".join(c.label for c in attack.checked)))
    if attack.ended_by_effect:
        text.append(_("An effect ended the attack (CR 15-15-1-1)."))
    if not attack.attacker_in_play:
        text.append(_("The attacker has left the Battle Area."))
    if not attack.target_in_play:
        text.append(_("The target is no longer in the Battle Area."))
    return " ".join(text)
