"""An Edit makes all of a handler's changes as one copy: the same value as the changes made one by one, and a query
cache kept only where no change is one a query reads."""

from __future__ import annotations

import pytest

from digiteach.cards import load_library
from digiteach.copying import changed, changed_state, changed_state_and_attack, replace
from digiteach.engine import initial_state, ops, step
from digiteach.engine.rules.resolution import loop_end, loop_over
from digiteach.engine.edits import Edit
from digiteach.engine.query import dp, find
from digiteach.setup import Setup, SideSetup, StackSetup
from digiteach.state import PLAYER_TARGET, Attack, ResolveFrame, State
from digiteach.terms import AttackTiming


def _attacking() -> State:
    setup = Setup(turn_player="A", memory=3, sides=(
        SideSetup(battle_area=(StackSetup(("BT1-080",)),), deck=("BT1-081", "BT1-064", "BT1-080")),
        SideSetup(battle_area=(StackSetup(("BT1-064",)),), security=("BT1-064",))))
    s = initial_state(setup, load_library())
    st = s.players[0].battle[0]
    return replace(s, attack=Attack(attacker=st.iid, attacker_card=st.top, attacker_player=0, target=PLAYER_TARGET,
                                    declared_target=PLAYER_TARGET, target_card=None))


def test_the_attack_changes_make_one_copy_equal_to_the_changes_one_by_one() -> None:
    s = _attacking()
    dp(s, s.players[0].battle[0].iid)
    edited = Edit(s).enter_timing(AttackTiming.BLOCK).note_timing(AttackTiming.BLOCK, "no block") \
        .set_attack(end_fired=True).enter_timing(AttackTiming.BLOCK).done()
    one_by_one = ops.note_timing(ops.enter_timing(s, AttackTiming.BLOCK), AttackTiming.BLOCK, "no block")
    assert one_by_one.attack is not None
    one_by_one = replace(one_by_one, attack=replace(one_by_one.attack, end_fired=True))
    assert edited == one_by_one and edited.attack == one_by_one.attack
    assert edited.attack is not None and edited.attack.path == (AttackTiming.BLOCK.value,)
    assert edited.cache is s.cache  # nothing a query reads changed
    assert s.attack is not None and s.attack.path == () and not s.attack.end_fired  # the base is untouched


def test_a_change_queries_read_joins_the_copy_and_drops_the_cache() -> None:
    s = _attacking()
    iid = s.players[0].battle[0].iid
    assert find(s, iid) is not None
    gone = replace(s.players[0], battle=())
    edited = Edit(s).enter_timing(AttackTiming.COUNTER).set_player(0, gone).put(memory=-1).tell("attack.none_to_end")
    out = edited.done()
    assert out.players == (gone, s.players[1]) and out.memory == -1 and out.caption
    assert out.attack is not None and out.attack.timing is AttackTiming.COUNTER
    assert out.cache is not s.cache and find(out, iid) is None and find(s, iid) is not None


def test_a_new_attack_replaces_the_changes_made_on_the_old_one() -> None:
    s = _attacking()
    assert s.attack is not None
    new = replace(s.attack, target=s.players[1].battle[0].iid)
    out = Edit(s).note_timing(AttackTiming.BLOCK, "x").put(attack=new).enter_timing(AttackTiming.BLOCK).done()
    assert out.attack == replace(new, timing=AttackTiming.BLOCK, path=(AttackTiming.BLOCK.value,))
    assert out.cache is not s.cache  # the target is read by queries


def test_an_unknown_field_is_refused() -> None:
    s = _attacking()
    with pytest.raises(TypeError):
        Edit(s).put(no_such_field=1).done()
    with pytest.raises(ValueError):
        Edit(s).set_attack(target=PLAYER_TARGET)  # a field queries read goes through put


def test_a_draw_of_several_cards_equals_drawing_them_one_at_a_time() -> None:
    s = _attacking()
    deck = s.players[0].deck
    out = ops.draw(s, 0, 2)
    assert out.players[0].hand == s.players[0].hand + deck[:2] and out.players[0].deck == deck[2:]
    short = ops.draw(s, 0, 5)  # the deck runs out: what is there is drawn (CR 1-3-2)
    assert short.players[0].deck == () and short.players[0].hand == s.players[0].hand + deck
    assert short.caption != out.caption


@pytest.mark.parametrize("others", [{}, {"caption": "x", "frames": ()}, {"memory": -1}, {"attack": "given"}])
@pytest.mark.parametrize("attack_changes", [{"notes": (("block timing", "x"),)}, {"end_fired": True},
                                            {"target": 7}, {"target": PLAYER_TARGET}, {"no_such_field": 1}])
def test_the_state_and_attack_copy_equals_the_two_copies_made_one_after_the_other(
        others: dict[str, object], attack_changes: dict[str, object]) -> None:
    """``copying.changed_state_and_attack`` (``Edit.done``'s one call) against the long way: the attack copied with
    ``changed``, then the State with ``changed_state``: the same value, the same cache kept or dropped, the same
    error for a name that is no field."""
    s = _attacking()
    assert s.attack is not None
    find(s, s.players[0].battle[0].iid)  # something in the cache
    changes = dict(others)
    if changes.get("attack") == "given":
        changes["attack"] = replace(s.attack, timing=AttackTiming.BLOCK)
    base_attack = changes["attack"] if "attack" in changes else s.attack
    try:
        long_way = changed_state(s, changes | {"attack": changed(base_attack, attack_changes)})
    except TypeError:
        with pytest.raises(TypeError):
            changed_state_and_attack(s, dict(changes), attack_changes)
        return
    given = dict(changes)
    out = changed_state_and_attack(s, given, attack_changes)
    assert out == long_way and out.attack == long_way.attack and given["attack"] == out.attack
    assert (out.cache is s.cache) == (long_way.cache is s.cache)


def test_a_change_to_a_field_queries_read_drops_the_cache_as_before() -> None:
    """``changed_state`` decides without ``_drops_cache`` for a change that is neither passive nor the attack: it
    drops the cache, as ``_drops_cache`` says; an unknown name still raises TypeError."""
    s = _attacking()
    find(s, s.players[0].battle[0].iid)
    assert changed_state(s, {"memory": 1, "caption": "x"}).cache is not s.cache
    assert changed_state(s, {"caption": "x"}).cache is s.cache
    assert changed_state(s, {"attack": replace(s.attack, notes=(("a", "b"),))}).cache is s.cache
    with pytest.raises(TypeError):
        changed_state(s, {"memory": 1, "no_such_field": 2})


def test_a_resolution_loop_without_generations_is_over_as_loop_over_says() -> None:
    """``engine.step`` ends a resolution loop with no generation at all without asking ``loop_over``: it says so too,
    and the step is the one the long way makes (the loop ended in the copy that clears the caption)."""
    s = replace(_attacking(), frames=(ResolveFrame(),), pending=(), caption="before", rules=("CR 1",))
    assert loop_over(s)
    out = step(s)
    assert out.frames == () and out.pending == () and out.caption == "" and out.rules == ()
    long_way = changed_state(s, {"caption": "", "rules": (), "differs": "", "choice": None} | loop_end(s))
    assert out.attack is not None and out.timing == out.attack.timing  # the step's own last change
    assert out == replace(long_way, timing=out.timing)
