"""The turn (CR 6) and pending processing (CR 18): the end of the turn (:func:`h_turn_end`, CR 6-1-4-1, 6-6)
and the next turn's unsuspend, draw and breeding phases up to its main phase (:func:`h_start_turn`,
CR 6-2..6-5)."""

from __future__ import annotations

from digiteach.copying import replace
from typing import Callable

from digiteach import effects as fx
from digiteach.decisions import Option
from digiteach.effects import Effect
from digiteach import captions as cap
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, answering, ask, take_answer
from digiteach.engine.frames import RESOLVE, flush, pop, push, set_top
from digiteach.state import (
    Event,
    PendingEffect,
    Stack,
    StartTurnFrame,
    StartTurnStage,
    State,
    TurnEndFrame,
    TurnEndStage,
)
from digiteach.terms import Phase

__all__ = ["h_turn_end", "h_start_turn", "END_OF_TURN_MEMORY", "PENDING_PROCESSING"]


# --- turn end ------------------------------------------------------------------------------------------------


END_OF_TURN_MEMORY = "end_of_turn_memory"
"""``Delayed.kind`` of a pending memory change at the end of the turn (CR 18-1): ``amount`` is the signed amount
the player gains (negative: loses)."""


PENDING_PROCESSING = "pending processing"
"""``PendingEffect.slot`` of pending processing set up by an effect (CR 18-1), e.g. "lose 3 memory at the end of
the turn": it waits and is ordered like a triggered effect (CR 18-1-2) but is not an effect's activation, so it is
not logged as "activated"."""


def _end_of_turn_memory(s: State) -> State:
    """The pending "gain/lose N memory at the end of the turn" entries (CR 18-1-2, 6-6), once the end-of-turn timing
    has come (after a pass has set the gauge, CR 6-5-1-7-1). An entry with a ``card`` names the card that set it
    up: the processing then waits in pending activation with that timing's triggers and its player orders it among
    their own (CR 18-1-2). An entry without a card is processed at once."""
    due = [d for d in s.delayed if d.kind == END_OF_TURN_MEMORY]
    if not due:
        return s
    s = replace(s, delayed=tuple(d for d in s.delayed if d.kind != END_OF_TURN_MEMORY))
    for d in due:
        p, amount = d.player, d.amount
        verb = cap.text("word.gains" if amount >= 0 else "word.loses")
        if d.card is not None:
            source = d.card
            effect = Effect(actions=(fx.GainMemory(amount),), keyword="Pending processing",
                            summary=cap.text("turn.memory_processing_summary", verb=cap.text("word.Gain" if amount >= 0 else "word.Lose"),
                                             amount=abs(amount)))
            s, pid = c.new_id(s)
            word = cap.text("word.gain" if amount >= 0 else "word.loss")
            pe = PendingEffect(pid=pid, owner=p, effect=effect, source=source, holder=None, slot=PENDING_PROCESSING,
                               index=0, label=cap.text("turn.memory_processing_label", word=word,
                                                       card=c.label(s, source)))
            s = replace(s, collecting=s.collecting + (pe,))
            continue
        before = c.memory_a(s)
        s = c.gain_memory(s, p, amount)
        s = c.tell(s, "turn.memory_processing", player=c.pname(p), verb=verb, amount=abs(amount),
                   move=cap.memory_move(before, c.memory_a(s)))
    return s


def _end_timing(s: State, f: TurnEndFrame) -> State:
    """The end-of-turn timing arrives (CR 6-6-1): [End of Your Turn] / [End of Opponent's Turn] effects and pending
    end-of-turn processing trigger now and stay triggered (CR 15-8-3-6); the phase goes on until they have all
    resolved (CR 6-6-2). With nothing to process the turn passes in the next step."""
    tp = s.turn_player
    s = replace(s, phase=Phase.END_OF_TURN)
    s = c.tell(s, "turn.end_arrives", other=c.pname(1 - tp), memory=-s.memory, player=c.pname(tp))
    before = len(s.collecting)
    s = c.trigger(s, Event("end_of_turn", tp))
    s = _end_of_turn_memory(s)
    n = len(s.collecting) - before
    if n == 0:
        if s.memory >= 0:
            return _turn_goes_on(s)
        s = c.tell(s, "turn.nothing_at_end")
        return set_top(s, replace(f, stage=TurnEndStage.AFTER))
    processing = [pe for pe in s.collecting[before:] if pe.slot == PENDING_PROCESSING]
    if processing:
        s = c.tell(s, "turn.end_processing")
    if n > len(processing):
        s = c.tell(s, "turn.end_triggers", count=n - len(processing))
    s = set_top(s, replace(f, stage=TurnEndStage.AFTER))
    return push(s, RESOLVE, flush("end of turn"))


