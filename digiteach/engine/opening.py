"""The opening actions a player takes with nothing left to process (CR 6-5-1): attack, digivolve, play, use,
activate a [Main] effect, pass, end the turn, or play the start of a turn.

Each action kind has one function ``(state, action) -> State`` in :data:`ACTIONS` that checks the action
against the rules (raising :class:`~digiteach.decisions.IllegalAction` with the rule's number) and returns the
state with the action's frames pushed. :func:`digiteach.engine.begin` checks the phase, picks the function
and performs the first step.
"""

from __future__ import annotations

from digiteach.copying import replace
from typing import Callable

from digiteach.decisions import IllegalAction
from digiteach.effects import Effect
from digiteach import captions as cap
from digiteach.engine import core as c
from digiteach.engine.gauge import can_pay, pay_room
from digiteach.engine.option_use import colour_problem, take_and_pay
from digiteach.engine.rules.attack import attack_targets
from digiteach.engine.placed_options import DELAY, delay_problem, is_placed_option, use_effects
from digiteach.setup import Action, StackRef
from digiteach.state import (
    PLAYER_TARGET,
    ActivateFrame,
    AttackFrame,
    DigivolveFrame,
    Event,
    FlushFrame,
    ResolveFrame,
    Stack,
    StartTurnFrame,
    StartTurnStage,
    State,
    TurnEndFrame,
)
from digiteach.terms import AttackTiming, Phase, Timing

__all__ = [
    "ACTIONS",
    "Opening",
    "attack",
    "too_new",
    "digivolve",
    "activate",
    "play",
    "use",
    "pass_turn",
    "end_turn",
    "start_turn",
    "legal_attacks",
    "attack_problem",
    "check_can_act",
]

Opening = Callable[[State, Action], State]
"""(state with nothing unresolved, action) -> the state with the action's frames pushed."""


def stack_at(s: State, ref: StackRef | None, what: str) -> Stack:
    """The stack ``ref`` names (a Battle Area index or the Breeding Area).

    Raises:
        IllegalAction: ``ref`` is missing (the message says ``what`` the action needs) or names no stack.
    """
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
        if attack_problem(s, st) is None:
            out.extend((st.iid, t) for t in attack_targets(s, st.iid))
    return out


def too_new(s: State, st: Stack) -> bool:
    """True when the stack ``st`` came to the field this turn and has no <Rush>, so it cannot attack yet, whether by
    an attack declared in the main phase or one an effect allows (CR 7-1-2-1, 16-15-1; QA Q1898, Q3705)."""
    return st.placed_this_turn and not c.has_keyword(s, st.iid, "Rush")


def attack_problem(s: State, st: Stack) -> str | None:
    """Why the stack ``st`` cannot attack now (the sentence names the rule), or None if it can. Memoised per state
    (``s.cache``, checked to be this very stack): the attack begun on a state asks again what the legality check
    (:func:`legal_attacks`) asked there; every answer comes from the card table, the stack and queries of the state,
    which a copy that shares the cache has the same."""
    key = ("attack problem", st.iid)
    hit: tuple[Stack, str | None] | None = s.cache.get(key)
    if hit is not None and hit[0] is st:
        return hit[1]
    problem = _attack_problem(s, st)
    s.cache[key] = (st, problem)
    return problem


def _attack_problem(s: State, st: Stack) -> str | None:
    """:func:`attack_problem`, looked at (CR 11-1-2, 11-2-5, 7-1-2-1, 15-1-3)."""
    if s.cards[st.top].kind != "Digimon":
        return "only Digimon attack (CR 11-1-2)"
    if st.suspended:
        return "a suspended Digimon cannot attack: attacking suspends it (CR 11-2-5)"
    if too_new(s, st):
        return "a Digimon placed on the field this turn cannot attack yet (CR 7-1-2-1)"
    if c.cant_attack(s, st.iid):
        return "an effect stops this Digimon attacking (CR 15-1-3)"
    if c.cant_suspend(s, st.iid):
        return "an effect stops this Digimon suspending, and attacking suspends it (CR 11-2-5)"
    return None


