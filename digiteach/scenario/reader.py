"""Reading a scenario file's YAML safely, keeping the line of every key and value.

ruamel.yaml's round-trip loader builds only plain mappings, sequences and scalars; any ``!!tag`` is
refused, and so are files that expand to too many values. :func:`line_of` and :func:`field_path` turn a
path inside the data into the line and the field name every message shows.
"""

from __future__ import annotations

import io
import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn, cast

# ruamel.yaml is imported where a file is parsed (or a parsed tree read), not with the module: a scenario opened
# from the cache (digiteach.diskcache) needs no parser.

from digiteach.i18n import N_, gettext
from digiteach.scenario.escape import clip_text, has_surrogate
from digiteach.scenario.model import ScenarioError
from digiteach.scenario.yaml_hints import bracket_value
from digiteach.scenario.yaml_loader import yaml_loader as _yaml
from digiteach.scenario.yaml_self_alias import check_self_alias

# --------------------------------------------------------------------------------------------- YAML


def field_path(path: Sequence[str | int]) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def line_of(root: Any, path: Sequence[str | int], *, key: bool = False) -> int | None:
    """1-based line of the value at ``path`` (or of its key when ``key``), else the nearest parent's line."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    node = root
    line: int | None = getattr(getattr(root, "lc", None), "line", None)
    line = None if line is None else line + 1
    for i, part in enumerate(path):
        last = i == len(path) - 1
        try:
            if isinstance(node, CommentedMap) and part in node:
                pos = node.lc.key(part) if (key and last) else node.lc.value(part)
                line = pos[0] + 1
                node = node[part]
            elif isinstance(node, CommentedSeq) and isinstance(part, int) and 0 <= part < len(node):
                line = node.lc.item(part)[0] + 1
                node = node[part]
            else:
                break
        except (KeyError, TypeError, AttributeError, IndexError):
            break
    return line


def _plain(node: Any, file: str, path: tuple[str | int, ...], root: Any) -> Any:
    """Convert ruamel nodes into plain dict/list/scalars; reject tags (no object construction, ever)."""
    from ruamel.yaml.comments import TaggedScalar

    if isinstance(node, TaggedScalar) or _has_explicit_tag(node):
        raise ScenarioError(
            file, line_of(root, path), field_path(path), gettext("YAML tags (!!...) are not allowed in scenario files"),
            gettext("a plain value: text, a number, true/false, a list or a mapping"),
        )
    if isinstance(node, Mapping):
        out: dict[str, Any] = {}
        for k, v in node.items():
            if not isinstance(k, str):
                raise ScenarioError(
                    file, line_of(root, (*path, k), key=True), field_path(path),
                    gettext("mapping key {key} is not text").format(key=repr(k)),
                    gettext("keys are names like 'battle_area' or 'A'"),
                )
            _checked_text(k, file, (*path, k), root)
            out[k] = _plain(v, file, (*path, k), root)
        return out
    if isinstance(node, (list, tuple)):
        return [_plain(v, file, (*path, i), root) for i, v in enumerate(node)]
    if node is None or isinstance(node, bool):
        return node
    if isinstance(node, str):
        return _checked_text(str(node), file, path, root)
    if isinstance(node, int):
        if type(node) is not int and (getattr(node, "_underscore", None) or type(node).__name__ in _NOTATIONS):
            fail(file, line_of(root, path), field_path(path), gettext(  # 0x10, 0o7, 0b11, 1_0: YAML reads them, we don't
                "the number is written in hexadecimal (0x...), octal (0o...) or binary (0b...) notation, or with '_' "
                "between its digits"), gettext("plain decimal digits, such as {value}").format(value=int(node)))
        return int(node)  # ruamel may hand back ScalarInt subclasses
    if isinstance(node, float) and not math.isfinite(node):  # 1e400, .inf, .nan: no field takes one
        fail(file, line_of(root, path), field_path(path), gettext(
            "the value reads as a number too large or not a number at all ({value}), not as text").format(value=repr(node)),
             gettext("text in quotes (title: \"1e400\"), or a whole number such as 3 where a count goes"))
    if isinstance(node, float):
        # JSON Schema counts 3.0 as an integer, but the loader needs real ints (a pile of 3.0 cards
        # crashed it): no field takes a decimal number, so say so here, at the value's line.
        raise ScenarioError(
            file, line_of(root, path), field_path(path), gettext("{value} is a decimal number").format(value=repr(node)),
            gettext("a whole number such as 3 (quote text that contains a dot, e.g. 'step: \"5.2\"')"),
        )
    raise ScenarioError(
        file, line_of(root, path), field_path(path),
        gettext("unsupported YAML value of type {kind}").format(kind=type(node).__name__),
        gettext("text, a number, true/false, a list or a mapping (quote dates and times)"),
    )


_NOTATIONS = ("HexInt", "HexCapsInt", "OctalInt", "BinaryInt")
"""ruamel's classes for integers YAML reads from 0x/0o/0b notation (a scenario takes plain decimal digits only)."""


