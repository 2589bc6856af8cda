"""Render DOT to SVG/PNG in one batched ``dot`` process, and turn a trace into display frames.

Starting a process costs more than laying out a small graph (design.md: ~6 ms per call, against ~1 ms
per graph when 90 graphs go through one call). So :func:`render_svgs` concatenates all inputs, runs
``dot -Tsvg`` once, and splits the concatenated SVG output; :func:`render_pngs` does the same for PNG.
The ``dot`` found is the shim that ``graphviz-pure`` gets in the venv (``scripts/dot``), looked up on
PATH and then next to ``sys.executable``; ``DIGITEACH_DOT`` overrides both.

:func:`trace_frames` builds everything a player or an export shows for each step of a
:class:`~digiteach.views.Trace`: one inline SVG per diagram of :data:`digiteach.diagrams.DIAGRAMS`,
caption, rules, timing, decision, log line.
Pure Python; imports nothing from Jupyter.
"""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import sys
import threading
from collections.abc import Callable, Collection, MutableMapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import graphviz  # type: ignore[import-untyped]

from . import i18n
from .diagrams import DIAGRAMS, diagram_titles, step_descriptions
from .views import Step, Trace

__all__ = [
    "renderer",
    "RenderError",
    "find_dot",
    "render_svgs",
    "Layout",
    "render_pngs",
    "split_pngs",
    "svg_inline",
    "Frame",
    "DIAGRAMS",
    "trace_frames",
    "draw_frames",
    "shared_steps",
    "frame_to_json",
    "step_log_line",
]

_SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class RenderError(RuntimeError):
    """``dot`` is missing, failed, or returned a different number of images than graphs given.

    ``index`` is the position of the first graph that fails on its own (None if unknown).
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


def find_dot() -> str:
    """Return the path of the ``dot`` executable to run.

    Order: ``$DIGITEACH_DOT``; ``dot`` next to ``sys.executable`` (the venv's shim for graphviz-pure, present even
    when the venv is not activated, e.g. in a Jupyter kernel) or ``graphviz-pure`` there; then ``dot`` and
    ``graphviz-pure`` on PATH. The venv's own renderer comes before PATH, so that another ``dot`` found first
    (Debian's old Graphviz, or a version manager's wrapper script that costs tens of milliseconds a call) changes
    neither the output nor its speed.

    Raises:
        RenderError: if none is found (install the project with ``python3 -m uv sync``).
    """
    env = os.environ.get("DIGITEACH_DOT")
    if env:
        return env
    here = Path(sys.executable).parent
    for name in ("dot", "graphviz-pure"):
        candidate = here / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    for name in ("dot", "graphviz-pure"):
        found = shutil.which(name)
        if found:
            return found
    raise RenderError(
        "no 'dot' found: not on PATH and not next to "
        f"{sys.executable}; run 'python3 -m uv sync' (it installs graphviz-pure and the dot shim) "
        "or set DIGITEACH_DOT to a Graphviz dot executable"
    )


def renderer() -> str:
    """The executable actually run: ``find_dot()``, or the ``graphviz-pure`` it would exec if it is our shim.

    The shim is a Python script; skipping it saves one interpreter start (~30 ms) per call.
    """
    dot = find_dot()
    path = Path(dot)
    sibling = path.with_name("graphviz-pure")
    try:
        if path.stat().st_size < 4096 and sibling.is_file():
            head = path.read_bytes()[:4096]
            if head.startswith(b"#!") and b"graphviz-pure" in head:
                return str(sibling)
    except OSError:
        pass
    return dot


def _source(graph: graphviz.Digraph | str) -> str:
    return graph if isinstance(graph, str) else str(graph.source)


def _run_dot(fmt: str, sources: Sequence[str], timeout: float) -> tuple[int, bytes, str]:
    dot = renderer()
    try:
        proc = subprocess.run(
            [dot, f"-T{fmt}"],
            input="\n".join(sources).encode("utf-8"),
            capture_output=True,
            timeout=timeout,
            check=False,
        )
    except FileNotFoundError as exc:
        raise RenderError(f"cannot run {dot!r}: {exc}") from exc
    except subprocess.TimeoutExpired as exc:
        raise RenderError(f"{dot} -T{fmt} took longer than {timeout} s for {len(sources)} graphs") from exc
    return proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace").strip()


def _locate_failure(fmt: str, sources: Sequence[str], timeout: float) -> int | None:
    for i, src in enumerate(sources):
        rc, _out, _err = _run_dot(fmt, [src], timeout)
        if rc != 0:
            return i
    return None


class Layout:
    """DOT sources laid out to SVG by ``dot`` processes running in the background while the caller goes on.

    ``Layout(cache, timeout)``: ``cache`` is an optional DOT source -> SVG mapping (as for :func:`render_svgs`),
    ``timeout`` the seconds each ``dot`` call may take. :meth:`start` starts one ``dot -Tsvg`` process (in a thread that waits for it) on the given sources not laid
    out yet (not in ``cache``, not started before); :meth:`svgs` waits for every process and returns the SVGs.
    Starting the layout of a trace in two parts lets the second part's DOT be built, and the frames' text be
    written, while ``dot`` lays out the first, and lets two cores lay out at once.
    """

    def __init__(self, cache: MutableMapping[str, str] | None, timeout: float) -> None:
        self.cache = cache
        self.timeout = timeout
        self.parts: list[tuple[list[str], threading.Thread, list[Any]]] = []
        self.started: set[str] = set()

    def start(self, sources: Sequence[str]) -> None:
        todo = [s for s in dict.fromkeys(sources) if s not in self.started and (self.cache is None or s not in self.cache)]
        if not todo:
            return
        self.started.update(todo)
        result: list[Any] = []

        def run() -> None:
            try:
                result.append(_run_dot("svg", todo, self.timeout))
            except Exception as exc:  # raised in the caller's thread by svgs()
                result.append(exc)

        thread = threading.Thread(target=run, name="digiteach-dot", daemon=True)
        thread.start()
        self.parts.append((todo, thread, result))

    def svgs(self, sources: Sequence[str]) -> list[str]:
        """One SVG per source of ``sources`` (each started, or in the cache); see :func:`render_svgs` for errors."""
        done: dict[str, str] = {}
        for todo, thread, result in self.parts:
            thread.join()
            (outcome,) = result
            if isinstance(outcome, Exception):
                raise outcome
            rc, out, err = outcome
            if rc != 0:
                bad = _locate_failure("svg", todo, self.timeout)
                idx = sources.index(todo[bad]) if bad is not None and todo[bad] in sources else None
                raise RenderError(f"dot -Tsvg failed (exit {rc}) on graph {idx}: {err[:2000]}", idx)
            svgs = _SVG.findall(out.decode("utf-8"))
            if len(svgs) != len(todo):
                raise RenderError(f"dot -Tsvg returned {len(svgs)} SVGs for {len(todo)} graphs: {err[:2000]}")
            done.update(zip(todo, svgs, strict=True))
        self.parts = []
        if self.cache is not None:
            self.cache.update(done)
        return [done[s] if s in done else self.cache[s] for s in sources]  # type: ignore[index]


def render_svgs(
    digraphs: Sequence[graphviz.Digraph | str],
    *,
    cache: MutableMapping[str, str] | None = None,
    timeout: float = 120.0,
) -> list[str]:
    """Render many graphs to SVG with one ``dot -Tsvg`` process.

    The DOT sources are concatenated into one input; ``dot`` writes one SVG document per graph, and the
    output is split back into one ``<svg>...</svg>`` element per input graph (the XML prolog and
    DOCTYPE are dropped so the element can be inlined in HTML). Splitting is safe because every label
    is escaped (see :func:`digiteach.diagrams.label_text`), so no label can contain ``</svg>``.

    Args:
        digraphs: ``graphviz.Digraph`` objects or DOT source strings.
        cache: optional mapping DOT source -> SVG; sources found there are not rendered again, and new
            results are stored in it (the player re-renders only new steps after a branch).
        timeout: seconds before the ``dot`` call is abandoned.

    Returns:
        One SVG string per input, same order. ``[]`` for no input (no process is started).

    Raises:
        RenderError: ``dot`` missing, failing (``.index`` names the first graph that fails alone), or
            returning a different number of SVGs than graphs given.
    """
    sources = [_source(g) for g in digraphs]
    layout = Layout(cache, timeout)
    layout.start(sources)
    return layout.svgs(sources)


def split_pngs(data: bytes) -> list[bytes]:
    """Split concatenated PNG files (``dot -Tpng`` output for many graphs) by walking their chunks up to
    each IEND; return one ``bytes`` per PNG.

    Raises:
        RenderError: ``data`` does not start with a PNG signature or ends inside a PNG.
    """
    out: list[bytes] = []
    pos = 0
    while pos < len(data):
        if data[pos : pos + 8] != _PNG_SIGNATURE:
            raise RenderError(f"unexpected bytes at offset {pos} of dot's PNG output")
        p = pos + 8
        while True:
            if p + 8 > len(data):
                raise RenderError("truncated PNG in dot's output")
            (length,) = struct.unpack(">I", data[p : p + 4])
            kind = data[p + 4 : p + 8]
            p += 12 + length
            if kind == b"IEND":
                break
        out.append(data[pos:p])
        pos = p
    return out


def render_pngs(digraphs: Sequence[graphviz.Digraph | str], *, timeout: float = 120.0) -> list[bytes]:
    """Render many graphs to PNG bytes with one ``dot -Tpng`` process (see :func:`render_svgs`).

    Raises:
        RenderError: as :func:`render_svgs`.
    """
    sources = [_source(g) for g in digraphs]
    if not sources:
        return []
    rc, out, err = _run_dot("png", sources, timeout)
    if rc != 0:
        bad = _locate_failure("png", sources, timeout)
        raise RenderError(f"dot -Tpng failed (exit {rc}) on graph {bad}: {err[:2000]}", bad)
    pngs = split_pngs(out)
    if len(pngs) != len(sources):
        raise RenderError(f"dot -Tpng returned {len(pngs)} PNGs for {len(sources)} graphs")
    return pngs


def svg_inline(svg: str, id_prefix: str) -> str:
    """Prefix every ``id`` (and references to it) so several SVGs can share one HTML page; drop comments.

    Graphviz numbers ids from ``graph0``/``node1`` in every document; inlined side by side they would
    clash. ``id_prefix`` must be a plain token such as ``"s3-attack-"``.

    >>> svg_inline('<svg><g id="node1" class="node"></g></svg>', "s0-")
    '<svg><g id="s0-node1" class="node"></g></svg>'
    """
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", id_prefix):
        raise ValueError(f"id_prefix must be a plain token like 's3-attack-', got {id_prefix!r}")
    svg = re.sub(r"<!--.*?-->\n?", "", svg, flags=re.DOTALL)  # Graphviz's per-node comments: dead weight
    svg = re.sub(r'(\sid=")', r"\g<1>" + id_prefix, svg)
    svg = svg.replace('href="#', 'href="#' + id_prefix).replace("url(#", "url(#" + id_prefix)
    return svg


@dataclass(frozen=True, slots=True)
class Frame:
    """What a player shows for one step, in the language in force when it was made (``timing`` too: the attack
    timing or phase named by :func:`digiteach.i18n.term`).

    ``svgs`` holds one inline SVG per diagram, in :data:`digiteach.diagrams.DIAGRAMS` order (attack,
    priority, board), ids prefixed per step, or is ``()`` while the frame is not drawn yet (see
    :func:`trace_frames`); ``alt`` the text alternative of each diagram, in the same order
    (:func:`digiteach.diagrams.step_descriptions`; ``()`` too while not drawn). ``options`` are the open
    decision's option labels (empty if none), ``choice`` the answer recorded. ``log`` is a one-line summary for
    the "steps so far" list. ``differs`` and ``note`` are the step's wiki-vs-CR line and a judge's note
    (:class:`digiteach.views.Step`). ``titles``: each pane's title at this step (:func:`digiteach.diagrams.diagram_titles`:
    "Turn phases" outside an attack); ``()`` in a frame made without them (displays use ``Diagram.title``).
    """

    index: int
    timing: str
    caption: str
    rules: tuple[str, ...]
    differs: str
    decision_player: str | None
    decision_prompt: str
    options: tuple[str, ...]
    choice: str | None
    log: str
    svgs: tuple[str, ...]
    alt: tuple[str, ...] = ()
    note: str = ""
    titles: tuple[str, ...] = ()


def step_log_line(step: Step, *, numbered: bool = True) -> str:
    """``"6. battle: <Piercing> activates."`` -- the step number (1-based), timing and first sentence; with
    ``numbered=False`` the number is left out (for a list that numbers its items itself). The timing is named in
    the language in force (:func:`digiteach.i18n.term`: ``"Kampf"`` for ``"battle"`` in German), as the caption is.

    >>> from digiteach.views import BoardView, SideView
    >>> side = SideView("A", (), None, 0, 0, 0, ())
    >>> board = BoardView("A", "main phase", 0, (side, side))
    >>> step_log_line(Step(0, "main phase", "One. Two.", (), (), board))
    '1. Main phase: One.'
    >>> step_log_line(Step(0, "main phase", "One. Two.", (), (), board), numbered=False)
    'Main phase: One.'
    """
    first = step.caption.split(". ")[0].strip()
    if first and not first.endswith((".", "!", "?")):
        first += "."
    line = i18n.timed(step.timing, first)
    if numbered:
        line = f"{step.index + 1}. {line}"
    if step.choice:
        line += f" -> {step.choice}"
    return line


def _graphs(trace: Trace, steps: Sequence[int]) -> list[graphviz.Digraph]:
    """The diagrams of ``steps`` of ``trace`` (each against the step before it), in :data:`DIAGRAMS` order."""
    graphs: list[graphviz.Digraph] = []
    for k in steps:
        step, previous = trace.steps[k], trace.steps[k - 1] if k > 0 else None
        graphs += [d.build(step, previous) for d in DIAGRAMS.values()]
    return graphs


def _layout_parts(steps: Sequence[int]) -> list[Sequence[int]]:
    """``steps`` in the parts laid out by separate ``dot`` processes: two halves when there are enough steps for a
    second process to pay (and a second core), else one part."""
    if len(steps) < _SPLIT_FROM or (os.cpu_count() or 1) < 2:
        return [steps]
    half = (len(steps) + 1) // 2
    return [steps[:half], steps[half:]]


_SPLIT_FROM = 8
"""Fewest steps laid out in two parts (below it one ``dot`` start costs more than the layout it would share)."""

Drawn = tuple[tuple[str, ...], tuple[str, ...]]
"""A step's drawing: (its inline SVGs, the text alternative of each diagram), in :data:`DIAGRAMS` order."""


