"""Turn engine states into the plain-data views of :mod:`digiteach.views` (the contract with diagrams,
widgets, the CLI and lessons)."""

from __future__ import annotations

import re

from typing import Sequence

from digiteach import captions as cap
from digiteach import views as v
from digiteach.cards import Card
from digiteach.engine import core as c
from digiteach.engine.printed import only_printed, printed_persistents
from digiteach.keywords import BOARD_KEYWORDS
from digiteach.memo import IdentityMemo
from digiteach.state import PLAYER_TARGET, Stack, State
from digiteach.terms import EffectStatus

__all__ = ["to_step", "to_result", "board_view"]


_CARD_VIEWS: IdentityMemo[Card, v.CardView] = IdentityMemo()
"""A card -> its view, memoised per card object."""


def _new_card_view(cd: Card) -> v.CardView:
    return v.CardView(number=cd.number, name=cd.name)


def _card_view(s: State, uid: int) -> v.CardView:
    return _CARD_VIEWS.lookup(s.cards[uid], _new_card_view)


def _keywords(s: State, st: Stack) -> tuple[str, ...]:
    have = c.keywords_of(s, st.iid)  # has_keyword adds only <Collision>'s <Blocker> to these (CR 16-30)
    names = [name for name in BOARD_KEYWORDS if name in have or (name == "Blocker" and c.has_keyword(s, st.iid, name))]
    sa = c.security_a(s, st.iid)
    if sa:
        names.append(f"Security A. {sa:+d}")
    return tuple(names)


_STACK_VIEWS: dict[tuple[int, int, bool], tuple[Stack, tuple[Card, ...], v.StackView]] = {}
"""(id(stack), id(card table), in a Battle Area) -> (the stack, the table, its view) for a stack whose view depends on
nothing else (see :func:`_stack_view`); the entry holds both, so their ids are not reused; cleared past 4,096."""


def _stack_view(s: State, st: Stack, printed_only: bool = False) -> v.StackView:
    """The view of ``st``. With ``printed_only`` (every effect on the board is a printed one and no <Collision> attack
    is under way, see :func:`_board_view`) a stack that prints no persistent effect has its printed DP, its printed
    keyword effects and no <Security A.>: its view is memoised per stack object and card table."""
    on_field = c.in_battle_area(s, st.iid)
    if not printed_only or printed_persistents(s, st):
        return _new_stack_view(s, st, on_field)
    key = (id(st), id(s.cards), on_field)
    hit = _STACK_VIEWS.get(key)
    if hit is None or hit[0] is not st or hit[1] is not s.cards:
        if len(_STACK_VIEWS) >= 4096:
            _STACK_VIEWS.clear()
        hit = _STACK_VIEWS[key] = (st, s.cards, _new_stack_view(s, st, on_field))
    return hit[2]


def _new_stack_view(s: State, st: Stack, on_field: bool) -> v.StackView:
    top = s.cards[st.top]
    return v.StackView(
        uid=st.iid,
        top=_card_view(s, st.top),
        digivolution_cards=tuple(_card_view(s, u) for u in st.digivolution_cards),
        dp=c.dp(s, st.iid) if on_field else top.dp,
        suspended=st.suspended,
        kind=top.kind,
        keywords=_keywords(s, st) if on_field else (),
    )


def board_view(s: State) -> v.BoardView:
    """The board of ``s``; memory signed from Player A's side (views convention). Built once per state
    (``s.cache``; a state that differs only in its caption or frames shares it), and taken over from the last
    board built when everything it is computed from is the same (:func:`_board_inputs`), as from one step of an
    attack to the next when only the attack's timing or the pending effects changed."""
    view: v.BoardView | None = s.cache.get("board_view")
    if view is None:
        inputs = _board_inputs(s)
        last = _LAST_BOARD[0] if _LAST_BOARD else None
        if last is not None and last[0] == inputs:
            view = last[1]
        else:
            view = _board_view(s)
            _LAST_BOARD[:] = [(inputs, view)]
        s.cache["board_view"] = view
    return view


_LAST_BOARD: list[tuple[tuple[object, ...], v.BoardView]] = []
"""The last board built and its inputs (one entry)."""


def _board_inputs(s: State) -> tuple[object, ...]:
    """Every field the board view reads, itself or through the queries it asks (DP, keywords, Security Attack):
    the areas, the card table and owners, the modifiers, the turn player, memory, phase, winner, and of the attack
    only who attacks, what was declared and the card revealed. A field a new query or view reads joins here."""
    a = s.attack
    attack = None if a is None else (a.attacker, a.attacker_player, a.declared_target, a.revealed)
    return (s.players, s.cards, s.owners, s.modifiers, s.turn_player, s.memory, s.phase, s.winner, attack)


