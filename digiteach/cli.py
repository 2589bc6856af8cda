"""The ``digiteach`` command: list, check, trace and export scenarios; write a new one.

- ``digiteach list``: one ``ID<TAB>title`` line per bundled scenario.
- ``digiteach check [ID|FILE ...]``: ``PASS ID`` or ``FAIL ID: what differed`` per scenario (all
  bundled ones when none is named). Exit status 0 when all pass, 1 when any fails, 2 on invalid
  input (the located error is printed, never a traceback).
- ``digiteach trace ID|FILE [--json]``: the play step by step, as text or as JSON (schema in
  ``docs/scenario-format.md``; built by :func:`digiteach.trace_format.trace_json`). When a scripted answer is not legal, the
  steps up to that decision, then the located error (exit 2).
- ``digiteach export ID|FILE --html OUT [--layout stream] [--gif OUT] [--force]``: one offline HTML page
  (and/or a GIF); see :mod:`digiteach.export_command`.
- ``digiteach new FILE``: write a commented starter scenario to fill in (never overwrites a file).

Text from a scenario (names, titles, file names) is printed with control characters and bidi marks
escaped (``digiteach.scenario.escape``), so a file cannot forge a line or reorder a caption.

>>> parser().parse_args(["trace", "R42", "--json"]).json
True
>>> parser().parse_args(["trace", "R42", "--lang", "de"]).lang
'de'

``--lang de`` (or ``DIGITEACH_LANG=de``) writes captions, prompts, option labels and messages in German; the
scenario is still played with its English choices (see :func:`digiteach.scenario.play`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from digiteach import export_command, i18n, learn_command
from digiteach.trace_format import trace_json, trace_text

if TYPE_CHECKING:
    from digiteach.scenario import ScenarioError
    from digiteach.views import Trace

# digiteach.scenario (ruamel.yaml, the engine) is imported by the commands that need it, so that ``digiteach list``
# starts without it.

_ = i18n.gettext
N_ = i18n.N_

__all__ = ["main", "parser", "trace_json", "trace_text", "EXIT_OK", "EXIT_FAIL", "EXIT_INVALID"]

EXIT_OK = 0
EXIT_FAIL = 1
EXIT_INVALID = 2


class _Parser(argparse.ArgumentParser):
    """argparse's own words (``usage:``, the two headings, ``-h``) in the language in force, like ours."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        add_help = kwargs.pop("add_help", True)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=_("show this help message and exit"))

    def format_usage(self) -> str:
        return _("usage: ") + super().format_usage().removeprefix("usage: ")

    def format_help(self) -> str:
        return _("usage: ") + super().format_help().removeprefix("usage: ")

    def error(self, message: str) -> NoReturn:
        """Usage, then ``prog: error: message`` (exit 2), the words argparse's messages begin with translated."""
        for english, words in _ARGPARSE_WORDS:
            message = message.replace(english, _(words))
        self.print_usage(sys.stderr)
        self.exit(EXIT_INVALID, f"{self.prog}: " + _("error: {message}").format(message=message) + "\n")


_ARGPARSE_WORDS = (
    ("the following arguments are required: ", N_("the following arguments are required: ")),
    ("unrecognized arguments: ", N_("unrecognized arguments: ")),
    ("invalid choice: ", N_("invalid choice: ")),
    ("(choose from ", N_("(choose from ")),
    ("expected one argument", N_("expected one argument")),
    ("invalid int value: ", N_("invalid int value: ")),
    ("argument ", N_("argument ")),
)
"""How argparse's own error messages begin (English, from the standard library) -> the catalogue's text."""


def parser() -> argparse.ArgumentParser:
    """The argument parser of the ``digiteach`` command (its words in the language in force)."""
    p = _Parser(
        prog="digiteach",
        description=_("Play, check and trace Digimon Card Game rules scenarios (attack flow, pending activation)."),
    )
    sub = p.add_subparsers(dest="command", required=True, metavar="{list,check,trace,new,export,explore,quiz}")
    sub.add_parser("list", help=_("list the bundled scenarios (ID<TAB>title)"))
    c = sub.add_parser("check", help=_("play scenarios and compare with their expected outcome"))
    c.add_argument("scenarios", nargs="*", metavar="ID|FILE",
                   help=_("bundled ids, .yaml files or folders of them (default: all bundled)"))
    learn_command.add_ruleset_option(c)
    t = sub.add_parser("trace", help=_("show a scenario's play step by step"))
    t.add_argument("scenario", metavar="ID|FILE", help=_("a bundled id or a .yaml file"))
    t.add_argument("--json", action="store_true", help=_("write JSON instead of text"))
    learn_command.add_ruleset_option(t)
    export_command.add_parser(sub)
    learn_command.add_parsers(sub)
    n = sub.add_parser("new", help=_("write a commented starter scenario to fill in"))
    n.add_argument("file", metavar="FILE", help=_("the .yaml file to create (an existing file is never overwritten)"))
    lang_help = _("language of captions, prompts, labels and messages (default: $DIGITEACH_LANG, else en)")
    p.add_argument("--lang", choices=i18n.LANGUAGES, default=None, help=lang_help)  # before the command, or after it
    for command in sub.choices.values():  # SUPPRESS: a command without --lang keeps the one given before it
        command.add_argument("--lang", choices=i18n.LANGUAGES, default=argparse.SUPPRESS, help=lang_help)
    return p


