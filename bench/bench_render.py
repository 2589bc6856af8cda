"""Benchmark: one batched ``dot -Tsvg`` call against one process per graph.

Graphs are the three diagrams (attack, pending activation, board) of every step of a trace: the
bundled scenarios played by the engine if any are bundled, else the hand-built Attack Resolution
example 5 trace from tests/viz/fixtures.py. The list is repeated to reach each size.

Run: ``python3 -m uv run python bench/bench_render.py [--repeat 3] [--sizes 3,15,42,90]``.
Prints a table: graphs, total nodes, batched ms, per-graph-process ms, ms per graph for each, speed-up.
The best of ``--repeat`` runs is reported.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "viz"))

from digiteach.diagrams import attack_diagram, board_diagram, priority_diagram  # noqa: E402
from digiteach.render import renderer, find_dot, render_svgs  # noqa: E402
from digiteach.views import Trace  # noqa: E402


def traces() -> tuple[str, list[Trace]]:
    bundled = sorted((ROOT / "digiteach" / "scenarios").glob("*.y*ml"))
    if bundled:
        import digiteach.scenario as sc

        return "bundled scenarios", [sc.play(sc.load_scenario(p)) for p in bundled]
    from fixtures import attack_example_5

    return "fixture: Attack Resolution ex. 5", [attack_example_5()]


def sources(trace_list: list[Trace]) -> list[str]:
    out: list[str] = []
    for trace in trace_list:
        previous = None
        for step in trace.steps:
            out += [attack_diagram(step).source, priority_diagram(step).source, board_diagram(step, previous).source]
            previous = step
    return out


def count_nodes(source: str) -> int:
    return len(re.findall(r"^\s*[A-Za-z_][A-Za-z0-9_]* \[label=", source, re.MULTILINE))


def one_process_per_graph(srcs: list[str], dot: str) -> None:
    for s in srcs:
        subprocess.run([dot, "-Tsvg"], input=s.encode(), capture_output=True, check=True)


def best_ms(fn: object, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()  # type: ignore[operator]
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sizes", default="3,15,42,90")
    args = parser.parse_args()
    dot = renderer()
    origin, trace_list = traces()
    pool = sources(trace_list)
    sizes = [int(x) for x in args.sizes.split(",")]
    print(f"dot: {find_dot()} (runs {dot})")
    print(f"graphs from: {origin} ({len(pool)} distinct diagrams); best of {args.repeat} runs\n")
    header = f"{'graphs':>6} {'nodes':>6} {'batched ms':>11} {'per-graph ms':>13} {'batched ms/graph':>17} {'process ms/graph':>17} {'speed-up':>9}"
    print(header)
    print("-" * len(header))
    for n in sizes:
        # every copy made distinct, so render_svgs' de-duplication does not skip work
        srcs = [f"{pool[i % len(pool)]}// copy {i}\n" for i in range(n)]
        nodes = sum(count_nodes(s) for s in srcs)
        batched = best_ms(lambda: render_svgs(srcs), args.repeat)
        single = best_ms(lambda: one_process_per_graph(srcs, dot), args.repeat)
        print(f"{n:>6} {nodes:>6} {batched:>11.1f} {single:>13.1f} {batched / n:>17.2f} {single / n:>17.2f} {single / batched:>8.1f}x")


if __name__ == "__main__":
    main()
