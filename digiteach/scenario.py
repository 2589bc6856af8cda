"""Scenario files: a board, an opening action, the players' scripted answers and the outcome a ruling states.

A scenario is a YAML file (format reference: ``docs/scenario-format.md``; JSON schema shipped as
``digiteach/schema/scenario.schema.json``). Loading is two-layered:

1. the YAML is parsed with ruamel.yaml's round-trip loader (safe: it builds only plain mappings,
   sequences and scalars, and we reject any ``!!tag``), keeping the line of every key and value;
2. the data is validated with jsonschema and then with semantic checks (unknown card numbers,
   ambiguous references, duplicate aliases, ...).

Every problem raises :class:`ScenarioError` naming the file, the line, the field path, what is wrong
and what would be valid. The file is only read, never written.

Then :func:`play` runs the engine (``digiteach.engine``) from the scenario's board, answering each
decision with the next scripted choice, and :func:`check` compares the result with ``expect``.
:func:`branch` replays the documented choices up to a decision and answers it differently.

>>> sorted(ACTION_KINDS)
['activate', 'attack', 'digivolve', 'end_turn', 'pass', 'play', 'use']
"""

from __future__ import annotations

import difflib
import io
import json
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal, NoReturn, cast

# jsonschema imports the optional IRI checker ``rfc3987_syntax`` when it is installed (Jupyter brings it),
# which builds a grammar for ~3.5 s on every start (measured with -X importtime). Our schemas use no
# "iri" format, so, unless something has already imported it, mark it unavailable: jsonschema then skips
# that one format checker and the CLI and every lesson start seconds faster.
sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
import jsonschema  # noqa: E402
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq, TaggedScalar
from ruamel.yaml.scalarstring import LiteralScalarString
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from digiteach import engine as eng
from digiteach.cards import Card, CardDataError, card_from_dict, load_library
from digiteach.decisions import IllegalAction, IllegalAnswer
from digiteach.keywords import parse_keyword
from digiteach.setup import Action, Setup, SideSetup, StackRef, StackSetup
from digiteach.state import State
from digiteach.terms import Phase, Timing
from digiteach.views import Step, Trace, TraceResult

__all__ = [
    "ACTION_KINDS",
    "Choice",
    "PlannedAction",
    "Expect",
    "Scenario",
    "ScenarioError",
    "ScenarioPlayError",
    "load_scenario",
    "parse_scenario",
    "bundled_ids",
    "bundled_paths",
    "play",
    "check",
    "branch",
    "replay",
    "scenario_to_data",
    "dump_scenario",
    "memory_from_text",
]

ACTION_KINDS = frozenset({"attack", "digivolve", "play", "use", "activate", "pass", "end_turn"})
"""Opening action kinds a scenario can name (they map one to one onto ``setup.Action.kind``)."""

DEFAULT_RULESET = "CR 4.2"
DEFAULT_FILLER = "BT1-064"
"""Card used when a pile is given as a count (``hand: 4``): BT1-064 Goblimon, no text (see rulings.md notation)."""

MAX_STEPS = 5000
"""Safety limit on engine steps per play (an engine loop bug must not hang ``digiteach check``)."""

PlayerName = Literal["A", "B"]


# --------------------------------------------------------------------------------------------- errors


class ScenarioError(ValueError):
    """A scenario file is wrong: where (``file``, ``line``, ``field``), what (``message``) and what would be valid.

    ``line`` is 1-based (None when the problem has no single line, e.g. an unreadable file).
    ``field`` is the path inside the file, like ``"setup.A.battle_area[1]"`` or ``"choices[2]"``.
    ``expected`` says what would be valid (legal labels, close card numbers, the allowed keys).
    ``others`` holds further independent errors found in the same file (the first one is this one).
    """

    def __init__(
        self,
        file: str,
        line: int | None,
        field: str,
        message: str,
        expected: str = "",
        others: Sequence[ScenarioError] = (),
    ) -> None:
        self.file = file
        self.line = line
        self.field = field
        self.message = message
        self.expected = expected
        self.others: tuple[ScenarioError, ...] = tuple(others)
        super().__init__(self._text())

    def _text(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        text = f"{where}: {self.field or '(file)'}: {self.message}"
        if self.expected:
            text += f"\n    expected: {self.expected}"
        return text

    def all(self) -> tuple[ScenarioError, ...]:
        """This error followed by the other errors found in the same file."""
        return (self, *self.others)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.file, self.line, self.field, self.message, self.expected, self.others))


class ScenarioPlayError(ScenarioError):
    """The engine refused a scripted step: the opening action (``IllegalAction``) or a choice (``IllegalAnswer``).

    ``check`` reports these as a failed scenario (the ruling and the engine disagree) rather than as
    bad input; ``play`` raises them.
    """


# --------------------------------------------------------------------------------------------- data


@dataclass(frozen=True, slots=True)
class Choice:
    """One scripted answer: ``answer`` is a decision label or an unambiguous prefix of one.

    ``player`` ("A"/"B") is set when the file wrote ``- B: Block with ...``; the answer must then be
    given to that player's decision. ``line`` is the 1-based line in the file.
    """

    answer: str
    player: str | None = None
    line: int | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class PlannedAction:
    """An action after the first one (``action:`` given as a list), begun once the previous one is processed.

    ``card``/``target`` hold the reference text as written (a card number, an alias or a place; target
    ``"player"`` for the opponent); they are resolved against the board at that moment, because
    earlier actions may have moved, digivolved or removed Digimon. ``line`` is its line in the file.
    """

    kind: str
    card: str | None = None
    target: str | None = None
    hand_card: str | None = None
    cost: int | None = None
    extra: tuple[tuple[str, str], ...] = ()
    line: int | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Expect:
    """What the ruling says happens (every field optional; None = not checked).

    ``activation_order`` entries match the activated effects' labels by case-insensitive substring, in
    order and with the same count. ``deleted`` holds card numbers (order-insensitive). ``security`` and
    ``hand`` map players to sizes, ``trash`` maps players to the full trash (card numbers, order-
    insensitive) or its size, ``battle_area`` maps players to top card numbers in order. ``memory`` is
    signed from Player A's side (as in ``views``). ``suspended`` maps card numbers (with their player)
    to the suspended flag at the end. ``winner`` is "A", "B" or "" (nobody). ``stops_at`` is matched
    (case-insensitive substring) against the prompt or the labels of the decision where play stopped.
    ``lines`` maps each given field name to its line for messages.
    """

    activation_order: tuple[str, ...] | None = None
    deleted: tuple[str, ...] | None = None
    security: tuple[tuple[str, int], ...] | None = None
    hand: tuple[tuple[str, int], ...] | None = None
    memory: int | None = None
    suspended: tuple[tuple[str, str, bool], ...] | None = None  # (player or "", card number, suspended)
    trash: tuple[tuple[str, tuple[str, ...] | int], ...] | None = None
    battle_area: tuple[tuple[str, tuple[str, ...]], ...] | None = None
    winner: str | None = None
    stops_at: str | None = None
    lines: tuple[tuple[str, int], ...] = field(default=(), compare=False)

    def line_of(self, name: str) -> int | None:
        """Line of expect field ``name`` in the file, if given."""
        return dict(self.lines).get(name)


@dataclass(frozen=True, slots=True)
class Scenario:
    """A loaded, validated scenario.

    ``setup`` and ``action`` are what the engine starts from; ``then`` the further actions taken once
    the previous one is processed (e.g. attack, then pass: ruling R53); ``choices`` the scripted answers in
    order (across all actions); ``expect`` the outcome to check. ``cards`` are inline card objects (from
    ``digiteach.cards.card_from_dict``) that extend the card library for this scenario only.
    ``aliases`` maps the ``name:`` of a stack to its place. ``path`` is the file it came from (as
    given, for messages); ``action_line`` the line of ``action``. Locations (path, lines) do not take
    part in ``==``: two scenarios are equal when they say the same thing.
    """

    id: str
    title: str
    source: str
    setup: Setup
    action: Action
    then: tuple[PlannedAction, ...] = ()
    choices: tuple[Choice, ...] = ()
    expect: Expect = field(default_factory=Expect)
    notes: str = ""
    ruleset: str = DEFAULT_RULESET
    cards: tuple[Any, ...] = ()
    aliases: tuple[tuple[str, StackRef], ...] = ()
    path: str = field(default="", compare=False)
    action_line: int | None = field(default=None, compare=False)

    @property
    def answers(self) -> tuple[str, ...]:
        """The scripted answers as plain labels/prefixes."""
        return tuple(c.answer for c in self.choices)


# --------------------------------------------------------------------------------------------- YAML


def _yaml() -> YAML:
    y = YAML(typ="rt", pure=True)
    y.allow_duplicate_keys = False
    return y


