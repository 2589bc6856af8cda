"""Effect actions (CR ch.15), one frozen dataclass each, processed in printed order (CR 15-1-2).

Each names its target with a :class:`~digiteach.effects.selectors.Sel` and may carry a processing
``condition``; ``cost`` marks "by ...ing" actions whose success the rest of the effect needs (CR 15-7-2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Union

from digiteach.effects.selectors import Cond, Duration, Sel

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
    "Custom",
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
    "trash", "hand", "digivolution_cards", "this" = the effect's own card from the trash, as <Fortitude>), filtered by ``max_level``/``level``/``color``/``kind``/
    ``name_contains``. ``color`` may list alternatives separated by "/" ("Purple/Yellow": either colour).
    ``max_cost``: play cost at most this. ``at_end_of_battle``: wait until the end of the security battle
    (CR 14-2-5). The player chooses among different candidates; ``optional`` ("you may") lets them play
    none (CR 15-9)."""

    source: Literal["this_security", "trash", "hand", "digivolution_cards", "this"] = "this_security"
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
    ``subject``: the Digimon named by the trigger event attacks instead ("one of them may attack").
    ``only``: "any", or only "digimon" (<Vortex>, CR 16-33) or only "player". ``delete_at_end``: the
    attacker is deleted at the end of that attack, as pending processing (<Execute>, CR 16-38-4)."""

    condition: Cond | None = None
    unsuspended_targets: bool = False
    subject: bool = False
    only: Literal["any", "player", "digimon"] = "any"
    delete_at_end: bool = False


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
