"""The board diagram: both players' areas and the memory gauge, with what changed since the step before."""

from __future__ import annotations

import html
from collections.abc import Iterable
from dataclasses import dataclass, field

import graphviz  # type: ignore[import-untyped]

from digiteach.captions import text as caption
from digiteach.i18n import gettext as _
from digiteach.i18n import term
from digiteach.place_words import battle_place, placed, repeated
from digiteach.terms import AttackTiming
from digiteach.views import BoardView, SideView, StackView, Step

from .style import NODE_FONT_SIZE, PALETTE, bold, html_label, label_text, new_graph, player_name, small

__all__ = ["board_diagram", "describe_board", "place_of"]

# points between the curve's middle and the word "attacks" (the arrow is 4 wide and bulges up to ~9 past its middle)
ATTACKS_LABEL_GAP = 10


def _stack_changes(now: StackView, before: StackView | None) -> list[str]:
    if before is None:
        return [_("new in the Battle Area")]
    out: list[str] = []
    if now.top != before.top:
        out.append(_("was {card}").format(card=before.top.label))
    if now.dp != before.dp:
        out.append(f"DP {before.dp} -> {now.dp}")
    if now.suspended != before.suspended:
        out.append(_("suspended") if now.suspended else _("unsuspended"))
    if len(now.digivolution_cards) != len(before.digivolution_cards):
        counts = {"before": len(before.digivolution_cards), "now": len(now.digivolution_cards)}
        out.append((_("cards under it {before} -> {now}") if now.kind == "Tamer" else
                    _("digivolution cards {before} -> {now}")).format(**counts))
    if now.keywords != before.keywords:
        out.append(_("keywords changed"))
    return out


def _mark_changed(attrs: dict[str, str], parts: list[str], changes: Iterable[str]) -> None:
    changes = list(changes)
    if not changes:
        return
    parts.append(f'<FONT COLOR="{PALETTE["ink"]}">' + small(_("CHANGED: {changes}").format(changes="; ".join(changes))) + "</FONT>")
    attrs.update({"class": "changed", "color": PALETTE["changed"], "penwidth": "5"})


def _under_words(st: StackView) -> str:
    """The cards under a stack, top first: a Digimon's digivolution cards, or the cards under a Tamer, which are not
    digivolution cards (CR 4-4-2, 4-8-1) and are said as such."""
    cards = ", ".join(c.label for c in st.digivolution_cards)
    if st.kind == "Tamer":
        return _("under this Tamer (not digivolution cards): {cards}").format(cards=cards)
    return _("under it: {cards}").format(cards=cards)


def _side_colours(player: str) -> tuple[str, str, str]:
    if player == "A":
        return PALETTE["player_a"], PALETTE["player_a_fill"], "rounded,filled"
    return PALETTE["player_b"], PALETTE["player_b_fill"], "rounded,filled,dashed"


def _kind_words(kind: str) -> str:
    """How a stack that is not a Digimon names its kind: an Option card there was placed by an effect and is no
    Digimon (CR 4-28-1); Tamer and Digi-Egg keep their printed names (docs/glossary-de.md)."""
    return _("Option card, placed by an effect") if kind == "Option" else kind


def _stack_node(g: graphviz.Digraph, name: str, st: StackView, player: str, before: StackView | None, compare: bool,
                place: str = "") -> None:
    """Draw one Battle Area stack; ``place`` (its place words, for one of several with the same top card) under its
    name."""
    border, _fill, style = _side_colours(player)
    parts = [bold(st.top.label)] + ([small(place)] if place else [])
    line = []
    if st.dp is not None:
        line.append(f"{st.dp} DP")
    if st.kind != "Digimon":
        line.append(_kind_words(st.kind))
    if st.kind != "Option":  # an Option card in the Battle Area is never suspended (CR 4-28)
        line.append(_("SUSPENDED") if st.suspended else _("unsuspended"))
    parts.append(label_text(", ".join(line)))
    if st.digivolution_cards:
        parts.append(small(_under_words(st)))
    if st.keywords:
        parts.append(small(" ".join(f"<{k}>" for k in st.keywords)))
    attrs = {
        "color": border,
        "penwidth": "2.5",
        "style": style,
        "fillcolor": PALETTE["passed"] if st.suspended else PALETTE["future"],
    }
    if compare:
        _mark_changed(attrs, parts, _stack_changes(st, before))
    g.node(name, html_label(*parts), **attrs)


