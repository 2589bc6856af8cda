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
