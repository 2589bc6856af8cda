"""The speed work's caches give the same answers as the slow paths: the fast scenario headers, the on-disk card
library and scenario cache (a changed file is read again), State.replace and the per-state cache."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
import random
from pathlib import Path

import pytest

import digiteach.scenario as sc
from digiteach import catalog, diskcache, views
from digiteach.cards import cards_from_files, load_library
from digiteach import i18n
from digiteach.engine import initial_state
from digiteach.engine.labels import effect_label
from digiteach.engine.printed import EffectSource, printed_effects, stack_facts
from digiteach.engine.query import dp, find
from digiteach.engine.trigger_conditions import ALL, by_event
from digiteach.engine.triggers import trigger
from digiteach.engine.trace import board_view
from digiteach.setup import Setup, SideSetup, StackSetup
from digiteach.copying import ATTACK_READ, PASSIVE_FIELDS, replace
from digiteach.state import PLAYER_TARGET, Attack, Event, Stack, State
from digiteach.terms import AttackTiming


def test_fast_headers_agree_with_the_parser() -> None:
    """Every bundled file's id and title, read from its top lines, equal what the full parse gives."""
    headers = catalog.bundled_headers()
    assert headers
    for path, header in headers:
        parsed = sc.load_scenario(path)
        assert header.id in (None, parsed.id), path
        assert header.title in (None, parsed.title), path
        assert header.id is not None and header.title is not None, f"{path.name}: the fast reading gave up"


@pytest.mark.parametrize("text", [
    "id: R1\ntitle: >\n  folded\n",          # block scalar
    "id: R1\ntitle: two\n  lines\n",         # continuation line
    "id: R1\ntitle: 12\n",                   # a number, not a string
    "id: R1\ntitle: true\n",                 # a boolean
    "id: R1\ntitle: a\ntitle: b\n",          # a repeated key
    "id: R1\ntitle: \"tab\\x41\"\n",          # an escape JSON does not share
    "id: R1\ntitle: a: b\n",                 # not a plain scalar
])
def test_fast_headers_give_up_where_yaml_needs_its_rules(text: str) -> None:
    assert catalog.peek_header(text).title is None


def test_a_changed_card_file_is_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DIGITEACH_CACHE", str(tmp_path))
    text = "- number: ZZ1-001\n  name: Testmon\n  kind: Digimon\n  level: 3\n  dp: 3000\n  play_cost: 3\n  colors: [Red]\n"
    first = cards_from_files([("test.yaml", text)])
    assert list(tmp_path.glob("cards-*.entry")), "the parsed library was not stored"
    assert cards_from_files([("test.yaml", text)]) == first  # read back from the cache
    changed = cards_from_files([("test.yaml", text.replace("3000", "4000"))])
    assert changed[0].dp == 4000 and first[0].dp == 3000
    for entry in tmp_path.glob("*.entry"):  # deleting the folder's files is safe
        entry.unlink()
    assert cards_from_files([("test.yaml", text)]) == first