def hand_card(s: State, player: int, number: str | None, rule: str) -> int:
    """uid of the first card numbered ``number`` in ``player``'s hand.

    Raises:
        IllegalAction: citing ``rule`` (the action's rule) when no such card is in that hand.
    """
    uid = next((u for u in s.players[player].hand if s.cards[u].number == number), None)
    if uid is None:
        raise IllegalAction(f"{number!r} is not in Player {'AB'[player]}'s hand ({rule})")
    return uid


def require_payable(s: State, player: int, cost: int, what: str) -> None:
    """Refuse to declare a use whose cost cannot be paid (CR 1-3-11): paying moves the marker by exactly the
    cost (CR 4-2-2) and the gauge ends at 10 on the opponent's side (CR 1-4-2-2).

    Raises:
        IllegalAction: naming the rules, when ``cost`` is more than memory + 10.
    """
    if not can_pay(s, player, cost):
        room = pay_room(s, player)
        raise IllegalAction(f"{what} costs {cost} memory, but {c.pname(player)} can pay at most {room} "
                            "(the gauge ends at 10 on the opponent's side; CR 1-3-11, 1-4-2-2, 4-2-2)")


def _ref_problem(ref: object) -> str | None:
    """What is wrong with ``ref`` as a place on the field (a :class:`StackRef`), or None."""
    if ref is None:
        return None
    if not isinstance(ref, StackRef):
        return f"{type(ref).__name__} {ref!r:.80} is not a StackRef (e.g. StackRef(\"A\", 0))"
    if ref.player not in ("A", "B"):
        return f"player {ref.player!r:.40} is not \"A\" or \"B\""
    if isinstance(ref.index, bool) or not isinstance(ref.index, int) or ref.index < 0:
        return f"index {ref.index!r:.40} is not a whole number 0 or more"
    if ref.area not in ("battle", "breeding"):
        return f"area {ref.area!r:.40} is not \"battle\" or \"breeding\""
    return None


def check_action_types(action: object) -> None:
    """Refuse an ``action`` whose fields have the wrong types (the public API is called from Python, not only
    from a checked scenario file).

    Raises:
        IllegalAction: ``action`` is not an :class:`Action`, ``card``/``target`` is not a ``StackRef`` (or None),
        ``hand_card`` not a string, ``cost`` not a whole number 0 or more, or ``extra`` not pairs of strings.
    """
    if not isinstance(action, Action):
        raise IllegalAction(f"{type(action).__name__} {action!r:.80} is not an Action (e.g. Action(\"attack\", "
                            "card=StackRef(\"A\", 0)))")
    if not isinstance(action.kind, str):
        raise IllegalAction(f"action kind {action.kind!r:.80} is not a string")
    for name in ("card", "target"):
        problem = _ref_problem(getattr(action, name))
        if problem is not None:
            raise IllegalAction(f"Action.{name}: {problem}")
    if action.hand_card is not None and not isinstance(action.hand_card, str):
        raise IllegalAction(f"Action.hand_card {action.hand_card!r:.80} is not a card number string")
    cost = action.cost
    if cost is not None and (isinstance(cost, bool) or not isinstance(cost, int) or cost < 0):
        raise IllegalAction(f"Action.cost {cost!r:.80} is not a whole number 0 or more (or None)")
    if not isinstance(action.extra, tuple) or not all(
            isinstance(e, tuple) and len(e) == 2 and all(isinstance(x, str) for x in e) for e in action.extra):
        raise IllegalAction(f"Action.extra {action.extra!r:.80} is not a tuple of (name, value) string pairs")


