"""The shortcuts of the attack declaration and of triggering give what the full paths give: a declaration whose
suspension something watches still triggers it (CR 15-5), a printed "can't suspend" still stops the quiet suspension,
an event nothing watches (``triggers.watched``) collects nothing, and a trigger condition's card filters are still read
when it has some (``triggers.matches``)."""

from __future__ import annotations

import random

import pytest

from digiteach.cards import load_library
from digiteach.effects import EVENT_KINDS, When
from digiteach.engine import begin, initial_state
from digiteach.engine.ops import quiet_suspension
from digiteach.engine.triggers import matches, trigger, watched
from digiteach.setup import Action, Setup, SideSetup, StackRef, StackSetup
from digiteach.soak import Pools, random_setup
from digiteach.state import Event, Stack, State


def _board(a: tuple[str, ...], b: tuple[str, ...]) -> Setup:
    return Setup(turn_player="A", memory=3, sides=(
        SideSetup(battle_area=tuple(StackSetup((n,)) for n in a)),
        SideSetup(battle_area=tuple(StackSetup((n,)) for n in b), security=("BT1-064",))))


def test_a_watched_suspension_still_triggers_at_the_declaration() -> None:
    """BT2-079 VenomMyotismon gains memory when an opposing Digimon suspends: attacking with Player A's Digimon
    triggers it (the declaration cannot take its one-copy path)."""
    s0 = initial_state(_board(("BT1-080",), ("BT2-079",)), load_library())
    assert watched(s0, "suspended")
    assert quiet_suspension(s0, 0, s0.players[0].battle[0]) is None
    s = begin(s0, Action("attack", card=StackRef("A", 0)))
    waiting = [pe for g in s.pending for pe in g.effects] + list(s.collecting)
    assert any(s.cards[pe.source].number == "BT2-079" for pe in waiting), s.caption
    assert s.players[0].battle[0].suspended


def test_a_quiet_suspension_suspends_only_the_attacker() -> None:
    s0 = initial_state(_board(("BT1-080", "BT1-064"), ("BT1-064",)), load_library())
    st = s0.players[0].battle[0]
    player = quiet_suspension(s0, 0, st)
    if watched(s0, "suspended"):
        assert player is None
        return
    assert player is not None
    assert [x.suspended for x in player.battle] == [True, False]
    assert [x.cards for x in player.battle] == [x.cards for x in s0.players[0].battle]
    s = begin(s0, Action("attack", card=StackRef("A", 0)))
    assert [x.suspended for x in s.players[0].battle] == [True, False]


def test_a_printed_cant_suspend_is_never_skipped() -> None:
    """BT19-101 ZeedMillenniummon prints "can't suspend" (in force while it has no digivolution cards)."""
    s0 = initial_state(_board(("BT19-101",), ("BT1-064",)), load_library())
    assert quiet_suspension(s0, 0, s0.players[0].battle[0]) is None


def test_an_event_nothing_watches_collects_nothing() -> None:
    lib = load_library()
    pools = Pools.of(lib)
    rng = random.Random(7)
    checked = 0
    for _ in range(60):
        s = initial_state(random_setup(rng, pools), lib)
        stacks = [(p, st) for p in (0, 1) for st in s.players[p].battle]
        if not stacks:
            continue
        p, st = rng.choice(stacks)
        for kind in EVENT_KINDS:
            if not watched(s, kind):
                checked += 1
                assert trigger(s, Event(kind, p, st.iid, st.top, by=p)) is s, kind
    assert checked > 100


def test_a_trigger_conditions_card_filters_are_read() -> None:
    s = initial_state(_board(("BT1-080",), ("BT1-064",)), load_library())
    st = s.players[0].battle[0]
    ev = Event("attacks", 0, st.iid, st.top, by=0)
    assert matches(s, When(event="attacks", whose="any", kind="any"), 1, 99, ev)
    assert not matches(s, When(event="attacks", whose="any", kind="any", suspended=True), 1, 99, ev)
    assert not matches(s, When(event="attacks", whose="any", kind="Tamer"), 1, 99, ev)
    assert not matches(s, When(event="attacks", whose="any", kind="any", min_dp=99000), 1, 99, ev)


def test_battle_silence_passes_over_a_board_only_when_the_long_way_says_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """``keyword_words.battle_silence`` skips a board where no stack can have <Retaliation>, <Barrier> or <Decoy>
    (``printed_only.may_name_any``): every step's caption and rules of random attack games are the same with the
    shortcut forced off, and some game on those boards does say one of the three sentences."""
    from digiteach.engine.rules import deletion, keyword_words
    from tests.boards import random_attack_games

    said: list[str] = []

    def counted(s: State, deleted: list[tuple[int, Stack]]) -> list[tuple[str, dict[str, str]]]:
        out = keyword_words.battle_silence(s, deleted)
        said.extend(key for key, _fields in out)
        return out

    monkeypatch.setattr(deletion, "battle_silence", counted)
    fast = [[(s.caption, s.rules) for s in game] for game in random_attack_games(15, 300)]
    spoken = len(said)
    monkeypatch.setattr(keyword_words, "may_name_any", lambda *_args: True)
    slow = [[(s.caption, s.rules) for s in game] for game in random_attack_games(15, 300)]
    assert fast == slow
    assert spoken and len(said) == 2 * spoken, said  # the sentences were said, and as often both ways
