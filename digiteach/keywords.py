"""Keyword effects (CR ch.16, Ver.4.2 numbering): one table, :data:`KEYWORDS`, and factories of effect data.

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

from digiteach.effects import (
    THIS,
    Alliance,
    BlastDigivolve,
    Cond,
    DeDigivolve,
    Delete,
    Draw,
    Effect,
    MayAttack,
    Persistent,
    PiercingCheck,
    PreventDeletion,
    Recovery,
    Sel,
    Suspend,
    TrashDigivolutionCards,
    TrashSecurity,
    When,
)
from digiteach.terms import Timing

__all__ = [
    "KeywordKind",
    "KeywordSpec",
    "KEYWORDS",
    "keyword_spec",
    "BOARD_KEYWORDS",
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
    "parse_keyword",
    "KEYWORD_NAMES",
    "FLAG_KEYWORDS",
]

def _flag(name: str, summary: str) -> Persistent:
    return Persistent(kind="keyword", keyword=name, summary=summary)


def blocker() -> Persistent:
    """<Blocker> (CR 16-5): a persistent effect; it lets this Digimon block in the block timing."""
    return _flag("Blocker", "Can block in the block timing.")


def jamming() -> Persistent:
    """<Jamming> (CR 16-9): not deleted by losing a battle against a Security Digimon."""
    return _flag("Jamming", "Not deleted by losing a battle with a Security Digimon.")


def rush() -> Persistent:
    """<Rush> (CR 16-15): may attack on the turn it was placed."""
    return _flag("Rush", "Can attack on the turn it was placed.")


def reboot() -> Persistent:
    """<Reboot> (CR 16-11): this Digimon also unsuspends in the opponent's unsuspend phase (the engine's unsuspend
    phase looks for it)."""
    return _flag("Reboot", "Also stands up in the opponent's unsuspend phase.")


def collision() -> Persistent:
    """<Collision> (CR 16-30): while it attacks, the opponent's Digimon gain <Blocker> and must block."""
    return _flag("Collision", "While attacking, the opponent must block if able.")


def security_attack(amount: int) -> Persistent:
    """<Security A. +N/-N> (CR 16-4): changes how many cards one security check covers."""
    sign = "+" if amount >= 0 else "-"
    return Persistent(kind="security_a", amount=amount, summary=f"Checks {sign}{abs(amount)} security card(s).")


def piercing() -> Effect:
    """<Piercing> (CR 16-7): triggers when this Digimon, attacking, deletes the opponent's Digimon in
    battle; activating it sets up one security check just before the end of the attack (16-7-4)."""
    return Effect(
        when=When(event="deletes_in_battle", whose="this", cause="attacking"),
        actions=(PiercingCheck(),),
        keyword="Piercing",
        summary="Set up a security check just before the attack ends.",
    )


def retaliation() -> Effect:
    """<Retaliation> (CR 16-13): when only this Digimon is deleted in battle, delete the Digimon it
    battled (an effect deletion). Never on a tie (16-13-2)."""
    return Effect(
        when=When(event="deleted", whose="this", cause="battle_alone"),
        actions=(Delete(Sel(who="battle_opponent")),),
        keyword="Retaliation",
        summary="Delete the Digimon that won the battle against it.",
    )


def alliance() -> Effect:
    """<Alliance> (CR 16-24): when this Digimon attacks, you may suspend another of your Digimon:
    until the attack ends this one adds that Digimon's DP and has <Security A. +1>."""
    return Effect(
        when=When(event="attacks", whose="this"),
        actions=(Alliance(),),
        optional=True,
        keyword="Alliance",
        summary="Suspend another of your Digimon to add its DP and 1 extra check for the attack.",
    )


def blitz(timing: Timing = Timing.WHEN_DIGIVOLVING) -> Effect:
    """<Blitz> (CR 16-16): while the memory gauge stands on the opponent's side (1 or more), this Digimon
    may attack."""
    return Effect(
        timing=timing,
        condition=Cond("opponent_memory_at_least", n=1),
        actions=(MayAttack(),),
        optional=True,
        keyword="Blitz",
        summary="This Digimon may attack, provided the opponent holds at least 1 memory.",
    )


