"""Text from a scenario file made safe to show: control characters and bidi marks escaped, long values clipped.

A scenario written by a stranger may carry a newline in a card name (a fake ``PASS`` line), a
right-to-left override (a caption that reads backwards) or a megabyte-long answer. Every message and
every line the ``digiteach`` command prints goes through :func:`printable`; values quoted in messages
go through :func:`clip`.

>>> printable("BT1-081\\u202eevil\\nPASS x")
'BT1-081\\\\u202eevil\\\\nPASS x'
>>> clip("x" * 500, 20)
"'xxxxxxxxxxxxxxxx... (500 characters)"
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["printable", "json_safe", "clip", "clip_text", "has_surrogate", "MAX_SHOWN"]

MAX_SHOWN = 200
"""About how many characters of one value a message shows."""

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ud800-\udfff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(m: re.Match[str]) -> str:
    ch = m.group(0)
    return _NAMED.get(ch) or (f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")


def printable(text: str) -> str:
    """``text`` with control characters, line breaks, zero-width and bidi marks and lone surrogates escaped.

    Printable letters of every script stay as they are; the result is one line that a terminal or a
    log shows exactly as it reads.
    """
    return _UNSAFE.sub(_escape, text)


_INVISIBLE = re.compile("[\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")


def json_safe(text: str) -> str:
    """JSON text with bidi, zero-width and C1 control characters written as ``\\uXXXX`` escapes.

    ``json.dumps`` already escapes C0 controls; these others it leaves raw, and a terminal would obey
    them. The result decodes to the same data.
    """
    return _INVISIBLE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)


def clip_text(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` cut to about ``limit`` characters, saying how long it was."""
    return text if len(text) <= limit else f"{text[: limit - 3]}... ({len(text)} characters)"


def clip(value: Any, limit: int = MAX_SHOWN) -> str:
    """``repr(value)`` cut to about ``limit`` characters (a 100,000-character id must not flood the terminal)."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 3]}... ({len(str(value))} characters)"


def has_surrogate(text: str) -> bool:
    """True when ``text`` holds a lone surrogate (``"\\ud800"``), which no file or terminal can encode."""
    return any("\ud800" <= ch <= "\udfff" for ch in text)
