"""The scenario model: what a loaded scenario says, and the errors that locate a problem in its file.

Frozen dataclasses (:class:`Scenario`, :class:`Choice`, :class:`PlannedAction`, :class:`Expect`), the
exceptions :class:`ScenarioError` and :class:`ScenarioPlayError`, and the small vocabulary every other
part of :mod:`digiteach.scenario` shares: places (``A.battle[0]``), memory text (``A3``/``B2``) and the
default filler card.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Literal

from digiteach import i18n
from digiteach.scenario.escape import clip_text, printable
from digiteach.setup import Action, Setup, StackRef

ACTION_KINDS = frozenset({"attack", "digivolve", "play", "use", "activate", "pass", "end_turn", "start_turn"})
"""Opening action kinds a scenario can name (they map one to one onto ``setup.Action.kind``)."""

DEFAULT_RULESET = "CR 4.2"
DEFAULT_FILLER = "FILL-0"
"""Card used when a pile is given as a count (``hand: 4``) and ``setup.filler`` names none: a neutral
Option card with no effects (``board.FILLER_CARD``), so a filler never decides an outcome."""

MAX_STEPS = 5000
"""Bound on the engine steps of one play or branch: effects that loop without end (CR 18-3-1) stop there with a
located error instead of hanging ``digiteach check``. The bundled scenarios need fewer than 100; each step of such
a loop adds a record to the state's log, so a higher bound costs memory that grows with its square."""

MAX_MESSAGE = 600
"""Longest message an error prints (values inside are clipped to about 200 characters before this)."""
MAX_EXPECTED = 1500
"""Longest "expected" text an error prints (e.g. the legal labels of a decision)."""

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
        file = printable(clip_text(self.file))
        where = file if self.line is None else f"{file}:{self.line}"
        whole_file = i18n.gettext("(file)")
        text = f"{where}: {printable(clip_text(self.field)) or whole_file}: {printable(clip_text(self.message, MAX_MESSAGE))}"
        if self.expected:
            text += "\n    " + i18n.gettext("expected:") + f" {printable(clip_text(self.expected, MAX_EXPECTED))}"
        return text

    def all(self) -> tuple[ScenarioError, ...]:
        """This error followed by the other errors found in the same file."""
        return (self, *self.others)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.file, self.line, self.field, self.message, self.expected, self.others))


_TOLD_IN: ContextVar[str | None] = ContextVar("digiteach_scenario_told_in", default=None)


@contextmanager
def played_in_english(lang: str | None = None) -> Iterator[None]:
    """Play inside the block in English (scripted choices, ``expect`` and wiki notes name English labels and
    captions), while :func:`told` still writes the errors met on the way in ``lang`` (default: the language in
    force when the block is entered)."""
    token = _TOLD_IN.set(i18n.current() if lang is None else i18n.normalize(lang))
    try:
        with i18n.language("en"):
            yield
    finally:
        _TOLD_IN.reset(token)


def told() -> Any:
    """A block writing in the language the reader chose (inside :func:`played_in_english`; else the one in force):
    where a play error's message is made. The labels and prompts it quotes stay as played."""
    return i18n.language(_TOLD_IN.get())


class ScenarioPlayError(ScenarioError):
    """The engine refused a scripted step: the opening action (``IllegalAction``) or a choice (``IllegalAnswer``).

    Both are invalid input (``digiteach check`` and ``trace`` exit 2). ``trace``, when set, is the play
    up to the refused step (a ``views.Trace``), so an author can see where the play went.
    """

    trace: Any = None


# --------------------------------------------------------------------------------------------- data


