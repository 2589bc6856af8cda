"""Offline exports of a trace: one self-contained HTML file, or an animated GIF.

nbconvert's HTML and ipywidgets' embedding load widget code from CDNs and show nothing offline
(design.md, Exports). :func:`to_html` writes a single file instead: every step's three diagrams as
inline SVG, its caption, rules, decision and "wiki vs CR" note, and a few lines of plain JavaScript
for first / previous / next / last and the arrow keys. Without JavaScript every step is shown one
after the other, so the file also prints. All scenario text is HTML-escaped.

:func:`to_gif` renders one diagram per step to PNG (batched, graphviz-pure) and joins the frames with
Pillow (an optional dependency, imported only there).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path

from .diagrams import DIAGRAMS
from .render import Frame, render_pngs, step_log_line, trace_frames
from .views import Trace

__all__ = ["to_html", "html_document", "to_gif"]

_CSS = """
html{font-family:Helvetica,Arial,sans-serif;font-size:17px;line-height:1.4;color:#000000;background:#ffffff}
body{margin:0;padding:16px}
main{max-width:1400px;margin:0 auto}
main:focus{outline:3px solid #0072b2;outline-offset:4px}
h1{font-size:24px;margin:0 0 4px}
.meta{color:#595959;margin:0 0 10px}
nav{display:none;gap:6px;align-items:center;flex-wrap:wrap;margin:10px 0;position:sticky;top:0;background:#ffffff;padding:6px 0}
.js nav{display:flex}
button{font-size:17px;min-height:38px;min-width:44px;padding:4px 10px;border:2px solid #595959;border-radius:6px;background:#ffffff;color:#000000;cursor:pointer}
button:disabled{opacity:.45;cursor:default}
.digiteach-counter{font-weight:bold;margin-left:8px}
section.frame{border-top:2px solid #595959;padding-top:8px;margin-top:12px}
.js section.frame{border-top:none;margin-top:0}
.js section.frame[hidden]{display:none}
.step-head{font-weight:bold}
.info{border-left:6px solid #0072b2;padding:4px 10px;margin:8px 0}
.digiteach-caption{font-size:19px;white-space:pre-wrap}
.digiteach-rules{color:#595959;font-size:15px}
.differs{border:2px solid #cc79a7;border-radius:4px;padding:4px 8px;margin-top:6px;white-space:pre-wrap}
.decision{border:2px solid #e69f00;border-radius:6px;padding:6px 10px;margin:8px 0}
.decision li.chosen{font-weight:bold}
.diagrams{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}
figure.attack{flex:3 1 420px;min-width:0}
figure.priority{flex:2 1 320px;min-width:0}
figure{margin:0;border:1px solid #bdbdbd;border-radius:6px;padding:6px;overflow:auto}
figure.board{flex:1 1 100%;min-width:0}
figcaption{font-weight:bold;margin-bottom:4px}
.digiteach-diagram svg{max-width:100%;height:auto;display:block;margin:0 auto}
ol.log{padding-left:1.5em}
ol.log li.now{font-weight:bold;background:#f0e442}
.js ol.log li.later{display:none}
"""

# Plain JavaScript, no data inside: it reads the frames from the DOM.
_JS = """
(function () {
  var doc = document, root = doc.documentElement;
  root.className += " js";
  var frames = [].slice.call(doc.querySelectorAll("section.frame"));
  var logItems = [].slice.call(doc.querySelectorAll("ol.log li"));
  var counter = doc.querySelector(".digiteach-counter");
  var main = doc.querySelector("main");
  var i = 0;
  function show(k) {
    i = Math.max(0, Math.min(k, frames.length - 1));
    frames.forEach(function (f, j) { f.hidden = j !== i; });
    logItems.forEach(function (li, j) {
      li.className = j === i ? "now" : (j > i ? "later" : "");
    });
    counter.textContent = "step " + (i + 1) + " of " + frames.length;
    doc.querySelector(".digiteach-first").disabled = doc.querySelector(".digiteach-prev").disabled = i === 0;
    doc.querySelector(".digiteach-last").disabled = doc.querySelector(".digiteach-next").disabled = i === frames.length - 1;
    if (history.replaceState) history.replaceState(null, "", "#step-" + (i + 1));
  }
  doc.querySelector(".digiteach-first").onclick = function () { show(0); };
  doc.querySelector(".digiteach-prev").onclick = function () { show(i - 1); };
  doc.querySelector(".digiteach-next").onclick = function () { show(i + 1); };
  doc.querySelector(".digiteach-last").onclick = function () { show(frames.length - 1); };
  doc.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight") { show(i + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { show(i - 1); e.preventDefault(); }
    else if (e.key === "Home") { show(0); e.preventDefault(); }
    else if (e.key === "End") { show(frames.length - 1); e.preventDefault(); }
  });
  var m = /^#step-(\\d+)$/.exec(location.hash);
  show(m ? parseInt(m[1], 10) - 1 : 0);
  main.focus();
})();
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _frame_section(frame: Frame, total: int) -> str:
    parts = [
        f'<section class="frame" id="step-{frame.index + 1}" data-index="{frame.index}">',
        f'<div class="step-head">Step {frame.index + 1} of {total}: {_e(frame.timing)}</div>',
        '<div class="info">',
        f'<div class="digiteach-caption">{_e(frame.caption)}</div>',
    ]
    if frame.rules:
        parts.append(f'<div class="digiteach-rules">{_e(" · ".join(frame.rules))}</div>')
    if frame.differs:
        parts.append(f'<div class="differs"><b>Wiki vs CR:</b> {_e(frame.differs)}</div>')
    parts.append("</div>")
    if frame.options:
        who = f"Player {_e(frame.decision_player)}: " if frame.decision_player else ""
        items = "".join(
            f'<li class="chosen">{_e(o)} (chosen)</li>' if o == frame.choice else f"<li>{_e(o)}</li>" for o in frame.options
        )
        parts.append(f'<div class="decision"><div>{who}{_e(frame.decision_prompt)}</div><ul>{items}</ul></div>')
    parts.append('<div class="diagrams">')
    for name, svg in zip(DIAGRAMS, frame.svgs, strict=True):
        parts.append(
            f'<figure class="{name}"><figcaption>{_e(DIAGRAMS[name].title)}</figcaption>'
            f'<div class="digiteach-diagram" data-diagram="{name}">{svg}</div></figure>'
        )
    parts.append("</div></section>")
    return "\n".join(parts)


def html_document(trace: Trace, frames: Sequence[Frame] | None = None) -> str:
    """Return the self-contained HTML page for ``trace`` (see :func:`to_html`).

    Args:
        trace: the trace to export.
        frames: its frames if already rendered (the player passes its own), else they are rendered here.

    Raises:
        digiteach.render.RenderError: when ``frames`` is None and ``dot`` fails.
    """
    if frames is None:
        frames = trace_frames(trace)
    total = len(frames)
    title = trace.title or trace.scenario
    log = "".join(f"<li>{_e(step_log_line(step))}</li>" for step in trace.steps)
    body = "\n".join(_frame_section(f, total) for f in frames)
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="digiteach">\n'
        f"<title>{_e(title)}</title>\n<style>{_CSS}</style></head>\n"
        '<body><main class="digiteach-export" tabindex="-1">\n'
        f"<h1>{_e(title)}</h1>\n"
        f'<p class="meta">Scenario {_e(trace.scenario)} · Rules: {_e(trace.ruleset)} · {total} steps · '
        "keys: left/right arrow</p>\n"
        '<nav aria-label="Steps">'
        '<button type="button" class="digiteach-first" aria-label="First step">|&#x25C0;</button>'
        '<button type="button" class="digiteach-prev" aria-label="Previous step">&#x25C0;</button>'
        '<button type="button" class="digiteach-next" aria-label="Next step">&#x25B6;</button>'
        '<button type="button" class="digiteach-last" aria-label="Last step">&#x25B6;|</button>'
        f'<span class="digiteach-counter" aria-live="polite">step 1 of {total}</span></nav>\n'
        f"{body}\n"
        f'<h2>Steps</h2><ol class="log">{log}</ol>\n'
        f"</main><script>{_JS}</script></body></html>\n"
    )


def to_html(trace: Trace, path: str | Path, *, frames: Sequence[Frame] | None = None) -> Path:
    """Write ``trace`` as one self-contained, offline HTML file and return its path.

    The file holds every step's attack, pending-activation and board diagrams as inline SVG, the
    caption, rules, decision and "wiki vs CR" note, and a few lines of plain JavaScript (buttons and
    left/right arrow keys; ``#step-N`` in the address opens step N). Nothing is loaded from the
    network. All scenario text is HTML-escaped.

    Args:
        trace: the trace to export.
        path: the file to write (parent folders must exist); UTF-8.
        frames: already rendered frames of ``trace`` (optional).

    Raises:
        digiteach.render.RenderError: ``dot`` failed.
        OSError: the file cannot be written.
    """
    target = Path(path)
    target.write_text(html_document(trace, frames), encoding="utf-8")
    return target


def to_gif(
    trace: Trace,
    path: str | Path,
    *,
    diagram: str = "attack",
    ms_per_step: int = 1500,
    caption: bool = True,
) -> Path:
    """Write an animated GIF of one diagram through the steps of ``trace``; return its path.

    Frames are rendered to PNG in one batched ``dot`` call and joined with Pillow. With ``caption``,
    each frame gets the step's log line ("6. battle: ...") in a band underneath.

    Args:
        trace: the trace to animate.
        path: the ``.gif`` file to write.
        diagram: a name in :data:`digiteach.diagrams.DIAGRAMS` (``"attack"``, ``"priority"``, ``"board"``).
        ms_per_step: how long each step stays, in milliseconds (> 0).
        caption: add the step's log line under each frame.

    Raises:
        ValueError: unknown ``diagram`` or ``ms_per_step`` <= 0.
        RuntimeError: Pillow is not installed (``python3 -m uv add pillow``).
        digiteach.render.RenderError: ``dot`` failed.
    """
    if diagram not in DIAGRAMS:
        raise ValueError(f"diagram must be one of {', '.join(DIAGRAMS)}, got {diagram!r}")
    if ms_per_step <= 0:
        raise ValueError(f"ms_per_step must be a positive number of milliseconds, got {ms_per_step}")
    if not trace.steps:
        raise ValueError(f"trace {trace.scenario!r} has no steps")
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise RuntimeError("to_gif needs Pillow: python3 -m uv add pillow") from exc
    import io
    import textwrap

    build = DIAGRAMS[diagram].build
    graphs = [build(step, trace.steps[k - 1] if k else None) for k, step in enumerate(trace.steps)]
    images = [Image.open(io.BytesIO(png)).convert("RGB") for png in render_pngs(graphs)]
    width = max(im.width for im in images)
    height = max(im.height for im in images)
    font: ImageFont.ImageFont | ImageFont.FreeTypeFont
    try:
        font = ImageFont.load_default(size=20)
    except TypeError:  # Pillow < 10.1
        font = ImageFont.load_default()
    band = 0
    wrapped: list[list[str]] = []
    if caption:
        chars = max(width // 11, 30)
        wrapped = [textwrap.wrap(step_log_line(s), chars)[:4] for s in trace.steps]
        band = 16 + 26 * max(len(w) for w in wrapped)
    frames = []
    for k, im in enumerate(images):
        canvas = Image.new("RGB", (width, height + band), (255, 255, 255))
        canvas.paste(im, ((width - im.width) // 2, 0))
        if caption:
            draw = ImageDraw.Draw(canvas)
            draw.line([(0, height), (width, height)], fill=(89, 89, 89), width=2)
            for j, line in enumerate(wrapped[k]):
                draw.text((10, height + 8 + 26 * j), line, fill=(0, 0, 0), font=font)
        frames.append(canvas.convert("P", palette=Image.Palette.ADAPTIVE))
    target = Path(path)
    frames[0].save(target, save_all=True, append_images=frames[1:], duration=ms_per_step, loop=0, optimize=False)
    return target
