"""Keyword effects (CR ch.16, Ver.4.2 numbering): one table, :data:`KEYWORDS`, covering every keyword of the
chapter, and the parser of keyword text. The factories of effect data live in :mod:`digiteach.keyword_effects`
and are re-exported here.

Each :class:`KeywordSpec` says a keyword's printed name, its CR section, its kind (a flag the engine asks about,
a keyword with a number, an effect, or not modelled), whether the board shows it, and how its text becomes
effect data. The card loader, :func:`parse_keyword`, the engine's queries, the trace's board view and the
diagrams all read this table; ``terms.Keyword`` lists the same names.

Each factory returns the :class:`~digiteach.effects.Effect` or :class:`~digiteach.effects.Persistent`
that carries the keyword's rules. :func:`parse_keyword` turns printed keyword text such as
``"Security A. +1"`` or ``"Recovery +1 (Deck)"`` into those objects, raising ``ValueError`` for
unknown text.

>>> parse_keyword("Security A. +2")[0].amount
2
>>> parse_keyword("Blocker")[0].keyword
'Blocker'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Literal

from digiteach.effects import Effect, Persistent
from digiteach.i18n import gettext
from digiteach.keyword_placements import ascension, mind_link, save
from digiteach.keyword_effects import (
    activation_lock,
    alliance,
    armor_purge,
    barrier,
    blast_digivolve,
    blitz,
    blocker,
    card_spec,
    CardSpec,
    collision,
    de_digivolve,
    decode,
    decoy,
    digi_burst,
    draw,
    engage,
    evade,
    execute,
    fortitude,
    fragment,
    guard,
    iceclad,
    jamming,
    overclock,
    partition,
    piercing,
    progress,
    raid,
    reboot,
    recovery,
    retaliation,
    rush,
    scapegoat,
    security_attack,
    vortex,
)
from digiteach.keyword_placing import delay, training
from digiteach.terms import Timing

__all__ = [
    "KeywordKind",
    "KeywordSpec",
    "KEYWORDS",
    "keyword_spec",
    "keyword_section",
    "BOARD_KEYWORDS",
    "BOARD_DESCRIBED",
    "blocker",
    "piercing",
    "security_attack",
    "recovery",
    "retaliation",
    "alliance",
    "blitz",
    "jamming",
    "rush",
    "reboot",
    "collision",
    "draw",
    "de_digivolve",
    "evade",
    "armor_purge",
    "barrier",
    "blast_digivolve",
    "digi_burst",
    "activation_lock",
    "raid",
    "fortitude",
    "decoy",
    "delay",
    "training",
    "scapegoat",
    "vortex",
    "overclock",
    "execute",
    "engage",
    "iceclad",
    "progress",
    "decode",
    "fragment",
    "guard",
    "partition",
    "ascension",
    "save",
    "mind_link",
    "card_spec",
    "CardSpec",
    "NOT_MODELLED",
    "parse_keyword",
    "KEYWORD_NAMES",
    "FLAG_KEYWORDS",
]

_TIMING_NAMES = "|".join(re.escape(t.value) for t in Timing)
_LOCK = re.compile(rf"^Can't activate ((?:\[(?:{_TIMING_NAMES})\]\s*/?\s*)+)(?:effects)?$")

_N = re.compile(r"^(?P<name>[A-Za-z.\- ]+?)\s*(?P<n>[+-]?\d+)?(?:\s*\((?P<param>[^()]*(?:\[[^\]]*\][^()]*)*)\))?$", re.ASCII)

KeywordKind = Literal["flag", "numeric", "effect", "not_modelled"]
""""flag": a persistent effect the engine asks about by name (``has_keyword``); "numeric": written with a number
(``Security A. +1``); "effect": a triggered, immediate or activated effect; "not_modelled": named by the rules,
no behaviour in the engine yet (``KeywordSpec.reason`` says why)."""

Builder = Callable[[int | None, Timing | None, str], Effect | Persistent]
"""(the keyword's number or None, the timing written before it or None, the text in brackets after it or "")
-> its effect data."""


@dataclass(frozen=True, slots=True)
class KeywordSpec:
    """One keyword of CR chapter 16.

    Attributes:
        name: the printed name between angle brackets, e.g. ``"Security A."``.
        section: its CR Ver.4.2 section, e.g. ``"CR 16-4"``.
        kind: see :data:`KeywordKind`.
        shown: the board's keyword line shows it while the Digimon has it.
        build: turns the parsed number, timing and bracketed text into effect data; None when the text alone is
            not enough (``Digi-Burst N`` needs its actions: :func:`digi_burst`) or the keyword is not modelled.
        text: how it is written in card data when it takes a number or a bracket, e.g. ``"Security A. +N / -N"``.
        aliases: other accepted spellings of ``name``.
        param: True when the keyword is written with a bracketed description, e.g. ``Decoy (Black)``.
        param_optional: the bracketed description may also be left out (``Mind Link`` / ``Mind Link ([SoC])``).
        reason: for a keyword that is not modelled, why not (the cards README lists it).
        with_actions: for a keyword written with its own trigger and actions (``{keyword: Delay, timing: Main,
            actions: [...]}``), turns the effect those fields describe into the keyword's effect; None otherwise.
    """

    name: str
    section: str
    kind: KeywordKind
    shown: bool
    build: Builder | None
    text: str = ""
    aliases: tuple[str, ...] = ()
    param: bool = False
    reason: str = ""
    param_optional: bool = False
    with_actions: Callable[[Effect], Effect] | None = None

    @property
    def written(self) -> str:
        """How the keyword is written in card data: ``text`` or ``name``."""
        return self.text or self.name


def _numeric(fn: Callable[[int, Timing | None], Effect | Persistent]) -> Builder:
    def build(n: int | None, timing: Timing | None, param: str) -> Effect | Persistent:
        assert n is not None  # parse_keyword checks a numeric keyword has its number
        return fn(n, timing)
    return build


def _fixed(fn: Callable[[], Effect | Persistent]) -> Builder:
    """A builder for a keyword written with no number and no bracket."""
    return lambda n, t, p: fn()


def _bracketed(fn: Callable[[str], Effect | Persistent]) -> Builder:
    """A builder for a keyword written with a bracketed description, e.g. ``Decoy (Black)``."""
    return lambda n, t, p: fn(p)


def _whole(text: str, name: str) -> int:
    """The number in a keyword's brackets, e.g. the 3 of ``Fragment (3)``; ``ValueError`` if it is not one."""
    if not text.isdigit():
        raise ValueError(f"<{name} ({text})>: expected a whole number in the brackets, e.g. {name} (3)")
    return int(text)


def _absent(name: str, section: str, reason: str, param: bool = False, text: str = "") -> KeywordSpec:
    """A keyword the engine does not model yet, with the reason."""
    return KeywordSpec(name, section, "not_modelled", False, None, text=text, param=param, reason=reason)


_NO_LINKS = "link cards (CR 4-9, 10-1) are not part of the engine's board"

KEYWORDS: tuple[KeywordSpec, ...] = (
    KeywordSpec("Security A.", "CR 16-4", "numeric", True, _numeric(lambda n, t: security_attack(n)),
                text="Security A. +N / -N", aliases=("Security Attack",)),
    KeywordSpec("Blocker", "CR 16-5", "flag", True, _fixed(blocker)),
    KeywordSpec("Recovery", "CR 16-6", "numeric", False, _numeric(lambda n, t: recovery(abs(n), t)),
                text="Recovery +N (Deck)"),
    KeywordSpec("Piercing", "CR 16-7", "effect", True, _fixed(piercing)),
    KeywordSpec("Draw", "CR 16-8", "numeric", False, _numeric(draw), text="Draw N"),
    KeywordSpec("Jamming", "CR 16-9", "flag", True, _fixed(jamming)),
    _absent("Digisorption", "CR 16-10", "it lowers a digivolution cost from hand as an immediate effect of the "
            "digivolve action, which has no interruption point yet", text="Digisorption -N"),
    KeywordSpec("Reboot", "CR 16-11", "flag", True, _fixed(reboot)),
    KeywordSpec("De-Digivolve", "CR 16-12", "numeric", False, _numeric(de_digivolve), text="De-Digivolve N"),
    KeywordSpec("Retaliation", "CR 16-13", "effect", True, _fixed(retaliation)),
    KeywordSpec("Digi-Burst", "CR 16-14", "numeric", False, None, text="Digi-Burst N"),
    KeywordSpec("Rush", "CR 16-15", "flag", True, _fixed(rush)),
    KeywordSpec("Blitz", "CR 16-16", "effect", False, lambda n, t, p: blitz(t or Timing.WHEN_DIGIVOLVING)),
    KeywordSpec("Delay", "CR 16-17", "effect", True, None, with_actions=delay),
    KeywordSpec("Decoy", "CR 16-18", "effect", True, _bracketed(decoy), text="Decoy (Black) / Decoy ([trait])",
                param=True),
    KeywordSpec("Armor Purge", "CR 16-19", "effect", True, _fixed(armor_purge)),
    KeywordSpec("Save", "CR 16-20", "effect", True, lambda n, t, p: save(t)),
    _absent("Material Save", "CR 16-21", "DigiXros requirements (CR 7-2) are not modelled",
            text="Material Save N"),
    KeywordSpec("Evade", "CR 16-22", "effect", True, _fixed(evade)),
    KeywordSpec("Raid", "CR 16-23", "effect", True, _fixed(raid)),
    KeywordSpec("Alliance", "CR 16-24", "effect", True, _fixed(alliance)),
    KeywordSpec("Barrier", "CR 16-25", "effect", True, _fixed(barrier)),
    KeywordSpec("Blast Digivolve", "CR 16-26", "effect", False, _fixed(blast_digivolve)),
    KeywordSpec("Fortitude", "CR 16-27", "effect", True, _fixed(fortitude)),
    KeywordSpec("Mind Link", "CR 16-28", "effect", False, lambda n, t, p: mind_link(p, t),
                text="Mind Link / Mind Link ([SoC]/[X Antibody])", param=True, param_optional=True),
    KeywordSpec("Partition", "CR 16-29", "effect", True, _bracketed(partition),
                text="Partition (Blue Lv.4 & Green Lv.4)", param=True),
    KeywordSpec("Collision", "CR 16-30", "flag", True, _fixed(collision)),
    _absent("Blast DNA Digivolve", "CR 16-31", "DNA digivolution (CR 8-2) is not modelled", param=True),
    KeywordSpec("Scapegoat", "CR 16-32", "effect", True, _fixed(scapegoat)),
    KeywordSpec("Vortex", "CR 16-33", "effect", True, _fixed(vortex)),
    KeywordSpec("Overclock", "CR 16-34", "effect", True, _bracketed(overclock), text="Overclock ([Puppet] trait)",
                param=True),
    KeywordSpec("Iceclad", "CR 16-35", "flag", True, _fixed(iceclad)),
    KeywordSpec("Decode", "CR 16-36", "effect", True, _bracketed(decode), text="Decode (Blue Lv.4)", param=True),
    KeywordSpec("Fragment", "CR 16-37", "effect", True, lambda n, t, p: fragment(_whole(p, "Fragment")),
                text="Fragment (N)", param=True),
    KeywordSpec("Execute", "CR 16-38", "effect", True, _fixed(execute)),
    KeywordSpec("Progress", "CR 16-39", "flag", True, _fixed(progress)),
    _absent("Link", "CR 16-40", _NO_LINKS, text="Link +N"),
    KeywordSpec("Training", "CR 16-41", "effect", True, _fixed(training)),
    _absent("Use Req.", "CR 16-42", "the engine does not check an Option's colour requirement through other "
            "cards' effects", param=True),
    KeywordSpec("Ascension", "CR 16-43", "effect", True, _fixed(ascension)),
    KeywordSpec("Engage", "CR 16-44", "effect", True, _fixed(engage)),
    KeywordSpec("Guard", "CR 16-45", "effect", True, _fixed(guard)),
    _absent("Detach", "CR 16-46", _NO_LINKS, param=True),
    _absent("Succession", "CR 16-47", "gaining the effects of a chosen digivolution card is not modelled",
            param=True),
)
"""Every keyword of CR chapter 16, in section order. A new keyword is one entry here (plus its factory and
the rules module whose behaviour it changes)."""

_BY_NAME: dict[str, KeywordSpec] = {n: k for k in KEYWORDS for n in (k.name, *k.aliases)}

FLAG_KEYWORDS: tuple[str, ...] = tuple(k.name for k in KEYWORDS if k.kind == "flag")
"""Keywords that are a flag the engine asks about (``has_keyword``), not triggered effects."""

BOARD_KEYWORDS: tuple[str, ...] = tuple(k.name for k in KEYWORDS if k.shown and k.kind != "numeric")
"""Keywords the board's keyword line names when a Digimon has them (<Security A.> is shown as its sum)."""

BOARD_DESCRIBED: dict[str, int] = {k.name: i for i, k in enumerate(KEYWORDS) if k.shown and k.param}
"""Shown keywords written with a description (``Decoy (Black)``, ``Overclock ([Puppet] trait)``) -> their place in
the table: the board's keyword line names them as the Digimon has them, description included."""

_LOCK_TEXT = "Can't activate [When Digivolving]/[When Attacking] (a gained restriction, not a keyword)"

KEYWORD_NAMES: tuple[str, ...] = tuple(k.written for k in KEYWORDS if k.build is not None) + (_LOCK_TEXT,)
"""Keyword texts :func:`parse_keyword` accepts (``Digi-Burst N`` needs actions: see :func:`digi_burst`)."""

NOT_MODELLED: tuple[KeywordSpec, ...] = tuple(k for k in KEYWORDS if k.kind == "not_modelled")
"""The CR 16 keywords the engine does not model yet, each with its ``reason``."""


def keyword_spec(name: str) -> KeywordSpec | None:
    """The table entry for the keyword ``name`` (or one of its aliases), or None."""
    return _BY_NAME.get(name)


def keyword_section(keyword: str) -> str | None:
    """The CR Ver.4.2 section of a keyword effect's ``keyword`` as an effect records it (its number or description
    included), or None for text that names no keyword of the table.

    >>> keyword_section("Raid"), keyword_section("Decoy (Black)"), keyword_section("Recovery +1")
    ('CR 16-23', 'CR 16-18', 'CR 16-6')
    """
    spec = _split(keyword)[0]
    return None if spec is None else spec.section


def _refuse(spec: KeywordSpec) -> ValueError:
    if spec.kind == "not_modelled":
        why = f"is not modelled by the engine yet ({spec.reason})"
    elif spec.with_actions is not None:
        why = (f"needs its trigger and actions: write {{keyword: {spec.name}, timing: Main, actions: [...]}} or "
               f"{{keyword: {spec.name}, when: {{...}}, actions: [...]}}")
    else:
        why = "needs its actions: write it as a [Main] effect (keywords.digi_burst)"
    return ValueError(f"<{spec.name}> ({spec.section}) {why}; keywords accepted here: {', '.join(KEYWORD_NAMES)}")


def parse_keyword(text: str, timing: Timing | None = None) -> tuple[Effect | Persistent, ...]:
    """Turn printed keyword text (without angle brackets) into effect data, through :data:`KEYWORDS`.

    ``timing`` is used for keywords that are processing at a timing (e.g. "[When Digivolving] <Blitz>").
    Keywords with a bracketed description take it after the name: ``Decoy (Black)``, ``Fragment (3)``.
    Raises ``ValueError`` naming the accepted keywords for unknown text, a missing or unexpected number or
    description, or a keyword the engine does not model.

    >>> parse_keyword("Recovery +1 (Deck)", Timing.ON_DELETION)[0].actions
    (Recovery(amount=1, condition=None),)
    >>> parse_keyword("Fragment (3)")[0].keyword
    'Fragment (3)'
    """
    lock = _LOCK.match(text.strip())
    if lock:
        return (activation_lock(tuple(Timing(t) for t in re.findall(r"\[([^\]]+)\]", lock.group(1)))),)
    lead = re.match(r"^\s*\[([^\]]+)\]\s*(\S.*)$", text)
    if lead and lead.group(1).strip() in {t.value for t in Timing}:
        # a timing written before the keyword, e.g. a gained "[When Digivolving] <Blitz>" (CR 15-13-2)
        return parse_keyword(lead.group(2), Timing(lead.group(1).strip()))
    spec, n, param = _split(text)
    build = _checked(spec, n, param, text)
    return (build(n, timing, param),)


def _checked(spec: KeywordSpec | None, n: int | None, param: str, text: str) -> Builder:
    """The ``build`` of ``spec`` when keyword ``text`` (split into ``spec``, number ``n`` and description ``param``)
    is written as its table entry says.

    Raises:
        ValueError: see :func:`parse_keyword`.
    """
    if spec is not None and spec.build is None:
        raise _refuse(spec)
    if spec is not None and spec.param and not param and not spec.param_optional:
        raise ValueError(f"<{spec.name}> ({spec.section}) is written with a description in round brackets, e.g. "
                         f"{spec.written.split(' / ')[0]}")
    ok = (spec is not None and (n is not None) == (spec.kind == "numeric")
          and (bool(param) == spec.param or (spec.param_optional and not param)))
    if spec is None or spec.build is None or not ok:
        raise ValueError(f"unknown keyword {text!r}; expected one of: {', '.join(KEYWORD_NAMES)}")
    if n is not None and n < 0 and spec.name != "Security A.":
        raise ValueError(gettext("{value} is out of range; expected a whole number {low} or more").format(
            value=n, low=0) + f" (<{spec.text or spec.name}>, {spec.section})")
    return spec.build


def _split(text: str) -> tuple[KeywordSpec | None, int | None, str]:
    """(table entry or None, number or None, bracketed description or "") of keyword text; the "(Deck)" of
    <Recovery> is part of its name, not a description."""
    m = _N.match(text.strip().strip("<>＜＞"))
    if m is None:
        return None, None, ""
    spec = keyword_spec(m.group("name").strip())
    n = int(m.group("n")) if m.group("n") else None
    param = (m.group("param") or "").strip()
    if spec is not None and spec.name == "Recovery" and param == "Deck":
        param = ""
    return spec, n, param
