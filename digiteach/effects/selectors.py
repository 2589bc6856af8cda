"""The effect vocabulary below the actions: selectors (which cards, CR 15-10), processing conditions
("if ...", CR 15-6), "when ..." trigger conditions (CR 15-5), and the kinds each may name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = [
    "CAUSES",
    "NOT_CAUSES",
    "Whose",
    "Kind",
    "AREAS",
    "WHO",
    "CardFilter",
    "Duration",
    "DURATIONS",
    "EVENT_KINDS",
    "REMOVAL_EVENTS",
    "DIGIMON_EVENTS",
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
"""How long an action's change lasts: "turn" (for the turn), "attack" (for the attack, CR 16-24), "battle" (for
the battle), "opponent_turn_end" (until the end of the opponent's next turn), "your_turn_end" (until your turn
ends). "While a condition holds" is a persistent effect with a ``condition`` (CR 15-8-2)."""

DURATIONS: dict[str, str] = {
    "turn": "for the turn",
    "attack": "for the attack",
    "battle": "for the battle",
    "opponent_turn_end": "until the end of the opponent's next turn",
    "your_turn_end": "until the end of its player's turn",
}
"""Each duration word -> how captions say it (CR 16-24 for "attack")."""

NOT_CAUSES: dict[str, tuple[str, ...]] = {
    "not_your_effect": ("your_effect",),
    "not_battle": ("battle", "battle_alone"),
    "not_your_effect_or_battle": ("your_effect", "battle", "battle_alone"),
}
"""Causes written as "other than by ..." (CR 16-32, 16-36, 16-29): trigger cause -> the causes it excludes
("your_effect": an effect of the effect's owner)."""

CAUSES: tuple[str, ...] = ("battle", "battle_alone", "attacking", "effect", "opponent_effect", "rule", "alliance",
                           "attack", "block", "check", "digiburst", "trash") + tuple(NOT_CAUSES)
"""Values of ``When.cause``: what deleted or moved the subject ("attacking" is <Piercing>'s "deletes in battle while
attacking"), plus the "other than by ..." causes of :data:`NOT_CAUSES`. The loader accepts exactly these."""

EVENT_KINDS: dict[str, str] = {
    "attacks": "a Digimon declares an attack (CR 11-2); the event is the attacker's",
    "suspended": "a Digimon or Tamer becomes suspended",
    "unsuspended": "a Digimon becomes unsuspended",
    "deleted": "a Digimon is deleted (CR 4-15); the deleted Digimon's",
    "would_be_deleted": "a Digimon would be deleted: an immediate effect that may replace it (CR 15-8-5)",
    "would_leave": "a Digimon would leave the Battle Area: deleted, or moved by an effect to a hand, deck, Security "
                   "Stack or trash; an immediate effect that may act first or replace it (CR 15-8-5; <Decode> 16-36, "
                   "<Partition> 16-29, <Guard> 16-45)",
    "security_removed": "a card leaves a Security Stack (CR 13-1-6); the stack owner's",
    "deletes_in_battle": "this Digimon deleted its battle opponent and survived; the winner's",
    "opponent_deleted_in_battle": "this Digimon's battle deleted its opponent, also when both were deleted (<Piercing>, "
                                  "CR 16-7-2; before CR 4.2 only for a survivor); the Digimon's whose opponent it was",
    "wins_battle": "a Digimon wins a battle on DP (CR 14-2-1), whether or not the loser is then deleted; the winner's",
    "digivolved": "a Digimon digivolved (CR 8-1)",
    "digivolution_trashed": "digivolution cards of a Digimon were trashed (cause digiburst: by <Digi-Burst>)",
    "blocked": "a Digimon blocked (CR 12-1-7); the blocker's",
    "is_blocked": "an attacking Digimon was blocked (the same moment as blocked); the attacker's",
    "played": "a Digimon or Tamer was played (CR 7-1; [On Play] is the same event)",
    "option_used": "a player used an Option card; the user's",
    "hand_trashed": "cards were trashed from a hand; the hand owner's",
    "start_of_turn": "the turn begins (CR 6-2-1-1); the turn player's",
    "start_of_main_phase": "the main phase begins (CR 15-16-13); the turn player's",
    "end_of_turn": "the end-of-turn timing arrives (CR 6-6); the turn player's",
    "end_of_attack": "the attack ends (CR 11-6): [End of Attack]; the attacker's (other cards' effects watch it too, "
                     "also once the attacker has left)",
}
"""Event kinds a :class:`When` trigger can name -> what happened and whose event it is (``whose`` is read
against that player or Digimon)."""

DIGIMON_EVENTS: frozenset[str] = frozenset({"attacks", "end_of_attack", "blocked", "is_blocked", "digivolved",
                                            "deletes_in_battle", "opponent_deleted_in_battle", "wins_battle"})
"""The event kinds that only ever concern a Digimon: only a Digimon attacks (CR 11-2), blocks (CR 12-1-7),
digivolves (CR 8-1) or battles (CR 14-1). A Tamer's own effect that waits for one of them about itself
(``whose: this``) would never trigger, and the card reader refuses it."""

REMOVAL_EVENTS: frozenset[str] = frozenset({"deleted", "deletes_in_battle", "opponent_deleted_in_battle",
                                            "security_removed", "digivolution_trashed", "hand_trashed"})
"""The event kinds in which a card is removed from an area: an effect they trigger reads its processing conditions
in the state it triggered in (CR 15-8-3-9-4), any other effect in the state it activates in (CR 15-8-3-9-3)."""

CONDITION_KINDS: dict[str, str] = {
    "security_at_most": "you have n or fewer security cards",
    "security_at_least": "you have n or more security cards",
    "security_fewer_than_opponent": "you have fewer security cards than your opponent",
    "security_total_at_most": "both players' security cards together are n or fewer",
    "trash_at_least": "you have n or more cards in your trash",
    "trash_at_most": "you have n or fewer cards in your trash",
    "hand_at_least": "you have n or more cards in hand",
    "hand_at_most": "you have n or fewer cards in hand",
    "memory_at_least": "you have n or more memory",
    "memory_at_most": "you have n or less memory",
    "opponent_memory_at_least": "your opponent has n or more memory (e.g. <Blitz>, CR 16-16)",
    "opponent_memory_at_most": "your opponent has n or less memory (memory on your side counts as 0 for them)",
    "your_turn": "it is your turn",
    "opponent_turn": "it is your opponent's turn",
    "this_suspended": "this Digimon is suspended",
    "no_digivolution_cards": "this Digimon has no digivolution cards",
    "dp_at_least": "this Digimon has n DP or more",
    "name_contains": "this Digimon's name contains text",
    "another_suspended_digimon": "you have another suspended Digimon",
    "opponent_has_digimon_without_digivolution_cards": "an opposing Digimon has no digivolution cards",
    "opponent_has_no_digimon_with_digivolution_cards": "none of the opposing Digimon has digivolution cards",
    "attacking_player": "the attack target chosen at declaration is a player (CR 11-2-7-6)",
    "attacking_digimon": "the attack target chosen at declaration is a Digimon",
    "attacking_highest_dp": "the declared target is the opponent's Digimon with the highest DP",
    "deleted_by_effect": "the triggering deletion was caused by an effect",
    "deleted_by_keyword": "the triggering deletion was made by an effect of the keyword named in text (\"if deleted "
                          "by <Overclock>\": text Overclock; QA Q5914)",
    "digivolution_cards_at_least": "this Digimon has n or more digivolution cards (e.g. <Fragment (N)>, CR 16-37)",
    "another_digimon": "you have another Digimon in the Battle Area (e.g. <Scapegoat>'s cost, CR 16-32)",
    "digivolution_cards_include": "this Digimon's digivolution cards hold a different card for each description "
                                  "in text joined by ' & ' (<Partition>, CR 16-29-1)",
    "exists": "at least n (at least 1) cards match target, a selector",
    "count_at_most": "at most n cards match target",
    "previous_done": "the previous action (or the one at position action) was done: 'if you did' (CR 15-7); it "
                     "must name an earlier action of its list (not on the first; action 1 to its own position - 1)",
}
"""Condition kinds a :class:`Cond` can name -> when the condition holds."""

PERSISTENT_KINDS: dict[str, str] = {
    "dp": "+/- amount DP",
    "security_a": "<Security A. +/-amount>",
    "keyword": "has the keyword named in keyword",
    "cant_be_blocked": "can't be blocked",
    "cant_attack": "can't attack",
    "cant_block": "can't block",
    "cant_attack_or_block": "can't attack or block",
    "cant_suspend": "can't suspend: nothing suspends it (CR 1-3-2); it can't attack (CR 11-2-5) except without "
                    "suspending (QA Q3185) and can't block (CR 12-1-4)",
    "cant_be_deleted": "can't be deleted (cause: effect / opponent_effect / battle limits it; CR 15-8-5)",
    "no_opponent_memory_gain": "the opponent gains memory only through Tamer effects (CR 15-1-3)",
    "unaffected_by_opponent_effects": "the opponent's effects do nothing to it (CR 15-15-5)",
    "no_activation": "its effects with the timings in keyword (\"When Digivolving/When Attacking\") trigger but "
                     "are not activated and spend no count (CR 15-6-3, 15-14-1-1, QA Q5373)",
}
"""Persistent effect kinds (CR 15-8-2) -> what the card (or every card its ``target`` takes) gets."""


Kind = Literal["Digimon", "Tamer", "Option", "Digi-Egg", "any"]
"""A card type a filter may ask for; "any" takes every type."""

AREAS: tuple[str, ...] = ("battle", "hand", "trash", "security", "deck", "digivolution_cards", "breeding")
"""Where a selector looks: the Battle Area (the default; stacks are chosen by their top card, CR 15-1-7), a
player's hand, trash, Security Stack or deck, the digivolution cards of this Digimon, the Breeding Area."""

WHO: tuple[str, ...] = ("choose", "all", "this", "this_card", "subject", "battle_opponent", "attacker",
                        "attack_target", "previous")
"""How a selector picks: the effect's player chooses ("choose"), every match ("all"), or a fixed card: this
Digimon ("this"), this card wherever it is ("this_card", e.g. in the trash), the Digimon the trigger names
("subject", "that Digimon"), the Digimon this one battled ("battle_opponent"), the attacking Digimon
("attacker"), the attack target ("attack_target"), the cards the previous action worked on ("previous")."""


@dataclass(frozen=True, slots=True)
class CardFilter:
    """What a card must be: the one filter vocabulary read by selectors (:class:`Sel`), trigger conditions
    (:class:`When`), plays and moves. Every field left at its default accepts anything.

    Printed card: ``kind``; ``color`` ("A/B": either colour); ``colors`` (exactly that many colours),
    ``min_colors``; ``trait`` ("A/B": either trait); ``name`` (exact, "A/B"); ``name_contains`` ("A/B");
    ``level``, ``min_level``, ``max_level``; ``min_cost``/``max_cost`` (play or use cost); ``token``; ``or_token``: a
    token passes the printed-card filters whatever they say ("1 of your Tokens or [Puppet] trait Digimon", CR 16-34-1).
    On the field (Battle Area cards only): ``min_dp``/``max_dp`` (current DP, CR 1-3-8); ``suspended``;
    ``keyword`` (has it now) / ``without_keyword``; ``has_digivolution_cards``, ``min_digivolution_cards``;
    ``with_digivolution_card`` (a card whose name contains this text is among its digivolution cards).
    """

    kind: Kind = "Digimon"
    color: str | None = None
    colors: int | None = None
    min_colors: int | None = None
    trait: str | None = None
    name: str | None = None
    name_contains: str | None = None
    level: int | None = None
    min_level: int | None = None
    max_level: int | None = None
    min_cost: int | None = None
    max_cost: int | None = None
    token: bool | None = None
    min_dp: int | None = None
    max_dp: int | None = None
    suspended: bool | None = None
    keyword: str | None = None
    without_keyword: str | None = None
    has_digivolution_cards: bool | None = None
    min_digivolution_cards: int | None = None
    with_digivolution_card: str | None = None
    or_token: bool = False


@dataclass(frozen=True, slots=True)
class Sel(CardFilter):
    """Which card(s) an action, a cost, a count, a condition or a persistent effect works on (CR 15-10).

    ``who`` is one of :data:`WHO`. "choose" lets the effect's player choose ``count`` cards (``up_to``
    allows fewer, down to none, CR 15-10-2; ``count: 0`` with ``up_to`` = "any number"); "all" takes every
    match. ``whose`` (seen from the effect's player) and ``area`` (one of :data:`AREAS`) say where to look;
    the card filters of :class:`CardFilter` narrow "choose" and "all". ``other``: not this Digimon;
    ``max_dp_this``: DP no higher than this Digimon's own; ``lowest_level`` / ``highest_dp``: only the
    matches of the lowest level / the highest DP.
    """

    who: Literal["this", "this_card", "subject", "battle_opponent", "attacker", "attack_target", "previous",
                 "choose", "all"] = "choose"
    whose: Whose = "opponent"
    area: str = "battle"
    count: int = 1
    up_to: bool = False
    max_dp_this: bool = False
    other: bool = False
    lowest_level: bool = False
    highest_dp: bool = False


THIS = Sel(who="this")
"""The Digimon the effect belongs to."""


@dataclass(frozen=True, slots=True)
class Cond:
    """A processing condition ("if ...", "while ...", CR 15-6), one of :data:`CONDITION_KINDS`.

    ``n`` is the number the condition compares with; ``negate`` turns it around; ``text`` is used by
    name conditions; ``target`` is the selector that "exists" / "count_at_least" / "count_at_most" count
    ("you have a Digimon with [X] in its name", "this Digimon has 10000 DP or more": ``{who: this, min_dp:
    10000}``, "[X] is among this Digimon's digivolution cards": ``{area: digivolution_cards, name_contains: X}``);
    ``action`` is the position (1 = first) of the action "previous_done" asks about (0: the one just before).
    """

    kind: str
    n: int = 0
    negate: bool = False
    text: str = ""
    target: Sel | None = None
    action: int = 0




@dataclass(frozen=True, slots=True)
class When(CardFilter):
    """A "when ..." trigger condition (CR 15-5): an event from :data:`EVENT_KINDS`, and the card filters of
    :class:`CardFilter` on the card the event is about (its DP, keywords and digivolution cards on the field).

    ``whose`` says whose card the event must concern, seen from the effect's owner: "this" (the Digimon
    holding the effect), "other" (any Digimon but this one), "you", "opponent", "any". Further filters:
    ``target`` for "attacks" ("player" or "digimon"), ``cause`` ("battle", "effect", "rule", "alliance",
    "opponent_effect", "digiburst", or "not_your_effect": anything but the owner's own effects, "not_battle",
    "not_your_effect_or_battle"; several as "battle/rule": any of them) and ``by`` ("you": the effect's owner
    caused it). ``has_digivolution_cards`` (a :class:`CardFilter` field) is read at the moment of the event
    (<Fortitude>, CR 16-27).
    """

    event: str = ""
    whose: Literal["this", "other", "you", "opponent", "any"] = "this"
    target: Literal["player", "digimon", "any"] = "any"
    cause: str | None = None
    by: Literal["you", "opponent", "any"] = "any"