def _turn_goes_on(s: State) -> State:
    """CR 6-6-4: once the end-of-turn processing is over, memory on the turn player's side (0 or more) postpones the
    turn's end and the main phase goes on."""
    s = replace(pop(s), phase=Phase.MAIN)
    return c.tell(s, "turn.postponed", player=c.pname(s.turn_player), memory=s.memory)


def _pass_turn(s: State, f: TurnEndFrame) -> State:
    """CR 6-6-3: the turn passes. Durations "for the turn" (and "until the end of your / the opponent's turn") end,
    [X Per Turn] counts reset (CR 15-14-1-5), "placed this turn" marks clear (CR 7-1-2-1); the other player
    becomes the turn player, in their unsuspend phase."""
    tp = s.turn_player
    keep = []
    for m in s.modifiers:
        if m.duration in ("turn",):
            continue
        if m.duration == "your_turn_end" and m.player == tp:
            continue
        if m.duration == "opponent_turn_end" and m.player != tp:
            continue
        keep.append(m)
    ended = len(s.modifiers) - len(keep)
    counted = bool(s.uses)
    nxt = 1 - tp
    s = replace(s, modifiers=tuple(keep), turn_player=nxt, memory=-s.memory, turn=s.turn + 1, uses=(),
                phase=Phase.UNSUSPEND, timing=Phase.UNSUSPEND.value)
    for p in (0, 1):
        pl = s.players[p]
        breeding = replace(pl.breeding, placed_this_turn=False) if pl.breeding is not None else None
        s = c.set_player(s, p, replace(pl, battle=tuple(replace(x, placed_this_turn=False) for x in pl.battle),
                                       breeding=breeding))
    s = c.tell(s, "turn.passes", next=c.pname(nxt), memory=s.memory, player=c.pname(tp))
    if ended:
        s = c.tell(s, "turn.durations_end")
    if counted:
        s = c.tell(s, "turn.counts_reset")
    if f.go_on:
        return set_top(s, StartTurnFrame())
    return pop(s)


def h_turn_end(s: State, f: TurnEndFrame, answer: str | None) -> State:
    """The end of the turn (CR 6-1-4-1, 6-6).

    Stages: ``CHECK``: after a pass the memory gauge moves to the opponent's 3 (CR 6-5-1-7-1); with memory
    on the turn player's side the turn continues; otherwise the end-of-turn timing comes (its effects trigger
    and resolve, CR 6-6-1/2). ``AFTER``: the turn passes (CR 6-6-3), or goes on if memory came back (CR 6-6-4).
    A won game just pops the frame.
    """
    if s.winner is not None:
        return pop(s)
    tp = s.turn_player
    if f.stage is TurnEndStage.AFTER:
        # every effect of the end-of-turn timing has resolved (CR 6-6-2)
        if s.memory >= 0:
            return _turn_goes_on(s)
        return _pass_turn(s, f)
    if f.passed:
        s = replace(s, memory=-3)
        # the pass is a main-phase action (CR 6-5-1-7-1): a step of its own before the end of the turn
        return c.tell(set_top(s, replace(f, passed=False)), "turn.pass", player=c.pname(tp), other=c.pname(1 - tp))
    if s.memory == 0:  # on neither side: not the opponent's, so no end of turn (CR 6-1-4-1)
        return c.Edit(s).pop().tell("turn.continues_at_0", player=c.pname(tp)).done()
    if s.memory > 0:
        return c.Edit(s).pop().tell("turn.continues", player=c.pname(tp), memory=s.memory).done()
    return _end_timing(s, f)


# --- the next turn: unsuspend, draw and breeding phases ------------------------------------------------------


def _start(s: State, f: StartTurnFrame, answer: str | None) -> State:
    """The unsuspend phase begins with [Start of Your Turn] / [Start of Opponent's Turn] effects, processed
    before anything unsuspends (CR 6-2-1-1, 15-16-11)."""
    tp = s.turn_player
    s = replace(s, phase=Phase.UNSUSPEND)
    before = len(s.collecting)
    s = c.trigger(s, Event("start_of_turn", tp))
    if len(s.collecting) > before:
        # with nothing triggered this stage shows no step of its own; its rule check still runs (CR 15-4-3-3)
        s = c.tell(s, "turn.start_triggers", player=c.pname(tp))
    s = set_top(s, replace(f, stage=StartTurnStage.UNSUSPEND))
    return push(s, RESOLVE, flush("start of turn"))


