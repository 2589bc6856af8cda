"""DOT diagrams of one step: the attack's timings, pending activation, and the board.

Pure functions from a :class:`~digiteach.views.Step` to a ``graphviz.Digraph``; nothing is rendered
here (see :mod:`digiteach.render`) and nothing from Jupyter is imported. Tests assert on ``.source``.

Conventions shared by the three diagrams:

- One colour-blind-safe scheme (Okabe-Ito hues), 6-digit hex only. Nothing is told by colour alone:
  Player A is drawn with solid borders and Player B with dashed ones, both labelled "Player A"/"Player B";
  every status is written out in words and also changes the node's shape or border style.
- The highlighted node (the current attack timing, the activating effect) carries the DOT attribute
  ``class="current"``, a yellow fill and a thick border. Graphviz writes the class into the SVG as
  ``<g class="node current">``, which the widget and the browser tests look for.
- Every piece of scenario text (card names, notes, causes, captions) goes through :func:`label_text`:
  labels are HTML-like, text is ``html.escape``-d and newlines become ``<BR/>``, so quotes, ``<``, ``>``,
  braces and backslashes show literally and cannot end a label or inject DOT or SVG markup. Node and
  cluster names are made by this module from integers and fixed words, never from scenario text.
"""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Iterable, Sequence

import graphviz  # type: ignore[import-untyped]

from .terms import AttackTiming, EffectStatus, Keyword, Phase, Timing
from .views import AttackView, BoardView, GenerationView, PendingEffectView, SideView, StackView, Step

__all__ = [
    "PALETTE",
    "attack_diagram",
    "priority_diagram",
    "board_diagram",
    "step_diagrams",
    "label_text",
    "format_timing",
]

PALETTE: dict[str, str] = {
    # Okabe-Ito hues (colour-blind safe) and light tints of them; 6-digit hex only (Graphviz 2.43 rejects 3).
    "current": "#F0E442",  # yellow fill: the highlighted timing / activating effect
    "passed": "#E4E4E4",  # light grey fill: timings already passed, effects already done
    "future": "#FFFFFF",
    "ink": "#000000",
    "muted": "#595959",  # grey text/lines for what has not happened (contrast 7:1 on white)
    "player_a": "#0072B2",  # blue border, solid
    "player_a_fill": "#D5E8F5",
    "player_b": "#E69F00",  # orange border, dashed
    "player_b_fill": "#FBEBC8",
    "changed": "#CC79A7",  # reddish purple: changed since the previous step (always with the word "changed")
    "jump": "#D55E00",  # vermillion: the "end the attack" jump
    "cluster": "#F5F5F5",
}

FONT = "Helvetica"  # Graphviz has built-in metrics for it (a font list falls back to Times metrics)
NODE_FONT_SIZE = "18"
SMALL_FONT_SIZE = "15"
TITLE_FONT_SIZE = "22"
WRAP = 30  # characters per label line before soft-wrapping

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


# ---------------------------------------------------------------------------------------------- text


def label_text(text: object, *, wrap: int | None = WRAP) -> str:
    """Return ``text`` as safe content for an HTML-like DOT label.

    ``&``, ``<``, ``>``, ``"`` and ``'`` become entities. Graphviz applies its escString rules to the
    text of HTML-like labels too (``\\N`` becomes the node name, ``\\G`` the graph name, ``\\\\`` one
    backslash), so each backslash is written doubled, as the entity pair ``&#92;&#92;``: it then shows as
    one literal backslash and never starts an escape. Control characters are dropped; each newline (and
    each soft wrap at ``wrap`` characters, if given) becomes ``<BR/>``. Braces need no escaping.

    >>> label_text('a "b" <c>\\\\n')
    'a &quot;b&quot; &lt;c&gt;&#92;&#92;n'
    >>> label_text("line one\\nline two")
    'line one<BR/>line two'
    """
    s = _CONTROL.sub("", str(text)).replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    lines: list[str] = []
    for raw in s.split("\n"):
        if wrap and len(raw) > wrap:
            lines.extend(textwrap.wrap(raw, wrap, break_long_words=True, break_on_hyphens=False) or [""])
        else:
            lines.append(raw)
    return "<BR/>".join(html.escape(line, quote=True).replace("\\", "&#92;&#92;") for line in lines)


