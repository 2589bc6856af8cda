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

from digiteach.i18n import N_
from digiteach.i18n import gettext as _
from digiteach.scenario.escape import printable
from digiteach.scenario.model import ScenarioError
from digiteach.scenario.reader import clip, field_path, line_of, short, type_name

@lru_cache(maxsize=1)
def _schema() -> dict[str, Any]:
    text = resources.files("digiteach").joinpath("schema/scenario.schema.json").read_text(encoding="utf-8")
    return cast(dict[str, Any], json.loads(text))


DEF_HINTS = {
    "cardNumber": N_("a card number in capitals like 'BT1-081' or 'ST4-08'"),
    "stackShort": N_("a stack written top card first like 'BT1-081 / BT1-079', optionally ending in [S] "
                     "(suspended) or [U]; or the long form {cards: [...], suspended: true, placed_this_turn: false, "
                     "name: ...}"),
    "stackLong": N_("{cards: [...] (top first), suspended: true/false, placed_this_turn: true/false, name: alias}"),
    "stack": N_("'BT1-081 / BT1-079 [S]' or {cards: [...], suspended: true, placed_this_turn: false, name: alias}"),
    "memory": N_("a signed number -10..10 from the turn player's side, or 'A3' / 'B2' / 0"),
    "pile": N_("a list of card numbers (top first) or a count of filler cards"),
    "choice": N_("an answer label (or an unambiguous prefix), optionally as '- B: label' naming the player"),
    "player": N_("A or B"),
    "side": N_("a mapping with battle_area, breeding_area, hand, security, deck, trash, egg_deck"),
    "ref": N_("a card number, an alias given with name:, 'player', or a place like 'B.battle[0]' / 'A.breeding'"),
}
"""What each named form of the schema looks like (English; shown through ``gettext``)."""


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
            one_form = len({e.relative_schema_path[0] for e in same}) == 1  # "" is both empty and blank text
            if one_form or len(best.absolute_path) > len(err.absolute_path):
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
    mean = "; " + _("did you mean {name}?").format(name=repr(close[0])) if close else ""
    expected = _("one of: {values}").format(values=", ".join(allowed)) if allowed else _("no other keys here")
    return ScenarioError(w.file, kline, sub, _("unknown key {key}").format(key=clip(key)) + mean, expected)


