"""The benchmark: one table of every speed figure, its target, and the ratio to a floor measured in the same run.

Run: ``python3 -m uv run python bench/run.py [--quick]``. Nothing here is asserted; the table is the result.

Floors, measured in this run on this machine:

- layout: the same DOT graphs in one batched ``dot -Tsvg`` call (the renderer the project uses), so a figure
  that includes drawing is compared with the least any drawing of those graphs could cost (for a learner's
  choice: the diagrams that choice drew, those new to the player);
- start-up: ``python -c pass`` in a fresh process.

Engine figures are CPU time of this process (``time.process_time``), so other programs sharing the machine
inflate them less than wall time; start-up and open figures are wall time of fresh processes (median of 3). The
player's first open and a learner's choice are timed in a real Jupyter kernel (``bench_kernel.py``: the open in
freshly started kernels, median of 5; a choice until the player shows the new step, and until every new frame is
drawn); ``--player`` runs only those rows.
Fresh processes run with bytecode caching on (``PYTHONDONTWRITEBYTECODE`` removed), as on a user's machine.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Sequence

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from digiteach.cards import load_library  # noqa: E402
from digiteach.decisions import IllegalAction  # noqa: E402
from digiteach.engine import begin, initial_state, step, to_result, to_step  # noqa: E402
from digiteach.setup import Action, Setup, SideSetup, StackRef, StackSetup  # noqa: E402
from digiteach.soak import Pools, random_action, random_setup  # noqa: E402
from digiteach.state import State  # noqa: E402

Row = tuple[str, str, str, str, str]  # figure, value, target, floor, ratio


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _wall(cmd: Sequence[str], rounds: int = 3) -> tuple[float, int]:
    """Median wall seconds of ``cmd`` in fresh processes (after one warm-up run), and the peak RSS in KiB."""
    subprocess.run(cmd, env=_env(), capture_output=True, cwd=ROOT, check=False)
    times, peak = [], 0
    for _ in range(rounds):
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
        _pid, _status, usage = os.wait4(proc.pid, 0)
        times.append(time.perf_counter() - t0)
        peak = max(peak, usage.ru_maxrss)
    return statistics.median(times), peak


def _peak_kib(cmd: Sequence[str]) -> int:
    """Peak RSS in KiB of ``cmd``, started from a small Python process (a child forked from this large one would
    report this process's size)."""
    probe = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], capture_output=True); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe, *cmd], env=_env(), capture_output=True, text=True, cwd=ROOT)
    return int(out.stdout.strip() or 0)


def _layout_floor(sources: Sequence[str], rounds: int = 3) -> float:
    """Seconds of one batched ``dot -Tsvg`` call on ``sources`` (best of ``rounds``)."""
    from digiteach.render import renderer

    data = "\n".join(sources).encode()
    best = float("inf")
    for _ in range(rounds):
        t0 = time.perf_counter()
        subprocess.run([renderer(), "-Tsvg"], input=data, capture_output=True, check=True)
        best = min(best, time.perf_counter() - t0)
    return best


def _graphs(trace: Any) -> list[Any]:
    """Every diagram of every step of ``trace``, as the player draws them."""
    from digiteach.diagrams import step_diagrams

    out: list[Any] = []
    previous = None
    for st in trace.steps:
        out += step_diagrams(st, previous)
        previous = st
    return out


# ----------------------------------------------------------------------------------- engine


def _resolutions(n: int, views: bool, seed: int = 0) -> float:
    """Random attack resolutions per CPU second: random boards from the library, one random attack each, random
    legal answers until the attack's processing is finished (board building not timed)."""
    lib = load_library()
    pools = Pools.of(lib)
    rng = random.Random(seed)
    done, spent = 0, 0.0
    while done < n:
        s = initial_state(random_setup(rng, pools), lib)
        action = random_action(s, rng)
        if action is None or action.kind != "attack":
            continue
        t0 = time.process_time()
        try:
            s = begin(s, action)
        except IllegalAction:
            continue
        history = [s]
        while not s.finished:
            s = step(s, rng.choice(s.decision.labels) if s.decision is not None else None)
            history.append(s)
        if views:
            for i in range(len(history)):
                to_step(history, i)
            to_result(history)
        spent += time.process_time() - t0
        done += 1
    return done / spent