def check_can_act(s: State, action: Action) -> None:
    """Refuse an action taken at the wrong moment, or one whose fields have the wrong types.

    Raises:
        IllegalAction: ``action`` is malformed (:func:`check_action_types`), the game is over (CR 1-2),
        processing is unresolved (CR 6-5-1), the phase is not the main phase (CR 6-5-1, 6-1-2), or the turn-end
        condition is met (CR 6-1-4-1), or an "end_turn" comes while it is not (the memory is on the turn player's side).
    """
    check_action_types(action)
    tp = s.turn_player
    if s.winner is not None:
        raise IllegalAction("the game is over (CR 1-2)")
    if s.frames or s.decision is not None:
        raise IllegalAction("actions are taken only when no processing is unresolved (CR 6-5-1)")
    if action.kind == "start_turn":
        return
    if s.phase is not Phase.MAIN and not (action.kind == "end_turn" and s.phase is Phase.END_OF_TURN):
        if s.phase is Phase.END_OF_TURN:
            raise IllegalAction(f"{c.pname(tp)}'s turn is at its end: Action({action.kind!r}) is taken only in the main "
                                "phase (CR 6-5-1); at the end of the turn begin Action(\"end_turn\") (CR 6-6)")
        raise IllegalAction(f"{c.pname(tp)} is in the {s.phase.value}: Action({action.kind!r}) is taken only in the main "
                            "phase (CR 6-5-1); begin Action(\"start_turn\") to play the turn up to its main phase")
    if action.kind == "end_turn" and s.memory >= 0 and s.phase is Phase.MAIN:
        raise IllegalAction(f"{c.pname(tp)} has {s.memory} memory on their own side, so the turn-end condition is not "
                            "met and the turn goes on (CR 6-1-4-1); \"end_turn\" plays the end of a turn whose memory "
                            "is on the opponent's side: to end the turn by choice, pass (CR 6-5-1-7)")
    if s.memory < 0 and action.kind != "end_turn":
        raise IllegalAction(f"{c.pname(1 - tp)} has {-s.memory} memory and nothing is left to process, so the turn-end "
                            f"condition is met and {c.pname(tp)} takes no more actions (CR 6-1-4-1); begin "
                            "Action(\"end_turn\") to play the end of the turn")


def start_turn(s: State, action: Action) -> State:
    """Play the unsuspend, draw and breeding phases of a turn up to its main phase (CR 6-2..6-4)."""
    stages = {Phase.UNSUSPEND: StartTurnStage.START, Phase.DRAW: StartTurnStage.DRAW,
              Phase.BREEDING: StartTurnStage.BREEDING}
    if s.phase not in stages:
        raise IllegalAction(f"{c.pname(s.turn_player)} is in the {s.phase.value}; \"start_turn\" plays the unsuspend, "
                            "draw and breeding phases of a turn that has not reached its main phase (CR 6-1-2)")
    return replace(s, frames=(StartTurnFrame(stage=stages[s.phase]),))


_TURN_END = TurnEndFrame()
"""The turn-end check pushed under an attack (frames are frozen values, so one serves every attack)."""


def attack(s: State, action: Action) -> State:
    """Declare an attack (CR 11-2): the turn player's unsuspended Digimon attacks the opponent or one of the
    opponent's suspended Digimon (CR 11-2-7-1)."""
    tp = s.turn_player
    st = stack_at(s, action.card, "an attacking Digimon (card)")
    hit = c.find(s, st.iid)
    if hit is None or hit[0] != tp:
        raise IllegalAction("only the turn player attacks, with a Digimon in their Battle Area (CR 11-1-2)")
    problem = attack_problem(s, st)
    if problem:
        raise IllegalAction(problem)
    if s.attack is not None:
        raise IllegalAction("no attack can be declared during an attack (CR 11-2-4)")
    target = PLAYER_TARGET
    if action.target is not None:
        tst = stack_at(s, action.target, "a target")
        thit = c.find(s, tst.iid)
        if thit is None or thit[0] == tp:
            raise IllegalAction("the target must be the opponent or one of the opponent's Digimon (CR 11-2-7-1)")
        if tst.iid not in attack_targets(s, st.iid):
            raise IllegalAction("only the opponent's suspended Digimon can be attacked (CR 11-2-7-1)")
        target = tst.iid
    return replace(s, frames=(_TURN_END, AttackFrame(stage=AttackTiming.DECLARATION, target=target, attacker=st.iid)))


