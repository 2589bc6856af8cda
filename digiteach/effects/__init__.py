"""Card effects as plain data (CR ch.15): triggers, conditions, selectors and actions.

An :class:`Effect` is split the way the rules split it: its trigger (a bracketed timing such as
[When Attacking], or a "when ..." event, CR 15-5), its scope ([Your Turn] / [Opponent's Turn], CR 15-16-8),
its processing ``condition`` ("if ...", checked on activation, CR 15-8-3-9), whether it is ``optional``
("you may", CR 15-9), an [X Per Turn] limit (CR 15-14-1) and ``actions`` processed in printed order
(CR 15-1-2). A :class:`Persistent` effect has no trigger (CR 15-8-2): DP changes, <Blocker>, Security A.

Everything is a frozen dataclass, so effects can be printed, compared, hashed and stored inside a
``State``. Each effect carries a short ``summary`` in our own words (never the printed card text).

The package splits the vocabulary in three: :mod:`~digiteach.effects.selectors` (selectors, conditions,
trigger conditions), :mod:`~digiteach.effects.actions` (one dataclass per action; those about where a card is in
:mod:`~digiteach.effects.field_actions`) and
:mod:`~digiteach.effects.effect` (:class:`Effect`, :class:`Persistent`); every name is importable from
``digiteach.effects``.

>>> e = Effect(timing=Timing.WHEN_ATTACKING, actions=(GainMemory(1),), summary="Gain 1 memory.")
>>> e.category
'trigger'
"""

from __future__ import annotations

from digiteach.effects import actions as _actions_module
from digiteach.effects import effect as _effect_module
from digiteach.effects import selectors as _selectors_module
from digiteach.effects.actions import *  # noqa: F403 (every action; the list is actions.__all__)
from digiteach.effects.effect import *  # noqa: F403
from digiteach.effects.selectors import *  # noqa: F403
from digiteach.terms import Timing

__all__ = [*_selectors_module.__all__, *_actions_module.__all__, *_effect_module.__all__]