def _checked_text(text: str, file: str, path: tuple[str | int, ...], root: Any) -> str:
    """``text`` unless it holds a lone surrogate or a NUL character (neither can be shown or saved); a surrogate
    pair written as two escapes (``"\\ud83d\\ude00"``, as JSON writes an emoji) becomes its one character."""
    if has_surrogate(text):
        whole = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
        if whole.count("\ufffd") == text.count("\ufffd"):  # every surrogate was half of a pair
            return _checked_text(whole, file, path, root)
    if has_surrogate(text):
        fail(file, line_of(root, path), field_path(path), gettext(
            "{text} holds a lone surrogate (a broken '\\ud800' escape)").format(text=clip(text)),
             gettext("text made of whole characters (write an emoji as itself or as a '\\U0001F600' escape)"))
    if "\x00" in text:
        fail(file, line_of(root, path), field_path(path), gettext("{text} holds a NUL character").format(text=clip(text)),
             gettext("text without '\\0'"))
    return text


_NON_PRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")
"""Characters YAML does not allow raw in a file (YAML 1.2, 5.1): C0 and C1 controls other than tab and line
breaks, DEL, surrogates, U+FFFE and U+FFFF. (Listed as they are, not as the complement of what is allowed: the
same set, and a quarter of the time to compile at import.)"""

_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"), (b"\xff\xfe", "UTF-16"),
         (b"\xfe\xff", "UTF-16"))


def _line_col(text: str, at: int) -> tuple[int, int]:
    """1-based (line, column) of character ``at`` of ``text``."""
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def _check_printable(text: str, file: str) -> None:
    """Refuse a raw control character (ESC, U+009B, U+FFFF, ...) with its line and column."""
    m = _NON_PRINTABLE.search(text)
    if m is None:
        return
    line, col = _line_col(text, m.start())
    fail(file, line, "", gettext("column {column} holds {code}, a control character or non-character that a YAML file "
                                 "may not contain raw").format(column=col, code=f"U+{ord(m.group()):04X}"),
         gettext("printable text; inside double quotes a control character can be written as an escape such as "
                 "\"\\e\" or \"\\x9b\""))


def decode_file(raw: bytes, file: str) -> str:
    """The text of a scenario file's bytes ``raw``, which must be UTF-8 (a UTF-8 byte order mark is allowed).

    Raises:
        ScenarioError: the file starts with a UTF-16 or UTF-32 byte order mark, or holds bytes that are not
        UTF-8 (the message gives the line and column of the first).
    """
    for bom, name in _BOMS:
        if raw.startswith(bom):
            fail(file, 1, "", gettext("the file is {encoding} (it starts with a {encoding} byte order mark)").format(
                encoding=name), gettext("a UTF-8 text file: save it again as UTF-8"))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[:exc.start].decode("utf-8", errors="replace")
        line, col = _line_col(before + "?", len(before))
        fail(file, line, "", gettext("byte {byte} at column {column} is not UTF-8").format(
            byte=f"0x{raw[exc.start]:02x}", column=col), gettext("a UTF-8 text file: save it again as UTF-8"))