@dataclass(frozen=True, slots=True)
class Choice:
    """One scripted answer: ``answer`` is a decision label, an unambiguous prefix or part of one, or the alias of the
    Digimon one label names (:func:`digiteach.scenario.documented.option_label`).

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
    ``more`` holds the other keys (``dp``, ``deck``, ``revealed``, ``effects``, ...; see
    ``docs/scenario-format.md``) as (key, JSON text of the value as written). ``lines`` maps each given field name to its line for messages.
    """

    activation_order: tuple[str | tuple[str, ...], ...] | None = None  # a tuple: these in any order
    deleted: tuple[str, ...] | None = None
    security: tuple[tuple[str, Any], ...] | None = None  # count, or a pile (see outcome.PILES)
    hand: tuple[tuple[str, Any], ...] | None = None
    memory: int | None = None
    suspended: tuple[tuple[str, str, bool], ...] | None = None  # (player or "", card number, suspended)
    trash: tuple[tuple[str, Any], ...] | None = None
    battle_area: tuple[tuple[str, tuple[str, ...]], ...] | None = None
    winner: str | None = None
    stops_at: str | None = None
    more: tuple[tuple[str, str], ...] = ()
    lines: tuple[tuple[str, int], ...] = field(default=(), compare=False)

    def line_of(self, name: str) -> int | None:
        """Line of expect field ``name`` in the file, if given."""
        return dict(self.lines).get(name)


NoteKind = Literal["wiki_notes", "step_notes"]
"""The two kinds of note a scenario shows beside one step, named by their key in the file."""

NOTE_KINDS: tuple[NoteKind, ...] = ("wiki_notes", "step_notes")
"""The kinds of step note, each shown in its own :class:`digiteach.views.Step` field: ``wiki_notes`` (where the
wiki's text differs from CR 4.2) in ``differs``, beside the engine's own wiki-vs-CR notes, under "wiki vs CR";
``step_notes`` (a judge's own note: the official Q&A or ruling that governs the step, a reminder) in ``note``, under
"Note"."""


@dataclass(frozen=True, slots=True)
class StepNote:
    """A note shown beside one step: the first step whose caption contains ``at``. Which list of the scenario holds
    it (``Scenario.wiki_notes`` or ``Scenario.step_notes``) is its kind, and says where it is shown
    (:data:`NOTE_KINDS`). ``line`` is the line of ``at`` in the file."""

    at: str
    note: str
    line: int | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Translation:
    """A scenario's own words in another language (``translations: {de: {title, notes, wiki_notes, step_notes}}``):
    shown instead of the written ``title``, ``notes`` and step notes when that language is in force. Empty fields (or
    a language with no translation) fall back to the written text. ``wiki_notes`` and ``step_notes`` have one entry
    per note of that kind in the file, in the same order."""

    title: str = ""
    notes: str = ""
    wiki_notes: tuple[str, ...] = ()
    step_notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Scenario:
    """A loaded, validated scenario.

    ``setup`` and ``action`` are what the engine starts from; ``then`` the further actions taken once
    the previous one is processed (e.g. attack, then pass: ruling R53); ``choices`` the scripted answers in
    order (across all actions); ``expect`` the outcome to check. ``cards`` are inline card objects (from
    ``digiteach.cards.card_from_dict``) that extend the card library for this scenario only.
    ``wiki_notes`` are wiki-vs-CR notes and ``step_notes`` a judge's own notes, each shown at the step it concerns
    (:class:`StepNote`). ``translations`` hold the title, notes and step notes in other languages (:meth:`title_in`,
    :meth:`notes_in`, :meth:`note_in`).
    ``aliases`` maps the ``name:`` of a stack to its place; ``filler`` is the card a pile given as a count holds.
    ``path`` is the file it came from (as given, for messages); ``action_line`` the line of ``action``. Locations (path, lines) do not take
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
    wiki_notes: tuple[StepNote, ...] = ()
    step_notes: tuple[StepNote, ...] = ()
    ruleset: str = DEFAULT_RULESET
    cards: tuple[Any, ...] = ()
    translations: tuple[tuple[str, Translation], ...] = ()
    aliases: tuple[tuple[str, StackRef], ...] = ()
    filler: str = DEFAULT_FILLER
    path: str = field(default="", compare=False)
    action_line: int | None = field(default=None, compare=False)

    def _translation(self, lang: str | None) -> Translation:
        code = i18n.current() if lang is None else i18n.normalize(lang)
        return dict(self.translations).get(code, _NO_TRANSLATION)

    def title_in(self, lang: str | None = None) -> str:
        """The title in ``lang`` (default: the language in force), else the written title."""
        return self._translation(lang).title or self.title

    def notes_in(self, lang: str | None = None) -> str:
        """The notes in ``lang`` (default: the language in force), else the written notes."""
        return self._translation(lang).notes or self.notes

    def notes_of(self, kind: NoteKind) -> tuple[StepNote, ...]:
        """The step notes of ``kind`` (``"wiki_notes"`` or ``"step_notes"``), in the file's order."""
        return self.wiki_notes if kind == "wiki_notes" else self.step_notes

    def note_in(self, kind: NoteKind, k: int, lang: str | None = None) -> str:
        """The text of step note ``k`` (0-based) of ``kind`` in ``lang`` (default: the language in force), else as
        written.

        Raises:
            IndexError: the scenario has no note ``k`` of that kind.
        """
        translation = self._translation(lang)
        texts = translation.wiki_notes if kind == "wiki_notes" else translation.step_notes
        return texts[k] if k < len(texts) and texts[k] else self.notes_of(kind)[k].note

    @property
    def answers(self) -> tuple[str, ...]:
        """The scripted answers as plain labels/prefixes."""
        return tuple(c.answer for c in self.choices)


