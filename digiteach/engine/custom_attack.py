"""Custom actions for cards of the wiki "Attack Resolution" examples (effects card data cannot express).

Registered with :func:`digiteach.engine.flow.register_custom` when the engine is imported:

- ``ex4_034_alliance_digivolve`` (EX4-034 Lopmon, inherited): the Digimon this card is under digivolves
  from its owner's hand into a card with exactly two colours, one of them green, paying the chosen
  requirement's cost minus 2 (never below 0, CR 1-3-9). A digivolution: draw 1 (CR 8-1-3).
- ``bt9_079_digivolve_from_trash`` (BT9-079 GranDracmon [End of Attack]): another of your Digimon digivolves
  for free into a Digimon card in your trash that has the [Undead] or [Dark Animal] trait; the requirements
  must still be met (CR 8-1-1). Draw 1 (CR 8-1-3).
- ``return_green_digimon_from_trash`` (EX4-054 Wendigomon / EX4-057 Antylamon, inherited): 1 green Digimon
  card goes from your trash to your hand.
- ``ex2_043_hands_down_to_five`` (EX2-043 Gulfmon [When Digivolving]): every player with more than 5 cards
  in hand trashes cards of their choice until 5 are left; the turn player chooses first (CR 1-3-5) and the
  cards are trashed at the same time. Raises the ``hand_trashed`` event for each player who trashed.

Each function takes the state and the :class:`~digiteach.state.ActivateFrame` of the effect; it may open a
decision (the answer's ``ref`` is appended to ``frame.picked`` and the function runs again).
"""

from __future__ import annotations

from dataclasses import replace

from digiteach.decisions import Option
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.customs import CustomResult, register_custom
from digiteach.state import ActivateFrame, Event, State

__all__: list[str] = []

_PAIR = 1_000_000
"""Options naming two things (a Digimon iid and a card uid) use the ref ``iid * _PAIR + uid``."""


def _ex4_034_alliance_digivolve(s: State, f: ActivateFrame) -> CustomResult:
    owner = f.owner
    st = c.stack_of(s, f.holder) if f.holder is not None else None
    if st is None:
        return c.say(s, "The Digimon is no longer in the Battle Area, so it cannot digivolve.", "CR 1-3-2")
    top = c.card(s, st.top)
    offers: list[tuple[int, int]] = []  # (hand uid, cost to pay)
    seen: set[tuple[str, int]] = set()
    for uid in s.players[owner].hand:
        cd = c.card(s, uid)
        if cd.kind != "Digimon" or len(cd.colors) != 2 or "Green" not in cd.colors:
            continue
        for cost in ops.requirement_costs(cd, top):
            pay = max(0, cost - 2)
            if (cd.number, pay) not in seen:
                seen.add((cd.number, pay))
                offers.append((uid, pay))
    if not offers:
        return c.say(s, f"{c.pname(owner)} has no two-colour green card in hand that {top.label} can digivolve "
                        "into, so nothing happens.", "CR 1-3-2")
    if len(offers) > 1 and not f.picked:
        options = [Option(f"Digivolve into {c.label(s, u)} for {pay} memory", i) for i, (u, pay) in enumerate(offers)]
        return c.say(ask(s, owner, DecisionKind.DIGIVOLVE, f"{c.pname(owner)}: {top.label} digivolves into which card, using "
                          "which requirement (cost reduced by 2)?", options, "CR 8-1-1"),
                     f"{c.pname(owner)} chooses the card and the digivolution requirement.", "CR 8-1-1")
    uid, pay = offers[f.picked[-1]] if f.picked else offers[0]
    return ops.digivolve_in_effect(s, owner, st.iid, uid, pay, "hand")


def _bt9_079_digivolve_from_trash(s: State, f: ActivateFrame) -> CustomResult:
    owner = f.owner
    offers: list[tuple[int, int]] = []  # (iid, trash uid)
    for st in s.players[owner].battle:
        if st.iid == f.holder or c.card(s, st.top).kind != "Digimon":
            continue
        top = c.card(s, st.top)
        numbers: set[str] = set()
        for uid in s.players[owner].trash:
            cd = c.card(s, uid)
            if cd.kind != "Digimon" or not {"Undead", "Dark Animal"} & set(cd.traits) or cd.number in numbers:
                continue
            if ops.requirement_costs(cd, top):
                numbers.add(cd.number)
                offers.append((st.iid, uid))
    if not offers:
        return c.say(s, f"None of {c.pname(owner)}'s other Digimon can digivolve into an Undead or Dark Animal card "
                        "from the trash, so nothing happens.", "CR 1-3-2")
    if len(offers) > 1 and not f.picked:
        options = [Option(f"Digivolve {c.label(s, c.stack_of(s, i).top)} into {c.label(s, u)}",  # type: ignore[union-attr]
                          i * _PAIR + u) for i, u in offers]
        return c.say(ask(s, owner, DecisionKind.DIGIVOLVE, f"{c.pname(owner)}: which Digimon digivolves into which card from "
                          "your trash?", options, "CR 8-1-1"),
                     f"{c.pname(owner)} chooses the Digimon and the card.", "CR 8-1-1")
    iid, uid = divmod(f.picked[-1], _PAIR) if f.picked else offers[0]
    return ops.digivolve_in_effect(s, owner, iid, uid, 0, "trash")


