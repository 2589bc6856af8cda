"""The learning subcommands of ``digiteach`` and the ``--ruleset`` option of trace, check and explore.

- ``digiteach explore ID|FILE [--from-step N] [--limit K] [--ruleset R] [--json]``: every distinct outcome
  of the scenario from step N, with one line of choices that leads to it and how many lines do
  (:mod:`digiteach.explore`).
- ``digiteach quiz ID|FILE [--ruleset R] [--json]``: predict-then-reveal questions generated from the trace
  (:mod:`digiteach.quiz`).

Exit status 0 when done, 2 on invalid input (a located scenario error, a step outside the trace, an unknown
ruleset), never a traceback.
"""

from __future__ import annotations

import argparse
import json
import re
from dataclasses import replace
from typing import Any, TextIO

from digiteach import i18n
from digiteach.rulesets import RULESETS
from digiteach.rulesets import ruleset as find_ruleset

__all__ = ["add_parsers", "whole_number", "add_ruleset_option", "ruleset_option_ok", "with_ruleset", "run_explore", "run_quiz", "explore_text"]

_ = i18n.gettext


def whole_number(text: str) -> int:
    """An option's whole number written in the digits 0-9 (``--limit 3``, ``--from-step -1``), for argparse's
    ``type=``: ``int()`` would also take other scripts' digits (``--limit ٣``), ``_`` between digits and spaces.

    >>> whole_number("12"), whole_number("-1")
    (12, -1)
    """
    if not re.fullmatch(r"-?[0-9]+", text):
        raise argparse.ArgumentTypeError(_("{value} is not a whole number written in the digits 0-9").format(
            value=repr(text)))
    return int(text)


def add_ruleset_option(p: argparse.ArgumentParser) -> None:
    """Add ``--ruleset NAME`` (play under another version of the Comprehensive Rules) to a subcommand."""
    names = ", ".join(sorted(set(RULESETS)))
    p.add_argument("--ruleset", metavar="NAME", default=None,
                   help=_("play under this ruleset instead of the scenario's own (one of: {names})").format(names=names))


def with_ruleset(scenario: Any, name: str | None) -> Any:
    """``scenario`` played under ruleset ``name`` (None: unchanged).

    Raises:
        ValueError: ``name`` is not an implemented ruleset (the message lists the names).
    """
    if name is None:
        return scenario
    canonical = find_ruleset(name).name
    return replace(scenario, ruleset=canonical, setup=replace(scenario.setup, ruleset=canonical))


def ruleset_option_ok(args: argparse.Namespace, err: TextIO) -> bool:
    """False (with the error printed to ``err``) when ``args.ruleset`` names no implemented ruleset."""
    name = getattr(args, "ruleset", None)
    if name is None:
        return True
    try:
        find_ruleset(name)
    except ValueError as exc:
        print(_("error: {message}").format(message=f"--ruleset: {exc}"), file=err)
        return False
    return True


def add_parsers(sub: Any) -> None:
    """Add the ``explore`` and ``quiz`` subcommands to the ``digiteach`` command's subparsers."""
    from digiteach.limits import EXPLORE_LINES as DEFAULT_LIMIT
    from digiteach.limits import EXPLORE_STEPS

    e = sub.add_parser("explore", help=_("every legal continuation of a scenario, grouped by outcome"))
    e.add_argument("scenario", metavar="ID|FILE", help=_("a bundled id or a .yaml file"))
    e.add_argument("--from-step", type=whole_number, default=1, metavar="N",
                   help=_("explore from step N of the documented line, as 'digiteach trace' numbers it (default: 1)"))
    e.add_argument("--limit", type=whole_number, default=DEFAULT_LIMIT, metavar="K",
                   help=_("follow at most K lines to their end; lines that reach a position already worked "
                          "out are counted, not followed again (default: %(default)s)"))
    e.add_argument("--max-steps", type=whole_number, default=EXPLORE_STEPS, metavar="S",
                   help=_("take at most S engine steps in all; past them the search stops and says so "
                          "(default: %(default)s)"))
    e.add_argument("--json", action="store_true", help=_("write JSON instead of text"))
    add_ruleset_option(e)
    q = sub.add_parser("quiz", help=_("predict-then-reveal questions generated from a scenario's trace"))
    q.add_argument("scenario", metavar="ID|FILE", help=_("a bundled id or a .yaml file"))
    q.add_argument("--json", action="store_true", help=_("write JSON instead of text"))
    add_ruleset_option(q)


def _load(args: argparse.Namespace, err: TextIO) -> Any:
    from digiteach.scenario import ScenarioError, load_scenario

    try:
        scenario = load_scenario(args.scenario)
    except ScenarioError as exc:
        for e in exc.all():
            print(_("error: {message}").format(message=e), file=err)  # ScenarioError escapes its own text
        return None
    try:
        return with_ruleset(scenario, args.ruleset)  # only a bad --ruleset raises here (a given one, never None)
    except ValueError as exc:
        print(_("error: {message}").format(message=f"--ruleset: {exc}"), file=err)
    return None