def digivolve(s: State, action: Action) -> State:
    """Digivolve a Digimon or Digi-Egg of the turn player with a card from the hand, paying the cost (CR 8-1)."""
    tp = s.turn_player
    st = stack_at(s, action.card, "the Digimon that digivolves (card)")
    owner = c.find(s, st.iid)
    if (owner is not None and owner[0] != tp) or (action.card is not None and action.card.player != "AB"[tp]):
        raise IllegalAction(f"{c.pname(tp)} digivolves only their own Digimon (CR 8-1)")
    uid = hand_card(s, tp, action.hand_card, "CR 8-1-3")
    new, top = s.cards[uid], s.cards[st.top]
    if top.kind not in ("Digimon", "Digi-Egg"):
        raise IllegalAction(f"{top.label} is a {top.kind}; only a Digimon or a Digi-Egg digivolves (CR 8-1)")
    # A given cost (an effect changed it) replaces the printed one; the requirements the card data lists
    # still apply (CR 8-1-3). A card with no requirements in the data (not modelled) needs a given cost.
    costs = [d.cost for d in new.digivolve if d.accepts(top)]
    if not costs and (action.cost is None or new.digivolve):
        raise IllegalAction(f"{top.label} does not meet the digivolution requirements of {new.label} (CR 8-1)")
    cost = min(costs) if action.cost is None else action.cost
    require_payable(s, tp, cost, f"Digivolving into {new.label}")
    return replace(s, frames=(TurnEndFrame(), ResolveFrame(), FlushFrame("digivolution"),
                              DigivolveFrame(iid=st.iid, card=uid, cost=cost, player=tp)))


def activate(s: State, action: Action) -> State:
    """Activate the [Main] effect printed on a card on the field (CR 15-8-4)."""
    tp = s.turn_player
    st = stack_at(s, action.card, "the card whose [Main] effect is activated (card)")
    option = is_placed_option(s, st)  # only its [Main] <Delay> is activated there (CR 16-17-1, 9-1)
    breeding = action.card is not None and action.card.area == "breeding"  # only <Training> there (CR 16-41-1)
    if breeding and action.card is not None and action.card.player != "AB"[tp]:
        raise IllegalAction(f"{c.pname(tp)} activates effects of their own cards only (CR 15-8-4)")
    mains = [(e, i) for e, src, slot, i in c.effects_of(s, st)
             if isinstance(e, Effect) and e.timing is Timing.MAIN and slot == "main" and (e.keyword == DELAY) == option
             and (not breeding or e.keyword == "Training")]
    if not mains:
        raise IllegalAction(f"{s.cards[st.top].label} has no <Training> to activate in the Breeding Area (CR 3-4-7, "
                            "16-41-1)" if breeding else
                            f"{s.cards[st.top].label} has no [Main] effect to activate (CR 15-8-4)" if not option else
                            f"{s.cards[st.top].label} has no [Main] <Delay> to activate in the Battle Area; its other "
                            "[Main] effects are processed when it is used from the hand (CR 9-1, 16-17-1)")
    problem = delay_problem(s, st, tp) if option else None
    if problem:
        raise IllegalAction(problem)
    e, _i = mains[0]
    label = cap.text("pending.label", effect=e.name, card=s.cards[st.top].label)
    s = replace(s, log=s.log + (("activated", label),))
    s = replace(s, frames=(TurnEndFrame(), ResolveFrame(),
                           ActivateFrame(effect=e, owner=tp, label=label, holder=st.iid, source=st.top)))
    return c.tell(s, "activate.main", player=c.pname(tp), effect=e.name, card=s.cards[st.top].label)