def _unsuspend_phase(s: State, f: StartTurnFrame, answer: str | None) -> State:
    """The unsuspend phase (CR 6-2-1): the turn player's suspended cards unsuspend at the same time, and
    <Reboot> Digimon of the other player at that same moment (CR 16-11-5). Memory left on the opponent's side by the
    start-of-turn effects ends the turn first (CR 6-2-1-2)."""
    tp = s.turn_player
    who = c.pname(tp)
    if s.memory < 0:
        s = c.tell(s, "turn.start_left_memory", player=who)
        return set_top(s, TurnEndFrame(go_on=True))
    s = replace(s, phase=Phase.UNSUSPEND)
    woken: list[tuple[int, Stack]] = []
    bred = None  # the turn player's suspended card in the Breeding Area, which unsuspends with the rest (CR 6-2-1)
    for p in (tp, 1 - tp):
        pl = s.players[p]
        for st in pl.battle:
            if st.suspended and (p == tp or c.has_keyword(s, st.iid, "Reboot")):
                woken.append((p, st))
        if p == tp and pl.breeding is not None and pl.breeding.suspended:
            bred = pl.breeding
            s = c.set_player(s, p, replace(pl, breeding=replace(pl.breeding, suspended=False)))
    for _p, st in woken:
        s = c.update_stack(s, replace(st, suspended=False))
    s = set_top(s, replace(f, stage=StartTurnStage.DRAW))
    s = _tell_unsuspended(s, woken, bred)
    if woken:
        s = c.trigger_many(s, [Event("unsuspended", p, st.iid, st.top, cause="rule") for p, st in woken])
    return push(s, RESOLVE, flush("unsuspend phase"))


def _tell_unsuspended(s: State, woken: list[tuple[int, Stack]], bred: Stack | None) -> State:
    """The unsuspend phase's caption: the turn player's cards that unsuspended (CR 6-2-1), its Breeding Area's card
    among them, then, named apart with their player, the other player's Digimon that unsuspended by <Reboot> at the
    same moment (CR 16-11-5). ``woken``: (player, stack) of each Digimon unsuspended in the Battle Areas."""
    tp = s.turn_player
    who = c.pname(tp)
    own = [st for p, st in woken if p == tp]
    rebooted = [st for p, st in woken if p != tp]
    if own:
        s = c.tell(s, "turn.unsuspend", player=who, names=", ".join(c.label(s, st.top) for st in own))
        if bred is not None:
            s = c.tell(s, "turn.unsuspend_breeding", card=c.label(s, bred.top))
    elif bred is not None:
        s = c.tell(s, "turn.unsuspend_breeding_only", player=who, card=c.label(s, bred.top))
    else:
        s = c.tell(s, "turn.unsuspend_none", player=who)
    if rebooted:
        s = c.tell(s, "turn.reboot", player=c.pname(1 - tp), names=", ".join(c.label(s, st.top) for st in rebooted))
    return s


def _draw_phase(s: State, f: StartTurnFrame, answer: str | None) -> State:
    """The draw phase (CR 6-3-1): draw 1, none on the first player's first turn (CR 6-3-1-1); with an empty
    deck the turn player loses (CR 1-2-3-2)."""
    tp = s.turn_player
    who = c.pname(tp)
    s = replace(s, phase=Phase.DRAW)
    s = set_top(s, replace(f, stage=StartTurnStage.BREEDING))
    if s.turn == 1:
        return c.tell(s, "turn.first_draw", player=who)
    if not s.players[tp].deck:
        s = replace(s, winner=1 - tp, frames=(), decision=None)
        return c.tell(s, "turn.deck_out", player=who, other=c.pname(1 - tp))
    s = c.tell(s, "turn.draw")
    return ops.draw(s, tp, 1)


