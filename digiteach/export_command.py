"""``digiteach export ID|FILE --html OUT [--layout stacked|compact|stream] [--large-pane NAME] [--gif OUT]
[--diagram NAME] [--force]``: play a scenario's documented line and write it as one offline HTML page and/or a GIF.

Exit status 0 when written, 2 on invalid input (a located scenario error, an existing file without
``--force``, a missing folder, nothing asked to write). Files are written atomically
(:func:`digiteach.export.write_atomically`).
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    """Add the ``export`` subcommand to the ``digiteach`` command's subparsers."""
    from digiteach.diagrams import DIAGRAMS
    from digiteach.export import LAYOUTS

    e = sub.add_parser("export", help="write a scenario as one offline HTML page (and/or a GIF)")
    e.add_argument("scenario", metavar="ID|FILE", help="a bundled id or a .yaml file")
    e.add_argument("--html", metavar="OUT", help="the .html file to write")
    e.add_argument("--layout", choices=LAYOUTS, default=LAYOUTS[0], help="page layout (default: %(default)s)")
    e.add_argument("--large-pane", choices=list(DIAGRAMS), default="",
                   help="compact/stream layouts: this diagram takes most of the width, the others are shown whole")
    e.add_argument("--gif", metavar="OUT", help="also write an animated GIF of one diagram")
    e.add_argument("--diagram", choices=list(DIAGRAMS), default="attack", help="the GIF's diagram (default: %(default)s)")
    e.add_argument("--force", action="store_true", help="replace files that already exist")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``digiteach export`` with parsed ``args``; print what was written to ``out``, problems to ``err``."""
    from digiteach.export import to_gif, to_html
    from digiteach.render import RenderError
    from digiteach.scenario import ScenarioError, load_scenario, play

    if not args.html and not args.gif:
        print("error: nothing to write: give --html OUT and/or --gif OUT", file=err)
        return 2
    try:
        trace = play(load_scenario(args.scenario))
    except ScenarioError as exc:
        for e in exc.all():
            print(f"error: {e}", file=err)
        return 2
    try:
        if args.html:
            page = to_html(trace, args.html, layout=args.layout, large_pane=args.large_pane, overwrite=args.force)
            print(f"wrote {page}", file=out)
        if args.gif:
            print(f"wrote {to_gif(trace, args.gif, diagram=args.diagram, overwrite=args.force)}", file=out)
    except FileExistsError as exc:
        print(f"error: {exc}", file=err)
        return 2
    except (OSError, RenderError, RuntimeError) as exc:
        print(f"error: cannot write the export: {exc}", file=err)
        return 2
    return 0