def recovery(amount: int, timing: Timing | None = None) -> Effect:
    """<Recovery +N (Deck)> (CR 16-6) as an effect at ``timing``."""
    return Effect(
        timing=timing,
        actions=(Recovery(amount),),
        keyword=f"Recovery +{amount}",
        summary=f"Put the top {amount} deck card(s) on top of your Security Stack.",
    )


def draw(amount: int, timing: Timing | None = None) -> Effect:
    """<Draw N> (CR 16-8) as an effect at ``timing``."""
    return Effect(timing=timing, actions=(Draw(amount),), keyword=f"Draw {amount}", summary=f"Draw {amount}.")


def de_digivolve(amount: int, timing: Timing | None = None) -> Effect:
    """<De-Digivolve N> (CR 16-12) on 1 of the opponent's Digimon, as an effect at ``timing``."""
    return Effect(
        timing=timing,
        actions=(DeDigivolve(Sel(who="choose", whose="opponent"), amount),),
        keyword=f"De-Digivolve {amount}",
        summary=f"Trash up to {amount} card(s) from the top of 1 of the opponent's Digimon.",
    )


def evade() -> Effect:
    """<Evade> (CR 16-22): when this Digimon would be deleted, you may suspend it to prevent that."""
    return Effect(
        when=When(event="would_be_deleted", whose="this"),
        actions=(Suspend(THIS, cost=True), PreventDeletion()),
        condition=Cond("this_suspended", negate=True),
        optional=True,
        keyword="Evade",
        summary="Suspend this Digimon instead of it being deleted.",
    )


def armor_purge() -> Effect:
    """<Armor Purge> (CR 16-19): when this Digimon would be deleted, you may trash its top card instead."""
    return Effect(
        when=When(event="would_be_deleted", whose="this"),
        actions=(TrashDigivolutionCards(THIS, 1, position="top_card", cost=True), PreventDeletion()),
        condition=Cond("no_digivolution_cards", negate=True),
        optional=True,
        keyword="Armor Purge",
        summary="Trash this Digimon's top card instead of it being deleted.",
    )


def barrier() -> Effect:
    """<Barrier> (CR 16-25): when this Digimon would be deleted in battle, you may trash your top
    security card instead."""
    return Effect(
        when=When(event="would_be_deleted", whose="this", cause="battle"),
        actions=(TrashSecurity("you", 1, cost=True), PreventDeletion()),
        condition=Cond("security_at_most", n=0, negate=True),
        optional=True,
        keyword="Barrier",
        summary="Trash your top security card instead of this Digimon being deleted in battle.",
    )


def blast_digivolve() -> Effect:
    """<Blast Digivolve> (CR 16-26): {Hand}[Counter] a Digimon of yours may digivolve into this card
    without paying (requirements checked when used)."""
    return Effect(
        timing=Timing.COUNTER,
        actions=(BlastDigivolve(),),
        optional=True,
        keyword="Blast Digivolve",
        summary="A Digimon of yours may digivolve into this card from your hand without paying.",
    )


def digi_burst(amount: int, then: tuple[object, ...], summary: str) -> Effect:
    """<Digi-Burst N> (CR 16-14): a [Main] effect; by trashing N of this Digimon's digivolution cards,
    do ``then`` (a tuple of actions). Trashing is not deletion (CR 4-16-3)."""
    from digiteach.effects import EffectAction  # noqa: F401  (type documented above)

    actions = (TrashDigivolutionCards(THIS, amount, position="any", cost=True),) + tuple(then)
    return Effect(
        timing=Timing.MAIN,
        actions=actions,  # type: ignore[arg-type]
        optional=True,
        keyword=f"Digi-Burst {amount}",
        summary=summary,
    )