def _has_explicit_tag(node: Any) -> bool:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if not isinstance(node, (CommentedMap, CommentedSeq)):
        return False
    return getattr(getattr(node, "tag", None), "value", None) is not None


def read_yaml(text: str, file: str) -> tuple[Any, dict[str, Any]]:
    """Parse scenario YAML ``text`` into (ruamel tree with lines, plain data); ``file`` names it in errors.

    Raises ScenarioError (located where the parser can say) for broken YAML, NUL bytes, tags, nesting
    deeper than :data:`MAX_DEPTH`, more than :data:`MAX_VALUES` values, a value that refers to itself, lone
    surrogates, decimals, and a top level that is not a mapping.
    """
    from ruamel.yaml.comments import CommentedMap

    root, data = read_any_yaml(text, file)
    if root is None:
        fail(file, 1, "", gettext("the file is empty"), gettext("a mapping with id, title, source, setup and action"))
    if not isinstance(root, CommentedMap):
        fail(
            file, 1, "", gettext("the top level is {kind}, not a mapping").format(kind=type_name(root)),
            gettext("a mapping with id, title, source, setup and action"),
        )
    return root, cast(dict[str, Any], data)


def read_any_yaml(text: str, file: str) -> tuple[Any, Any]:
    """Parse YAML ``text`` of any file the project reads (scenario, card file, ...) into (ruamel tree with lines,
    plain data; ``(None, None)`` when empty), under the same limits for every file: no NUL byte or raw control
    character, no tag, nesting at most :data:`MAX_DEPTH` deep, at most :data:`MAX_VALUES` values counting every use of
    an anchor, no value that refers to itself, no lone surrogate, no decimal number. Raises ScenarioError (file, line
    and field where the parser can say, what is wrong, what would be right)."""
    text = text.removeprefix("\ufeff")
    nul = text.find("\x00")
    if nul >= 0:
        fail(file, text.count("\n", 0, nul) + 1, "", gettext("the file holds a NUL byte (it is not a text file)"),
             gettext("a UTF-8 text file"))
    _check_printable(text, file)
    deep = _flow_depth_line(text)
    if deep is not None:
        fail(file, deep, "", gettext("the file is nested more than {depth} levels deep (brackets '[' or '{{' inside "
                                     "each other)").format(depth=MAX_DEPTH),
             gettext("a scenario nested a few levels deep (setup > A > battle_area > stack)"))
    if "*" in text and "&" in text:
        check_self_alias(text, file, _yaml)
    root = _load(text, file)
    if root is None:
        return None, None
    _check_size(root, file)
    data = _plain(root, file, (), root)
    tagged = _tag_line(text) if "!" in text else None
    if tagged is not None:
        fail(file, tagged, "", gettext("YAML tags (!!...) are not allowed in scenario files"),
             gettext("a plain value: text, a number, true/false, a list or a mapping"))
    return root, data


_FLOW = re.compile(r"""(?<![^\s\[{,])(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')|(?<!\S)#[^\n]*|[\[\]{}]""")
"""What the nesting scan looks at: quoted text and comments (skipped whole) and flow brackets."""


def _flow_depth_line(text: str) -> int | None:
    """Line where brackets ``[``/``{`` first nest deeper than MAX_DEPTH, by a scan of the text that does not parse
    it (the parser takes seconds on a line of 200,000 ``[``), or None. Brackets inside quoted text and comments do
    not count; deep nesting by indentation is left to the parser."""
    depth = 0
    for m in _FLOW.finditer(text):
        ch = m.group()
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return text.count("\n", 0, m.start()) + 1
        elif ch in "]}":
            depth = max(0, depth - 1)
    return None