def _field(path: Sequence[str | int]) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _line_of(root: Any, path: Sequence[str | int], *, key: bool = False) -> int | None:
    """1-based line of the value at ``path`` (or of its key when ``key``), else the nearest parent's line."""
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
    if isinstance(node, TaggedScalar) or _has_explicit_tag(node):
        raise ScenarioError(
            file, _line_of(root, path), _field(path), "YAML tags (!!...) are not allowed in scenario files",
            "a plain value: text, a number, true/false, a list or a mapping",
        )
    if isinstance(node, Mapping):
        out: dict[str, Any] = {}
        for k, v in node.items():
            if not isinstance(k, str):
                raise ScenarioError(
                    file, _line_of(root, (*path, k), key=True), _field(path),
                    f"mapping key {k!r} is not text", "keys are names like 'battle_area' or 'A'",
                )
            out[k] = _plain(v, file, (*path, k), root)
        return out
    if isinstance(node, (list, tuple)):
        return [_plain(v, file, (*path, i), root) for i, v in enumerate(node)]
    if node is None or isinstance(node, bool):
        return node
    if isinstance(node, str):
        return str(node)
    if isinstance(node, int):
        return int(node)  # ruamel may hand back ScalarInt subclasses
    if isinstance(node, float):
        # JSON Schema counts 3.0 as an integer, but the loader needs real ints (a pile of 3.0 cards
        # crashed it): no field takes a decimal number, so say so here, at the value's line.
        raise ScenarioError(
            file, _line_of(root, path), _field(path), f"{node!r} is a decimal number",
            "a whole number such as 3 (quote text that contains a dot, e.g. 'step: \"5.2\"')",
        )
    raise ScenarioError(
        file, _line_of(root, path), _field(path), f"unsupported YAML value of type {type(node).__name__}",
        "text, a number, true/false, a list or a mapping (quote dates and times)",
    )


def _has_explicit_tag(node: Any) -> bool:
    if not isinstance(node, (CommentedMap, CommentedSeq)):
        return False
    return getattr(getattr(node, "tag", None), "value", None) is not None


def _read_yaml(text: str, file: str) -> tuple[Any, dict[str, Any]]:
    try:
        root = _yaml().load(io.StringIO(text))
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = None if mark is None else mark.line + 1
        problem = (exc.problem or "not valid YAML").strip()
        ctx_mark = exc.context_mark
        if exc.context and ctx_mark is not None and ctx_mark.line + 1 != line:
            problem += f" ({exc.context.strip()} started on line {ctx_mark.line + 1})"
        if "duplicate key" in problem or "found duplicate key" in str(exc):
            key = re.search(r'duplicate key "([^"]+)"', str(exc))
            problem = f"duplicate key {key.group(1)!r}" if key else "duplicate key"
            _raise(file, line, "", problem, "each key once per mapping")
        _raise(file, line, "", f"YAML syntax error: {problem}", "valid YAML (check indentation and quotes)")
    except YAMLError as exc:
        _raise(file, None, "", f"YAML error: {exc}", "valid YAML")
    if root is None:
        _raise(file, 1, "", "the file is empty", "a mapping with id, title, source, setup and action")
    if not isinstance(root, CommentedMap):
        _raise(
            file, 1, "", f"the top level is {_type_name(root)}, not a mapping",
            "a mapping with id, title, source, setup and action",
        )
    _check_size(root, file)
    data = _plain(root, file, (), root)
    return root, cast(dict[str, Any], data)


MAX_FILE_BYTES = 5_000_000
"""Largest scenario file read (bundled ones are a few kilobytes; this stops /dev/zero or a huge file)."""

MAX_VALUES = 100_000
"""Most values (mappings, lists, scalars, counting every use of an anchor) a scenario file may expand to."""


def _check_size(root: Any, file: str) -> None:
    """Refuse a file whose anchors/aliases expand to more than MAX_VALUES values ("billion laughs").

    ruamel keeps an alias as a second reference to the same object, so the file parses quickly, but
    converting it to plain data would expand it exponentially. Counting stops at the limit.
    """
    todo: list[Any] = [root]
    count = 0
    while todo:
        node = todo.pop()
        count += 1
        if count > MAX_VALUES:
            _raise(file, None, "", f"the file expands to more than {MAX_VALUES} values (anchors '&' and aliases '*' "
                   "repeated inside each other)", "a scenario written out plainly; use aliases sparingly")
        if isinstance(node, Mapping):
            todo.extend(node.values())
        elif isinstance(node, list):
            todo.extend(node)


def _raise(file: str, line: int | None, fld: str, message: str, expected: str = "") -> NoReturn:
    raise ScenarioError(file, line, fld, message, expected)


# --------------------------------------------------------------------------------------------- schema


@lru_cache(maxsize=1)
def _schema() -> dict[str, Any]:
    text = resources.files("digiteach").joinpath("schema/scenario.schema.json").read_text(encoding="utf-8")
    return cast(dict[str, Any], json.loads(text))


_DEF_HINTS = {
    "cardNumber": "a card number in capitals like 'BT1-081' or 'ST4-08'",
    "stackShort": "a stack written top card first like 'BT1-081 / BT1-079', optionally ending in [S] "
    "(suspended) or [U]; or the long form {cards: [...], suspended: true, placed_this_turn: false, name: ...}",
    "stackLong": "{cards: [...] (top first), suspended: true/false, placed_this_turn: true/false, name: alias}",
    "stack": "'BT1-081 / BT1-079 [S]' or {cards: [...], suspended: true, placed_this_turn: false, name: alias}",
    "memory": "a signed number -10..10 from the turn player's side, or 'A3' / 'B2' / 0",
    "pile": "a list of card numbers (top first) or a count of filler cards",
    "choice": "an answer label (or an unambiguous prefix), optionally as '- B: label' naming the player",
    "player": "A or B",
    "side": "a mapping with battle_area, breeding_area, hand, security, deck, trash, egg_deck",
    "ref": "a card number, an alias given with name:, 'player', or a place like 'B.battle[0]' / 'A.breeding'",
}


def _def_name(schema: Any) -> str | None:
    for name, sub in _schema()["$defs"].items():
        if sub is schema or sub == schema:
            return str(name)
    return None


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _deepest(err: jsonschema.ValidationError, hint: str = "") -> tuple[jsonschema.ValidationError, str]:
    """For oneOf/anyOf, pick the alternative whose type matched the value (its error is the useful one).

    Returns the error and the hint of the nearest named ``$defs`` entry on the way down.
    """
    hint = _DEF_HINTS.get(_def_name(err.schema) or "", hint)
    if err.validator in ("oneOf", "anyOf") and err.context:
        relevant = [e for e in err.context
                    if e.validator not in ("type", "const") or len(e.absolute_path) > len(err.absolute_path)]
        if relevant:
            best = max(relevant, key=lambda e: (len(e.absolute_path), e.validator != "oneOf"))
            # If several alternatives fail at the same depth, the value matched none of them by shape.
            same = [e for e in relevant if len(e.absolute_path) == len(best.absolute_path)]
            if len(same) == 1 or len(best.absolute_path) > len(err.absolute_path):
                return _deepest(best, hint)
    return err, hint