def activation_lock(timings: tuple[Timing, ...]) -> Persistent:
    """Not a keyword: a gained restriction "this Digimon can't activate [X] effects" (e.g. BT23-094 Nanomachine
    Break, written ``Can't activate [When Digivolving]/[When Attacking]`` in ``gained:`` and ``grant_keyword``).
    The effects still trigger, are not activated and spend no [X Per Turn] count (CR 15-6-3, 15-14-1-1)."""
    return Persistent(kind="no_activation", keyword="/".join(t.value for t in timings),
                      summary="Can't activate " + "/".join(f"[{t.value}]" for t in timings) + " effects.")


_TIMING_NAMES = "|".join(re.escape(t.value) for t in Timing)
_LOCK = re.compile(rf"^Can't activate ((?:\[(?:{_TIMING_NAMES})\]\s*/?\s*)+)(?:effects)?$")

_N = re.compile(r"^(?P<name>[A-Za-z.\- ]+?)\s*(?P<n>[+-]?\d+)?(?:\s*\(Deck\))?$")

KeywordKind = Literal["flag", "numeric", "effect", "not_modelled"]
""""flag": a persistent effect the engine asks about by name (``has_keyword``); "numeric": written with a number
(``Security A. +1``); "effect": a triggered, immediate or activated effect; "not_modelled": named by the rules,
no behaviour in the engine yet."""

Builder = Callable[[int | None, Timing | None], Effect | Persistent]
"""(the keyword's number or None, the timing written before it or None) -> its effect data."""


@dataclass(frozen=True, slots=True)
class KeywordSpec:
    """One keyword of CR chapter 16.

    Attributes:
        name: the printed name between angle brackets, e.g. ``"Security A."``.
        section: its CR Ver.4.2 section, e.g. ``"CR 16-4"``.
        kind: see :data:`KeywordKind`.
        shown: the board's keyword line shows it while the Digimon has it.
        build: turns the parsed number and timing into effect data; None when the text alone is not
            enough (``Digi-Burst N`` needs its actions: :func:`digi_burst`) or the keyword is not modelled.
        text: how it is written in card data when it takes a number, e.g. ``"Security A. +N / -N"``.
        aliases: other accepted spellings of ``name``.
    """

    name: str
    section: str
    kind: KeywordKind
    shown: bool
    build: Builder | None
    text: str = ""
    aliases: tuple[str, ...] = ()

    @property
    def written(self) -> str:
        """How the keyword is written in card data: ``text`` or ``name``."""
        return self.text or self.name


def _numeric(fn: Callable[[int, Timing | None], Effect | Persistent]) -> Builder:
    def build(n: int | None, timing: Timing | None) -> Effect | Persistent:
        assert n is not None  # parse_keyword checks a numeric keyword has its number
        return fn(n, timing)
    return build


KEYWORDS: tuple[KeywordSpec, ...] = (
    KeywordSpec("Security A.", "CR 16-4", "numeric", True, _numeric(lambda n, t: security_attack(n)),
                text="Security A. +N / -N", aliases=("Security Attack",)),
    KeywordSpec("Blocker", "CR 16-5", "flag", True, lambda n, t: blocker()),
    KeywordSpec("Recovery", "CR 16-6", "numeric", False, _numeric(lambda n, t: recovery(abs(n), t)),
                text="Recovery +N (Deck)"),
    KeywordSpec("Piercing", "CR 16-7", "effect", True, lambda n, t: piercing()),
    KeywordSpec("Draw", "CR 16-8", "numeric", False, _numeric(draw), text="Draw N"),
    KeywordSpec("Jamming", "CR 16-9", "flag", True, lambda n, t: jamming()),
    KeywordSpec("Reboot", "CR 16-11", "flag", True, lambda n, t: reboot()),
    KeywordSpec("De-Digivolve", "CR 16-12", "numeric", False, _numeric(de_digivolve), text="De-Digivolve N"),
    KeywordSpec("Retaliation", "CR 16-13", "effect", True, lambda n, t: retaliation()),
    KeywordSpec("Digi-Burst", "CR 16-14", "numeric", False, None, text="Digi-Burst N"),
    KeywordSpec("Rush", "CR 16-15", "flag", True, lambda n, t: rush()),
    KeywordSpec("Blitz", "CR 16-16", "effect", False, lambda n, t: blitz(t or Timing.WHEN_DIGIVOLVING)),
    KeywordSpec("Delay", "CR 16-17", "not_modelled", False, None),
    KeywordSpec("Armor Purge", "CR 16-19", "effect", True, lambda n, t: armor_purge()),
    KeywordSpec("Evade", "CR 16-22", "effect", True, lambda n, t: evade()),
    KeywordSpec("Raid", "CR 16-23", "not_modelled", False, None),
    KeywordSpec("Alliance", "CR 16-24", "effect", True, lambda n, t: alliance()),
    KeywordSpec("Barrier", "CR 16-25", "effect", True, lambda n, t: barrier()),
    KeywordSpec("Blast Digivolve", "CR 16-26", "effect", False, lambda n, t: blast_digivolve()),
    KeywordSpec("Collision", "CR 16-30", "flag", True, lambda n, t: collision()),
)
"""Every keyword the project names, in CR section order. A new keyword is one entry here (plus its factory and
the rules module whose behaviour it changes)."""