SYNTAX_HINTS: tuple[tuple[str, str, str], ...] = (
    ("found character '\\t'", N_("a tab character: YAML indents with spaces only"),
     N_("spaces in place of the tab")),
    ("while scanning a quoted scalar", N_("a quoted text is not closed"),
     N_("the closing quote, on the line where the text starts")),
    ("expected ',' or ']'", N_("a list in [ ] is not closed, or two of its items have no comma between them"),
     N_("a list such as [BT1-064, BT1-010]: a comma between items and a closing ']'")),
    ("expected ',' or '}'", N_("a mapping between curly brackets is not closed, or two of its entries have no comma between them"),
     N_("a comma between the entries and a closing curly bracket after the last one")),
    ("mapping values are not allowed", N_(
        "a ':' where no 'key: value' can begin: a text holding ': ' needs quotes, or the line is indented unlike "
        "the keys beside it"),
     N_("quotes around a text that holds ': ' (title: \"Rule: one check\"), or the same indentation as the keys "
        "beside it")),
    ("could not find expected ':'", N_("a line that is neither 'key: value' nor a list item '- ...'"),
     N_("'key: value', or '- item' inside a list")),
    ("did not find expected key", N_("a line indented unlike the keys of its mapping"),
     N_("the same indentation as the keys beside it")),
    ("did not find expected '-' indicator", N_("a line indented unlike the items of its list"),
     N_("each item of a list on its own line, starting with '- ' at the same indentation")),
    ("found undefined alias", N_("a '*name' that refers to no '&name' above it"),
     N_("define the anchor (&name) before using it, or write the value out")),
)
"""(a phrase of the YAML parser's message, our plain account of that mistake, what would be right): the common
syntax mistakes said in a scenario writer's words (the English texts are translated where they are shown)."""


def _load(text: str, file: str) -> Any:
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    try:
        return _yaml().load(io.StringIO(text))
    except RecursionError:
        fail(file, _deep_line(text), "", gettext("the file is nested more than {depth} levels deep").format(depth=MAX_DEPTH),
             gettext("a scenario nested a few levels deep (setup > A > battle_area > stack)"))
    except MarkedYAMLError as exc:
        _syntax_error(text, file, exc)
    except YAMLError as exc:
        mark = getattr(exc, "line", None)
        fail(file, None if mark is None else mark + 1, "", gettext("YAML error: {problem}").format(problem=clip_text(str(exc))),
             gettext("valid YAML"))
    except ValueError:  # an integer longer than Python converts from text (sys.get_int_max_str_digits())
        _huge_int(text, file)
    except (AttributeError, TypeError):  # the parser's own fault on a merge key (<<) whose alias is its own mapping
        fail(file, _merge_line(text), "", gettext("a merge key (<<) refers to the mapping it is part of"),
             gettext("merge (<<) only a mapping anchored before and outside this one, or write the keys out"))