def _draw(trace: Trace, steps: Sequence[int], cache: MutableMapping[str, str] | None) -> Callable[[], dict[int, Drawn]]:
    """Start drawing ``steps`` of ``trace``: their DOT is built and laid out in the background (:class:`Layout`).
    Returns the function that waits for the layout and gives step -> (inline SVGs with ids prefixed per step, text
    alternatives), both in :data:`DIAGRAMS` order; in between, the caller's thread is free."""
    layout = Layout(cache, 120.0)
    sources: list[str] = []
    for part in _layout_parts(steps):
        built = [_source(g) for g in _graphs(trace, part)]
        layout.start(built)
        sources += built

    def finish() -> dict[int, Drawn]:
        alts = {k: _alt(trace, k) for k in steps}  # written while dot lays out
        svgs = iter(layout.svgs(sources))
        return {k: (tuple(svg_inline(next(svgs), f"s{k}-{name}-") for name in DIAGRAMS), alts[k]) for k in steps}

    return finish


def _alt(trace: Trace, k: int) -> tuple[str, ...]:
    described = step_descriptions(trace.steps[k], trace.steps[k - 1] if k > 0 else None)
    return tuple(described[name] for name in DIAGRAMS)


def shared_steps(trace: Trace, other: Trace) -> int:
    """How many first steps ``trace`` shares with ``other`` as the very same objects (a branch made from ``other``
    reuses the steps before its decision, see ``digiteach.scenario.branch``): their frames are the same too."""
    n = 0
    for a, b in zip(trace.steps, other.steps):
        if a is not b:
            break
        n += 1
    return n