@dataclass(slots=True)
class _SideNodes:
    """The node names of one side's Battle Area stacks, by :attr:`StackView.uid` (what an attack is drawn between: two
    stacks can have the same top card) and by top card label (first stack with it: for a view built without uids),
    and of its Security Stack."""

    by_uid: dict[int, str] = field(default_factory=dict)
    by_label: dict[str, str] = field(default_factory=dict)
    security: str = ""

    def stack(self, uid: int | None, label: str) -> str | None:
        """The node of the stack ``uid`` (of the first with top card ``label`` when ``uid`` is None)."""
        return self.by_uid.get(uid) if uid is not None else self.by_label.get(label)


def _battle_area(c: graphviz.Digraph, side: SideView, before: SideView | None, nodes: _SideNodes) -> list[str]:
    """Draw the Battle Area cluster of ``side`` inside ``c``; return its node names (never empty)."""
    p = side.player
    border = _side_colours(p)[0]
    with c.subgraph(name=f"cluster_battle_{p}") as ba:
        ba.attr(
            label=html_label(bold(_("Battle Area"), wrap=None)),
            style="rounded,filled",
            fillcolor=PALETTE["future"],
            color=border,
            penwidth="1.5",
            fontsize=NODE_FONT_SIZE,
        )
        before_stacks = {s.uid: s for s in before.battle_area} if before else {}
        names: list[str] = []
        places = _places(side)
        for k, st in enumerate(side.battle_area):
            name = f"{p}_d{k}"
            _stack_node(ba, name, st, p, before_stacks.get(st.uid), before is not None, places.get(k, ""))
            nodes.by_uid[st.uid] = name
            nodes.by_label.setdefault(st.top.label, name)
            names.append(name)
        now_uids = {s.uid for s in side.battle_area}
        for k, gone in enumerate(s for s in (before.battle_area if before else ()) if s.uid not in now_uids):
            name = f"{p}_gone{k}"
            attrs = {"style": "rounded,dotted", "fontcolor": PALETTE["muted"], "color": PALETTE["changed"], "penwidth": "4", "class": "changed"}
            ba.node(name, html_label(small(_("CHANGED: left the Battle Area")), label_text(gone.top.label)), **attrs)
            names.append(name)
        if not names:
            name = f"{p}_none"
            ba.node(name, html_label(small(_("no Digimon"), italic=True)), shape="plaintext", style="", fontcolor=PALETTE["muted"])
            names.append(name)
    return names


def _places(side: SideView) -> dict[int, str]:
    """Index -> place words (``"Player B's 2nd Digimon"``) of each Battle Area stack of ``side`` whose top card another
    stack there has too: the words a decision label names it by when the two would read the same
    (:mod:`digiteach.place_words`)."""
    stacks = side.battle_area
    kinds = [st.kind for st in stacks]
    return {k: battle_place(player_name(side.player), kinds, k) for k in repeated([st.top.label for st in stacks])}


def place_of(board: BoardView, player: str, uid: int | None) -> str:
    """The place words the board diagram writes under ``player``'s Battle Area stack ``uid`` (``"Player B's 2nd
    Digimon"``), where another stack there has the same top card (:func:`_places`), else ``""``: what the attack
    diagram adds to the attacker's and the target's names, so that they name the Digimon the board's arrow meets."""
    side = next((s for s in board.sides if s.player == player), None)
    k = next((k for k, st in enumerate(side.battle_area) if st.uid == uid), None) if side and uid is not None else None
    return "" if side is None or k is None else _places(side).get(k, "")


def _security_node(c: graphviz.Digraph, side: SideView, before: SideView | None) -> str:
    parts = [bold(_("Security Stack")), label_text(_("{count} face down").format(count=side.security_size))]
    if side.revealed is not None:
        parts.append(label_text(_("checking (face up): {card}").format(card=side.revealed.label)))
    attrs = {"color": _side_colours(side.player)[0], "penwidth": "2", "shape": "box3d", "style": "filled", "fillcolor": PALETTE["future"]}
    if before is not None:
        ch = []
        if before.security_size != side.security_size:
            ch.append(f"{before.security_size} -> {side.security_size}")
        if before.revealed != side.revealed and side.revealed is not None:
            ch.append(_("card flipped"))
        _mark_changed(attrs, parts, ch)
    name = f"{side.player}_security"
    c.node(name, html_label(*parts), **attrs)
    return name


