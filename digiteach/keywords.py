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
from typing import Callable, Literal, NamedTuple

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
    "raid",
    "fortitude",
    "decoy",
    "scapegoat",
    "vortex",
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
    "NOT_MODELLED",
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


# --- keywords of CR 16-18 and later ----------------------------------------------------------------------------

_END_OF_YOUR_TURN = When(event="end_of_turn", whose="you", kind="any")
"""The trigger of the keywords that work "at the end of your turn" (CR 16-33, 16-38, 16-44)."""


def raid() -> Effect:
    """<Raid> (CR 16-23): when this Digimon attacks, you may switch the attack target to the opponent's
    unsuspended Digimon with the highest DP; on a tie its player chooses among them (16-23-4)."""
    return Effect(
        when=When(event="attacks", whose="this"),
        actions=(SwitchTarget(Sel(who="choose", whose="opponent", suspended=False, highest_dp=True)),),
        optional=True,
        keyword="Raid",
        summary="Switch the attack target to the opponent's unsuspended Digimon with the highest DP.",
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
        actions=(MayAttack(targets="digimon"),),
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


def iceclad() -> Persistent:
    """<Iceclad> (CR 16-35): its battles against Digimon compare digivolution cards instead of DP (the battle
    handler looks for it)."""
    return _flag("Iceclad", "Battles compare digivolution cards instead of DP.")


def progress() -> Persistent:
    """<Progress> (CR 16-39): while this Digimon attacks, the opponent's effects do not affect it."""
    return _flag("Progress", "Not affected by the opponent's effects while attacking.")


def decode(spec: str) -> Effect:
    """<Decode (X)> (CR 16-36): when this Digimon would leave the Battle Area other than by a battle, you may play
    1 digivolution card matching ``spec`` (:func:`card_spec`) without paying the cost. The engine's Digimon leave
    the Battle Area by deletion, so it interrupts deletions (CR 15-8-5)."""
    return Effect(
        when=When(event="would_be_deleted", whose="this", cause="not_battle"),
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
    """<Guard> (CR 16-45): when another of your Digimon would leave the Battle Area by an opponent's effect, you
    may delete this Digimon; then the other does not leave. Deletion is the way the engine's Digimon leave."""
    return Effect(
        when=When(event="would_be_deleted", whose="you", cause="opponent_effect"),
        actions=(Delete(THIS, cost=True), PreventDeletion(subject=True)),
        optional=True,
        keyword="Guard",
        summary="Delete this Digimon instead of another of yours an opponent's effect would remove.",
    )


def partition(spec: str) -> Effect:
    """<Partition (X & Y)> (CR 16-29): when this Digimon, with a card of each spec among its digivolution cards,
    would leave the Battle Area other than by your effects or a battle, you may play one of each for free, all or
    none (16-29-4)."""
    parts = [p.strip() for p in re.split(r"\s*[&+]\s*", spec) if p.strip()]
    if len(parts) < 2:
        raise ValueError(f"<Partition ({spec})>: expected two card descriptions joined by '&'")
    return Effect(
        when=When(event="would_be_deleted", whose="this", cause="not_your_effect_or_battle"),
        condition=Cond("digivolution_cards_include", text=" & ".join(parts)),
        actions=tuple(_play_from_digivolution_cards(p) for p in parts),
        optional=True,
        keyword=f"Partition ({spec})",
        summary=f"Before leaving, play one {' and one '.join(parts)} card from under it for free.",
    )


_COLOR_NAMES = ("Red", "Blue", "Yellow", "Green", "Black", "Purple", "White")
_SPEC = re.compile(r"^(?:(?P<colors>[A-Za-z]+(?:/[A-Za-z]+)*)\s*)?(?:Lv\.\s*(?P<level>\d+))?$")


class CardSpec(NamedTuple):
    """A card a keyword names in brackets: ``color`` ("A/B" = either), ``level``, ``name_contains``."""

    color: str | None = None
    level: int | None = None
    name_contains: str | None = None


def card_spec(text: str) -> CardSpec:
    """The card a keyword names in brackets: ``"Blue Lv.4"`` -> colour and level, ``"Green/Black Lv.6"`` -> either
    colour, ``"[Aegiomon]"`` -> a name containing it.

    Raises ``ValueError`` for a description the engine cannot express (e.g. "Lv.4 or lower w/... in name").

    >>> card_spec("blue Lv.4")
    CardSpec(color='Blue', level=4, name_contains=None)
    >>> card_spec("[WarGreymon]").name_contains
    'WarGreymon'
    """
    text = text.strip()
    name = re.fullmatch(r"\[([^\]]+)\]", text)
    if name:
        return CardSpec(name_contains=name.group(1))
    m = _SPEC.match(text)
    colors = m.group("colors") if m else None
    if m and text and (colors is None or all(c.capitalize() in _COLOR_NAMES for c in colors.split("/"))):
        level = m.group("level")
        return CardSpec(color="/".join(c.capitalize() for c in colors.split("/")) if colors else None,
                        level=int(level) if level else None)
    raise ValueError(f"card description {text!r} is not one the engine can express: write a colour and level "
                     "('Blue Lv.4', 'Green/Black Lv.6') or a name in brackets ('[Aegiomon]')")


def _whole(text: str, name: str) -> int:
    """The number in a keyword's brackets, e.g. the 3 of ``Fragment (3)``; ``ValueError`` if it is not one."""
    if not text.isdigit():
        raise ValueError(f"<{name} ({text})>: expected a whole number in the brackets, e.g. {name} (3)")
    return int(text)


def _decoy_filter(spec: str) -> tuple[str | None, str | None]:
    """(colours, trait) of a <Decoy> spec: ``"Red/Black"`` or ``"[Bagra Army]"`` / ``"[Xros Heart] trait"``."""
    trait = re.fullmatch(r"\[([^\]]+)\](?:\s*trait)?", spec.strip(), re.IGNORECASE)
    if trait:
        return None, trait.group(1)
    out = card_spec(spec)
    if out.color is None or out.level is not None:
        raise ValueError(f"<Decoy ({spec})>: expected colours ('Black', 'Red/Black') or a trait ('[Bagra Army]')")
    return out.color, None


def _play_from_digivolution_cards(spec: str, optional: bool = False) -> PlayCard:
    """Play, for free, a Digimon card matching ``spec`` from this Digimon's digivolution cards (<Decode>,
    <Partition>)."""
    want = card_spec(spec)
    return PlayCard(source="digivolution_cards", kind="Digimon", optional=optional, color=want.color,
                    level=want.level, name_contains=want.name_contains)


_TIMING_NAMES = "|".join(re.escape(t.value) for t in Timing)
_LOCK = re.compile(rf"^Can't activate ((?:\[(?:{_TIMING_NAMES})\]\s*/?\s*)+)(?:effects)?$")

_N = re.compile(r"^(?P<name>[A-Za-z.\- ]+?)\s*(?P<n>[+-]?\d+)?(?:\s*\((?P<param>[^()]*(?:\[[^\]]*\][^()]*)*)\))?$")

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
        reason: for a keyword that is not modelled, why not (the cards README lists it).
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
    _absent("Delay", "CR 16-17", "Option cards placed in the Battle Area and trashed there to activate are not "
            "modelled"),
    KeywordSpec("Decoy", "CR 16-18", "effect", True, _bracketed(decoy), text="Decoy (Black) / Decoy ([trait])",
                param=True),
    KeywordSpec("Armor Purge", "CR 16-19", "effect", True, _fixed(armor_purge)),
    _absent("Save", "CR 16-20", "cards placed under a Tamer are not part of the engine's board"),
    _absent("Material Save", "CR 16-21", "DigiXros requirements (CR 7-2) and cards under a Tamer are not modelled",
            text="Material Save N"),
    KeywordSpec("Evade", "CR 16-22", "effect", True, _fixed(evade)),
    KeywordSpec("Raid", "CR 16-23", "effect", True, _fixed(raid)),
    KeywordSpec("Alliance", "CR 16-24", "effect", True, _fixed(alliance)),
    KeywordSpec("Barrier", "CR 16-25", "effect", True, _fixed(barrier)),
    KeywordSpec("Blast Digivolve", "CR 16-26", "effect", False, _fixed(blast_digivolve)),
    KeywordSpec("Fortitude", "CR 16-27", "effect", True, _fixed(fortitude)),
    _absent("Mind Link", "CR 16-28", "moving a Tamer into a Digimon's digivolution cards is not an action yet"),
    KeywordSpec("Partition", "CR 16-29", "effect", True, _bracketed(partition),
                text="Partition (Blue Lv.4 & Green Lv.4)", param=True),
    KeywordSpec("Collision", "CR 16-30", "flag", True, _fixed(collision)),
    _absent("Blast DNA Digivolve", "CR 16-31", "DNA digivolution (CR 8-2) is not modelled", param=True),
    KeywordSpec("Scapegoat", "CR 16-32", "effect", True, _fixed(scapegoat)),
    KeywordSpec("Vortex", "CR 16-33", "effect", True, _fixed(vortex)),
    _absent("Overclock", "CR 16-34", "its cost names Tokens or a trait and its attack is made without suspending; "
            "neither is in the effect language yet", param=True),
    KeywordSpec("Iceclad", "CR 16-35", "flag", True, _fixed(iceclad)),
    KeywordSpec("Decode", "CR 16-36", "effect", True, _bracketed(decode), text="Decode (Blue Lv.4)", param=True),
    KeywordSpec("Fragment", "CR 16-37", "effect", True, lambda n, t, p: fragment(_whole(p, "Fragment")),
                text="Fragment (N)", param=True),
    KeywordSpec("Execute", "CR 16-38", "effect", True, _fixed(execute)),
    KeywordSpec("Progress", "CR 16-39", "flag", True, _fixed(progress)),
    _absent("Link", "CR 16-40", _NO_LINKS, text="Link +N"),
    _absent("Training", "CR 16-41", "placing the deck's top card under a Digimon is not an action yet, and "
            "effects are not activated from the Breeding Area"),
    _absent("Use Req.", "CR 16-42", "the engine does not check an Option's colour requirement through other "
            "cards' effects", param=True),
    _absent("Ascension", "CR 16-43", "there is no action that moves a card from the trash to the Security Stack "
            "yet"),
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

_LOCK_TEXT = "Can't activate [When Digivolving]/[When Attacking] (a gained restriction, not a keyword)"

KEYWORD_NAMES: tuple[str, ...] = tuple(k.written for k in KEYWORDS if k.build is not None) + (_LOCK_TEXT,)
"""Keyword texts :func:`parse_keyword` accepts (``Digi-Burst N`` needs actions: see :func:`digi_burst`)."""

NOT_MODELLED: tuple[KeywordSpec, ...] = tuple(k for k in KEYWORDS if k.kind == "not_modelled")
"""The CR 16 keywords the engine does not model yet, each with its ``reason``."""


def keyword_spec(name: str) -> KeywordSpec | None:
    """The table entry for the keyword ``name`` (or one of its aliases), or None."""
    return _BY_NAME.get(name)


def _refuse(spec: KeywordSpec) -> ValueError:
    if spec.kind == "not_modelled":
        why = f"is not modelled by the engine yet ({spec.reason})"
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
    m = _N.match(text.strip().strip("<>＜＞"))
    spec = keyword_spec(m.group("name").strip()) if m else None
    if spec is not None and spec.build is None:
        raise _refuse(spec)
    n = int(m.group("n")) if m and m.group("n") else None
    param = (m.group("param") or "").strip() if m else ""
    if spec is not None and spec.name == "Recovery" and param == "Deck":
        param = ""
    ok = spec is not None and (n is not None) == (spec.kind == "numeric") and bool(param) == spec.param
    if spec is None or spec.build is None or not ok:
        raise ValueError(f"unknown keyword {text!r}; expected one of: {', '.join(KEYWORD_NAMES)}")
    return (spec.build(n, timing, param),)