def trace_frames(
    trace: Trace,
    *,
    cache: MutableMapping[str, str] | None = None,
    previous: tuple[Trace, Sequence[Frame]] | None = None,
    draw: Collection[int] | None = None,
) -> tuple[Frame, ...]:
    """Build one :class:`Frame` per step of ``trace``, rendering the diagrams of the steps it draws in one call.

    Args:
        trace: the trace to show.
        cache: optional DOT source -> SVG cache passed to :func:`render_svgs`.
        previous: optional (an earlier trace, its frames): the frames of the first steps ``trace`` shares with it
            (:func:`shared_steps`) are taken from there, and only the later steps' diagrams are built and rendered.
        draw: optional step indexes (0-based) whose diagrams are drawn now; the other new frames get ``svgs=()``,
            "not drawn yet", for :func:`draw_frames` to fill in later (a player shows the step a learner sees
            first). Default: every new step.

    Raises:
        RenderError: see :func:`render_svgs`.
    """
    keep = 0
    if previous is not None:
        keep = min(shared_steps(trace, previous[0]), len(previous[1]))
    new = range(keep, len(trace.steps))
    finish = _draw(trace, [k for k in new if draw is None or k in draw], cache)
    frames: list[Frame] = list(previous[1][:keep]) if previous is not None else []
    for k in new:  # the text of every new frame, while dot lays out the diagrams
        step = trace.steps[k]
        d = step.decision
        frames.append(
            Frame(
                index=k,
                timing=i18n.term(step.timing),
                caption=step.caption,
                rules=step.rules,
                differs=step.differs,
                decision_player=d.player if d else None,
                decision_prompt=d.prompt if d else "",
                options=d.options if d else (),
                choice=step.choice,
                log=step_log_line(step),
                svgs=(),
                note=step.note,
                titles=diagram_titles(step),
            )
        )
    drawn = finish()
    return tuple(replace(f, svgs=drawn[k][0], alt=drawn[k][1]) if k in drawn else f for k, f in enumerate(frames))


