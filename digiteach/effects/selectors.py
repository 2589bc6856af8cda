"""The effect vocabulary below the actions: selectors (which cards, CR 15-10), processing conditions
("if ...", CR 15-6), "when ..." trigger conditions (CR 15-5), and the kinds each may name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = [
    "Whose",
    "Duration",
    "DURATIONS",
    "EVENT_KINDS",
    "CONDITION_KINDS",
    "PERSISTENT_KINDS",
    "Sel",
    "THIS",
    "Cond",
    "When",
]

Whose = Literal["you", "opponent", "any"]
"""Whose cards a selector or trigger looks at, seen from the effect's owner."""

Duration = Literal["turn", "attack", "battle", "opponent_turn_end", "your_turn_end"]
"""How long a modifier lasts: "turn" (for the turn), "attack" (for the attack, CR 16-24), "battle",
"opponent_turn_end" (until the end of the opponent's next turn), "your_turn_end" (until your turn ends)."""

DURATIONS: tuple[str, ...] = ("turn", "attack", "battle", "opponent_turn_end", "your_turn_end")

EVENT_KINDS: tuple[str, ...] = (
    "attacks",  # a Digimon declares an attack (CR 11-2); subject = attacker
    "suspended",  # a Digimon or Tamer becomes suspended
    "unsuspended",  # a Digimon becomes unsuspended
    "deleted",  # a Digimon is deleted (CR 4-15); subject = deleted Digimon
    "would_be_deleted",  # immediate-type (CR 15-8-5): subject would be deleted
    "security_removed",  # a card leaves a Security Stack (CR 13-1-6)
    "deletes_in_battle",  # subject deleted an opponent's Digimon in battle (other = the loser)
    "digivolved",  # a Digimon digivolved
    "digivolution_trashed",  # digivolution cards of subject were trashed
    "blocked",  # subject blocked
    "played",  # subject was played (by an action or an effect, CR 7-1; [On Play] uses the same event)
    "option_used",  # a player used an Option card (player = the user, card = the Option)
    "hand_trashed",  # cards were trashed from a player's hand (player = the hand's owner, by = whose effect)
    "start_of_turn",  # the turn begins (player = the turn player): [Start of Your/Opponent's Turn], CR 6-2-1-1
    "end_of_turn",  # the end-of-turn timing arrives (player = the turn player): [End of Your/Opponent's Turn], CR 6-6
)
"""Event kinds a :class:`When` trigger can name."""

CONDITION_KINDS: tuple[str, ...] = (
    "security_at_most",  # you have n or fewer security cards
    "trash_at_least",  # you have n or more cards in your trash
    "this_suspended",  # this Digimon is suspended
    "opponent_has_digimon_without_digivolution_cards",
    "opponent_has_no_digimon_with_digivolution_cards",
    "another_suspended_digimon",  # you have another suspended Digimon
    "opponent_memory_at_least",  # your opponent has n or more memory (e.g. <Blitz>, CR 16-16)
    "memory_at_most",  # you have n or less memory
    "attacking_player",  # the attack target chosen at declaration is a player (CR 11-2-7-6)
    "attacking_digimon",  # the attack target chosen at declaration is a Digimon
    "attacking_highest_dp",  # the declared target is the opponent's Digimon with the highest DP
    "no_digivolution_cards",  # this Digimon has no digivolution cards
    "deleted_by_effect",  # the triggering deletion was caused by an effect
    "name_contains",  # this Digimon's name contains ``text``
    "security_total_at_most",  # both players' security cards together are n or fewer
    "digivolution_cards_at_least",  # this Digimon has n or more digivolution cards (e.g. <Fragment (N)>, CR 16-37)
    "another_digimon",  # you have another Digimon in the Battle Area (e.g. <Scapegoat>'s cost, CR 16-32)
)
"""Condition kinds a :class:`Cond` can name."""