def _board_view(s: State) -> v.BoardView:
    sides = []
    a = s.attack
    printed_only = only_printed(s) and (a is None or not c.has_keyword(s, a.attacker, "Collision"))
    for p, pl in enumerate(s.players):
        revealed = None
        if s.attack is not None and s.attack.revealed is not None and s.owners[s.attack.revealed] == p:
            revealed = _card_view(s, s.attack.revealed)
        sides.append(v.SideView(
            player="AB"[p],
            battle_area=tuple(_stack_view(s, st, printed_only) for st in pl.battle),
            breeding_area=_stack_view(s, pl.breeding, printed_only) if pl.breeding is not None else None,
            security_size=len(pl.security),
            hand_size=len(pl.hand),
            deck_size=len(pl.deck),
            trash=tuple(_card_view(s, u) for u in pl.trash),
            revealed=revealed,
        ))
    memory_a = s.memory if s.turn_player == 0 else -s.memory
    return v.BoardView(
        turn_player="AB"[s.turn_player],
        phase=s.phase.value,
        memory=memory_a,
        sides=(sides[0], sides[1]),
        winner=None if s.winner is None else "AB"[s.winner],
    )


def _attack_view(s: State) -> v.AttackView | None:
    a = s.attack
    if a is None:
        return None
    if a.target == PLAYER_TARGET:
        target = c.pname(1 - a.attacker_player)
        target_in_play = True
    else:
        target = s.cards[a.target_card].label if a.target_card is not None else "?"
        target_in_play = c.in_battle_area(s, a.target)
    return v.AttackView(
        attacker=s.cards[a.attacker_card].label,
        attacker_player="AB"[a.attacker_player],
        target=target,
        timing=a.timing.value,
        path=a.path,
        notes=a.notes,
        checked=tuple(_card_view(s, u) for u in a.checked),
        ended_by_effect=a.ended,
        attacker_in_play=c.in_battle_area(s, a.attacker),
        target_in_play=target_in_play,
    )


def _generations(s: State) -> tuple[v.GenerationView, ...]:
    out = []
    for g in s.pending:
        effects = []
        for p in g.effects:
            status = p.status
            if p.pid == s.activating and status is EffectStatus.ACTIVATING:
                status = EffectStatus.ACTIVATING
            effects.append(v.PendingEffectView(
                uid=p.pid,
                player="AB"[p.owner],
                card=_card_view(s, p.source),
                timing=p.effect.name.strip("[]<>"),
                label=p.label,
                optional=p.effect.optional,
                once_per_turn=p.effect.once_per_turn,
                status=status.value,
                caused=p.caused,
            ))
        out.append(v.GenerationView(number=g.number, effects=tuple(effects), cause=g.cause))
    return tuple(out)


def to_step(history: Sequence[State], index: int) -> v.Step:
    """Build the :class:`~digiteach.views.Step` for ``history[index]``: timing, caption, rules, pending
    generations, board (DP computed), attack, decision, and the choice made at it (taken from
    ``history[index + 1]``).

    Raises:
        IndexError: if ``index`` is outside ``history``.
    """
    s = history[index]
    nxt = history[index + 1] if index + 1 < len(history) else None
    decision = None
    if s.decision is not None:
        d = s.decision
        decision = v.DecisionView(player="AB"[d.player], kind=d.kind, prompt=d.prompt, options=d.labels)
    timing = s.attack.timing.value if s.attack is not None else (s.timing or s.phase.value)
    return v.Step(
        index=index,
        timing=timing,
        caption=s.caption or cap.text("word.board_before"),
        rules=s.rules,
        pending=_generations(s),
        board=board_view(s),
        attack=_attack_view(s),
        activating=s.activating,
        decision=decision,
        choice=nxt.choice if (nxt is not None and s.decision is not None) else None,
        differs=s.differs,
    )


_COPY_SUFFIX = re.compile(r" \(\d+\)$")


def to_result(history: Sequence[State]) -> v.TraceResult:
    """Summarise a played history: activation order, deleted cards, security sizes, memory (from
    Player A's side), winner, and the open decision's prompt if the answers ran out."""
    s = history[-1]
    return v.TraceResult(
        # " (2)" only told identical options apart inside one decision; the order does not need it.
        activation_order=tuple(_COPY_SUFFIX.sub("", t) for k, t in s.log if k == "activated"),
        deleted=tuple(t for k, t in s.log if k == "deleted"),
        security=(("A", len(s.players[0].security)), ("B", len(s.players[1].security))),
        memory=s.memory if s.turn_player == 0 else -s.memory,
        winner=None if s.winner is None else "AB"[s.winner],
        stopped_at=f"{c.pname(s.decision.player)}: {s.decision.prompt}" if s.decision is not None else None,
    )