def _print_error(err: ScenarioError, out: TextIO) -> None:
    for e in err.all():
        print(_("error: {message}").format(message=e), file=out)  # ScenarioError escapes and clips its own text


def _cmd_list(out: TextIO, err: TextIO) -> int:
    from digiteach import catalog

    if i18n.current() != "en":  # the translated titles are read by the full parse (they sit under translations:)
        return _cmd_list_parsed(out, err)
    headers = catalog.bundled_headers()
    ids = [h.id for _, h in headers]
    if all(h.id is not None and h.title is not None for _, h in headers) and len(set(ids)) == len(ids):
        for _, h in sorted(headers, key=lambda item: catalog.natural_key(item[1].id or "")):
            print(f"{h.id}\t{h.title}", file=out)  # peek_header gives printable titles only
        return EXIT_OK
    return _cmd_list_parsed(out, err)


def _cmd_list_parsed(out: TextIO, err: TextIO) -> int:
    """``list`` through the full parse, for files whose id or title the fast reading could not be sure of, and for
    the titles in another language than English."""
    from digiteach.scenario import ScenarioError, bundled_ids, load_scenario
    from digiteach.scenario.escape import printable

    try:
        ids = bundled_ids()
    except ScenarioError as exc:
        _print_error(exc, err)
        return EXIT_INVALID
    status = _report_unreadable(err)
    for sid in ids:
        try:
            title = load_scenario(sid).title_in()
        except ScenarioError as exc:
            _print_error(exc, err)
            title, status = _("(invalid file: see the error above)"), EXIT_INVALID
        print(f"{sid}\t{printable(title)}", file=out)
    return status


def _report_unreadable(err: TextIO, out: TextIO | None = None) -> int:
    """Print the error of each bundled scenario file whose id cannot be read (and, for ``check``, an ``INVALID``
    line on ``out``); EXIT_INVALID when there is one, else EXIT_OK."""
    from digiteach.scenario import bundled_unreadable
    from digiteach.scenario.escape import clip_text, printable

    problems = bundled_unreadable()
    for exc in problems:
        _print_error(exc, err)
        if out is not None:
            print(f"INVALID {printable(clip_text(exc.file))}", file=out)
    return EXIT_INVALID if problems else EXIT_OK


def _engine_missing(exc: ImportError, err: TextIO) -> int:
    print(_("error: {message}").format(message=_("the rules engine cannot be imported ({reason})").format(reason=exc)),
          file=err)
    return EXIT_INVALID


def _cmd_check(names: Sequence[str], out: TextIO, err: TextIO, ruleset: str | None = None) -> int:
    from digiteach.scenario import ScenarioError, bundled_ids
    from digiteach.scenario.load import empty_argument
    from digiteach.scenario.escape import printable

    invalid = failed = False
    try:
        targets: list[str] = list(names) or bundled_ids()
    except ScenarioError as exc:
        _print_error(exc, err)
        return EXIT_INVALID
    if not names:  # a bundled file without a readable id is not among the ids: say so, never skip it
        invalid = _report_unreadable(err, out) == EXIT_INVALID
    if not targets:
        print(_("no scenarios to check"), file=err)
        return EXIT_OK
    expanded: list[str] = []
    for name in targets:
        if not name.strip():  # Path("") is the current folder: an empty argument must not check it
            _print_error(empty_argument(name), err)  # as trace and export say it
            invalid = True
            continue
        folder = Path(name)
        if folder.is_dir():
            files = sorted(str(f) for f in folder.iterdir() if f.suffix.lower() in (".yaml", ".yml"))  # b.YAML too
            if not files:
                print(_("error: {message}").format(message=_("{folder}: no .yaml scenario files in this folder").format(
                    folder=printable(name))), file=err)
                invalid = True
            expanded += files
        else:
            expanded.append(name)
    seen: dict[str, str] = {}
    shared = _shared_ids(expanded)
    for name in expanded:
        try:
            outcome = _check_one(name, out, err, ruleset, seen, shared)
        except ImportError as exc:
            return _engine_missing(exc, err)
        invalid |= outcome == EXIT_INVALID
        failed |= outcome == EXIT_FAIL
    if invalid:
        return EXIT_INVALID
    return EXIT_FAIL if failed else EXIT_OK