def _html(*parts: str) -> str:
    """Wrap already-escaped parts, one per line, into an HTML-like label ``<...>``."""
    return "<" + "<BR/>".join(p for p in parts if p) + ">"


def _b(text: object, wrap: int | None = WRAP) -> str:
    return f"<B>{label_text(text, wrap=wrap)}</B>"


def _small(text: object, wrap: int | None = WRAP + 6, italic: bool = False) -> str:
    inner = label_text(text, wrap=wrap)
    if italic:
        inner = f"<I>{inner}</I>"
    return f'<FONT POINT-SIZE="{SMALL_FONT_SIZE}">{inner}</FONT>'


_TIMINGS = {t.value for t in Timing}
_KEYWORDS = {k.value for k in Keyword}


def format_timing(timing: str) -> str:
    """Return an effect timing as printed: ``"When Attacking"`` -> ``"[When Attacking]"``, ``"Piercing"`` ->
    ``"<Piercing>"``; free text (e.g. ``"when an opponent's Digimon attacks"``) is returned unchanged.

    >>> format_timing("On Deletion"), format_timing("Piercing"), format_timing("when suspended")
    ('[On Deletion]', '<Piercing>', 'when suspended')
    """
    if timing in _TIMINGS:
        return f"[{timing}]"
    if timing in _KEYWORDS:
        return f"<{timing}>"
    return timing


def _player(name: str) -> str:
    return f"Player {name}" if name in ("A", "B") else f"Player {name!s}"


def _new_graph(name: str, title: str) -> graphviz.Digraph:
    g = graphviz.Digraph(name=name)
    g.attr(
        "graph",
        label=title,
        labelloc="t",
        labeljust="l",
        fontname=FONT,
        fontsize=TITLE_FONT_SIZE,
        bgcolor="#FFFFFF",
        pad="0.3",
        nodesep="0.35",
        ranksep="0.45",
    )
    g.attr(
        "node",
        shape="box",
        style="rounded,filled",
        fontname=FONT,
        fontsize=NODE_FONT_SIZE,
        fillcolor=PALETTE["future"],
        color=PALETTE["muted"],
        fontcolor=PALETTE["ink"],
        penwidth="1.5",
        margin="0.35,0.12",
    )
    g.attr("edge", fontname=FONT, fontsize=SMALL_FONT_SIZE, color=PALETTE["muted"], penwidth="1.5", arrowsize="0.8")
    return g


_CURRENT = {"class": "current", "fillcolor": PALETTE["current"], "color": PALETTE["ink"], "penwidth": "5"}


# -------------------------------------------------------------------------------------- attack diagram

_CHAIN = (
    ("t_declaration", AttackTiming.DECLARATION),
    ("t_counter", AttackTiming.COUNTER),
    ("t_block", AttackTiming.BLOCK),
    ("t_confirmation", AttackTiming.CONFIRMATION),
)
_BRANCHES: tuple[tuple[str, AttackTiming | None, str, str], ...] = (
    # node, timing, name, when (CR 11-5-1)
    ("c_battle", AttackTiming.BATTLE, "battle", "target: a Digimon"),
    ("c_security", AttackTiming.SECURITY_CHECK, "security check", "target: the player"),
    ("c_win", AttackTiming.WIN, "win", "no security left"),
    ("c_nothing", None, "nothing", "attacker or target gone"),
)
_TAIL = (
    ("t_piercing", AttackTiming.PIERCING),
    ("t_end", AttackTiming.END_OF_ATTACK),
    ("t_over", AttackTiming.ATTACK_OVER),
)
_NODE_OF_TIMING = {t.value: n for n, t in _CHAIN + _TAIL} | {
    AttackTiming.BATTLE.value: "c_battle",
    AttackTiming.WIN.value: "c_win",
}
_BRANCH_TIMINGS = (AttackTiming.BATTLE.value, AttackTiming.SECURITY_CHECK.value, AttackTiming.WIN.value)


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
        if timing == AttackTiming.PIERCING.value:
            seen_piercing = True
        if timing == AttackTiming.SECURITY_CHECK.value:
            if seen_piercing:
                piercing_check = True
                prefix = "pc"
            else:
                seq.append("c_security")
                prefix = "sc"
            seq.extend(f"{prefix}_{k}" for k in range(1, len(attack.checked) + 1))
            continue
        node = _NODE_OF_TIMING.get(timing)
        if node is None:
            continue
        seq.append(node)
        if timing == AttackTiming.CONFIRMATION.value and i + 1 < len(path):
            if path[i + 1] not in _BRANCH_TIMINGS:
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