def _breeding_node(c: graphviz.Digraph, side: SideView, before: SideView | None) -> str:
    p = side.player
    border = _side_colours(p)[0]
    name = f"{p}_breeding"
    if side.breeding_area is None:
        c.node(name, html_label(bold(_("Breeding Area")), small(_("empty"), italic=True)), color=border, style="rounded,filled",
               fillcolor=PALETTE["future"])
        return name
    before_breed = before.breeding_area if before else None
    if before_breed is not None and before_breed.uid != side.breeding_area.uid:
        before_breed = None
    with c.subgraph(name=f"cluster_breeding_{p}") as br:
        br.attr(label=html_label(bold(_("Breeding Area"), wrap=None)), style="rounded", color=border, fontsize=NODE_FONT_SIZE)
        _stack_node(br, name, side.breeding_area, p, before_breed, before is not None)
    return name


def _counts_node(c: graphviz.Digraph, side: SideView, before: SideView | None) -> str:
    """Hand, deck and trash sizes, and the top card of the trash (``side.trash[0]``, trashed last)."""
    parts = [bold(_("Hand / deck / trash")), label_text(_counts_words(side))]
    if side.trash:
        parts.append(small(_("top of trash: {card}").format(card=side.trash[0].label)))
    attrs = {"color": _side_colours(side.player)[0], "style": "rounded,filled", "fillcolor": PALETTE["future"]}
    if before is not None:
        ch = []
        ch += _count_changes(side, before)
        _mark_changed(attrs, parts, ch)
    name = f"{side.player}_counts"
    c.node(name, html_label(*parts), **attrs)
    return name


def _side_cluster(
    g: graphviz.Digraph, side: SideView, board: BoardView, before: SideView | None, top: bool
) -> tuple[str, _SideNodes]:
    """Draw one side; return (battle-area anchor node, the nodes of its stacks and Security Stack)."""
    p = side.player
    border, fill, style = _side_colours(p)
    role = _("turn player") if board.turn_player == p else _("non-turn player")
    nodes = _SideNodes()
    with g.subgraph(name=f"cluster_side_{p}") as c:
        c.attr(
            label=html_label(bold(f"{player_name(p)} ({role})", wrap=None)),
            style=style,
            color=border,
            fillcolor=fill,
            penwidth="3",
            labeljust="l",
        )
        names = _battle_area(c, side, before, nodes)
        sec = _security_node(c, side, before)
        breed = _breeding_node(c, side, before)
        counts = _counts_node(c, side, before)
        c.body.append(f"\t{{rank=same; {sec}; {breed}; {counts}}}\n")
        if top:
            c.edge(sec, names[0], style="invis")
        else:
            c.edge(names[0], sec, style="invis")
    nodes.security = sec
    return names[0], nodes


def _memory_label(memory: int, before: int | None) -> str:
    shown = min(max(memory, -10), 10)  # the gauge runs 10..0..10; a value beyond it sits on the end cell
    cells = []
    for v in range(-10, 11):
        text = str(abs(v))
        if v == shown:
            cells.append(f'<TD BGCOLOR="{PALETTE["current"]}" BORDER="3"><FONT COLOR="{PALETTE["current_ink"]}"><B>[{text}]</B></FONT></TD>')
        else:
            cells.append(f"<TD>{text}</TD>")
    title = _("Memory gauge: {memory}").format(memory=_memory_words(memory))
    if before is not None and before != memory:
        title = _("Memory gauge: {memory} (CHANGED: was {before})").format(memory=_memory_words(memory), before=_memory_words(before))
    return (
        '<<TABLE BORDER="0" CELLBORDER="1" CELLSPACING="0" CELLPADDING="5">'
        f'<TR><TD COLSPAN="21"><B>{label_text(title, wrap=None)}</B></TD></TR>'
        f"<TR>{''.join(cells)}</TR>"
        f'<TR><TD COLSPAN="10">{html.escape(_side_of("B"), quote=False)}</TD><TD>0</TD>'
        f'<TD COLSPAN="10">{html.escape(_side_of("A"), quote=False)}</TD></TR>'
        "</TABLE>>"
    )


