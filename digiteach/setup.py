"""Plain-data description of a board and an opening action: the contract between scenario files and the engine.

``digiteach.scenario`` reads YAML into these classes (with located errors); ``digiteach.engine`` turns
them into a ``State`` (``initial_state``) and starts the action (``begin``). Nothing here knows YAML or
the engine's internals.

Card references are card numbers (``"BT1-081"``) looked up in the card library, which the scenario may
extend with inline cards. Stacks and piles are written top card first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from digiteach.rulesets import DEFAULT_NAME

__all__ = ["StackSetup", "SideSetup", "InForce", "Setup", "StackRef", "Action"]


@dataclass(frozen=True, slots=True)
class StackSetup:
    """One stack on the field: ``cards[0]`` is the top card, the rest are its digivolution cards (top first).

    ``placed_this_turn`` marks a Digimon that cannot attack this turn (CR 7-1-2-1), or an Option card whose <Delay>
    cannot be activated yet (CR 16-17-3). ``by_effect`` concerns an Option card on top: True (the default), an effect
    placed it there (CR 4-28-1, the only way the rules put one there) and it stays; False, the next rule check trashes
    it (CR 17-1-3-2-2).
    """

    cards: tuple[str, ...]
    suspended: bool = False
    placed_this_turn: bool = False
    by_effect: bool = True
    gained: tuple[str, ...] = ()
    """Effects an earlier effect granted this Digimon for the turn, written as keywords (e.g. ``"Blocker"``,
    ``"Blitz"``): wiki Attack Resolution ex. 7 (Rosemon's <Blocker> from BT1-103) and ex. 11."""


@dataclass(frozen=True, slots=True)
class SideSetup:
    """One player's areas. Every pile is a tuple of card numbers, top card first."""

    battle_area: tuple[StackSetup, ...] = ()
    breeding_area: StackSetup | None = None
    hand: tuple[str, ...] = ()
    security: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    trash: tuple[str, ...] = ()
    egg_deck: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class InForce:
    """A lasting change already in force when the scenario starts, as if an earlier effect of ``player`` had made
    it: ``action`` is a ``dp``, ``security_a``, ``grant_keyword`` or ``grant_effect`` action (effect data from
    :mod:`digiteach.effects`) whose ``target`` is a ``who: all`` selector read from ``player``'s side. With
    ``lasting: set`` it reaches Digimon that arrive later too (CR 15-11-2); otherwise it is on the Digimon found
    at the start."""

    player: Literal["A", "B"]
    action: object
    source: str = "an earlier effect"


@dataclass(frozen=True, slots=True)
class Setup:
    """A board to start from.

    ``memory`` is signed from the turn player's side (CR 1-4-2): 3 means 3 on the turn player's side,
    -2 means 2 on the opponent's side. ``sides[0]`` is Player A, ``sides[1]`` Player B.
    ``ruleset`` names the Comprehensive Rules version the engine follows, one of :data:`digiteach.rulesets.NAMES`
    (``"CR 4.2"``, also accepted as ``"4.2"``).
    """

    turn_player: Literal["A", "B"]
    memory: int
    sides: tuple[SideSetup, SideSetup]
    phase: str = "main phase"
    ruleset: str = DEFAULT_NAME
    turn: int = 2
    in_force: tuple[InForce, ...] = ()


@dataclass(frozen=True, slots=True)
class StackRef:
    """A Digimon on the field: ``player`` "A"/"B", ``area`` "battle" or "breeding", ``index`` into that area."""

    player: Literal["A", "B"]
    index: int
    area: Literal["battle", "breeding"] = "battle"


@dataclass(frozen=True, slots=True)
class Action:
    """The opening action of a scenario.

    Kinds and the fields they use:
    - ``"attack"``: ``card`` attacks ``target`` (a ``StackRef``), or the opponent player when ``target`` is None.
    - ``"digivolve"``: ``card`` digivolves into hand card ``hand_card`` (a card number) using ``cost``
      (None: the card's own digivolution cost).
    - ``"play"``: play hand card ``hand_card``.
    - ``"use"``: use the Option ``hand_card`` from hand.
    - ``"activate"``: activate the [Main] effect of ``card``.
    - ``"pass"``: pass the turn (CR 6-5-1-7).
    - ``"end_turn"``: run the end of turn (e.g. [End of Your Turn] effects) without passing.
    - ``"start_turn"``: play the turn player's unsuspend, draw and breeding phases up to the main phase
      (CR 6-2..6-4), from a state in one of those phases (e.g. where an earlier action's turn passed).
    """

    kind: Literal["attack", "digivolve", "play", "use", "activate", "pass", "end_turn", "start_turn"]
    card: StackRef | None = None
    target: StackRef | None = None
    hand_card: str | None = None
    cost: int | None = None
    extra: tuple[tuple[str, str], ...] = field(default=())