def attack_diagram(step: Step) -> graphviz.Digraph:
    """Draw the attack as CR 11-1-3 lays it out, with the step's timing highlighted.

    Nodes: attack declaration -> counter timing -> block timing -> confirming success, which branches to
    battle | security check (one node per card checked) | win | nothing (CR 11-5-1), then the
    <Piercing> check (CR 16-7-4) -> end of attack (CR 11-6) -> attack over. The timings reached so far
    (``step.attack.path``) are filled grey and joined by thick edges; a timing passed with nothing to do
    shows its note (e.g. "no [Counter] effect"); the current timing has ``class="current"``. An attack
    ended by an effect (CR 15-15-1-1) is drawn as a thick dashed "end the attack" jump edge.

    Outside an attack (``step.attack is None`` and ``step.timing`` is not an attack timing) the turn's
    phases (CR 6-1-2) are drawn instead, the current one highlighted.

    Args:
        step: the step to draw.

    Returns:
        A ``graphviz.Digraph`` named ``"attack"`` (or ``"turn"`` for the phases).
    """
    attack = step.attack
    timing_values = {t.value for t in AttackTiming}
    if attack is None and step.timing not in timing_values:
        return _phase_diagram(step)
    if attack is None:
        attack = AttackView(attacker="?", attacker_player=step.board.turn_player, target="?", timing=step.timing, path=(step.timing,))

    title_lines = [
        _b(f"{_player(attack.attacker_player)} attacks", wrap=None),
        label_text(f"Attacker: {attack.attacker}" + ("" if attack.attacker_in_play else " (left the Battle Area)"), wrap=44),
        label_text(f"Target: {attack.target}" + ("" if attack.target_in_play else " (no longer in the Battle Area)"), wrap=44),
    ]
    g = _new_graph("attack", _html(*title_lines))
    g.attr("graph", rankdir="TB")

    visited, piercing_check = _visited_attack_nodes(attack)
    current = _current_attack_node(attack, visited, piercing_check)
    notes = dict(attack.notes)
    visited_set = set(visited)

    def add(node: str, text: str, note_key: str | None, hint: str = "", **extra: str) -> None:
        parts = [_b(text)]
        note = notes.get(note_key) if note_key else None
        if note:
            parts.append(_small(note, italic=True))
        elif hint:
            parts.append(_small(hint, wrap=18))
        attrs: dict[str, str] = dict(extra)
        if node == current:
            attrs.update(_CURRENT)
        elif node in visited_set:
            attrs.update(fillcolor=PALETTE["passed"], color=PALETTE["ink"], penwidth="3")
        else:
            attrs.update(fontcolor=PALETTE["muted"], style=attrs.get("style", "rounded,filled") + ",dashed")
        g.node(node, _html(*parts), **attrs)

    for node, chain_timing in _CHAIN:
        extra = {"shape": "diamond", "style": "filled"} if chain_timing is AttackTiming.CONFIRMATION else {}
        add(node, chain_timing.value, chain_timing.value, **extra)

    for node, branch_timing, text, hint in _BRANCHES:
        add(node, text, branch_timing.value if branch_timing else None, hint)
    g.body.append("\t{rank=same; c_battle; c_security; c_win; c_nothing}\n")

    for node, tail_timing in _TAIL:
        text = "<Piercing> check" if tail_timing is AttackTiming.PIERCING else tail_timing.value
        add(node, text, tail_timing.value)

    # security-check cards (face up once checked)
    prefix = "pc" if piercing_check else "sc"
    card_nodes = [f"{prefix}_{k}" for k in range(1, len(attack.checked) + 1)]
    for k, (node, card) in enumerate(zip(card_nodes, attack.checked, strict=True), start=1):
        add(node, f"check {k}: {card.label}", None, shape="box")

    # edges
    edges: list[tuple[str, str]] = [
        ("t_declaration", "t_counter"),
        ("t_counter", "t_block"),
        ("t_block", "t_confirmation"),
        ("t_confirmation", "c_battle"),
        ("t_confirmation", "c_security"),
        ("t_confirmation", "c_win"),
        ("t_confirmation", "c_nothing"),
        ("c_battle", "t_piercing"),
        ("c_win", "t_piercing"),
        ("c_nothing", "t_piercing"),
        ("t_piercing", "t_end"),
        ("t_end", "t_over"),
    ]
    if prefix == "sc" and card_nodes:
        chain = ["c_security", *card_nodes, "t_piercing"]
    else:
        chain = ["c_security", "t_piercing"]
    edges.extend(zip(chain, chain[1:], strict=False))
    if prefix == "pc" and card_nodes:
        pchain = ["t_piercing", *card_nodes, "t_end"]
        edges.extend(zip(pchain, pchain[1:], strict=False))

    walked = set(zip(visited, visited[1:], strict=False))
    for u, v in edges:
        if (u, v) in walked:
            g.edge(u, v, color=PALETTE["ink"], penwidth="4")
        else:
            g.edge(u, v)

    if attack.ended_by_effect:
        before_end = [n for n in visited if n != "t_end" and n != "t_over"]
        source = before_end[-1] if before_end else "t_declaration"
        g.edge(
            source,
            "t_end",
            label=_html(label_text("end the attack (CR 15-15-1-1)", wrap=None)),
            style="dashed",
            color=PALETTE["jump"],
            fontcolor=PALETTE["ink"],
            penwidth="4",
            constraint="false",
        )
    return g


