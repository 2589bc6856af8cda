"""Write the golden traces: ``digiteach trace ID`` (text and JSON) of every bundled scenario.

Run ``python3 -m uv run python scripts/golden.py`` after a change that is meant to alter captions or
play; ``tests/golden/test_golden_traces.py`` compares every trace with these files byte for byte, so
a refactoring that must not change behaviour keeps them identical.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from digiteach.cli import main
from digiteach.scenario import bundled_ids

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


def render(scenario_id: str, as_json: bool) -> str:
    """The command's output for one bundled scenario (text, or JSON with ``as_json``)."""
    out, err = io.StringIO(), io.StringIO()
    argv = ["trace", scenario_id] + (["--json"] if as_json else [])
    status = main(argv, out=out, err=err)
    if status != 0:
        raise SystemExit(f"trace {scenario_id} exited {status}: {err.getvalue()}")
    return out.getvalue()


def write_all() -> int:
    """Rewrite every golden file; return how many changed."""
    changed = 0
    for sid in bundled_ids():
        for as_json, suffix in ((False, ".txt"), (True, ".json")):
            path = GOLDEN / f"{sid}{suffix}"
            text = render(sid, as_json)
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
                changed += 1
    return changed


if __name__ == "__main__":
    print(f"{write_all()} golden file(s) written to {GOLDEN}", file=sys.stderr)