def _schema_error(err: jsonschema.ValidationError, file: str, root: Any, parent_schema: Any = None) -> ScenarioError:
    err, hint = _deepest(err)
    path = tuple(err.absolute_path)
    fld = _field(path)
    value = err.instance
    name = _def_name(err.schema)
    hint = _DEF_HINTS.get(name or "", hint)
    line = _line_of(root, path)
    v = err.validator
    if v == "additionalProperties" and isinstance(value, dict):
        allowed = sorted(cast(dict[str, Any], err.schema).get("properties", {}))
        extra = [k for k in value if k not in allowed]
        key = extra[0] if extra else "?"
        close = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
        kline = _line_of(root, (*path, key), key=True)
        sub = _field((*path, key))
        if close:
            return ScenarioError(file, kline, sub, f"unknown key {key!r}; did you mean {close[0]!r}?",
                                 "one of: " + ", ".join(allowed))
        if allowed:
            return ScenarioError(file, kline, sub, f"unknown key {key!r}", "one of: " + ", ".join(allowed))
        return ScenarioError(file, kline, sub, f"unknown key {key!r}", "no other keys here")
    if v == "required":
        missing = re.search(r"'([^']+)' is a required property", err.message)
        key = missing.group(1) if missing else str(err.validator_value)
        return ScenarioError(file, _line_of(root, path, key=True) if path else 1, _field((*path, key)),
                             f"missing required key {key!r}" + (f" in {fld}" if fld else ""),
                             "required here: " + ", ".join(cast(list[str], err.validator_value))
                             + (f"; the form is {hint}" if hint else ""))
    if v == "enum":
        opts = ", ".join("null" if o is None else str(o) for o in cast(list[Any], err.validator_value))
        close = difflib.get_close_matches(str(value), [str(o) for o in cast(list[Any], err.validator_value)], n=1)
        mean = f"; did you mean {close[0]!r}?" if close else ""
        return ScenarioError(file, line, fld, f"{_clip(value)} is not allowed here{mean}", "one of: " + opts)
    if v == "const":
        return ScenarioError(file, line, fld, f"{_clip(value)} is not allowed here", f"{err.validator_value!r}")
    if v == "pattern":
        upper = str(value).upper().strip()
        if (name in ("cardNumber", "stackShort") or "[A-Z]{1,5}" in str(err.validator_value)) and upper != value and re.fullmatch(str(err.validator_value), upper):
            return ScenarioError(file, line, fld, f"{_clip(value)} is not written in capitals", f"{upper!r}")
        what = "letters, digits, '-', '_' or '.', starting with a letter or digit (at most 64)" if fld == "id" else hint
        return ScenarioError(file, line, fld, f"{_clip(value)} is not in the expected form", what or f"text matching {err.validator_value}")
    if v == "type":
        want: Any = err.validator_value
        wants: list[str] = [str(w) for w in want] if isinstance(want, list) else [str(want)]
        words = {"string": "text", "integer": "a whole number", "boolean": "true or false", "array": "a list",
                 "object": "a mapping", "null": "nothing (null)", "number": "a number"}
        return ScenarioError(file, line, fld, f"got {_type_name(value)}",
                             hint or " or ".join(words.get(w, w) for w in wants))
    if v in ("minimum", "maximum"):
        bound = "at least" if v == "minimum" else "at most"
        return ScenarioError(file, line, fld, f"{_clip(value)} is out of range",
                             f"{bound} {err.validator_value}" + (f" ({hint})" if hint else ""))
    if v in ("minItems", "minProperties", "minLength"):
        return ScenarioError(file, line, fld, "is empty", hint or "at least one entry")
    if v == "maxProperties":
        return ScenarioError(file, line, fld, "has too many keys", hint or "fewer keys")
    if v in ("oneOf", "anyOf"):
        return ScenarioError(file, line, fld, f"{_type_name(value)} {_short(value)} does not fit any accepted form",
                             hint or "see docs/scenario-format.md")
    return ScenarioError(file, line, fld, err.message, hint)


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _clip(value: Any, limit: int = 80) -> str:
    """``repr(value)`` cut to about ``limit`` characters (a 100,000-character id must not flood the terminal)."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 3]}... ({len(str(value))} characters)"


def _validate_schema(data: dict[str, Any], file: str, root: Any) -> None:
    validator = jsonschema.Draft202012Validator(_schema())
    errors = [_schema_error(e, file, root) for e in validator.iter_errors(data)]
    if errors:
        errors.sort(key=lambda e: (e.line or 0, e.field))
        raise ScenarioError(errors[0].file, errors[0].line, errors[0].field, errors[0].message,
                            errors[0].expected, others=errors[1:])


# --------------------------------------------------------------------------------------------- cards


@lru_cache(maxsize=1)
def _default_library() -> Mapping[str, Card]:
    return load_library()


def _card_number(card: Any, data: Mapping[str, Any]) -> str:
    for attr in ("number", "id", "card_number"):
        value = getattr(card, attr, None)
        if isinstance(value, str):
            return value
    for key in ("number", "id", "card_number"):
        if isinstance(data.get(key), str):
            return str(data[key])
    raise TypeError("card object has no card number")


def _card_name(card: Any) -> str:
    name = getattr(card, "name", "")
    return name if isinstance(name, str) else ""


# --------------------------------------------------------------------------------------------- parsing


_PLACE = re.compile(r"^\s*([AB])\s*\.\s*(battle|battle_area|breeding|breeding_area)\s*(?:\[\s*(\d+)\s*\])?\s*$")
_MEMORY = re.compile(r"^\s*(?:([AB])\s*(\d+)|0)\s*$")
_PLAYER_WORDS = {"player", "opponent", "the opponent", "opponent player"}


def memory_from_text(value: int | str, turn_player: str) -> int:
    """Return memory signed from ``turn_player``'s side (CR 1-4-2) from ``3`` / ``-2`` / ``"A3"`` / ``"B2"`` / ``0``.

    Raises ValueError for anything else.

    >>> memory_from_text("B2", "A"), memory_from_text("B2", "B"), memory_from_text(-1, "A"), memory_from_text("0", "B")
    (-2, 2, -1, 0)
    """
    if isinstance(value, bool):
        raise ValueError(f"memory {value!r} is not a number")
    if isinstance(value, int):
        if not -10 <= value <= 10:
            raise ValueError(f"memory {value} is outside -10..10")
        return value
    m = _MEMORY.match(value)
    if not m:
        raise ValueError(f"memory {value!r} is not in the form 'A3', 'B2' or 0")
    if m.group(1) is None:
        return 0
    amount = int(m.group(2))
    if amount > 10:
        raise ValueError(f"memory {value!r} is above 10")
    return amount if m.group(1) == turn_player else -amount


def _memory_text(signed_from_a: int) -> str:
    if signed_from_a == 0:
        return "0"
    return f"A{signed_from_a}" if signed_from_a > 0 else f"B{-signed_from_a}"


@dataclass(slots=True)
class _Ctx:
    """Mutable parsing context (only used while loading)."""

    file: str
    root: Any
    library: Mapping[str, Any]
    setup: Setup | None = None
    aliases: dict[str, StackRef] = field(default_factory=dict)
    errors: list[ScenarioError] = field(default_factory=list)
    broken_cards: set[str] = field(default_factory=set)  # inline cards that failed (already reported)

    def line(self, path: Sequence[str | int], *, key: bool = False) -> int | None:
        return _line_of(self.root, path, key=key)

    def error(self, path: Sequence[str | int], message: str, expected: str = "", *, key: bool = False) -> None:
        self.errors.append(ScenarioError(self.file, self.line(path, key=key), _field(path), message, expected))

    def card(self, number: str, path: Sequence[str | int]) -> None:
        """Record an error if ``number`` is not a known card (library or inline)."""
        if number in self.library or number in self.broken_cards:
            return
        known = list(self.library)
        close = difflib.get_close_matches(number, known, n=3, cutoff=0.6)
        if close:
            names = ", ".join(f"{c} {_card_name(self.library[c])}".strip() for c in close)
            self.error(path, f"unknown card number {number!r}", f"a card in the library, e.g. {names}")
        else:
            self.error(path, f"unknown card number {number!r}",
                       "a card in the library, or define it in this file's cards: list")


def _card_label(ctx: _Ctx, number: str) -> str:
    name = _card_name(ctx.library.get(number))
    return f"{number} {name}" if name else number


def _split_stack(text: str) -> tuple[tuple[str, ...], bool | None]:
    text = text.strip()
    suspended: bool | None = None
    m = re.search(r"\[([SU])\]\s*$", text)
    if m:
        suspended = m.group(1) == "S"
        text = text[: m.start()]
    cards = tuple(part.strip() for part in text.split("/") if part.strip())
    return cards, suspended


def _parse_stack(ctx: _Ctx, raw: Any, path: tuple[str | int, ...], player: str, area: str, index: int) -> StackSetup:
    name: str | None = None
    placed = False
    gained: tuple[str, ...] = ()
    if isinstance(raw, str):
        cards, flag = _split_stack(raw)
        suspended = bool(flag)
    else:
        spec = raw["cards"]
        if isinstance(spec, str):
            cards, flag = _split_stack(spec)
        else:
            cards, flag = tuple(spec), None
        if "suspended" in raw and flag is not None and bool(raw["suspended"]) != flag:
            ctx.error((*path, "suspended"), f"suspended: {str(raw['suspended']).lower()} contradicts the "
                      f"[{'S' if flag else 'U'}] mark in cards", "one of the two")
        suspended = bool(raw.get("suspended", flag or False))
        placed = bool(raw.get("placed_this_turn", False))
        name = raw.get("name")
        gained = tuple(raw.get("gained") or ())
        for i, text in enumerate(gained):
            problem = _gained_problem(text)
            if problem:
                ctx.error((*path, "gained", i), problem,
                          "a keyword such as 'Blocker', 'Security A. -3', optionally after a timing: '[When Digivolving] Blitz'")
    for i, number in enumerate(cards):
        ctx.card(number, (*path, "cards", i) if isinstance(raw, dict) and isinstance(raw["cards"], list)
                 else ((*path, "cards") if isinstance(raw, dict) else path))
    if name is not None:
        ref = StackRef(cast(PlayerName, player), index, cast(Literal["battle", "breeding"], area))
        if name in ctx.aliases:
            other = ctx.aliases[name]
            ctx.error((*path, "name"), f"alias {name!r} is already used by {_place(other)}",
                      "a different name for each stack")
        elif _PLACE.match(name) or name.strip().lower() in _PLAYER_WORDS or re.fullmatch(r"[A-Z]{1,5}[0-9]{0,3}-[0-9]{1,4}", name):
            ctx.error((*path, "name"), f"alias {name!r} looks like a card number, a place or 'player'",
                      "a nickname such as 'Kabuterimon' or 'blocker'")
        else:
            ctx.aliases[name] = ref
    return StackSetup(cards=cards, suspended=suspended, placed_this_turn=placed, gained=gained)


def _gained_problem(text: str) -> str:
    """Why ``text`` is not a keyword the engine knows (``digiteach.keywords.parse_keyword``), or ""."""
    timing: Timing | None = None
    m = re.match(r"^\s*\[([^\]]+)\]\s*(.*)$", text)
    body = text
    if m:
        try:
            timing = Timing(m.group(1).strip())
        except ValueError:
            return f"unknown timing [{m.group(1)}] in {text!r}; timings: " + ", ".join(t.value for t in Timing)
        body = m.group(2)
    try:
        parse_keyword(body, timing)
    except ValueError as exc:
        return str(exc)
    return ""


def _place(ref: StackRef) -> str:
    return f"{ref.player}.breeding" if ref.area == "breeding" else f"{ref.player}.battle[{ref.index}]"


def _parse_pile(ctx: _Ctx, raw: Any, path: tuple[str | int, ...], filler: str) -> tuple[str, ...]:
    if raw is None:
        return ()
    if isinstance(raw, int):
        if raw:
            ctx.card(filler, path)
        return (filler,) * raw
    for i, number in enumerate(raw):
        ctx.card(number, (*path, i))
    return tuple(raw)


def _parse_side(ctx: _Ctx, raw: Any, path: tuple[str | int, ...], player: str, filler: str) -> SideSetup:
    raw = raw or {}
    battle = tuple(
        _parse_stack(ctx, s, (*path, "battle_area", i), player, "battle", i)
        for i, s in enumerate(raw.get("battle_area") or ())
    )
    breeding = None
    if raw.get("breeding_area") is not None:
        breeding = _parse_stack(ctx, raw["breeding_area"], (*path, "breeding_area"), player, "breeding", 0)
    piles = {k: _parse_pile(ctx, raw.get(k), (*path, k), filler) for k in ("hand", "security", "deck", "trash", "egg_deck")}
    return SideSetup(battle_area=battle, breeding_area=breeding, **piles)


def _stack_at(setup: Setup, ref: StackRef) -> StackSetup | None:
    side = setup.sides[0 if ref.player == "A" else 1]
    if ref.area == "breeding":
        return side.breeding_area
    return side.battle_area[ref.index] if 0 <= ref.index < len(side.battle_area) else None


def _all_places(setup: Setup, players: Sequence[str] = ("A", "B"), breeding: bool = True) -> list[tuple[StackRef, StackSetup]]:
    out: list[tuple[StackRef, StackSetup]] = []
    for p in players:
        side = setup.sides[0 if p == "A" else 1]
        for i, st in enumerate(side.battle_area):
            out.append((StackRef(cast(PlayerName, p), i, "battle"), st))
        if breeding and side.breeding_area is not None:
            out.append((StackRef(cast(PlayerName, p), 0, "breeding"), side.breeding_area))
    return out


def _describe_places(places: Sequence[tuple[StackRef, StackSetup]]) -> str:
    if not places:
        return "(no Digimon there)"
    return ", ".join(f"{_place(r)} = {' / '.join(s.cards)}" for r, s in places)


def _resolve(
    ctx: _Ctx,
    text: str,
    path: tuple[str | int, ...],
    *,
    players: Sequence[str],
    role: str,
    breeding: bool = True,
) -> StackRef | None:
    """Resolve a reference to one stack among ``players``' areas; record an error and return None if it fails."""
    assert ctx.setup is not None
    setup = ctx.setup
    scope = _all_places(setup, players, breeding)
    who = " or ".join(f"Player {p}" for p in players)
    m = _PLACE.match(text)
    if m:
        player, area, idx = m.group(1), m.group(2), m.group(3)
        ref = StackRef(cast(PlayerName, player), int(idx or 0), "breeding" if area.startswith("breeding") else "battle")
        if area.startswith("battle") and idx is None:
            ctx.error(path, f"{text!r} needs an index", f"e.g. '{player}.battle[0]'; {_describe_places(scope)}")
            return None
        if player not in players:
            ctx.error(path, f"{text!r} is Player {player}'s; {role} must be one of {who}'s Digimon", _describe_places(scope))
            return None
        if _stack_at(setup, ref) is None or (ref.area == "breeding" and not breeding):
            ctx.error(path, f"there is no Digimon at {text!r}", _describe_places(scope))
            return None
        return ref
    if text in ctx.aliases:
        ref = ctx.aliases[text]
        if ref.player not in players or (ref.area == "breeding" and not breeding):
            ctx.error(path, f"{text!r} is {_place(ref)}; {role} must be one of {who}'s Digimon", _describe_places(scope))
            return None
        return ref
    matches = [(r, s) for r, s in scope if s.cards and s.cards[0] == text]
    if len(matches) == 1:
        return matches[0][0]
    if len(matches) > 1:
        ctx.error(path, f"{text!r} is ambiguous: {len(matches)} Digimon have it as top card",
                  "one of " + ", ".join(_place(r) for r, _ in matches) + ", or give the stack a name: and use it")
        return None
    elsewhere = [(r, s) for r, s in _all_places(setup) if s.cards and s.cards[0] == text]
    under = [(r, s) for r, s in scope if text in s.cards[1:]]
    if elsewhere:
        ctx.error(path, f"{text!r} is at {', '.join(_place(r) for r, _ in elsewhere)}; {role} must be one of {who}'s Digimon",
                  _describe_places(scope))
    elif under:
        ctx.error(path, f"{text!r} is a digivolution card, not the top card, of {_place(under[0][0])}",
                  f"the top card {under[0][1].cards[0]!r} or the place {_place(under[0][0])!r}")
    elif re.fullmatch(r"[A-Z]{1,5}[0-9]{0,3}-[0-9]{1,4}", text) and text not in ctx.library:
        ctx.card(text, path)
    else:
        names = list(ctx.aliases) + [s.cards[0] for _, s in scope if s.cards]
        close = difflib.get_close_matches(text, names, n=1, cutoff=0.6)
        extra = f" (did you mean {close[0]!r}?)" if close else ""
        ctx.error(path, f"{text!r} does not name a Digimon of {who}{extra}",
                  "a top card number, an alias given with name:, or a place; " + _describe_places(scope))
    return None