_BY_NAME: dict[str, KeywordSpec] = {n: k for k in KEYWORDS for n in (k.name, *k.aliases)}

FLAG_KEYWORDS: tuple[str, ...] = tuple(k.name for k in KEYWORDS if k.kind == "flag")
"""Keywords that are a flag the engine asks about (``has_keyword``), not triggered effects."""

BOARD_KEYWORDS: tuple[str, ...] = tuple(k.name for k in KEYWORDS if k.shown and k.kind != "numeric")
"""Keywords the board's keyword line names when a Digimon has them (<Security A.> is shown as its sum)."""

_LOCK_TEXT = "Can't activate [When Digivolving]/[When Attacking] (a gained restriction, not a keyword)"

KEYWORD_NAMES: tuple[str, ...] = tuple(k.written for k in KEYWORDS if k.build is not None) + (_LOCK_TEXT,)
"""Keyword texts :func:`parse_keyword` accepts (``Digi-Burst N`` needs actions: see :func:`digi_burst`)."""


def keyword_spec(name: str) -> KeywordSpec | None:
    """The table entry for the keyword ``name`` (or one of its aliases), or None."""
    return _BY_NAME.get(name)


def parse_keyword(text: str, timing: Timing | None = None) -> tuple[Effect | Persistent, ...]:
    """Turn printed keyword text (without angle brackets) into effect data, through :data:`KEYWORDS`.

    ``timing`` is used for keywords that are processing at a timing (e.g. "[When Digivolving] <Blitz>").
    Raises ``ValueError`` naming the accepted keywords for unknown text, a missing or unexpected number, or a
    keyword the engine does not model.

    >>> parse_keyword("Recovery +1 (Deck)", Timing.ON_DELETION)[0].actions
    (Recovery(amount=1, condition=None),)
    """
    lock = _LOCK.match(text.strip())
    if lock:
        return (activation_lock(tuple(Timing(t) for t in re.findall(r"\[([^\]]+)\]", lock.group(1)))),)
    lead = re.match(r"^\s*\[([^\]]+)\]\s*(\S.*)$", text)
    if lead and lead.group(1).strip() in {t.value for t in Timing}:
        # a timing written before the keyword, e.g. a gained "[When Digivolving] <Blitz>" (CR 15-13-2)
        return parse_keyword(lead.group(2), Timing(lead.group(1).strip()))
    m = _N.match(text.strip().strip("<>＜＞"))
    spec = keyword_spec(m.group("name").strip()) if m else None
    n = int(m.group("n")) if m and m.group("n") else None
    if spec is not None and spec.build is None:
        why = "is not modelled by the engine yet" if spec.kind == "not_modelled" else \
            "needs its actions: write it as a [Main] effect (keywords.digi_burst)"
        raise ValueError(f"<{spec.name}> ({spec.section}) {why}; keywords accepted here: {', '.join(KEYWORD_NAMES)}")
    build = spec.build if spec is not None and (n is not None) == (spec.kind == "numeric") else None
    if build is None:
        raise ValueError(f"unknown keyword {text!r}; expected one of: {', '.join(KEYWORD_NAMES)}")
    return (build(n, timing),)
