"""Keyword effects (CR ch.16, Ver.4.2 numbering) as factories of effect data.

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

KEYWORD_NAMES: tuple[str, ...] = (
    "Blocker",
    "Piercing",
    "Security A. +N / -N",
    "Recovery +N (Deck)",
    "Retaliation",
    "Alliance",
    "Blitz",
    "Jamming",
    "Rush",
    "Reboot",
    "Collision",
    "Draw N",
    "De-Digivolve N",
    "Evade",
    "Armor Purge",
    "Barrier",
    "Blast Digivolve",
    "Can't activate [When Digivolving]/[When Attacking] (a gained restriction, not a keyword)",
)
"""Keyword texts :func:`parse_keyword` accepts (``Digi-Burst N`` needs actions: see :func:`digi_burst`)."""

FLAG_KEYWORDS: tuple[str, ...] = ("Blocker", "Jamming", "Rush", "Collision", "Reboot")
"""Keywords that are a flag the engine asks about (``has_keyword``), not triggered effects."""


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


def parse_keyword(text: str, timing: Timing | None = None) -> tuple[Effect | Persistent, ...]:
    """Turn printed keyword text (without angle brackets) into effect data.

    ``timing`` is used for keywords that are processing at a timing (e.g. "[When Digivolving] <Blitz>").
    Raises ``ValueError`` naming the accepted keywords for unknown text.

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
    if not m:
        raise ValueError(f"unknown keyword {text!r}; expected one of: {', '.join(KEYWORD_NAMES)}")
    name = m.group("name").strip()
    n = int(m.group("n")) if m.group("n") else None
    simple = {
        "Blocker": blocker,
        "Jamming": jamming,
        "Rush": rush,
        "Collision": collision,
        "Reboot": reboot,
    }
    if name in simple and n is None:
        return (simple[name](),)
    if name in ("Security A.", "Security Attack") and n is not None:
        return (security_attack(n),)
    if name == "Piercing" and n is None:
        return (piercing(),)
    if name == "Retaliation" and n is None:
        return (retaliation(),)
    if name == "Alliance" and n is None:
        return (alliance(),)
    if name == "Blitz" and n is None:
        return (blitz(timing or Timing.WHEN_DIGIVOLVING),)
    if name == "Evade" and n is None:
        return (evade(),)
    if name == "Armor Purge" and n is None:
        return (armor_purge(),)
    if name == "Barrier" and n is None:
        return (barrier(),)
    if name == "Blast Digivolve" and n is None:
        return (blast_digivolve(),)
    if name == "Recovery" and n is not None:
        return (recovery(abs(n), timing),)
    if name == "Draw" and n is not None:
        return (draw(n, timing),)
    if name == "De-Digivolve" and n is not None:
        return (de_digivolve(n, timing),)
    raise ValueError(f"unknown keyword {text!r}; expected one of: {', '.join(KEYWORD_NAMES)}")
