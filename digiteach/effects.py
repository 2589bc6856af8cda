"""Card effects as plain data (CR ch.15): triggers, conditions, selectors and actions.

An :class:`Effect` is split the way the rules split it: its trigger (a bracketed timing such as
[When Attacking], or a "when ..." event, CR 15-5), its scope ([Your Turn] / [Opponent's Turn], CR 15-16-8),
its processing ``condition`` ("if ...", checked on activation, CR 15-8-3-9), whether it is ``optional``
("you may", CR 15-9), an [X Per Turn] limit (CR 15-14-1) and ``actions`` processed in printed order
(CR 15-1-2). A :class:`Persistent` effect has no trigger (CR 15-8-2): DP changes, <Blocker>, Security A.

Everything is a frozen dataclass, so effects can be printed, compared, hashed and stored inside a
``State``. Each effect carries a short ``summary`` in our own words (never the printed card text).

>>> e = Effect(timing=Timing.WHEN_ATTACKING, actions=(GainMemory(1),), summary="Gain 1 memory.")
>>> e.category
'trigger'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union

from digiteach.terms import Timing

__all__ = [
    "Whose",
    "Duration",
    "Sel",
    "THIS",
    "Cond",
    "When",
    "Delete",
    "Suspend",
    "Unsuspend",
    "GainMemory",
    "ModifyDP",
    "ModifySecurityA",
    "GrantKeyword",
    "Draw",
    "TrashHand",
    "TrashSecurity",
    "Recovery",
    "DeDigivolve",
    "TrashDigivolutionCards",
    "PlayCard",
    "SwitchTarget",
    "EndAttack",
    "MayAttack",
    "Alliance",
    "PiercingCheck",
    "PreventDeletion",
    "ActivateMain",
    "AddThisToHand",
    "BlastDigivolve",
    "Custom",
    "EffectAction",
    "Effect",
    "Persistent",
    "EVENT_KINDS",
    "CONDITION_KINDS",
    "PERSISTENT_KINDS",
    "DURATIONS",
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
    colours ("a Digimon with 2 or more colours").
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
    ``max_dp`` of the subject, ``cause`` ("battle", "effect", "rule", "alliance", "opponent_effect")
    and ``by`` ("you": the effect's owner caused it). ``trait``: the subject's card has one of these traits
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


# --- actions -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Delete:
    """Delete the selected Digimon (CR 4-15); several are deleted at the same time. With ``cost`` ("by
    deleting ...") the rest of the effect happens only if something was deleted (CR 15-7-2)."""

    target: Sel
    condition: Cond | None = None
    cost: bool = False


@dataclass(frozen=True, slots=True)
class Suspend:
    """Suspend the selected Digimon or Tamer."""

    target: Sel
    condition: Cond | None = None
    cost: bool = False


@dataclass(frozen=True, slots=True)
class Unsuspend:
    """Unsuspend the selected Digimon (nothing happens if it is already unsuspended, CR 1-3-3)."""

    target: Sel
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class GainMemory:
    """Gain ``amount`` memory (negative: lose), CR 4-1-4. ``cost`` marks "by losing N memory".
    ``per_count``: gain ``amount`` for each Digimon the trigger counted ("for each", CR 4-27-5) or for
    each card the previous action trashed from hand."""

    amount: int
    condition: Cond | None = None
    cost: bool = False
    per_count: bool = False


@dataclass(frozen=True, slots=True)
class TrashHand:
    """Trash cards from your hand: up to ``amount`` (the player picks how many), or exactly ``amount``
    when ``up_to`` is false."""

    amount: int = 1
    up_to: bool = True
    condition: Cond | None = None
    cost: bool = False


@dataclass(frozen=True, slots=True)
class ModifyDP:
    """The selected Digimon gets ``amount`` DP (negative: minus) for ``duration``."""

    target: Sel
    amount: int
    duration: Duration = "turn"
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class ModifySecurityA:
    """The selected Digimon gains <Security A. ``amount``> for ``duration`` (CR 16-4)."""

    target: Sel
    amount: int
    duration: Duration = "turn"
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class GrantKeyword:
    """The selected Digimon gains ``keyword`` (e.g. "Blocker") for ``duration``."""

    target: Sel
    keyword: str
    duration: Duration = "opponent_turn_end"
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """<Draw N> (CR 16-8): draw ``amount`` cards."""

    amount: int
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class TrashSecurity:
    """Trash the top ``amount`` card(s) of ``whose`` Security Stack (no [Security] effect, CR 15-15-3)."""

    whose: Literal["you", "opponent", "both"] = "opponent"
    amount: int = 1
    condition: Cond | None = None
    cost: bool = False


@dataclass(frozen=True, slots=True)
class Recovery:
    """<Recovery +N (Deck)> (CR 16-6): top ``amount`` deck cards onto your Security Stack, face down."""

    amount: int = 1
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class DeDigivolve:
    """<De-Digivolve N> (CR 16-12): trash up to ``amount`` cards from the top of the selected Digimon,
    stopping at a level-3-or-lower top card and never trashing its last card."""

    target: Sel
    amount: int = 1
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class TrashDigivolutionCards:
    """Trash ``amount`` digivolution cards of the selected Digimon.

    ``position``: "top" / "bottom" (the top or bottom digivolution cards, fixed by the text), "any" (the card
    does not say which: the effect's player chooses, CR 15-10-2, e.g. <Digi-Burst> or "trash 2 of this Digimon's
    digivolution cards"), or "top_card" (the Digimon's top card itself, as <Armor Purge> does; never its last card).
    With ``cost`` the rest of the effect happens only if all ``amount`` cards were trashed (CR 15-7-2).
    ``level`` restricts which cards may be trashed (e.g. "a level 6 Digimon card").
    """

    target: Sel
    amount: int = 1
    position: Literal["top", "bottom", "any", "top_card"] = "bottom"
    cost: bool = False
    level: int | None = None
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a card without paying its cost from ``source`` ("this_security" = the checked card itself,
    "trash", "hand", "digivolution_cards"), filtered by ``max_level``/``level``/``color``/``kind``/
    ``name_contains``. ``color`` may list alternatives separated by "/" ("Purple/Yellow": either colour).
    ``max_cost``: play cost at most this. ``at_end_of_battle``: wait until the end of the security battle
    (CR 14-2-5). The player chooses among different candidates; ``optional`` ("you may") lets them play
    none (CR 15-9)."""

    source: Literal["this_security", "trash", "hand", "digivolution_cards"] = "this_security"
    max_level: int | None = None
    level: int | None = None
    color: str | None = None
    kind: Literal["Digimon", "Tamer", "any"] = "any"
    name_contains: str | None = None
    suspended: bool = False
    at_end_of_battle: bool = False
    condition: Cond | None = None
    max_cost: int | None = None
    optional: bool = False


@dataclass(frozen=True, slots=True)
class SwitchTarget:
    """Switch the attack target to the selected Digimon (CR 11-2-7-2)."""

    target: Sel
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class EndAttack:
    """End the attack: the end-of-attack timing comes next (CR 15-15-1-1)."""

    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class MayAttack:
    """This Digimon may attack (e.g. <Blitz>, CR 16-16); fails while an attack is in progress (11-2-4).
    ``subject``: the Digimon named by the trigger event attacks instead ("one of them may attack")."""

    condition: Cond | None = None
    unsuspended_targets: bool = False
    subject: bool = False


@dataclass(frozen=True, slots=True)
class Alliance:
    """<Alliance> (CR 16-24): suspend another of your Digimon; until the attack ends, this Digimon adds
    that Digimon's DP and has <Security A. +1>."""

    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class PiercingCheck:
    """<Piercing> (CR 16-7-4): set up the security check done just before the end of the attack."""

    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class PreventDeletion:
    """Immediate-type replacement (CR 15-8-5): the deletion being processed does not happen."""

    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class ActivateMain:
    """Activate this card's [Main] effect (a [Security] effect of an Option, CR 15-15-7)."""

    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class AddThisToHand:
    """Add this (checked) card to its owner's hand."""

    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class BlastDigivolve:
    """<Blast Digivolve> (CR 16-26): one of your Digimon digivolves into this hand card for free."""

    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class Custom:
    """An action data can't express: ``name`` of a function registered with
    ``digiteach.engine.register_custom``."""

    name: str
    condition: Cond | None = None


EffectAction = Union[
    Delete,
    Suspend,
    Unsuspend,
    GainMemory,
    ModifyDP,
    ModifySecurityA,
    GrantKeyword,
    Draw,
    TrashHand,
    TrashSecurity,
    Recovery,
    DeDigivolve,
    TrashDigivolutionCards,
    PlayCard,
    SwitchTarget,
    EndAttack,
    MayAttack,
    Alliance,
    PiercingCheck,
    PreventDeletion,
    ActivateMain,
    AddThisToHand,
    BlastDigivolve,
    Custom,
]


@dataclass(frozen=True, slots=True)
class Effect:
    """One triggered, immediate, activated or [Security] effect.

    Exactly one of ``timing`` (a bracketed :class:`~digiteach.terms.Timing`) or ``when`` (a "when ..."
    trigger) is normally set. ``scope`` is [Your Turn] / [Opponent's Turn] / [All Turns] or None.
    ``per_turn`` is 1 for [Once Per Turn], 2 for [Twice Per Turn], 0 for no limit. ``name`` is how
    the effect is named in labels (e.g. "Piercing" for keyword effects, else the timing).
    ``keyword`` is set for keyword effects (e.g. "Blitz").
    ``shared_count``: effects of one card with the same non-empty text share one [X Per Turn] count: one printed
    effect with several timings, e.g. [When Digivolving][End of Attack][Once Per Turn] (QA Q2299, Q6519).
    """

    actions: tuple[EffectAction, ...]
    timing: Timing | None = None
    when: When | None = None
    scope: Timing | None = None
    condition: Cond | None = None
    optional: bool = False
    per_turn: int = 0
    summary: str = ""
    keyword: str = ""
    shared_count: str = ""

    @property
    def category(self) -> str:
        """"trigger", "immediate" (CR 15-8-5), "security" (CR 15-16-10), "main", "counter" (CR 15-8-4)."""
        if self.when is not None and self.when.event == "would_be_deleted":
            return "immediate"
        if self.timing is Timing.SECURITY:
            return "security"
        if self.timing is Timing.MAIN:
            return "main"
        if self.timing is Timing.COUNTER:
            return "counter"
        return "trigger"

    @property
    def once_per_turn(self) -> bool:
        """True for [Once Per Turn] / [Twice Per Turn] effects."""
        return self.per_turn > 0

    @property
    def name(self) -> str:
        """Short name used in labels: "<Piercing>", "[When Attacking]", "[Your Turn]" ..."""
        if self.keyword and (self.timing is None or self.keyword in ("Blitz", "Blast Digivolve")
                             or self.timing in (Timing.MAIN, Timing.COUNTER)):
            return f"<{self.keyword}>"
        if self.timing is not None:
            return f"[{self.timing.value}]"
        if self.scope is not None:
            return f"[{self.scope.value}]"
        return "[All Turns]"


@dataclass(frozen=True, slots=True)
class Persistent:
    """A persistent effect (CR 15-8-2): no trigger, applies while its scope and condition hold.

    ``kind`` is one of :data:`PERSISTENT_KINDS`. ``applies_to``: "this" (the Digimon holding it),
    "your_security_digimon", "opponent_security_digimon", "opponent_digimon". ``keyword`` names the
    keyword for kind "keyword" (e.g. "Blocker", "Rush", "Jamming", "Collision").
    ``when_battling_no_digivolution`` limits a DP bonus to battles against a Digimon without
    digivolution cards.
    """

    kind: str
    amount: int = 0
    keyword: str = ""
    applies_to: Literal["this", "your_security_digimon", "opponent_security_digimon", "opponent_digimon"] = "this"
    scope: Timing | None = None
    condition: Cond | None = None
    summary: str = ""
    when_battling_no_digivolution: bool = False