def _memory(signed_from_a: int) -> str:
    return "0" if signed_from_a == 0 else (f"A{signed_from_a}" if signed_from_a > 0 else f"B{-signed_from_a}")


def explore_text(found: Any) -> str:
    """An :class:`~digiteach.explore.Exploration` as readable text: one block per outcome."""
    from digiteach.scenario.escape import json_safe, printable  # deferred: keeps `digiteach list` light

    n = len(found.outcomes)
    if found.complete:
        state = _("every line accounted for")
    elif found.cut:
        state = _("search cut after {steps} engine steps: more lines may exist; --max-steps raises the bound").format(
            steps=found.steps)
    else:
        state = _("stopped at the limit: more lines exist; --limit raises it")
    if found.followed < found.lines:
        others = found.lines - found.followed
        followed = (_("1 line followed to its end") if found.followed == 1
                    else _("{count} lines followed to their end").format(count=found.followed))
        rest = (_("the other reaches a position already worked out") if others == 1
                else _("the other {count} reach a position already worked out").format(count=others))
        state += "; " + followed + ", " + rest
    outcomes = (_("1 outcome") if n == 1 else _("{count} outcomes").format(count=n))
    over = (_("over 1 line") if found.lines == 1 else _("over {count} lines").format(count=found.lines))
    lines = [_("{scenario} from step {step} ({ruleset}): {outcomes} {over} ({state})").format(
        scenario=found.scenario, step=found.from_step, ruleset=found.ruleset, outcomes=outcomes, over=over, state=state)]
    if found.prefix:
        lines.append("  " + _("documented answers before it:") + " " + " | ".join(found.prefix))
    none = _("(none)")
    for k, o in enumerate(found.outcomes, 1):
        r = o.result
        lines.append(_("outcome {number}: 1 line").format(number=k) if o.paths == 1 else
                     _("outcome {number}: {count} lines").format(number=k, count=o.paths))
        lines.append("  " + _("activation order:") + " " + (" -> ".join(r.activation_order) or none))
        lines.append("  " + _("deleted:") + " " + (", ".join(r.deleted) or none))
        lines.append("  " + _("security:") + " " + ", ".join(f"{p} {m}" for p, m in r.security))
        lines.append("  " + _("memory: {memory}; winner: {winner}; turn player: {player}").format(
            memory=_memory(r.memory), winner=r.winner or _("none"), player=o.turn_player))
        lines.append("  " + _("one line:") + " " + (" | ".join(_answered(o)) or _("(no decision)")))
    return "\n".join(printable(line) for line in lines)


def _answered(outcome: Any) -> list[str]:
    """An outcome's answers, each followed by the kind of decision it answers ("Activate ... (order)", "Activate ...
    (optional)"), so one label answering two decisions in a row does not read as a repeat."""
    from digiteach.scenario.play import kind_words  # deferred: keeps `digiteach list` light

    kinds = outcome.kinds if len(outcome.kinds) == len(outcome.choices) else ("",) * len(outcome.choices)
    return [f"{c} ({kind_words(k)})" if k else c for k, c in zip(kinds, outcome.choices)]


def run_explore(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``digiteach explore`` with parsed ``args``."""
    from digiteach.scenario.escape import json_safe, printable  # deferred: keeps `digiteach list` light

    from digiteach.explore import exploration_json, explore
    from digiteach.scenario import ScenarioError

    scenario = _load(args, err)
    if scenario is None:
        return 2
    try:
        found = explore(scenario, from_step=args.from_step, limit=args.limit, max_steps=args.max_steps)
    except ScenarioError as exc:
        for e in exc.all():
            print(_("error: {message}").format(message=e), file=err)  # ScenarioError escapes its own text
        return 2
    except (IndexError, ValueError) as exc:
        print(_("error: {message}").format(message=exc), file=err)
        return 2
    if args.json:
        out.write(json_safe(json.dumps(exploration_json(found), indent=2, ensure_ascii=False)) + "\n")
    else:
        print(explore_text(found), file=out)
    return 0


def run_quiz(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``digiteach quiz`` with parsed ``args``."""
    from digiteach.scenario.escape import json_safe  # deferred: keeps `digiteach list` light

    from digiteach.quiz import make_quiz, quiz_json, quiz_text
    from digiteach.scenario import ScenarioError

    scenario = _load(args, err)
    if scenario is None:
        return 2
    try:
        quiz = make_quiz(scenario)
    except ScenarioError as exc:
        for e in exc.all():
            print(_("error: {message}").format(message=e), file=err)  # ScenarioError escapes its own text
        return 2
    if args.json:
        out.write(json_safe(json.dumps(quiz_json(quiz), indent=2, ensure_ascii=False)) + "\n")
    else:
        print(quiz_text(quiz), file=out)  # each line printable: a title cannot forge a line
    return 0