def draw_frames(
    trace: Trace, frames: Sequence[Frame], *, cache: MutableMapping[str, str] | None = None
) -> tuple[Frame, ...]:
    """``frames`` (of ``trace``, one per step) with every frame not drawn yet (``svgs=()``, see :func:`trace_frames`)
    drawn, in one batched ``dot`` call; drawn frames are kept as they are.

    Raises:
        RenderError: see :func:`render_svgs`.
    """
    drawn = _draw(trace, [k for k, frame in enumerate(frames) if not frame.svgs], cache)()
    return tuple(replace(f, svgs=drawn[k][0], alt=drawn[k][1]) if k in drawn else f for k, f in enumerate(frames))


def frame_to_json(frame: Frame) -> dict[str, Any]:
    """Return ``frame`` as JSON-ready data (what the widget's ``frames`` trait carries).

    ``svgs`` maps each diagram name to its SVG (``None`` while the frame is not drawn yet), ``alt`` to its text
    alternative (``{}`` while not drawn), which a player puts on the diagram as ``role="img"`` and
    ``aria-label``; ``diagrams`` lists
    ``{"name", "title"}`` in display order (from :data:`digiteach.diagrams.DIAGRAMS`), so the widget draws one
    titled pane per entry.
    """
    return {
        "index": frame.index,
        "timing": frame.timing,
        "caption": frame.caption,
        "rules": list(frame.rules),
        "differs": frame.differs,
        "note": frame.note,
        "decision_player": frame.decision_player,
        "decision_prompt": frame.decision_prompt,
        "options": list(frame.options),
        "choice": frame.choice,
        "log": frame.log,
        "svgs": dict(zip(DIAGRAMS, frame.svgs, strict=True)) if frame.svgs else None,
        "alt": dict(zip(DIAGRAMS, frame.alt, strict=True)) if frame.alt else {},
        "diagrams": [{"name": name, "title": frame.titles[k] if frame.titles else i18n.gettext(d.title)}
                     for k, (name, d) in enumerate(DIAGRAMS.items())],
    }
