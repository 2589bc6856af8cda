"""conditions.OWN_SIDE names the condition kinds whose answer follows from the owner's areas, the card table, memory
and the turn player alone (the step views reuse a Digimon's view on that ground): on random boards, changing the other
player's areas and the attack never changes such a condition's answer, and each kind is asked of boards where it
holds and where it does not."""

from __future__ import annotations

import dataclasses
import random

from digiteach.cards import load_library
from digiteach.copying import replace
from digiteach.effects import CONDITION_KINDS, Cond
from digiteach.engine import initial_state
from digiteach.engine.conditions import CONDITIONS, OWN_SIDE, condition_met
from digiteach.soak import Pools, random_setup
from digiteach.state import PLAYER_TARGET, Attack, State

TEXTS = {"name_contains": "mon", "digivolution_cards_include": "Lv.3"}
"""The text a kind that reads one is asked with."""


def _elsewhere(s: State, owner: int) -> State:
    """``s`` with the other player's areas thinned out (a Battle Area stack, a security card and the hand moved to the
    trash) and an attack on that player under way: nothing of the owner's side changes."""
    other = s.players[1 - owner]
    moved = tuple(u for st in other.battle[:1] for u in st.cards) + other.hand + other.security[:1]
    thinned = dataclasses.replace(other, battle=other.battle[1:], hand=(), security=other.security[1:],
                                  trash=moved + other.trash)
    players = (s.players[0], thinned) if owner == 0 else (thinned, s.players[1])
    mine = s.players[owner].battle
    attack = None if not mine else Attack(attacker=mine[0].iid, attacker_card=mine[0].top, attacker_player=owner,
                                          target=PLAYER_TARGET, declared_target=PLAYER_TARGET, target_card=None)
    return replace(s, players=players, attack=attack)


def test_own_side_kinds_read_only_the_owners_side() -> None:
    assert OWN_SIDE <= set(CONDITIONS) and set(CONDITIONS) == set(CONDITION_KINDS)
    lib = load_library()
    pools = Pools.of(lib)
    rng = random.Random(11)
    answers: dict[str, set[bool]] = {kind: set() for kind in OWN_SIDE}
    for _ in range(120):
        s = initial_state(random_setup(rng, pools), lib)
        for owner in (0, 1):
            changed = _elsewhere(s, owner)
            for st in s.players[owner].battle:
                for kind in OWN_SIDE:
                    for n in (0, 1, 2, 4):
                        cond = Cond(kind, n=n, text=TEXTS.get(kind, ""))
                        before = condition_met(s, cond, owner, st.iid, None)
                        assert condition_met(changed, cond, owner, st.iid, None) == before, (kind, n)
                        answers[kind].add(before)
    assert all(seen == {True, False} for seen in answers.values()), answers
