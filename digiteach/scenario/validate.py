"""Validating a scenario's data against ``digiteach/schema/scenario.schema.json``, with located messages.

jsonschema finds what is wrong; :func:`schema_error` turns each error into a :class:`ScenarioError`
naming the line, the field, what is wrong and what would be valid (closest value first).
"""

from __future__ import annotations

import difflib
import json
import re
import sys
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, cast

# jsonschema imports the optional IRI checker ``rfc3987_syntax`` when it is installed (Jupyter brings it),
# which builds a grammar for ~3.5 s on every start (measured with -X importtime). Our schemas use no
# "iri" format, so, unless something has already imported it, mark it unavailable: jsonschema then skips
# that one format checker and the CLI and every lesson start seconds faster.
# jsonschema itself is imported when a file is first validated: with its format checkers' imports it costs
# 0.1-0.4 s, which ``digiteach list`` and a load from the cache (digiteach.diskcache) never need.
from typing import TYPE_CHECKING  # noqa: E402

if TYPE_CHECKING:
    import jsonschema

from digiteach.scenario.model import ScenarioError
from digiteach.scenario.reader import clip, field_path, line_of, short, type_name

@lru_cache(maxsize=1)
def _schema() -> dict[str, Any]:
    text = resources.files("digiteach").joinpath("schema/scenario.schema.json").read_text(encoding="utf-8")
    return cast(dict[str, Any], json.loads(text))


DEF_HINTS = {
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


def _deepest(err: jsonschema.ValidationError, hint: str = "") -> tuple[jsonschema.ValidationError, str]:
    """For oneOf/anyOf, pick the alternative whose type matched the value (its error is the useful one).

    Returns the error and the hint of the nearest named ``$defs`` entry on the way down.
    """
    hint = DEF_HINTS.get(_def_name(err.schema) or "", hint)
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


@dataclass(frozen=True, slots=True)
class _Where:
    """One schema error, located: the file, the ruamel tree, the field path, its line and the form hint."""

    file: str
    root: Any
    path: tuple[str | int, ...]
    line: int | None
    hint: str
    name: str | None

    @property
    def field(self) -> str:
        return field_path(self.path)

    def error(self, message: str, expected: str = "") -> ScenarioError:
        return ScenarioError(self.file, self.line, self.field, message, expected)


def _unknown_key(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    value = err.instance
    allowed = sorted(cast(dict[str, Any], err.schema).get("properties", {}))
    extra = [k for k in value if k not in allowed] if isinstance(value, dict) else []
    key = extra[0] if extra else "?"
    close = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
    kline = line_of(w.root, (*w.path, key), key=True)
    sub = field_path((*w.path, key))
    mean = f"; did you mean {close[0]!r}?" if close else ""
    expected = ("one of: " + ", ".join(allowed)) if allowed else "no other keys here"
    return ScenarioError(w.file, kline, sub, f"unknown key {clip(key)}{mean}", expected)


def _required(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    missing = re.search(r"'([^']+)' is a required property", err.message)
    key = missing.group(1) if missing else str(err.validator_value)
    return ScenarioError(w.file, line_of(w.root, w.path, key=True) if w.path else 1, field_path((*w.path, key)),
                         f"missing required key {key!r}" + (f" in {w.field}" if w.field else ""),
                         "required here: " + ", ".join(cast(list[str], err.validator_value))
                         + (f"; the form is {w.hint}" if w.hint else ""))


def _enum(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    options = [str(o) for o in cast(list[Any], err.validator_value) if o is not None]
    return w.error(f"{clip(err.instance)} is not allowed here", valid_values(str(err.instance), options))


def valid_values(value: str, options: list[str]) -> str:
    """"one of: ..." listing ``options`` with the closest to ``value`` first (difflib's ratio)."""
    ranked = sorted(options, key=lambda o: -difflib.SequenceMatcher(None, value.lower(), o.lower()).ratio())
    return "one of: " + ", ".join(ranked)


def _const(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    return w.error(f"{clip(err.instance)} is not allowed here", f"{err.validator_value!r}")


def _pattern(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    value = err.instance
    upper = str(value).upper().strip()
    card_like = w.name in ("cardNumber", "stackShort") or "[A-Z]{1,5}" in str(err.validator_value)
    if card_like and upper != value and re.fullmatch(str(err.validator_value), upper):
        return w.error(f"{clip(value)} is not written in capitals", f"{upper!r}")
    what = "letters, digits, '-', '_' or '.', starting with a letter or digit (at most 64)" if w.field == "id" else w.hint
    return w.error(f"{clip(value)} is not in the expected form", what or f"text matching {err.validator_value}")


_TYPE_WORDS = {"string": "text", "integer": "a whole number", "boolean": "true or false", "array": "a list",
               "object": "a mapping", "null": "nothing (null)", "number": "a number"}


def _type(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    want: Any = err.validator_value
    wants: list[str] = [str(x) for x in want] if isinstance(want, list) else [str(want)]
    return w.error(f"got {type_name(err.instance)}", w.hint or " or ".join(_TYPE_WORDS.get(x, x) for x in wants))


def _bound(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    bound = "at least" if err.validator == "minimum" else "at most"
    return w.error(f"{clip(err.instance)} is out of range",
                   f"{bound} {err.validator_value}" + (f" ({w.hint})" if w.hint else ""))


def _empty(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    return w.error("is empty", w.hint or "at least one entry")


def _too_many(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    return w.error("has too many keys", w.hint or "fewer keys")


def _too_long(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    size = f"{len(err.instance)} entries" if isinstance(err.instance, list) else f"{len(str(err.instance))} characters"
    unit = "entries" if isinstance(err.instance, list) else "characters"
    return w.error(f"is too long ({size})", f"at most {err.validator_value} {unit}")


def _no_form(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    return w.error(f"{type_name(err.instance)} {short(err.instance)} does not fit any accepted form",
                   w.hint or "see docs/scenario-format.md")


_MESSAGES = {
    "additionalProperties": _unknown_key, "required": _required, "enum": _enum, "const": _const,
    "pattern": _pattern, "type": _type, "minimum": _bound, "maximum": _bound, "minItems": _empty,
    "minProperties": _empty, "minLength": _empty, "maxProperties": _too_many, "maxItems": _too_long,
    "maxLength": _too_long, "oneOf": _no_form, "anyOf": _no_form,
}


def schema_error(err: jsonschema.ValidationError, file: str, root: Any) -> ScenarioError:
    """One jsonschema error as a located :class:`ScenarioError` (the most specific alternative of a oneOf)."""
    err, hint = _deepest(err)
    path = tuple(err.absolute_path)
    name = _def_name(err.schema)
    # An empty value (``title:``) is a null that ruamel places on the next line: point at its key instead.
    line = line_of(root, path, key=err.instance is None and bool(path))
    w = _Where(file, root, path, line, DEF_HINTS.get(name or "", hint), name)
    handler = _MESSAGES.get(str(err.validator))
    return handler(err, w) if handler else w.error(err.message, w.hint)


def validate_schema(data: dict[str, Any], file: str, root: Any) -> None:
    sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
    import jsonschema

    validator = jsonschema.Draft202012Validator(_schema())
    errors = [schema_error(e, file, root) for e in validator.iter_errors(data)]
    if errors:
        errors.sort(key=lambda e: (e.line or 0, e.field))
        raise ScenarioError(errors[0].file, errors[0].line, errors[0].field, errors[0].message,
                            errors[0].expected, others=errors[1:])


# --------------------------------------------------------------------------------------------- cards