def _action_kind(ctx: _Ctx, raw: dict[str, Any], at: tuple[str | int, ...]) -> str | None:
    kinds = [k for k in raw if k in ACTION_KINDS]
    if len(kinds) != 1:
        ctx.error(at, "no action kind given" if not kinds else f"several action kinds given: {', '.join(kinds)}",
                  "exactly one of: " + ", ".join(sorted(ACTION_KINDS)) + " (a list under action: for several actions)")
        return None
    return kinds[0]


def _extra(raw: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple((str(k), str(v).lower() if isinstance(v, bool) else str(v)) for k, v in (raw.get("extra") or {}).items())


def _parse_action(ctx: _Ctx, raw: dict[str, Any], at: tuple[str | int, ...] = ("action",)) -> Action:
    assert ctx.setup is not None
    setup = ctx.setup
    tp = setup.turn_player
    opp = "B" if tp == "A" else "A"
    extra = _extra(raw)
    kind = _action_kind(ctx, raw, at)
    if kind is None:
        return Action(kind="pass")
    body = raw[kind]
    path: tuple[str | int, ...] = (*at, kind)
    tp_side = setup.sides[0 if tp == "A" else 1]
    if kind == "attack":
        card = _resolve(ctx, body["with"], (*path, "with"), players=[tp], role="the attacker", breeding=False)
        target: StackRef | None = None
        t = body.get("target", "player")
        if t.strip().lower() in _PLAYER_WORDS or t.strip() == opp or t.strip() == f"Player {opp}":
            target = None
        else:
            target = _resolve(ctx, t, (*path, "target"), players=[opp], role="the attack target", breeding=False)
        return Action(kind="attack", card=card, target=target, extra=extra)
    if kind == "digivolve":
        card = _resolve(ctx, body["digimon"], (*path, "digimon"), players=[tp], role="the Digimon that digivolves")
        into = body["into"]
        ctx.card(into, (*path, "into"))
        if into in ctx.library and into not in tp_side.hand:
            ctx.error((*path, "into"), f"{into!r} is not in Player {tp}'s hand",
                      f"a card in setup.{tp}.hand: {', '.join(tp_side.hand) or '(the hand is empty)'}")
        elif into in ctx.library and getattr(ctx.library[into], "kind", "Digimon") != "Digimon":
            ctx.error((*path, "into"), f"{_card_label(ctx, into)} is a {ctx.library[into].kind} card; "
                      "only a Digimon card can be digivolved into", "a Digimon card from the hand")
        return Action(kind="digivolve", card=card, hand_card=into, cost=body.get("cost"), extra=extra)
    if kind in ("play", "use"):
        number = body
        ctx.card(number, path)
        if number in ctx.library and number not in tp_side.hand:
            ctx.error(path, f"{number!r} is not in Player {tp}'s hand",
                      f"a card in setup.{tp}.hand: {', '.join(tp_side.hand) or '(the hand is empty)'}")
        elif number in ctx.library:
            wanted = ("Option",) if kind == "use" else ("Digimon", "Tamer")
            card_kind = getattr(ctx.library[number], "kind", None)
            dual = kind == "use" and getattr(ctx.library[number], "use_cost", None) is not None  # DUAL (CR 4-20)
            if card_kind is not None and card_kind not in wanted and not dual:
                fits = [n for n in tp_side.hand if getattr(ctx.library.get(n), "kind", None) in wanted]
                ctx.error(path, f"{_card_label(ctx, number)} is a {card_kind} card; {kind}: takes "
                          + ("an Option card" if kind == "use" else "a Digimon or Tamer card"),
                          ("one of " + ", ".join(fits)) if fits else f"no card in Player {tp}'s hand fits")
        return Action(kind=cast(Literal["play", "use"], kind), hand_card=number, extra=extra)
    if kind == "activate":
        card = _resolve(ctx, body, path, players=[tp], role="the card whose [Main] effect activates")
        return Action(kind="activate", card=card, extra=extra)
    return Action(kind=cast(Literal["pass", "end_turn"], kind), extra=extra)


def _plan_action(ctx: _Ctx, raw: dict[str, Any], at: tuple[str | int, ...]) -> PlannedAction:
    """A later action: checked for form now, its Digimon found on the board when its turn comes."""
    kind = _action_kind(ctx, raw, at)
    line = ctx.line(at)
    if kind is None:
        return PlannedAction(kind="pass", line=line)
    body = raw[kind]
    path: tuple[str | int, ...] = (*at, kind)

    def ref(text: str, where: tuple[str | int, ...]) -> str:
        if _PLACE.match(text) or text in ctx.aliases or text.strip().lower() in _PLAYER_WORDS or text in ("A", "B"):
            return text
        if re.fullmatch(r"[A-Z]{1,5}[0-9]{0,3}-[0-9]{1,4}", text):
            ctx.card(text, where)
            return text
        close = difflib.get_close_matches(text, list(ctx.aliases), n=1, cutoff=0.6)
        ctx.error(where, f"{text!r} is not a card number, an alias or a place"
                  + (f" (did you mean {close[0]!r}?)" if close else ""),
                  "a top card number, an alias given with name: (" + (", ".join(ctx.aliases) or "none given")
                  + "), or a place like 'A.battle[0]'")
        return text

    if kind == "attack":
        return PlannedAction(kind=kind, card=ref(body["with"], (*path, "with")),
                             target=ref(body.get("target", "player"), (*path, "target")), extra=_extra(raw), line=line)
    if kind == "digivolve":
        ctx.card(body["into"], (*path, "into"))
        return PlannedAction(kind=kind, card=ref(body["digimon"], (*path, "digimon")), hand_card=body["into"],
                             cost=body.get("cost"), extra=_extra(raw), line=line)
    if kind in ("play", "use"):
        ctx.card(body, path)
        return PlannedAction(kind=kind, hand_card=body, extra=_extra(raw), line=line)
    if kind == "activate":
        return PlannedAction(kind=kind, card=ref(body, path), extra=_extra(raw), line=line)
    return PlannedAction(kind=kind, extra=_extra(raw), line=line)


def _parse_expect(ctx: _Ctx, raw: dict[str, Any] | None) -> Expect:
    if not raw:
        return Expect()
    assert ctx.setup is not None
    setup = ctx.setup
    tp = setup.turn_player
    lines = tuple((k, ctx.line(("expect", k), key=True) or 0) for k in raw)

    def card_of(text: str, path: tuple[str | int, ...], players: Sequence[str] = ("A", "B")) -> tuple[str, str] | None:
        """(player or "", card number) for a card number / alias / place."""
        if re.fullmatch(r"[A-Z]{1,5}[0-9]{0,3}-[0-9]{1,4}", text):
            ctx.card(text, path)
            owners = {r.player for r, s in _all_places(setup) if text in s.cards}
            return (owners.pop() if len(owners) == 1 else "", text)
        ref = _resolve(ctx, text, path, players=players, role="this entry")
        if ref is None:
            return None
        st = _stack_at(setup, ref)
        assert st is not None
        return (ref.player, st.cards[0])

    deleted = None
    if "deleted" in raw:
        deleted = tuple(c[1] for i, t in enumerate(raw["deleted"]) if (c := card_of(t, ("expect", "deleted", i))))
    suspended = None
    if "suspended" in raw:
        items = []
        for key, flag in raw["suspended"].items():
            c = card_of(key, ("expect", "suspended", key))
            if c:
                items.append((c[0], c[1], bool(flag)))
        suspended = tuple(items)
    trash = None
    if "trash" in raw:
        trash = tuple(
            (p, v if isinstance(v, int) else tuple(v)) for p, v in raw["trash"].items()
        )
        for p, v in raw["trash"].items():
            if isinstance(v, list):
                for i, n in enumerate(v):
                    ctx.card(n, ("expect", "trash", p, i))
    battle = None
    if "battle_area" in raw:
        battle = tuple((p, tuple(v)) for p, v in raw["battle_area"].items())
        for p, v in raw["battle_area"].items():
            for i, n in enumerate(v):
                ctx.card(n, ("expect", "battle_area", p, i))
    memory = None
    if "memory" in raw:
        try:
            signed_tp = memory_from_text(raw["memory"], tp)
            memory = signed_tp if tp == "A" else -signed_tp
        except ValueError as exc:
            ctx.error(("expect", "memory"), str(exc), _DEF_HINTS["memory"])
    winner = None
    if "winner" in raw:
        winner = raw["winner"] if raw["winner"] in ("A", "B") else ""
    return Expect(
        activation_order=tuple(raw["activation_order"]) if "activation_order" in raw else None,
        deleted=deleted,
        security=tuple(sorted(raw["security"].items())) if "security" in raw else None,
        hand=tuple(sorted(raw["hand"].items())) if "hand" in raw else None,
        memory=memory,
        suspended=suspended,
        trash=trash,
        battle_area=battle,
        winner=winner,
        stops_at=raw.get("stops_at"),
        lines=lines,
    )


def _source_text(raw: Any) -> str:
    if isinstance(raw, str):
        return raw.strip()
    parts = []
    for key in ("page", "example", "step", "qa", "rule", "url"):
        if key in raw:
            value = raw[key]
            value = ", ".join(value) if isinstance(value, list) else str(value)
            parts.append(value if key in ("page", "url") else f"{'Q&A' if key == 'qa' else key} {value}")
    return "; ".join(parts)


def _inline_cards(ctx: _Ctx, raw: list[Any]) -> dict[str, Any]:
    """Build the ``cards:`` entries with ``digiteach.cards.card_from_dict``; map CardDataError paths to lines.

    An inline card may reuse a library number: it then replaces the library card for this scenario
    only (as ``digiteach.cards.load_library(extra=...)`` does).
    """
    if not raw:
        return {}
    out: dict[str, Any] = {}
    for i, data in enumerate(raw):
        where = f"{ctx.file} cards[{i}]"
        try:
            card = card_from_dict(data, where)
        except CardDataError as exc:
            sub = tuple(getattr(exc, "path", ()) or ())
            text = str(exc)
            prefix = f"{where}: {'.'.join(str(p) for p in sub) or '(card)'}: "
            msg = text[len(prefix):] if text.startswith(prefix) else text
            if isinstance(data, Mapping) and isinstance(data.get("number"), str):
                ctx.broken_cards.add(data["number"])
            ctx.error(("cards", i, *sub), f"card data: {msg}",
                      "the card library's dict form (digiteach/cards/README.md)")
            continue
        number = _card_number(card, data)
        if number in out:
            ctx.error(("cards", i, "number"), f"card {number!r} is defined twice in cards:", "one definition per card number")
        out[number] = card
    return out


def parse_scenario(
    text: str,
    file: str = "<scenario>",
    *,
    library: Mapping[str, Any] | None = None,
) -> Scenario:
    """Parse and validate scenario YAML ``text``; ``file`` is the name used in error messages.

    ``library`` maps card numbers to cards (default: ``digiteach.cards.load_library()``).
    Raises :class:`ScenarioError` (with ``.others`` holding further errors) on any problem.
    """
    root, data = _read_yaml(text, file)
    _validate_schema(data, file, root)
    base = library if library is not None else _default_library()
    ctx = _Ctx(file=file, root=root, library=base)
    extra = _inline_cards(ctx, data.get("cards") or [])
    if extra:
        ctx.library = {**base, **extra}

    raw_setup = data["setup"]
    tp = raw_setup["turn_player"]
    try:
        memory = memory_from_text(raw_setup["memory"], tp)
    except ValueError as exc:
        ctx.error(("setup", "memory"), str(exc), _DEF_HINTS["memory"])
        memory = 0
    filler = raw_setup.get("filler", DEFAULT_FILLER)
    if "filler" in raw_setup:
        ctx.card(filler, ("setup", "filler"))
    phase = raw_setup.get("phase", Phase.MAIN.value)
    if not phase.endswith("phase") and phase != Phase.END_OF_TURN.value:
        phase = f"{phase} phase"
    sides = (
        _parse_side(ctx, raw_setup.get("A"), ("setup", "A"), "A", filler),
        _parse_side(ctx, raw_setup.get("B"), ("setup", "B"), "B", filler),
    )
    ruleset = data.get("ruleset", DEFAULT_RULESET)
    setup = Setup(turn_player=tp, memory=memory, sides=sides, phase=phase, ruleset=ruleset,
                  turn=raw_setup.get("turn", 2))
    ctx.setup = setup
    raw_action = data["action"]
    then: tuple[PlannedAction, ...] = ()
    if isinstance(raw_action, list):
        action = _parse_action(ctx, raw_action[0], ("action", 0))
        then = tuple(_plan_action(ctx, a, ("action", i)) for i, a in enumerate(raw_action[1:], start=1))
    else:
        action = _parse_action(ctx, raw_action)
    expect = _parse_expect(ctx, data.get("expect"))

    choices = []
    for i, c in enumerate(data.get("choices") or []):
        line = ctx.line(("choices", i))
        if isinstance(c, dict):
            ((player, answer),) = c.items()
            choices.append(Choice(answer=answer, player=player, line=line))
        else:
            choices.append(Choice(answer=c, line=line))

    if ctx.errors:
        errs = sorted(ctx.errors, key=lambda e: (e.line or 0, e.field))
        first = errs[0]
        raise ScenarioError(first.file, first.line, first.field, first.message, first.expected, others=errs[1:])
    return Scenario(
        id=data["id"],
        title=data["title"].strip(),
        source=_source_text(data["source"]),
        setup=setup,
        action=action,
        then=then,
        choices=tuple(choices),
        expect=expect,
        notes=(data.get("notes") or "").strip(),
        ruleset=ruleset,
        cards=tuple(extra.values()),
        aliases=tuple(sorted(ctx.aliases.items())),
        path=file,
        action_line=ctx.line(("action",), key=True),
    )


# --------------------------------------------------------------------------------------------- bundled


def bundled_paths() -> list[Path]:
    """Files of the bundled scenarios (``digiteach/scenarios/*.yaml``), sorted by name."""
    folder = resources.files("digiteach").joinpath("scenarios")
    out = [Path(str(p)) for p in folder.iterdir() if p.name.endswith((".yaml", ".yml"))] if folder.is_dir() else []
    return sorted(out, key=lambda p: p.name)


def _peek_id(path: Path) -> tuple[str | None, int | None]:
    """The ``id`` of a scenario file and its line, without full validation (None if unreadable)."""
    try:
        root, data = _read_yaml(path.read_text(encoding="utf-8"), str(path))
    except (ScenarioError, OSError):
        return None, None
    value = data.get("id")
    return (value if isinstance(value, str) else None), _line_of(root, ("id",))


@lru_cache(maxsize=1)
def _bundled_index() -> tuple[tuple[str, Path], ...]:
    seen: dict[str, Path] = {}
    for path in bundled_paths():
        sid, line = _peek_id(path)
        if sid is None:
            continue
        if sid in seen:
            raise ScenarioError(str(path), line, "id", f"duplicate scenario id {sid!r} (also in {seen[sid].name})",
                                "a unique id per scenario file")
        seen[sid] = path
    return tuple(sorted(seen.items(), key=lambda item: _natural_key(item[0])))


def _natural_key(text: str) -> tuple[tuple[int, int | str], ...]:
    """Sort key that puts "ex-2" before "ex-10"."""
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in re.split(r"(\d+)", text) if part)