def play(s: State, action: Action) -> State:
    """Play a Digimon or Tamer from the hand for its play cost; its [On Play] effects trigger (CR 7-1)."""
    tp = s.turn_player
    pl = s.players[tp]
    uid = hand_card(s, tp, action.hand_card, "CR 7-1")
    cd = s.cards[uid]
    if cd.kind not in ("Digimon", "Tamer") or cd.play_cost is None:
        raise IllegalAction(f"{cd.label} cannot be played (CR 7-1)")
    require_payable(s, tp, cd.play_cost, f"Playing {cd.label}")
    s = c.set_player(s, tp, replace(pl, hand=tuple(u for u in pl.hand if u != uid)))
    was = c.memory_a(s)
    s = c.gain_memory(s, tp, -cd.play_cost)
    s, iid = c.new_id(s)
    pl = s.players[tp]
    s = c.set_player(s, tp, replace(pl, battle=pl.battle + (Stack(iid=iid, cards=(uid,), placed_this_turn=True),)))
    s = c.tell(s, "play.paid" if cd.play_cost else "play.free", player=c.pname(tp), card=cd.label,
               cost=cd.play_cost, move=cap.memory_move(was, c.memory_a(s)))  # nothing to pay: no move (CR 4-2-2)
    s = c.trigger(s, Event("played", tp, iid, uid, by=tp))
    return replace(s, frames=(TurnEndFrame(), ResolveFrame(), FlushFrame(f"play of {cd.label}")))


def use(s: State, action: Action) -> State:
    """Use an Option card (or a DUAL card as an Option, CR 4-20) from the hand: colour requirement
    (CR 4-22), cost, then its [Main] effect is processed at once (CR 9-1)."""
    tp = s.turn_player
    uid = hand_card(s, tp, action.hand_card, "CR 9-1")
    cd = s.cards[uid]
    option_mains = use_effects(cd)
    dual = cd.kind == "Digimon" and cd.use_cost is not None  # a DUAL card used as an Option (CR 4-20)
    if (cd.kind != "Option" and not dual) or not option_mains:
        raise IllegalAction(f"{cd.label} is not an Option with a [Main] effect (CR 9-1)")
    problem = colour_problem(s, tp, cd)
    if problem is not None:
        raise IllegalAction(problem)
    require_payable(s, tp, cd.use_cost or 0, f"Using {cd.label}")
    label = cap.text("pending.label", effect="[Main]", card=cd.label)
    s = replace(s, log=s.log + (("activated", label),))
    s = take_and_pay(s, tp, uid, "use.dual" if dual else "use.paid")
    return replace(s, frames=(TurnEndFrame(), ResolveFrame(), FlushFrame(f"use of {cd.label}", option=uid),
                              ActivateFrame(effect=option_mains[0], owner=tp, label="[Main] " + label, holder=None,
                                            source=uid, started=True)))


def pass_turn(s: State, action: Action) -> State:
    """Pass: the opponent gets 3 memory on the gauge and the turn ends (CR 6-5-1-7-1, 6-6)."""
    return replace(s, frames=(TurnEndFrame(passed=True, go_on=True),))


def end_turn(s: State, action: Action) -> State:
    """Play the end of a turn whose turn-end condition is met (CR 6-1-4-1, 6-6) and go on into the next turn."""
    return replace(s, frames=(TurnEndFrame(go_on=True),))


ACTIONS: dict[str, Opening] = {
    "start_turn": start_turn,
    "attack": attack,
    "digivolve": digivolve,
    "activate": activate,
    "play": play,
    "use": use,
    "pass": pass_turn,
    "end_turn": end_turn,
}
"""The opening action kinds (``Action.kind``) and the function that starts each."""