def _required(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    missing = re.search(r"'([^']+)' is a required property", err.message)
    key = missing.group(1) if missing else str(err.validator_value)
    missing_text = (_("missing required key {key} in {field}") if w.field else _("missing required key {key}")).format(
        key=repr(key), field=w.field)
    return ScenarioError(w.file, line_of(w.root, w.path, key=True) if w.path else 1, field_path((*w.path, key)),
                         missing_text, _("required here: {keys}").format(keys=", ".join(cast(list[str], err.validator_value)))
                         + ("; " + _("the form is {form}").format(form=w.hint) if w.hint else ""))


def _enum(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    options = [str(o) for o in cast(list[Any], err.validator_value) if o is not None]
    return w.error(_("{value} is not allowed here").format(value=clip(err.instance)),
                   valid_values(str(err.instance), options))


def valid_values(value: str, options: list[str]) -> str:
    """"one of: ..." listing ``options`` with the closest to ``value`` first (difflib's ratio)."""
    ranked = sorted(options, key=lambda o: -difflib.SequenceMatcher(None, value.lower(), o.lower()).ratio())
    return _("one of: {values}").format(values=", ".join(ranked))


def _const(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    return w.error(_("{value} is not allowed here").format(value=clip(err.instance)), f"{err.validator_value!r}")


BLANK = "\\S"
"""The schema's pattern for text that must not be empty or spaces alone (wherever empty text is refused: a title,
a ``source``, an ``activation_order`` or ``offered`` entry, which matches by part of a label, so that ``" "`` would
match every label)."""


def _pattern(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    value = err.instance
    upper = str(value).upper().strip()
    card_like = w.name in ("cardNumber", "stackShort") or "[A-Z]{1,5}" in str(err.validator_value)
    if card_like and upper != value and re.fullmatch(str(err.validator_value), upper):
        return w.error(_("{value} is not written in capitals").format(value=clip(value)), f"{upper!r}")
    memory = _schema()["$defs"]["memory"]["oneOf"][1]["pattern"]  # 'A3' / 'B2': a form right, a value too big
    if err.validator_value == memory and isinstance(value, str) and re.fullmatch(r"\s*[AB]\s*[1-9][0-9]*\s*", value):
        return w.error(_("{value} is out of range").format(value=clip(value)),
                       _("A0..A10 or B0..B10 (as a signed number from the turn player's side: -10..10)"))
    if err.validator_value == BLANK and w.field != "expect.effects":  # text of spaces alone matches every label
        return w.error(_("is empty") if value == "" else _("{value} holds only spaces").format(value=clip(value)),
                       _("some words (text of spaces alone is as empty as no text)"))
    if w.field == "id":
        what = _("letters, digits, '-', '_' or '.', starting with a letter or digit (at most 64)")
    elif w.field == "expect.effects":
        what = _("a part of an effect's label, e.g. 'Piercing' or 'When Attacking' (not empty)")
    elif w.field.endswith(".name"):
        what = _("an alias of letters (of any alphabet: 'Ätk', 'ω'), digits, spaces, '_', \"'\" or '-', starting with a "
                 "letter or '_' (at most 40)")
    else:
        what = w.hint
    return w.error(_("{value} is not in the expected form").format(value=clip(value)),
                   what or _("text matching {pattern}").format(pattern=err.validator_value))


_TYPE_WORDS = {"string": N_("text"), "integer": N_("a whole number"), "boolean": N_("true or false"),
               "array": N_("a list"), "object": N_("a mapping"), "null": N_("nothing (null)"), "number": N_("a number")}


def _type(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    want: Any = err.validator_value
    wants: list[str] = [str(x) for x in want] if isinstance(want, list) else [str(want)]
    message = _("got {kind}").format(kind=type_name(err.instance))
    dashed = [k for k in err.instance if isinstance(k, str) and k.startswith("-")] if isinstance(err.instance, dict) else []
    if "array" in wants and dashed:  # "-B: Block" reads as the key "-B": a list item needs a space after its dash
        message += " " + _("({key} reads as a key: a list item needs a space after its dash, as in '- {rest}: ...')").format(
            key=clip(dashed[0]), rest=printable(dashed[0][1:].strip()[:40]))
    return w.error(message, w.hint or _(" or ").join(_(_TYPE_WORDS[x]) if x in _TYPE_WORDS else x for x in wants))


def _bound(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    bound = _("at least {limit}") if err.validator == "minimum" else _("at most {limit}")
    return w.error(_("{value} is out of range").format(value=clip(err.instance)),
                   bound.format(limit=err.validator_value) + (f" ({w.hint})" if w.hint else ""))


def _empty(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    limit = err.validator_value
    if err.validator == "minItems" and isinstance(limit, int) and limit > 1:  # say the real minimum
        size = len(err.instance) if isinstance(err.instance, list) else 0
        message = (_("is empty") if size == 0 else _("has only one entry") if size == 1
                   else _("has only {size} entries").format(size=size))
        if ".activation_order[" in w.field:
            return w.error(message, _("a group (a list inside the list) of at least {limit} effects that may activate "
                                      "in any order; write a single effect without brackets").format(limit=limit))
        return w.error(message, w.hint or _("at least {limit} entries").format(limit=limit))
    return w.error(_("is empty"), w.hint or _("at least one entry"))


def _too_many(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    return w.error(_("has too many keys"), w.hint or _("fewer keys"))


def _too_long(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    value = err.instance
    entries = isinstance(value, list)
    size = len(value) if isinstance(value, list) else len(str(value))
    return w.error((_("is too long ({size} entries)") if entries else _("is too long ({size} characters)")).format(size=size),
                   (_("at most {limit} entries") if entries else _("at most {limit} characters")).format(
                       limit=err.validator_value))


def _no_form(err: jsonschema.ValidationError, w: _Where) -> ScenarioError:
    return w.error(_("{kind} {value} does not fit any accepted form").format(
                   kind=type_name(err.instance), value=short(err.instance)), w.hint or _("see docs/scenario-format.md"))


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
    form = DEF_HINTS.get(name or "", hint)
    w = _Where(file, root, path, line, _(form) if form else "", name)
    handler = _MESSAGES.get(str(err.validator))
    return handler(err, w) if handler else w.error(err.message, w.hint)


def validate_schema(data: dict[str, Any], file: str, root: Any) -> None:
    sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
    import jsonschema

    validator = jsonschema.Draft202012Validator(_schema())
    errors = [schema_error(e, file, root) for e in validator.iter_errors(data)
              if not (e.validator == "pattern" and e.validator_value == BLANK and e.instance == "")]  # minLength's
    if errors:
        errors.sort(key=lambda e: (e.line or 0, e.field))
        raise ScenarioError(errors[0].file, errors[0].line, errors[0].field, errors[0].message,
                            errors[0].expected, others=errors[1:])


# --------------------------------------------------------------------------------------------- cards
