"""The bundled scenarios' ids and titles without parsing their YAML (for ``digiteach list`` and the id index).

:func:`peek_header` reads the top-level ``id:`` and ``title:`` lines of a scenario file when they are written the
simple way every bundled file uses (a plain scalar, or a quoted one without escapes, on one line). Anything else
(a block scalar, a continuation line, a repeated key, a value YAML would read as a number or a boolean) gives
None for that field, and the caller falls back to the full parse of :mod:`digiteach.scenario`, so the answer is
always the one the parser would give. Importing this module costs nothing beyond the standard library.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

__all__ = ["Header", "peek_header", "bundled_paths", "bundled_headers", "natural_key"]


@dataclass(frozen=True, slots=True)
class Header:
    """What the top of a scenario file says: ``id`` and ``title`` (None where the fast reading cannot be sure) and
    the 1-based line of ``id``."""

    id: str | None
    title: str | None
    id_line: int | None


_TOP_KEY = re.compile(r"^(id|title)[ \t]*:(?:[ \t]+(.*?))?[ \t]*$", re.MULTILINE)
_DOUBLE_QUOTED = re.compile(r'"(?:[^"\\\x00-\x1f]|\\["\\/bfnrt])*"')
_PLAIN_START = re.compile(r"[^\s\-?:,\[\]{}#&*!|>'\"%@`]")
_NOT_A_STRING = re.compile(
    r"(?i:~|null|true|false|yes|no|on|off|[-+]?(\.inf|\.nan)|[-+]?[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)?"
    r"|[-+]?\.[0-9]+([eE][-+]?[0-9]+)?|0x[0-9a-f_]+|0o[0-7_]+)")


def _scalar(raw: str) -> str | None:
    """The string a one-line YAML scalar stands for, or None when reading it needs the full YAML rules."""
    if not raw:
        return None
    if raw[0] == "'":
        inner = raw[1:-1] if len(raw) >= 2 and raw.endswith("'") else None
        if inner is None or re.search(r"(?<!')'(?!')", inner.replace("''", "")):
            return None
        return inner.replace("''", "'")
    if raw[0] == '"':  # escapes JSON shares with YAML only (\" \\ \/ \b \f \n \r \t); anything else: parse
        if len(raw) < 2 or not _DOUBLE_QUOTED.fullmatch(raw):
            return None
        return str(json.loads(raw))
    if not _PLAIN_START.match(raw) or ": " in raw or " #" in raw or "\t" in raw or _NOT_A_STRING.fullmatch(raw):
        return None
    return raw


def peek_header(text: str) -> Header:
    """The ``id`` and ``title`` of a scenario file's text, read from its top-level lines (see the module doc).

    >>> peek_header("id: R42\\ntitle: 'Blocker''s turn'\\nsetup: {}\\n")
    Header(id='R42', title="Blocker's turn", id_line=1)
    >>> peek_header("id: R42\\ntitle: >\\n  folded\\n").title is None
    True
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    found: dict[str, tuple[str | None, int]] = {}
    lines = text.split("\n")
    for match in _TOP_KEY.finditer(text):
        key = match.group(1)
        line = text.count("\n", 0, match.start()) + 1
        value = _scalar((match.group(2) or "").rstrip("\r"))
        following = lines[line] if line < len(lines) else ""
        if following[:1] in (" ", "\t") and following.strip() and not following.lstrip().startswith("#"):
            value = None  # a continuation line: a multi-line scalar
        found[key] = (None, line) if key in found else (value, line)
    sid, id_line = found.get("id", (None, None))
    title = found.get("title", (None, 0))[0]
    if title is not None and not title.isprintable():  # control, bidi or zero-width characters: the parser's path
        title = None  # escapes them for the terminal
    if text.lstrip().startswith(("{", "[", "%", "---")):  # flow style, directives, documents: leave to the parser
        return Header(None, None, None)
    return Header(sid, title, id_line)


def bundled_paths() -> list[Path]:
    """Files of the bundled scenarios (``digiteach/scenarios/*.yaml``), sorted by name."""
    folder = resources.files("digiteach").joinpath("scenarios")
    out = [Path(str(p)) for p in folder.iterdir() if p.name.endswith((".yaml", ".yml"))] if folder.is_dir() else []
    return sorted(out, key=lambda p: p.name)


def natural_key(text: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that puts "ex-2" before "ex-10"."""
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in re.split(r"(\d+)", text) if part)


def bundled_headers() -> list[tuple[Path, Header]]:
    """(file, header) of every bundled scenario, by file name; reading each file's text only."""
    out = []
    for path in bundled_paths():
        try:
            header = peek_header(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            header = Header(None, None, None)
        out.append((path, header))
    return out
