"""The HTML export that carries every branch of a scenario: a learner chooses at each decision, with no kernel.

:func:`branch_tree` follows every answer to every decision of a scenario from its opening action (the lines of
:mod:`digiteach.explore`: the order of pending effects, CR 15-4-3-5; "you may" effects, CR 15-9; targets,
CR 15-10-2; blocks ...), as a tree of engine states: lines with a common prefix share its steps. At most
``limit`` lines are kept: the documented line whole, then the decisions nearest the start, each with every one of
its answers (breadth-first), so every answer offered on the page leads somewhere; the answers of a decision the
limit left out are shown as such, with how to export more (``--limit``). :func:`branches_document` renders each
distinct diagram once (one batched ``dot`` call) and writes one self-contained HTML page: the tree as JSON data (diagrams, frames and outcomes stored once and
referred to by number) and a little plain JavaScript (``export_page/branches.js``) that shows one step at a
time, offers the options of each decision as buttons, and after a choice shows the steps of that line. The page
opens on the documented line; at the end of a line it shows the outcome and how it differs from the documented
one. For screen readers each diagram is ``role="img"`` with the text alternative of
:func:`digiteach.diagrams.step_descriptions`, and a polite live region reads out each step shown, its caption
and any decision with its options. Nothing is loaded from the network; all scenario text is shown through ``textContent`` (diagram labels
are escaped by :mod:`digiteach.diagrams`), so a file serves any number of learners from any web host.

>>> from digiteach.scenario import load_scenario
>>> tree = branch_tree(load_scenario("triggered-effects-9"), limit=50)
>>> tree.complete, tree.lines
(True, 10)
"""

from __future__ import annotations

import heapq
import html
import json
import shlex
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any, TextIO

from digiteach import engine as eng
from digiteach import i18n
from digiteach.i18n import pgettext

_ = i18n.gettext
from digiteach.decisions import IllegalAction
from digiteach.diagrams import DIAGRAMS, step_descriptions
from digiteach.explore import MAX_STEPS_PER_LINE
from digiteach.export import notes_panel, visible, write_atomically
from digiteach.outcome import differences, outcome_lines
from digiteach.render import render_svgs, step_log_line, svg_inline
from digiteach.scenario import Scenario, ScenarioError, play, replay
from digiteach.scenario.escape import printable
from digiteach.state import State
from digiteach.views import Step, Trace, TraceResult

__all__ = ["DEFAULT_BRANCH_LIMIT", "BranchNode", "BranchTree", "branch_tree", "branches_data",
           "branches_document", "more_command", "to_branches_html", "run_branches"]

DEFAULT_BRANCH_LIMIT = 200
"""Lines carried by an export when the caller names no limit (each line adds its own steps to the file)."""


@dataclass(slots=True)
class BranchNode:
    """One step of one or more lines: the engine ``state``, its ``parent`` node (None for the first step), the
    answers given before it (``answers``, exact option labels), whether it lies on the documented line
    (``documented``). After it comes either one step (``next``), or, at a decision, one node per option label
    (``options``: label -> node, None when the limit left that answer out); a node with neither ends a line."""

    state: State
    parent: int | None
    depth: int
    answers: tuple[str, ...]
    documented: bool
    next: int | None = None
    options: dict[str, int | None] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class BranchTree:
    """Every line of scenario ``scenario`` followed from its opening action: ``nodes[0]`` is the first step.
    ``documented`` holds the documented answers; ``lines`` counts the lines in the tree (each ends with its
    outcome, or stops at a decision whose answers the limit left out); ``complete`` is False when ``limit`` (the
    most lines the walk could keep) stopped the walk before every line was followed."""

    scenario: Scenario
    nodes: tuple[BranchNode, ...]
    documented: tuple[str, ...]
    lines: int
    complete: bool
    limit: int = DEFAULT_BRANCH_LIMIT