PERSISTENT_KINDS: tuple[str, ...] = (
    "dp",  # +/- amount DP
    "security_a",  # <Security A. +/-amount>
    "keyword",  # gains keyword ``keyword`` (e.g. "Blocker")
    "cant_be_blocked",
    "cant_attack_or_block",
    "no_opponent_memory_gain",  # the owner's opponent gains memory only through Tamer effects (CR 15-1-3)
    "unaffected_by_opponent_effects",  # the opponent's effects do nothing to this Digimon (CR 15-15-5)
    "no_activation",  # this Digimon's effects with the timings in ``keyword`` ("When Digivolving/When Attacking")
    #                   cannot be activated (they trigger, are not activated and spend no count: CR 15-6-3,
    #                   15-14-1-1, QA Q5373)
)


@dataclass(frozen=True, slots=True)
class Sel:
    """Which card(s) an action works on.

    ``who``: "this" (the Digimon whose effect it is), "subject" (the Digimon named by the trigger event,
    "that Digimon"), "battle_opponent" (the Digimon this one battled), "attacker" (the attacking Digimon),
    "choose" (the effect's player chooses ``count`` cards; ``up_to`` allows fewer, CR 15-10-2), or "all".
    Filters (``max_dp``, ``max_level``, ``suspended``...) narrow "choose" and "all". ``max_dp_this``
    means "DP no higher than this Digimon's own". ``area`` "battle" unless the text names another
    (CR 15-1-7); ``kind`` "Digimon" or "Tamer". ``min_colors``: the top card has at least that many
    colours ("a Digimon with 2 or more colours"). ``highest_dp``: only those with the highest DP among the
    matches (<Raid>, CR 16-23).
    """

    who: Literal["this", "subject", "battle_opponent", "attacker", "choose", "all"] = "choose"
    whose: Whose = "opponent"
    count: int = 1
    up_to: bool = False
    kind: Literal["Digimon", "Tamer"] = "Digimon"
    max_dp: int | None = None
    min_dp: int | None = None
    max_dp_this: bool = False
    max_level: int | None = None
    level: int | None = None
    suspended: bool | None = None
    without_keyword: str | None = None
    has_digivolution_cards: bool | None = None
    other: bool = False
    color: str | None = None
    lowest_level: bool = False
    min_colors: int | None = None
    highest_dp: bool = False


THIS = Sel(who="this")
"""The Digimon the effect belongs to."""


@dataclass(frozen=True, slots=True)
class Cond:
    """A processing condition ("if ...", "while ...", CR 15-6), one of :data:`CONDITION_KINDS`.

    ``n`` is the number the condition compares with; ``negate`` turns it around; ``text`` is used by
    name conditions.
    """

    kind: str
    n: int = 0
    negate: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class When:
    """A "when ..." trigger condition (CR 15-5): an event from :data:`EVENT_KINDS`.

    ``whose`` says whose card the event must concern, seen from the effect's owner: "this" (the Digimon
    holding the effect), "other" (any Digimon but this one), "you", "opponent", "any". Further filters:
    ``target`` for "attacks" ("player" or "digimon"), ``kind`` ("Digimon" / "Tamer"), ``color``,
    ``max_dp`` of the subject, ``cause`` ("battle", "effect", "rule", "alliance", "opponent_effect",
    "not_your_effect": anything but the owner's own effects, "not_battle", "not_your_effect_or_battle")
    and ``by`` ("you": the effect's owner caused it). ``color`` may list alternatives separated by "/".
    ``has_digivolution_cards``: the subject has (True) or has no (False) digivolution cards at that moment
    (<Fortitude>, CR 16-27). ``trait``: the subject's card has one of these traits
    (alternatives separated by "/", e.g. "Xros Heart/Hero").
    """

    event: str
    whose: Literal["this", "other", "you", "opponent", "any"] = "this"
    target: Literal["player", "digimon", "any"] = "any"
    kind: Literal["Digimon", "Tamer", "any"] = "Digimon"
    color: str | None = None
    max_dp: int | None = None
    cause: str | None = None
    by: Literal["you", "opponent", "any"] = "any"
    trait: str | None = None
    has_digivolution_cards: bool | None = None