def _syntax_error(text: str, file: str, exc: Any) -> NoReturn:
    """Fail with the YAML parser's ``MarkedYAMLError`` ``exc`` in a scenario writer's words: the line to fix, our
    account of the common mistakes (:data:`SYNTAX_HINTS`), the parser's own words after ours."""
    mark = exc.problem_mark or exc.context_mark
    line = None if mark is None else mark.line + 1
    problem = (exc.problem or "not valid YAML").strip()
    ctx_mark = exc.context_mark
    if exc.context and ctx_mark is not None and ctx_mark.line + 1 != line:
        problem += f" ({exc.context.strip()} started on line {ctx_mark.line + 1})"
    if "duplicate key" in problem or "found duplicate key" in str(exc):
        key = re.search(r'duplicate key "([^"]+)"', str(exc))
        problem = gettext("duplicate key {key}").format(key=repr(key.group(1))) if key else gettext("duplicate key")
        fail(file, line, "", problem, gettext("each key once per mapping"))
    opened = _open_quote_line(text, line) if any(
        phrase in problem for phrase in ("mapping values are not allowed", "could not find expected ':'",
                                         "did not find expected key")) else None
    if opened is not None:  # the parser stumbles lines later, where the quoted text it ran on meets a ':'
        fail(file, opened, "", gettext("YAML syntax error: a quoted text is not closed on this line (the parser "
                                       "says, at line {line}: {problem})").format(line=line, problem=clip_text(problem)),
             gettext("the closing quote, on the line where the text starts"))
    place = _unquoted_place(text, line, ctx_mark)
    if place is not None:  # "attack: {with: A.battle[0]}": the '[' of a place opens a list inside { } or [ ]
        fail(file, place[0], "", gettext("YAML syntax error: the place {place} inside curly or square brackets needs "
                                         "quotes: unquoted, its '[' opens a list (the parser says: {problem})").format(
                                             place=place[1], problem=clip_text(problem)),
             gettext("quotes around the place: \"{place}\"").format(place=place[1]))
    value = bracket_value(text, exc, problem)
    if value is not None:  # "{cards: BT2-074 [S]}", "[Use [Counter]]": the '[' of a value opens a list
        fail(file, value[0], "", value[1], value[2])
    plain = next((hint for hint in SYNTAX_HINTS if hint[0] in str(exc)), None)
    if plain is not None:  # the parser's words after ours, for whoever knows YAML's
        if plain[0] in ("expected ',' or ']'", "expected ',' or '}'") and ctx_mark is not None:
            line = ctx_mark.line + 1  # the line to fix is where the list or mapping opens
        fail(file, line, "", gettext("YAML syntax error: {plain} (the parser says: {problem})").format(
            plain=gettext(plain[1]), problem=clip_text(problem)), gettext(plain[2]))
    fail(file, line, "", gettext("YAML syntax error: {problem}").format(problem=clip_text(problem)),
         gettext("valid YAML (check indentation and quotes)"))


_PLACE_IN_FLOW = re.compile(r"(?<![\w\"'])([AB]\.(?:battle|breeding)\[[^\]\s]*\])")


def _unquoted_place(text: str, line: int | None, ctx_mark: Any) -> tuple[int, str] | None:
    """(line, place) of an unquoted place reference such as ``A.battle[0]`` on the line where the parser stumbled or
    where the brackets it was reading open, when that line has a flow mapping or list: the '[' of the place opens a
    list there (``attack: {with: A.battle[0]}``). None when there is none."""
    lines = text.splitlines()
    for at in (line, None if ctx_mark is None else ctx_mark.line + 1):
        if at is None or not 0 < at <= len(lines):
            continue
        code = lines[at - 1].split(" #", 1)[0]
        hit = _PLACE_IN_FLOW.search(code)
        if hit is not None and ("{" in code[:hit.start()] or "[" in code[:hit.start()]):
            return at, hit.group(1)
    return None


def _open_quote_line(text: str, line: int | None) -> int | None:
    """The line before ``line`` (1-based) where a double-quoted text starts and is not closed on that line, when the
    lines between it and ``line`` hold no other '"' (the parser then reports the mistake where the quoted text ends):
    the nearest such line, or None. Comments after '#' and escaped quotes (``\\"``) do not count."""
    if line is None:
        return None
    lines = text.splitlines()[:line]
    for at in range(len(lines) - 2, max(-1, len(lines) - 12), -1):
        code = lines[at].replace('\\"', "")
        quotes = code.count('"')
        if quotes % 2 == 1 and "#" not in code.split('"', 1)[0]:
            return at + 1
        if quotes:
            return None
    return None


def _merge_line(text: str) -> int | None:
    """Line of the first merge key (``<<``) of ``text``, or None."""
    m = re.search(r"<<\s*:", text)
    return None if m is None else text.count("\n", 0, m.start()) + 1