@dataclass(slots=True)
class _Walk:
    scenario: Scenario
    documented: tuple[str, ...]
    limit: int
    nodes: list[BranchNode] = field(default_factory=list)
    waiting: list[tuple[int, bool, int]] = field(default_factory=list)  # heap: (answers given, off the line, node)
    lines: int = 0
    complete: bool = True

    def add(self, state: State, parent: int | None, label: str | None) -> int:
        if parent is None:
            self.nodes.append(BranchNode(state, None, 0, (), True))
            return 0
        p = self.nodes[parent]
        answers = p.answers + ((label,) if label is not None else ())
        k = len(p.answers)
        on_line = p.documented and (label is None or (k < len(self.documented) and self.documented[k] == label))
        if p.depth + 1 > MAX_STEPS_PER_LINE:
            raise RuntimeError(f"a line of {self.scenario.id} did not finish within {MAX_STEPS_PER_LINE} steps")
        self.nodes.append(BranchNode(state, parent, p.depth + 1, answers, on_line))
        return len(self.nodes) - 1

    def later(self, node: BranchNode) -> State | None:
        """The step after a finished state: the scenario's next action begun (through a replay of the line's
        answers, as :func:`digiteach.scenario.play` begins it), or None when the line ends here."""
        if not self.scenario.then or node.state.winner is not None:
            return None
        try:
            history = replay(self.scenario, node.answers)
        except (ScenarioError, IllegalAction):  # the later action does not fit this line's board
            return None
        if len(history) <= node.depth + 1:
            return None
        if history[node.depth] != node.state:
            raise RuntimeError(f"{self.scenario.id}: a replay of {list(node.answers)} left the explored line")
        return history[node.depth + 1]

    def follow(self, idx: int) -> int:
        """Add the steps after node ``idx`` up to the next decision (whose answers are all left out until
        :meth:`open` follows them; it waits its turn in ``waiting``) or the end of the line; the last node's
        index."""
        while True:
            node = self.nodes[idx]
            s = node.state
            if s.decision is not None:
                node.options = dict.fromkeys(s.decision.labels)
                heapq.heappush(self.waiting, (len(node.answers), not node.documented, idx))
                return idx
            nxt = eng.step(s) if not s.finished else self.later(node)
            if nxt is None:
                return idx
            node.next = self.add(nxt, idx, None)
            idx = node.next

    def answer(self, idx: int, label: str) -> int:
        """Follow answer ``label`` at decision node ``idx`` up to the next decision or the end of the line."""
        child = self.add(eng.step(self.nodes[idx].state, label), idx, label)
        self.nodes[idx].options[label] = child
        return self.follow(child)

    def run(self, start: State) -> None:
        """The documented line whole, then decisions opened nearest the start first (fewest answers given,
        the documented line's first): a decision is opened, every answer followed to the next decision or the
        end, only while the file's lines (each ends with its outcome or stops at a decision not opened) stay
        within ``limit``; at the first decision that does not fit, the walk stops."""
        idx = self.follow(self.add(start, None, None))
        self.lines = 1
        while True:  # the documented line, whatever the limit
            node = self.nodes[idx]
            k = len(node.answers)
            if not node.options or k >= len(self.documented) or self.documented[k] not in node.options:
                break
            idx = self.answer(idx, self.documented[k])
        while self.waiting:
            _given, _off, idx = heapq.heappop(self.waiting)
            options = self.nodes[idx].options
            missing = [label for label, child in options.items() if child is None]
            if not missing:
                continue
            cost = len(missing) - (1 if len(missing) == len(options) else 0)  # a line stopped here goes on
            if self.lines + cost > self.limit:
                self.complete = False  # this decision and those after it stay as they are: left out by the limit
                return
            self.lines += cost
            for label in missing:
                self.answer(idx, label)


