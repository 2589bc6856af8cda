"""``digiteach export ID|FILE --html OUT [--layout stacked|compact|stream] [--large-pane NAME] [--gif OUT]
[--diagram NAME] [--branches [--limit K]] [--force]``: play a scenario's documented line and write it as one
offline HTML page and/or a GIF; with ``--branches``, the page carries every line of the scenario (at most K)
and the learner chooses at each decision (:mod:`digiteach.export_branches`).

Exit status 0 when written, 2 on invalid input (a located scenario error, an existing file without
``--force``, the scenario file itself (never replaced, even with ``--force``), two outputs that are one file, a
target that is a folder, a link, a device or a fifo (never replaced, even with ``--force``), ``-`` (an export is
never written to standard output, nor to a file named ``-``), a missing folder, Pillow missing for ``--gif``, nothing asked to write). Every prerequisite is checked
before anything is written, and files are written atomically (:func:`digiteach.export.write_exports`).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

from digiteach import i18n

__all__ = ["add_parser", "run"]

_ = i18n.gettext


def add_parser(sub: Any) -> None:
    """Add the ``export`` subcommand to the ``digiteach`` command's subparsers."""
    from digiteach.diagrams import DIAGRAMS
    from digiteach.export import LAYOUTS
    from digiteach.learn_command import whole_number

    e = sub.add_parser("export", help=_("write a scenario as one offline HTML page (and/or a GIF)"))
    e.add_argument("scenario", metavar="ID|FILE", help=_("a bundled id or a .yaml file"))
    e.add_argument("--html", metavar="OUT", help=_("the .html file to write"))
    e.add_argument("--layout", choices=LAYOUTS, default=LAYOUTS[0], help=_("page layout (default: %(default)s)"))
    e.add_argument("--large-pane", choices=list(DIAGRAMS), default="",
                   help=_("compact/stream layouts: this diagram takes most of the width, the others are shown whole"))
    e.add_argument("--gif", metavar="OUT", help=_("also write an animated GIF of one diagram"))
    e.add_argument("--diagram", choices=list(DIAGRAMS), default="attack",
                   help=_("the GIF's diagram (default: %(default)s)"))
    e.add_argument("--branches", action="store_true",
                   help=_("the HTML page carries every line of the scenario: the learner chooses at each decision"))
    e.add_argument("--limit", type=whole_number, default=None, metavar="K",
                   help=_("with --branches: carry at most K lines, the documented one first (default: 200)"))
    e.add_argument("--force", action="store_true", help=_("replace files that already exist"))


def scenario_files(*names: str) -> list[str]:
    """The files among ``names`` (the argument as given, the file the scenario was read from, which for a bundled
    id is the bundled file): an export never writes over the scenario it exports, however it was named."""
    return [name for name in names if name and Path(name).is_file()]


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``digiteach export`` with parsed ``args``; print what was written to ``out``, problems to ``err``."""
    from digiteach.export import write_exports
    from digiteach.render import RenderError
    from digiteach.scenario import ScenarioError, load_scenario, play
    from digiteach.scenario.escape import printable

    if not args.html and not args.gif:
        print(_("error: {message}").format(message=_("nothing to write: give --html OUT and/or --gif OUT")), file=err)
        return 2
    for option, value, suffix in (("--html", args.html, ".html"), ("--gif", args.gif, ".gif")):
        if value == "-":  # the usual word for standard output: never a file named "-"
            example = printable((Path(args.scenario).stem or "export") + suffix)
            print(_("error: {message}").format(message=_(
                "{option} -: an export is written to a file, not to standard output; give a file name, e.g. "
                "{example}").format(option=option, example=example)), file=err)
            return 2
    if args.limit is not None and not args.branches:
        print(_("error: {message}").format(message=_("--limit counts the lines of --branches: give --branches too")),
              file=err)
        return 2
    if args.branches and (not args.html or args.gif):
        print(_("error: {message}").format(message=_("--branches writes an HTML page only: give --html OUT and no --gif")),
              file=err)
        return 2
    if args.branches:
        from digiteach.export_branches import run_branches

        return run_branches(args, out, err)
    try:
        scenario = load_scenario(args.scenario)
        trace = play(scenario)
    except ScenarioError as exc:
        for e in exc.all():
            print(_("error: {message}").format(message=e), file=err)
        return 2
    try:
        written = write_exports(trace, html_path=args.html, gif_path=args.gif, layout=args.layout,
                                large_pane=args.large_pane, diagram=args.diagram, overwrite=args.force,
                                keep=scenario_files(args.scenario, scenario.path), flag="--force")
    except (FileExistsError, IsADirectoryError, FileNotFoundError, ValueError) as exc:
        print(_("error: {message}").format(message=exc), file=err)  # check_target's messages escape the path already
        return 2
    except (OSError, RenderError, RuntimeError) as exc:
        print(_("error: {message}").format(message=_("cannot write the export: {reason}").format(reason=printable(str(exc)))),
              file=err)
        return 2
    for path in written:
        print(_("wrote {file}").format(file=printable(str(path))), file=out)
    return 0