def _huge_int(text: str, file: str) -> NoReturn:
    """Fail at the first integer too long for Python to read: file, line and field path from the node tree."""
    import sys

    limit = getattr(sys, "get_int_max_str_digits", lambda: 4300)()
    todo: list[tuple[Any, tuple[str | int, ...]]] = [(_yaml().compose(io.StringIO(text)), ())]
    while todo:
        node, path = todo.pop(0)
        if type(node).__name__ == "MappingNode":
            todo += [(v, (*path, str(k.value))) for k, v in node.value]
        elif type(node).__name__ == "SequenceNode":
            todo += [(v, (*path, n)) for n, v in enumerate(node.value)]
        elif node is not None and node.tag.endswith(":int") and sum(c.isdigit() for c in node.value) > limit:
            fail(file, node.start_mark.line + 1, field_path(path),
                 gettext("out of range: a number with {count} digits").format(count=sum(c.isdigit() for c in node.value)),
                 gettext("a number of at most {limit} digits").format(limit=limit))
    fail(file, None, "", gettext("a value cannot be read"), gettext("valid YAML"))


def _tag_line(text: str) -> int | None:
    """Line of the first explicit YAML tag (``!!int``, ``!!seq``, ``!<tag:...>``, ``!local``), or None: the loader
    resolves the standard ones silently, so the events are read (the file has already parsed)."""
    for event in _yaml().parse(io.StringIO(text)):
        if getattr(event, "tag", None) is not None:
            return int(event.start_mark.line) + 1
    return None


def _deep_line(text: str) -> int | None:
    """Line where the nesting first goes deeper than MAX_DEPTH (the event parser does not recurse)."""
    from ruamel.yaml.error import YAMLError

    depth = 0
    try:
        for event in _yaml().parse(io.StringIO(text)):
            name = type(event).__name__
            if name in ("MappingStartEvent", "SequenceStartEvent"):
                depth += 1
                if depth > MAX_DEPTH:
                    return int(event.start_mark.line) + 1
            elif name in ("MappingEndEvent", "SequenceEndEvent"):
                depth -= 1
    except (YAMLError, RecursionError):
        return None
    return None


MAX_FILE_BYTES = 5_000_000
"""Largest scenario file read (bundled ones are a few kilobytes; this stops /dev/zero or a huge file)."""

MAX_DEPTH = 40
"""Deepest nesting of mappings and lists a scenario file may have (the deepest real one is about 9)."""

MAX_VALUES = 100_000
"""Most values (mappings, lists, scalars, counting every use of an anchor) a scenario file may expand to."""


def _check_size(root: Any, file: str) -> None:
    """Refuse a file whose anchors/aliases expand to more than MAX_VALUES values ("billion laughs").

    ruamel keeps an alias as a second reference to the same object, so the file parses quickly, but
    converting it to plain data would expand it exponentially. Counting stops at the limit.
    """
    todo: list[tuple[Any, int]] = [(root, 1)]
    count = 0
    while todo:
        node, depth = todo.pop()
        count += 1
        if count > MAX_VALUES:
            fail(file, None, "", gettext("the file expands to more than {count} values (anchors '&' and aliases '*' "
                                         "repeated inside each other)").format(count=MAX_VALUES),
                 gettext("a scenario written out plainly; use aliases sparingly"))
        if depth > MAX_DEPTH:
            lc = getattr(node, "lc", None)
            fail(file, None if lc is None else lc.line + 1, "",
                 gettext("the file is nested more than {depth} levels deep").format(depth=MAX_DEPTH),
                 gettext("a scenario nested a few levels deep (setup > A > battle_area > stack)"))
        if isinstance(node, Mapping):
            todo.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            todo.extend((v, depth + 1) for v in node)


def fail(file: str, line: int | None, fld: str, message: str, expected: str = "") -> NoReturn:
    raise ScenarioError(file, line, fld, message, expected)


def type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return gettext("a number")
    if isinstance(value, str):
        return gettext("text")
    if isinstance(value, list):
        return gettext("a list")
    if isinstance(value, dict):
        return gettext("a mapping")
    return type(value).__name__


def short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def clip(value: Any, limit: int = 80) -> str:
    """``repr(value)`` cut to about ``limit`` characters (a 100,000-character id must not flood the terminal)."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 3]}... ({len(str(value))} characters)"