def branch_tree(scenario: Scenario, *, limit: int = DEFAULT_BRANCH_LIMIT) -> BranchTree:
    """Follow every line of ``scenario`` from its opening action (at most ``limit`` of them) as a tree of engine
    states; later actions (``action:`` as a list) begin as in :func:`digiteach.scenario.play`.

    The documented line is always followed whole. Then the decisions are opened breadth-first, nearest the start
    first (the documented line's first among those as near): every answer of a decision is followed, or none
    (at the first decision whose answers would take the tree over ``limit`` lines, the walk stops). So every
    answer the page offers leads to a line; a decision further on than the limit reached shows its answers as
    left out (and, on the documented line, every answer but the documented one).

    Raises:
        ValueError: ``limit`` is below 1.
        ScenarioError: the scenario does not play (as :func:`digiteach.scenario.play`).
        RuntimeError: a line does not finish within :data:`digiteach.explore.MAX_STEPS_PER_LINE` steps.
    """
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    documented = tuple(st.choice for st in play(scenario).steps if st.decision is not None and st.choice is not None)
    walk = _Walk(scenario, documented, limit)
    walk.run(replay(scenario, ())[0])
    return BranchTree(scenario, tuple(walk.nodes), documented, walk.lines, walk.complete, limit)


def _steps(tree: BranchTree, documented: Trace) -> list[Step]:
    """Each node's step; a step of the documented line (``documented``, as played) carries that line's notes at
    the step: the scenario's wiki-vs-CR notes and a judge's notes (``Step.differs``, ``Step.note``)."""
    steps = [eng.to_step([n.state], 0) for n in tree.nodes]
    for k, n in enumerate(tree.nodes):
        shown = documented.steps[n.depth] if n.documented and n.depth < len(documented.steps) else None
        if shown is not None and shown.caption == steps[k].caption:
            steps[k] = replace(steps[k], differs=shown.differs, note=shown.note)
    return steps


def _svg_table(tree: BranchTree, steps: Sequence[Step]) -> tuple[list[str], list[tuple[int, ...]]]:
    """(distinct SVGs, per node the numbers of its diagrams' SVGs in :data:`DIAGRAMS` order); every distinct
    DOT source is rendered once, all in one ``dot`` call."""
    sources: list[str] = []
    for n, step in zip(tree.nodes, steps, strict=True):
        previous = steps[n.parent] if n.parent is not None else None
        sources += [str(d.build(step, previous).source) for d in DIAGRAMS.values()]
    distinct = list(dict.fromkeys(sources))
    number = {src: k for k, src in enumerate(distinct)}
    svgs = render_svgs(distinct)
    width, diagram_names = len(DIAGRAMS), list(DIAGRAMS)
    names: dict[str, str] = {}
    for k, src in enumerate(sources):
        names.setdefault(src, diagram_names[k % width])
    # One frame is shown at a time, so a diagram's ids need only the diagram's name to stay unique.
    table = [svg_inline(svg, f"{names[src]}-") for src, svg in zip(distinct, svgs, strict=True)]
    return table, [tuple(number[s] for s in sources[k * width:(k + 1) * width]) for k in range(len(tree.nodes))]


def _frame(step: Step, previous: Step | None, svgs: tuple[int, ...]) -> dict[str, Any]:
    d = step.decision
    alts = step_descriptions(step, previous)
    return {"timing": i18n.term(step.timing), "caption": step.caption, "rules": list(step.rules), "differs": step.differs,
            "note": step.note, "player": d.player if d else None, "prompt": d.prompt if d else "", "svgs": list(svgs),
            "alts": [alts[name] for name in DIAGRAMS], "log": step_log_line(step, numbered=False)}


def _outcome(tree: BranchTree, state: State, documented: TraceResult) -> dict[str, Any]:
    result = eng.to_result([state])
    sc = tree.scenario
    mine, theirs = (Trace(sc.id, sc.title_in(), sc.ruleset, (), r) for r in (result, documented))
    order = " -> ".join(result.activation_order) or pgettext("outcome", "(no effect activated)")
    return {"lines": [*outcome_lines(result), pgettext("outcome", "Activation order") + f": {order}"],
            "differences": list(differences(mine, theirs))}


