"""Frozen game-state snapshots (style.md §3).

A :class:`State` is one moment of the game: every area of both players, the memory gauge, the attack
in progress, pending activation as generations (priority levels), durations, [X Per Turn] uses, the
engine's work stack (``frames``) and the open decision. Changes go through :func:`digiteach.copying.replace` (the same
contract as ``dataclasses.replace``, about three times faster on these slotted classes); stepping back is
``history[i - 1]``. Cards are referred to by ``int`` uid (an index into
``State.cards``); a Digimon on the field by its instance id ``iid``, which changes when the card
becomes a new card (CR 3-1-3-1) but not when it digivolves (CR 3-4-5).

Players are indices 0 (Player A) and 1 (Player B). ``memory`` is signed from the turn player's side
(CR 1-4-2): +3 = 3 on the turn player's side, -2 = 2 on the opponent's side.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal, Any, Union

from digiteach.records import Delayed, TriggerMoment
from digiteach.cards import Card
from digiteach.decisions import Decision
from digiteach.effects import Effect, Sel
from digiteach.instance_dicts import CombinedDict, keep_dict_combined
from digiteach.terms import AttackTiming, EffectStatus, Phase

__all__ = [
    "Delayed", "Stack", "Player", "Modifier", "Attack", "PendingEffect", "Generation", "Event",
    "AttackFrame", "ResolveFrame", "ActivateFrame", "DeleteFrame", "SecurityCheckFrame", "BattleFrame",
    "DigivolveFrame", "TurnEndFrame", "StartTurnFrame", "FlushFrame", "Frame",
    "SecurityStage", "BattleStage", "TurnEndStage", "StartTurnStage", "State", "PLAYER_TARGET", "SET_IID",
]

PLAYER_TARGET = -1
"""``Attack.target`` value meaning "the opponent player"."""


@dataclass(frozen=True, slots=True)
class Stack:
    """A Digimon, Tamer or Option card on the field: ``cards[0]`` is the top card, the rest its digivolution cards.

    ``iid`` identifies this Digimon until it becomes a new card. ``placed_this_turn`` stops it attacking
    (CR 7-1-2-1), and an Option's <Delay> activating (CR 16-17-3); it carries over through digivolution.
    ``by_effect``: an Option card an effect placed in the Battle Area (CR 4-28-1), which the rule check leaves there
    (CR 17-1-3-2-2); kept out of ``repr``, as it concerns Option cards only.
    """

    iid: int
    cards: tuple[int, ...]
    suspended: bool = False
    placed_this_turn: bool = False
    by_effect: bool = field(default=False, repr=False)

    @property
    def top(self) -> int:
        """uid of the top card."""
        return self.cards[0]

    @property
    def digivolution_cards(self) -> tuple[int, ...]:
        """uids of the cards under the top card, top first (CR 4-3-2)."""
        return self.cards[1:]


@dataclass(frozen=True)
class Player(CombinedDict):
    """One player's areas; every pile is a tuple of card uids, top card first (no ``__slots__``: see State)."""

    hand: tuple[int, ...] = ()
    deck: tuple[int, ...] = ()
    egg_deck: tuple[int, ...] = ()
    security: tuple[int, ...] = ()
    trash: tuple[int, ...] = ()
    breeding: Stack | None = None
    battle: tuple[Stack, ...] = ()


@dataclass(frozen=True, slots=True)
class Modifier:
    """A change with a duration, made by an effect.

    ``kind``: "dp", "security_a", "keyword" (``keyword`` set), "effect" (gained ``effect``).
    ``iid`` is the Digimon it applies to; ``duration`` one of ``effects.DURATIONS``; ``player`` is the
    player whose turn the duration counts from (the effect's owner); ``source`` describes it. A modifier
    on a set (``scope`` a selector, ``iid`` :data:`SET_IID`) applies to every Battle Area card the selector
    finds from ``player``'s side at each moment, Digimon that arrive later included (CR 15-11-2).
    """

    kind: str
    iid: int
    amount: int = 0
    keyword: str = ""
    duration: str = "turn"
    player: int = 0
    turn: int = 0
    source: str = ""
    effect: Effect | None = None
    scope: Sel | None = None


