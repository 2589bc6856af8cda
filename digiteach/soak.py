"""A long invariant check: random boards from the whole card library, random legal actions and answers, every
step checked.

Run: ``python3 -m uv run python -m digiteach.soak --steps 100000 [--seed 0]`` (a few minutes; prints one line of
counts and exits 1 at the first broken invariant, naming the seed, board and step). ``tests/speed/test_soak.py``
runs a short form in ``./test``.

After every step it checks (OpenSpiel-style consistency, CR references in :func:`check_state`):

- every card is in exactly one place, and no card is lost or added except a token (CR 4-21);
- memory is within -10..10 (CR 1-4-2-2);
- a pending effect belongs to a Digimon in the Battle Area, or is marked lost, or was triggered by its own
  card's deletion (CR 15-4-4-3, 4-15-2);
- every option of an open decision is accepted by the engine, with unique labels;
- stepping back and answering the same gives an equal state (the engine is a pure function of the state).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from digiteach.cards import Card, load_library
from digiteach.decisions import IllegalAction
from digiteach.engine import begin, initial_state, legal_attacks, step
from digiteach.engine.core import all_cards_places, in_battle_area
from digiteach.setup import Action, Setup, SideSetup, StackRef, StackSetup
from digiteach.state import PLAYER_TARGET, State
from digiteach.terms import EffectStatus, Timing

__all__ = ["Pools", "random_setup", "random_action", "check_state", "SoakReport", "soak", "main"]

MAX_STEPS_PER_ACTION = 600


@dataclass(frozen=True)
class Pools:
    """The library's card numbers by use: Digimon with DP, level <= 4 bases, Digi-Eggs, Tamers, every card."""

    digimon: tuple[str, ...]
    bases: tuple[str, ...]
    eggs: tuple[str, ...]
    tamers: tuple[str, ...]
    every: tuple[str, ...]

    @staticmethod
    def of(lib: Mapping[str, Card]) -> Pools:
        digimon = tuple(sorted(n for n, c in lib.items() if c.kind == "Digimon" and c.dp is not None))
        return Pools(
            digimon=digimon,
            bases=tuple(n for n in digimon if (lib[n].level or 0) <= 4),
            eggs=tuple(sorted(n for n, c in lib.items() if c.kind == "Digi-Egg")),
            tamers=tuple(sorted(n for n, c in lib.items() if c.kind == "Tamer")),
            every=tuple(sorted(lib)),
        )


def random_setup(rng: random.Random, pools: Pools, stacks: int = 4) -> Setup:
    """A random board: Player A is the turn player with 0..6 memory, up to ``stacks`` stacks a side."""
    sides = []
    for p in range(2):
        battle = [StackSetup((rng.choice(pools.digimon),
                              *[rng.choice(pools.bases + pools.eggs) for _ in range(rng.choice((0, 0, 1, 2, 3)))]),
                             suspended=rng.random() < (0.15 if p == 0 else 0.5))
                  for _ in range(rng.randint(1 if p == 0 else 0, stacks))]
        if rng.random() < 0.4 and pools.tamers:
            battle.append(StackSetup((rng.choice(pools.tamers),)))
        sides.append(SideSetup(
            battle_area=tuple(battle),
            hand=tuple(rng.choice(pools.every) for _ in range(rng.randint(0, 4))),
            security=tuple(rng.choice(pools.every) for _ in range(rng.randint(0, 5))),
            deck=tuple(rng.choice(pools.every) for _ in range(rng.randint(0, 6))),
            trash=tuple(rng.choice(pools.every) for _ in range(rng.randint(0, 10))),
        ))
    return Setup(turn_player="A", memory=rng.randint(0, 6), sides=(sides[0], sides[1]))


def random_action(s: State, rng: random.Random) -> Action | None:
    """A random opening action for the turn player: sometimes a digivolution, an Option's use or a [Main] effect,
    else an attack (None when no attack is legal)."""
    tp = s.turn_player
    me, name = s.players[tp], "AB"[tp]
    if rng.random() < 0.25:
        for uid in me.hand:
            new = s.cards[uid]
            for i, st in enumerate(me.battle):
                top = s.cards[st.top]
                if top.kind == "Digimon" and any(d.level == top.level and d.color in top.colors for d in new.digivolve):
                    return Action("digivolve", card=StackRef(name, i), hand_card=new.number)  # type: ignore[arg-type]
    if rng.random() < 0.15:
        for uid in me.hand:
            if s.cards[uid].kind == "Option" and any(getattr(e, "timing", None) is Timing.MAIN
                                                     for e in s.cards[uid].effects):
                return Action("use", hand_card=s.cards[uid].number)
    pairs = legal_attacks(s)
    if not pairs:
        return None
    attacker, target = rng.choice(pairs)
    index = next(i for i, x in enumerate(me.battle) if x.iid == attacker)
    tref = None
    if target != PLAYER_TARGET:
        theirs = s.players[1 - tp].battle
        tref = StackRef("AB"[1 - tp], next(i for i, x in enumerate(theirs) if x.iid == target))  # type: ignore[arg-type]
    return Action("attack", card=StackRef(name, index), target=tref)  # type: ignore[arg-type]