def _node_json(tree: BranchTree, n: BranchNode, frame: int, outcome: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {"frame": frame, "documented": n.documented}
    if n.next is not None:
        out["next"] = n.next
    elif n.options:
        k = len(n.answers)
        doc = tree.documented[k] if n.documented and k < len(tree.documented) else None
        out["options"] = [{"label": label, "node": child, "documented": label == doc}
                          for label, child in n.options.items()]
    else:
        out["outcome"] = outcome
    return out


def branches_data(tree: BranchTree) -> dict[str, Any]:
    """The page's data: ``{"scenario", "title", "ruleset", "lines", "complete", "limit", "more" (the command that
    exports more lines), "diagrams": [{"name", "title"}],
    "svgs": [str], "frames": [{"timing", "caption", "rules", "differs", "note", "player", "prompt", "svgs": [int],
    "alts": [str] (each diagram's text alternative), "log"}], "outcomes": [{"lines": [str], "differences": [str]}], "nodes": [{"frame": int, "documented": bool,
    and one of "next": int | "options": [{"label", "node": int|null, "documented": bool}] | "outcome": int}]}``.
    Identical frames and outcomes are stored once.

    Raises:
        digiteach.render.RenderError: ``dot`` failed.
    """
    shown = play(tree.scenario)
    steps = _steps(tree, shown)
    svgs, numbers = _svg_table(tree, steps)
    frames: dict[str, int] = {}
    frame_list: list[dict[str, Any]] = []
    outcomes: dict[str, int] = {}
    outcome_list: list[dict[str, Any]] = []
    documented = shown.result
    nodes = []
    for n, step, svg in zip(tree.nodes, steps, numbers, strict=True):
        f = _frame(step, steps[n.parent] if n.parent is not None else None, svg)
        fkey = json.dumps(f, sort_keys=True)
        if fkey not in frames:
            frames[fkey] = len(frame_list)
            frame_list.append(f)
        outcome = None
        if n.next is None and not n.options:
            o = _outcome(tree, n.state, documented)
            okey = json.dumps(o, sort_keys=True)
            outcome = outcomes.setdefault(okey, len(outcome_list))
            if outcome == len(outcome_list):
                outcome_list.append(o)
        nodes.append(_node_json(tree, n, frames[fkey], outcome))
    sc = tree.scenario
    return {"scenario": sc.id, "title": sc.title_in() or sc.id, "ruleset": sc.ruleset, "lines": tree.lines,
            "complete": tree.complete, "limit": tree.limit, "more": more_command(tree),
            "diagrams": [{"name": k, "title": _(d.title)} for k, d in DIAGRAMS.items()],
            "svgs": svgs, "frames": frame_list, "outcomes": outcome_list, "nodes": nodes, "words": page_words()}


def more_command(tree: BranchTree) -> str:
    """The command that exports ``tree``'s scenario again with twice the limit (named by id when bundled, else by
    its file).

    >>> from digiteach.scenario import load_scenario
    >>> more_command(branch_tree(load_scenario("triggered-effects-9"), limit=3))
    'digiteach export triggered-effects-9 --html triggered-effects-9-lines.html --branches --limit 6'
    """
    from digiteach.scenario import bundled_ids

    sc = tree.scenario
    name = sc.id if sc.id in bundled_ids() or not sc.path else sc.path
    lang = i18n.current()  # a German page's command exports German again, to a name that says so
    out = shlex.quote(f"{sc.id}-lines.html" if lang == "en" else f"{sc.id}-lines-{lang}.html")
    told = "" if lang == "en" else f" --lang {lang}"
    return f"digiteach export {shlex.quote(name)} --html {out} --branches --limit {2 * tree.limit}{told}"


def page_words() -> dict[str, str]:
    """The words branches.js writes on the page, in the language in force (``{n}``, ``{total}``, ``{timing}``,
    ``{player}``, ``{label}`` are filled in by the page)."""
    return {
        "no_decision": _("No decision at this step."), "player": _("Player {player}: "),
        "documented": _(" (the documented answer)"), "left_out": _(" (left out of this file by the limit)"),
        "more": _("The answers marked as left out are not in this file: it keeps at most {limit} lines. To follow "
                  "them, export the scenario again with a higher limit, for example: {command}"),
        "choose": _("Choose an answer to go on."), "outcome": _("Outcome of this line"),
        "differs": _("How it differs from the documented line:"), "same": _("The same outcome as the documented line."),
        "following": _("You are following the documented line."),
        "leaves": _("Your line: it leaves the documented line at step {n}"), "chosen": _(" (chosen: \u201c{label}\u201d)."),
        "head": _("Step {n} of {total} on this line so far: {timing}"), "wiki": _("Wiki vs CR: "), "note": _("Note: "),
        "counter": _("step {n} of {total}"), "waiting": _(", waiting for your answer"), "options": _(" Options: "),
    }


def _asset(name: str) -> str:
    return resources.files("digiteach").joinpath("export_page", name).read_text(encoding="utf-8")


def _e(text: object) -> str:
    """HTML-escaped, control and bidi characters shown as escapes (as in :mod:`digiteach.export`)."""
    return html.escape(printable(str(text)), quote=True)


def _shown(value: Any) -> Any:
    """``value`` (JSON data) with every string's control and bidi characters shown as escapes."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, list):
        return [_shown(v) for v in value]
    if isinstance(value, dict):
        return {k: _shown(v) for k, v in value.items()}
    return value


def _script_json(data: dict[str, Any]) -> str:
    """JSON safe inside a ``<script>`` element: no ``<`` at all (so no ``</script>`` and no ``<!--``), and no
    control or bidi character that branches.js would put on the page (an unclosed U+202E reverses a caption)."""
    shown = {k: [visible(svg) for svg in v] if k == "svgs" else _shown(v) for k, v in data.items()}
    return json.dumps(shown, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def _nav() -> str:
    """The page's step controls, labelled in the language in force."""
    steps, first, prev = _e(_("Steps")), _e(_("First step (Home)")), _e(_("Previous step (left arrow)"))
    nxt, last, back = _e(_("Next step (right arrow)")), _e(_("Last step of this line (End)")), _e(_("Back to the documented line"))
    return (
        f'<nav aria-label="{steps}">'
        f'<button type="button" class="digiteach-first" aria-label="{first}">|&#x25C0;</button>'
        f'<button type="button" class="digiteach-prev" aria-label="{prev}">&#x25C0;</button>'
        f'<button type="button" class="digiteach-next" aria-label="{nxt}">&#x25B6;</button>'
        f'<button type="button" class="digiteach-last" aria-label="{last}">&#x25B6;|</button>'
        f'<button type="button" class="digiteach-documented">{back}</button>'
        '<span class="digiteach-counter"></span></nav>\n'
        '<div class="announce" aria-live="polite" aria-atomic="true"></div>\n'
    )


def _documented_log(tree: BranchTree) -> str:
    """The documented line's steps as a plain list: what a reader without JavaScript sees."""
    items, k = [], 0
    while True:
        n = tree.nodes[k]
        items.append(f"<li>{_e(step_log_line(eng.to_step([n.state], 0), numbered=False))}</li>")
        doc = [c for label, c in n.options.items() if c is not None and tree.nodes[c].documented]
        nxt = n.next if n.next is not None else (doc[0] if doc else None)
        if nxt is None:
            return "".join(items)
        k = nxt


def branches_document(tree: BranchTree) -> str:
    """The self-contained HTML page of ``tree`` (see the module docstring).

    Raises:
        digiteach.render.RenderError: ``dot`` failed.
    """
    data = branches_data(tree)
    title = _("{title} \u2014 every line").format(title=data["title"])
    left_out = "" if tree.complete else _(" (the limit was reached: answers beyond it are marked as left out)")
    lines = _("1 line in this file") if tree.lines == 1 else _("{count} lines in this file").format(count=tree.lines)
    meta = _("Scenario {id} · Rules: {ruleset} · {lines}{left_out} · choose at each decision; keys: left/right arrow, "
             "Home/End, 1-9 choose an option").format(id=tree.scenario.id, ruleset=tree.scenario.ruleset, lines=lines,
                                                       left_out=left_out)
    words = {"step": _("Step"), "so_far": _("Steps of this line so far"),
             "noscript": _("Choosing a line needs JavaScript. The documented line's steps:")}
    panes = "".join(f'<figure class="{_e(d["name"])}"><figcaption>{_e(d["title"])}</figcaption>'
                    f'<div class="digiteach-diagram" data-diagram="{_e(d["name"])}" role="img" tabindex="0">'
                    "</div></figure>" for d in data["diagrams"])
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{i18n.current()}"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="digiteach">\n'
        f"<title>{_e(title)}</title>\n<style>{_asset('branches.css')}</style></head>\n"
        '<body><main class="digiteach-branches" tabindex="-1">\n'
        f"<h1>{_e(title)}</h1>\n"
        f'<p class="meta">{_e(meta)}</p>\n'
        f"{notes_panel(tree.scenario.notes_in(), opened=True)}\n"
        '<div class="line-status" role="status"></div>\n'
        + _nav()
        + f'<section class="frame" aria-label="{_e(words["step"])}"><div class="step-head"></div>'
        '<div class="info"><div class="digiteach-caption"></div>'
        '<div class="digiteach-rules"></div><div class="differs" hidden></div>'
        '<div class="step-note" hidden></div></div>'
        '<div class="decision"></div><div class="outcome" hidden></div>'
        f'<div class="diagrams">{panes}</div></section>\n'
        f'<h2>{_e(words["so_far"])}</h2><ol class="log"></ol>\n'
        f"<noscript><p>{_e(words['noscript'])}</p>"
        f'<ol class="log">{_documented_log(tree)}</ol></noscript>\n'
        f'</main><script type="application/json" id="digiteach-branches">{_script_json(data)}</script>\n'
        f"<script>{_asset('branches.js')}</script></body></html>\n"
    )


