"""Player figures measured in a real Jupyter kernel (``bench/run.py`` prints them).

A kernel is started with jupyter_client's ``KernelManager`` (the ``python3`` kernel of this environment, in the
repository folder, bytecode caching on) and used the way JupyterLab uses it, with no browser:

- **open**: in a freshly started kernel (ready: it answered ``kernel_info``), execute the cell
  ``import widgets`` / ``widgets.play(sid)`` and time it until the cell is done (status ``idle``), by which
  time its display message (``execute_result``, the widget view) has arrived;
- **choice**: open a player in a warm kernel, then send the widget's comm the message a click on an option
  sends (``{"type": "choose", "step": k, "label": ...}``) and time it until the message that moves the
  player to the new step (a state ``update`` carrying ``index``) has arrived -- by then the new step's frame
  has arrived too, so the player shows it -- and until the kernel is idle again (every frame of the new line
  drawn and sent).
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

_TIMEOUT = 120.0


@contextmanager
def kernel() -> Iterator[Any]:
    """A started, ready kernel client (``BlockingKernelClient``); the kernel is shut down afterwards."""
    from jupyter_client.manager import KernelManager

    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    km = KernelManager(kernel_name="python3")
    km.start_kernel(cwd=str(ROOT), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    kc = km.client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=_TIMEOUT)
        yield kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def _until_idle(kc: Any, parent: str, t0: float, shown: Any = None) -> tuple[float | None, float, list[Any]]:
    """Read iopub until the kernel is idle after request ``parent``: (seconds until the first message for which
    ``shown(msg)`` is true, or None; seconds until idle; the messages)."""
    first: float | None = None
    seen: list[Any] = []
    while True:
        msg = kc.get_iopub_msg(timeout=_TIMEOUT)
        if msg["parent_header"].get("msg_id") != parent:
            continue
        now = time.perf_counter() - t0
        seen.append(msg)
        kind = msg["msg_type"]
        if kind == "error":
            raise RuntimeError("kernel error: " + "\n".join(msg["content"].get("traceback", [])))
        if first is None and shown is not None and shown(msg):
            first = now
        if kind == "status" and msg["content"]["execution_state"] == "idle":
            return first, now, seen


def run_cell(kc: Any, code: str) -> tuple[float, list[Any]]:
    """Execute ``code``; (seconds until the kernel is idle again, the iopub messages of the cell)."""
    t0 = time.perf_counter()
    msg_id = kc.execute(code)
    _, done, seen = _until_idle(kc, msg_id, t0)
    reply = kc.get_shell_msg(timeout=_TIMEOUT)
    if reply["content"]["status"] != "ok":
        raise RuntimeError(f"cell failed: {code!r}: {reply['content']}")
    return done, seen


def fresh_open(sid: str, rounds: int = 3) -> list[float]:
    """Seconds of the cell that opens ``sid`` in a freshly started kernel, one kernel per round (after one warm-up
    kernel, so bytecode caches exist as on a user's machine)."""
    code = f"import widgets\nwidgets.play({sid!r})"
    times = []
    for k in range(rounds + 1):
        with kernel() as kc:
            done, seen = run_cell(kc, code)
            if not any(m["msg_type"] == "execute_result" for m in seen):
                raise RuntimeError(f"the cell {code!r} showed nothing")
            if k:
                times.append(done)
    return times


def _player_comm(seen: Sequence[Any]) -> str:
    """The comm id of the player among a cell's ``comm_open`` messages (the one whose state names a scenario)."""
    for msg in seen:
        if msg["msg_type"] == "comm_open" and "scenario" in msg["content"]["data"].get("state", {}):
            return str(msg["content"]["comm_id"])
    raise RuntimeError("no player widget was opened")


def choices(sid: str, todo: Sequence[tuple[int, str]]) -> list[tuple[float, float]]:
    """For each (step, label): (seconds until the player is moved to the new step, seconds until the kernel is idle)
    after a learner's click on ``label`` at ``step``, each on a freshly opened player in one warm kernel."""
    out = []
    with kernel() as kc:
        run_cell(kc, f"import widgets\nwidgets.play({sid!r});")
        for step, label in todo:
            _, seen = run_cell(kc, f"_p = widgets.play({sid!r})")
            comm_id = _player_comm(seen)
            content = {"comm_id": comm_id, "data": {"method": "custom",
                                                     "content": {"type": "choose", "step": step, "label": label}}}
            msg = kc.session.msg("comm_msg", content)

            def moved(m: Any) -> bool:
                data = m["content"].get("data", {}) if m["msg_type"] == "comm_msg" else {}
                return bool(m["content"].get("comm_id") == comm_id and data.get("method") == "update"
                            and "index" in data.get("state", {}))

            t0 = time.perf_counter()
            kc.shell_channel.send(msg)
            shown, done, _ = _until_idle(kc, msg["header"]["msg_id"], t0, moved)
            if shown is None:
                raise RuntimeError(f"choosing {label!r} at step {step + 1} did not move the player")
            out.append((shown, done))
    return out
