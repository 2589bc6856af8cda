"""Factories of keyword effect data (CR ch.16, Ver.4.2 numbering): one function per keyword, returning the
:class:`~digiteach.effects.Effect` or :class:`~digiteach.effects.Persistent` that carries its rules. The keyword
table :data:`digiteach.keywords.KEYWORDS` names the factory of each keyword; read that module first.

>>> fragment(2).keyword
'Fragment (2)'
"""

from __future__ import annotations

import re
from typing import NamedTuple

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
    PlayCard,
    PreventDeletion,
    Recovery,
    Sel,
    Suspend,
    SwitchTarget,
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
    "raid",
    "fortitude",
    "decoy",
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
    "card_spec",
    "CardSpec",
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
    """<Piercing> (CR 16-7): triggers when this Digimon, attacking, deletes the opponent's Digimon in battle, also
    when it is deleted in the same battle (CR 16-7-2; the check is then skipped, 16-7-6; before CR 4.2 only when it
    survives: ``Ruleset.piercing_needs_surviving_attacker``); activating it sets up one security check just before the
    end of the attack (16-7-4)."""
    return Effect(
        when=When(event="opponent_deleted_in_battle", whose="this", cause="attacking"),
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
        keyword="Blast Digivolve", hand=True,  # {Hand}[Counter]
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


# --- keywords of CR 16-18 and later ----------------------------------------------------------------------------

_END_OF_YOUR_TURN = When(event="end_of_turn", whose="you", kind="any")
"""The trigger of the keywords that work "at the end of your turn" (CR 16-33, 16-38, 16-44)."""


def raid() -> Effect:
    """<Raid> (CR 16-23): an optional trigger on this Digimon's attack; the new target is whichever unsuspended
    opposing Digimon has the most DP, and on a tie its player picks one (16-23-4)."""
    return Effect(
        when=When(event="attacks", whose="this"),
        actions=(SwitchTarget(Sel(who="choose", whose="opponent", suspended=False, highest_dp=True)),),
        optional=True,
        keyword="Raid",
        summary="Redirect the attack to the strongest (by DP) unsuspended opposing Digimon.",
    )


def fortitude() -> Effect:
    """<Fortitude> (CR 16-27): when this Digimon is deleted while it has digivolution cards, its card is played
    from the trash without paying the cost (mandatory, 16-27-3)."""
    return Effect(
        when=When(event="deleted", whose="this", has_digivolution_cards=True),
        actions=(PlayCard(source="this"),),
        keyword="Fortitude",
        summary="Deleted with digivolution cards: play this card again from the trash for free.",
    )


def decoy(spec: str) -> Effect:
    """<Decoy (X)> (CR 16-18): when another of your Digimon matching ``spec`` (colours such as ``Black`` or
    ``Red/Black``, or a trait ``[Bagra Army]``) would be deleted by an opponent's effect, you may delete this
    Digimon; then the other is not deleted (16-18-3)."""
    colors, trait = _decoy_filter(spec)
    return Effect(
        when=When(event="would_be_deleted", whose="you", cause="opponent_effect", kind="Digimon", color=colors,
                  trait=trait),
        actions=(Delete(THIS, cost=True), PreventDeletion(subject=True)),
        optional=True,
        keyword=f"Decoy ({spec})",
        summary=f"Delete this Digimon instead of another {spec} Digimon of yours an opponent's effect would delete.",
    )


def scapegoat() -> Effect:
    """<Scapegoat> (CR 16-32): when this Digimon would be deleted other than by your own effects, you may delete
    another of your Digimon; then this one is not deleted (16-32-3)."""
    return Effect(
        when=When(event="would_be_deleted", whose="this", cause="not_your_effect"),
        condition=Cond("another_digimon"),
        actions=(Delete(Sel(who="choose", whose="you", other=True), cost=True), PreventDeletion()),
        optional=True,
        keyword="Scapegoat",
        summary="Delete another of your Digimon instead of this one.",
    )


def vortex() -> Effect:
    """<Vortex> (CR 16-33): at the end of your turn this Digimon may attack one of the opponent's Digimon, even
    on the turn it was played."""
    return Effect(
        when=_END_OF_YOUR_TURN,
        actions=(MayAttack(only="digimon", placed_this_turn_ok=True),),
        optional=True,
        keyword="Vortex",
        summary="At the end of your turn, this Digimon may attack an opposing Digimon.",
    )


def execute() -> Effect:
    """<Execute> (CR 16-38): at the end of your turn this Digimon may attack, unsuspended Digimon included; at
    the end of that attack it is deleted (pending processing, 16-38-4)."""
    return Effect(
        when=_END_OF_YOUR_TURN,
        actions=(MayAttack(unsuspended_targets=True, delete_at_end=True),),
        optional=True,
        keyword="Execute",
        summary="At the end of your turn, this Digimon may attack (unsuspended Digimon too), then is deleted.",
    )


def engage() -> Effect:
    """<Engage> (CR 16-44): at the end of your turn this Digimon may attack."""
    return Effect(
        when=_END_OF_YOUR_TURN,
        actions=(MayAttack(),),
        optional=True,
        keyword="Engage",
        summary="At the end of your turn, this Digimon may attack.",
    )


def overclock(spec: str) -> Effect:
    """<Overclock ([X] trait)> (CR 16-34): at the end of your turn, by deleting 1 of your Tokens or 1 of your other
    [X] trait Digimon (its player chooses; an optional processing condition, 16-34-3, CR 15-7), this Digimon attacks a
    player without suspending; once the deletion is done the attack is mandatory."""
    trait = _trait(spec)
    if trait is None:
        raise ValueError(f"<Overclock ({spec})>: expected a trait in square brackets, e.g. Overclock ([Puppet] trait)")
    return Effect(
        when=_END_OF_YOUR_TURN,
        actions=(Delete(Sel(who="choose", whose="you", other=True, trait=trait, or_token=True), cost=True),
                 MayAttack(only="player", without_suspending=True)),
        optional=True,
        keyword=f"Overclock ([{trait}] trait)",
        summary="At the end of your turn, delete 1 of your Tokens or other Digimon with the trait named to attack the "
                "player without suspending.",
    )


def iceclad() -> Persistent:
    """<Iceclad> (CR 16-35): its battles against Digimon compare digivolution cards instead of DP (the battle
    handler looks for it)."""
    return _flag("Iceclad", "Battles compare digivolution cards instead of DP.")


def progress() -> Persistent:
    """<Progress> (CR 16-39): while this Digimon attacks, the opponent's effects do not affect it."""
    return _flag("Progress", "The opponent's effects do nothing to it during its attack.")


def decode(spec: str) -> Effect:
    """<Decode (X)> (CR 16-36): an optional immediate effect when this Digimon is about to leave the Battle Area for
    any reason but a battle (deleted, or moved to a hand, deck, Security Stack or trash by an effect): it may play 1
    digivolution card matching ``spec`` (:func:`card_spec`) without paying the cost (CR 15-8-5)."""
    return Effect(
        when=When(event="would_leave", whose="this", cause="not_battle"),
        actions=(_play_from_digivolution_cards(spec, optional=True),),
        optional=True,
        keyword=f"Decode ({spec})",
        summary=f"Before leaving other than by battle, play a {spec} card from under it for free.",
    )


def fragment(amount: int) -> Effect:
    """<Fragment (N)> (CR 16-37): when this Digimon would be deleted, you may trash N of its digivolution cards
    of your choice; then it is not deleted (16-37-3)."""
    return Effect(
        when=When(event="would_be_deleted", whose="this"),
        condition=Cond("digivolution_cards_at_least", n=amount),
        actions=(TrashDigivolutionCards(THIS, amount, position="any", cost=True), PreventDeletion()),
        optional=True,
        keyword=f"Fragment ({amount})",
        summary=f"Trash {amount} of its digivolution cards instead of it being deleted.",
    )


def guard() -> Effect:
    """<Guard> (CR 16-45): when another of your Digimon would leave the Battle Area by an opponent's effect (deleted,
    or moved to a hand, deck, Security Stack or trash), you may delete this Digimon; then the other does not leave."""
    return Effect(
        when=When(event="would_leave", whose="you", cause="opponent_effect"),
        actions=(Delete(THIS, cost=True), PreventDeletion(subject=True)),
        optional=True,
        keyword="Guard",
        summary="Delete this Digimon instead of another of yours an opponent's effect would remove.",
    )


def partition(spec: str) -> Effect:
    """<Partition (X & Y)> (CR 16-29): an optional immediate effect when this Digimon, holding a card of each spec
    among its digivolution cards, is about to leave the Battle Area (deleted, or moved by an effect) through neither a
    battle nor its own player's effects: one of each is played for free, both or none (16-29-4)."""
    parts = [p.strip() for p in re.split(r"\s*[&+]\s*", spec) if p.strip()]
    if len(parts) < 2:
        raise ValueError(f"<Partition ({spec})>: expected two card descriptions joined by '&'")
    return Effect(
        when=When(event="would_leave", whose="this", cause="not_your_effect_or_battle"),
        condition=Cond("digivolution_cards_include", text=" & ".join(parts)),
        actions=tuple(_play_from_digivolution_cards(p) for p in parts),
        optional=True,
        keyword=f"Partition ({spec})",
        summary=f"Before leaving, play one {' and one '.join(parts)} card from under it for free.",
    )


_COLOR_NAMES = ("Red", "Blue", "Yellow", "Green", "Black", "Purple", "White")
_SPEC = re.compile(r"^(?:(?P<colors>[A-Za-z]+(?:/[A-Za-z]+)*)\s*)?(?:Lv\.\s*(?P<level>\d+)(?P<lower>\s+or\s+lower)?)?$",
                   re.IGNORECASE | re.ASCII)


class CardSpec(NamedTuple):
    """A card a keyword names in brackets: ``color`` ("A/B" = either), ``level``, ``max_level`` ("Lv.5 or lower"),
    ``name_contains``."""

    color: str | None = None
    level: int | None = None
    name_contains: str | None = None
    max_level: int | None = None


def card_spec(text: str) -> CardSpec:
    """The card a keyword names in brackets: ``"Blue Lv.4"`` -> colour and level, ``"Green/Black Lv.6"`` -> either
    colour, ``"Lv.5 or lower"`` -> a level at most 5, ``"[Aegiomon]"`` -> a name containing it.

    Raises ``ValueError`` for a description the engine cannot express (e.g. "Lv.4 or lower w/... in name").

    >>> card_spec("blue Lv.4")
    CardSpec(color='Blue', level=4, name_contains=None, max_level=None)
    >>> card_spec("[WarGreymon]").name_contains
    'WarGreymon'
    >>> card_spec("Lv.5 or lower")
    CardSpec(color=None, level=None, name_contains=None, max_level=5)
    """
    text = text.strip()
    name = re.fullmatch(r"\[([^\]]+)\]", text)
    if name:
        return CardSpec(name_contains=name.group(1))
    m = _SPEC.match(text)
    colors = m.group("colors") if m else None
    if m and text and (colors is None or all(c.capitalize() in _COLOR_NAMES for c in colors.split("/"))):
        level = int(m.group("level")) if m.group("level") else None
        lower = bool(m.group("lower"))
        return CardSpec(color="/".join(c.capitalize() for c in colors.split("/")) if colors else None,
                        level=None if lower else level, max_level=level if lower else None)
    raise ValueError(f"card description {text!r} is not one the engine can express: write a colour and level "
                     "('Blue Lv.4', 'Green/Black Lv.6') or a name in brackets ('[Aegiomon]')")


def _trait(spec: str) -> str | None:
    """The trait a keyword names in brackets, ``"[Bagra Army]"`` / ``"[Puppet] trait"`` -> its name; else None."""
    trait = re.fullmatch(r"\[([^\]]+)\](?:\s*trait)?", spec.strip(), re.IGNORECASE)
    return trait.group(1).strip() if trait else None


def _decoy_filter(spec: str) -> tuple[str | None, str | None]:
    """(colours, trait) of a <Decoy> spec: ``"Red/Black"`` or ``"[Bagra Army]"`` / ``"[Xros Heart] trait"``."""
    trait = _trait(spec)
    if trait:
        return None, trait
    out = card_spec(spec)
    if out.color is None or out.level is not None:
        raise ValueError(f"<Decoy ({spec})>: expected colours ('Black', 'Red/Black') or a trait ('[Bagra Army]')")
    return out.color, None


def _play_from_digivolution_cards(spec: str, optional: bool = False) -> PlayCard:
    """Play, for free, a Digimon card matching ``spec`` from this Digimon's digivolution cards (<Decode>,
    <Partition>)."""
    want = card_spec(spec)
    return PlayCard(source="digivolution_cards", kind="Digimon", optional=optional, color=want.color,
                    level=want.level, max_level=want.max_level, name_contains=want.name_contains)