def _attack_edge(g: graphviz.Digraph, step: Step, bottom: str, a_nodes: _SideNodes, b_nodes: _SideNodes) -> None:
    """The attack in progress, if any: an edge from the attacking Digimon to the Digimon it attacks (the one chosen at
    declaration, CR 11-2-7, or the blocker, CR 11-3-3), or to the Security Stack when a player is attacked. Both ends
    are found by the stack's uid, so the edge meets the right one of two Digimon with the same top card."""
    attack = step.attack
    if attack is None or not attack.attacker_in_play or attack.timing == AttackTiming.ATTACK_OVER.value:
        return
    own = a_nodes if attack.attacker_player == bottom else b_nodes
    other = b_nodes if own is a_nodes else a_nodes
    src = own.stack(attack.attacker_uid, attack.attacker)
    dst = other.stack(attack.target_uid, attack.target) if attack.target_in_play else None
    if dst is None and attack.target_uid is None and attack.target.startswith("Player"):
        dst = other.security
    if src is not None and dst is not None:
        g.edge(src, dst, label=_attacks_label(), color=PALETTE["ink"], penwidth="4", constraint="false")


def _attacks_label() -> str:
    """The attack edge's word "attacks", clear of its own arrow: Graphviz puts an edge label's left side at the
    curve's middle, and the thick (4) arrow bulges past it, over the first letter. A gap cell before the word moves it
    off the curve, and the word's own cell is filled with the diagram's white, drawn after the arrow, so that the
    arrow never runs through a letter."""
    return (
        f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="2">'
        f'<TR><TD WIDTH="{ATTACKS_LABEL_GAP}"></TD><TD BGCOLOR="{PALETTE["future"]}">{bold(_("attacks"), wrap=None)}</TD></TR>'
        "</TABLE>>"
    )


