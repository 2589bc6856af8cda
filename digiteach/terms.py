"""Official vocabulary of the Digimon Card Game as enums.

One concept, one word: these names are used in code, diagrams, captions and lessons alike.
A ``StrEnum`` value is the text as players read it (e.g. ``Timing.WHEN_ATTACKING == "When Attacking"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

__all__ = ["PlayerName", "Phase", "AttackTiming", "AttackStage", "ATTACK_SEQUENCE", "next_attack_timing", "Timing", "Keyword", "Color", "EffectStatus", "player_label", "per_turn_name"]

PlayerName = Literal["A", "B"]
"""Players are named as in the wiki examples: ``"A"`` and ``"B"``. Index 0 is A, index 1 is B."""


def per_turn_name(per_turn: int) -> str:
    """The bracketed name of an effect's [X Per Turn] limit (CR 15-14-1), as cards print it: 1 -> ``"[Once Per
    Turn]"``, 2 -> ``"[Twice Per Turn]"``; "" for no limit (0).

    >>> per_turn_name(2)
    '[Twice Per Turn]'
    """
    if per_turn <= 0:
        return ""
    return {1: "[Once Per Turn]", 2: "[Twice Per Turn]"}.get(per_turn, f"[{per_turn} Times Per Turn]")


def player_label(index: int) -> str:
    """Return ``"Player A"`` for index 0 and ``"Player B"`` for index 1.

    >>> player_label(1)
    'Player B'
    """
    if index not in (0, 1):
        raise ValueError(f"player index must be 0 or 1, got {index!r}")
    return "Player " + "AB"[index]


class Phase(StrEnum):
    """Phases of a turn (CR 6-1-2), plus the end of turn (CR 6-6)."""

    UNSUSPEND = "unsuspend phase"
    DRAW = "draw phase"
    BREEDING = "breeding phase"
    MAIN = "main phase"
    END_OF_TURN = "end of turn"


class AttackTiming(StrEnum):
    """Timings of one attack (CR 11-1-3), with the parts of confirmation made explicit.

    Order: DECLARATION -> COUNTER -> BLOCK -> CONFIRMATION (BATTLE | SECURITY_CHECK | WIN | nothing)
    -> PIERCING (pending processing before the end of attack, CR 16-7-4) -> END_OF_ATTACK -> ATTACK_OVER.
    """

    DECLARATION = "attack declaration"
    COUNTER = "counter timing"
    BLOCK = "block timing"
    CONFIRMATION = "confirming success"
    BATTLE = "battle"
    SECURITY_CHECK = "security check"
    WIN = "win"
    PIERCING = "<Piercing> check"
    END_OF_ATTACK = "end of attack"
    ATTACK_OVER = "attack over"


@dataclass(frozen=True, slots=True)
class AttackStage:
    """One stage of the attack in :data:`ATTACK_SEQUENCE`.

    Attributes:
        timing: the attack timing this stage is.
        kind: ``"chain"`` (every attack passes it, in order), ``"branch"`` (confirming success goes to
            exactly one branch, CR 11-5-1) or ``"tail"`` (after the branch, in order).
        when: for a branch, the condition that selects it, in a few words; ``""`` otherwise.
    """

    timing: AttackTiming | None
    kind: Literal["chain", "branch", "tail"]
    when: str = ""


ATTACK_SEQUENCE: tuple[AttackStage, ...] = (
    AttackStage(AttackTiming.DECLARATION, "chain"),
    AttackStage(AttackTiming.COUNTER, "chain"),
    AttackStage(AttackTiming.BLOCK, "chain"),
    AttackStage(AttackTiming.CONFIRMATION, "chain"),
    AttackStage(AttackTiming.BATTLE, "branch", "target: a Digimon"),
    AttackStage(AttackTiming.SECURITY_CHECK, "branch", "target: the player"),
    AttackStage(AttackTiming.WIN, "branch", "no security left"),
    AttackStage(None, "branch", "attacker or target gone"),
    AttackStage(AttackTiming.PIERCING, "tail"),
    AttackStage(AttackTiming.END_OF_ATTACK, "tail"),
    AttackStage(AttackTiming.ATTACK_OVER, "tail"),
)
"""The order of one attack (CR 11-1-3), read by the engine's attack handler and the attack diagram alike:
the chain in order, then exactly one branch (``timing=None`` is "nothing happens", CR 11-5-1-4), then the
tail in order. A CR change to the order is a change to this table."""


def next_attack_timing(timing: AttackTiming) -> AttackTiming | None:
    """The chain or tail stage after ``timing`` in :data:`ATTACK_SEQUENCE` (CR 11-1-3).

    Confirming success is followed by a branch, chosen by the engine, so it returns ``None`` for it, for
    a branch and for the last stage.

    >>> next_attack_timing(AttackTiming.COUNTER)
    <AttackTiming.BLOCK: 'block timing'>
    >>> next_attack_timing(AttackTiming.PIERCING)
    <AttackTiming.END_OF_ATTACK: 'end of attack'>
    """
    for kind in ("chain", "tail"):
        seq = [st.timing for st in ATTACK_SEQUENCE if st.kind == kind]
        if timing in seq:
            i = seq.index(timing)
            return seq[i + 1] if i + 1 < len(seq) else None
    return None


class Timing(StrEnum):
    """Effect timings as printed in brackets (CR 15-16)."""

    ON_PLAY = "On Play"
    WHEN_DIGIVOLVING = "When Digivolving"
    WHEN_ATTACKING = "When Attacking"
    END_OF_ATTACK = "End of Attack"
    ON_DELETION = "On Deletion"
    SECURITY = "Security"
    MAIN = "Main"
    COUNTER = "Counter"
    YOUR_TURN = "Your Turn"
    OPPONENTS_TURN = "Opponent's Turn"
    ALL_TURNS = "All Turns"
    START_OF_YOUR_TURN = "Start of Your Turn"
    START_OF_OPPONENTS_TURN = "Start of Opponent's Turn"
    END_OF_YOUR_TURN = "End of Your Turn"
    END_OF_OPPONENTS_TURN = "End of Opponent's Turn"
    START_OF_YOUR_MAIN_PHASE = "Start of Your Main Phase"
    START_OF_OPPONENTS_MAIN_PHASE = "Start of Opponent's Main Phase"


class Keyword(StrEnum):
    """Keyword effects (CR 16, Ver.4.2 numbering) as printed between angle brackets: the names of
    ``digiteach.keywords.KEYWORDS``, which says for each its section, kind and whether the engine models it
    (and, for those it does not, why)."""

    BLOCKER = "Blocker"
    PIERCING = "Piercing"
    SECURITY_A = "Security A."
    RECOVERY = "Recovery"
    RETALIATION = "Retaliation"
    ALLIANCE = "Alliance"
    BLITZ = "Blitz"
    JAMMING = "Jamming"
    RUSH = "Rush"
    DIGI_BURST = "Digi-Burst"
    DRAW = "Draw"
    DE_DIGIVOLVE = "De-Digivolve"
    EVADE = "Evade"
    ARMOR_PURGE = "Armor Purge"
    BARRIER = "Barrier"
    COLLISION = "Collision"
    BLAST_DIGIVOLVE = "Blast Digivolve"
    REBOOT = "Reboot"
    RAID = "Raid"
    DELAY = "Delay"
    DIGISORPTION = "Digisorption"
    DECOY = "Decoy"
    SAVE = "Save"
    MATERIAL_SAVE = "Material Save"
    FORTITUDE = "Fortitude"
    MIND_LINK = "Mind Link"
    PARTITION = "Partition"
    BLAST_DNA_DIGIVOLVE = "Blast DNA Digivolve"
    SCAPEGOAT = "Scapegoat"
    VORTEX = "Vortex"
    OVERCLOCK = "Overclock"
    ICECLAD = "Iceclad"
    DECODE = "Decode"
    FRAGMENT = "Fragment"
    EXECUTE = "Execute"
    PROGRESS = "Progress"
    LINK = "Link"
    TRAINING = "Training"
    USE_REQ = "Use Req."
    ASCENSION = "Ascension"
    ENGAGE = "Engage"
    GUARD = "Guard"
    DETACH = "Detach"
    SUCCESSION = "Succession"


class Color(StrEnum):
    """Card colours."""

    RED = "Red"
    BLUE = "Blue"
    YELLOW = "Yellow"
    GREEN = "Green"
    BLACK = "Black"
    PURPLE = "Purple"
    WHITE = "White"


class EffectStatus(StrEnum):
    """Where one pending effect stands (CR 15-4-4, 15-6-3)."""

    PENDING = "pending"
    ACTIVATING = "activating"
    RESOLVED = "resolved"
    DECLINED = "declined"
    FAILED = "failed"  # processing condition not met on activation: not activated (CR 15-6-3)
    LOST = "lost"  # card left play / became a new card before activating (CR 15-4-4-3)
