"""The step player: a trace's frames precomputed in Python, stepped in the browser.

All frames (attack, pending-activation and board SVGs, caption, rules, timing, decision, log line) are
rendered once, in one batched ``dot`` call, and sent in the ``frames`` trait. First / previous / next /
last, the slider, play/pause and the arrow keys change ``index`` in the browser with no kernel round
trip; ``index`` is synced back to Python.

Learner-driven mode: at a step with a decision the options are buttons. A click sends the label to
Python (a custom message ``{"type": "choose", "step": i, "label": ...}``), which calls the ``branch``
callback ``branch(step_index, label) -> Trace`` and shows the new line; an illegal option's error text
(which names its rule) is shown instead. "Back to the documented line" restores the original trace.
The new line's step the learner moves to is drawn and sent first, with the text of every new step; the other
new steps' diagrams follow in one batched layout (a step reached before them says its diagrams are being drawn).

Layouts (``layout_mode`` trait, ``play(..., layout=...)``, and a select in the player to switch live):
``"stacked"`` (default) puts the diagrams under one another, the controls staying on screen as the page
scrolls; ``"compact"`` fits the controls and the diagrams side by side into the window, each diagram
shown whole in its pane; ``"stream"`` does the same for a streamer at 1920x1080 or 1280x720 with a
larger caption and one large pane (``large_pane``, the *Large pane* select; unless chosen, ``default_large``: the
attack diagram when the scenario opens with an attack, else the pending-activation diagram,
:func:`digiteach.diagrams.default_large_pane`): it takes most of the room and the other diagrams are shown whole beside it, each with an
*Enlarge* button; in a short window (under 900 px of height: 720p) ``"stream"`` and ``"compact"`` show ONE diagram
(the large pane, else the stream layout's default) at the full height beside a column with everything else (in the
compact layout in smaller words, so the diagram gets more of the width), and buttons (keys 1, 2, 3) switch it
(docs/player.md, the layouts table, for the text sizes measured). Alt+Shift+P moves the focus to the player nearest the active cell and back (docs/player.md,
the keyboard table). No diagram is ever cut or
scrolled inside its pane. The line banner's space (one line) is reserved in every layout; a learner's line's note wraps
rather than being cut, so where it does not fit one line the banner grows; the decision's space is reserved in the
stacked layout (compact and stream give an empty decision box's room to the diagrams).

Accessibility: every control is a native button, slider or select (reachable with Tab, with a visible
focus); the caption is an ``aria-live="polite"`` region and a decision is announced with its options;
each diagram is ``role="img"`` with an ``aria-label`` that says what it shows at this step (built in
Python, :func:`digiteach.diagrams.step_descriptions`).

Language (``lang`` trait, ``play(..., lang=...)``, and the *Language* select to switch live): ``"en"`` or ``"de"``
(:data:`digiteach.i18n.LANGUAGES`). Switching retells the documented line and the learner's own line in that
language (the same answers, by position: :func:`digiteach.scenario.in_language`), diagrams included; the player's
controls take their words from a small table in ``player.js``; an HTML export is made in the player's language.

A lost kernel (``Kernel > Restart Kernel`` with a player on screen): stepping through the frames already in the page
goes on, but a choice, "Back to the documented line", *Export HTML* and a new language need Python. Each of those
messages carries an ``ask`` number that Python acknowledges at once (``{"type": "ack", "ask": n}``); with no answer
within a few seconds, or when the widget's comm reports it is closed, the player says in its status line (a polite
live region) that the kernel is not answering and that running the cell again brings it back, in the player's
language (``kernel_words``, from the catalogue), and changes nothing it was asked to change.

At the last step an outcome panel shows what the trace amounts to (:mod:`digiteach.outcome`), and on a
learner's own line how it differs from the documented line.

The *Why* panel (a ``<details>`` beside the title, in compact and stream on the step log's line; closed at first in
every layout so that no diagram loses room; Tab reaches its summary, Enter or Space opens it) shows the scenario's
notes (``notes`` trait, from ``Trace.notes``): which rule decides and why, in the player's language; on a learner's
own line they come under a first line saying they explain the documented line.

The JavaScript (``player.js``) and CSS (``player.css``) sit beside this file and are shipped in the
package: nothing is loaded from a CDN.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, MutableMapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from digiteach import captions, i18n
from digiteach.diagrams import DIAGRAMS, default_large_pane
from digiteach.render import Frame, draw_frames, frame_to_json, shared_steps, trace_frames
from digiteach.views import Step, Trace

from .errors import ERROR_WIDTH, plain_errors, refuse_choice, shown_plainly, wrapped

__all__ = ["Player", "BranchFn", "LAYOUTS", "KERNEL_WORDS", "ERROR_WIDTH", "play"]

LAYOUTS: tuple[str, ...] = ("stacked", "compact", "stream")
"""Legal values of :attr:`Player.layout_mode` (the ``layout=`` argument of :func:`play`); the first is the
default."""

BranchFn = Callable[[int, str], Trace]
"""``branch(step_index, label) -> Trace``: answer ``label`` at the decision of step ``step_index`` and
play on. Raises ``ValueError`` (the engine's ``IllegalAnswer``, whose text names the rule) or
``IndexError`` when the answer or step is not legal."""

_HERE = Path(__file__).parent


class Player(anywidget.AnyWidget):
    """Step through a :class:`~digiteach.views.Trace` with its three diagrams.

    Args:
        trace: the documented trace (e.g. ``digiteach.scenario.play(scenario)``).
        branch: optional ``branch(step_index, label) -> Trace`` used when a learner picks an option; without
            it the option buttons are shown disabled.
        index: the step to open at (0-based).
        layout: one of :data:`LAYOUTS` (``"stacked"`` default, ``"stream"`` for one 1920x1080 screen); sets
            the ``layout_mode`` trait. (The name ``layout`` itself stays ipywidgets' CSS ``Layout`` trait; a
            ``Layout`` object passed here goes there.)

    Raises:
        traitlets.TraitError: ``layout`` is not one of :data:`LAYOUTS` (the message lists them).

    Traits synced with the browser: ``frames`` (list of frame dicts, see
    :func:`digiteach.render.frame_to_json`), ``index``, ``scenario``, ``title``, ``ruleset``,
    ``can_branch``, ``branched``, ``branch_note``, ``error``, ``busy``, ``status``, ``layout_mode``,
    ``kernel_words`` (``{lang: {key: text}}``: the status line's words for a kernel that does not answer, see
    :data:`KERNEL_WORDS`), ``large_pane`` (``""`` for equal panes, or a diagram name of :data:`digiteach.diagrams.DIAGRAMS`: in the
    "compact" and "stream" layouts that pane takes most of the width and the others are shown whole beside
    it), ``default_large`` (the stream layout's large pane when ``large_pane`` is ``""``: from the documented
    trace, :func:`digiteach.diagrams.default_large_pane`), ``outcome`` (``{"lines": [str], "differences": [str], "leaves_at": int | None}``, see
    :mod:`digiteach.outcome`; ``leaves_at`` is the 0-based step where the shown line leaves the
    documented one), ``notes`` (the shown trace's ``notes``, one line per paragraph or list item: why the ruling goes
    so, in the player's language; on a learner's own line under a first line saying they explain the documented
    line; the *Why* panel shows them).

    Its text form is deterministic (nbval compares it), e.g.
    ``Player(scenario='attack-resolution-5', step=1/14)`` (``, layout_mode='stream'`` is added when the
    layout is not the default).
    """

    _esm = _HERE / "player.js"
    _css = _HERE / "player.css"

    frames = t.List(t.Dict()).tag(sync=True)
    index = t.Int(0).tag(sync=True)
    scenario = t.Unicode("").tag(sync=True)
    title = t.Unicode("").tag(sync=True)
    ruleset = t.Unicode("").tag(sync=True)
    can_branch = t.Bool(False).tag(sync=True)
    branched = t.Bool(False).tag(sync=True)
    branch_note = t.Unicode("").tag(sync=True)
    error = t.Unicode("").tag(sync=True)
    busy = t.Bool(False).tag(sync=True)
    status = t.Unicode("").tag(sync=True)
    layout_mode = t.Unicode(LAYOUTS[0]).tag(sync=True)
    large_pane = t.Unicode("").tag(sync=True)
    default_large = t.Unicode("attack").tag(sync=True)
    kernel_words = t.Dict().tag(sync=True)
    outcome = t.Dict().tag(sync=True)
    lang = t.Unicode("en").tag(sync=True)
    notes = t.Unicode("").tag(sync=True)

    def __init__(
        self,
        trace: Trace,
        *,
        branch: BranchFn | None = None,
        index: int = 0,
        layout: Any = None,
        lang: str | None = None,
        **kwargs: Any,
    ) -> None:
        if not isinstance(trace, Trace):
            raise TypeError(f"Player needs a digiteach.views.Trace, got {type(trace).__name__}")
        if not trace.steps:
            raise ValueError(f"trace {trace.scenario!r} has no steps to show")
        self._documented = trace
        self._trace = trace
        self._branch = branch
        self._cache: MutableMapping[str, str] = {}
        self._chosen_at: int | None = None  # the step of the learner's latest own choice, on their line
        told_in = i18n.current() if lang is None else _check_lang(lang)  # the language ``trace`` is told in
        with i18n.language(told_in):
            self._frames: tuple[Frame, ...] = trace_frames(trace, cache=self._cache)
            frames = _frames_json(self._frames)
            outcome = _outcome(trace, trace)
        self._documented_frames = self._frames
        if isinstance(layout, str):
            kwargs["layout_mode"] = layout
        elif layout is not None:
            kwargs["layout"] = layout  # an ipywidgets Layout (CSS box of the widget)
        super().__init__(
            frames=frames,
            scenario=trace.scenario,
            title=trace.title,
            ruleset=trace.ruleset,
            can_branch=branch is not None,
            outcome=outcome,
            lang=told_in,
            default_large=default_large_pane(trace),
            kernel_words=_kernel_words(),
            notes=_notes(trace),
            **kwargs,
        )
        self.index = index
        self._ready = True  # from here on a change of ``lang`` retells the lines
        self.on_msg(self._on_message)

    # ------------------------------------------------------------------------------------ repr

    def __repr__(self) -> str:
        """Deterministic text (nbval compares it): ``Player(scenario='attack-resolution-5', step=1/14)``."""
        extra = ", branched" if self.branched else ""
        if self.layout_mode != LAYOUTS[0]:
            extra += f", layout_mode={self.layout_mode!r}"
        return f"Player(scenario={self.scenario!r}, step={self.index + 1}/{len(self.frames)}{extra})"

    # ------------------------------------------------------------------------------- traits

    @t.validate("index")
    def _clamp_index(self, proposal: dict[str, Any]) -> int:
        value = int(proposal["value"])
        last = max(len(self.frames) - 1, 0)
        return min(max(value, 0), last)

    @t.validate("layout_mode")
    def _check_layout(self, proposal: dict[str, Any]) -> str:
        return _check_layout(proposal["value"])

    @t.validate("large_pane")
    def _check_large_pane(self, proposal: dict[str, Any]) -> str:
        return _check_large_pane(proposal["value"])

    @t.validate("lang")
    def _check_lang(self, proposal: dict[str, Any]) -> str:
        return _check_lang(proposal["value"])

    @t.observe("lang")
    def _switch_language(self, change: dict[str, Any]) -> None:
        """Tell the documented line and the shown line again in the new language, at the same step."""
        if change["old"] == change["new"] or not getattr(self, "_ready", False):
            return
        from digiteach.scenario import ScenarioError, in_language

        try:
            documented = in_language(self._documented, self.lang)
            shown = documented if self._trace is self._documented else in_language(self._trace, self.lang)
        except (ScenarioError, ValueError, IndexError) as exc:
            self.error = str(exc) or type(exc).__name__
            return
        self._documented = documented
        with self.hold_sync():
            self.title = documented.title  # a scenario's own title in the new language, when it has one
            self._show(shown, at=self.index)  # the step shown is drawn first, the rest of the line next
            self.branch_note = self._branch_words()
        # the step shown is retold: the browser's own words (buttons, counter, title row) follow now, not after the
        # rest of the line is drawn (the acknowledgement of its ping comes only then)
        self.send({"type": "told", "lang": self.lang})
        self._draw_rest()
        if shown is documented:
            self._documented_frames = self._frames
        else:
            with i18n.language(self.lang):
                self._documented_frames = trace_frames(documented, cache=self._cache)

    @t.observe("index")
    def _clear_error(self, change: dict[str, Any]) -> None:
        if change["old"] != change["new"]:
            self.error = ""
            self.status = ""

    # ------------------------------------------------------------------------------ reading

    @property
    def trace(self) -> Trace:
        """The trace now shown (the documented one, or the learner's branch)."""
        return self._trace

    @property
    def documented(self) -> Trace:
        """The trace the player was built from."""
        return self._documented

    @property
    def step(self) -> Step:
        """The step now shown."""
        return self._trace.steps[self.index]

    @property
    def frame(self) -> dict[str, Any]:
        """The frame dict now shown (what the browser displays)."""
        return dict(self.frames[self.index])

    @property
    def caption(self) -> str:
        """The caption now shown."""
        return str(self.frames[self.index]["caption"])

    @property
    def counter(self) -> str:
        """``"step N of M"`` as the browser shows it."""
        with i18n.language(self.lang):
            return _("step {n} of {total}").format(n=self.index + 1, total=len(self.frames))

    # ----------------------------------------------------------------------------- stepping

    def first(self) -> None:
        """Go to the first step."""
        self.index = 0

    def previous(self) -> None:
        """Go one step back (stays on the first)."""
        self.index = self.index - 1

    def next(self) -> None:
        """Go one step forward (stays on the last)."""
        self.index = self.index + 1

    def last(self) -> None:
        """Go to the last step."""
        self.index = len(self.frames) - 1

    def go(self, index: int) -> None:
        """Go to step ``index`` (0-based; clamped to the trace)."""
        self.index = index

    # ------------------------------------------------------------------------------ choices

    def set_branch(self, branch: BranchFn | None) -> None:
        """Set (or remove, with None) the ``branch(step_index, label) -> Trace`` callback."""
        self._branch = branch
        self.can_branch = branch is not None

    def choose(self, label: str, step: int | None = None) -> bool:
        """Answer the decision at ``step`` (default: the step shown) with ``label`` and show the new line.

        Choosing the option this line already took just moves on to the next step (no branch). Otherwise
        calls the ``branch`` callback. On success the branch trace replaces the shown one, the player
        moves to the step after the decision, ``branched`` is True and ``error`` is cleared. If the
        callback refuses the answer (``ValueError``/``IndexError``), its text is put in ``error`` and
        nothing else changes.

        Returns:
            True if the trace was extended, False if the choice was refused.
        """
        at = self.index if step is None else int(step)
        if not 0 <= at < len(self._trace.steps):
            self.error = f"there is no step {at + 1}; the trace has {len(self._trace.steps)} steps"
            return False
        decision = self._trace.steps[at].decision
        if decision is None:
            self.error = f"step {at + 1} asks no question; there is nothing to choose"
            return False
        if label == self._trace.steps[at].choice:  # the line already goes this way: nothing to branch
            self.error = ""
            self.index = min(at + 1, len(self.frames) - 1)
            return True
        if self._branch is None:
            self.error = "choosing needs a branch function: open the scenario with widgets.play(...)"
            return False
        self.busy = True
        try:
            with i18n.language(self.lang):
                new = self._branch(at, label)
        except (ValueError, IndexError) as exc:
            self.error = str(exc) or type(exc).__name__
            return False
        finally:
            self.busy = False
        if not isinstance(new, Trace) or not new.steps:
            self.error = "the branch function returned no steps"
            return False
        with self.hold_sync():  # the new line's first frames and the step the player moves to: one update
            self._show(new, at=min(at + 1, len(new.steps) - 1))
            self.branched = True
            self._chosen_at = at
            self.branch_note = self._branch_words()
            self.error = ""
        self._draw_rest()
        return True

    def back_to_documented(self) -> None:
        """Show the documented trace again, at the step where the learner's line left it (the decision
        they answered differently), so they can compare the two answers; on the documented line already,
        stay at the same step."""
        from digiteach.outcome import leaves_at

        at = leaves_at(self._trace, self._documented) if self._trace is not self._documented else None
        at = self.index if at is None else at
        with self.hold_sync():
            self._show(self._documented, self._documented_frames, at=min(at, len(self._documented_frames) - 1))
            self.branched = False
            self._chosen_at = None
            self.branch_note = ""
            self.error = ""

    def _branch_words(self) -> str:
        """The banner of the learner's own line, in the player's language ("" on the documented line)."""
        at = self._chosen_at
        if not self.branched or at is None or at >= len(self._trace.steps):
            return ""
        step = self._trace.steps[at]
        player = step.decision.player if step.decision is not None else "?"
        with i18n.language(self.lang):
            return _("Your line: at step {n} {player} chose \u201c{label}\u201d.").format(
                n=at + 1, player=_player(player), label=step.choice)

    def _show(self, trace: Trace, frames: tuple[Frame, ...] | None = None, *, at: int | None = None) -> None:
        """Show ``trace`` (its ``frames`` if already made) at step ``at`` (default: the step shown, clamped), in the
        player's language.

        The steps it shares with the trace shown now keep their frames; of the later ones, only the frames of step
        ``at`` and the step before it are drawn here (when ``at`` is given): the others go out with their text and
        no diagrams, and :meth:`_draw_rest` draws them next, so the learner sees the new step without waiting for
        the whole line's layout. Only the new frames go to the browser, in a ``{"type": "frames", "keep": k, "frames": [...]}``
        message (``player.js`` puts them after its first k); the ``frames`` trait takes the whole list without
        sending it again."""
        previous = (self._trace, self._frames)
        keep = min(shared_steps(trace, previous[0]), len(previous[1]))
        self._trace = trace
        with i18n.language(self.lang):
            if frames is None:
                # the step shown, and the one before it (after a choice: the decision's step, whose diagrams the
                # player has already laid out, so drawing it again costs no layout)
                draw = None if at is None else (at - 1, at)
                frames = trace_frames(trace, cache=self._cache, previous=previous, draw=draw)
            self._frames = frames
            data = list(self.frames[:keep]) + _frames_json(self._frames, keep)
            outcome = _outcome(trace, self._documented)
        self.send({"type": "frames", "keep": keep, "frames": data[keep:]})
        with self.hold_sync():
            self._set_frames_unsent(data)
            self.outcome = outcome
            self.notes = _notes(trace)
            self.index = min(self.index if at is None else at, len(self.frames) - 1)

    def _draw_rest(self) -> None:
        """Draw every frame of the shown line that :meth:`_show` left undrawn, in one batched call, and send their
        diagrams with their text alternatives: ``{"type": "drawn", "total": n, "frames": {"k": {"svgs": {name: svg},
        "alt": {name: text}}}}`` for the line of n frames (``player.js`` puts them into its frames of that line; the
        ``frames`` trait takes them without sending the list again)."""
        todo = [k for k, frame in enumerate(self._frames) if not frame.svgs]
        if not todo:
            return
        with i18n.language(self.lang):
            self._frames = draw_frames(self._trace, self._frames, cache=self._cache)
            drawn = {k: {key: frame_to_json(self._frames[k])[key] for key in ("svgs", "alt")} for k in todo}
        data = list(self.frames)
        for k, patch in drawn.items():
            data[k] = {**data[k], **patch}
        self.send({"type": "drawn", "total": len(data), "frames": {str(k): patch for k, patch in drawn.items()}})
        self._set_frames_unsent(data)

    def _set_frames_unsent(self, data: list[dict[str, Any]]) -> None:
        """Set the ``frames`` trait to ``data``, which the browser already has from messages, without syncing it."""
        self._unsent = True
        try:
            self.frames = data
        finally:
            self._unsent = False

    def _should_send_property(self, key: str, value: Any) -> bool:
        """ipywidgets' hook before a trait goes to the browser: the frames list :meth:`_show` and :meth:`_draw_rest`
        have just sent in parts is not sent again in full."""
        if key == "frames" and getattr(self, "_unsent", False):
            self._states_to_send.discard(key)
            return False
        return bool(super()._should_send_property(key, value))

    # ------------------------------------------------------------------------------- export

    source: Path | None = None
    """The scenario file this player plays (set by :func:`play` for a path): never written by an export."""

    def export_html(self, path: str | Path | None = None, *, overwrite: bool = False) -> Path | None:
        """Write the trace now shown as one self-contained offline HTML file; return its path.

        The default file name is ``<scenario id>.html`` in the current directory, or on a learner's own
        line ``<scenario id>-your-line-from-step-N.html``; a branch's export says in its title and a
        banner that it is not the documented line (see :func:`digiteach.export.to_html`). The layout and
        the large pane are the player's. As with ``digiteach export``, an existing file is replaced only with
        ``overwrite=True``, and the scenario file the player plays never is.

        Raises:
            FileExistsError: the file exists and ``overwrite`` is False, it is the scenario file, or a link.
            IsADirectoryError, FileNotFoundError: see :func:`digiteach.export.check_target`.
            OSError: the folder is not writable.

        In a notebook none of these is raised: the refusal is printed (to stderr) as one plain ``error: ...`` line, in
        the player's language, as ``digiteach export`` says it (with ``overwrite=True`` for ``--force``), nothing is
        written, and the method returns None, so the rest of the cell still runs (session 16: a refusal stopped the
        cell, and Run All with it); a file written is confirmed the same way, ``wrote <file>``. A script gets the
        exception.
        """
        from digiteach.export import export_file_name, to_html
        from digiteach.scenario.escape import printable

        self._draw_rest()  # the export carries every frame drawn
        with i18n.language(self.lang):  # the page and its default name (<id>-de.html) in the player's language
            target = Path(path) if path is not None else Path(export_file_name(self._trace, self._documented))
            try:
                written = to_html(self._trace, target, frames=self._frames, documented=self._documented,
                                  layout=self.layout_mode, large_pane=self.large_pane, overwrite=overwrite,
                                  keep=[self.source] if self.source is not None else [])
            except (FileExistsError, IsADirectoryError, FileNotFoundError) as exc:  # check_target's, path escaped
                _refused(exc, _("error: {message}").format(message=exc))
                return None
            except OSError as exc:  # the folder not writable (write_atomically names it)
                reason = _("cannot write the export: {reason}").format(reason=printable(str(exc)))
                _refused(exc, _("error: {message}").format(message=reason))
                return None
            if _in_notebook():  # a notebook says it, as `digiteach export` does; a script gets the path only
                print(_("wrote {file}").format(file=printable(str(target))))
            return written

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if isinstance(content.get("ask"), int):  # at once, before the work: the browser knows the kernel is there
            self.send({"type": "ack", "ask": content["ask"]})
        kind = content.get("type")
        if kind == "choose":
            label = content.get("label")
            step = content.get("step")
            if isinstance(label, str):
                self.choose(label, step if isinstance(step, int) else None)
        elif kind == "back":
            self.back_to_documented()
        elif kind == "export":
            from digiteach.export import export_file_name, html_document

            self._draw_rest()
            with i18n.language(self.lang):
                name = export_file_name(self._trace, self._documented)  # <id>-de.html for a German page
                doc = html_document(self._trace, self._frames, documented=self._documented, layout=self.layout_mode,
                                    large_pane=self.large_pane)
            self.send({"type": "download", "filename": name, "html": doc})
            with i18n.language(self.lang):
                self.status = _("Downloaded {name} (see your browser's downloads).").format(name=name)


_ = i18n.gettext
N_ = i18n.N_

KERNEL_WORDS: dict[str, str] = {
    "choose": N_("Your choice \u201c{label}\u201d was not made."),
    "back": N_("The player is still on your line."),
    "export": N_("Nothing was exported."),
    "lang": N_("The language was not changed."),
    "lost": N_("The kernel is not answering (was it restarted?): to choose, go back or export, run this cell again "
               "(Shift+Enter), or Run > Run All Cells if the cell uses names from the cells above. Stepping through "
               "the steps shown still works."),
}
"""What the player's status line says when a message that needs the kernel gets no answer: what did not happen
(by the message's type; ``{label}`` is the option), then ``"lost"``. Sent to the browser in every language
(``kernel_words``): a player whose kernel is gone can no longer ask Python for words."""


def _kernel_words() -> dict[str, dict[str, str]]:
    """:data:`KERNEL_WORDS` in every language of :data:`digiteach.i18n.LANGUAGES`: ``{lang: {key: text}}``."""
    words = {}
    for lang in i18n.LANGUAGES:
        with i18n.language(lang):
            words[lang] = {key: _(text) for key, text in KERNEL_WORDS.items()}
    return words


def _player(name: str) -> str:
    return captions.text("word.player", letter=name)


def _check_lang(value: Any) -> str:
    """``value`` if it is a language of :data:`digiteach.i18n.LANGUAGES`; else TraitError naming them (in a notebook
    one plain ``error:`` line, :func:`widgets.errors.refuse_choice`)."""
    return _one_of("lang", value, i18n.LANGUAGES)


def _check_layout(value: Any) -> str:
    """``value`` if it is one of :data:`LAYOUTS`; else TraitError naming them (shown plainly, as for the language)."""
    return _one_of("layout", value, LAYOUTS)


def _check_large_pane(value: Any) -> str:
    """``value`` if it is ``""`` or a diagram name of :data:`digiteach.diagrams.DIAGRAMS`; else TraitError naming
    them (shown plainly, as for the language)."""
    return _one_of("large_pane", value, ("", *DIAGRAMS))


def _one_of(name: str, value: Any, legal: tuple[str, ...]) -> str:
    """``value`` if it is one of ``legal``; else a TraitError ``Player <name> must be one of ..., not ...`` that a
    notebook shows as one ``error:`` line naming the argument and the values it takes."""
    if not isinstance(value, str) or value not in legal:
        listed = ", ".join(repr(v) for v in legal)
        exc = t.TraitError(f"Player {name} must be one of {listed}, not {value!r}")
        raise refuse_choice(exc, name, value, legal) from None
    return value


def _frames_json(frames: tuple[Frame, ...], start: int = 0) -> list[dict[str, Any]]:
    """The ``frames`` trait from step ``start`` on: :func:`digiteach.render.frame_to_json` of each frame, whose
    ``"alt"`` (the text alternative of each diagram by name) the browser puts on the diagram as ``role="img"`` and
    ``aria-label`` (``{}`` for a frame not drawn yet: it comes with the diagrams, see :meth:`Player._draw_rest`)."""
    return [frame_to_json(frame) for frame in frames[start:]]


def _notes(trace: Trace) -> str:
    """The ``notes`` trait: ``trace.notes`` one line per paragraph or list item, for the *Why* panel to wrap."""
    from digiteach.scenario.documented import notes_lines

    return "\n".join(notes_lines(trace.notes))


def _outcome(trace: Trace, documented: Trace) -> dict[str, Any]:
    from digiteach.outcome import differences, leaves_at, outcome_lines

    at = leaves_at(trace, documented) if trace is not documented else None
    return {
        "lines": list(outcome_lines(trace.result)),
        "differences": list(differences(trace, documented)) if at is not None else [],
        "leaves_at": at,
    }


def play(
    scenario: str | Path | Trace,
    *,
    branch: BranchFn | None = None,
    index: int = 0,
    layout: str = LAYOUTS[0],
    large_pane: str = "",
    lang: str | None = None,
) -> Player:
    """Open a scenario (bundled id, file path, or an already played ``Trace``) in a :class:`Player`.

    For an id or path, ``digiteach.scenario`` (imported only here) loads and plays it. Unless ``branch``
    is given, learner choices go to ``digiteach.scenario.branch`` called on the trace the player shows
    at that moment, so a learner can branch again further along their own line. ``layout`` is one of
    :data:`LAYOUTS`: ``"stacked"`` (default) or ``"stream"`` (diagrams side by side, one 1920x1080 screen).
    ``large_pane`` names the diagram that takes most of the width in the compact and stream layouts
    (``"attack"``, ``"priority"`` or ``"board"``; ``""``, the default, for equal panes). ``lang`` (``"en"`` or
    ``"de"``; default: the language in force, :func:`digiteach.i18n.current`) is the language the scenario is told
    in; for a ``Trace``, the language it was made in. The player's *Language* select switches it live. A file whose
    ``expect`` the rules do not give still plays; a note on stderr (above the player in a notebook), in ``lang``, says
    what ``digiteach check`` says of it.

    Raises:
        traitlets.TraitError: ``layout`` is not one of :data:`LAYOUTS`, ``lang`` not a language of
            :data:`digiteach.i18n.LANGUAGES`, or ``large_pane`` not a diagram name (the message lists them; in a
            notebook one plain ``error: ...`` line naming the argument, then the values it takes).
        digiteach.scenario.ScenarioError: the file or id is not a valid scenario (file, line, field). In
            a notebook it shows as the ``digiteach`` command's located ``error: ...`` lines, not as a
            Python traceback.
        digiteach.cards.CardDataError: a card file is broken (shown the same way).
    """
    _check_layout(layout)  # checked before the scenario is played
    _check_large_pane(large_pane)
    lang = i18n.current() if lang is None else _check_lang(lang)
    if isinstance(scenario, Trace):
        trace = scenario
    else:
        import digiteach.scenario as sc

        with plain_errors():
            loaded = sc.load_scenario(scenario)
            trace = sc.play(loaded, lang)
    player = Player(trace, branch=branch, index=index, layout=layout, large_pane=large_pane, lang=lang)
    if not isinstance(scenario, Trace):  # the file read, also for a bundled id: an export never writes over it
        source = Path(scenario) if Path(scenario).is_file() else Path(loaded.path) if loaded.path else None
        player.source = source if source is not None and source.is_file() else None
        if Path(scenario).is_file():  # a file of the learner's own (the bundled ones pass `digiteach check`)
            note = _expect_note(loaded, str(scenario), lang)
            if note:
                print("\n".join(wrapped(note)), file=sys.stderr)
    if branch is None:
        scenario_branch = _scenario_branch()
        if scenario_branch is not None:

            def from_shown_trace(step_index: int, label: str) -> Trace:
                return scenario_branch(player.trace, step_index, label)

            player.set_branch(from_shown_trace)
    return player


def _expect_note(scenario: Any, name: str, lang: str) -> list[str]:
    """What ``digiteach check`` says of ``scenario``'s ``expect`` (read from the file ``name``), as a note in ``lang``
    that the player shows what the rules give; ``[]`` when the outcome matches it (or the check cannot run: the
    command reports that). The play goes on either way: a file being written may not match yet."""
    import digiteach.scenario as sc

    try:
        with i18n.language(lang):
            differences = sc.check(scenario)
            if not differences:
                return []
            head = _("note: {file}: its expect does not match what the rules give (`digiteach check` says FAIL); the "
                     "player shows what the rules give:").format(file=name)
    except Exception:  # noqa: BLE001 (the note is a courtesy; `digiteach check` names any other problem)
        return []
    return [head, *("    " + d for d in differences)]


def _refused(exc: OSError, line: str) -> None:
    """A refused export: in a notebook, ``line`` (the ``error: ...`` line, wrapped as :func:`widgets.errors.wrapped`
    wraps it) printed to stderr, and None for the cell to go on with; in a script, ``exc`` raised, shown as ``line``
    should IPython display it."""
    if _in_notebook():
        print("\n".join(wrapped([line])), file=sys.stderr)
        return
    raise shown_plainly(exc, [line]) from None


def _in_notebook() -> bool:
    """True when running under IPython (a notebook's kernel), where a method's confirmation is printed."""
    ipython = sys.modules.get("IPython")
    return ipython is not None and getattr(ipython, "get_ipython", lambda: None)() is not None


def _scenario_branch() -> Callable[[Trace, int, str], Trace] | None:
    try:
        import digiteach.scenario as sc
    except ImportError:
        return None
    fn = getattr(sc, "branch", None)
    return fn if callable(fn) else None
