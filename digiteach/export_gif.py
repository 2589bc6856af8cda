"""The animated GIF of one diagram through a trace's steps, each frame with the step's log line underneath (what
``digiteach export --gif`` writes); Pillow joins the frames that ``dot`` renders. Re-exported by
:mod:`digiteach.export`."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .diagrams import DIAGRAMS
from .export_files import check_target, write_atomically
from .render import render_pngs, step_log_line
from .views import Trace

__all__ = ["GIF_CAPTION_SHARE", "gif_bytes", "needs_pillow", "to_gif"]


GIF_CAPTION_SHARE = 44
"""The GIF's caption text is a frame's width over this (32 px in a 1416 px wide frame, never under 24 px): read at the
size a shared GIF is shown (a chat or a slide at half size or less), as the diagram's own text is."""


def _wrap(text: str, width: float, fits: Callable[[str], float]) -> list[str]:
    """``text`` in lines no longer than ``width`` as ``fits`` measures them (a word longer than a line stands alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and fits(lines[-1] + " " + word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _caption_band(width: int, trace: Trace, font: Any, size: int) -> tuple[int, int, list[list[str]]]:
    """The caption band's height, its line height and each step's caption lines (at most 4) for frames ``width`` wide."""
    fits = font.getlength if hasattr(font, "getlength") else (lambda t: len(t) * size * 0.55)
    wrapped = [_wrap(step_log_line(s), width - 2 * size, fits)[:4] for s in trace.steps]
    line = round(size * 1.3)
    return size + line * max(len(w) for w in wrapped), line, wrapped


def needs_pillow() -> None:
    """Check that Pillow (needed by :func:`to_gif`) can be imported, before anything is written.

    Raises:
        RuntimeError: Pillow is not installed (it is in the ``lab`` dependency group).
    """
    try:
        import PIL.Image  # noqa: F401
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise RuntimeError("--gif needs Pillow, which is not installed: run ./lab once, or python3 -m uv sync") from exc


def gif_bytes(trace: Trace, *, diagram: str = "attack", ms_per_step: int = 1500, caption: bool = True) -> bytes:
    """Return the animated GIF of one diagram through the steps of ``trace`` (see :func:`to_gif`).

    Raises:
        ValueError: unknown ``diagram``, ``ms_per_step`` <= 0, or a trace without steps.
        RuntimeError: Pillow is not installed.
        digiteach.render.RenderError: ``dot`` failed.
    """
    if diagram not in DIAGRAMS:
        raise ValueError(f"diagram must be one of {', '.join(DIAGRAMS)}, got {diagram!r}")
    if ms_per_step <= 0:
        raise ValueError(f"ms_per_step must be a positive number of milliseconds, got {ms_per_step}")
    if not trace.steps:
        raise ValueError(f"trace {trace.scenario!r} has no steps")
    needs_pillow()
    from PIL import Image, ImageDraw, ImageFont

    build = DIAGRAMS[diagram].build
    graphs = [build(step, trace.steps[k - 1] if k else None) for k, step in enumerate(trace.steps)]
    images = [Image.open(io.BytesIO(png)).convert("RGB") for png in render_pngs(graphs)]
    width = max(im.width for im in images)
    height = max(im.height for im in images)
    size = max(24, width // GIF_CAPTION_SHARE)
    font: ImageFont.ImageFont | ImageFont.FreeTypeFont
    try:
        font = ImageFont.load_default(size=size)
    except TypeError:  # Pillow < 10.1
        font = ImageFont.load_default()
    band, line_height, wrapped = _caption_band(width, trace, font, size) if caption else (0, 0, [])
    frames = []
    for k, im in enumerate(images):
        canvas = Image.new("RGB", (width, height + band), (255, 255, 255))
        # a diagram smaller than the frame sits in its middle: the white it leaves is split above and below (the
        # frame is as high as the tallest step's diagram), not left as one block over the caption
        canvas.paste(im, ((width - im.width) // 2, (height - im.height) // 2))
        if caption:
            draw = ImageDraw.Draw(canvas)
            draw.line([(0, height), (width, height)], fill=(89, 89, 89), width=2)
            for j, line in enumerate(wrapped[k]):
                draw.text((size, height + size // 2 + line_height * j), line, fill=(0, 0, 0), font=font)
        frames.append(canvas.convert("P", palette=Image.Palette.ADAPTIVE))
    out = io.BytesIO()
    frames[0].save(out, format="GIF", save_all=True, append_images=frames[1:], duration=ms_per_step, loop=0, optimize=False)
    return out.getvalue()


def to_gif(
    trace: Trace,
    path: str | Path,
    *,
    diagram: str = "attack",
    ms_per_step: int = 1500,
    caption: bool = True,
    overwrite: bool = True,
) -> Path:
    """Write an animated GIF of one diagram through the steps of ``trace`` (atomically); return its path.

    Frames are rendered to PNG in one batched ``dot`` call and joined with Pillow. With ``caption``,
    each frame gets the step's log line ("6. battle: ...") in a band underneath.

    Args:
        trace: the trace to animate.
        path: the ``.gif`` file to write.
        diagram: a name in :data:`digiteach.diagrams.DIAGRAMS` (``"attack"``, ``"priority"``, ``"board"``).
        ms_per_step: how long each step stays, in milliseconds (> 0).
        caption: add the step's log line under each frame.
        overwrite: replace an existing file (the ``digiteach export`` command passes False without --force).

    Raises:
        ValueError: unknown ``diagram`` or ``ms_per_step`` <= 0.
        FileExistsError, IsADirectoryError, FileNotFoundError: see :func:`check_target`.
        RuntimeError: Pillow is not installed (it is in the ``lab`` dependency group).
        digiteach.render.RenderError: ``dot`` failed.
    """
    check_target(path, overwrite=overwrite)
    data = gif_bytes(trace, diagram=diagram, ms_per_step=ms_per_step, caption=caption)
    return write_atomically(path, lambda out: out.write(data), overwrite=overwrite)