def bundled_ids() -> list[str]:
    """Ids of the bundled scenarios, in natural order ("R5" before "R10"). Raises ScenarioError if two files share an id."""
    return [sid for sid, _ in _bundled_index()]


_LOADED: dict[str, Scenario] = {}


def load_scenario(path_or_id: str | Path, *, library: Mapping[str, Any] | None = None) -> Scenario:
    """Load a scenario from a file path or a bundled id (``"R42"``).

    A string ending in ``.yaml``/``.yml``, containing a path separator, or naming an existing file is a
    path; anything else is looked up among the bundled ids. Raises :class:`ScenarioError` for an
    unknown id (listing close ids), an unreadable file or any invalid content.
    """
    text_arg = str(path_or_id)
    path = Path(text_arg)
    is_path = isinstance(path_or_id, Path) or text_arg.endswith((".yaml", ".yml")) or "/" in text_arg or "\\" in text_arg or path.is_file()
    if not is_path:
        index = dict(_bundled_index())
        if text_arg not in index and path.is_dir():
            raise ScenarioError(text_arg, None, "", "is a folder, not a scenario file",
                                "a path to one .yaml scenario file or a bundled id ('digiteach check' also takes folders)")
        if text_arg not in index:
            close = difflib.get_close_matches(text_arg, list(index), n=3, cutoff=0.5)
            raise ScenarioError(text_arg, None, "id", f"no bundled scenario with id {text_arg!r}",
                                ("did you mean " + ", ".join(close) + "?") if close
                                else "an id listed by 'digiteach list', or a path to a .yaml file")
        path = index[text_arg]
    if path.is_dir():
        raise ScenarioError(text_arg, None, "", "is a folder, not a scenario file",
                            "a path to one .yaml scenario file or a bundled id ('digiteach check' also takes folders)")
    if path.exists() and not path.is_file():
        raise ScenarioError(text_arg, None, "", "is not a regular file (a device or a pipe)",
                            "a path to an existing .yaml scenario file")
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise ScenarioError(text_arg, None, "", f"the file is larger than {MAX_FILE_BYTES // 1_000_000} MB",
                                "a scenario file of a few kilobytes")
        text = raw.decode("utf-8")
    except FileNotFoundError:
        raise ScenarioError(text_arg, None, "", "file not found", "a path to an existing .yaml scenario file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(text_arg, None, "", f"cannot read the file: {exc}", "a readable UTF-8 .yaml file") from None
    scenario = parse_scenario(text, text_arg if is_path else str(path), library=library)
    _LOADED[scenario.id] = scenario
    return scenario


# --------------------------------------------------------------------------------------------- writing


def scenario_to_data(scenario: Scenario) -> dict[str, Any]:
    """The scenario in the file format's long form (plain data; inline cards are not included)."""
    setup = scenario.setup

    def stack(st: StackSetup, ref: StackRef) -> dict[str, Any]:
        out: dict[str, Any] = {"cards": list(st.cards), "suspended": st.suspended}
        if st.placed_this_turn:
            out["placed_this_turn"] = True
        if st.gained:
            out["gained"] = list(st.gained)
        alias = [a for a, r in scenario.aliases if r == ref]
        if alias:
            out["name"] = alias[0]
        return out

    def side(p: PlayerName) -> dict[str, Any]:
        s = setup.sides[0 if p == "A" else 1]
        out: dict[str, Any] = {"battle_area": [stack(st, StackRef(p, i)) for i, st in enumerate(s.battle_area)]}
        out["breeding_area"] = None if s.breeding_area is None else stack(s.breeding_area, StackRef(p, 0, "breeding"))
        for k in ("hand", "security", "deck", "trash", "egg_deck"):
            out[k] = list(getattr(s, k))
        return out

    def ref(r: StackRef | None) -> str:
        return "player" if r is None else _place(r)

    def action_data(kind: str, card: str | None, target: str | None, hand_card: str | None, cost: int | None,
                    extra: tuple[tuple[str, str], ...]) -> dict[str, Any]:
        out: dict[str, Any]
        if kind == "attack":
            out = {"attack": {"with": card, "target": target or "player"}}
        elif kind == "digivolve":
            out = {"digivolve": {"digimon": card, "into": hand_card}}
            if cost is not None:
                out["digivolve"]["cost"] = cost
        elif kind in ("play", "use"):
            out = {kind: hand_card}
        elif kind == "activate":
            out = {"activate": card}
        else:
            out = {kind: True}
        if extra:
            out["extra"] = dict(extra)
        return out

    a = scenario.action
    first = action_data(a.kind, ref(a.card), ref(a.target), a.hand_card, a.cost, a.extra)
    action: Any = first
    if scenario.then:
        action = [first] + [action_data(p.kind, p.card, p.target, p.hand_card, p.cost, p.extra) for p in scenario.then]

    e = scenario.expect
    expect: dict[str, Any] = {}
    if e.activation_order is not None:
        expect["activation_order"] = list(e.activation_order)
    if e.deleted is not None:
        expect["deleted"] = list(e.deleted)
    if e.security is not None:
        expect["security"] = dict(e.security)
    if e.hand is not None:
        expect["hand"] = dict(e.hand)
    if e.memory is not None:
        expect["memory"] = _memory_text(e.memory)  # the readable form names the side, whoever's turn it is
    if e.suspended is not None:
        expect["suspended"] = {n: f for _, n, f in e.suspended}
    if e.trash is not None:
        expect["trash"] = {p: (v if isinstance(v, int) else list(v)) for p, v in e.trash}
    if e.battle_area is not None:
        expect["battle_area"] = {p: list(v) for p, v in e.battle_area}
    if e.winner is not None:
        expect["winner"] = e.winner or "none"
    if e.stops_at is not None:
        expect["stops_at"] = e.stops_at

    data: dict[str, Any] = {
        "id": scenario.id,
        "title": scenario.title,
        "source": scenario.source,
        "ruleset": scenario.ruleset,
        "setup": {
            "turn_player": setup.turn_player,
            "memory": setup.memory,
            "phase": setup.phase,
            "turn": setup.turn,
            "A": side("A"),
            "B": side("B"),
        },
        "action": action,
        "choices": [{c.player: c.answer} if c.player else c.answer for c in scenario.choices],
    }
    if expect:
        data["expect"] = expect
    if scenario.notes:
        data["notes"] = scenario.notes
    return data


def dump_scenario(scenario: Scenario) -> str:
    """The scenario as YAML text in the long form (for saving a learner's variant to a *new* file).

    Keys keep the file format's order; multi-line text (notes) is written as a ``|`` block.
    """
    def literal(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: literal(v) for k, v in value.items()}
        if isinstance(value, list):
            return [literal(v) for v in value]
        if isinstance(value, str) and "\n" in value:
            return LiteralScalarString(value + "\n")
        return value

    buf = io.StringIO()
    y = YAML(typ="rt", pure=True)
    y.default_flow_style = False
    y.width = 100
    y.dump(literal(scenario_to_data(scenario)), buf)
    return buf.getvalue()


# --------------------------------------------------------------------------------------------- playing


def library_for(scenario: Scenario) -> Mapping[str, Any]:
    """The card library the engine uses for ``scenario``: the shared library plus its inline cards."""
    base = _default_library()
    if not scenario.cards:
        return base
    return {**base, **{_card_number(c, {}): c for c in scenario.cards}}


def _player_name(player: Any) -> str:
    """"A"/"B" from a decision's player (the engine uses 0/1; views use "A"/"B")."""
    if isinstance(player, int) and not isinstance(player, bool) and player in (0, 1):
        return "AB"[player]
    return str(player)


def _decision_text(decision: Any) -> str:
    options = ", ".join(repr(getattr(o, "label", o)) for o in getattr(decision, "options", ()))
    return f"Player {_player_name(getattr(decision, 'player', '?'))} ({getattr(decision, 'kind', '?')}): {getattr(decision, 'prompt', '')}; options: {options}"


def _begin(scenario: Scenario, state: State, action: Action, line: int | None, fld: str) -> State:
    try:
        return eng.begin(state, action)
    except IllegalAction as exc:
        raise ScenarioPlayError(scenario.path, line, fld, f"the engine refused the action: {exc}",
                                "an action that is legal on the board at that moment") from exc


def _start(scenario: Scenario) -> tuple[State, State]:
    """(initial state, state after beginning the opening action)."""
    try:
        initial = eng.initial_state(scenario.setup, library_for(scenario))
    except ValueError as exc:
        raise ScenarioPlayError(scenario.path, None, "setup", f"the engine refused the board: {exc}",
                                "a board the engine can build") from exc
    fld = "action[0]" if scenario.then else "action"
    return initial, _begin(scenario, initial, scenario.action, scenario.action_line, fld)


def _live_ref(scenario: Scenario, initial: State, state: State, text: str, players: Sequence[str],
              fld: str, line: int | None, breeding: bool) -> StackRef:
    """Find the Digimon ``text`` names on the board of ``state`` (for actions after the first)."""
    board = eng.board_view(state)
    places: list[tuple[StackRef, Any]] = []
    for p in players:
        side = board.sides[0 if p == "A" else 1]
        places += [(StackRef(cast(PlayerName, p), i), st) for i, st in enumerate(side.battle_area)]
        if breeding and side.breeding_area is not None:
            places.append((StackRef(cast(PlayerName, p), 0, "breeding"), side.breeding_area))
    shown = ", ".join(f"{_place(r)} = {st.top.label}" for r, st in places) or "(no Digimon there)"
    m = _PLACE.match(text)
    if m:
        return StackRef(cast(PlayerName, m.group(1)), int(m.group(3) or 0),
                        "breeding" if m.group(2).startswith("breeding") else "battle")
    if text in dict(scenario.aliases):
        start = dict(scenario.aliases)[text]
        start_board = eng.board_view(initial)
        side0 = start_board.sides[0 if start.player == "A" else 1]
        first = side0.breeding_area if start.area == "breeding" else side0.battle_area[start.index]
        hits = [r for r, st in places if first is not None and st.uid == first.uid]
        if len(hits) == 1:
            return hits[0]
        raise ScenarioPlayError(scenario.path, line, fld,
                                f"{text!r} ({_place(start)} at the start) is no longer where this action needs it",
                                shown)
    hits = [r for r, st in places if st.top.number == text]
    if len(hits) == 1:
        return hits[0]
    raise ScenarioPlayError(
        scenario.path, line, fld,
        f"{text!r} names {'no' if not hits else len(hits)} Digimon of Player {' or '.join(players)} at this point",
        "one of " + shown + " (use a place like 'A.battle[0]' or an alias)",
    )


def _resolve_planned(scenario: Scenario, initial: State, state: State, planned: PlannedAction, k: int) -> Action:
    tp = eng.board_view(state).turn_player
    opp = "B" if tp == "A" else "A"
    fld = f"action[{k}].{planned.kind}"

    def ref(text: str | None, players: Sequence[str], breeding: bool) -> StackRef | None:
        if text is None:
            return None
        return _live_ref(scenario, initial, state, text, players, fld, planned.line, breeding)

    kind = cast(Any, planned.kind)
    if planned.kind == "attack":
        t = planned.target or "player"
        target = None if (t.strip().lower() in _PLAYER_WORDS or t.strip() == opp) else ref(t, [opp], False)
        return Action(kind=kind, card=ref(planned.card, [tp], False), target=target, extra=planned.extra)
    return Action(kind=kind, card=ref(planned.card, [tp], True), hand_card=planned.hand_card, cost=planned.cost,
                  extra=planned.extra)


def _answer(scenario: Scenario, state: State, choice: Choice, index: int) -> State:
    """Step ``state`` with scripted ``choice`` (number ``index``); illegal -> ScenarioPlayError at the choice's line."""
    decision = state.decision
    assert decision is not None, "_answer is called only with a decision open"
    labels = list(decision.labels)
    who = _player_name(decision.player)
    if choice.player is not None and choice.player != who:
        raise ScenarioPlayError(
            scenario.path, choice.line, f"choices[{index}]",
            f"this answer is marked for Player {choice.player}, but the open decision is Player {who}'s "
            f"({decision.kind}: {decision.prompt})",
            "for this decision: " + ", ".join(repr(lb) for lb in labels),
        )
    try:
        return eng.step(state, choice.answer)
    except IllegalAnswer as exc:
        raise ScenarioPlayError(
            scenario.path, choice.line, f"choices[{index}]",
            f"{exc} (open decision: {decision.prompt})",
            "one of: " + ", ".join(repr(lb) for lb in labels),
        ) from exc


@dataclass(slots=True)
class _Run:
    """One play in progress: the states so far, scripted choices used, later actions begun."""

    history: list[State]
    used: int = 0
    actions: int = 0


def _drive(
    scenario: Scenario,
    *,
    prefix: Sequence[str] | None = None,
    override: tuple[int, str] | None = None,
) -> _Run:
    """Play ``scenario`` with the engine.

    Decisions are answered in order by ``prefix`` (exact labels replayed from a trace) when given,
    else by the scripted choices. ``override`` = (step index, label) answers the decision open at that
    step with ``label`` instead (raising IndexError if no decision is open there); after it the
    remaining scripted choices are used while they are legal and play stops at the first that is not.
    Later actions (``scenario.then``) begin whenever the previous one is processed and nobody has won;
    after a branch, a later action that no longer fits the board ends the play instead of raising.
    """
    initial, state = _start(scenario)
    run = _Run(history=[state])
    branched = False
    while len(run.history) < MAX_STEPS:
        index = len(run.history) - 1
        if override is not None and not branched and index == override[0]:
            if state.decision is None:
                decisions = [i for i, st in enumerate(run.history) if st.decision is not None]
                raise IndexError(f"step {index} of {scenario.id} is not a decision step"
                                 + (f"; decision steps so far: {decisions}" if decisions else ""))
            state = eng.step(state, override[1])  # IllegalAnswer (naming the rule) propagates
            run.used += 1
            branched = True
        elif state.decision is not None:
            if prefix is not None and not branched and run.used < len(prefix):
                state = eng.step(state, prefix[run.used])
                run.used += 1
            elif run.used < len(scenario.choices) and (prefix is None or branched):
                choice = scenario.choices[run.used]
                if branched:
                    try:
                        state = eng.step(state, choice.answer)
                    except IllegalAnswer:
                        break
                else:
                    state = _answer(scenario, state, choice, run.used)
                run.used += 1
            else:
                break
        elif not state.finished:
            state = eng.step(state)
        elif state.winner is None and run.actions < len(scenario.then):
            planned = scenario.then[run.actions]
            try:
                action = _resolve_planned(scenario, initial, state, planned, run.actions + 1)
                state = _begin(scenario, state, action, planned.line, f"action[{run.actions + 1}]")
            except ScenarioPlayError:
                if branched:  # the learner's answer made the scripted action impossible: stop here
                    break
                raise
            run.actions += 1
        else:
            break
        run.history.append(state)
    else:
        raise RuntimeError(f"{scenario.id}: the engine did not finish within {MAX_STEPS} steps")
    if override is not None and not branched:
        raise IndexError(f"step {override[0]} of {scenario.id} is not reached (the play has {len(run.history)} steps)")
    return run


def _trace(scenario: Scenario, history: Sequence[State]) -> Trace:
    steps = tuple(eng.to_step(history, i) for i in range(len(history)))
    result = eng.to_result(history)
    return Trace(scenario=scenario.id, title=scenario.title, ruleset=scenario.ruleset, steps=steps, result=result)


_TRACE_SOURCES: dict[int, tuple[Trace, Scenario]] = {}
"""Recent traces made by play/branch -> their scenario (by identity), so ``branch(trace, ...)`` uses the
very scenario the trace came from even when two files share an id. Bounded; falls back to the id."""
_TRACE_SOURCES_MAX = 256


def _remember(trace: Trace, scenario: Scenario) -> Trace:
    _TRACE_SOURCES[id(trace)] = (trace, scenario)
    while len(_TRACE_SOURCES) > _TRACE_SOURCES_MAX:
        del _TRACE_SOURCES[next(iter(_TRACE_SOURCES))]
    return trace


def _scenario_of(trace: Trace) -> Scenario:
    hit = _TRACE_SOURCES.get(id(trace))
    if hit is not None and hit[0] is trace:
        return hit[1]
    return _LOADED.get(trace.scenario) or load_scenario(trace.scenario)


def play(scenario: Scenario) -> Trace:
    """Play ``scenario`` with the engine: begin the action, answer decisions with the scripted choices in order.

    Play stops when the engine is finished, or at a decision once the choices have run out
    (``trace.result.stopped_at`` is then set). Raises :class:`ScenarioPlayError` (located at the
    action or the choice) when the engine refuses the action or a choice.
    """
    return _remember(_trace(scenario, _drive(scenario).history), scenario)


def replay(scenario: Scenario, answers: Sequence[str]) -> list[State]:
    """The engine states of ``scenario`` answered with exact option labels ``answers`` in order (the
    scripted choices are not used), later actions begun as usual: ``[first state, ...]`` up to the first
    decision after ``answers`` run out, or the end. For tools that walk the play themselves (what-if
    exploration, quizzes).

    Raises:
        IllegalAnswer: an answer is not legal at its decision.
        ScenarioPlayError: the engine refused the board or an action.
    """
    return _drive(scenario, prefix=list(answers)).history


def _matches(pattern: str, text: str) -> bool:
    return pattern.strip().casefold() in text.casefold()


def _final_board(trace: Trace) -> Any:
    return trace.steps[-1].board if trace.steps else None


def check(scenario: Scenario) -> list[str]:
    """Play ``scenario`` and compare the outcome with its ``expect``; return the differences (empty = pass).

    Each difference is one human-readable line naming the expect field and its line. A refused
    action/choice, unused choices, and a stop at a decision not announced by ``expect.stops_at`` are
    differences too.
    """
    try:
        run = _drive(scenario)
    except ScenarioPlayError as exc:
        return [f"line {exc.line}: {exc.field}: {exc.message}" + (f" (expected: {exc.expected})" if exc.expected else "")]
    trace = _trace(scenario, run.history)
    out = _compare(scenario, trace, run.history[-1], run.used)
    if run.actions < len(scenario.then):
        rest = scenario.then[run.actions:]
        out.append(f"{len(rest)} later action(s) not taken, from line {rest[0].line}: "
                   + ", ".join(a.kind for a in rest) + (" (the game was won)" if trace.result.winner else ""))
    return out


def _compare(scenario: Scenario, trace: Trace, last: State, used: int) -> list[str]:
    e = scenario.expect
    r = trace.result
    out: list[str] = []

    def at(name: str) -> str:
        line = e.line_of(name)
        return f"expect.{name} (line {line})" if line else f"expect.{name}"

    open_decision = last.decision
    if open_decision is not None and not last.finished:
        where = _decision_text(open_decision)
        if e.stops_at is None:
            out.append(f"play stopped at a decision with no scripted choice left: {where}; "
                       "add the answer to choices, or set expect.stops_at if the scenario stops here on purpose")
        else:
            texts = [open_decision.prompt, open_decision.kind, *open_decision.labels]
            if not any(_matches(e.stops_at, t) for t in texts):
                out.append(f"{at('stops_at')}: expected to stop at {e.stops_at!r}, but stopped at {where}")
    elif e.stops_at is not None:
        out.append(f"{at('stops_at')}: expected to stop at {e.stops_at!r}, but play ran to the end")
    if used < len(scenario.choices):
        rest = scenario.choices[used:]
        out.append(f"{len(rest)} scripted choice(s) not used, from line {rest[0].line}: "
                   + ", ".join(repr(c.answer) for c in rest))

    if e.activation_order is not None:
        got = list(r.activation_order)
        want = list(e.activation_order)
        ok = len(got) == len(want) and all(_matches(w, g) for w, g in zip(want, got))
        if not ok:
            out.append(f"{at('activation_order')}: expected {want!r}, got {got!r}")
    if e.deleted is not None:
        remaining = list(r.deleted)
        missing = []
        for number in e.deleted:
            hit = next((d for d in remaining if _matches(number, d)), None)
            if hit is None:
                missing.append(number)
            else:
                remaining.remove(hit)
        if missing or remaining:
            out.append(f"{at('deleted')}: expected {list(e.deleted)!r}, got {list(r.deleted)!r}")
    if e.security is not None:
        got_sec = dict(r.security)
        for p, n in e.security:
            if got_sec.get(p) != n:
                out.append(f"{at('security')}: Player {p}'s Security Stack: expected {n}, got {got_sec.get(p)}")
    if e.memory is not None and r.memory != e.memory:
        out.append(f"{at('memory')}: expected {_memory_text(e.memory)}, got {_memory_text(r.memory)}")
    if e.winner is not None and (r.winner or "") != e.winner:
        out.append(f"{at('winner')}: expected {e.winner or 'no winner'}, got {r.winner or 'no winner'}")

    board = _final_board(trace)
    if board is not None:
        sides = {s.player: s for s in board.sides}
        if e.hand is not None:
            for p, n in e.hand:
                if sides[p].hand_size != n:
                    out.append(f"{at('hand')}: Player {p}'s hand: expected {n} cards, got {sides[p].hand_size}")
        if e.trash is not None:
            for p, want_trash in e.trash:
                got_t = [c.number for c in sides[p].trash]
                if isinstance(want_trash, int):
                    if len(got_t) != want_trash:
                        out.append(f"{at('trash')}: Player {p}'s trash: expected {want_trash} cards, got {len(got_t)}")
                elif sorted(got_t) != sorted(want_trash):
                    out.append(f"{at('trash')}: Player {p}'s trash: expected {sorted(want_trash)!r}, got {sorted(got_t)!r}")
        if e.battle_area is not None:
            for p, tops in e.battle_area:
                got_b = [s.top.number for s in sides[p].battle_area]
                if got_b != list(tops):
                    out.append(f"{at('battle_area')}: Player {p}'s Battle Area: expected {list(tops)!r}, got {got_b!r}")
        if e.suspended is not None:
            for p, number, flag in e.suspended:
                players = [p] if p else ["A", "B"]
                stacks = [s for q in players for s in sides[q].battle_area if s.top.number == number]
                if not stacks:
                    stacks = [s for q in players for s in sides[q].battle_area
                              if number in [c.number for c in s.digivolution_cards]]
                if not stacks:
                    out.append(f"{at('suspended')}: {number} is not in a Battle Area at the end")
                elif len(stacks) > 1 and any(s.suspended != flag for s in stacks):
                    word = "suspended" if flag else "unsuspended"
                    wrong = sum(s.suspended != flag for s in stacks)
                    out.append(f"{at('suspended')}: {number}: expected all {len(stacks)} Digimon with it to be {word}, "
                               f"but {wrong} {'is' if wrong == 1 else 'are'} not (name the stacks with name: to "
                               "check them one by one)")
                elif any(s.suspended != flag for s in stacks):
                    word = "suspended" if flag else "unsuspended"
                    out.append(f"{at('suspended')}: {number}: expected {word}, got "
                               + ("suspended" if stacks[0].suspended else "unsuspended"))
    return out


def branch(scenario_or_trace: Scenario | Trace, step_index: int, label: str) -> Trace:
    """Replay up to the decision at ``step_index``, answer ``label`` there instead, and play on.

    From a :class:`Scenario`, the documented (scripted) choices are replayed; from a ``Trace`` (for
    example one returned by an earlier ``branch``), the choices recorded in its steps are, so a
    learner can branch again further along. After ``label``, the remaining scripted answers are used
    while they are still legal; play stops at the first decision where the next one is not (or none
    is left), leaving that decision open for the learner.

    Raises the engine's ``IllegalAnswer`` (its text names the rule) if ``label`` is not legal there,
    and ``IndexError`` if no decision is open at ``step_index``.
    """
    prefix: list[str] | None = None
    if isinstance(scenario_or_trace, Trace):
        trace = scenario_or_trace
        scenario = _scenario_of(trace)
        prefix = [st.choice for st in trace.steps[:step_index] if st.decision is not None and st.choice is not None]
    else:
        scenario = scenario_or_trace
    run = _drive(scenario, prefix=prefix, override=(step_index, label))
    return _remember(_trace(scenario, run.history), scenario)