def _breeding_options(s: State, p: int) -> list[Option]:
    """What ``p`` may do in the breeding phase besides nothing (CR 6-4-1): hatch when the Breeding Area is empty and
    the Digi-Egg deck is not (CR 6-4-1-1); move a Digimon with DP to the Battle Area (CR 6-4-1-2, 4-17-2)."""
    pl = s.players[p]
    out: list[Option] = []
    if pl.breeding is None and pl.egg_deck:
        out.append(Option(cap.text("turn.hatch_option"), 1))
    if pl.breeding is not None and c.card(s, pl.breeding.top).dp is not None:
        out.append(Option(cap.text("turn.move_option", card=c.label(s, pl.breeding.top)), 2))
    return out


def _breeding_phase(s: State, f: StartTurnFrame, answer: str | None) -> State:
    """The breeding phase (CR 6-4-1): hatch a Digi-Egg, move a Digimon to the Battle Area, or do nothing (a
    "breeding" decision when there is a choice)."""
    tp = s.turn_player
    who = c.pname(tp)
    s = replace(s, phase=Phase.BREEDING)
    options = _breeding_options(s, tp)
    if not options:
        s = set_top(s, replace(f, stage=StartTurnStage.MAIN))
        held = s.players[tp].breeding
        if held is not None:  # a card without DP: no hatching onto it (CR 6-4-1-1), and it can't move (CR 4-17-2)
            return c.tell(s, "turn.breeding_held", player=who, card=c.label(s, held.top))
        return c.tell(s, "turn.breeding_none", player=who)
    if not answering(s, answer):
        s = ask(s, tp, DecisionKind.BREEDING, cap.text("turn.breeding_prompt", player=who),
                options + [Option(cap.text("turn.nothing_option"), 0)], cap.rules("turn.breeding_prompt")[0])
        return c.tell(s, "turn.breeding_may", player=who)
    s, opt = take_answer(s, answer)
    s = set_top(s, replace(f, stage=StartTurnStage.MAIN))
    pl = s.players[tp]
    if opt.ref == 1:
        uid = pl.egg_deck[0]
        s, iid = c.new_id(s)
        s = c.set_player(s, tp, replace(pl, egg_deck=pl.egg_deck[1:],
                                        breeding=Stack(iid=iid, cards=(uid,), placed_this_turn=True)))
        return c.tell(s, "turn.hatch", player=who, card=c.label(s, uid))
    if opt.ref == 2 and pl.breeding is not None:
        st = pl.breeding
        s = c.set_player(s, tp, replace(pl, breeding=None, battle=pl.battle + (st,)))
        return c.tell(s, "turn.move", player=who, card=c.label(s, st.top))
    return c.tell(s, "turn.breeding_nothing", player=who)


_TURN_END = TurnEndFrame()
"""The turn-end check after the start-of-main-phase effects (frames are frozen values, so one serves every turn)."""


def _main_phase(s: State, f: StartTurnFrame, answer: str | None) -> State:
    """The main phase begins (CR 6-5-1): the frame is popped and the turn player acts, once the [Start of Your
    Main Phase] / [Start of Opponent's Main Phase] effects it triggers have resolved (CR 15-16-13). Once they have,
    the turn-end condition is checked as after an action (CR 6-1-4-1): the turn goes on, or the end of the turn
    comes if they left the memory on the opponent's side."""
    who = c.pname(s.turn_player)
    s = replace(pop(s), phase=Phase.MAIN)
    before = len(s.collecting)
    s = c.trigger(s, Event("start_of_main_phase", s.turn_player))
    if len(s.collecting) == before:
        return c.tell(s, "turn.main", player=who)
    s = c.tell(s, "turn.main_triggers", player=who)
    return push(s, _TURN_END, RESOLVE, flush("start of main phase"))


_START_STAGES: dict[StartTurnStage, Callable[[State, StartTurnFrame, "str | None"], State]] = {
    StartTurnStage.START: _start,
    StartTurnStage.UNSUSPEND: _unsuspend_phase,
    StartTurnStage.DRAW: _draw_phase,
    StartTurnStage.BREEDING: _breeding_phase,
    StartTurnStage.MAIN: _main_phase,
}


def h_start_turn(s: State, f: StartTurnFrame, answer: str | None) -> State:
    """The turn player's turn up to its main phase (CR 6-1-2).

    Stages, in :class:`~digiteach.state.StartTurnStage` order: ``START`` ([Start of Your Turn] effects),
    ``UNSUSPEND``, ``DRAW``, ``BREEDING``, ``MAIN`` (the frame is popped).
    """
    return _START_STAGES[f.stage](s, f, answer)