_PHASES = (Phase.UNSUSPEND, Phase.DRAW, Phase.BREEDING, Phase.MAIN, Phase.END_OF_TURN)


def _phase_diagram(step: Step) -> graphviz.Digraph:
    """The turn's phases (CR 6-1-2, 6-6) left to right, the current one highlighted."""
    board = step.board
    title = [_b(f"{_player(board.turn_player)}'s turn", wrap=None)]
    if step.timing not in {p.value for p in _PHASES}:
        title.append(_small(f"timing: {step.timing}"))
    g = _new_graph("turn", _html(*title))
    g.attr("graph", rankdir="LR")
    for k, phase in enumerate(_PHASES):
        node = f"p_{k}"
        if phase.value == step.timing:
            g.node(node, _html(_b(phase.value)), **_CURRENT)
        else:
            g.node(node, _html(label_text(phase.value)))
        if k:
            g.edge(f"p_{k - 1}", node)
    g.node("p_attack", _html(label_text("attacks (CR 11)"), _small("declared in the main phase")), style="rounded,dashed", fontcolor=PALETTE["muted"])
    g.edge("p_3", "p_attack", style="dashed", dir="both")
    return g


# ------------------------------------------------------------------------------------ priority diagram

_STATUS_TEXT = {
    EffectStatus.PENDING.value: "pending",
    EffectStatus.ACTIVATING.value: "ACTIVATING NOW",
    EffectStatus.RESOLVED.value: "resolved (done)",
    EffectStatus.DECLINED.value: "declined (optional, not used)",
    EffectStatus.FAILED.value: "failed: condition not met, not activated",
    EffectStatus.LOST.value: "lost: its card left play",
}
_STATUS_STYLE: dict[str, dict[str, str]] = {
    EffectStatus.PENDING.value: {"shape": "box", "style": "rounded,filled"},
    EffectStatus.ACTIVATING.value: {"shape": "box", "style": "rounded,filled,bold"},
    EffectStatus.RESOLVED.value: {"shape": "note", "style": "filled", "fillcolor": PALETTE["passed"]},
    EffectStatus.DECLINED.value: {"shape": "box", "style": "rounded,filled,dashed", "fillcolor": PALETTE["passed"]},
    EffectStatus.FAILED.value: {"shape": "box", "style": "filled,dotted", "fillcolor": PALETTE["passed"]},
    EffectStatus.LOST.value: {"shape": "box", "style": "filled,dotted,diagonals", "fillcolor": PALETTE["passed"]},
}


def _status_words(status: str, highlighted: bool) -> str:
    words = _STATUS_TEXT.get(status, status)
    if highlighted and status not in (EffectStatus.ACTIVATING.value, EffectStatus.PENDING.value):
        return f"activated in this step: {words}"
    if highlighted:
        return _STATUS_TEXT[EffectStatus.ACTIVATING.value]
    return words


