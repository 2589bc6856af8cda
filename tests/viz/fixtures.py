"""Hand-built ``Step``/``Trace`` views for diagram and widget tests.

These do not come from the engine (which is written in parallel): they are transcribed by hand from the
seed examples and the CR, so the diagrams can be tested against what the rules say should be shown.

- :func:`attack_example_5` -- wiki Attack Resolution example 5 (seed 000), played under CR Ver.4.2:
  ST4-13 HerculesKabuterimon (with ST4-11 MegaKabuterimon under it) attacks the suspended BT2-034 Salamon;
  battle; <Piercing>, MegaKabuterimon's [Your Turn] and Salamon's [On Deletion] trigger together; the
  <Piercing> check just before the end of attack reveals ST3-10 Magnadramon (put there by Recovery); equal DP
  deletes the attacker (CR 14-2-1-3).
- :func:`alliance_two_generations` -- Attack Resolution example 10, step 1.2: activating <Alliance> caused a
  new generation (Lopmon's [Your Turn]) above the older one that still holds Pinamon's [When Attacking].
- :func:`statuses_step` -- one pending list holding every ``EffectStatus`` (resolved, declined, failed,
  lost, activating, pending).
- :func:`ended_attack_step` -- ruling R19: BT5-111 Omnimon (X Antibody) ends the attack at declaration.
- :func:`hostile_step` / :func:`hostile_trace` -- names and notes full of quotes, angle brackets, braces,
  backslashes and newlines, for escaping tests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

import pytest

from digiteach.render import RenderError, find_dot
from digiteach.terms import AttackTiming as T
from digiteach.terms import EffectStatus as S
from digiteach.terms import Phase
from digiteach.views import (
    AttackView,
    BoardView,
    CardView,
    DecisionView,
    GenerationView,
    PendingEffectView,
    SideView,
    StackView,
    Step,
    Trace,
    TraceResult,
)

# ------------------------------------------------------------------------ needs_dot, without a conftest
# (a conftest.py here would be imported as the top-level module "conftest" and could shadow the one
# other test folders import helpers from)


def _dot_missing() -> str | None:
    try:
        find_dot()
    except RenderError as exc:
        return str(exc)
    return None


DOT_MISSING = _dot_missing()
_F = TypeVar("_F", bound=Callable[..., Any])
NEEDS_DOT = [pytest.mark.needs_dot, pytest.mark.skipif(DOT_MISSING is not None, reason=f"needs_dot: {DOT_MISSING}")]
"""Module-level ``pytestmark = NEEDS_DOT``: marked ``needs_dot`` and skipped when no ``dot`` is found."""


def needs_dot(fn: _F) -> _F:
    """Decorator: mark a test ``needs_dot`` and skip it when no ``dot`` is found."""
    for mark in NEEDS_DOT:
        fn = mark(fn)
    return fn


HERC = CardView("ST4-13", "HerculesKabuterimon")
MEGA = CardView("ST4-11", "MegaKabuterimon")
SALA = CardView("BT2-034", "Salamon")
WYVERN = CardView("BT6-101", "Wyvern's Breath")
TAPIR = CardView("ST3-03", "Tapirmon")
MAGNA = CardView("ST3-10", "Magnadramon")

PIERCING_LABEL = "Activate <Piercing> of ST4-13 HerculesKabuterimon"
MEGA_LABEL = "Activate [Your Turn] of ST4-11 MegaKabuterimon"
SALA_LABEL = "Activate [On Deletion] of BT2-034 Salamon"
ATTACK_SALAMON = "Attack BT2-034 Salamon with ST4-13 HerculesKabuterimon"
ATTACK_PLAYER = "Attack Player B with ST4-13 HerculesKabuterimon"

# uids: Digimon on the field 1.., effects 11..
HERC_UID, SALA_UID = 1, 2
P_UID, M_UID, S_UID = 11, 12, 13


def _herc(suspended: bool) -> StackView:
    return StackView(HERC_UID, HERC, (MEGA,), 12000, suspended, keywords=("Piercing",))


def _side_a(*, suspended: bool = False, herc: bool = True, trash: tuple[CardView, ...] = ()) -> SideView:
    return SideView(
        player="A",
        battle_area=(_herc(suspended),) if herc else (),
        breeding_area=None,
        security_size=4,
        hand_size=3,
        deck_size=20,
        trash=trash,
    )


def _side_b(
    *,
    salamon: bool = True,
    security: int = 2,
    deck: int = 25,
    trash: tuple[CardView, ...] = (),
    revealed: CardView | None = None,
) -> SideView:
    sal = StackView(SALA_UID, SALA, (), 2000, True)
    return SideView(
        player="B",
        battle_area=(sal,) if salamon else (),
        breeding_area=None,
        security_size=security,
        hand_size=4,
        deck_size=deck,
        trash=trash,
        revealed=revealed,
    )


def _board(a: SideView, b: SideView, phase: str = Phase.MAIN.value) -> BoardView:
    return BoardView(turn_player="A", phase=phase, memory=2, sides=(a, b))


def _effect(uid: int, status: str) -> PendingEffectView:
    if uid == P_UID:
        return PendingEffectView(P_UID, "A", HERC, "Piercing", PIERCING_LABEL, False, 0, status)
    if uid == M_UID:
        return PendingEffectView(M_UID, "A", MEGA, "Your Turn", MEGA_LABEL, False, 1, status)
    return PendingEffectView(S_UID, "B", SALA, "On Deletion", SALA_LABEL, False, 0, status)


def _gen1(p: str, m: str, s: str) -> tuple[GenerationView, ...]:
    return (
        GenerationView(
            1,
            (_effect(P_UID, p), _effect(M_UID, m), _effect(S_UID, s)),
            cause="battle: BT2-034 Salamon deleted",
        ),
    )


NO_WA = (T.DECLARATION.value, "no [When Attacking] effect")
NO_COUNTER = (T.COUNTER.value, "no [Counter] effect")
NO_BLOCK = (T.BLOCK.value, "no <Blocker>")
NO_EOA = (T.END_OF_ATTACK.value, "no [End of Attack] effect")


def _attack(
    timing: T,
    path: tuple[T, ...],
    notes: tuple[tuple[str, str], ...] = (),
    checked: tuple[CardView, ...] = (),
    attacker_in_play: bool = True,
    target_in_play: bool = True,
) -> AttackView:
    return AttackView(
        attacker=HERC.label,
        attacker_player="A",
        target=SALA.label,
        timing=timing.value,
        path=tuple(t.value for t in path),
        notes=notes,
        checked=checked,
        attacker_in_play=attacker_in_play,
        target_in_play=target_in_play,
    )


def attack_example_5() -> Trace:
    """Attack Resolution example 5 as 14 steps under CR Ver.4.2 (see the module docstring)."""
    D, C, B, CF, BA, PI, SC, EA, AO = (
        T.DECLARATION,
        T.COUNTER,
        T.BLOCK,
        T.CONFIRMATION,
        T.BATTLE,
        T.PIERCING,
        T.SECURITY_CHECK,
        T.END_OF_ATTACK,
        T.ATTACK_OVER,
    )
    to_battle = (D, C, B, CF, BA)
    sal_trash = (SALA,)
    steps = [
        Step(
            index=0,
            timing=Phase.MAIN.value,
            caption="Player A's main phase. HerculesKabuterimon (12000 DP) may attack the suspended Salamon.",
            rules=("CR 11-2-7-1",),
            pending=(),
            board=_board(_side_a(), _side_b()),
            decision=DecisionView("A", "attack", "Choose an attack", (ATTACK_SALAMON, ATTACK_PLAYER, "Don't attack")),
            choice=ATTACK_SALAMON,
        ),
        Step(
            index=1,
            timing=D.value,
            caption="HerculesKabuterimon suspends and attacks Salamon. Nothing triggers.",
            rules=("CR 11-2-1", "CR 11-2-2", "Attack Resolution ex. 5 step 1"),
            pending=(),
            board=_board(_side_a(suspended=True), _side_b()),
            attack=_attack(D, (D,), (NO_WA,)),
        ),
        Step(
            index=2,
            timing=C.value,
            caption="Counter timing: Player B has no [Counter] effect to use.",
            rules=("CR 11-3-2",),
            pending=(),
            board=_board(_side_a(suspended=True), _side_b()),
            attack=_attack(C, (D, C), (NO_WA, NO_COUNTER)),
        ),
        Step(
            index=3,
            timing=B.value,
            caption="Block timing: Player B has no Digimon with <Blocker>.",
            rules=("CR 11-4", "CR 12-1"),
            pending=(),
            board=_board(_side_a(suspended=True), _side_b()),
            attack=_attack(B, (D, C, B), (NO_WA, NO_COUNTER, NO_BLOCK)),
        ),
        Step(
            index=4,
            timing=BA.value,
            caption="The target is a Digimon, so they battle: 12000 DP against 2000 DP. Salamon is deleted.",
            rules=("CR 11-5-1-3-1", "CR 14-2-1"),
            pending=(),
            board=_board(_side_a(suspended=True), _side_b(salamon=False, trash=sal_trash)),
            attack=_attack(BA, to_battle, (NO_WA, NO_COUNTER, NO_BLOCK), target_in_play=False),
        ),
        Step(
            index=5,
            timing=BA.value,
            caption=(
                "Three effects trigger together: <Piercing>, MegaKabuterimon's inherited [Your Turn] and "
                "Salamon's [On Deletion]. Player A activates theirs first, in the order they choose."
            ),
            rules=("CR 14-2-4", "CR 15-4-3-5"),
            pending=_gen1(S.PENDING, S.PENDING, S.PENDING),
            board=_board(_side_a(suspended=True), _side_b(salamon=False, trash=sal_trash)),
            attack=_attack(BA, to_battle, (NO_WA, NO_COUNTER, NO_BLOCK), target_in_play=False),
            decision=DecisionView(
                "A", "order", "Choose which of your effects activates first", (PIERCING_LABEL, MEGA_LABEL)
            ),
            choice=PIERCING_LABEL,
        ),
        Step(
            index=6,
            timing=BA.value,
            caption="<Piercing> activates. Its security check waits until just before the end of attack.",
            rules=("CR 16-7-4",),
            pending=_gen1(S.ACTIVATING, S.PENDING, S.PENDING),
            board=_board(_side_a(suspended=True), _side_b(salamon=False, trash=sal_trash)),
            attack=_attack(BA, to_battle, (NO_WA, NO_COUNTER, NO_BLOCK), target_in_play=False),
            activating=P_UID,
        ),
        Step(
            index=7,
            timing=BA.value,
            caption=(
                "MegaKabuterimon's [Your Turn] trashes the top security card, Wyvern's Breath. "
                "It was not checked, so its [Security] effect does not activate."
            ),
            rules=("CR 15-4-3-5", "Attack Resolution ex. 5 step 7.3"),
            pending=_gen1(S.RESOLVED, S.ACTIVATING, S.PENDING),
            board=_board(
                _side_a(suspended=True), _side_b(salamon=False, security=1, trash=(WYVERN, SALA))
            ),
            attack=_attack(BA, to_battle, (NO_WA, NO_COUNTER, NO_BLOCK), target_in_play=False),
            activating=M_UID,
        ),
        Step(
            index=8,
            timing=BA.value,
            caption=(
                "Player A has no more pending effects, so Salamon's [On Deletion] activates: "
                "<Recovery +1 (Deck)> puts Magnadramon on top of the Security Stack."
            ),
            rules=("CR 15-4-3-5", "CR 16-6"),
            pending=_gen1(S.RESOLVED, S.RESOLVED, S.ACTIVATING),
            board=_board(
                _side_a(suspended=True), _side_b(salamon=False, security=2, deck=24, trash=(WYVERN, SALA))
            ),
            attack=_attack(BA, to_battle, (NO_WA, NO_COUNTER, NO_BLOCK), target_in_play=False),
            activating=S_UID,
        ),
        Step(
            index=9,
            timing=PI.value,
            caption="<Piercing> activated in this attack, so HerculesKabuterimon checks security now.",
            rules=("CR 16-7-4", "CR 16-7-5"),
            pending=(),
            board=_board(
                _side_a(suspended=True), _side_b(salamon=False, security=2, deck=24, trash=(WYVERN, SALA))
            ),
            attack=_attack(PI, (*to_battle, PI), (NO_WA, NO_COUNTER, NO_BLOCK), target_in_play=False),
        ),
        Step(
            index=10,
            timing=SC.value,
            caption="The top security card is flipped: Magnadramon, 12000 DP. They battle.",
            rules=("CR 13-1-2", "CR 14-1"),
            pending=(),
            board=_board(
                _side_a(suspended=True),
                _side_b(salamon=False, security=1, deck=24, trash=(WYVERN, SALA), revealed=MAGNA),
            ),
            attack=_attack(
                SC, (*to_battle, PI, SC), (NO_WA, NO_COUNTER, NO_BLOCK), checked=(MAGNA,), target_in_play=False
            ),
        ),
        Step(
            index=11,
            timing=SC.value,
            caption="Equal DP: HerculesKabuterimon is deleted. Magnadramon is a Security Digimon, so it goes to the trash.",
            rules=("CR 14-2-1-3", "CR 14-2-3"),
            pending=(),
            board=_board(
                _side_a(herc=False, trash=(HERC, MEGA)),
                _side_b(salamon=False, security=1, deck=24, trash=(MAGNA, WYVERN, SALA)),
            ),
            attack=_attack(
                SC,
                (*to_battle, PI, SC),
                (NO_WA, NO_COUNTER, NO_BLOCK),
                checked=(MAGNA,),
                attacker_in_play=False,
                target_in_play=False,
            ),
            differs=(
                "The wiki's procedure (step 8.4.1) deletes the attacker only on lower DP; "
                "CR 14-2-1-3 deletes it on equal DP too, as the wiki's own example does."
            ),
        ),
        Step(
            index=12,
            timing=EA.value,
            caption="End of attack: there is no [End of Attack] effect to trigger.",
            rules=("CR 11-6",),
            pending=(),
            board=_board(
                _side_a(herc=False, trash=(HERC, MEGA)),
                _side_b(salamon=False, security=1, deck=24, trash=(MAGNA, WYVERN, SALA)),
            ),
            attack=_attack(
                EA,
                (*to_battle, PI, SC, EA),
                (NO_WA, NO_COUNTER, NO_BLOCK, NO_EOA),
                checked=(MAGNA,),
                attacker_in_play=False,
                target_in_play=False,
            ),
        ),
        Step(
            index=13,
            timing=AO.value,
            caption="The attack is over. Player B has 1 security card left.",
            rules=("CR 11-6-2",),
            pending=(),
            board=_board(
                _side_a(herc=False, trash=(HERC, MEGA)),
                _side_b(salamon=False, security=1, deck=24, trash=(MAGNA, WYVERN, SALA)),
            ),
            attack=_attack(
                AO,
                (*to_battle, PI, SC, EA, AO),
                (NO_WA, NO_COUNTER, NO_BLOCK, NO_EOA),
                checked=(MAGNA,),
                attacker_in_play=False,
                target_in_play=False,
            ),
        ),
    ]
    return Trace(
        scenario="attack-resolution-5",
        title="Attack Resolution, example 5: Piercing after three simultaneous triggers",
        ruleset="CR Ver.4.2",
        steps=tuple(steps),
        result=TraceResult(
            activation_order=(PIERCING_LABEL, MEGA_LABEL, SALA_LABEL),
            deleted=(SALA.label, HERC.label),
            security=(("A", 4), ("B", 1)),
            memory=2,
            winner=None,
        ),
    )


def branch_after_order(step_index: int, label: str) -> Trace:
    """A stand-in for ``digiteach.scenario.branch`` over :func:`attack_example_5`.

    Only step 5 (the order decision) and step 0 (the attack) accept answers. At step 5, choosing
    MegaKabuterimon first gives a trace whose step 6 activates MegaKabuterimon. Any label that is not
    one of the step's options raises ``ValueError`` naming the rule, as the engine's ``IllegalAnswer`` does.
    """
    base = attack_example_5()
    step = base.steps[step_index]
    if step.decision is None:
        raise ValueError(f"step {step_index} asks nothing; there is no choice to make here")
    if label not in step.decision.options:
        raise ValueError(
            f"{label!r} is not a legal answer (CR 15-4-3-5); legal: " + ", ".join(step.decision.options)
        )
    if step_index == 5 and label == MEGA_LABEL:
        prefix = base.steps[:5] + (replace(base.steps[5], choice=MEGA_LABEL),)
        mega_first = replace(
            base.steps[7],
            index=6,
            pending=_gen1(S.PENDING, S.ACTIVATING, S.PENDING),
            caption="MegaKabuterimon's [Your Turn] activates first and trashes Wyvern's Breath.",
        )
        piercing_next = replace(
            base.steps[6], index=7, pending=_gen1(S.ACTIVATING, S.RESOLVED, S.PENDING), board=mega_first.board
        )
        rest = tuple(replace(s, index=i) for i, s in enumerate(base.steps[8:], start=8))
        return replace(base, steps=prefix + (mega_first, piercing_next) + rest)
    if step_index == 0 and label == ATTACK_PLAYER:
        raise ValueError("the engine would attack Player B here; this fixture only knows the documented line")
    return base


def alliance_two_generations() -> Step:
    """Attack Resolution example 10, step 1.2: two generations, the newer one caused by <Alliance>."""
    wendigo = CardView("EX4-054", "Wendigomon")
    turuie = CardView("EX4-025", "Turuiemon")
    lopmon = CardView("EX4-034", "Lopmon")
    pinamon = CardView("BT6-004", "Pinamon")
    kentauros = CardView("BT3-043", "Kentaurosmon")
    alliance = PendingEffectView(
        21, "A", wendigo, "Alliance", "Activate <Alliance> of EX4-054 Wendigomon", False, 0, S.RESOLVED, caused=2
    )
    pina = PendingEffectView(
        22, "A", pinamon, "When Attacking", "Activate [When Attacking] of BT6-004 Pinamon", False, 1, S.PENDING
    )
    lop = PendingEffectView(
        23, "A", lopmon, "Your Turn", "Activate [Your Turn] of EX4-034 Lopmon", True, 0, S.ACTIVATING
    )
    a = SideView(
        "A",
        (
            StackView(31, turuie, (), 4000, True, keywords=("Alliance",)),
            StackView(32, wendigo, (lopmon, pinamon), 8000, True, keywords=("Alliance", "Security A. +1")),
        ),
        None,
        5,
        4,
        30,
        (),
    )
    b = SideView("B", (StackView(33, kentauros, (), 11000, True),), None, 5, 5, 30, ())
    return Step(
        index=3,
        timing=T.DECLARATION.value,
        caption="Suspending Turuiemon for <Alliance> triggers Lopmon's [Your Turn]: a newer generation, so it comes first.",
        rules=("CR 15-4-5-2", "CR 15-4-5-3", "Attack Resolution ex. 10 step 1.2"),
        pending=(
            GenerationView(1, (alliance, pina), cause="attack declaration"),
            GenerationView(2, (lop,), cause="activation of <Alliance> of EX4-054 Wendigomon"),
        ),
        board=BoardView("A", Phase.MAIN.value, 1, (a, b)),
        attack=AttackView(
            attacker=wendigo.label,
            attacker_player="A",
            target=kentauros.label,
            timing=T.DECLARATION.value,
            path=(T.DECLARATION.value,),
        ),
        activating=23,
        decision=DecisionView("A", "optional", "Use Lopmon's [Your Turn]?", ("Digivolve into EX4-057 Antylamon", "Don't activate")),
    )


def statuses_step() -> Step:
    """One generation per player lane with every status (from Attack Resolution ex. 11 and R09)."""
    gulf = CardView("EX2-043", "Gulfmon")
    gran = CardView("BT9-079", "GranDracmon")
    rose = CardView("BT1-082", "Rosemon")
    venom = CardView("BT2-079", "VenomMyotismon")
    agumon = CardView("BT13-008", "Agumon")
    effects = (
        PendingEffectView(41, "A", gran, "End of Attack", "Activate [End of Attack] of BT9-079 GranDracmon", True, False, S.RESOLVED, caused=2),
        PendingEffectView(42, "A", gulf, "When Digivolving", "Activate <Blitz> of EX2-043 Gulfmon", True, False, S.FAILED),
        PendingEffectView(43, "B", rose, "Opponent's Turn", "Activate [Opponent's Turn] of BT1-082 Rosemon", True, False, S.DECLINED),
        PendingEffectView(44, "B", venom, "Opponent's Turn", "Activate [Opponent's Turn] of BT2-079 VenomMyotismon", False, False, S.LOST),
        PendingEffectView(45, "A", gulf, "Your Turn", "Activate [Your Turn] of EX2-043 Gulfmon", False, True, S.ACTIVATING),
        PendingEffectView(46, "B", agumon, "Opponent's Turn", "Activate [Opponent's Turn] of BT13-008 Agumon", True, True, S.PENDING),
    )
    base = attack_example_5().steps[12]
    return replace(
        base,
        index=12,
        pending=(GenerationView(1, effects[:4], cause="end of attack"), GenerationView(2, effects[4:], cause="digivolution into EX2-043 Gulfmon")),
        activating=45,
    )


def ended_attack_step() -> Step:
    """Ruling R19: B's BT5-111 Omnimon (X Antibody) ends the attack at declaration; the end of attack comes next."""
    skull = CardView("EX1-062", "SkullGreymon")
    base = attack_example_5().steps[12]
    return replace(
        base,
        timing=T.END_OF_ATTACK.value,
        attack=AttackView(
            attacker=skull.label,
            attacker_player="A",
            target="Player B",
            timing=T.END_OF_ATTACK.value,
            path=(T.DECLARATION.value, T.END_OF_ATTACK.value),
            notes=((T.DECLARATION.value, "attack ended by BT5-111 Omnimon (X Antibody)"),),
            ended_by_effect=True,
        ),
        caption="The attack was ended at declaration: no counter timing, no block timing, no security check.",
        rules=("CR 15-15-1-1",),
        differs="",
    )


