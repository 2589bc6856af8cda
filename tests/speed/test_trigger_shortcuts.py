"""The shortcuts of triggering give what the long way gives: collecting from the Battle Areas' index by event
(``triggers.trigger`` without ``stacks``) collects what looking at every stack collects, and a deletion whose events
nothing on the board watches (``triggers.watched``) collects nothing from the stacks it would look at (CR 15-5), and
collecting a deletion's triggers from the index (``triggers.trigger_leaving``) collects what looking at every stack,
the deleted first, collects (CR 15-4-2-2); a stack's triggered effects now (``triggers.watching_now``) are its
printed ones only when nothing is granted or gained; a security check whose revealed card does not battle trashes it in
one handler call as the two stages after the battle would (CR 13-1-8-3/4)."""

from __future__ import annotations

import random

from digiteach.cards import load_library
from digiteach.effects import EVENT_KINDS
from digiteach.decisions import IllegalAction
from digiteach.engine import begin, initial_state, step
from digiteach.engine.query import all_stacks
from digiteach.copying import changed
from digiteach.engine.frames import set_top
from digiteach.engine.printed import stack_facts
from digiteach.engine.rules.battle import at_stage, h_security
from digiteach.engine.rules.resolution import loop_end, loop_over
from digiteach.engine.query import effects_of
from digiteach.engine.trigger_conditions import by_event
from digiteach.engine.triggers import trigger, trigger_leaving, trigger_many, watched, watching_now
from digiteach.soak import Pools, random_action, random_setup
from digiteach.state import Event, SecurityCheckFrame, SecurityStage


def test_the_board_index_collects_what_every_stack_collects() -> None:
    lib = load_library()
    pools = Pools.of(lib)
    rng = random.Random(11)
    collected = 0
    for _ in range(80):
        s = initial_state(random_setup(rng, pools), lib)
        stacks = all_stacks(s)
        if not stacks:
            continue
        for kind in EVENT_KINDS:
            p, st = rng.choice(stacks)
            ev = Event(kind, p, st.iid, st.top, by=rng.choice((0, 1)))
            fast, slow = trigger(s, ev), trigger(s, ev, stacks)
            assert fast.collecting == slow.collecting, kind
            assert fast.next_id == slow.next_id
            collected += len(fast.collecting)
            other = rng.choice(stacks)
            evs = [ev, Event(kind, other[0], other[1].iid, other[1].top, by=p)]
            assert trigger_many(s, evs).collecting == trigger_many(s, evs, stacks).collecting, kind
    assert collected > 20


def test_deletion_events_nothing_watches_collect_nothing_from_any_stack() -> None:
    lib = load_library()
    pools = Pools.of(lib)
    rng = random.Random(5)
    checked = 0
    for _ in range(80):
        s = initial_state(random_setup(rng, pools), lib)
        stacks = all_stacks(s)
        if not stacks:
            continue
        p, st = rng.choice(stacks)
        events = [Event("deleted", p, st.iid, st.top, "battle", 1 - p, None),
                  Event("opponent_deleted_in_battle", 1 - p, st.iid, st.top, "battle", None, st.iid)]
        if not any(watched(s, ev.kind) for ev in events):
            checked += 1
            assert trigger_many(s, events, stacks) is s
    assert checked > 10


def test_leaving_stacks_collect_what_the_sorted_pool_collects() -> None:
    lib = load_library()
    pools = Pools.of(lib)
    rng = random.Random(23)
    collected = 0
    for _ in range(150):
        s = initial_state(random_setup(rng, pools), lib)
        stacks = all_stacks(s)
        if not stacks:
            continue
        leaving = rng.sample(stacks, rng.randint(1, min(3, len(stacks))))
        gone = {st.iid for _p, st in leaving}
        events = [Event("deleted", p, st.iid, st.top, "battle" if len(leaving) > 1 else "battle_alone", 1 - p, None)
                  for p, st in leaving]
        if rng.random() < 0.5:
            p, st = leaving[0]
            events.append(Event("opponent_deleted_in_battle", 1 - p, st.iid, st.top, "battle", None, st.iid))
        pool = leaving + [x for x in stacks if x[1].iid not in gone]
        slow = trigger_many(s, events, sorted(pool, key=lambda x: x[0] != s.turn_player))
        fast = trigger_leaving(s, events, leaving)
        assert fast.collecting == slow.collecting
        assert fast.next_id == slow.next_id
        collected += len(fast.collecting)
    assert collected > 20


def test_watching_now_is_what_the_effects_a_stack_has_watch() -> None:
    lib = load_library()
    pools = Pools.of(lib)
    rng = random.Random(3)
    looked = beyond = 0
    for _ in range(120):
        s = initial_state(random_setup(rng, pools), lib)
        action = random_action(s, rng)
        if action is None:
            continue
        try:
            states = [s, begin(s, action)]
        except IllegalAction:
            continue
        while not states[-1].finished:
            now = states[-1]
            states.append(step(now, rng.choice(now.decision.labels) if now.decision is not None else None))
        for now in states:
            for p in (0, 1):
                for st in now.players[p].battle:
                    effects = effects_of(now, st)
                    if not stack_facts(now, st).grants and not now.modifiers:
                        continue
                    looked += 1
                    beyond += len(effects) > len(stack_facts(now, st).sources)
                    at = st.cards.index
                    assert watching_now(now, st) == by_event([(e, at(src), slot, i) for e, src, slot, i in effects])
    assert looked > 50 and beyond > 0, (looked, beyond)


def test_a_card_that_does_not_battle_is_trashed_as_the_stages_after_the_battle_would() -> None:
    lib = load_library()
    pools = Pools.of(lib)
    rng = random.Random(17)
    compared = 0
    for _ in range(400):
        s = initial_state(random_setup(rng, pools), lib)
        action = random_action(s, rng)
        if action is None or action.kind != "attack":
            continue
        try:
            s = begin(s, action)
        except IllegalAction:
            continue
        while not s.finished:
            f = s.frames[-2] if len(s.frames) > 1 else None
            if isinstance(f, SecurityCheckFrame) and f.stage is SecurityStage.BATTLE and s.decision is None \
                    and loop_over(s):  # the step goes on from the security check at its battle stage
                now = changed(s, {"caption": "", "rules": (), "differs": "", "choice": None, **loop_end(s)})
                fast = h_security(now, f, None)
                slow = set_top(now, at_stage(f, SecurityStage.END_OF_BATTLE))
                while not slow.caption and type(slow.frames[-1]) is SecurityCheckFrame \
                        and slow.frames[-1].stage is not SecurityStage.REVEAL:
                    slow = h_security(slow, slow.frames[-1], None)
                if fast.caption and "trash" in fast.caption and fast.frames[-1].stage is SecurityStage.REVEAL:
                    compared += 1
                    assert fast == slow
            s = step(s, rng.choice(s.decision.labels) if s.decision is not None else None)
    assert compared > 8, compared
