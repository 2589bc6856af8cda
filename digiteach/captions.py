"""Filling the caption catalogue's templates (CR Ver.4.2) in the language in force.

The templates themselves, every caption, prompt, option label and word with the rule numbers it cites, are one table
in :mod:`digiteach.caption_catalogue` (a judge reads them all there; the German catalogue in ``digiteach/locale``
translates them by key). Captions are written with ``edits.tell(s, key, **fields)``, prompts and option labels with
:func:`text`.

Terms: effects triggering at one moment are *simultaneous triggering* (CR 15-4-3), one *generation* here; a newer
generation triggered while an older one resolves is *derived triggering* (CR 15-4-5) and activates first.

>>> text("battle.tie")
'Equal DP: both lose the battle.'
>>> rules("battle.tie")
('CR 14-2-1-3',)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import itemgetter
from string import Formatter

from digiteach import i18n
from digiteach.caption_catalogue import CAPTIONS, Caption

__all__ = ["Caption", "CAPTIONS", "Templates", "BY_LANGUAGE", "text", "fill", "compile_template", "lead", "rules", "keyword_key", "player_name",
           "memory_move"]


def compile_template(template: str) -> Callable[[Mapping[str, object]], str]:
    """A function filling ``template`` from a mapping, as ``template.format_map`` does but without parsing the
    template on every call: a template whose placeholders are all plain names (``{player}``, no format spec or
    conversion) has each name's value shown as ``str()`` shows it (the same words as ``format`` for the strings and
    integers captions hold, and as a ``%s`` shows it); one or two names are joined to the words around them with
    ``+`` (a third of the cost of a ``%``-template, the engine's most frequent captions), more fill a
    ``%``-template; any other template keeps ``format_map``.

    >>> compile_template("{player} has {memory} memory (100%).")({"player": "Player A", "memory": 3, "unused": 0})
    'Player A has 3 memory (100%).'
    >>> compile_template("{a}, {b} and {c} (50%)")({"a": 1, "b": "two", "c": None})
    '1, two and None (50%)'

    Raises (the function returned):
        KeyError: a placeholder of the template has no value in the mapping.
    """
    parts = list(Formatter().parse(template))
    if any(name is not None and (not name.isidentifier() or spec or conversion) for _, name, spec, conversion in parts):
        return template.format_map
    names = tuple(name for _, name, _, _ in parts if name is not None)
    words = [""]  # the words before each name, and after the last one
    for literal, name, _, _ in parts:
        words[-1] += literal
        if name is not None:
            words.append("")
    if not names:
        text = words[0]
        return lambda fields: text
    if len(names) == 1:
        name, before, after = names[0], words[0], words[1]
        return lambda fields: before + str(fields[name]) + after
    if len(names) == 2:
        first, second = names
        before, between, after = words
        return lambda fields: before + str(fields[first]) + between + str(fields[second]) + after
    pattern = "%s".join(w.replace("%", "%%") for w in words)
    values = itemgetter(*names)
    return lambda fields: pattern % values(fields)


class Templates(dict[str, Callable[[Mapping[str, object]], str]]):
    """The caption templates of one language, compiled on first use: key -> the translated template's filling
    function (:func:`compile_template`; the catalogue is asked once per key and language, not once per caption).
    Bounded by the keys of :data:`CAPTIONS` (an unknown key raises KeyError and is not stored); the catalogues never
    change once read (:func:`digiteach.i18n.catalogue` reads each ``.mo`` once), so an entry never goes stale."""

    __slots__ = ("lang", "players", "leads")

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang
        self.players: tuple[str, str] | None = None  # "Player A", "Player B" in this language
        self.leads: dict[str, str] = {}  # key -> the words before its first placeholder

    def __missing__(self, key: str) -> Callable[[Mapping[str, object]], str]:
        filled = self[key] = compile_template(i18n.catalogue(self.lang).pgettext(key, CAPTIONS[key].template))
        return filled


BY_LANGUAGE: dict[str, Templates] = {lang: Templates(lang) for lang in i18n.LANGUAGES}
"""The compiled templates per language (:data:`digiteach.i18n.LANGUAGES`: ``current()`` names no other):
``BY_LANGUAGE[i18n.current()][key](fields)`` is :func:`fill`, for a caller that fills many captions (``Edit.tell``,
one call layer fewer). Filled only through :class:`Templates`' own lookups, never stale (see there)."""


def text(key: str, **fields: object) -> str:
    """The template ``key`` filled with ``fields`` (named placeholders, ``str.format``), in the language in force
    (:func:`digiteach.i18n.current`; the catalogue translates the template, the fields are filled in as given).

    Raises:
        KeyError: ``key`` is not in :data:`CAPTIONS`, or a placeholder of the template has no field.
    """
    return BY_LANGUAGE[i18n.current()][key](fields)


def fill(key: str, fields: Mapping[str, object]) -> str:
    """:func:`text` with the fields given as one mapping (``fill(key, {"player": ...})``), for a caller that already
    holds them in a dict (``edits.tell``).

    Raises:
        KeyError: ``key`` is not in :data:`CAPTIONS`, or a placeholder of the template has no field.
    """
    return BY_LANGUAGE[i18n.current()][key](fields)


def lead(key: str) -> str:
    """The words of template ``key`` before its first placeholder, in the language in force: ``"Activate "`` for
    ``"pending.label"`` (so a label can be read back without its verb in any language)."""
    templates = BY_LANGUAGE[i18n.current()]
    words = templates.leads.get(key)
    if words is None:
        template = i18n.catalogue(templates.lang).pgettext(key, CAPTIONS[key].template)
        words = templates.leads[key] = template.split("{", 1)[0]
    return words


def rules(key: str) -> tuple[str, ...]:
    """The rule numbers the template ``key`` cites, e.g. ``("CR 14-2-1-3", "CR 14-2-2")``.

    Raises:
        KeyError: ``key`` is not in :data:`CAPTIONS`.
    """
    return CAPTIONS[key].rules


def keyword_key(effect_name: str, moment: str) -> str | None:
    """The template a keyword effect adds at ``moment`` ("triggers", "may", "offered", "activates", "used",
    "by_effect"), e.g. ``keyword_key("<Piercing>", "triggers") == "keyword.piercing.triggers"``; None when the
    keyword's rule adds nothing there (or ``effect_name`` is not a keyword). A description in round brackets is not
    part of the key (``<Overclock ([Puppet] trait)>`` -> ``keyword.overclock.*``).

    >>> keyword_key("<Blitz>", "may")
    'keyword.blitz.may'
    >>> keyword_key("[On Deletion]", "may") is None
    True
    """
    if not (effect_name.startswith("<") and effect_name.endswith(">")):
        return None
    key = f"keyword.{effect_name[1:-1].split(' (', 1)[0].lower()}.{moment}"
    return key if key in CAPTIONS else None


def player_name(player: int) -> str:
    """``"Player A"`` / ``"Player B"`` for player 0 / 1 (``"Spieler A"`` in German); both names are filled once per
    language."""
    templates = BY_LANGUAGE[i18n.current()]
    names = templates.players
    if names is None:
        fill_in = templates["word.player"]
        names = templates.players = (fill_in({"letter": "A"}), fill_in({"letter": "B"}))
    return names[player]


def memory_move(before_a: int, after_a: int) -> str:
    """The memory gauge's move in words, each value naming the side's owner: ``"(3 on Player A's side → 1 on
    Player B's side)"``. ``before_a`` and ``after_a`` are signed from Player A's side (CR 1-4-2)."""
    sides = ("0" if v == 0 else text("word.memory_side", amount=abs(v), player=player_name(0 if v > 0 else 1))
             for v in (before_a, after_a))
    return "({} → {})".format(*sides)