HOSTILE = '"><script>alert(1)</script>{x}\\n\\\\ & </table> ]; node [shape=none]\nsecond line \\'


def hostile_step() -> Step:
    """Every free-text field a scenario can carry, filled with DOT/HTML/SVG metacharacters."""
    evil_card = CardView('EV-"1"<>{}\\', HOSTILE)
    evil_effect = PendingEffectView(
        99, "A", evil_card, 'When "Attacking" <b>\\', "Activate " + HOSTILE, True, True, S.ACTIVATING, caused=None
    )
    a = SideView(
        "A",
        (StackView(91, evil_card, (evil_card,), 5000, False, keywords=(HOSTILE,)),),
        StackView(92, evil_card, (), None, False, kind="Digi-Egg"),
        3,
        2,
        10,
        (evil_card,),
    )
    b = SideView("B", (StackView(93, evil_card, (), 1000, True),), None, 0, 2, 10, (), revealed=evil_card)
    return Step(
        index=0,
        timing=T.COUNTER.value,
        caption=HOSTILE,
        rules=(HOSTILE,),
        pending=(GenerationView(1, (evil_effect,), cause=HOSTILE),),
        board=BoardView("A", Phase.MAIN.value, -3, (a, b)),
        attack=AttackView(
            attacker=evil_card.label,
            attacker_player="A",
            target=evil_card.label,
            timing=T.COUNTER.value,
            path=(T.DECLARATION.value, T.COUNTER.value),
            notes=((T.DECLARATION.value, HOSTILE), (T.COUNTER.value, HOSTILE)),
            checked=(evil_card,),
        ),
        activating=99,
        decision=DecisionView("B", "counter", HOSTILE, (HOSTILE, "Don't activate")),
        choice=HOSTILE,
        differs=HOSTILE,
    )


def hostile_trace() -> Trace:
    """Two hostile steps in a trace whose id and title are hostile too."""
    s0 = hostile_step()
    s1 = replace(s0, index=1, attack=None, timing=Phase.MAIN.value, pending=())
    return Trace(
        scenario=HOSTILE,
        title=HOSTILE,
        ruleset="CR Ver.4.2",
        steps=(s0, s1),
        result=TraceResult((), (), (("A", 3), ("B", 0)), -3, None),
    )
