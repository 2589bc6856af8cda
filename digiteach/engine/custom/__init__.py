"""Card functions for :class:`~digiteach.effects.Custom` actions, one module per card set (bt1, bt4, ...), and
:mod:`.common` for what several cards share. Importing this package registers them all
(:func:`digiteach.engine.customs.register_custom`).

To add a card whose effect its data cannot express: write ``{do: custom, name: <set>_<number>_<what>}`` in its
YAML, and a function in the module of its set that follows the protocol of :mod:`digiteach.engine.customs`,
built from :mod:`digiteach.engine.ops`, :mod:`digiteach.engine.ask` and the queries of
:mod:`digiteach.engine.core`; register it at the bottom of that module. A new set's module is added to the
import line below.
"""

from __future__ import annotations

from digiteach.engine.custom import bt1, bt4, bt9, bt17, bt21, bt23, bt25, common, ex2, ex4, ex11, p, st22

__all__ = ["bt1", "bt4", "bt9", "bt17", "bt21", "bt23", "bt25", "common", "ex2", "ex4", "ex11", "p", "st22"]
