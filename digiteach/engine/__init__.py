"""The rules engine (CR Ver.4.2): build a state from a Setup, start an action, step, record.

Public API:

- :func:`initial_state` ``(setup, cards) -> State``
- :func:`begin` ``(state, action) -> State``: starts an opening action and performs its first step;
  raises :class:`IllegalAction` naming the rule.
- :func:`step` ``(state, answer=None) -> State``: advances one step; ``answer`` is an option label (or
  an unambiguous prefix) of ``state.decision``; raises :class:`IllegalAnswer` listing the legal labels.
- :func:`run` ``(state, answers) -> list[State]``: the history from ``state`` (included) until finished
  or a decision is open with no answers left.
- :func:`to_step` / :func:`to_result`: the plain-data views.

The turn (CR 6): after an opening action the turn-end condition is checked (CR 6-1-4-1); the end of the
turn plays [End of Your Turn] effects (CR 6-6, 15-8-3-6) and the turn passes unless memory came back
(CR 6-6-4). ``Action("pass")`` and ``Action("end_turn")`` go on through the next turn's unsuspend, draw and
breeding phases (a "breeding" decision when there is something to hatch or move) and finish as its main
phase begins (``state.phase is Phase.MAIN``, ``state.finished``). Any other action that ends the turn
finishes where the turn passed (the new turn player in the unsuspend phase, nothing done yet), so the
board shows the end of that turn; ``Action("start_turn")`` then plays the new turn up to its main phase.

>>> from digiteach.setup import Setup, SideSetup, StackSetup, Action, StackRef
>>> from digiteach.cards import load_library
>>> setup = Setup(turn_player="A", memory=3, sides=(
...     SideSetup(battle_area=(StackSetup(("BT1-080",)),)),
...     SideSetup(security=("BT1-064",))))
>>> s = begin(initial_state(setup, load_library()), Action("attack", card=StackRef("A", 0)))
>>> history = run(s, [])
>>> history[-1].players[1].security
()
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from digiteach.cards import Card
from digiteach.decisions import IllegalAction, IllegalAnswer, match_answer
from digiteach.effects import Effect
from digiteach.engine import core as c
from digiteach.engine.customs import register_custom
from digiteach.engine.handlers import HANDLERS
from digiteach.engine.rules.attack import attack_targets
from digiteach.engine.trace import board_view, to_result, to_step
from digiteach.engine import custom  # noqa: F401  (registers the card functions)
from digiteach.setup import Action, Setup, StackRef, StackSetup
from digiteach.keywords import parse_keyword
from digiteach.state import (
    PLAYER_TARGET,
    Modifier,
    ActivateFrame,
    AttackFrame,
    DigivolveFrame,
    Event,
    FlushFrame,
    Player,
    ResolveFrame,
    Stack,
    StartTurnFrame,
    StartTurnStage,
    State,
    TurnEndFrame,
)
from digiteach.terms import AttackTiming, EffectStatus, Phase, Timing

__all__ = [
    "initial_state",
    "begin",
    "step",
    "run",
    "to_step",
    "to_result",
    "board_view",
    "legal_attacks",
    "register_custom",
    "IllegalAction",
    "IllegalAnswer",
    "RULESETS",
]

RULESETS: tuple[str, ...] = ("CR 4.2",)
"""Rulesets the engine implements."""

_MAX_HANDLER_CALLS = 10_000


def initial_state(setup: Setup, cards: Mapping[str, Card]) -> State:
    """Build the State for ``setup``, giving every card a uid (CR 3-1).

    Raises:
        ValueError: for an unknown ruleset, an unknown card number or a bad memory value.
    """
    if setup.ruleset not in RULESETS:
        raise ValueError(f"ruleset {setup.ruleset!r} is not implemented; expected one of {RULESETS}")
    if not -10 <= setup.memory <= 10:
        raise ValueError(f"memory {setup.memory} is outside -10..10 (CR 1-4-2-2)")
    table: list[Card] = []
    owners: list[int] = []
    next_iid = [1]

    def uid(number: str, owner: int) -> int:
        if number not in cards:
            raise ValueError(f"unknown card number {number!r} for Player {'AB'[owner]}; add it to the card library "
                             "or the scenario's inline cards")
        table.append(cards[number])
        owners.append(owner)
        return len(table) - 1

    gained: list[Modifier] = []

    def stack(ss: StackSetup, owner: int) -> Stack:
        iid = next_iid[0]
        next_iid[0] += 1
        for text in getattr(ss, "gained", ()):
            try:
                parse_keyword(text)
            except ValueError as exc:
                raise ValueError(f"Player {'AB'[owner]}'s {ss.cards[0]} gained {text!r}: {exc}") from None
            gained.append(Modifier("keyword", iid, keyword=text, duration="turn", player=owner, turn=setup.turn,
                                   source="an earlier effect"))
        return Stack(iid=iid, cards=tuple(uid(n, owner) for n in ss.cards), suspended=ss.suspended,
                     placed_this_turn=ss.placed_this_turn)

    players: list[Player] = []
    for p, side in enumerate(setup.sides):
        players.append(Player(
            battle=tuple(stack(ss, p) for ss in side.battle_area),
            breeding=stack(side.breeding_area, p) if side.breeding_area is not None else None,
            hand=tuple(uid(n, p) for n in side.hand),
            deck=tuple(uid(n, p) for n in side.deck),
            egg_deck=tuple(uid(n, p) for n in side.egg_deck),
            security=tuple(uid(n, p) for n in side.security),
            trash=tuple(uid(n, p) for n in side.trash),
        ))
    try:
        phase = Phase(setup.phase)
    except ValueError:
        raise ValueError(f"unknown phase {setup.phase!r}; expected one of {[p.value for p in Phase]}") from None
    return State(
        ruleset=setup.ruleset,
        cards=tuple(table),
        owners=tuple(owners),
        players=(players[0], players[1]),
        turn_player=0 if setup.turn_player == "A" else 1,
        memory=setup.memory,
        phase=phase,
        turn=setup.turn,
        next_id=max(1000, next_iid[0] + 1),
        modifiers=tuple(gained),
        timing=phase.value,
    )


def _ref(s: State, ref: StackRef | None, what: str) -> Stack:
    if ref is None:
        raise IllegalAction(f"the action needs {what}")
    p = 0 if ref.player == "A" else 1
    pl = s.players[p]
    if ref.area == "breeding":
        if pl.breeding is None:
            raise IllegalAction(f"Player {ref.player} has nothing in the Breeding Area")
        return pl.breeding
    if not 0 <= ref.index < len(pl.battle):
        raise IllegalAction(f"Player {ref.player} has no Battle Area stack {ref.index} (has {len(pl.battle)})")
    return pl.battle[ref.index]


def legal_attacks(s: State) -> list[tuple[int, int]]:
    """(attacker iid, target) pairs the turn player may declare now (CR 11-2, 7-1-2-1); target is an iid
    or ``state.PLAYER_TARGET``."""
    if s.frames or s.decision is not None or s.winner is not None or s.attack is not None or s.phase is not Phase.MAIN:
        return []
    out: list[tuple[int, int]] = []
    for st in s.players[s.turn_player].battle:
        if _attack_problem(s, st) is None:
            out.extend((st.iid, t) for t in attack_targets(s, st.iid))
    return out


def _attack_problem(s: State, st: Stack) -> str | None:
    if s.cards[st.top].kind != "Digimon":
        return "only Digimon attack (CR 11-1-2)"
    if st.suspended:
        return "a suspended Digimon cannot attack: attacking suspends it (CR 11-2-5)"
    if st.placed_this_turn and not c.has_keyword(s, st.iid, "Rush"):
        return "a Digimon placed on the field this turn cannot attack yet (CR 7-1-2-1)"
    if c.cant_attack_or_block(s, st.iid):
        return "an effect stops this Digimon attacking (CR 15-1-3)"
    return None


def _hand_card(s: State, player: int, number: str | None, rule: str) -> int:
    """uid of the first card numbered ``number`` in ``player``'s hand.

    Raises:
        IllegalAction: citing ``rule`` (the action's rule) when no such card is in that hand.
    """
    uid = next((u for u in s.players[player].hand if s.cards[u].number == number), None)
    if uid is None:
        raise IllegalAction(f"{number!r} is not in Player {'AB'[player]}'s hand ({rule})")
    return uid


def _require_payable(s: State, player: int, cost: int, what: str) -> None:
    """Refuse to declare a use whose cost cannot be paid (CR 1-3-11): paying moves the marker by exactly the
    cost (CR 4-2-2) and the gauge ends at 10 on the opponent's side (CR 1-4-2-2).

    Raises:
        IllegalAction: naming the rules, when ``cost`` is more than memory + 10.
    """
    room = c.memory_of(s, player) + 10
    if cost > room:
        raise IllegalAction(f"{what} costs {cost} memory, but {c.pname(player)} can pay at most {room} "
                            "(the gauge ends at 10 on the opponent's side; CR 1-3-11, 1-4-2-2, 4-2-2)")


def begin(state: State, action: Action) -> State:
    """Start ``action`` and perform its first step (e.g. the attack declaration).

    Main-phase actions (attack, digivolve, play, use, activate, pass) need the main phase. After the opening
    action's processing, the turn-end condition is checked (CR 6-1-4-1): if the turn player's memory is on the
    opponent's side, the end-of-turn timing comes ([End of Your Turn] effects, CR 6-6, 15-8-3-6) and the turn
    passes unless memory came back (CR 6-6-4). After a ``"pass"`` or ``"end_turn"`` the next player's unsuspend,
    draw and breeding phases follow and the play finishes as their main phase begins (CR 6-2..6-5); after any
    other action that ends the turn, the play finishes where the turn passed (the board at the end of that turn)
    and ``Action("start_turn")`` plays the new turn up to its main phase.

    Raises:
        IllegalAction: when processing is unresolved (CR 6-5-1), the game is over, the phase is wrong for the
        action (CR 6-5-1, 6-1-2), or the action breaks a rule (the message names it).
    """
    s = state
    if s.winner is not None:
        raise IllegalAction("the game is over (CR 1-2)")
    if s.frames or s.decision is not None:
        raise IllegalAction("actions are taken only when no processing is unresolved (CR 6-5-1)")
    tp = s.turn_player
    if action.kind == "start_turn":
        stages = {Phase.UNSUSPEND: StartTurnStage.START, Phase.DRAW: StartTurnStage.DRAW, Phase.BREEDING: StartTurnStage.BREEDING}
        if s.phase not in stages:
            raise IllegalAction(f"{c.pname(tp)} is in the {s.phase.value}; \"start_turn\" plays the unsuspend, draw "
                                "and breeding phases of a turn that has not reached its main phase (CR 6-1-2)")
        return step(replace(s, caption="", rules=(), differs="", choice=None,
                            frames=(StartTurnFrame(stage=stages[s.phase]),)))
    if s.phase is not Phase.MAIN and not (action.kind == "end_turn" and s.phase is Phase.END_OF_TURN):
        raise IllegalAction(f"{c.pname(tp)} is in the {s.phase.value}: a {action.kind!r} action is taken in the main "
                            "phase (CR 6-5-1); begin Action(\"start_turn\") to play the turn up to its main phase")
    if s.memory < 0 and action.kind != "end_turn":
        raise IllegalAction(f"{c.pname(1 - tp)} has {-s.memory} memory and nothing is left to process, so the turn-end "
                            f"condition is met and {c.pname(tp)} takes no more actions (CR 6-1-4-1); begin "
                            "Action(\"end_turn\") to play the end of the turn")
    s = replace(s, caption="", rules=(), differs="", choice=None, log=s.log)
    if action.kind == "attack":
        st = _ref(s, action.card, "an attacking Digimon (card)")
        if c.find(s, st.iid) is None or c.find(s, st.iid)[0] != tp:  # type: ignore[index]
            raise IllegalAction("only the turn player attacks, with a Digimon in their Battle Area (CR 11-1-2)")
        problem = _attack_problem(s, st)
        if problem:
            raise IllegalAction(problem)
        if s.attack is not None:
            raise IllegalAction("no attack can be declared during an attack (CR 11-2-4)")
        target = PLAYER_TARGET
        if action.target is not None:
            tst = _ref(s, action.target, "a target")
            hit = c.find(s, tst.iid)
            if hit is None or hit[0] == tp:
                raise IllegalAction("the target must be the opponent or one of the opponent's Digimon (CR 11-2-7-1)")
            if tst.iid not in attack_targets(s, st.iid):
                raise IllegalAction("only the opponent's suspended Digimon can be attacked (CR 11-2-7-1)")
            target = tst.iid
        s = replace(s, frames=(TurnEndFrame(), AttackFrame(stage=AttackTiming.DECLARATION, target=target,
                                                           attacker=st.iid)))
    elif action.kind == "digivolve":
        st = _ref(s, action.card, "the Digimon that digivolves (card)")
        owner = c.find(s, st.iid)
        if (owner is not None and owner[0] != tp) or (action.card is not None and action.card.player != "AB"[tp]):
            raise IllegalAction(f"{c.pname(tp)} digivolves only their own Digimon (CR 8-1)")
        uid = _hand_card(s, tp, action.hand_card, "CR 8-1-3")
        new, top = s.cards[uid], s.cards[st.top]
        if top.kind not in ("Digimon", "Digi-Egg"):
            raise IllegalAction(f"{top.label} is a {top.kind}; only a Digimon or a Digi-Egg digivolves (CR 8-1)")
        # A given cost (an effect changed it) replaces the printed one; the requirements the card data lists
        # still apply (CR 8-1-3). A card with no requirements in the data (not modelled) needs a given cost.
        costs = [d.cost for d in new.digivolve if d.accepts(top)]
        if not costs and (action.cost is None or new.digivolve):
            raise IllegalAction(f"{top.label} does not meet the digivolution requirements of {new.label} (CR 8-1)")
        cost = min(costs) if action.cost is None else action.cost
        _require_payable(s, tp, cost, f"Digivolving into {new.label}")
        s = replace(s, frames=(TurnEndFrame(), ResolveFrame(), FlushFrame("digivolution"),
                               DigivolveFrame(iid=st.iid, card=uid, cost=cost, player=tp)))
    elif action.kind == "activate":
        st = _ref(s, action.card, "the card whose [Main] effect is activated (card)")
        mains = [(e, i) for e, src, slot, i in c.effects_of(s, st)
                 if isinstance(e, Effect) and e.timing is Timing.MAIN and slot == "main"]
        if not mains:
            raise IllegalAction(f"{s.cards[st.top].label} has no [Main] effect to activate (CR 15-8-4)")
        e, _i = mains[0]
        label = f"Activate {e.name} of {s.cards[st.top].label}"
        s = replace(s, log=s.log + (("activated", label),))
        s = replace(s, frames=(TurnEndFrame(), ResolveFrame(),
                               ActivateFrame(effect=e, owner=tp, label=label, holder=st.iid, source=st.top)))
        s = c.say(s, f"{c.pname(tp)} activates {e.name} of {s.cards[st.top].label}.", "CR 15-8-4")
    elif action.kind == "play":
        pl = s.players[tp]
        uid = _hand_card(s, tp, action.hand_card, "CR 7-1")
        cd = s.cards[uid]
        if cd.kind not in ("Digimon", "Tamer") or cd.play_cost is None:
            raise IllegalAction(f"{cd.label} cannot be played (CR 7-1)")
        _require_payable(s, tp, cd.play_cost, f"Playing {cd.label}")
        s = c.set_player(s, tp, replace(pl, hand=tuple(u for u in pl.hand if u != uid)))
        s = c.gain_memory(s, tp, -cd.play_cost)
        s, iid = c.new_id(s)
        pl = s.players[tp]
        s = c.set_player(s, tp, replace(pl, battle=pl.battle + (Stack(iid=iid, cards=(uid,), placed_this_turn=True),)))
        s = c.say(s, f"{c.pname(tp)} plays {cd.label} for {cd.play_cost} memory.", "CR 7-1")
        s = c.trigger(s, Event("played", tp, iid, uid, by=tp))
        s = replace(s, frames=(TurnEndFrame(), ResolveFrame(), FlushFrame(f"play of {cd.label}")))
        return s
    elif action.kind == "use":
        pl = s.players[tp]
        uid = _hand_card(s, tp, action.hand_card, "CR 9-1")
        cd = s.cards[uid]
        option_mains = [e for e in cd.effects if isinstance(e, Effect) and e.timing is Timing.MAIN]
        dual = cd.kind == "Digimon" and cd.use_cost is not None  # a DUAL card used as an Option (CR 4-20)
        if (cd.kind != "Option" and not dual) or not option_mains:
            raise IllegalAction(f"{cd.label} is not an Option with a [Main] effect (CR 9-1)")
        missing = c.missing_colours(s, tp, cd)
        if missing:
            raise IllegalAction(
                f"{cd.label} ({'/'.join(cd.colors)}) cannot be used: its colour requirement needs a Digimon or Tamer of "
                f"each of its colours on Player {'AB'[tp]}'s field, and none is {' or '.join(missing)} "
                "(CR 4-22, 9-1-1; a multicolour Option needs all its colours, CR 4-22-3)")
        _require_payable(s, tp, cd.use_cost or 0, f"Using {cd.label}")
        s = c.set_player(s, tp, replace(pl, hand=tuple(u for u in pl.hand if u != uid)))
        s = replace(s, limbo=s.limbo + (uid,))
        s = c.gain_memory(s, tp, -(cd.use_cost or 0))
        label = f"Activate [Main] of {cd.label}"
        s = replace(s, log=s.log + (("activated", label),))
        s = c.say(s, f"{c.pname(tp)} uses {cd.label} for {cd.use_cost or 0} memory; its [Main] effect is processed "
                     "at once.", "CR 9-1")
        s = c.trigger(s, Event("option_used", tp, None, uid, by=tp))
        s = replace(s, frames=(TurnEndFrame(), ResolveFrame(), FlushFrame(f"use of {cd.label}", option=uid),
                               ActivateFrame(effect=option_mains[0], owner=tp, label="[Main] " + label, holder=None,
                                             source=uid, started=True)))
        return s
    elif action.kind == "pass":
        s = replace(s, frames=(TurnEndFrame(passed=True, go_on=True),))
    elif action.kind == "end_turn":
        s = replace(s, frames=(TurnEndFrame(go_on=True),))
    else:
        raise IllegalAction(f"action kind {action.kind!r} is not supported by the engine yet")
    if s.caption:
        return s
    return step(s)


def step(state: State, answer: str | None = None) -> State:
    """Advance one step: process until something visible happens, a decision opens or nothing is left.

    Raises:
        IllegalAnswer: if a decision is open and ``answer`` is missing or not one of its labels (the
        message lists the legal labels and the rule), or if an answer is given with no decision open.
        IllegalAction: if the state is finished (nothing to step).
    """
    if state.decision is not None:
        if answer is None:
            match_answer(state.decision, "\0")
        else:
            match_answer(state.decision, answer)
    elif answer is not None:
        raise IllegalAnswer(f"{answer!r} given but no decision is open")
    if state.finished:
        raise IllegalAction("nothing left to process: the action is finished")
    s = replace(state, caption="", rules=(), differs="", choice=None)
    for _ in range(_MAX_HANDLER_CALLS):
        f = s.frames[-1]
        s = HANDLERS[type(f)](s, f, answer)
        answer = None
        if s.winner is not None or s.decision is not None or not s.frames:
            break
        top = s.frames[-1]
        if s.caption and not (isinstance(top, ActivateFrame) and not top.started) and not isinstance(top, FlushFrame):
            break
    else:  # pragma: no cover - guards against engine bugs
        raise RuntimeError("the engine made no visible progress in 10000 handler calls")
    s = _mark_lost(s)
    timing = s.attack.timing.value if s.attack is not None else s.phase.value
    return replace(s, timing=timing)


def _mark_lost(s: State) -> State:
    """CR 15-4-4-3: a pending effect whose Digimon left the Battle Area (became a new card) is lost at once,
    unless it was triggered by its own card's deletion (CR 4-15-2)."""
    lost = [p for g in s.pending for p in g.effects
            if p.status is EffectStatus.PENDING and not p.own_deletion and p.holder is not None
            and not c.in_battle_area(s, p.holder)]
    if not lost:
        return s
    ids = {p.pid for p in lost}
    gens = tuple(replace(g, effects=tuple(replace(p, status=EffectStatus.LOST) if p.pid in ids else p
                                          for p in g.effects)) for g in s.pending)
    s = replace(s, pending=gens)
    for p in lost:
        s = c.say(s, f"Pending {p.effect.name} of {c.label(s, p.source)} is lost: its card left the Battle Area.",
                  "CR 15-4-4-3")
    return s


def run(state: State, answers: Sequence[str]) -> list[State]:
    """Step from ``state`` until finished, or until a decision is open and no answers remain.

    Returns the history: ``[state, next, ...]`` (``state`` included, so ``history[i - 1]`` is always
    the step before). Answers are used in order, one per decision.

    Raises:
        IllegalAnswer: when an answer does not fit the decision it meets.
    """
    history = [state]
    queue = list(answers)
    s = state
    while not s.finished:
        if s.decision is not None:
            if not queue:
                break
            s = step(s, queue.pop(0))
        else:
            s = step(s)
        history.append(s)
    return history