def _shared_ids(names: Sequence[str]) -> frozenset[str]:
    """The scenario ids that more than one of ``names`` (files or bundled ids) gives, read from each file's top-level
    ``id`` alone (a file that cannot be read gives none: its check says why; a file larger than a scenario file may be
    is not read at all, its size told by ``stat``)."""
    from digiteach.scenario.reader import MAX_FILE_BYTES, decode_file, read_yaml

    ids: list[str] = []
    for name in dict.fromkeys(names):
        path = Path(name)
        if not path.is_file():
            ids.append(name)
            continue
        try:
            if path.stat().st_size > MAX_FILE_BYTES:  # never read: its check says it is too large
                continue
            sid = read_yaml(decode_file(path.read_bytes(), name), name)[1].get("id")
        except Exception:  # noqa: BLE001 (any unreadable file: its own check reports it)
            continue
        if isinstance(sid, str):
            ids.append(sid)
    return frozenset(sid for sid in ids if ids.count(sid) > 1)


def _check_one(name: str, out: TextIO, err: TextIO, ruleset: str | None = None, seen: dict[str, str] | None = None,
               shared: frozenset[str] = frozenset()) -> int:
    """Load and check one scenario; print PASS/FAIL/INVALID; return its exit status. Never raises for a bad
    file (an engine bug is a FAIL, any other surprise is INVALID), so a folder check goes on. A file whose id another
    file checked in the same run gives too (in ``shared``) is named on its line, the first as the others, PASS or
    FAIL; ``seen`` (scenario id -> the name it was checked under, filled in here) tells the second such file, and a
    note on ``err`` names both."""
    from digiteach.cards import CardDataError
    from digiteach.scenario import Scenario, ScenarioError, check, load_scenario
    from digiteach.scenario.escape import clip_text, printable
    from digiteach.scenario.template import unfilled

    shown = printable(clip_text(name))
    try:
        scenario: Scenario = learn_command.with_ruleset(load_scenario(name), ruleset)
        diffs = check(scenario)
    except (ImportError, CardDataError):
        raise
    except ScenarioError as exc:
        _print_error(exc, err)
        print(f"INVALID {shown}", file=out)
        return EXIT_INVALID
    except RecursionError:
        print(_("error: {message}").format(message=_("{file}: the file is nested too deeply to read").format(file=shown)),
              file=err)
        print(f"INVALID {shown}", file=out)
        return EXIT_INVALID
    except Exception as exc:  # an engine bug must not stop the other checks
        diffs = [_("the engine raised {error}: {message}").format(error=type(exc).__name__, message=clip_text(str(exc)))]
        print(f"FAIL {shown}: " + printable("; ".join(diffs)), file=out)
        return EXIT_FAIL
    twice = _same_id(scenario.id, name, shown, seen, err) or scenario.id in shared
    if diffs:
        where = scenario.id if name == scenario.id else f"{scenario.id} ({shown})"
        print(f"FAIL {where}: " + printable("; ".join(clip_text(d, 600) for d in diffs)), file=out)
        return EXIT_FAIL
    print(f"PASS {scenario.id} ({shown})" if twice and name != scenario.id else f"PASS {scenario.id}", file=out)
    left = unfilled(scenario.source, scenario.notes)
    if left:  # the starter's own example passes; say what still has to be written
        print(_("note: {file}: {fields} still hold the starter's words: say where the ruling comes from and which "
                "rule decides").format(file=shown, fields=", ".join(left)), file=err)
    return EXIT_OK


def _same_id(sid: str, name: str, shown: str, seen: dict[str, str] | None, err: TextIO) -> bool:
    """Record that ``name`` (shown as ``shown``) gave the scenario id ``sid``; True, with a note on ``err`` naming both,
    when another file already gave it (their result lines would otherwise read the same)."""
    from digiteach.scenario.escape import clip_text, printable

    if seen is None:
        return False
    first = seen.setdefault(sid, name)
    if first == name:
        return False
    print(_("note: {file} has the id {id}, as {other} has: give each scenario an id of its own").format(
        file=shown, id=printable(sid), other=printable(clip_text(first))), file=err)
    return True


def _cmd_trace(name: str, as_json: bool, out: TextIO, err: TextIO, ruleset: str | None = None) -> int:
    from digiteach.scenario import ScenarioError, ScenarioPlayError, load_scenario, play

    try:
        scenario = learn_command.with_ruleset(load_scenario(name), ruleset)
        trace = play(scenario)
    except ImportError as exc:
        return _engine_missing(exc, err)
    except ScenarioPlayError as exc:
        if exc.trace is not None:  # the steps up to the refused answer, then the error
            _write_trace(exc.trace, as_json, out)
        _print_error(exc, err)
        return EXIT_INVALID
    except ScenarioError as exc:
        _print_error(exc, err)
        return EXIT_INVALID
    _write_trace(trace, as_json, out)
    return EXIT_OK


