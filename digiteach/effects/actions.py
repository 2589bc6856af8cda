"""Effect actions (CR ch.15), one frozen dataclass each, processed in printed order (CR 15-1-2).

Each names its target with a :class:`~digiteach.effects.selectors.Sel` and may carry a processing
``condition``; ``cost`` marks "by ...ing" actions whose success the rest of the effect needs (CR 15-7-2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union

from typing import TYPE_CHECKING

from digiteach.effects.selectors import THIS, CardFilter, Cond, Duration, Kind, Sel
from digiteach.effects.field_actions import DelayTrash, PlaceInBattleArea, Train

if TYPE_CHECKING:
    from digiteach.effects.effect import Effect

__all__ = [
    "Delete",
    "Suspend",
    "Unsuspend",
    "GainMemory",
    "TrashHand",
    "ModifyDP",
    "ModifySecurityA",
    "GrantKeyword",
    "Draw",
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
    "Move",
    "PlaceUnder",
    "YOUR_TAMER",
    "Shuffle",
    "Battle",
    "PlayToken",
    "UseOption",
    "Digivolve",
    "ArtsDigivolve",
    "Choice",
    "ChooseOne",
    "GrantEffect",
    "Custom",
    "PlaceInBattleArea", "DelayTrash", "Train",  # from digiteach.effects.field_actions
    "EffectAction",
]

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
    each card the previous action trashed from hand. ``for_each``: ``amount`` times the cards the selector
    finds, counted in groups of ``every`` ("1 for each 10 cards in your trash": ``every: 10``, rounded down).
    ``at: end_of_turn``: pending processing done at the end of the turn instead (CR 18-1)."""

    amount: int
    condition: Cond | None = None
    cost: bool = False
    per_count: bool = False
    for_each: Sel | None = None
    every: int = 1
    at: Literal["now", "end_of_turn"] = "now"


@dataclass(frozen=True, slots=True)
class TrashHand:
    """Trash cards from a hand: up to ``amount`` (its owner picks how many), or exactly ``amount`` when ``up_to`` is
    false. ``whose``: "you", "opponent" or "both" (each from their own hand, the turn player first, CR 1-3-5), on
    every path; ``down_to``: trash until that many cards are left, each hand's owner choosing which."""

    amount: int = 1
    up_to: bool = True
    condition: Cond | None = None
    cost: bool = False
    whose: Literal["you", "opponent", "both"] = "you"
    down_to: int | None = None


@dataclass(frozen=True, slots=True)
class ModifyDP:
    """The selected Digimon gets ``amount`` DP (negative: minus) for ``duration``. ``lasting``: "auto" follows
    CR 15-11: a chosen or named Digimon keeps the change (individual processing, CR 15-11-1), while a ``who: all``
    target is overall processing: the change applies to the set the selector describes, Digimon placed later and
    Digimon that come to meet its conditions included, and leaves a Digimon that stops meeting them (CR 15-11-2-2,
    15-11-2-3). "chosen" / "set" force one or the other. ``for_each``/``every``: ``amount`` times a count, as for
    :class:`GainMemory`. <Security A.> and keyword changes take ``lasting`` the same way."""

    target: Sel
    amount: int
    duration: Duration = "turn"
    condition: Cond | None = None
    lasting: Literal["auto", "chosen", "set"] = "auto"
    for_each: Sel | None = None
    every: int = 1


@dataclass(frozen=True, slots=True)
class ModifySecurityA:
    """The selected Digimon gains <Security A. ``amount``> for ``duration`` (CR 16-4)."""

    target: Sel
    amount: int
    duration: Duration = "turn"
    condition: Cond | None = None
    lasting: Literal["auto", "chosen", "set"] = "auto"


@dataclass(frozen=True, slots=True)
class GrantKeyword:
    """The selected Digimon gains ``keyword`` (e.g. "Blocker") for ``duration``."""

    target: Sel
    keyword: str
    duration: Duration = "opponent_turn_end"
    condition: Cond | None = None
    lasting: Literal["auto", "chosen", "set"] = "auto"


