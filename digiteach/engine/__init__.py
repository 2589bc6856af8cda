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

from digiteach.copying import changed_state, replace
from typing import Mapping, Sequence

from digiteach import rulesets
from digiteach.cards import Card
from digiteach.decisions import EndlessLoop, IllegalAction, IllegalAnswer, answer_required, match_answer
from digiteach.engine import core as c
from digiteach.engine.customs import register_custom
from digiteach.engine.handlers import HANDLERS
from digiteach.engine.opening import ACTIONS, check_can_act, legal_attacks
from digiteach.engine.rules.resolution import MAX_PENDING_GENERATIONS, loop_end, loop_over
from digiteach.engine.trace import board_view, to_result, to_step
from digiteach import effects as fx
from digiteach.engine.filters import Where, candidates
from digiteach.setup import Action, InForce, Setup, StackSetup
from digiteach.keywords import parse_keyword
from digiteach.state import SET_IID, FlushFrame, Modifier, ActivateFrame, Player, ResolveFrame, Stack, State
from digiteach.terms import EffectStatus, Phase

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
    "EndlessLoop",
    "RULESETS",
]

RULESETS: tuple[str, ...] = rulesets.NAMES
"""Names of the rulesets the engine implements (see :mod:`digiteach.rulesets`)."""

MAX_HANDLER_CALLS = 10_000
"""Handler calls one :func:`step` may make before it gives up with :class:`EndlessLoop` (no visible progress)."""