def _effect_node(effect: PendingEffectView, highlighted: bool) -> tuple[str, dict[str, str]]:
    status = effect.status
    flags = ["optional" if effect.optional else "mandatory"]
    if effect.once_per_turn:
        flags.append("[Once Per Turn]")
    name = label_text(effect.card.label)
    if status in (EffectStatus.DECLINED.value, EffectStatus.LOST.value, EffectStatus.FAILED.value):
        name = f"<S>{name}</S>"
    parts = [
        f"<B>{name}</B>",
        label_text(format_timing(effect.timing)),
        _small(", ".join(flags)),
        _small(_player(effect.player) + ": " + _status_words(status, highlighted), italic=not highlighted),
    ]
    attrs = dict(_STATUS_STYLE.get(status, _STATUS_STYLE[EffectStatus.PENDING.value]))
    attrs.setdefault("fillcolor", PALETTE["future"])
    colour = PALETTE["player_a"] if effect.player == "A" else PALETTE["player_b"]
    attrs["color"] = colour
    attrs["penwidth"] = "2.5"
    if effect.player != "A" and "dotted" not in attrs["style"]:
        attrs["style"] += ",dashed"
    if highlighted:
        attrs.update(_CURRENT)
        attrs["style"] = "rounded,filled,bold"
        attrs["shape"] = "box"
    return _html(*parts), attrs


def priority_diagram(step: Step) -> graphviz.Digraph:
    """Draw pending activation: one numbered cluster per generation, newest on top (CR 15-4-3, 15-4-5).

    Each generation cluster has two lanes, the turn player's (whose effects activate first, CR 15-4-3-5)
    and the non-turn player's. Each pending effect is one node giving its card, timing, optional or
    mandatory, [Once Per Turn], and its status in words; resolved, declined, failed and lost effects also
    differ in shape/border. The effect whose uid is ``step.activating`` (or, failing that, whose status
    is "activating") has ``class="current"``. An effect whose activation created a newer generation
    (``caused``) has an edge to that generation. With nothing pending, one "nothing pending" node.

    Args:
        step: the step to draw; ``step.pending`` lists generations oldest first.

    Returns:
        A ``graphviz.Digraph`` named ``"priority"``.
    """
    tp = step.board.turn_player
    ntp = "B" if tp == "A" else "A"
    g = _new_graph("priority", _html(_b("Pending activation", wrap=None), _small(f"turn player: {_player(tp)}", wrap=None)))
    g.attr("graph", rankdir="TB", compound="true", newrank="true")

    gens = [gen for gen in step.pending if gen.effects]
    if not gens:
        g.node("empty", _html(_b("nothing pending"), _small("no effect is waiting to activate", italic=True)), style="rounded,dashed", fontcolor=PALETTE["muted"])
        return g

    highlighted_uid = step.activating
    if highlighted_uid is None:
        for gen in gens:
            for e in gen.effects:
                if e.status == EffectStatus.ACTIVATING.value:
                    highlighted_uid = e.uid

    newest = max(gen.number for gen in gens)
    first_nodes: dict[int, list[str]] = {}
    last_nodes: dict[int, list[str]] = {}
    anchor: dict[int, str] = {}
    node_of_effect: list[tuple[PendingEffectView, str]] = []
    highlighted_done = False
    for gen in sorted(gens, key=lambda x: -x.number):
        cname = f"cluster_g{int(gen.number)}"
        head = f"Generation {int(gen.number)}" + (" (newest: activates first)" if gen.number == newest else "")
        with g.subgraph(name=cname) as c:
            c.attr(
                label=_html(_b(head, wrap=None), _small(f"caused by: {gen.cause}", italic=True) if gen.cause else ""),
                style="rounded,filled",
                fillcolor=PALETTE["cluster"],
                color=PALETTE["ink"] if gen.number == newest else PALETTE["muted"],
                penwidth="2.5" if gen.number == newest else "1.5",
                labeljust="l",
            )
            firsts: list[str] = []
            lasts: list[str] = []
            for lane, player, role in (("tp", tp, "turn player"), ("ntp", ntp, "non-turn player")):
                with c.subgraph(name=f"{cname}_{lane}") as ln:
                    ln.attr(
                        label=_html(label_text(f"{role}: {_player(player)}", wrap=None)),
                        style="rounded,dashed" if player == "B" else "rounded",
                        color=PALETTE["player_a"] if player == "A" else PALETTE["player_b"],
                        penwidth="2",
                        fillcolor=PALETTE["future"],
                        fontsize=SMALL_FONT_SIZE,
                    )
                    lane_effects = [e for e in gen.effects if e.player == player]
                    names: list[str] = []
                    if not lane_effects:
                        name = f"g{int(gen.number)}_{lane}_none"
                        ln.node(name, _html(_small("no effect", italic=True)), shape="plaintext", style="", fontcolor=PALETTE["muted"])
                        names.append(name)
                    for k, e in enumerate(lane_effects):
                        name = f"g{int(gen.number)}_{lane}_{k}"
                        hl = e.uid == highlighted_uid and not highlighted_done
                        highlighted_done = highlighted_done or hl
                        label, attrs = _effect_node(e, hl)
                        ln.node(name, label, **attrs)
                        node_of_effect.append((e, name))
                        names.append(name)
                    for u, v in zip(names, names[1:], strict=False):
                        ln.edge(u, v, style="invis")
                    firsts.append(names[0])
                    lasts.append(names[-1])
            first_nodes[gen.number] = firsts
            last_nodes[gen.number] = lasts
            anchor[gen.number] = firsts[0]

    # newest on top: invisible edges from each generation's bottom to the next older one's top
    ordered = sorted(first_nodes, reverse=True)
    for newer, older in zip(ordered, ordered[1:], strict=False):
        for u in last_nodes[newer]:
            for v in first_nodes[older]:
                g.edge(u, v, style="invis", weight="5")

    for effect, name in node_of_effect:
        if effect.caused is not None and effect.caused in anchor:
            g.edge(
                name,
                anchor[effect.caused],
                lhead=f"cluster_g{int(effect.caused)}",
                label=_html(label_text(f"caused generation {int(effect.caused)}", wrap=None)),
                color=PALETTE["ink"],
                penwidth="2.5",
                constraint="false",
            )
    return g