def board_diagram(step: Step, previous: Step | None = None) -> graphviz.Digraph:
    """Draw both players' areas and the memory gauge, marking what changed since ``previous``.

    Player B (the side across the table) is drawn on top, then the memory gauge 10..0..10 with its marker
    (signed from Player A's side, CR 1-4-2), then Player A. Each side shows its Battle Area (each Digimon:
    top card, its place where another there has the same top card ("Player B's 2nd Digimon", the words a decision
    label names it by, :mod:`digiteach.place_words`), DP, suspended or unsuspended, digivolution cards, keywords),
    Breeding Area, Security Stack (face-down count, and the card being checked face up), and hand / deck / trash
    counts. With
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
    # not "Board: ...": the displays head its pane "Board" (said once, not twice)
    title = [bold(_("{player}'s turn, {phase}").format(player=player_name(board.turn_player), phase=term(board.phase)), wrap=None)]
    if board.winner:
        title.append(bold(_("{player} wins").format(player=player_name(board.winner)), wrap=None))
    g = new_graph("board", html_label(*title))
    g.attr("graph", rankdir="TB", newrank="true", compound="true")

    before_board = previous.board if previous is not None else None
    sides = {s.player: s for s in board.sides}
    before_sides = {s.player: s for s in before_board.sides} if before_board else {}
    top_side = sides.get("B", board.sides[1])
    bottom_side = sides.get("A", board.sides[0])

    b_battle, b_nodes = _side_cluster(g, top_side, board, before_sides.get(top_side.player), top=True)
    g.node("memory", _memory_label(board.memory, before_board.memory if before_board else None), shape="plain", style="")
    a_battle, a_nodes = _side_cluster(g, bottom_side, board, before_sides.get(bottom_side.player), top=False)
    g.edge(b_battle, "memory", style="invis", weight="10")
    g.edge("memory", a_battle, style="invis", weight="10")
    _attack_edge(g, step, bottom_side.player, a_nodes, b_nodes)
    return g


def _side_of(player: str) -> str:
    """``"Player A's side"`` (of the memory gauge)."""
    return _("{player}'s side").format(player=player_name(player))


def _memory_words(m: int) -> str:
    """The memory gauge's value naming its side's owner: ``"3 on Player A's side"`` (signed from Player A's side,
    CR 1-4-2), ``"0"``."""
    return "0" if m == 0 else caption("word.memory_side", amount=abs(m), player=player_name("A" if m > 0 else "B"))


def _counts_words(side: SideView) -> str:
    return _("hand {hand}, deck {deck}, trash {trash}").format(hand=side.hand_size, deck=side.deck_size, trash=len(side.trash))


def _count_changes(side: SideView, before: SideView) -> list[str]:
    """``"hand 5 -> 4"`` for each of hand, deck and trash whose size changed."""
    out = []
    for what, b, a in ((_("hand"), before.hand_size, side.hand_size), (_("deck"), before.deck_size, side.deck_size),
                       (_("trash"), len(before.trash), len(side.trash))):
        if a != b:
            out.append(f"{what} {b} -> {a}")
    return out


def _stack_words(st: StackView, place: str = "") -> str:
    words = [placed(st.top.label, place) if place else st.top.label]
    if st.dp is not None:
        words.append(f"{st.dp} DP")
    if st.kind != "Digimon":
        words.append(_kind_words(st.kind))
    if st.kind != "Option":
        words.append(_("suspended") if st.suspended else _("unsuspended"))
    if st.digivolution_cards:
        words.append(_under_words(st) if st.kind == "Tamer" else
                     _("under it {cards}").format(cards=", ".join(c.label for c in st.digivolution_cards)))
    if st.keywords:
        words.append(" ".join(f"<{k}>" for k in st.keywords))
    return ", ".join(words)


def _side_words(side: SideView, board: BoardView) -> str:
    role = _("turn player") if board.turn_player == side.player else _("non-turn player")
    places = _places(side)
    battle = "; ".join(_stack_words(st, places.get(k, "")) for k, st in enumerate(side.battle_area)) or _("no Digimon")
    breeding = _stack_words(side.breeding_area) if side.breeding_area else _("empty")
    security = _("{count} face down").format(count=side.security_size)
    if side.revealed:
        security = _("{count} face down, checking {card} face up").format(count=side.security_size, card=side.revealed.label)
    counts = _counts_words(side)
    if side.trash:
        counts = _("{counts} (top of trash: {card})").format(counts=counts, card=side.trash[0].label)
    return _("{player} ({role}): Battle Area: {battle}. Breeding Area: {breeding}. Security Stack: {security}. {counts}.").format(
        player=player_name(side.player), role=role, battle=battle, breeding=breeding, security=security, counts=counts)


def _side_changes(side: SideView, before: SideView) -> list[str]:
    """What changed on one side, in the words the diagram writes after "CHANGED:"."""
    before_stacks = {s.uid: s for s in before.battle_area}
    out = [f"{st.top.label} " + ", ".join(_stack_changes(st, before_stacks.get(st.uid))) for st in side.battle_area
           if _stack_changes(st, before_stacks.get(st.uid))]
    now = {s.uid for s in side.battle_area}
    out += [_("{card} left the Battle Area").format(card=s.top.label) for s in before.battle_area if s.uid not in now]
    if before.security_size != side.security_size:
        out.append(_("Security Stack {before} -> {now}").format(before=before.security_size, now=side.security_size))
    if side.revealed is not None and before.revealed != side.revealed:
        out.append(_("security card flipped: {card}").format(card=side.revealed.label))
    out += _count_changes(side, before)
    return [f"{player_name(side.player)}: {change}" for change in out]


def describe_board(step: Step, previous: Step | None = None) -> str:
    """The board diagram in words (the text alternative of :func:`board_diagram`).

    What changed since ``previous`` comes first (the words the diagram marks "CHANGED"), then the memory
    gauge (signed from Player A's side, CR 1-4-2) and each side: Battle Area (each Digimon's top card, DP,
    suspended or not, digivolution cards, keywords), Breeding Area, Security Stack, hand / deck / trash.
    """
    board = step.board
    text = [_("Board: {player}'s turn, {phase}.").format(player=player_name(board.turn_player), phase=term(board.phase))]
    if board.winner:
        text.append(_("{player} wins.").format(player=player_name(board.winner)))
    if previous is not None:
        before = {s.player: s for s in previous.board.sides}
        changes = [c for side in board.sides if side.player in before for c in _side_changes(side, before[side.player])]
        if previous.board.memory != board.memory:
            changes.append(_("memory was {memory}").format(memory=_memory_words(previous.board.memory)))
        text.append(_("Changed since the previous step: {changes}.").format(changes="; ".join(changes) if changes else _("nothing")))
    text.append(_("Memory: {memory}.").format(memory=_memory_words(board.memory)))
    sides = sorted(board.sides, key=lambda s: s.player != board.turn_player)
    text += [_side_words(side, board) for side in sides]
    return " ".join(text)