def initial_state(setup: Setup, cards: Mapping[str, Card]) -> State:
    """Build the State for ``setup``, giving every card a uid (CR 3-1).

    Raises:
        ValueError: for an unknown ruleset, an unknown card number, a bad memory value, a turn player other than
            "A" or "B", or a stack without cards.
        TypeError: for a memory or turn number that is not a whole number (``int``; ``True`` and ``3.5`` are not).
    """
    rules = rulesets.ruleset(setup.ruleset)
    for name, value in (("memory", setup.memory), ("turn", setup.turn)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"Setup.{name} must be a whole number (int), got {type(value).__name__} {value!r}")
    if setup.turn_player not in ("A", "B"):
        raise ValueError(f"Setup.turn_player must be 'A' or 'B', got {setup.turn_player!r}")
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
        if not ss.cards:
            raise ValueError(f"Player {'AB'[owner]} has a stack without cards; a StackSetup needs its top card at least")
        iid = next_iid[0]
        next_iid[0] += 1
        for text in getattr(ss, "gained", ()):
            try:
                parse_keyword(text)
            except ValueError as exc:
                raise ValueError(f"Player {'AB'[owner]}'s {ss.cards[0]} gained {text!r}: {exc}") from None
            gained.append(Modifier("keyword", iid, keyword=text, duration="turn", player=owner, turn=setup.turn,
                                   source="an earlier effect"))
        cards = tuple(uid(n, owner) for n in ss.cards)
        option = bool(cards) and table[cards[0]].kind == "Option" and getattr(ss, "by_effect", True)
        return Stack(iid=iid, cards=cards, suspended=ss.suspended, placed_this_turn=ss.placed_this_turn,
                     by_effect=option)

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
    s = State(
        ruleset=rules.name,
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
    return in_force(s, setup.in_force)


def in_force(s: State, changes: tuple[InForce, ...]) -> State:
    """Put the lasting changes of ``setup.in_force`` on the board, as modifiers an earlier effect made (CR 15-11-2:
    on the set the selector describes with ``lasting: set``, else on the Digimon it finds now).

    Raises:
        ValueError: for an action that is not a lasting change, or a target that is not a ``who: all`` selector.
    """
    for ch in changes:
        a = ch.action
        owner = 0 if ch.player == "A" else 1
        if not isinstance(a, (fx.ModifyDP, fx.ModifySecurityA, fx.GrantKeyword, fx.GrantEffect)):
            raise ValueError(f"in_force: {type(a).__name__} is not a lasting change (dp, security_a, grant_keyword, "
                             "grant_effect)")
        if a.target.who != "all":
            raise ValueError("in_force: the target must be a selector with who: all (the cards are not chosen)")
        kind = {fx.ModifyDP: "dp", fx.ModifySecurityA: "security_a", fx.GrantKeyword: "keyword",
                fx.GrantEffect: "effect"}[type(a)]
        common = {"kind": kind, "amount": getattr(a, "amount", 0), "keyword": getattr(a, "keyword", ""),
                  "effect": getattr(a, "effect", None), "duration": a.duration, "player": owner, "turn": s.turn,
                  "source": ch.source}
        if getattr(a, "lasting", "set") != "chosen":  # who: all is overall processing unless told otherwise
            s = c.modifier(s, Modifier(iid=SET_IID, scope=a.target, **common))  # type: ignore[arg-type]
            continue
        for iid in candidates(s, a.target, Where(owner=owner)):
            s = c.modifier(s, Modifier(iid=iid, **common))  # type: ignore[arg-type]
    return s


def begin(state: State, action: Action) -> State:
    """Start ``action`` and perform its first step (e.g. the attack declaration).

    Main-phase actions (attack, digivolve, play, use, activate, pass) need the main phase. After the opening
    action's processing, the turn-end condition is checked (CR 6-1-4-1): if the turn player's memory is on the
    opponent's side, the end-of-turn timing comes ([End of Your Turn] effects, CR 6-6, 15-8-3-6) and the turn
    passes unless memory came back (CR 6-6-4). After a ``"pass"`` or ``"end_turn"`` the next player's unsuspend,
    draw and breeding phases follow and the play finishes as their main phase begins (CR 6-2..6-5), once the
    [Start of Your Main Phase] effects that triggered then have resolved and the turn-end condition has been checked
    again (CR 15-16-13, 6-1-4-1); after any other action that ends the turn, the play finishes where the turn
    passed (the board at the end of that turn) and ``Action("start_turn")`` plays the new turn up to its main phase,
    the same way. Each action kind is one function of :data:`digiteach.engine.opening.ACTIONS`.

    Raises:
        IllegalAction: when processing is unresolved (CR 6-5-1), the game is over, the phase is wrong for the
        action (CR 6-5-1, 6-1-2), or the action breaks a rule (the message names it).
    """
    check_can_act(state, action)
    opening = ACTIONS.get(action.kind)
    if opening is None:
        raise IllegalAction(f"action kind {action.kind!r} is not supported by the engine yet")
    cleared = not (state.caption or state.rules or state.differs or state.choice is not None)
    s = opening(state if cleared else changed_state(state, _CLEARED), action)  # a new board has nothing to clear
    if s.caption:  # the action itself said something (a play, a use, an activation): that is the first step
        return s
    return step(s)


def step(state: State, answer: str | None = None) -> State:
    """Advance one step: process until something visible happens, a decision opens or nothing is left.

    Raises:
        IllegalAnswer: if a decision is open and ``answer`` is missing or not one of its labels (the
        message lists the legal labels and the rule), if ``answer`` is not a string, or if an answer is given
        with no decision open.
        IllegalAction: if the state is finished (nothing to step).
        EndlessLoop: processing does not end (CR 18-3-1; see :data:`MAX_PENDING_GENERATIONS`).
    """
    if answer is not None and not isinstance(answer, str):
        raise IllegalAnswer(f"an answer is an option label (a string), not {type(answer).__name__} {answer!r:.80}")
    if state.decision is not None:
        if answer is None:
            raise answer_required(state.decision)
        match_answer(state.decision, answer)
    elif answer is not None:
        raise IllegalAnswer(f"{answer!r} given but no decision is open")
    if state.winner is not None or (not state.frames and state.decision is None):  # state.finished
        raise IllegalAction("nothing left to process: the action is finished")
    if answer is None and state.frames and type(state.frames[-1]) is ResolveFrame and (
            not state.pending or loop_over(state)):  # no generation at all: nothing can be left to activate
        # the step opens on a resolution loop with nothing left to activate (the last step ended as its last
        # processing did): it ends in the same copy that clears the last step's caption
        ending = loop_end(state)
        ending.update(_CLEARED)  # loop_end's changes are a fresh dict and name none of these fields
        s = changed_state(state, ending)
        if s.frames:
            s = _process(s, None)
    else:
        s = _process(changed_state(state, _CLEARED), answer)
    if s.pending:
        s = _mark_lost(s)
    timing = s.attack.timing if s.attack is not None else s.phase  # StrEnum members: equal to their text
    return s if s.timing == timing else replace(s, timing=str(timing))


def _process(s: State, answer: str | None) -> State:
    """Run the handler of the top frame of ``s`` (given ``answer``), again and again until something visible happens
    (a caption, unless the next frame is a FlushFrame or an effect about to be activated), a decision opens, the game
    is won or no frame is left.

    Raises:
        EndlessLoop: see :func:`step` (too many nested generations are found where a generation is made,
        :func:`digiteach.engine.rules.resolution.h_flush`).
    """
    f = s.frames[-1]
    for _ in range(MAX_HANDLER_CALLS):
        s = HANDLERS[type(f)](s, f, answer)
        answer = None
        if s.decision is not None or s.winner is not None or not s.frames:
            return s
        f = s.frames[-1]  # the frame types have no subclasses: their type names them
        if s.caption and type(f) is not FlushFrame and (type(f) is not ActivateFrame or f.started):
            return s
    raise EndlessLoop(f"effects loop without end: no visible progress in {MAX_HANDLER_CALLS} handler calls "
                      "(CR 18-3-1)")


_CLEARED: dict[str, object] = {"caption": "", "rules": (), "differs": "", "choice": None}
"""What a step starts by clearing: the last step's caption, rule numbers, wiki note and answer."""


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
        s = c.tell(s, "pending.lost_new_card", effect=p.effect.name, card=c.label(s, p.source))
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