def _wide_board(stacks: int) -> float:
    """CPU seconds of one attack on a board with ``stacks`` Digimon on Player B's side (first answer each time)."""
    lib = load_library()
    plain = next(n for n, c in sorted(lib.items()) if c.kind == "Digimon" and c.dp and not c.effects and not c.inherited)
    setup = Setup(turn_player="A", memory=3, sides=(
        SideSetup(battle_area=(StackSetup((plain,)),), deck=(plain,) * 3),
        SideSetup(battle_area=tuple(StackSetup((plain,)) for _ in range(stacks)), security=(plain,) * 2)))
    s = initial_state(setup, lib)
    gc.collect()  # the board's own garbage is not the attack's cost
    t0 = time.process_time()
    s = begin(s, Action("attack", card=StackRef("A", 0)))
    while not s.finished:
        s = step(s, s.decision.labels[0] if s.decision is not None else None)
    return time.process_time() - t0


def _scenario_parts() -> tuple[float, float, float, float, int, list[str]]:
    """(engine ms/step with views, DOT build ms/step, render ms/step, layout floor ms/step, steps, all DOT sources)
    over every bundled scenario."""
    import digiteach.scenario as sc
    from digiteach.render import render_svgs

    scenarios = [sc.load_scenario(i) for i in sc.bundled_ids()]
    t0 = time.process_time()
    traces = [sc.play(x) for x in scenarios]
    engine = time.process_time() - t0
    steps = sum(len(t.steps) for t in traces)
    t0 = time.process_time()
    graphs = [g for t in traces for g in _graphs(t)]
    dot_build = time.process_time() - t0
    sources = [g.source for g in graphs]
    t0 = time.perf_counter()
    render_svgs(sources)
    render = time.perf_counter() - t0
    floor = _layout_floor(sources)
    return engine / steps * 1e3, dot_build / steps * 1e3, render / steps * 1e3, floor / steps * 1e3, steps, sources


# ----------------------------------------------------------------------------------- player


def _opens(ids: Sequence[str]) -> list[tuple[str, float, float]]:
    """(id, seconds to open in this warm process, layout floor seconds) for each example."""
    import widgets

    out = []
    for sid in ids:
        widgets.play(sid)  # warm-up: the scenario and card caches
        t0 = time.perf_counter()
        player = widgets.play(sid)
        spent = time.perf_counter() - t0
        out.append((sid, spent, _layout_floor([g.source for g in _graphs(player.trace)])))
    return out


def _alternatives(sid: str, limit: int) -> list[tuple[int, str]]:
    """(step, label) of every answer the documented line of ``sid`` did not take (at most ``limit``)."""
    import widgets

    base = widgets.play(sid)
    return [(k, label) for k, st in enumerate(base.trace.steps) if st.decision is not None
            for label in st.decision.options if label != st.choice][:limit]


def _choice_floors(sid: str, todo: Sequence[tuple[int, str]]) -> tuple[list[float], list[float]]:
    """Layout floors of each learner's choice in ``todo``: (the diagrams of the step the player then shows that are
    new to the player, every diagram new to the player), each in one batched call."""
    import widgets
    from digiteach.diagrams import DIAGRAMS

    shown, every = [], []
    for k, label in todo:
        player = widgets.play(sid)
        before = set(player._cache)
        player.choose(label, k)
        i, steps = player.index, player.trace.steps
        now = [d.build(steps[i], steps[i - 1] if i else None).source for d in DIAGRAMS.values()]
        now = [src for src in dict.fromkeys(now) if src not in before]
        drawn = [src for src in player._cache if src not in before]
        shown.append(_layout_floor(now, rounds=1) if now else 0.0)
        every.append(_layout_floor(drawn, rounds=1) if drawn else 0.0)
    return shown, every


# ----------------------------------------------------------------------------------- table


def _fmt(value: float, unit: str) -> str:
    return f"{value:,.0f} {unit}" if value >= 100 else f"{value:,.2f} {unit}" if value < 10 else f"{value:,.1f} {unit}"


def _ratio(value: float, floor: float) -> str:
    return f"{value / floor:.2f}x" if floor else "-"


def _player_rows(add: Callable[..., None], open_floor: float, quick: bool) -> None:
    """The first open in a fresh kernel (and in a fresh process), and the learner's choice in a kernel."""
    import bench_kernel

    sid = "triggered-effects-7"
    kernel_open = statistics.median(bench_kernel.fresh_open(sid, rounds=5))
    add(f"open {sid}, fresh kernel", _fmt(kernel_open * 1e3, "ms"), "<= 500 ms + floor", _fmt(open_floor * 1e3, "ms"),
        _ratio(kernel_open, open_floor))
    cold, _ = _wall([sys.executable, "-c", f"import widgets; widgets.play({sid!r})"])
    add(f"open {sid}, fresh process", _fmt(cold * 1e3, "ms"), "-", _fmt(open_floor * 1e3, "ms"),
        _ratio(cold, open_floor))
    todo = _alternatives(sid, 8 if quick else 100)
    timed = bench_kernel.choices(sid, todo)
    now_floors, all_floors = _choice_floors(sid, todo)
    # "step shown": until the player shows the new step; "all drawn": until every new frame is drawn
    for label, k, floors in (("step shown", 0, now_floors), ("all drawn", 1, all_floors)):
        times = [t[k] for t in timed]
        med, med_floor = statistics.median(times), statistics.median(floors)
        worst = max(range(len(times)), key=times.__getitem__)
        add(f"learner's choice, kernel, {label}: median (n={len(times)})", _fmt(med * 1e3, "ms"),
            "<= 60 ms" if k == 0 else "-", _fmt(med_floor * 1e3, "ms"), _ratio(med, med_floor))
        add(f"learner's choice, kernel, {label}: worst", _fmt(times[worst] * 1e3, "ms"),
            "<= 250 ms" if k == 0 else "-", _fmt(floors[worst] * 1e3, "ms"), _ratio(times[worst], floors[worst]))


