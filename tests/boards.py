"""Shared helpers for building boards and playing actions in engine tests.

``side(...)`` and ``board(...)`` build a :class:`digiteach.setup.Setup`; ``play(setup, action, answers)``
returns the history; ``names(state, "B", "trash")`` lists card numbers in an area.
"""

from __future__ import annotations

from typing import Sequence

import pytest

from digiteach.cards import Card, load_library
from digiteach.engine import begin, initial_state, run
from digiteach.setup import Action, Setup, SideSetup, StackRef, StackSetup
from digiteach.state import State

LIB = load_library()


def stack(*cards: str, suspended: bool = False, placed: bool = False) -> StackSetup:
    """A Battle Area stack, top card first."""
    return StackSetup(cards=tuple(cards), suspended=suspended, placed_this_turn=placed)


def side(*battle: StackSetup | str, security: Sequence[str] = (), hand: Sequence[str] = (),
         deck: Sequence[str] = ("ST3-03",) * 5, trash: Sequence[str] = ()) -> SideSetup:
    """One player's areas; plain card numbers in ``battle`` become one-card unsuspended stacks."""
    stacks = tuple(stack(b) if isinstance(b, str) else b for b in battle)
    return SideSetup(battle_area=stacks, security=tuple(security), hand=tuple(hand), deck=tuple(deck),
                     trash=tuple(trash))


def board(a: SideSetup, b: SideSetup, memory: int = 3, turn: str = "A") -> Setup:
    """A Setup with Player A (turn player by default) and Player B."""
    return Setup(turn_player=turn, memory=memory, sides=(a, b))  # type: ignore[arg-type]


def attack(index: int = 0, target: int | None = None, player: str = "A") -> Action:
    """Player's Battle Area stack ``index`` attacks the opponent player, or opponent stack ``target``."""
    other = "B" if player == "A" else "A"
    return Action("attack", card=StackRef(player, index),  # type: ignore[arg-type]
                  target=None if target is None else StackRef(other, target))  # type: ignore[arg-type]


def play(setup: Setup, action: Action, answers: Sequence[str] = (), cards: dict[str, Card] | None = None) -> list[State]:
    """Begin ``action`` on ``setup`` and run it with ``answers``; the history starts at the initial state."""
    s0 = initial_state(setup, cards or LIB)
    s1 = begin(s0, action)
    return [s0] + run(s1, answers)


def names(s: State, player: str, area: str) -> list[str]:
    """Card numbers in ``area`` ("hand", "deck", "security", "trash", "battle" = top cards) of ``player``."""
    pl = s.players[0 if player == "A" else 1]
    if area == "battle":
        return [s.cards[st.top].number for st in pl.battle]
    return [s.cards[u].number for u in getattr(pl, area)]


def activated(s: State) -> list[str]:
    """Labels of activated effects, in order."""
    return [t for k, t in s.log if k == "activated"]


def memory_a(s: State) -> int:
    """Memory seen from Player A's side."""
    return s.memory if s.turn_player == 0 else -s.memory


@pytest.fixture
def lib() -> dict[str, Card]:
    return LIB


def cards(*extra: dict[str, object]) -> dict[str, Card]:
    """The bundled library plus inline test cards (dict form, see digiteach/cards/README.md)."""
    from digiteach.cards import card_from_dict

    return load_library([card_from_dict(d, f"<test card {d.get('number')}>") for d in extra])


def with_modifier(s: State, player: str, index: int, kind: str, amount: int = 0, keyword: str = "",
                  duration: str = "opponent_turn_end", owner: str | None = None) -> State:
    """``s`` with a lasting effect already on Battle Area stack ``index`` of ``player`` (e.g. <Blocker> from
    an Option used last turn)."""
    from dataclasses import replace

    from digiteach.state import Modifier

    p = 0 if player == "A" else 1
    st = s.players[p].battle[index]
    who = p if owner is None else (0 if owner == "A" else 1)
    m = Modifier(kind, st.iid, amount=amount, keyword=keyword, duration=duration, player=who, turn=s.turn - 1,
                 source="earlier effect")
    return replace(s, modifiers=s.modifiers + (m,))


def play_from(s0: State, action: Action, answers: Sequence[str] = ()) -> list[State]:
    """Like :func:`play` but from a prepared state."""
    return [s0] + run(begin(s0, action), answers)


def captions(history: Sequence[State]) -> str:
    """All captions of a history, one per line (for failure messages)."""
    return "\n".join(f"{i}: {s.caption}" for i, s in enumerate(history))


def rules_cited(history: Sequence[State]) -> set[str]:
    """Every rule number cited in a history."""
    return {r for s in history for r in s.rules}


ARMOR_PURGE_ATTACKER = """
id: t-armor-purge-attacker
title: the attacker trashes its top card by <Armor Purge> during the security check
source: {page: test, qa: [BT8-095 Q4705], rule: [CR 16-19]}
setup:
  turn_player: A
  memory: A3
  A:
    battle_area: [{cards: BT8-012 / BT2-021, name: Flame, gained: [Security A. +1]}]
  B:
    security: [BT2-060, BT1-064, ST3-04]
action:
  attack: {with: Flame, target: player}
choices: [{A: Use}]
"""
"""A scenario file (QA Q4705): the attacker, Flamedramon on Veemon with <Security A. +1>, trashes its top card by
<Armor Purge> between two security cards; captions and diagrams must then name Veemon (used by the caption and the
diagram tests)."""


def random_attack_games(seed: int, count: int, max_steps: int = 200) -> list[list[State]]:
    """``count`` played histories of random attacks on random boards from the whole library (``digiteach.soak``'s
    boards and opening actions; boards whose random action is not a legal attack are skipped), each stepped with
    random legal answers until finished or ``max_steps`` states long. The same ``seed`` gives the same games."""
    import random

    from digiteach.decisions import IllegalAction
    from digiteach.engine import step
    from digiteach.soak import Pools, random_action, random_setup

    library = LIB
    pools, rng = Pools.of(library), random.Random(seed)
    games: list[list[State]] = []
    while len(games) < count:
        s = initial_state(random_setup(rng, pools), library)
        action = random_action(s, rng)
        if action is None or action.kind != "attack":
            continue
        try:
            s = begin(s, action)
        except IllegalAction:
            continue
        history = [s]
        while not s.finished and len(history) < max_steps:
            s = step(s, rng.choice(s.decision.labels) if s.decision is not None else None)
            history.append(s)
        games.append(history)
    return games

