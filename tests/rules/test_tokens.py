"""Tokens (CR 4-21): R57's Pipe Fox token from ST22-05 Sakuyamon."""

from __future__ import annotations

import pytest

from boards import activated, attack, board, names, play, play_from, side
from digiteach.cards import load_library
from digiteach.engine import initial_state
from digiteach.engine.ops import create_token
from digiteach.setup import Action, StackRef


def test_r57_token_made_in_the_counter_timing_blocks_and_leaves_the_game() -> None:
    """CR 11-1-4, 12-1, 4-21-5 (R57, QA Q5417): the token played by Sakuyamon's [When Digivolving] during the
    counter timing may block; deleted in battle, it is removed from the game (not trashed)."""
    setup = board(side("BT2-064"), side("BT22-037", hand=("ST22-05",), security=("BT1-064",) * 2))
    h = play(setup, attack(), ["Use [Counter]", "Play a Pipe Fox token", "Block with TOKEN-1"])
    end = h[-1]
    block = next(s.decision for s in h if s.decision is not None and s.decision.kind == "block")
    assert block.labels[0] == "Block with TOKEN-1 Pipe Fox Token"
    assert names(end, "B", "battle") == ["ST22-05"]
    assert names(end, "B", "trash") == []
    token = next(u for u, cd in enumerate(end.cards) if cd.number == "TOKEN-1")
    assert token in end.limbo
    assert len(end.players[1].security) == 2


def test_declining_the_token() -> None:
    """CR 15-9 (contrast): without the token B has no <Blocker>, and the attack checks a card."""
    setup = board(side("BT2-064"), side("BT22-037", hand=("ST22-05",), security=("BT1-064",) * 2))
    h = play(setup, attack(), ["Use [Counter]", "Don't play a token"])
    assert names(h[-1], "B", "battle") == ["ST22-05"]
    assert len(h[-1].players[1].security) == 1


def test_one_count_for_on_play_when_digivolving_and_when_attacking() -> None:
    """QA Q2299 (shared [Once Per Turn]): Sakuyamon's [When Digivolving] makes a token; its [When Attacking], the
    same printed effect, then does not trigger again this turn."""
    s0 = initial_state(board(side("BT22-037", hand=("ST22-05",)), side(security=("BT1-064",) * 2), memory=5),
                       load_library())
    h = play_from(s0, Action("digivolve", card=StackRef("A", 0), hand_card="ST22-05"), ["Play a Pipe Fox token"])
    assert names(h[-1], "A", "battle") == ["ST22-05", "TOKEN-1"]
    h2 = play_from(h[-1], attack())
    assert [t for t in activated(h2[-1]) if "ST22-05" in t] == ["Activate [When Digivolving] of ST22-05 Sakuyamon: play a token, use an Option"]


def test_create_token_refuses_a_normal_card() -> None:
    """CR 4-21: only token cards are created by effects."""
    s0 = initial_state(board(side(), side()), load_library())
    with pytest.raises(ValueError, match="not a token"):
        create_token(s0, 0, load_library()["BT1-064"])