_NO_TRANSLATION = Translation()

CARD_NUMBER = re.compile(r"[A-Z]{1,5}[0-9]{0,3}-[0-9]{1,4}")
"""A card number as printed: ``BT1-081``, ``ST4-08``, ``P-077`` (use with ``fullmatch``)."""

PLACE = re.compile(r"^\s*([AB])\s*\.\s*(battle|battle_area|breeding|breeding_area)\s*(?:\[\s*(\d+)\s*\])?\s*$", re.ASCII)
MEMORY_TEXT = re.compile(r"^\s*(?:([AB])\s*(\d+)|0)\s*$", re.ASCII)
PLAYER_WORDS = {"player", "opponent", "the opponent", "opponent player"}


def memory_from_text(value: int | str, turn_player: str) -> int:
    """Return memory signed from ``turn_player``'s side (CR 1-4-2) from ``3`` / ``-2`` / ``"A3"`` / ``"B2"`` / ``0``.

    Raises ValueError for anything else.

    >>> memory_from_text("B2", "A"), memory_from_text("B2", "B"), memory_from_text(-1, "A"), memory_from_text("0", "B")
    (-2, 2, -1, 0)
    """
    if isinstance(value, bool):
        raise ValueError(i18n.gettext("memory {value} is not a number").format(value=repr(value)))
    if isinstance(value, int):
        if not -10 <= value <= 10:
            raise ValueError(i18n.gettext("memory {value} is outside -10..10").format(value=value))
        return value
    m = MEMORY_TEXT.match(value)
    if not m:
        raise ValueError(i18n.gettext("memory {value} is not in the form 'A3', 'B2' or 0").format(value=repr(value)))
    if m.group(1) is None:
        return 0
    amount = int(m.group(2))
    if amount > 10:
        raise ValueError(i18n.gettext("memory {value} is above 10").format(value=repr(value)))
    return amount if m.group(1) == turn_player else -amount


def memory_text(signed_from_a: int) -> str:
    if signed_from_a == 0:
        return "0"
    return f"A{signed_from_a}" if signed_from_a > 0 else f"B{-signed_from_a}"


def place_text(ref: StackRef) -> str:
    return f"{ref.player}.breeding" if ref.area == "breeding" else f"{ref.player}.battle[{ref.index}]"