# --------------------------------------------------------------------------------------- board diagram


def _stack_changes(now: StackView, before: StackView | None) -> list[str]:
    if before is None:
        return ["new in the Battle Area"]
    out: list[str] = []
    if now.top != before.top:
        out.append(f"was {before.top.label}")
    if now.dp != before.dp:
        out.append(f"DP {before.dp} -> {now.dp}")
    if now.suspended != before.suspended:
        out.append("suspended" if now.suspended else "unsuspended")
    if len(now.digivolution_cards) != len(before.digivolution_cards):
        out.append(f"digivolution cards {len(before.digivolution_cards)} -> {len(now.digivolution_cards)}")
    if now.keywords != before.keywords:
        out.append("keywords changed")
    return out


def _mark_changed(attrs: dict[str, str], parts: list[str], changes: Iterable[str]) -> None:
    changes = list(changes)
    if not changes:
        return
    parts.append(f'<FONT COLOR="{PALETTE["ink"]}">' + _small("CHANGED: " + "; ".join(changes)) + "</FONT>")
    attrs.update({"class": "changed", "color": PALETTE["changed"], "penwidth": "5"})


def _side_colours(player: str) -> tuple[str, str, str]:
    if player == "A":
        return PALETTE["player_a"], PALETTE["player_a_fill"], "rounded,filled"
    return PALETTE["player_b"], PALETTE["player_b_fill"], "rounded,filled,dashed"


def _stack_node(g: graphviz.Digraph, name: str, st: StackView, player: str, before: StackView | None, compare: bool) -> None:
    border, _fill, style = _side_colours(player)
    parts = [_b(st.top.label)]
    line = []
    if st.dp is not None:
        line.append(f"{st.dp} DP")
    if st.kind != "Digimon":
        line.append(st.kind)
    line.append("SUSPENDED" if st.suspended else "unsuspended")
    parts.append(label_text(", ".join(line)))
    if st.digivolution_cards:
        parts.append(_small("under it: " + ", ".join(c.label for c in st.digivolution_cards)))
    if st.keywords:
        parts.append(_small(" ".join(f"<{k}>" for k in st.keywords)))
    attrs = {
        "color": border,
        "penwidth": "2.5",
        "style": style,
        "fillcolor": PALETTE["passed"] if st.suspended else PALETTE["future"],
    }
    if compare:
        _mark_changed(attrs, parts, _stack_changes(st, before))
    g.node(name, _html(*parts), **attrs)


