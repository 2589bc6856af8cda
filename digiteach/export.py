"""Offline exports of a trace: one self-contained HTML file, or an animated GIF.

nbconvert's HTML and ipywidgets' embedding load widget code from CDNs and show nothing offline
(design.md, Exports). :func:`to_html` writes a single file instead: every step's diagrams (one per entry
of :data:`digiteach.diagrams.DIAGRAMS`) as inline SVG, its caption, rules, decision, "wiki vs CR"
note and a judge's "Note", the outcome at the last step, the scenario's notes under the title (why the ruling goes so), and a little plain JavaScript (``export_page/page.js``): play/pause,
speed, a slider, first / previous / next / last, the arrow keys, Home/End and Space, ``?step=N`` and
``#step-N`` in the address, and the layout chosen (``"stacked"``, ``"compact"`` or ``"stream"``, as in
the player). Without JavaScript every step is shown one after the other, so the file also prints. All
scenario text is HTML-escaped. For screen readers each diagram is ``role="img"`` with an ``aria-label``
saying what it shows at that step (:func:`digiteach.diagrams.step_descriptions`), and a polite live
region reads out each step's caption and decision with its options; every control is a native button,
slider or select with a visible keyboard focus. An export of a learner's own line (a branch) says so in its title, its
file name (:func:`export_file_name`) and a banner naming the step where it leaves the documented line.

:func:`to_gif` renders one diagram per step to PNG (batched, graphviz-pure) and joins the frames with
Pillow (in the ``lab`` dependency group, imported only there). Both write atomically and never replace an
existing file unless asked to, and never anything but a regular file (:func:`check_target`: not a folder, a
link, a device or a fifo). :func:`write_exports` (the ``digiteach export`` command) checks every target and
prerequisite and builds every file before it writes any. Scenario text on the page is bidi-isolated
(``<bdi>``) and its control, bidi and zero-width characters are shown as escapes, as ``digiteach check``
and ``trace`` show them, so an unclosed U+202E in a card name cannot reverse the rest of a caption.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Sequence
from importlib import resources
from pathlib import Path
from typing import IO

from . import i18n
from .captions import player_name
from .diagrams import DIAGRAMS, default_large_pane, step_descriptions
from .export_files import check_target, same_file, write_atomically
from .export_gif import gif_bytes, needs_pillow, to_gif
from .outcome import differences, leaves_at, outcome_lines
from .render import Frame, step_log_line, trace_frames
from .scenario.documented import notes_lines
from .scenario.escape import printable
from .views import Trace

__all__ = [
    "LAYOUTS", "to_html", "html_document", "export_file_name", "to_gif", "gif_bytes", "needs_pillow",
    "check_target", "same_file", "write_atomically", "write_exports", "visible",
]

LAYOUTS: tuple[str, ...] = ("stacked", "compact", "stream")
"""Layouts of the exported page, as in the player: diagrams under one another, or side by side fitted to
the window, every diagram whole (``"stream"``: larger text, one large pane, the others with an *Enlarge* button; in a
window under 900 px high, one diagram at a time beside the controls, chosen with buttons or the keys 1, 2, 3)."""


_ = i18n.gettext
N_ = i18n.N_


def _asset(name: str) -> str:
    return resources.files("digiteach").joinpath("export_page", name).read_text(encoding="utf-8")


def _e(text: object) -> str:
    """``text`` HTML-escaped, with control, bidi and zero-width characters written as visible escapes."""
    return html.escape(printable(str(text)), quote=True)


def _t(text: object) -> str:
    """Scenario text as an element's content: escaped (:func:`_e`) and bidi-isolated in ``<bdi>``, so no
    right-to-left name can reorder the words around it."""
    return f"<bdi>{_e(text)}</bdi>"


_RAW = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")


def visible(svg: str) -> str:
    """Markup (an SVG from graphviz) with the control, bidi and zero-width characters of its text written as
    visible escapes (``\\x1b``, ``\\u202e``); the line breaks and tabs between elements stay."""
    return _RAW.sub(lambda m: printable(m.group(0)), svg)


def export_file_name(trace: Trace, documented: Trace | None = None, suffix: str = ".html") -> str:
    """``"<scenario id>.html"``, or for a learner's own line ``"<id>-your-line-from-step-N.html"``; in a language
    other than English (the one in force, as the page is written in) the name ends with it: ``"<id>-de.html"``.

    >>> from digiteach.views import Trace, TraceResult
    >>> trace = Trace("attack resolution/5", "", "CR 4.2", (), TraceResult((), (), (), 0, None))
    >>> export_file_name(trace)
    'attack-resolution-5.html'
    >>> with i18n.language("de"):
    ...     export_file_name(trace)
    'attack-resolution-5-de.html'
    """
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", trace.scenario).strip("-.") or "trace"
    at = leaves_at(trace, documented) if documented is not None and documented is not trace else None
    if at is not None:
        stem += f"-your-line-from-step-{at + 1}"
    lang = i18n.current()
    return stem + ("" if lang == "en" else f"-{lang}") + suffix


def _branch_banner(trace: Trace, documented: Trace, at: int) -> str:
    """What a learner's own line does differently: the step where it leaves the documented line, the choice made
    there and the documented one (plain text)."""
    step = trace.steps[at] if at < len(trace.steps) else trace.steps[-1]
    theirs = documented.steps[at].choice if at < len(documented.steps) else None
    said = _("at step {n}").format(n=at + 1)
    if step.decision is not None and step.choice:
        said = _("at step {n}, {player} chose \u201c{choice}\u201d").format(
            n=at + 1, player=player_name("AB".index(step.decision.player)), choice=step.choice)
    if theirs:
        said = _("{said} (the documented line: \u201c{choice}\u201d)").format(said=said, choice=theirs)
    text = _("Your line, not the documented ruling: it leaves the documented line {said}.").format(said=said)
    return text


def _branch_panel(text: str, layout: str) -> str:
    """The banner of a learner's own line (``text``, :func:`_branch_banner`) as ``<details class="banner">``: open in
    the stacked layout (it prints); in compact and stream closed to its one-line summary beside the title (the title
    already names the step where the line leaves the documented one), so that the long sentence never pushes the
    decision out of the window; a reader opens it."""
    summary = _e(_("How your line leaves the documented one"))
    return (f'<details class="banner" role="note"{" open" if layout == "stacked" else ""}><summary>{summary}</summary>'
            f'<div class="banner-text">{_t(text)}</div></details>')


def _notes(trace: Trace, layout: str) -> str:
    """The scenario's notes (why the ruling goes so, ``trace.notes``) under the title: open in the stacked layout's file
    (it prints, also without JavaScript; ``page.js`` closes it on screen so that the first screen shows the diagrams) and
    closed to its one-line summary in compact and stream, where the diagrams keep the room until a reader opens it
    (:func:`notes_panel`)."""
    return notes_panel(trace.notes, opened=layout == "stacked")


def notes_panel(notes: str, opened: bool) -> str:
    """A scenario's notes as an HTML ``<details class="notes">`` ("Why: the ruling in our words"), open or not; one
    line per paragraph or list item (:func:`notes_lines`, CSS pre-line), each escaped as all scenario text is. Empty
    text for no notes."""
    if not notes:
        return ""
    text = "\n".join(_e(line) for line in notes_lines(notes))
    why = _e(_("Why: the ruling in our words"))
    return (f'<details class="notes"{" open" if opened else ""}><summary>{why}</summary>'
            f'<div class="notes-text"><bdi>{text}</bdi></div></details>')


def _decision_words(frame: Frame) -> str:
    prompt = frame.decision_prompt if frame.decision_prompt.endswith((".", "?", "!", ":")) else frame.decision_prompt + "."
    text = _("Decision for Player {p}: {prompt} Options: {options}.").format(
        p=frame.decision_player or "", prompt=prompt, options="; ".join(frame.options))
    return text + (_(" This line chose: {choice}.").format(choice=frame.choice) if frame.choice else "")


def _decision(frame: Frame) -> str:
    if not frame.options:
        none = _e(_("No decision at this step."))
        return f'<div class="none">{none}</div>'
    who = _e(_("Player {p}: ").format(p=frame.decision_player)) if frame.decision_player else ""
    chosen = _("{option} (chosen)")
    items = "".join(
        f'<li class="chosen">{_e(chosen).format(option=_t(o))}</li>' if o == frame.choice else f"<li>{_t(o)}</li>"
        for o in frame.options
    )
    return f"<div>{who}{_t(frame.decision_prompt)}</div><ul>{items}</ul>"


def _outcome(trace: Trace, documented: Trace | None) -> str:
    lines = "".join(f"<li>{_t(line)}</li>" for line in outcome_lines(trace.result))
    heading = _e(_("Outcome"))
    out = f'<div class="outcome"><div class="outcome-title">{heading}</div><ul>{lines}</ul>'
    at = leaves_at(trace, documented) if documented is not None and documented is not trace else None
    if documented is not None and at is not None:
        same = _e(_("the same outcome"))
        diff = "".join(f"<li>{_t(line)}</li>" for line in differences(trace, documented)) or f"<li>{same}</li>"
        leaves = _("Your line leaves the documented line at step {n}. Differences:").format(n=at + 1)
        out += f'<div class="outcome-title">{_e(leaves)}</div><ul>{diff}</ul>'
    return out + "</div>"


def _frame_section(frame: Frame, total: int, outcome: str, alts: dict[str, str]) -> str:
    head = _e(_("Step {n} of {total}: {timing}")).format(n=frame.index + 1, total=total, timing=_t(frame.timing))
    parts = [
        f'<section class="frame" id="step-{frame.index + 1}" data-index="{frame.index}">',
        f'<div class="step-head">{head}</div>',
        '<div class="info">',
        f'<div class="digiteach-caption">{_t(frame.caption)}</div>',
    ]
    if frame.rules:
        parts.append(f'<div class="digiteach-rules">{_t(" · ".join(frame.rules))}</div>')
    if frame.differs:
        wiki = _e(_("Wiki vs CR:"))
        parts.append(f'<div class="differs"><b>{wiki}</b> {_t(frame.differs)}</div>')
    if frame.note:
        heading = _e(_("Note:"))
        parts.append(f'<div class="step-note"><b>{heading}</b> {_t(frame.note)}</div>')
    parts.append("</div>")
    last = frame.index == total - 1
    body = ("" if last and not frame.options else _decision(frame)) + (outcome if last else "")
    state = " open" if frame.options else "" if last else " empty"  # compact and stream: no room for an empty box
    parts.append(f'<div class="decision{state}">{body}</div>')
    if frame.options:  # what page.js reads out when this step is shown
        parts.append(f'<div class="say" hidden>{_e(_decision_words(frame))}</div>')
    parts.append('<div class="diagrams">')
    enlarge, word = _("Enlarge: {pane}"), _e(_("Enlarge"))
    titles = frame.titles or tuple(_(d.title) for d in DIAGRAMS.values())  # this step's pane titles
    for (name, svg), title in zip(zip(DIAGRAMS, frame.svgs, strict=True), titles, strict=True):
        parts.append(
            f'<figure class="{name}"><figcaption>{_e(title)}</figcaption>'
            f'<button type="button" class="enlarge" aria-label="{_e(enlarge.format(pane=title))}">'
            f"{word}</button>"
            f'<div class="digiteach-diagram" data-diagram="{name}" role="img" tabindex="0" '
            f'aria-label="{_e(alts[name])}">'
            f"{visible(svg)}</div></figure>"
        )
    parts.append("</div></section>")
    return "\n".join(parts)


PLAY = N_("\u25b6 Play")
"""The play button's text (``|| Pause`` while it plays); its accessible name starts with the same word, "Play (Space)"
or "Pause (Space)" (label in name, WCAG 2.5.3)."""


def _nav(total: int, large: str) -> str:
    """The page's controls (buttons, slider, counter, speed, the large-pane select ``large``) in the language in
    force."""
    w = {key: _e(text) for key, text in (
        ("steps", _("Steps")), ("first", _("First step (Home)")), ("prev", _("Previous step (left arrow)")),
        ("play", _("Play (Space)")), ("next", _("Next step (right arrow)")), ("last", _("Last step (End)")),
        ("step", _("Step")), ("speed", _("Play speed")), ("counter", _("step {n} of {total}").format(n=1, total=total)))}
    return (
        f'<nav aria-label="{w["steps"]}">'
        f'<button type="button" class="digiteach-first" aria-label="{w["first"]}">|&#x25C0;</button>'
        f'<button type="button" class="digiteach-prev" aria-label="{w["prev"]}">&#x25C0;</button>'
        f'<button type="button" class="digiteach-play" aria-label="{w["play"]}">{_e(_(PLAY))}</button>'
        f'<button type="button" class="digiteach-next" aria-label="{w["next"]}">&#x25B6;</button>'
        f'<button type="button" class="digiteach-last" aria-label="{w["last"]}">&#x25B6;|</button>'
        f'<input type="range" class="digiteach-slider" min="0" step="1" value="0" aria-label="{w["step"]}">'
        f'<span class="digiteach-counter">{w["counter"]}</span>'
        f'<select class="digiteach-speed" aria-label="{w["speed"]}"><option value="3000">0.5x</option>'
        '<option value="1500" selected>1x</option><option value="750">2x</option><option value="375">4x</option>'
        f"</select>{large}</nav>\n"
        '<div class="announce" aria-live="polite" aria-atomic="true"></div>\n'
    )


def _large_select(large_pane: str, default: str, titles: Sequence[str] = ()) -> str:
    """The *Large pane* select of the compact and stream layouts, ``large_pane`` selected; ``default`` (its
    ``data-default``) is the pane the stream layout shows large when none is chosen
    (:func:`digiteach.diagrams.default_large_pane`). ``titles``: the panes' titles at the step the page opens on
    (:attr:`digiteach.render.Frame.titles`; page.js renames the options at every step, as the figcaptions)."""
    shown = titles or tuple(_(d.title) for d in DIAGRAMS.values())
    options = [("", _("Equal panes"))] + [(name, _("{pane} large").format(pane=title))
                                          for name, title in zip(DIAGRAMS, shown, strict=True)]
    items = "".join(
        f'<option value="{_e(v)}"{" selected" if v == large_pane else ""}>{_e(text)}</option>' for v, text in options
    )
    label = _e(_("Large pane"))
    return f'<select class="digiteach-large" aria-label="{label}" data-default="{_e(default)}">{items}</select>'


def html_document(
    trace: Trace,
    frames: Sequence[Frame] | None = None,
    *,
    documented: Trace | None = None,
    layout: str = LAYOUTS[0],
    large_pane: str = "",
) -> str:
    """Return the self-contained HTML page for ``trace`` (see :func:`to_html` for the arguments).

    Raises:
        ValueError: ``layout`` is not one of :data:`LAYOUTS`, or ``large_pane`` is not ``""`` or a name in
            :data:`digiteach.diagrams.DIAGRAMS`.
        digiteach.render.RenderError: when ``frames`` is None and ``dot`` fails.
    """
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {', '.join(LAYOUTS)}, got {layout!r}")
    if large_pane and large_pane not in DIAGRAMS:
        raise ValueError(f"large_pane must be one of {', '.join(DIAGRAMS)} (or empty), got {large_pane!r}")
    if frames is None:
        frames = trace_frames(trace)
    total = len(frames)
    at = leaves_at(trace, documented) if documented is not None and documented is not trace else None
    title = trace.title or trace.scenario
    if at is not None:
        title = _("{title} \u2014 your line (leaves the documented line at step {n})").format(title=title, n=at + 1)
    banner = ""
    if documented is not None and at is not None:
        banner = _branch_panel(_branch_banner(trace, documented, at), layout)
    start = f' data-start="{at}"' if at is not None else ""  # page.js opens a learner's line where it leaves
    outcome = _outcome(trace, documented)
    log = "".join(f"<li>{_t(step_log_line(step, numbered=False))}</li>" for step in trace.steps)
    alts = [step_descriptions(step, trace.steps[k - 1] if k else None) for k, step in enumerate(trace.steps)]
    body = "\n".join(_frame_section(f, total, outcome, alts[f.index]) for f in frames)
    w = {key: _e(text) for key, text in (
        ("counter", _("step {n} of {total}")), ("play", _(PLAY)), ("pause", _("|| Pause")), ("steps", _("Steps")),
        ("play_name", _("Play (Space)")), ("pause_name", _("Pause (Space)")),
        ("pane_large", _("{pane} large")),
        ("keys", _("keys: left/right arrow, Home/End, Space plays or pauses; ?step=N or #step-N opens step N")))}
    meta = _e(_("Scenario {id} · Rules: {ruleset} · {total} steps · ")).format(
        id=_t(trace.scenario), ruleset=_t(trace.ruleset), total=total)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{i18n.current()}" class="layout-{layout}"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="digiteach">\n'
        f"<title>{_e(title)}</title>\n<style>{_asset('page.css')}</style></head>\n"
        f'<body><main class="digiteach-export" tabindex="-1" data-counter="{w["counter"]}" '
        f'data-play="{w["play"]}" data-pause="{w["pause"]}" data-play-name="{w["play_name"]}" '
        f'data-pause-name="{w["pause_name"]}" data-pane-large="{w["pane_large"]}"{start}>\n'
        f"<h1>{_t(title)}</h1>\n{_notes(trace, layout)}\n{banner}\n"
        f'<p class="meta">{meta}{w["keys"]}</p>\n'
        + _nav(total, _large_select(large_pane, default_large_pane(documented or trace),
                                    frames[0].titles if frames else ()))
        + f"{body}\n"
        f'<h2 class="steps">{w["steps"]}</h2><ol class="log steps">{log}</ol>\n'
        f"</main><script>{_asset('page.js')}</script></body></html>\n"
    )


def to_html(
    trace: Trace,
    path: str | Path,
    *,
    frames: Sequence[Frame] | None = None,
    documented: Trace | None = None,
    layout: str = LAYOUTS[0],
    large_pane: str = "",
    overwrite: bool = False,
    keep: Iterable[str | Path] = (),
) -> Path:
    """Write ``trace`` as one self-contained, offline HTML file (atomically) and return its path.

    The page holds every step's diagrams as inline SVG, the caption, rules, decision, "wiki vs CR"
    note and a judge's "Note", the outcome at the last step, and a little plain JavaScript: play/pause and speed, a slider,
    buttons, the arrow keys, Home/End and Space; ``?step=N`` or ``#step-N`` in the address opens step N
    (counted from 1); without either the page opens at step 1, or a learner's own line (``documented`` given) at
    the step where it leaves the documented line. Nothing is loaded from the network. All scenario text is HTML-escaped.

    Args:
        trace: the trace to export.
        path: the file to write (its folder must exist); UTF-8.
        frames: already rendered frames of ``trace`` (optional).
        documented: the documented trace of the same scenario when ``trace`` is a learner's own line: the
            title, a banner and the outcome then say where and how it leaves the documented line.
        layout: one of :data:`LAYOUTS`.
        large_pane: in the compact and stream layouts, the diagram (a name in
            :data:`digiteach.diagrams.DIAGRAMS`) that takes most of the width, the others shown whole beside
            it; ``""`` (default) for equal panes. The page's *Large pane* select changes it.
        overwrite: replace an existing file (default: refuse).
        keep: files never written, even with ``overwrite`` (the scenario file the trace was played from).

    Raises:
        FileExistsError, IsADirectoryError, FileNotFoundError: see :func:`check_target` (nothing written).
        ValueError: unknown ``layout`` or ``large_pane``.
        digiteach.render.RenderError: ``dot`` failed.
        OSError: the file cannot be written.
    """
    keep = list(keep)
    check_target(path, overwrite=overwrite, keep=keep)
    doc = html_document(trace, frames, documented=documented, layout=layout, large_pane=large_pane).encode("utf-8")
    return write_atomically(path, _writer(doc), overwrite=overwrite, keep=keep)


def write_exports(
    trace: Trace,
    *,
    html_path: str | Path | None = None,
    gif_path: str | Path | None = None,
    layout: str = LAYOUTS[0],
    large_pane: str = "",
    diagram: str = "attack",
    overwrite: bool = False,
    keep: Iterable[str | Path] = (),
    flag: str = "overwrite=True",
) -> list[Path]:
    """Write the HTML page and/or the GIF of ``trace`` (what ``digiteach export`` does); return the paths.

    Every prerequisite is checked and both files are built in memory BEFORE anything is written, so a
    failing ``--gif`` (no Pillow, a refused target, ``dot`` failing) never leaves a half-done ``--html``, and
    two paths that name one file (through a link to a folder, ``..`` or a hard link) are refused before
    either is written. ``keep`` and ``flag``: see :func:`check_target` (the command passes the scenario file and
    ``"--force"``).

    Raises:
        ValueError: ``html_path`` and ``gif_path`` are the same file, or a bad ``layout``/``large_pane``/``diagram``.
        FileExistsError, IsADirectoryError, FileNotFoundError: see :func:`check_target`.
        RuntimeError: ``gif_path`` given and Pillow is not installed.
        digiteach.render.RenderError: ``dot`` failed.
    """
    keep = list(keep)
    targets = [(kind, check_target(p, overwrite=overwrite, keep=keep, flag=flag))
               for kind, p in (("html", html_path), ("gif", gif_path)) if p]
    if len(targets) == 2 and same_file(targets[0][1], targets[1][1]):
        raise ValueError(_("--html and --gif name the same file {file}").format(file=printable(str(targets[0][1]))))
    if gif_path:
        needs_pillow()
    data = {
        "html": lambda: html_document(trace, layout=layout, large_pane=large_pane).encode("utf-8"),
        "gif": lambda: gif_bytes(trace, diagram=diagram),
    }
    built = [(path, data[kind]()) for kind, path in targets]
    return [write_atomically(path, _writer(blob), overwrite=overwrite, keep=keep, flag=flag) for path, blob in built]


def _writer(blob: bytes) -> Callable[[IO[bytes]], object]:
    return lambda out: out.write(blob)