@dataclass(frozen=True, slots=True)
class Draw:
    """<Draw N> (CR 16-8): draw ``amount`` cards."""

    amount: int
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class TrashSecurity:
    """Trash the top ``amount`` card(s) of ``whose`` Security Stack (no [Security] effect, CR 15-15-3);
    "most": the stack with more cards (on a tie the effect's player picks). ``optional``: "you may" (asked)."""

    whose: Literal["you", "opponent", "both", "most"] = "opponent"
    amount: int = 1
    condition: Cond | None = None
    cost: bool = False
    optional: bool = False


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
    ``level`` restricts which cards may be trashed (e.g. "a level 6 Digimon card"). ``cause: digiburst`` marks
    the trash as <Digi-Burst>'s (CR 16-14): the trashed cards' "when trashed by <Digi-Burst>" inherited effects
    trigger and wait on their cards in the trash (CR 4-16-2).
    """

    target: Sel
    amount: int = 1
    position: Literal["top", "bottom", "any", "top_card"] = "bottom"
    cost: bool = False
    level: int | None = None
    condition: Cond | None = None
    cause: str = ""


@dataclass(frozen=True, slots=True)
class PlayCard(CardFilter):
    """Play a card from ``source`` ("this_security" = the checked card itself, "trash", "hand",
    "digivolution_cards", "security", "this" = the effect's own card from the trash, as <Fortitude>) without paying its cost, or with ``cost_reduction`` paying its play cost
    reduced by that much (never below 0, CR 1-3-9). The card filters of :class:`CardFilter` say which cards
    qualify (``kind`` "any" by default). ``suspended``: it is played suspended. ``at_end_of_battle``: wait until
    the end of the security battle (CR 14-2-5). The player chooses among different candidates; ``optional``
    ("you may") lets them play none (CR 15-9)."""

    kind: Kind = "any"
    source: Literal["this_security", "trash", "hand", "digivolution_cards", "security", "this"] = "this_security"
    suspended: bool = False
    at_end_of_battle: bool = False
    condition: Cond | None = None
    optional: bool = False
    cost_reduction: int | None = None


@dataclass(frozen=True, slots=True)
class SwitchTarget:
    """Switch the attack target to the selected Digimon (CR 11-2-7-2). Only one of the attacking player's opponent's
    Digimon that is not already the target can become it (CR 11-2-7-1, 11-2-7-3); others are left out, and with
    none left nothing happens (CR 1-3-2). Refused at load: ``target: attacker``, and for an effect of the attacking
    player ([When Attacking], "when this / one of your Digimon attacks") ``this`` or a ``whose`` but ``opponent``."""

    target: Sel
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class EndAttack:
    """End the attack: the end-of-attack timing comes next (CR 15-15-1-1)."""

    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class MayAttack:
    """This Digimon may attack (as with <Blitz>, CR 16-16); fails while an attack is in progress (11-2-4).
    ``subject``: the Digimon named by the trigger event attacks instead ("one of them may attack");
    ``target``: a selector naming the Digimon that attacks ("choose 1 of your opponent's Digimon; it attacks").
    Only the turn player attacks (CR 11-1-2), and the attacking player chooses the attack target (CR 11-2-7-1,
    QA Q4914). ``only``: "player" or "digimon" (<Vortex>, CR 16-33) limits what it may attack;
    ``unsuspended_targets``: it may attack unsuspended Digimon too. ``delete_at_end``: the attacker is deleted at
    the end of that attack, as pending processing (<Execute>, CR 16-38-4). ``without_suspending``: the declaration
    does not suspend the attacker (CR 11-2-8-1 otherwise), so a suspended Digimon may attack too (QA Q4418, Q4998,
    Q5187; <Overclock>, CR 16-34-1). ``placed_this_turn_ok``: a Digimon new this turn may make it (<Vortex>, 16-33)."""

    condition: Cond | None = None
    unsuspended_targets: bool = False
    subject: bool = False
    target: Sel | None = None
    only: Literal["any", "player", "digimon"] = "any"
    delete_at_end: bool = False
    placed_this_turn_ok: bool = False
    without_suspending: bool = False


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
    """Immediate-type replacement (CR 15-8-5): the deletion being processed does not happen, for this Digimon
    or, with ``subject``, for the Digimon the trigger names (another Digimon protected by <Decoy>, CR 16-18)."""

    condition: Cond | None = None
    subject: bool = False


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
class Move:
    """Move the selected cards to ``to``: "hand", "deck_top", "deck_bottom", "security_top", "security_bottom"
    or "trash" of their owner (CR 4-7), a card put in a Security Stack face down (from the trash: <Ascension>,
    CR 16-43). A Battle Area target moves its top card there and its digivolution
    cards go to the trash (CR 4-7-8); a token leaves the game (CR 4-21-5). ``reveal``: the card is shown to both
    players. With ``cost`` ("by returning ..."), the rest of
    the effect needs the move done (CR 15-7-2)."""

    target: Sel
    to: Literal["hand", "deck_top", "deck_bottom", "security_top", "security_bottom", "trash"] = "hand"
    reveal: bool = False
    condition: Cond | None = None
    cost: bool = False


YOUR_TAMER = Sel(who="choose", whose="you", kind="Tamer")
"""One of your Tamers in the Battle Area, chosen by the effect's player: where <Save> places its card (CR 16-20)."""


@dataclass(frozen=True, slots=True)
class PlaceUnder:
    """Place the selected cards under one Battle Area card that ``under`` finds, below any cards already there (CR
    4-4-2): under a Tamer they are cards under it, not digivolution cards (CR 4-8-1), and they are trashed with it
    (CR 4-7-8); under a Digimon they are its bottom digivolution cards. ``target``: cards in a pile (this card in the
    trash is <Save>'s, CR 16-20) or a Tamer in the Battle Area, which leaves the field with the cards under it
    trashed (<Mind Link>, CR 16-28, 4-7-7). ``under`` defaults to one of your Tamers; several matches are the effect's
    player's choice. ``optional``: "you may" (CR 15-9), the choice offers not placing it. ``no_tamer_under``: only a
    card with no Tamer card among the cards under it (<Mind Link>, CR 16-28-1)."""

    target: Sel
    under: Sel = YOUR_TAMER
    optional: bool = False
    no_tamer_under: bool = False
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Shuffle ``whose`` ``area`` ("security" or "deck")."""

    area: Literal["security", "deck"] = "deck"
    whose: Literal["you", "opponent"] = "you"
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class Battle:
    """This Digimon battles the selected Digimon outside an attack's battle step (CR 14-1, 14-2): the one with
    less DP is deleted in battle, both on a tie; "deletes in battle" effects trigger (QA Q5957). A Digimon never
    battles itself (CR 14-1: two cards): ``target: this`` is refused at load, and this Digimon is left out of any
    other selector's targets."""

    target: Sel
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class PlayToken:
    """Play ``count`` tokens (CR 4-21) of the library card ``token`` (its number) for the effect's player;
    ``optional``: "you may" (asked). ``token`` must be a token card (``token: true``) of the bundled library and
    ``count`` 1 to 10 (``digiteach.limits.TOKEN_COUNT``), both checked at load; no token is played past 50 stacks
    in the player's Battle Area."""

    token: str
    count: int = 1
    optional: bool = False
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class UseOption(CardFilter):
    """Use an Option card from the hand without paying its cost, inside this effect (CR 9-1): its [Main] effect
    is processed at once, then it goes to the trash (CR 9-1-5). The card filters say which Options qualify;
    ``optional``: "you may" (asked)."""

    kind: Kind = "Option"
    optional: bool = False
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class Digivolve(CardFilter):
    """The selected Digimon (``target``, this Digimon by default) digivolves into a card from ``source`` ("hand",
    "trash") that meets the filters, its digivolution requirements still applying (CR 8-1-1): for free, or with
    ``cost_reduction`` paying the requirement's cost reduced by that much (never below 0, CR 1-3-9). The player
    chooses the Digimon, the card and the requirement; ``optional``: "you may" (asked)."""

    target: Sel = THIS
    source: Literal["hand", "trash"] = "hand"
    cost_reduction: int | None = None
    optional: bool = False
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class ArtsDigivolve:
    """Arts Digivolve (CR 4-20-2, DUAL cards): instead of going to the trash, the used card may become the top
    card of one of your Digimon that meets its Digimon side's requirements, for free."""

    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice of a "choose one of the following" action: its ``summary`` (our words) and ``actions``."""

    summary: str
    actions: tuple[EffectAction, ...]


@dataclass(frozen=True, slots=True)
class ChooseOne:
    """"Choose one of the following" (CR 15-10-2): the effect's player picks one of ``choices``, whose actions
    are processed in order as part of this effect."""

    choices: tuple[Choice, ...]
    condition: Cond | None = None


@dataclass(frozen=True, slots=True)
class GrantEffect:
    """The selected Digimon gains ``effect`` (e.g. "[When Attacking] ...") for ``duration`` (CR 15-15)."""

    target: Sel
    effect: Effect
    duration: Duration = "turn"
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
    Move,
    PlaceUnder,
    Shuffle,
    Battle,
    PlayToken,
    UseOption,
    Digivolve,
    ArtsDigivolve,
    ChooseOne,
    GrantEffect,
    Custom,
    PlaceInBattleArea, DelayTrash, Train,
]
