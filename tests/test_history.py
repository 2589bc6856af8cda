"""History: step-back is the earlier snapshot; states compare, hash and are never mutated."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from boards import attack, board, play, side, stack
from digiteach.engine import begin, initial_state, run, step, to_step
from digiteach.cards import load_library
from digiteach.decisions import IllegalAnswer


def _history() -> list:
    setup = board(side(stack("BT1-081", "BT1-079")), side("ST4-08", "BT1-064", security=()), memory=5)
    return play(setup, attack(), ["Block with ST4-08", "Activate [End of Attack]"])


def test_step_back_is_the_previous_snapshot() -> None:
    """Replaying from history[i] gives history[i + 1] again: there is no hidden mutable state."""
    h = _history()
    answers = iter(["Block with ST4-08 Kabuterimon", "Activate [End of Attack] of BT1-081 HerculesKabuterimon"])
    for i in range(1, len(h) - 1):
        s = h[i]
        nxt = step(s, next(answers)) if s.decision is not None else step(s)
        assert nxt == h[i + 1]
        assert hash(nxt) == hash(h[i + 1])


def test_states_are_frozen_and_hashable() -> None:
    h = _history()
    assert len({hash(s) for s in h}) == len(h)
    with pytest.raises(dataclasses.FrozenInstanceError):
        h[0].memory = 7  # type: ignore[misc]


def test_states_copy_and_pickle() -> None:
    """No generators or closures inside State: deepcopy and pickle work."""
    h = _history()
    for s in h:
        assert copy.deepcopy(s) == s
        assert pickle.loads(pickle.dumps(s)) == s


def test_earlier_states_unchanged_by_later_steps() -> None:
    h = _history()
    before = [pickle.dumps(s) for s in h]
    _ = [to_step(h, i) for i in range(len(h))]
    assert [pickle.dumps(s) for s in h] == before


def test_branching_from_a_decision() -> None:
    """Two answers to the same decision give two different futures from one shared snapshot."""
    setup = board(side(stack("BT1-080", "BT1-079")), side("ST4-08", "BT1-064", security=("ST3-03",)), memory=5)
    s = begin(initial_state(setup, load_library()), attack())
    h = run(s, [])
    at_block = h[-1]
    assert at_block.decision is not None and at_block.decision.kind == "block"
    blocked = run(at_block, ["Block with ST4-08"])[-1]
    not_blocked = run(at_block, ["Don't block"])[-1]
    assert len(blocked.players[1].security) == 1
    assert len(not_blocked.players[1].security) == 0
    assert at_block == h[-1]


def test_illegal_answer_lists_labels_and_rule() -> None:
    setup = board(side("BT1-080"), side("ST1-06", security=("BT1-064",)))
    h = run(begin(initial_state(setup, load_library()), attack()), [])
    with pytest.raises(IllegalAnswer) as err:
        step(h[-1], "Tap to block")
    assert "Block with ST1-06 Coredramon" in str(err.value) and "CR 12-1" in str(err.value)
    with pytest.raises(IllegalAnswer):
        step(h[-1])


def test_step_views_cover_every_state() -> None:
    h = _history()
    steps = [to_step(h, i) for i in range(len(h))]
    assert [s.index for s in steps] == list(range(len(h)))
    block = next(s for s in steps if s.decision is not None and s.decision.kind == "block")
    assert block.choice == "Block with ST4-08 Kabuterimon"
    assert all(s.caption for s in steps)
    assert steps[-1].board.memory == 2