def _side_cluster(
    g: graphviz.Digraph, side: SideView, board: BoardView, before: SideView | None, top: bool
) -> tuple[str, str, dict[str, str]]:
    """Draw one side; return (battle-area anchor node, other-row anchor node, label -> node of its Digimon)."""
    p = side.player
    border, fill, style = _side_colours(p)
    role = "turn player" if board.turn_player == p else "non-turn player"
    compare = before is not None
    card_nodes: dict[str, str] = {}
    with g.subgraph(name=f"cluster_side_{p}") as c:
        c.attr(
            label=_html(_b(f"{_player(p)} ({role})", wrap=None)),
            style=style,
            color=border,
            fillcolor=fill,
            penwidth="3",
            labeljust="l",
        )
        with c.subgraph(name=f"cluster_battle_{p}") as ba:
            ba.attr(
                label=_html(_b("Battle Area", wrap=None)),
                style="rounded,filled",
                fillcolor=PALETTE["future"],
                color=border,
                penwidth="1.5",
                fontsize=NODE_FONT_SIZE,
            )
            before_stacks = {s.uid: s for s in before.battle_area} if before else {}
            names: list[str] = []
            for k, st in enumerate(side.battle_area):
                name = f"{p}_d{k}"
                _stack_node(ba, name, st, p, before_stacks.get(st.uid), compare)
                card_nodes.setdefault(st.top.label, name)
                names.append(name)
            now_uids = {s.uid for s in side.battle_area}
            for k, gone in enumerate(s for s in (before.battle_area if before else ()) if s.uid not in now_uids):
                name = f"{p}_gone{k}"
                attrs = {"style": "rounded,dotted", "fontcolor": PALETTE["muted"], "color": PALETTE["changed"], "penwidth": "4", "class": "changed"}
                ba.node(name, _html(_small("CHANGED: left the Battle Area"), label_text(gone.top.label)), **attrs)
                names.append(name)
            if not names:
                name = f"{p}_none"
                ba.node(name, _html(_small("no Digimon", italic=True)), shape="plaintext", style="", fontcolor=PALETTE["muted"])
                names.append(name)

        # Security Stack
        parts = [_b("Security Stack"), label_text(f"{side.security_size} face down")]
        if side.revealed is not None:
            parts.append(label_text(f"checking (face up): {side.revealed.label}"))
        attrs = {"color": border, "penwidth": "2", "shape": "box3d", "style": "filled", "fillcolor": PALETTE["future"]}
        if before is not None:
            ch = []
            if before.security_size != side.security_size:
                ch.append(f"{before.security_size} -> {side.security_size}")
            if before.revealed != side.revealed and side.revealed is not None:
                ch.append("card flipped")
            _mark_changed(attrs, parts, ch)
        sec = f"{p}_security"
        c.node(sec, _html(*parts), **attrs)

        # Breeding Area
        breed = f"{p}_breeding"
        if side.breeding_area is None:
            c.node(breed, _html(_b("Breeding Area"), _small("empty", italic=True)), color=border, style="rounded,filled", fillcolor=PALETTE["future"])
        else:
            before_breed = before.breeding_area if before else None
            if before_breed is not None and before_breed.uid != side.breeding_area.uid:
                before_breed = None
            with c.subgraph(name=f"cluster_breeding_{p}") as br:
                br.attr(label=_html(_b("Breeding Area", wrap=None)), style="rounded", color=border, fontsize=NODE_FONT_SIZE)
                _stack_node(br, breed, side.breeding_area, p, before_breed, compare)

        # counts
        parts = [_b("Hand / deck / trash"), label_text(f"hand {side.hand_size}, deck {side.deck_size}, trash {len(side.trash)}")]
        if side.trash:
            parts.append(_small(f"top of trash: {side.trash[-1].label}"))
        attrs = {"color": border, "style": "rounded,filled", "fillcolor": PALETTE["future"]}
        if before is not None:
            ch = []
            for what, b, a in (("hand", before.hand_size, side.hand_size), ("deck", before.deck_size, side.deck_size), ("trash", len(before.trash), len(side.trash))):
                if a != b:
                    ch.append(f"{what} {b} -> {a}")
            _mark_changed(attrs, parts, ch)
        counts = f"{p}_counts"
        c.node(counts, _html(*parts), **attrs)
        c.body.append(f"\t{{rank=same; {sec}; {breed}; {counts}}}\n")
        if top:
            c.edge(sec, names[0], style="invis")
        else:
            c.edge(names[0], sec, style="invis")
    card_nodes["__security__"] = sec
    return names[0], sec, card_nodes


