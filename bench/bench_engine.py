"""Benchmark: the rules engine on every bundled scenario and on seeded random playouts.

For each bundled scenario, ``digiteach.scenario.play`` (engine steps plus the step views) runs ``--plays``
times; the table gives the steps of one play, the mean and best milliseconds per play, and the peak
memory of one play in KiB (``tracemalloc``, measured in a separate run so tracing does not slow the
timed ones). Then ``--playouts`` random boards (seeded, reproducible) are played with random legal
answers, one attack or other action after another, as in ``tests/test_playouts.py``.

Run: ``python3 -m uv run python bench/bench_engine.py [--plays 5] [--playouts 200] [--seed 0] [--only ID]``.
No timing is asserted anywhere; this only prints tables.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import digiteach.scenario as sc  # noqa: E402
from digiteach.cards import load_library  # noqa: E402
from digiteach.decisions import IllegalAction  # noqa: E402
from digiteach.engine import begin, initial_state, legal_attacks, step, to_result  # noqa: E402
from digiteach.setup import Action, Setup, SideSetup, StackRef, StackSetup  # noqa: E402
from digiteach.state import PLAYER_TARGET, State  # noqa: E402

MAX_STEPS = 2000


def _peak_kib(fn: Callable[[], Any]) -> float:
    """Peak traced memory of one call, in KiB."""
    tracemalloc.start()
    try:
        fn()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 1024


def _times(fn: Callable[[], Any], n: int) -> list[float]:
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def bench_scenarios(plays: int, only: str | None) -> list[tuple[str, int, float, float, float]]:
    """(id, steps, mean ms, best ms, peak KiB) per bundled scenario."""
    rows = []
    for sid in sc.bundled_ids():
        if only and only not in sid:
            continue
        scenario = sc.load_scenario(sid)
        try:
            trace = sc.play(scenario)  # warm-up; also gives the step count
        except sc.ScenarioError as exc:
            print(f"skip {sid}: {exc}", file=sys.stderr)
            continue
        times = _times(lambda: sc.play(scenario), plays)
        peak = _peak_kib(lambda: sc.play(scenario))
        rows.append((sid, len(trace.steps), statistics.fmean(times), min(times), peak))
    return rows


# ----------------------------------------------------------------------------------- random playouts


def _random_setup(rng: random.Random, lib: dict[str, Any]) -> Setup:
    digimon = sorted(n for n, c in lib.items() if c.kind == "Digimon" and c.dp is not None)
    bases = sorted(n for n in digimon if (lib[n].level or 0) <= 4)
    eggs = sorted(n for n, c in lib.items() if c.kind == "Digi-Egg")
    tamers = sorted(n for n, c in lib.items() if c.kind == "Tamer")
    every = sorted(lib)
    sides = []
    for p in range(2):
        battle = [StackSetup((rng.choice(digimon), *[rng.choice(bases + eggs) for _ in range(rng.choice((0, 1, 2, 3)))]),
                             suspended=rng.random() < (0.15 if p == 0 else 0.5))
                  for _ in range(rng.randint(1 if p == 0 else 0, 4))]
        if rng.random() < 0.4:
            battle.append(StackSetup((rng.choice(tamers),)))
        sides.append(SideSetup(
            battle_area=tuple(battle),
            hand=tuple(rng.choice(every) for _ in range(rng.randint(0, 4))),
            security=tuple(rng.choice(every) for _ in range(rng.randint(0, 5))),
            deck=tuple(rng.choice(every) for _ in range(rng.randint(0, 6))),
            trash=tuple(rng.choice(every) for _ in range(rng.randint(0, 8))),
        ))
    return Setup(turn_player="A", memory=rng.randint(0, 6), sides=(sides[0], sides[1]))


def _attack(s: State, rng: random.Random) -> Action | None:
    pairs = legal_attacks(s)
    if not pairs:
        return None
    tp = s.turn_player
    attacker, target = rng.choice(pairs)
    index = next(i for i, x in enumerate(s.players[tp].battle) if x.iid == attacker)
    tref = None
    if target != PLAYER_TARGET:
        tref = StackRef("AB"[1 - tp], next(i for i, x in enumerate(s.players[1 - tp].battle) if x.iid == target))  # type: ignore[arg-type]
    return Action("attack", card=StackRef("AB"[tp], index), target=tref)  # type: ignore[arg-type]


def _playout(seed: int, lib: dict[str, Any]) -> tuple[int, int]:
    """Play up to 6 attacks on one random board; return (attacks, steps)."""
    rng = random.Random(seed)
    s = initial_state(_random_setup(rng, lib), lib)
    attacks = steps = 0
    for _ in range(6):
        if s.winner is not None or s.turn_player != 0:
            break
        action = _attack(s, rng)
        if action is None:
            break
        try:
            s = begin(s, action)
        except IllegalAction:
            break
        attacks += 1
        history = [s]
        for _ in range(MAX_STEPS):
            if s.finished:
                break
            s = step(s, rng.choice(s.decision.labels) if s.decision is not None else None)
            history.append(s)
        to_result(history)
        steps += len(history)
    return attacks, steps


def bench_playouts(n: int, seed: int) -> tuple[int, int, int, float, float]:
    """(playouts, attacks, steps, ms per playout, peak KiB of the largest playout)."""
    lib = dict(load_library())
    t0 = time.perf_counter()
    results = [_playout(seed + i, lib) for i in range(n)]
    ms = (time.perf_counter() - t0) * 1000
    attacks = sum(a for a, _ in results)
    steps = sum(st for _, st in results)
    biggest = max(range(n), key=lambda i: results[i][1]) if n else 0
    peak = _peak_kib(lambda: _playout(seed + biggest, lib)) if n else 0.0
    return n, attacks, steps, ms / max(n, 1), peak


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plays", type=int, default=5, help="timed plays per scenario (default 5)")
    ap.add_argument("--playouts", type=int, default=200, help="random playouts (default 200)")
    ap.add_argument("--seed", type=int, default=0, help="first playout seed (default 0)")
    ap.add_argument("--only", default=None, help="only scenarios whose id contains this text")
    args = ap.parse_args(argv)

    rows = bench_scenarios(max(args.plays, 1), args.only)
    width = max([len("scenario")] + [len(r[0]) for r in rows])
    print(f"{'scenario':<{width}}  {'steps':>5}  {'ms/play':>8}  {'best ms':>8}  {'peak KiB':>9}")
    print(f"{'-' * width}  {'-' * 5}  {'-' * 8}  {'-' * 8}  {'-' * 9}")
    for sid, steps, mean, best, peak in rows:
        print(f"{sid:<{width}}  {steps:>5}  {mean:>8.1f}  {best:>8.1f}  {peak:>9.0f}")
    if rows:
        total_steps = sum(r[1] for r in rows)
        total_ms = sum(r[2] for r in rows)
        print(f"{'all ' + str(len(rows)):<{width}}  {total_steps:>5}  {total_ms:>8.1f}  {'':>8}  "
              f"{max(r[4] for r in rows):>9.0f}")
        print(f"\n{total_ms / max(total_steps, 1):.2f} ms per step over all bundled scenarios")

    if args.playouts > 0:
        n, attacks, steps, ms, peak = bench_playouts(args.playouts, args.seed)
        print(f"\n{'random playouts':<16}  {'attacks':>7}  {'steps':>6}  {'ms/playout':>10}  {'ms/step':>7}  {'peak KiB':>9}")
        print(f"{'-' * 16}  {'-' * 7}  {'-' * 6}  {'-' * 10}  {'-' * 7}  {'-' * 9}")
        print(f"{n:<16}  {attacks:>7}  {steps:>6}  {ms:>10.1f}  {ms * n / max(steps, 1):>7.2f}  {peak:>9.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