def check_state(s: State, cards_at_start: int) -> None:
    """Raise AssertionError naming the first invariant ``s`` breaks (see the module doc)."""
    places = all_cards_places(s)
    uids = Counter(uid for uid, _ in places)
    twice = [u for u, n in uids.items() if n > 1]
    assert not twice, f"cards in two places: {twice}"
    missing = set(range(len(s.cards))) - set(uids)
    assert not missing, f"cards in no place: {sorted(missing)}"
    assert len(s.cards) >= cards_at_start and all(c.token for c in s.cards[cards_at_start:]), \
        "a card other than a token was added (CR 4-21)"
    assert -10 <= s.memory <= 10, f"memory {s.memory} outside -10..10 (CR 1-4-2-2)"
    for g in s.pending:
        for p in g.effects:
            if p.status is EffectStatus.PENDING and not p.own_deletion and p.holder is not None:
                assert in_battle_area(s, p.holder), f"pending {p.label} belongs to a card that left play (CR 15-4-4-3)"
    if s.decision is not None:
        labels = s.decision.labels
        assert labels and len(set(labels)) == len(labels), f"decision labels empty or repeated: {labels}"
        for label in labels:
            step(s, label)  # raises IllegalAnswer if an offered option is refused


@dataclass
class SoakReport:
    """Counts of one soak run."""

    steps: int = 0
    boards: int = 0
    actions: int = 0
    decisions: int = 0
    answers_tried: int = 0
    kinds: Counter[str] = field(default_factory=Counter)

    def line(self) -> str:
        return (f"{self.steps:,} steps, {self.boards:,} boards, {self.actions:,} actions, {self.decisions:,} decisions, "
                f"{self.answers_tried:,} offered answers stepped, 0 failures")


def _drive(s: State, rng: random.Random, start_cards: int, report: SoakReport) -> State:
    """Play one action to its end with random answers, checking every step and its replay."""
    for _ in range(MAX_STEPS_PER_ACTION):
        check_state(s, start_cards)
        if s.decision is not None:
            report.decisions += 1
            report.answers_tried += len(s.decision.labels)
            report.kinds[s.decision.kind] += 1
        if s.finished:
            return s
        answer = rng.choice(s.decision.labels) if s.decision is not None else None
        nxt = step(s, answer)
        assert step(s, answer) == nxt, "stepping back and answering the same gave a different state"
        s = nxt
        report.steps += 1
    raise AssertionError(f"an action did not finish within {MAX_STEPS_PER_ACTION} steps")


def soak(steps: int, seed: int = 0, lib: Mapping[str, Card] | None = None) -> SoakReport:
    """Play random boards until ``steps`` steps have been checked; return the counts.

    Raises:
        AssertionError: an invariant broke; the message names the board's seed and the action.
    """
    lib = lib if lib is not None else load_library()
    pools = Pools.of(lib)
    report = SoakReport()
    board = seed
    while report.steps < steps:
        rng = random.Random(board)
        s = initial_state(random_setup(rng, pools), lib)
        start = len(s.cards)
        report.boards += 1
        for _ in range(6):
            if s.winner is not None or s.turn_player != 0:
                break
            action = random_action(s, rng)
            if action is None:
                break
            try:
                s = begin(s, action)
            except IllegalAction:
                break
            report.actions += 1
            try:
                s = _drive(s, rng, start, report)
            except AssertionError as exc:
                raise AssertionError(f"board seed {board}, action {action}: {exc}") from None
        board += 1
    return report


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m digiteach.soak``: run :func:`soak` and print its counts; exit 1 on a broken invariant."""
    ap = argparse.ArgumentParser(prog="python -m digiteach.soak", description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=100_000, help="steps to play and check (default 100000)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first board (default 0)")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    try:
        report = soak(args.steps, args.seed)
    except AssertionError as exc:
        print(f"FAIL: {exc}")
        return 1
    print(f"PASS: {report.line()} in {time.perf_counter() - t0:.0f} s (seed {args.seed})")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