def test_a_corrupt_cache_entry_is_a_miss(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DIGITEACH_CACHE", str(tmp_path))
    assert diskcache.cached("test", ["a"], lambda: 1) == 1
    for entry in tmp_path.glob("test-*.entry"):
        entry.write_bytes(b"digiteach-cache-2 not a pickle")
    assert diskcache.cached("test", ["a"], lambda: 2) == 2
    assert diskcache.cached("test", ["b"], lambda: 3) == 3
    assert diskcache.cached("test", ["a"], lambda: 4) == 2  # the rewritten entry verifies


class _Planted:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (print, ("planted code ran",))


def test_a_planted_entry_runs_no_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Someone sharing the cache folder writes a pickle that would call a function: it is never unpickled (its HMAC
    does not verify), it is a miss and is rewritten."""
    monkeypatch.setenv("DIGITEACH_CACHE", str(tmp_path))
    assert diskcache.cached("test", ["p"], lambda: "mine") == "mine"
    (entry,) = tmp_path.glob("test-*.entry")
    good = entry.read_bytes()
    for planted in (b"digiteach-cache-2" + pickle.dumps(_Planted()),
                    good[:49] + pickle.dumps(_Planted()),          # our header and MAC, another body
                    b"digiteach-cache-1" + pickle.dumps(_Planted())):  # the old unauthenticated format
        entry.write_bytes(planted)
        assert diskcache.cached("test", ["p"], lambda: "rebuilt") == "rebuilt"
        assert "planted code ran" not in capsys.readouterr().out
    assert diskcache.cached("test", ["p"], lambda: "x") == "rebuilt"  # rewritten, and it verifies


def test_an_entry_copied_under_another_name_does_not_verify(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DIGITEACH_CACHE", str(tmp_path))
    diskcache.cached("test", ["one"], lambda: 1)
    diskcache.cached("test", ["two"], lambda: 2)
    one, two = (tmp_path / (diskcache.key_of("test", [k]) + ".entry") for k in ("one", "two"))
    two.write_bytes(one.read_bytes())
    assert diskcache.cached("test", ["two"], lambda: 22) == 22


def test_a_value_of_the_wrong_type_is_a_miss(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DIGITEACH_CACHE", str(tmp_path))
    assert diskcache.cached("test", ["t"], lambda: "a string") == "a string"
    assert diskcache.cached("test", ["t"], lambda: (1, 2), expect=tuple) == (1, 2)
    assert diskcache.cached("test", ["t"], lambda: (3,), expect=tuple) == (1, 2)


def test_the_secret_is_private_and_outside_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("DIGITEACH_CACHE", str(tmp_path / "cache"))
    diskcache.secret.cache_clear()
    try:
        key = diskcache.secret()
        keyfile = tmp_path / "config" / "digiteach" / "cache-key"
        assert key is not None and len(key) == 32 and keyfile.read_bytes() == key
        assert keyfile.stat().st_mode & 0o777 == 0o600
        assert diskcache.cached("test", ["k"], lambda: 1) == 1
        keyfile.chmod(0o644)  # readable by others: forgeable, so the cache is not used
        diskcache.secret.cache_clear()
        assert diskcache.secret() is None
        assert diskcache.cached("test", ["k"], lambda: 2) == 2
    finally:
        diskcache.secret.cache_clear()


def test_cached_scenarios_equal_parsed_ones(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DIGITEACH_CACHE", str(tmp_path))
    path = catalog.bundled_paths()[0]
    text = path.read_text(encoding="utf-8")
    fresh = sc.parse_scenario(text, str(path))
    assert sc.load_scenario(path) == fresh  # stored
    assert sc.load_scenario(path) == fresh  # read back


def _state() -> State:
    setup = Setup(turn_player="A", memory=3, sides=(
        SideSetup(battle_area=(StackSetup(("BT1-080",)), StackSetup(("BT1-081",)))),
        SideSetup(battle_area=(StackSetup(("BT1-064",)),), security=("BT1-064",))))
    return initial_state(setup, load_library())


def test_replace_matches_dataclasses_replace() -> None:
    s = _state()
    for changes in ({"caption": "x"}, {"memory": -2, "turn": 5}, {}):
        assert replace(s, **changes) == dataclasses.replace(s, **changes)
    st = s.players[0].battle[0]
    assert replace(st, suspended=True) == dataclasses.replace(st, suspended=True)
    pl = s.players[0]  # a class without slots, copied through its instance dict
    assert replace(pl, hand=(1,)) == dataclasses.replace(pl, hand=(1,)) and replace(pl, hand=(1,)) != pl
    assert pl.hand != (1,) and replace(pl).__dict__ is not pl.__dict__
    with pytest.raises(TypeError):
        replace(s, no_such_field=1)
    with pytest.raises(TypeError):
        replace(st, no_such_field=1)
    with pytest.raises(TypeError):
        replace(pl, no_such_field=1)


def test_security_check_stage_built_directly_keeps_every_field() -> None:
    """battle.at_stage builds the next stage's frame from its fields: it equals ``replace`` for a frame with every field
    set (a field added to SecurityCheckFrame and left out there fails here)."""
    from digiteach.engine.rules.battle import at_stage
    from digiteach.state import SecurityCheckFrame, SecurityStage
    f = SecurityCheckFrame(SecurityStage.BATTLE, piercing=True, base=2)
    for stage in SecurityStage:
        assert at_stage(f, stage) == dataclasses.replace(f, stage=stage)
    assert [x.name for x in dataclasses.fields(SecurityCheckFrame)] == ["stage", "piercing", "base"]


def test_frames_built_directly_name_every_field() -> None:
    """h_resolve builds ``ResolveFrame(chosen, f.confirmed)`` for ``replace(f, chosen=chosen)``: a field added to
    ResolveFrame and left out there fails here."""
    from digiteach.state import ResolveFrame
    assert [x.name for x in dataclasses.fields(ResolveFrame)] == ["chosen", "confirmed"]


def test_the_cache_is_shared_only_across_passive_changes() -> None:
    s = _state()
    iid = s.players[0].battle[0].iid
    assert find(s, iid) is not None and dp(s, iid) is not None
    assert replace(s, caption="said", frames=()).cache is s.cache
    assert "caption" in PASSIVE_FIELDS and "players" not in PASSIVE_FIELDS
    moved = replace(s, players=(replace(s.players[0], battle=()), s.players[1]))
    assert moved.cache is not s.cache and find(moved, iid) is None and dp(moved, iid) is None


def test_the_cache_is_shared_across_attack_edits_no_query_reads() -> None:
    """A new timing or note of the attack keeps the cache; a new target (read by the selector "attack target") does
    not."""
    s = _state()
    iid = s.players[0].battle[0].iid
    s = replace(s, attack=Attack(attacker=iid, attacker_card=s.players[0].battle[0].top, attacker_player=0,
                                 target=PLAYER_TARGET, declared_target=PLAYER_TARGET, target_card=None))
    dp(s, iid)
    assert "attack" not in PASSIVE_FIELDS and "target" in ATTACK_READ
    assert s.attack is not None
    later = replace(s, attack=replace(s.attack, timing=AttackTiming.BLOCK, notes=(("block", "x"),)))
    assert later.cache is s.cache
    retargeted = replace(s, attack=replace(s.attack, target=s.players[1].battle[0].iid))
    assert retargeted.cache is not s.cache
    assert replace(s, attack=None).cache is not s.cache


def test_the_cache_is_not_part_of_the_value() -> None:
    s = _state()
    before = pickle.dumps(s)
    dp(s, s.players[0].battle[0].iid)
    assert s.cache and pickle.dumps(s) == before
    back = pickle.loads(before)
    assert back == s and back.cache == {} and hash(back) == hash(s)
    assert "cache" not in repr(s)
    assert isinstance(s.players[0].battle[0], Stack)


def _board(*stacks: tuple[str, ...]) -> State:
    """Player A's Battle Area holds ``stacks`` (each top card first)."""
    setup = Setup(turn_player="A", memory=3, sides=(
        SideSetup(battle_area=tuple(StackSetup(cards) for cards in stacks)),
        SideSetup(battle_area=(StackSetup(("BT1-064",)),), security=("BT1-064",))))
    return initial_state(setup, load_library())


def _printed(s: State, st: Stack) -> list[EffectSource]:
    """The effects printed on ``st``, from the cards (CR 4-3-3): the top card's, then the inherited ones."""
    top = s.cards[st.top]
    out: list[EffectSource] = [(e, st.top, "main", i) for i, e in enumerate(top.effects)]
    for uid in st.cards[1:] if top.kind == "Digimon" else ():
        out += [(e, uid, "inherited", i) for i, e in enumerate(s.cards[uid].inherited)]
    return out


def test_a_stacks_printed_facts_follow_the_cards_that_print_inherited_effects() -> None:
    """A stack's facts are shared across games per top card and cards printing inherited effects at their positions
    (``printed._SHAPES``; a card printing none adds nothing): stacks that differ in where such a card sits, or which
    one it is, each name their own cards, in every game."""
    top, on_deletion, when_attacking, plain = "BT1-044", "BT1-030", "BT1-041", "BT1-064"
    assert load_library()[on_deletion].inherited and load_library()[when_attacking].inherited
    assert not load_library()[plain].inherited
    stacks = [(top, plain, on_deletion), (top, on_deletion, plain), (top, on_deletion), (top, plain, when_attacking),
              (top, plain, plain, on_deletion), (top, plain), (top,)]
    for s in (_board(*stacks), _board(*reversed(stacks)), _board(*stacks)):
        for st in s.players[0].battle:
            expected = _printed(s, st)
            assert list(printed_effects(s, st)[0]) == expected
            watching = stack_facts(s, st).watching
            found = [(e, st.cards[k], slot, i) for e, k, slot, i, _w in watching.get(ALL, ())]
            assert found == [x for x in expected if by_event([x])]


def test_a_collected_effects_label_is_in_the_language_in_force() -> None:
    """Labels of collected effects are memoised across games (``triggers._LABELS``) per language: the same effect
    collected in English, German, then English again gets each language's label."""
    labels = []
    for lang in ("en", "de", "en"):
        with i18n.language(lang):
            s = _board(("BT1-021",))
            st = s.players[0].battle[0]
            s = trigger(s, Event("attacks", 0, st.iid, st.top, by=0, other=PLAYER_TARGET, target_player=True))
            pe = s.collecting[0]
            assert pe.label == effect_label(s, pe.effect, pe.source, pe.slot, st.top)
            labels.append(pe.label)
    assert labels[0] == labels[2] != labels[1]
def test_a_flush_with_work_is_kept() -> None:
    """``rule_check.end_processing`` leaves the FlushFrame out only when it would do nothing: not when the rule check
    finds a Digimon with 0 DP, nor when the edit changes a field the rule check reads."""
    from digiteach.engine import core as c
    from digiteach.engine.frames import RESOLVE, flush
    from digiteach.engine.rules.rule_check import end_processing
    from digiteach.state import FlushFrame, Modifier

    s = _state()
    assert end_processing(c.Edit(s), RESOLVE, flush=flush("test")).frames == (RESOLVE,)
    iid = s.players[1].battle[0].iid
    zero = replace(s, modifiers=(Modifier("dp", iid, amount=-99000, player=0, turn=s.turn, source="test"),))
    assert dp(zero, iid) == 0
    assert end_processing(c.Edit(zero), RESOLVE, flush=flush("test")).frames == (RESOLVE, flush("test"))
    moved = c.Edit(s).put(players=zero.players)  # the edited state, not its base, is what the flush would read
    assert isinstance(end_processing(moved, RESOLVE, flush=flush("test")).frames[-1], FlushFrame)


def test_gained_keywords_and_effects_are_seen_past_the_printed_shortcut() -> None:
    """``has_keyword`` and the "can't ..." checks skip the look only when nothing is gained or aimed: a keyword
    gained through a modifier, which no printed effect of the Digimon names, is still found."""
    from digiteach.engine.query import has_keyword, keywords_of
    from digiteach.state import Modifier

    s = _state()
    iid = s.players[0].battle[0].iid
    assert not has_keyword(s, iid, "Jamming")
    gained = replace(s, modifiers=(Modifier("keyword", iid, keyword="Jamming", player=0, turn=s.turn, source="test"),))
    assert has_keyword(gained, iid, "Jamming") and "Jamming" in keywords_of(gained, iid)
@pytest.mark.parametrize("cls", list(views.QUICK), ids=lambda cls: cls.__name__)
def test_quick_view_constructors_build_what_the_class_builds(cls: type) -> None:
    """Each quick constructor of :mod:`digiteach.views` takes every field of its class, in order, and builds an object
    of exactly that class, equal to the constructor's (same repr and hash) and as frozen."""
    make = views.QUICK[cls]
    names = [f.name for f in dataclasses.fields(cls)]
    assert list(inspect.signature(make).parameters) == names
    values = [f"{name}!" for name in names]
    quick, slow = make(*values), cls(*values)
    assert type(quick) is cls
    assert quick == slow and repr(quick) == repr(slow) and hash(quick) == hash(slow)
    assert dataclasses.asdict(quick) == dataclasses.asdict(slow)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(quick, names[0], None)


def test_board_faces_are_shared_only_by_stacks_naming_the_same_keywords() -> None:
    """Two Digimon with the same printed DP and no effect in force share the memoised DP and keyword line only when
    their printed effects name the same keywords: BT1-081 (10000 DP, <Piercing>) is not shown as EX2-035 (10000 DP,
    no effect), whichever is drawn first, and the other way round."""
    lib = load_library()
    for first, second in (("EX2-035", "BT1-081"), ("BT1-081", "EX2-035")):
        setup = Setup(turn_player="A", memory=3, sides=(
            SideSetup(battle_area=(StackSetup((first,)), StackSetup((second,))), deck=("EX2-035",) * 3),
            SideSetup(battle_area=(StackSetup(("EX2-035",)),), security=("EX2-035",) * 2)))
        board = board_view(initial_state(setup, lib))
        shown = {st.top.number: (st.dp, st.keywords) for st in board.sides[0].battle_area}
        assert shown == {"EX2-035": (10000, ()), "BT1-081": (10000, ("Piercing",))}


def test_the_board_shows_collision_blockers_when_the_attacker_prints_collision() -> None:
    """CR 16-30: while a Digimon whose printed effects name <Collision> attacks, the opponent's Digimon are shown with
    <Blocker> (the board asks the query for a stack that names the keyword; for any other it need not)."""
    from boards import attack, board, cards, play, side

    collider = {"number": "T-010", "name": "Crashmon", "level": 6, "colors": ["Red"], "dp": 12000,
                "keywords": ["Collision"], "summary": "Test card with <Collision>."}
    for attacker, shown in (("T-010", ("Blocker",)), ("BT1-064", ())):
        h = play(board(side(attacker), side("ST3-03", security=("BT1-064",))), attack(), cards=cards(collider))
        s = next(s for s in h if s.attack is not None)
        assert board_view(s).sides[1].battle_area[0].keywords == shown, attacker


def test_board_views_agree_with_the_queries_on_random_boards() -> None:
    """The board's memoised views (a stack's view per stack object and effects in force, a face per printed DP, keywords
    named and effects in force or in scope with the turn, a side's view per Player object) show what the queries say:
    each Battle Area Digimon's DP is ``query.dp`` of the state shown, at every step of random attacks, with either
    player as the turn player (the turn decides which [Your Turn] / [Opponent's Turn] effects are in force)."""
    import random

    from digiteach.decisions import IllegalAction
    from digiteach.engine import begin, step
    from digiteach.soak import Pools, random_action, random_setup

    lib = load_library()
    pools, rng, played = Pools.of(lib), random.Random(11), 0
    while played < 60:
        setup = random_setup(rng, pools)
        setup = dataclasses.replace(setup, turn_player="AB"[played % 2])
        s = initial_state(setup, lib)
        action = random_action(s, rng)
        if action is None:
            continue
        try:
            s = begin(s, action)
        except IllegalAction:
            continue
        history = [s]
        while not s.finished and len(history) < 200:
            s = step(s, rng.choice(s.decision.labels) if s.decision is not None else None)
            history.append(s)
        for s in history:
            board = board_view(s)
            for p in (0, 1):
                for st, shown in zip(s.players[p].battle, board.sides[p].battle_area):
                    assert (shown.uid, shown.dp, shown.suspended) == (st.iid, dp(s, st.iid), st.suspended)
        played += 1


def test_a_boards_facts_kept_in_its_state_are_those_made_afresh() -> None:
    """A board's printed facts are kept in its state's cache (``printed._board``), so an action begun on the state a
    legality check looked at finds them however many boards were looked at in between; they equal the facts made
    afresh (the same state's value, copied with an empty cache, after the module's memos moved on), for the board and
    for a later one whose areas hold the same cards (a stack suspended)."""
    from digiteach.engine.printed import area_facts, board_facts, only_printed
    from digiteach.soak import Pools, random_setup

    lib = load_library()
    pools = Pools.of(lib)
    rng = random.Random(11)
    states = [initial_state(random_setup(rng, pools), lib) for _ in range(40)]
    kept = [board_facts(s) for s in states]  # each looked at once, the memos moving on to the next board
    for s, facts in zip(states, kept):
        assert board_facts(s) is facts
        fresh = pickle.loads(pickle.dumps(s))  # an equal state with an empty cache
        for _ in range(2):
            for other in states:
                board_facts(replace(other, memory=other.memory))
            assert board_facts(fresh) == facts and only_printed(fresh) == only_printed(s)
        board_facts(s)
        for p in (0, 1):
            battle = s.players[p].battle
            if battle:
                turned = tuple(replace(st, suspended=not st.suspended) for st in battle)
                assert area_facts(s, turned) == facts[p]


def test_an_areas_kinds_agree_with_its_stacks() -> None:
    """``effect_kinds.area_may_have`` is False only where ``may_have`` is False for every stack of the area (the
    counter timing and a deletion's immediate effects pass over such an area), on random boards, with and without a
    modifier in force."""
    from digiteach.engine.effect_kinds import area_may_have, may_have
    from digiteach.soak import Pools, random_setup
    from digiteach.state import Modifier

    lib = load_library()
    pools = Pools.of(lib)
    rng = random.Random(5)
    seen = {True: 0, False: 0}
    for _ in range(200):
        s = initial_state(random_setup(rng, pools), lib)
        for board in (s, replace(s, modifiers=(Modifier("dp", -1, amount=1000, source="test"),))):
            for p in (0, 1):
                battle = board.players[p].battle
                for kind in ("immediate", "counter"):
                    area = area_may_have(board, battle, kind)
                    seen[area] += 1
                    assert area == any(may_have(board, st, kind) for st in battle) or (area and board.modifiers)
    assert seen[True] and seen[False]


def test_an_attack_problem_kept_in_the_state_is_the_one_found_afresh() -> None:
    """``opening.attack_problem`` is memoised per state and stack: the answer equals the one found on an equal state
    with an empty cache, and a stack that changed (suspended) is looked at again (CR 11-2-5)."""
    from digiteach.engine.opening import attack_problem
    from digiteach.soak import Pools, random_setup

    lib = load_library()
    pools = Pools.of(lib)
    rng = random.Random(3)
    for _ in range(60):
        s = initial_state(random_setup(rng, pools), lib)
        fresh = pickle.loads(pickle.dumps(s))
        for st in s.players[s.turn_player].battle:
            assert attack_problem(s, st) == attack_problem(s, st) == attack_problem(fresh, st)
            turned = replace(st, suspended=True)
            if s.cards[st.top].kind == "Digimon":
                assert attack_problem(s, turned) == "a suspended Digimon cannot attack: attacking suspends it (CR 11-2-5)"


def test_step_views_kept_per_state_and_object_are_those_built_afresh() -> None:
    """The step views' memos (the attack's names, places and checked cards kept in the state's cache, a card's view
    shared by number, a pending effect's view per effect object, a timing name per effect) show what the state says:
    at every step of random attacks, asked in English and then in German of the same states (the attacked player's
    name is in the language in force), each attack view, pending and triggered effect view and card view equals one
    built the long way from the state itself."""
    from boards import random_attack_games
    from digiteach.engine import to_step
    from digiteach.engine.core import pname
    from digiteach.state import PendingEffect
    from digiteach.views import AttackView, CardView, PendingEffectView

    def card(s: State, uid: int) -> CardView:
        return CardView(number=s.cards[uid].number, name=s.cards[uid].name)

    def effect(s: State, p: PendingEffect) -> PendingEffectView:
        return PendingEffectView(uid=p.pid, player="AB"[p.owner], card=card(s, p.source),
                                 timing=p.effect.name.strip("[]<>"), label=p.label, optional=p.effect.optional,
                                 per_turn=p.effect.per_turn, status=p.status.value, caused=p.caused)

    def attack(s: State, timing: str) -> AttackView:
        a = s.attack
        assert a is not None
        at = find(s, a.attacker)
        tt = find(s, a.target) if a.target != PLAYER_TARGET else None
        attacker = at[1].top if at is not None else a.attacker_card
        if a.target == PLAYER_TARGET:
            target = pname(1 - a.attacker_player)
        else:
            uid = tt[1].top if tt is not None else a.target_card
            target = s.cards[uid].label if uid is not None else "?"
        return AttackView(attacker=s.cards[attacker].label, attacker_player="AB"[a.attacker_player], target=target,
                          timing=timing, path=a.path, notes=a.notes, checked=tuple(card(s, u) for u in a.checked),
                          ended_by_effect=a.ended, attacker_in_play=at is not None,
                          target_in_play=a.target == PLAYER_TARGET or tt is not None, attacker_uid=a.attacker,
                          target_uid=None if a.target == PLAYER_TARGET else a.target)

    for history in random_attack_games(5, 40):
        for lang in ("en", "de"):
            with i18n.language(lang):
                for i, s in enumerate(history):
                    shown = to_step(history, i)
                    if s.attack is not None:
                        assert shown.attack == attack(s, shown.timing), (lang, i)
                    assert shown.pending == tuple(views.GenerationView(
                        number=g.number, effects=tuple(effect(s, p) for p in g.effects), cause=g.cause)
                        for g in s.pending), (lang, i)
                    assert shown.triggered == tuple(effect(s, p) for p in s.collecting), (lang, i)
                    for p in (0, 1):
                        side = shown.board.sides[p]
                        assert side.trash == tuple(card(s, u) for u in s.players[p].trash)
                        for st, view in zip(s.players[p].battle, side.battle_area):
                            assert (view.top, view.digivolution_cards) == (
                                card(s, st.cards[0]), tuple(card(s, u) for u in st.cards[1:]))


def test_a_card_view_is_shared_only_by_the_card_it_was_made_for() -> None:
    """Card views are found by card number and kept only for the card object they were made for: another card with
    the same number and another name (an inline scenario card) gets its own view."""
    from digiteach.engine.board_views import table_views

    lib = load_library()
    one = next(iter(lib.values()))
    other = dataclasses.replace(one, name=one.name + " (inline)")
    first, second = table_views((one, other, one)), table_views((other, one))
    assert [(c.number, c.name) for c in first] == [(one.number, one.name), (other.number, other.name),
                                                   (one.number, one.name)]
    assert [(c.number, c.name) for c in second] == [(other.number, other.name), (one.number, one.name)]


def test_step_views_of_two_games_asked_in_turn_are_those_of_each_alone() -> None:
    """The view memos kept for one card table at a time (stacks, sides, pending effects, generations) are dropped when
    another game's state is asked about: asking two games' steps in turn gives the views each gives alone."""
    from boards import random_attack_games
    from digiteach.engine import to_step

    games = random_attack_games(8, 6)
    copies = pickle.loads(pickle.dumps(games))  # the same games with empty caches and their own card tables
    in_turn: dict[tuple[int, int], object] = {}
    for k in range(0, len(games), 2):
        for i in range(max(len(games[k]), len(games[k + 1]))):
            for g in (k, k + 1):
                if i < len(games[g]):
                    in_turn[g, i] = to_step(games[g], i)
    for g, h in enumerate(copies):
        for i in range(len(h)):
            assert to_step(h, i) == in_turn[g, i], (g, i)