def _return_green_digimon_from_trash(s: State, f: ActivateFrame) -> CustomResult:
    owner = f.owner
    pl = s.players[owner]
    cands: list[int] = []
    for uid in pl.trash:
        cd = c.card(s, uid)
        if cd.kind == "Digimon" and "Green" in cd.colors and all(c.card(s, u).number != cd.number for u in cands):
            cands.append(uid)
    if not cands:
        return c.say(s, f"{c.pname(owner)} has no green Digimon card in the trash, so nothing happens.", "CR 1-3-2")
    if len(cands) > 1 and not f.picked:
        return c.say(ask(s, owner, DecisionKind.TARGET, f"{c.pname(owner)}: which green Digimon card returns to your hand?",
                          [Option(f"Return {c.label(s, u)}", u) for u in cands], "CR 15-10-2"),
                     f"{c.pname(owner)} chooses a green Digimon card in the trash.", "CR 15-10-2")
    uid = f.picked[-1] if f.picked else cands[0]
    s = c.set_player(s, owner, replace(pl, trash=tuple(u for u in pl.trash if u != uid), hand=pl.hand + (uid,)))
    return c.say(s, f"{c.label(s, uid)} returns from {c.pname(owner)}'s trash to their hand.")


def _ex2_043_hands_down_to_five(s: State, f: ActivateFrame) -> CustomResult:
    order = [s.turn_player, 1 - s.turn_player]  # the turn player chooses first (CR 1-3-5)
    picked = list(f.picked)
    chosen: dict[int, list[int]] = {}
    for p in order:
        hand = list(s.players[p].hand)
        need = max(0, len(hand) - 5)
        if need == 0:
            chosen[p] = []
            continue
        if len({c.card(s, u).number for u in hand}) == 1:
            chosen[p] = hand[-need:]  # identical cards: no real choice
            continue
        mine: list[int] = []
        while picked and len(mine) < need:
            mine.append(picked.pop(0))
        if len(mine) < need:
            left = [u for u in hand if u not in mine]
            distinct: list[int] = []
            for u in left:
                if all(c.card(s, x).number != c.card(s, u).number for x in distinct):
                    distinct.append(u)
            return c.say(ask(s, p, DecisionKind.TARGET, f"{c.pname(p)}: choose a card to trash from your hand "
                              f"({len(mine) + 1} of {need}; 5 stay).", [Option(f"Trash {c.label(s, u)}", u)
                                                                       for u in distinct], "CR 1-3-5"),
                         f"{c.pname(p)} chooses the cards to trash.", "CR 1-3-5")
        chosen[p] = mine
    events: list[Event] = []
    for p in order:
        gone = chosen[p]
        if not gone:
            s = c.say(s, f"{c.pname(p)} has {len(s.players[p].hand)} cards in hand and trashes none.")
            continue
        pl = s.players[p]
        s = c.set_player(s, p, replace(pl, hand=tuple(u for u in pl.hand if u not in gone),
                                       trash=tuple(reversed(gone)) + pl.trash))
        s = c.say(s, f"{c.pname(p)} trashes {len(gone)} card{'s' if len(gone) != 1 else ''} from hand "
                     f"({len(s.players[p].hand)} left).")
        events.append(Event("hand_trashed", p, None, None, cause="effect", by=f.owner, count=len(gone)))
    return c.trigger_many(s, events) if events else s


register_custom("ex4_034_alliance_digivolve", _ex4_034_alliance_digivolve)
register_custom("bt9_079_digivolve_from_trash", _bt9_079_digivolve_from_trash)
register_custom("return_green_digimon_from_trash", _return_green_digimon_from_trash)
register_custom("ex2_043_hands_down_to_five", _ex2_043_hands_down_to_five)
