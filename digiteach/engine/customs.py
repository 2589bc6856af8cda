"""The extension hook for a user's own Python: card functions for :class:`~digiteach.effects.Custom` actions
(``{do: custom, name: ...}``), for an effect the card data language cannot express yet, and the protocol such a
function follows. Every library card is written as data; nothing in the package registers a function here.

A card function is ``fn(state, frame) -> State | (State, frames)``, registered under a name with
:func:`register_custom`; card data names it with ``{do: custom, name: ...}``. ``frame`` is the
:class:`~digiteach.state.ActivateFrame` of the effect being processed: ``owner`` (the effect's player),
``holder`` (the Digimon's iid, or None), ``source`` (the card's uid), ``subject``/``other`` (iids named by the
trigger event), and ``picked``.

Re-entry protocol. The function may open a decision with :func:`digiteach.engine.ask.ask` and return the state.
The effect then waits. When the player answers, the chosen option's ``ref`` is appended to ``frame.picked``
and the function is called again from the start with the same frame. A function that asks several questions
therefore reads its answers in order: ``picked[0]`` answers the first question, ``picked[1]`` the second, and
``len(frame.picked)`` says which question comes next. An option naming two things uses a :class:`Pair` ref
(:func:`pack_pair` / :func:`unpack_pair`, one order everywhere).

Result. Return the new state when done, or ``(state, frames)`` to have frames (a deletion, an inline [Main]
effect, ...) run before the next action of the effect; the last frame given runs first. Build the state
changes from :mod:`digiteach.engine.ops` and read the board with :mod:`digiteach.engine.core`.
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Union

from digiteach.state import ActivateFrame, Frame, State

__all__ = ["CUSTOM", "CustomResult", "CustomFunction", "register_custom", "Pair", "pack_pair", "unpack_pair"]

CustomResult = Union[State, tuple[State, list[Frame]]]
"""What a card function returns: the new state, optionally with frames to run next (last runs first)."""

CustomFunction = Callable[[State, ActivateFrame], CustomResult]
"""A card function: ``fn(state, frame) -> CustomResult`` (see the module docstring)."""

CUSTOM: dict[str, CustomFunction] = {}
"""Registered card functions: name -> function."""


def register_custom(name: str, fn: CustomFunction) -> None:
    """Register ``fn`` for ``Custom(name)`` actions (see :data:`CUSTOM`); a later registration replaces it."""
    CUSTOM[name] = fn


class Pair(NamedTuple):
    """Two ids named by one option: a Digimon (stack ``iid``) and a card (``uid``)."""

    iid: int
    uid: int


_PAIR_BASE = 1_000_000
"""``Option.ref`` is an int: a pair is packed as ``uid * _PAIR_BASE + iid`` (iids stay below it)."""


def pack_pair(pair: Pair) -> int:
    """``Option.ref`` for an option naming a Digimon and a card.

    >>> unpack_pair(pack_pair(Pair(iid=12, uid=3)))
    Pair(iid=12, uid=3)
    """
    return pair.uid * _PAIR_BASE + pair.iid


def unpack_pair(ref: int) -> Pair:
    """The :class:`Pair` that :func:`pack_pair` packed into ``ref``."""
    uid, iid = divmod(ref, _PAIR_BASE)
    return Pair(iid=iid, uid=uid)