def _write_trace(trace: Trace, as_json: bool, out: TextIO) -> None:
    from digiteach.scenario.escape import json_safe

    if as_json:
        out.write(json_safe(json.dumps(trace_json(trace), indent=2, ensure_ascii=False)))
        out.write("\n")
    else:
        print(trace_text(trace), file=out)


def command_name() -> str:
    """How the person at the terminal starts this command, for the commands a message tells them to run: what
    ``bin/digiteach`` puts in ``$DIGITEACH_COMMAND`` (the path they typed, e.g. ``bin/digiteach``; ``digiteach`` when
    it is found on their PATH), else ``digiteach``. Quoted for a shell when it needs it; ``digiteach`` when it is not
    printable."""
    import shlex

    given = os.environ.get("DIGITEACH_COMMAND", "").strip()
    return shlex.quote(given) if given and given.isprintable() else "digiteach"


def _cmd_new(file: str, out: TextIO, err: TextIO) -> int:
    from digiteach.scenario.escape import clip_text, printable
    from digiteach.scenario.template import write_template

    try:
        write_template(Path(file), command_name())
    except (OSError, ValueError) as exc:
        print(_("error: {message}").format(message=f"{printable(clip_text(file))}: {printable(clip_text(str(exc)))}"),
              file=err)
        return EXIT_INVALID
    print(_("wrote {file}: fill in source, setup, action, choices, expect and notes, then run '{command} check {file}'").format(
        file=printable(file), command=command_name()), file=out)
    return EXIT_OK


def console() -> None:
    """Console-script entry point: ``main()`` whose output may be cut short by a closed pipe
    (``digiteach list | head -3``) without a traceback; output that cannot be written at all (a full disk,
    ``> /dev/full``) is one error line and exit 2. A character the terminal's encoding cannot show
    (``PYTHONIOENCODING=ascii``, a C locale) is written as a backslash escape (``\\xe4``), never a traceback."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # a TextIOWrapper; a replaced stream may not have it
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # Point stdout at devnull so the interpreter's final flush does not raise again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        status = 0
    except OSError as exc:  # the output cannot be written (a full disk, /dev/full): one line, exit 2, no traceback
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        status = _output_failed(exc, sys.stderr)
    sys.exit(status)


def _output_failed(exc: OSError, err: TextIO) -> int:
    """Say on ``err`` that the output could not be written (why, in the system's words); return EXIT_INVALID (2),
    since exit 1 means that a scenario failed its check."""
    try:
        print(_("error: {message}").format(message=_("cannot write the output: {reason}").format(
            reason=exc.strerror or exc)), file=err)
        err.flush()
    except OSError:
        pass
    return EXIT_INVALID


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run the command with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    ``out``/``err`` default to ``sys.stdout``/``sys.stderr`` (tests pass StringIO objects).
    """
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        with i18n.language(_lang_option(sys.argv[1:] if argv is None else argv)):  # --help in the chosen language
            args = parser().parse_args(argv)
    except SystemExit as exc:  # argparse already printed the usage error
        return EXIT_INVALID if exc.code else EXIT_OK
    if not learn_command.ruleset_option_ok(args, err):
        return EXIT_INVALID
    with i18n.language(args.lang):
        return _run(args, out, err)


def _lang_option(argv: Sequence[str]) -> str | None:
    """The value of ``--lang X`` / ``--lang=X`` in ``argv`` before it is parsed (None: not given).

    >>> _lang_option(["trace", "R42", "--lang", "de"]), _lang_option(["list", "--lang=de"]), _lang_option(["list"])
    ('de', 'de', None)
    """
    for k, arg in enumerate(argv):
        if arg == "--lang" and k + 1 < len(argv):
            return argv[k + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        if args.command == "list":
            return _cmd_list(out, err)
        if args.command == "check":
            return _cmd_check(args.scenarios, out, err, args.ruleset)
        if args.command == "export":
            return export_command.run(args, out, err)
        if args.command == "new":
            return _cmd_new(args.file, out, err)
        if args.command == "explore":
            return learn_command.run_explore(args, out, err)
        if args.command == "quiz":
            return learn_command.run_quiz(args, out, err)
        return _cmd_trace(args.scenario, args.json, out, err, args.ruleset)
    except Exception as exc:
        from digiteach.cards import CardDataError

        if not isinstance(exc, CardDataError):
            raise
        print(_("error: {message}").format(message=_("card library: {problem}").format(problem=exc)),
              file=err)  # a broken bundled card file: say where, no traceback
        return EXIT_INVALID


if __name__ == "__main__":  # pragma: no cover
    console()