def run(quick: bool, player_only: bool = False) -> list[Row]:
    rows: list[Row] = []

    def add(figure: str, value: str, target: str = "-", floor: str = "-", ratio: str = "-") -> None:
        rows.append((figure, value, target, floor, ratio))
        print(f"  measured: {figure}: {value}", file=sys.stderr)

    if player_only:
        (_sid, _spent, open_floor), = _opens(["triggered-effects-7"])
        _player_rows(add, open_floor, quick)
        return rows

    n = 300 if quick else 2000
    add("random attack resolutions, engine only (1 core)", _fmt(_resolutions(n, False), "/s"), ">= 5,000 /s")
    add("random attack resolutions, with step views", _fmt(_resolutions(n // 2, True), "/s"), ">= 2,000 /s")
    # best of 5: the 1,000-stack attack takes a few milliseconds, where one preemption on a shared machine shows
    small, big = min(_wide_board(1000) for _ in range(5)), min(_wide_board(10000) for _ in range(5))
    add("one attack, 10,000 vs 1,000 stacks", f"{big:.3f} s vs {small:.4f} s ({big / small:.1f}x)", "<= 10x")

    engine, dot_build, render, floor, steps, _ = _scenario_parts()
    add(f"bundled scenarios ({steps} steps): engine + views per step", _fmt(engine, "ms"))
    add("bundled scenarios: DOT build per step", _fmt(dot_build, "ms"))
    add("bundled scenarios: render per step (de-duplicated)", _fmt(render, "ms"), "-", _fmt(floor, "ms"),
        f"{render / floor:.2f}x")

    import digiteach.scenario as sc

    ids = sc.bundled_ids()
    opens = _opens(ids if not quick else ids[:5] + ["triggered-effects-7"])
    worst = max(opens, key=lambda o: o[1] / o[2])
    longest = next(o for o in opens if o[0] == "triggered-effects-7")
    add(f"open every documented example, warm ({len(opens)})", _fmt(sum(o[1] for o in opens) * 1e3, "ms"), "-",
        _fmt(sum(o[2] for o in opens) * 1e3, "ms"), f"{sum(o[1] for o in opens) / sum(o[2] for o in opens):.2f}x")
    add(f"open, worst ratio ({worst[0]})", _fmt(worst[1] * 1e3, "ms"), "-", _fmt(worst[2] * 1e3, "ms"),
        f"{worst[1] / worst[2]:.2f}x")
    add("open triggered-effects-7, warm", _fmt(longest[1] * 1e3, "ms"), "-", _fmt(longest[2] * 1e3, "ms"),
        f"{longest[1] / longest[2]:.2f}x")
    _player_rows(add, longest[2], quick)

    base, _ = _wall([sys.executable, "-c", "pass"])
    digiteach = str(Path(sys.executable).with_name("digiteach"))
    for cmd, target in (("list", "<= 300 ms"), ("check", "<= 1,000 ms")):
        wall, _ = _wall([digiteach, cmd])
        add(f"digiteach {cmd}, fresh process", _fmt(wall * 1e3, "ms"), target, _fmt(base * 1e3, "ms"),
            f"{wall / base:.1f}x")
        if cmd == "check":
            add("peak memory (RSS) of digiteach check", _fmt(_peak_kib([digiteach, cmd]) / 1024, "MiB"))
    return rows


def table(rows: Sequence[Row]) -> str:
    head: Row = ("figure", "value", "target", "floor", "ratio to floor")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(5)]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |" for r in [head, *rows]]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def machine() -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"{platform.system()} {platform.release()}, load average {load:.1f} at the start")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer rounds (a smoke run, not for the README)")
    ap.add_argument("--player", action="store_true", help="only the player's figures in a kernel (open, choice)")
    args = ap.parse_args(argv)
    head = machine()
    rows = run(args.quick, args.player)
    print(f"digiteach benchmark on {head}\n")
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