def to_branches_html(tree: BranchTree, path: str | Path, *, overwrite: bool = False,
                     keep: Iterable[str | Path] = (), flag: str = "overwrite=True") -> Path:
    """Write :func:`branches_document` of ``tree`` to ``path`` (atomically, UTF-8) and return the path. ``keep``:
    files never written, even with ``overwrite`` (the scenario file); ``flag``: how messages name ``overwrite``
    (``"--force"`` for the command); see :func:`digiteach.export.check_target`.

    Raises:
        FileExistsError: ``path`` exists and ``overwrite`` is False, or ``path`` is a file in ``keep``.
        digiteach.render.RenderError: ``dot`` failed.
        OSError: the file cannot be written.
    """
    doc = branches_document(tree).encode("utf-8")
    return write_atomically(path, lambda out: out.write(doc), overwrite=overwrite, keep=keep, flag=flag)


def run_branches(args: Any, out: TextIO, err: TextIO) -> int:
    """``digiteach export ID|FILE --html OUT --branches [--limit K] [--force]``: write the page of every line;
    what was written goes to ``out``, problems to ``err``; 0 when written, 2 on invalid input."""
    from digiteach.render import RenderError
    from digiteach.scenario import load_scenario
    from digiteach.scenario.escape import printable

    limit = DEFAULT_BRANCH_LIMIT if args.limit is None else args.limit
    if limit < 1:  # checked here, so no other error is ever blamed on --limit
        problem = _("limit must be at least 1, got {limit}").format(limit=limit)
        print(_("error: {message}").format(message=f"--limit: {problem}"), file=err)
        return 2
    try:
        tree = branch_tree(load_scenario(args.scenario), limit=limit)
    except ScenarioError as exc:
        for e in exc.all():
            print(_("error: {message}").format(message=e), file=err)  # ScenarioError escapes its own text
        return 2
    from digiteach.export_command import scenario_files

    keep = scenario_files(args.scenario, tree.scenario.path)
    try:
        written = to_branches_html(tree, args.html, overwrite=args.force, keep=keep, flag="--force")
    except (FileExistsError, IsADirectoryError, FileNotFoundError) as exc:
        print(_("error: {message}").format(message=exc), file=err)  # check_target's messages escape the path
        return 2
    except (OSError, RenderError, RuntimeError) as exc:
        print(_("error: {message}").format(message=_("cannot write the export: {reason}").format(reason=printable(str(exc)))),
              file=err)
        return 2
    state = (_("every line") if tree.complete else
             _("the first {count} lines (the limit; more exist)").format(count=tree.lines))
    print(_("wrote {file} ({lines}, {steps} steps)").format(file=printable(str(written)), lines=state,
                                                            steps=len(tree.nodes)), file=out)
    return 0
