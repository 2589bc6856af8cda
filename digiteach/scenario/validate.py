"""Validating a scenario's data against ``digiteach/schema/scenario.schema.json``, with located messages.

jsonschema finds what is wrong; :func:`schema_error` turns each error into a :class:`ScenarioError`
naming the line, the field, what is wrong and what would be valid (closest value first).
"""

from __future__ import annotations

import difflib
import json
import re
import sys
from functools import lru_cache
from importlib import resources
from typing import Any, cast

# jsonschema imports the optional IRI checker ``rfc3987_syntax`` when it is installed (Jupyter brings it),
# which builds a grammar for ~3.5 s on every start (measured with -X importtime). Our schemas use no
# "iri" format, so, unless something has already imported it, mark it unavailable: jsonschema then skips
# that one format checker and the CLI and every lesson start seconds faster.
sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
import jsonschema  # noqa: E402

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


def schema_error(err: jsonschema.ValidationError, file: str, root: Any, parent_schema: Any = None) -> ScenarioError:
    err, hint = _deepest(err)
    path = tuple(err.absolute_path)
    fld = field_path(path)
    value = err.instance
    name = _def_name(err.schema)
    hint = DEF_HINTS.get(name or "", hint)
    line = line_of(root, path)
    v = err.validator
    if v == "additionalProperties" and isinstance(value, dict):
        allowed = sorted(cast(dict[str, Any], err.schema).get("properties", {}))
        extra = [k for k in value if k not in allowed]
        key = extra[0] if extra else "?"
        close = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
        kline = line_of(root, (*path, key), key=True)
        sub = field_path((*path, key))
        if close:
            return ScenarioError(file, kline, sub, f"unknown key {key!r}; did you mean {close[0]!r}?",
                                 "one of: " + ", ".join(allowed))
        if allowed:
            return ScenarioError(file, kline, sub, f"unknown key {key!r}", "one of: " + ", ".join(allowed))
        return ScenarioError(file, kline, sub, f"unknown key {key!r}", "no other keys here")
    if v == "required":
        missing = re.search(r"'([^']+)' is a required property", err.message)
        key = missing.group(1) if missing else str(err.validator_value)
        return ScenarioError(file, line_of(root, path, key=True) if path else 1, field_path((*path, key)),
                             f"missing required key {key!r}" + (f" in {fld}" if fld else ""),
                             "required here: " + ", ".join(cast(list[str], err.validator_value))
                             + (f"; the form is {hint}" if hint else ""))
    if v == "enum":
        opts = ", ".join("null" if o is None else str(o) for o in cast(list[Any], err.validator_value))
        close = difflib.get_close_matches(str(value), [str(o) for o in cast(list[Any], err.validator_value)], n=1)
        mean = f"; did you mean {close[0]!r}?" if close else ""
        return ScenarioError(file, line, fld, f"{clip(value)} is not allowed here{mean}", "one of: " + opts)
    if v == "const":
        return ScenarioError(file, line, fld, f"{clip(value)} is not allowed here", f"{err.validator_value!r}")
    if v == "pattern":
        upper = str(value).upper().strip()
        if (name in ("cardNumber", "stackShort") or "[A-Z]{1,5}" in str(err.validator_value)) and upper != value and re.fullmatch(str(err.validator_value), upper):
            return ScenarioError(file, line, fld, f"{clip(value)} is not written in capitals", f"{upper!r}")
        what = "letters, digits, '-', '_' or '.', starting with a letter or digit (at most 64)" if fld == "id" else hint
        return ScenarioError(file, line, fld, f"{clip(value)} is not in the expected form", what or f"text matching {err.validator_value}")
    if v == "type":
        want: Any = err.validator_value
        wants: list[str] = [str(w) for w in want] if isinstance(want, list) else [str(want)]
        words = {"string": "text", "integer": "a whole number", "boolean": "true or false", "array": "a list",
                 "object": "a mapping", "null": "nothing (null)", "number": "a number"}
        return ScenarioError(file, line, fld, f"got {type_name(value)}",
                             hint or " or ".join(words.get(w, w) for w in wants))
    if v in ("minimum", "maximum"):
        bound = "at least" if v == "minimum" else "at most"
        return ScenarioError(file, line, fld, f"{clip(value)} is out of range",
                             f"{bound} {err.validator_value}" + (f" ({hint})" if hint else ""))
    if v in ("minItems", "minProperties", "minLength"):
        return ScenarioError(file, line, fld, "is empty", hint or "at least one entry")
    if v == "maxProperties":
        return ScenarioError(file, line, fld, "has too many keys", hint or "fewer keys")
    if v in ("oneOf", "anyOf"):
        return ScenarioError(file, line, fld, f"{type_name(value)} {short(value)} does not fit any accepted form",
                             hint or "see docs/scenario-format.md")
    return ScenarioError(file, line, fld, err.message, hint)


def validate_schema(data: dict[str, Any], file: str, root: Any) -> None:
    validator = jsonschema.Draft202012Validator(_schema())
    errors = [schema_error(e, file, root) for e in validator.iter_errors(data)]
    if errors:
        errors.sort(key=lambda e: (e.line or 0, e.field))
        raise ScenarioError(errors[0].file, errors[0].line, errors[0].field, errors[0].message,
                            errors[0].expected, others=errors[1:])


# --------------------------------------------------------------------------------------------- cards
