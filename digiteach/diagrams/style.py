"""The look and the label text shared by every diagram: palette, fonts, escaped HTML-like labels.

One colour-blind-safe scheme (Okabe-Ito hues, and a dark vermilion highlight), 6-digit hex only (Graphviz
2.43 rejects 3 digits).
Every piece of scenario text goes through :func:`label_text` before it reaches a label.
"""

from __future__ import annotations

import html
import re
import textwrap

import graphviz  # type: ignore[import-untyped]

from digiteach.terms import Keyword, Timing

__all__ = [
    "PALETTE",
    "FONT",
    "NODE_FONT_SIZE",
    "SMALL_FONT_SIZE",
    "TITLE_FONT_SIZE",
    "WRAP",
    "CURRENT",
    "HIGHLIGHT_NEIGHBOURS",
    "label_text",
    "html_label",
    "bold",
    "small",
    "format_timing",
    "player_name",
    "new_graph",
]

PALETTE: dict[str, str] = {
    # Okabe-Ito hues (colour-blind safe) and light tints of them; 6-digit hex only (Graphviz 2.43 rejects 3).
    "current": "#A33F00",  # dark vermilion fill (white text): the highlighted timing / activating effect
    "current_ink": "#FFFFFF",  # text on the highlight (6.4:1)
    "passed": "#E4E4E4",  # light grey fill: timings already passed, effects already done
    "future": "#FFFFFF",
    "ink": "#000000",
    "muted": "#595959",  # grey text/lines for what has not happened (contrast 7:1 on white)
    "player_a": "#0072B2",  # blue border, solid
    "player_a_fill": "#D5E8F5",
    "player_b": "#E69F00",  # orange border, dashed
    "player_b_fill": "#FBEBC8",
    "changed": "#CC79A7",  # reddish purple: changed since the previous step (always with the word "changed")
    "jump": "#D55E00",  # vermillion: the "end the attack" jump
    "cluster": "#F5F5F5",
}

FONT = "Helvetica"  # Graphviz has built-in metrics for it (a font list falls back to Times metrics)
NODE_FONT_SIZE = "18"
SMALL_FONT_SIZE = "15"
TITLE_FONT_SIZE = "22"
WRAP = 30  # characters per label line before soft-wrapping

CURRENT: dict[str, str] = {
    "class": "current",
    "fillcolor": PALETTE["current"],
    "fontcolor": PALETTE["current_ink"],
    "color": PALETTE["ink"],
    "penwidth": "5",
}
"""Node attributes of the highlighted node (current attack timing, activating effect): a dark fill with
white text and the thickest border, and the diagrams also say so in words ("now", "ACTIVATING NOW").
The fill keeps a contrast of at least 3:1 against every neighbouring fill (white, the greys, the players'
tints) under simulated protanopia, deuteranopia and tritanopia (tests/viz/test_palette.py)."""

HIGHLIGHT_NEIGHBOURS: tuple[str, ...] = ("future", "passed", "cluster", "player_a_fill", "player_b_fill")
"""The :data:`PALETTE` fills a highlighted node can sit beside or on (nodes, cluster backgrounds)."""

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def label_text(text: object, *, wrap: int | None = WRAP) -> str:
    """Return ``text`` as safe content for an HTML-like DOT label.

    ``&``, ``<``, ``>``, ``"`` and ``'`` become entities. Graphviz applies its escString rules to the
    text of HTML-like labels too (``\\N`` becomes the node name, ``\\G`` the graph name, ``\\\\`` one
    backslash), so each backslash is written doubled, as the entity pair ``&#92;&#92;``: it then shows as
    one literal backslash and never starts an escape. Control characters are dropped; each newline (and
    each soft wrap at ``wrap`` characters, if given) becomes ``<BR/>``. Braces need no escaping.

    >>> label_text('a "b" <c>\\\\n')
    'a &quot;b&quot; &lt;c&gt;&#92;&#92;n'
    >>> label_text("line one\\nline two")
    'line one<BR/>line two'
    """
    s = _CONTROL.sub("", str(text)).replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    lines: list[str] = []
    for raw in s.split("\n"):
        if wrap and len(raw) > wrap:
            lines.extend(textwrap.wrap(raw, wrap, break_long_words=True, break_on_hyphens=False) or [""])
        else:
            lines.append(raw)
    return "<BR/>".join(html.escape(line, quote=True).replace("\\", "&#92;&#92;") for line in lines)


def html_label(*parts: str) -> str:
    """Wrap already-escaped parts, one per line (empty parts skipped), into an HTML-like label ``<...>``.

    >>> html_label("a", "", "b")
    '<a<BR/>b>'
    """
    return "<" + "<BR/>".join(p for p in parts if p) + ">"


def bold(text: object, wrap: int | None = WRAP) -> str:
    """``text`` escaped and in bold: ``<B>...</B>``."""
    return f"<B>{label_text(text, wrap=wrap)}</B>"


def small(text: object, wrap: int | None = WRAP + 6, italic: bool = False) -> str:
    """``text`` escaped, in the small font size (secondary lines: notes, hints, statuses)."""
    inner = label_text(text, wrap=wrap)
    if italic:
        inner = f"<I>{inner}</I>"
    return f'<FONT POINT-SIZE="{SMALL_FONT_SIZE}">{inner}</FONT>'


_TIMINGS = {t.value for t in Timing}
_KEYWORDS = {k.value for k in Keyword}


def format_timing(timing: str) -> str:
    """Return an effect timing as printed: ``"When Attacking"`` -> ``"[When Attacking]"``, ``"Piercing"`` ->
    ``"<Piercing>"``; free text (e.g. ``"when an opponent's Digimon attacks"``) is returned unchanged.

    >>> format_timing("On Deletion"), format_timing("Piercing"), format_timing("when suspended")
    ('[On Deletion]', '<Piercing>', 'when suspended')
    """
    if timing in _TIMINGS:
        return f"[{timing}]"
    if timing in _KEYWORDS:
        return f"<{timing}>"
    return timing


def player_name(name: str) -> str:
    """``"A"`` -> ``"Player A"``."""
    return f"Player {name!s}"


def new_graph(name: str, title: str) -> graphviz.Digraph:
    """A ``Digraph`` called ``name`` with the shared fonts, colours and spacing, and ``title`` (an HTML-like
    label) on top."""
    g = graphviz.Digraph(name=name)
    g.attr(
        "graph",
        label=title,
        labelloc="t",
        labeljust="l",
        fontname=FONT,
        fontsize=TITLE_FONT_SIZE,
        bgcolor="#FFFFFF",
        pad="0.3",
        nodesep="0.35",
        ranksep="0.45",
    )
    g.attr(
        "node",
        shape="box",
        style="rounded,filled",
        fontname=FONT,
        fontsize=NODE_FONT_SIZE,
        fillcolor=PALETTE["future"],
        color=PALETTE["muted"],
        fontcolor=PALETTE["ink"],
        penwidth="1.5",
        margin="0.35,0.12",
    )
    g.attr("edge", fontname=FONT, fontsize=SMALL_FONT_SIZE, color=PALETTE["muted"], penwidth="1.5", arrowsize="0.8")
    return g