SET_IID = -2
"""``Modifier.iid`` of a modifier that applies to a set (its ``scope``) rather than to one Digimon."""


@dataclass(frozen=True)
class Attack(CombinedDict):
    """The attack in progress (CR 11).

    ``attacker`` is the attacking Digimon's iid, ``attacker_card`` the uid of its top card at declaration (for
    labels once it has left). ``target`` is an iid or :data:`PLAYER_TARGET`; ``declared_target`` the one chosen at
    declaration (CR 11-2-7-6). ``path`` lists the timings reached; ``notes`` (timing value, words) what happened
    there. ``checked`` lists checked security uids; ``security_checked`` is set once the one security check of the
    attack has happened (CR 13-1-2). ``piercing_pending`` records an activated <Piercing> (CR 16-7-4). ``ended`` is
    set by an "end the attack" effect (CR 15-15-1-1); ``end_fired`` once [End of Attack] triggered. ``revealed`` is
    the security card being checked; ``battle`` the opponent of the current battle (an iid, or ``-2 - uid`` for a
    Security Digimon). ``delete_at_end``: the attacker is deleted at the end of the attack, as pending processing
    (<Execute>, CR 16-38-4). ``to_check``: how many cards the check covered when the last card was revealed (CR
    13-1-8-5), so a Digimon that leaves is said to check no more only when cards were left. ``log_at_declaration``:
    the length of ``State.log`` at the declaration, so the counter timing can say that effects activated in the
    declaration timing came first (CR 11-1-4). ``attacker_end_effects``: once the attacking Digimon has been removed
    from the Battle Area, whether it had an [End of Attack] effect then (None while it is there, or when it left
    another way). ``ended_at``: the timing an "end the attack" effect resolved in (CR 15-15-1-1), the step's label.
    No ``__slots__``: copied at every attack timing (see State).
    """

    attacker: int
    attacker_card: int
    attacker_player: int
    target: int
    declared_target: int
    target_card: int | None
    timing: AttackTiming = AttackTiming.DECLARATION
    path: tuple[str, ...] = ()
    notes: tuple[tuple[str, str], ...] = ()
    checked: tuple[int, ...] = ()
    security_checked: bool = False
    piercing_pending: bool = False
    piercing_activations: int = 0
    ended: bool = False
    end_fired: bool = False
    blocked: bool = False
    counter_used: bool = False
    revealed: int | None = None
    battle: int | None = None
    delete_at_end: bool = False
    to_check: int = 0
    log_at_declaration: int = 0
    attacker_end_effects: bool | None = None
    ended_at: AttackTiming | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, matched against "when ..." triggers.

    ``kind`` is one of ``effects.EVENT_KINDS``. ``player`` owns the subject; ``subject`` is an iid
    (a Digimon) or None; ``card`` the uid of the subject's top card; ``cause`` e.g. "battle",
    "battle_alone", "effect", "rule", "alliance", "attack", "block"; ``by`` the player who caused it;
    ``other`` a second iid (the attack target, the battle opponent, the deleted Digimon); ``count`` how
    many cards one simultaneous event concerned (CR 15-5-2: one trigger, counted "for each").
    """

    kind: str
    player: int
    subject: int | None = None
    card: int | None = None
    cause: str = ""
    by: int | None = None
    other: int | None = None
    target_player: bool = False
    count: int = 1


@dataclass(frozen=True)
class PendingEffect(CombinedDict):
    """One triggered effect in pending activation (CR 15-4-4).

    ``pid`` is unique in the game; ``owner`` the player who activates it; ``source`` the uid of the
    card printing it; ``holder`` the iid of the Digimon it belongs to (None for a card outside the
    field); ``slot`` "main", "inherited", "granted" or "keyword"; ``index`` its index there, so the
    engine can check it is still present (CR 15-4-4-4). ``own_deletion`` marks effects triggered by
    their own card's deletion, which stay valid in the trash (CR 4-15-2). ``event`` is the trigger; ``moment``, for
    an effect triggered by a card's removal, the game as it was then, where its conditions are read (CR 15-8-3-9-4).
    No ``__slots__``: its status changes two or three times per activation (see State).
    """

    pid: int
    owner: int
    effect: Effect
    source: int
    holder: int | None
    slot: str
    index: int
    label: str
    event: Event | None = None
    own_deletion: bool = False
    status: EffectStatus = EffectStatus.PENDING
    caused: int | None = None
    moment: TriggerMoment | None = field(default=None, repr=False)
    older: str = ""
    """The label this instance had before labels named a Digimon's place (``"... (2)"``), still accepted as an
    answer; ``""`` when it is ``label``."""


@dataclass(frozen=True, slots=True)
class Generation:
    """One priority level: effects that triggered in one batch (CR 15-4-3, 15-4-5). Higher number =
    newer = activates first."""

    number: int
    effects: tuple[PendingEffect, ...]
    cause: str = ""

    @property
    def waiting(self) -> tuple[PendingEffect, ...]:
        """Effects still pending activation."""
        return tuple(p for p in self.effects if p.status is EffectStatus.PENDING)


# --- the engine's work stack -------------------------------------------------------------------

class SecurityStage(StrEnum):
    """Stages of a :class:`SecurityCheckFrame`, in order (CR 13-1-8): reveal the top card (its [Security]
    effects activate at once), the security battle with a Security Digimon, the end of that battle, the trash
    of the checked card; then the next card, if the check covers more than one (<Security A.>)."""

    REVEAL = "reveal"
    BATTLE = "battle"
    END_OF_BATTLE = "end_of_battle"
    TRASH = "trash"


class BattleStage(StrEnum):
    """Stages of a :class:`BattleFrame`, in order (CR 14-2): compare DP and delete the losers, the end of the
    battle (CR 14-2-5), done."""

    COMPARE = "compare"
    END_OF_BATTLE = "end_of_battle"
    DONE = "done"


class TurnEndStage(StrEnum):
    """Stages of a :class:`TurnEndFrame`: ``CHECK`` (is the turn-end condition met? CR 6-1-4-1), ``AFTER``
    (the end-of-turn timing's effects have all resolved, CR 6-6-2: the turn passes or goes on, CR 6-6-3/4)."""

    CHECK = "check"
    AFTER = "after"


class StartTurnStage(StrEnum):
    """Stages of a :class:`StartTurnFrame`, in order (CR 6-1-2): [Start of Your Turn] effects (CR 6-2-1-1), the
    unsuspend phase (CR 6-2-1), the draw phase (CR 6-3), the breeding phase (CR 6-4), the main phase (CR 6-5)."""

    START = "start"
    UNSUSPEND = "unsuspend"
    DRAW = "draw"
    BREEDING = "breeding"
    MAIN = "main"


@dataclass(frozen=True, slots=True)
class AttackFrame:
    """Continue the attack at ``stage`` (CR 11-1-3)."""

    stage: AttackTiming
    target: int = PLAYER_TARGET
    attacker: int = 0


@dataclass(frozen=True, slots=True)
class ResolveFrame:
    """Run the resolution loop until no effect is pending (CR 15-4). ``chosen`` is the pid picked by an
    "order" decision; ``confirmed`` says the optional question was answered with "use"."""

    chosen: int | None = None
    confirmed: bool = False


@dataclass(frozen=True)
class ActivateFrame(CombinedDict):
    """Process the actions of one activated effect in printed order (CR 15-1-2).

    ``index`` is the next action; ``picked`` the targets chosen so far for it; ``pid`` the pending
    effect (None for [Security] effects, which never go pending, CR 15-16-10-2, and immediate-type
    effects). ``stopped`` is set when a cost could not be paid (CR 15-7-2). ``security_card`` is the
    checked card for [Security] effects; ``subject`` the iid named by the trigger event.
    ``inline`` marks an immediate-type effect processed inside a deletion (CR 15-8-5-2): no rule check and
    no new generation follow it. ``targets`` keeps the current action's targets once chosen, so a later
    decision of the same action (which cards to trash) does not ask for them again; ``cards`` the card
    uids chosen so far for the current action (e.g. which digivolution cards its owner trashes). ``results``:
    for each action processed so far, (its type name, its targets, whether it was done in full; False when its
    condition skipped it), for the selector "previous" and the condition "previous_done" ("if you did", CR 15-7).
    """

    effect: Effect
    owner: int
    label: str
    holder: int | None
    source: int
    pid: int | None = None
    index: int = 0
    picked: tuple[int, ...] = ()
    stopped: bool = False
    subject: int | None = None
    other: int | None = None
    started: bool = False
    count: int = 1
    inline: bool = False
    targets: tuple[int, ...] | None = None
    cards: tuple[int, ...] = ()
    results: tuple[tuple[str, tuple[int, ...], bool], ...] = ()
    paying: tuple[int, ...] = ()
    """iids a cost action handed to a frame that runs first (a "by deleting ..." cost's deletion): when the effect
    goes on, any of them still in the Battle Area means the cost was not paid (CR 15-7-2)."""

    @property
    def last(self) -> tuple[int, ...]:
        """The targets of the previous action (the selector "previous")."""
        return self.results[-1][1] if self.results else ()


@dataclass(frozen=True, slots=True)
class DeleteFrame:
    """Delete ``targets`` at the same time (CR 4-15), first letting immediate-type "would be deleted"
    effects interrupt (CR 15-8-5). ``cause`` is "battle", "effect" or "rule"; ``by`` the player whose
    effect or attack caused it; ``asked`` the (iid, source uid, index) immediate effects already offered
    (each at most once per cause, CR 15-8-5-4); ``saved`` iids whose deletion was prevented; ``asking`` the
    immediate effects offered in the open decision, in the order of its options (CR 15-8-5-3).
    ``battle_pairs`` maps a loser iid to the iid it battled; ``tie``: the battle's DP were equal (CR 14-2-1-3).
    ``to``: not a deletion but an effect moving the targets out of the Battle Area to that place of their owner
    ("hand", "deck_top", ... as ``Move.to``, CR 4-7); only "would leave the Battle Area" effects interrupt it
    (<Decode>, <Partition>, <Guard>)."""

    targets: tuple[int, ...]
    cause: str
    by: int
    asked: tuple[tuple[int, int, int], ...] = ()
    saved: tuple[int, ...] = ()
    asking: tuple[tuple[int, int, int], ...] = ()
    battle_pairs: tuple[tuple[int, int], ...] = ()
    alone: bool = False
    tie: bool = False
    to: str | None = None


@dataclass(frozen=True, slots=True)
class SecurityCheckFrame:
    """The one security check of the attack (CR 13-1), card by card; ``stage`` is a :class:`SecurityStage`.
    ``piercing``: the check <Piercing> set up (CR 16-7-4). ``base``: cards the attack had checked before this check
    began (0 under CR 4.2's one check per attack; a ruleset with a check per <Piercing> activation, CR 3.6, starts
    a later check after them)."""

    stage: SecurityStage = SecurityStage.REVEAL
    piercing: bool = False
    base: int = 0


@dataclass(frozen=True, slots=True)
class BattleFrame:
    """A battle between the attacker and the target Digimon (CR 14); ``stage`` is a :class:`BattleStage`."""

    stage: BattleStage = BattleStage.COMPARE


@dataclass(frozen=True, slots=True)
class DigivolveFrame:
    """Digivolve ``iid`` into hand card ``card`` for ``cost`` memory (CR 8-1-3), then draw 1."""

    iid: int
    card: int
    cost: int
    player: int
    blast: bool = False


@dataclass(frozen=True, slots=True)
class FlushFrame:
    """End of a piece of processing: rule checks until stable (CR 17-1-2-1), then the triggers collected meanwhile become
    one new generation (CR 15-4-3-3, 15-4-5); ``cause`` names it, ``pid`` the activated effect; ``option``: a used Option
    trashed first, no rule check between (CR 9-1-5); ``tried``: players, memory, modifiers and [X Per Turn] uses when it
    last pushed a 0-DP deletion (found again: nothing changed, the checks end); ``checked``: whom that deletion was for."""

    cause: str
    pid: int | None = None
    option: int | None = None
    tried: tuple[object, ...] | None = None
    checked: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TurnEndFrame:
    """After the opening action: if the opponent has 1 or more memory the turn ends (CR 6-1-4-1).

    ``passed`` for a pass (CR 6-5-1-7-1). ``stage`` is a :class:`TurnEndStage`. ``go_on``: once the turn has passed, play the next turn's unsuspend, draw and
    breeding phases up to its main phase (a :class:`StartTurnFrame`); otherwise stop where the turn passed."""

    passed: bool = False
    stage: TurnEndStage = TurnEndStage.CHECK
    go_on: bool = False


@dataclass(frozen=True, slots=True)
class StartTurnFrame:
    """The turn player's turn up to its main phase (CR 6-1-2); ``stage`` is a :class:`StartTurnStage`."""

    stage: StartTurnStage = StartTurnStage.START


Frame = Union[
    AttackFrame,
    ResolveFrame,
    ActivateFrame,
    DeleteFrame,
    SecurityCheckFrame,
    BattleFrame,
    DigivolveFrame,
    FlushFrame,
    TurnEndFrame,
    StartTurnFrame,
]


@dataclass(frozen=True)
class State(CombinedDict):
    """One snapshot of the game.

    ``cards[uid]`` is the printed card for uid, ``owners[uid]`` its owner (0/1). ``players[0]`` is Player A. ``memory`` is signed from
    the turn player's side (CR 1-4-2). ``pending`` lists generations oldest first; ``collecting`` the
    triggers of the processing now under way, which become the next generation when it ends
    (CR 15-4-5). ``uses`` counts [X Per Turn] uses per (holder iid, source uid, slot index).
    ``frames`` is the engine's work stack, innermost last. ``caption``/``rules``/``differs`` describe
    the last step; ``choice`` is the answer that produced this state; ``activating`` the pid now
    activating. ``log`` lists (kind, text) records: "activated" effect labels, "deleted" card labels.

    ``cache`` is not part of the state's value (not compared, hashed, pickled or shown): the engine's queries
    memoise derived lookups there (where a Digimon is, its effects, DP, keywords, the step view). A state made by
    :func:`digiteach.copying.replace` shares its parent's cache when only ``copying.PASSIVE_FIELDS`` changed, else it
    starts empty.

    No ``__slots__`` here, nor in Attack, Player, ActivateFrame and PendingEffect (copied often): a copy through the
    instance dict (``copying.replace``, one dict merge in C) costs a third to a sixth of one slot by slot.
    """

    ruleset: str
    cards: tuple[Card, ...]
    owners: tuple[int, ...]
    players: tuple[Player, Player]
    turn_player: int
    memory: int
    phase: Phase = Phase.MAIN
    turn: int = 2
    attack: Attack | None = None
    pending: tuple[Generation, ...] = ()
    collecting: tuple[PendingEffect, ...] = ()
    collecting_from_rules: bool = False
    modifiers: tuple[Modifier, ...] = ()
    uses: tuple[tuple[tuple[int, int, str, int], int], ...] = ()
    frames: tuple[Frame, ...] = ()
    decision: Decision | None = None
    next_id: int = 1000
    caption: str = ""
    rules: tuple[str, ...] = ()
    differs: str = ""
    choice: str | None = None
    activating: int | None = None
    timing: str = ""
    log: tuple[tuple[str, str], ...] = ()
    winner: int | None = None
    attacks_declared: int = 0
    limbo: tuple[int, ...] = field(default=())
    delayed: tuple[Delayed, ...] = ()
    cache: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the value only (every field but ``cache``)."""
        return {k: v for k, v in self.__dict__.items() if k != "cache"}

    def __setstate__(self, values: dict[str, Any]) -> None:
        self.__dict__.update(values, cache={})
        keep_dict_combined(self)  # a combined dict, as after __init__

    @property
    def finished(self) -> bool:
        """True when the game is won or nothing is left to process and no decision is open."""
        return self.winner is not None or (not self.frames and self.decision is None)

    @property
    def non_turn_player(self) -> int:
        """Index of the non-turn player."""
        return 1 - self.turn_player