def _memory_label(memory: int, before: int | None) -> str:
    def side_text(m: int) -> str:
        if m == 0:
            return "0"
        return f"{abs(m)} on Player {'A' if m > 0 else 'B'}'s side"

    shown = min(max(memory, -10), 10)  # the gauge runs 10..0..10; a value beyond it sits on the end cell
    cells = []
    for v in range(-10, 11):
        text = str(abs(v))
        if v == shown:
            cells.append(f'<TD BGCOLOR="{PALETTE["current"]}" BORDER="3"><B>[{text}]</B></TD>')
        else:
            cells.append(f"<TD>{text}</TD>")
    title = f"Memory gauge: {side_text(memory)}"
    if before is not None and before != memory:
        title += f" (CHANGED: was {side_text(before)})"
    return (
        '<<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" CELLPADDING="5">'
        f'<TR><TD COLSPAN="21"><B>{label_text(title, wrap=None)}</B></TD></TR>'
        f"<TR>{''.join(cells)}</TR>"
        '<TR><TD COLSPAN="10">Player B\'s side</TD><TD>0</TD><TD COLSPAN="10">Player A\'s side</TD></TR>'
        "</TABLE>>"
    )


def board_diagram(step: Step, previous: Step | None = None) -> graphviz.Digraph:
    """Draw both players' areas and the memory gauge, marking what changed since ``previous``.

    Player B (the side across the table) is drawn on top, then the memory gauge 10..0..10 with its marker
    (signed from Player A's side, CR 1-4-2), then Player A. Each side shows its Battle Area (each Digimon:
    top card, DP, suspended or unsuspended, digivolution cards, keywords), Breeding Area, Security Stack
    (face-down count, and the card being checked face up), and hand / deck / trash counts. With
    ``previous``, everything that changed gets the word "CHANGED:" with what changed, a thick purple
    border and ``class="changed"``; a Digimon that left the Battle Area stays as a dotted ghost node. The
    attack, if any, is an edge from the attacker to its target.

    Args:
        step: the step to draw.
        previous: the step before it, or None to mark nothing.

    Returns:
        A ``graphviz.Digraph`` named ``"board"``.
    """
    board = step.board
    title = [_b(f"Board: {_player(board.turn_player)}'s turn, {board.phase}", wrap=None)]
    if board.winner:
        title.append(_b(f"{_player(board.winner)} wins", wrap=None))
    g = _new_graph("board", _html(*title))
    g.attr("graph", rankdir="TB", newrank="true", compound="true")

    before_board = previous.board if previous is not None else None
    sides = {s.player: s for s in board.sides}
    before_sides = {s.player: s for s in before_board.sides} if before_board else {}
    top_side = sides.get("B", board.sides[1])
    bottom_side = sides.get("A", board.sides[0])

    b_battle, _b_sec, b_nodes = _side_cluster(g, top_side, board, before_sides.get(top_side.player) if before_board else None, top=True)
    g.node("memory", _memory_label(board.memory, before_board.memory if before_board else None), shape="plain", style="")
    a_battle, _a_sec, a_nodes = _side_cluster(g, bottom_side, board, before_sides.get(bottom_side.player) if before_board else None, top=False)
    g.edge(b_battle, "memory", style="invis", weight="10")
    g.edge("memory", a_battle, style="invis", weight="10")

    attack = step.attack
    if attack is not None and attack.attacker_in_play and attack.timing != AttackTiming.ATTACK_OVER.value:
        own = a_nodes if attack.attacker_player == bottom_side.player else b_nodes
        other = b_nodes if own is a_nodes else a_nodes
        src = own.get(attack.attacker)
        dst = other.get(attack.target) if attack.target_in_play else None
        if dst is None and attack.target.startswith("Player"):
            dst = other["__security__"]
        if src is not None and dst is not None:
            g.edge(src, dst, label=_html(_b("attacks", wrap=None)), color=PALETTE["ink"], penwidth="4", constraint="false")
    return g


def step_diagrams(step: Step, previous: Step | None = None) -> tuple[graphviz.Digraph, graphviz.Digraph, graphviz.Digraph]:
    """Return ``(attack_diagram(step), priority_diagram(step), board_diagram(step, previous))``."""
    return attack_diagram(step), priority_diagram(step), board_diagram(step, previous)
