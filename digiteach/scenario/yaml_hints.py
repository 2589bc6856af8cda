"""A plain hint for one common YAML mistake in a scenario file: an unquoted value holding square brackets inside
curly or square brackets, where its '[' opens a list (``- {cards: BT2-074 [S], name: Devimon}``,
``offered: [Use [Counter]]``). The parser only says "expected ',' or '}', but got '['"; the hint names the value
and says what would be right: quotes around it, or ``suspended: true`` in place of a stack's ``[S]``."""

from __future__ import annotations

import re
from typing import Any

from digiteach.i18n import gettext
from digiteach.scenario.escape import clip_text

__all__ = ["bracket_value"]

_STATE_MARK = re.compile(r"\s*\[[SU]\]$")
"""A stack's short-form ``[S]`` (suspended) or ``[U]`` (unsuspended) at the end of its value."""


def _value_at(code: str, col: int) -> str:
    """The flow value around the '[' at ``col`` of the line ``code``: from after the ':' of its key (or the ',' or
    bracket before it) to the ',' or closing bracket after the brackets it holds."""
    start = max(code.rfind(",", 0, col), code.rfind("{", 0, col), code.rfind("[", 0, col))
    key = code.rfind(": ", 0, col)
    start = max(start + 1, key + 2 if key >= 0 else 0)
    depth, end = 0, len(code)
    for k in range(col, len(code)):
        if code[k] == "[":
            depth += 1
        elif code[k] == "]":
            depth -= 1
            if depth == 0:
                end = k + 1
                break
    while end < len(code) and code[end] not in ",]}":
        end += 1
    return code[start:end].strip()


def bracket_value(text: str, exc: Any, problem: str) -> tuple[int, str, str] | None:
    """(line, message, what would be right) when the parser's error ``exc`` (a ``MarkedYAMLError``, ``problem`` its
    words) is an unquoted value holding '[' inside curly or square brackets; None for any other mistake. The line is
    the value's own (where the parser met its '[')."""
    mark = exc.problem_mark
    if mark is None or "but got '['" not in problem or not any(
            phrase in problem for phrase in ("expected ',' or '}'", "expected ',' or ']'")):
        return None
    lines = text.splitlines()
    if not 0 <= mark.line < len(lines) or lines[mark.line][mark.column:mark.column + 1] != "[":
        return None
    value = _value_at(lines[mark.line], mark.column)
    if not value:
        return None
    message = gettext("YAML syntax error: the value {value} holds square brackets inside curly or square brackets, "
                      "where an unquoted '[' opens a list (the parser says: {problem})").format(
                          value=repr(clip_text(value)), problem=clip_text(problem))
    if _STATE_MARK.search(value) and "{" in lines[mark.line][:mark.column]:
        right = gettext("quotes around the value, \"{value}\", or suspended: true in place of [S] (unsuspended is "
                        "the default)").format(value=clip_text(value))
    else:
        right = gettext("quotes around the value, \"{value}\" (as around any value holding [ ] or ': ' inside "
                        "curly or square brackets)").format(value=clip_text(value))
    return mark.line + 1, message, right
