"""The short form of the long invariant check (``python -m digiteach.soak --steps 100000`` is the long one)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from digiteach.cards import load_library
from digiteach.engine import initial_state
from digiteach.soak import Pools, check_state, random_setup, soak


def test_short_soak_keeps_every_invariant() -> None:
    report = soak(2_000, seed=7)
    assert report.steps >= 2_000 and report.actions > 50 and report.decisions > 20, report


def test_the_checker_catches_a_duplicated_card() -> None:
    """The invariant check can fail: a card put in two places is reported."""
    lib = load_library()
    s = initial_state(random_setup(random.Random(3), Pools.of(lib)), lib)
    check_state(s, len(s.cards))
    a = s.players[0]
    broken = s.__class__(**{**{k: v for k, v in s.__dict__.items() if k != "cache"},
                            "players": (a.__class__(**{**{f.name: getattr(a, f.name) for f in dataclasses.fields(a)},
                                                       "hand": a.hand + (a.battle[0].top,)}), s.players[1])})
    with pytest.raises(AssertionError, match="two places"):
        check_state(broken, len(s.cards))
