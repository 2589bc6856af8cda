"""State operations for the rules modules and for card code: the public primitives that change a State.

Every function is pure (state in, state out), says what happened in the step's caption (``core.say``) and
raises the trigger events the rules name. A user's own card functions (:mod:`digiteach.engine.customs`) build unusual effects
from these, :mod:`digiteach.engine.ask` (decisions) and the read-only queries of
:mod:`digiteach.engine.core` (``find``, ``stack_of``, ``dp``, ``has_keyword``, ...).

Ids: a card is a ``uid`` (index into ``State.cards``); a Digimon on the field is a stack ``iid``
(CR 3-1-3-1); a player is 0 (A) or 1 (B).
"""

from __future__ import annotations

from digiteach.copying import replace
from typing import Literal

from digiteach import captions as cap
from digiteach.cards import Card
from digiteach.engine import core as c
from digiteach.engine.core import (
    create_token,
    gain_memory,
    modifier,
    new_id,
    remove_stack,
    say,
    tell,
    set_player,
    trigger,
    trigger_many,
    update_stack,
)
from digiteach.engine.edits import attack_at, attack_noted
from digiteach.engine.printed_only import none_printed
from digiteach.engine.triggers import watched
from digiteach.state import Event, Player, Stack, State
from digiteach.terms import AttackTiming

__all__ = [
    "suspend",
    "suspend_quietly",
    "quiet_suspension",
    "unsuspend",
    "unsuspend_quietly",
    "draw",
    "trash_security",
    "trash_security_quietly",
    "recovery",
    "trash_from_stack",
    "trash_from_stack_quietly",
    "play_card",
    "digivolve_in_effect",
    "requirement_costs",
    "move_card",
    "trash_from_limbo",
    "enter_timing",
    "note_timing",
    "say",
    "tell",
    "set_player",
    "update_stack",
    "remove_stack",
    "create_token",
    "new_id",
    "modifier",
    "gain_memory",
    "trigger",
    "trigger_many",
]

Pile = Literal["hand", "trash", "deck", "security"]
"""A player's card pile that holds uids (top or newest first for trash and security)."""


_SUSPENDED_KEYS: dict[str, str] = {"attack": "attack.suspended", "block": "attack.blocker_suspended"}
"""A suspension's cause -> the caption saying it with the rule behind it: the attack declaration (CR 11-2-1), the
block declaration (CR 12-1-7-1); any other cause (an effect, <Alliance>) says "effect.suspended"."""


def suspend(s: State, iid: int, cause: str, by: int) -> tuple[State, bool]:
    """Suspend the card ``iid`` (CR 4-4) because of ``cause`` ("attack", "block", "effect", ...) by player
    ``by``; "suspended" triggers at once. Returns (state, True if it was unsuspended before)."""
    s, done, events = suspend_quietly(s, iid, cause, by)
    return (trigger_many(s, events) if events else s), done


def suspend_quietly(s: State, iid: int, cause: str, by: int) -> tuple[State, bool, list[Event]]:
    """Suspend ``iid`` but return its "suspended" event instead of triggering it, so that several Digimon
    suspended by one effect at the same moment trigger a watching effect once (CR 15-5-2)."""
    hit = c.find(s, iid)
    if hit is None or hit[1].suspended:
        return s, False, []
    p, st = hit
    if c.cant_suspend(s, iid):  # an impossible action is not carried out (CR 1-3-2)
        return tell(s, "effect.cant_suspend", card=c.label(s, st.top)), False, []
    pl = s.players[p]
    suspended = replace(st, suspended=True)
    card = s.cards[st.top]
    battle = tuple([suspended if x.iid == iid else x for x in pl.battle])
    key = _SUSPENDED_KEYS.get(cause, "effect.suspended")
    s = c.Edit(s).set_player(p, replace(pl, battle=battle)).tell(key, card=card.label).done()
    events = [Event("suspended", p, iid, st.top, cause=cause, by=by)] if card.kind in ("Digimon", "Tamer") else []
    return s, True, events


def quiet_suspension(s: State, p: int, st: Stack) -> Player | None:
    """Player ``p`` of ``s`` with its unsuspended Battle Area stack ``st`` suspended (CR 4-4), when that suspension is
    sure to be carried out and to trigger nothing, known from the printed facts alone: no "can't suspend" effect can
    be in force on it (``printed_only.none_printed``) and no effect watches "suspended" (``triggers.watched``); else
    None (:func:`suspend` then looks). The caller makes the change and says it (caption "attack.suspended"), as
    :func:`suspend_quietly` would. Both facts read only the modifiers, the card table and the Battle Areas' cards, so
    they hold for any later state that changed none of these (a new attack, captions, triggers collected)."""
    if st.suspended or not none_printed(s, st, ("cant_suspend",)) or watched(s, "suspended"):
        return None
    pl = s.players[p]
    iid = st.iid
    suspended = replace(st, suspended=True)
    return replace(pl, battle=tuple([suspended if x.iid == iid else x for x in pl.battle]))


def unsuspend(s: State, iid: int, by: int) -> State:
    """Unsuspend ``iid`` (CR 4-4) by player ``by``'s effect; "unsuspended" triggers at once. An unsuspended
    card stays as it is (CR 1-3-3)."""
    s, events = unsuspend_quietly(s, iid, by)
    return trigger_many(s, events) if events else s


def unsuspend_quietly(s: State, iid: int, by: int) -> tuple[State, list[Event]]:
    """Unsuspend ``iid``; return the "unsuspended" event instead of triggering it (CR 15-5-2, as
    :func:`suspend_quietly`)."""
    st = c.stack_of(s, iid)
    if st is None or not st.suspended:
        if st is not None:
            s = tell(s, "effect.already_unsuspended", card=c.label(s, st.top))
        return s, []
    p = c.find(s, iid)[0]  # type: ignore[index]
    s = update_stack(s, replace(st, suspended=False))
    s = tell(s, "effect.unsuspended", card=c.label(s, st.top))
    return s, [Event("unsuspended", p, iid, st.top, by=by)]


def draw(s: State, p: int, n: int) -> State:
    """Player ``p`` draws ``n`` cards from the top of their deck; with the deck empty, the rest is not drawn
    (CR 1-3-2). Losing for an empty deck is the draw phase's rule (CR 6-3-1), not this one's."""
    pl = s.players[p]
    k = max(0, min(n, len(pl.deck)))  # the cards drawn, one at a time from the top: one copy for them all
    e = c.Edit(s) if k == 0 else c.Edit(s).set_player(p, replace(pl, deck=pl.deck[k:], hand=pl.hand + pl.deck[:k]))
    if k < n:  # a partial draw says how many were drawn before the deck ran out
        return e.tell("effect.no_draw" if k == 0 else "effect.draws_partly", player=c.pname(p), count=k, asked=n).done()
    return e.tell("effect.draws", player=c.pname(p), count=n).done()


def trash_security(s: State, p: int, n: int) -> tuple[State, int]:
    """Trash up to ``n`` cards from the top of ``p``'s Security Stack (CR 4-16-1). Trashing is not a security check,
    so their [Security] effects do not activate (CR 15-16-10-1); the cards go at the same time, so a
    "security_removed" watcher triggers once for all of them (CR 15-5-2). Returns (state, number trashed)."""
    s, done, events = trash_security_quietly(s, p, n)
    return (trigger_many(s, events) if events else s), done


def trash_security_quietly(s: State, p: int, n: int) -> tuple[State, int, list[Event]]:
    """:func:`trash_security` without collecting triggers: returns (state, number trashed, the
    "security_removed" events), for an action that trashes from several places at the same moment and
    triggers once for all of them (CR 15-5-2)."""
    done = 0
    events: list[Event] = []
    pl = s.players[p]
    e = c.Edit(s)  # one copy for every card (their names and printed effects do not depend on where they are)
    for _ in range(n):
        if not pl.security:
            break
        uid = pl.security[0]
        pl = replace(pl, security=pl.security[1:], trash=(uid,) + pl.trash)
        e.tell("effect.security_trashed", player=c.pname(p), card=c.label(s, uid))
        if c.card(s, uid).security:
            e.tell("effect.security_not_checked")
        events.append(Event("security_removed", p, None, uid, cause="trash"))
        done += 1
    if done:
        e.set_player(p, pl)
    return e.done(), done, events


def recovery(s: State, p: int, n: int) -> State:
    """<Recovery +n (Deck)> (CR 16-6): the top ``n`` cards of ``p``'s deck go on top of their Security Stack,
    one at a time, as far as the deck has cards."""
    pl = was = s.players[p]
    e = c.Edit(s)  # one copy for every card
    for _ in range(n):
        if not pl.deck:
            break
        e.tell("effect.recovery", player=c.pname(p), before=len(pl.security), after=len(pl.security) + 1)
        pl = replace(pl, deck=pl.deck[1:], security=(pl.deck[0],) + pl.security)
    return e.set_player(p, pl).done() if pl is not was else e.done()


def trash_from_stack(s: State, iid: int, uids: list[int], by: int) -> State:
    """Trash the cards ``uids`` out of the stack ``iid`` (its digivolution cards, or its top card) to their
    owners' trash (CR 4-16-3); "digivolution_trashed" triggers. Nothing happens for a stack that is gone."""
    s, events = trash_from_stack_quietly(s, iid, uids, by)
    return trigger_many(s, events) if events else s


def trash_from_stack_quietly(s: State, iid: int, uids: list[int], by: int) -> tuple[State, list[Event]]:
    """:func:`trash_from_stack` without collecting triggers: returns (state, its "digivolution_trashed" event,
    if any), so one action trashing from several Digimon triggers a watcher once (CR 15-5-2)."""
    hit = c.find(s, iid)
    if hit is None or not uids:
        return s, []
    p, st = hit
    rest = tuple(u for u in st.cards if u not in uids)
    inherited = {k for u in uids for e in c.card(s, u).inherited if (k := getattr(e, "keyword", None))}
    had = {k for k in inherited if c.has_keyword(s, iid, k)}
    s = update_stack(s, replace(st, cards=rest))
    for uid in uids:
        owner = s.owners[uid]
        s = set_player(s, owner, replace(s.players[owner], trash=(uid,) + s.players[owner].trash))
    names = ", ".join(c.label(s, u) for u in uids)
    is_are = cap.text("word.is" if len(uids) == 1 else "word.are")
    s = tell(s, "effect.digivolution_trashed", names=names, is_are=is_are, card=c.label(s, rest[0]))
    lost = sorted(k for k in had if not c.has_keyword(s, iid, k))
    if lost:  # an inherited keyword goes with its card (CR 4-3-3)
        s = tell(s, "keyword.lost", card=c.label(s, rest[0]), keywords=", ".join(f"<{k}>" for k in lost),
                 source=names)
    return s, [Event("digivolution_trashed", p, iid, rest[0], by=by)]


def play_card(s: State, p: int, uid: int, suspended: bool = False) -> State:
    """An effect plays ``uid`` (already taken out of its area) into ``p``'s Battle Area without paying its
    cost (CR 7-1, 15-10): a new stack, placed this turn (CR 7-1-2-1); [On Play] triggers."""
    s, iid = new_id(s)
    st = Stack(iid=iid, cards=(uid,), suspended=suspended, placed_this_turn=True)
    pl = s.players[p]
    s = set_player(s, p, replace(pl, battle=pl.battle + (st,)))
    s = tell(s, "play.by_effect", player=c.pname(p), card=c.label(s, uid))
    return trigger(s, Event("played", p, iid, uid))


def requirement_costs(new: Card, top: Card) -> list[int]:
    """Digivolution costs of ``new``'s requirements that a Digimon with top card ``top`` meets (CR 8-1-1),
    cheapest first, without repeats; empty when none is met."""
    return sorted({req.cost for req in new.digivolve if req.accepts(top)})


def digivolve_in_effect(s: State, player: int, iid: int, uid: int, cost: int, area: Literal["hand", "trash"]) -> State:
    """An effect digivolves ``player``'s Digimon ``iid`` into card ``uid`` taken from ``area``, paying ``cost``
    memory (CR 8-1-3). The Digimon keeps its orientation (CR 8-1-2-3), its player draws 1 (CR 8-1-3) and
    "digivolved" triggers.

    Raises:
        ValueError: if ``uid`` is not in that area, or ``iid`` is not in the Battle Area.
    """
    pl = s.players[player]
    pile = pl.hand if area == "hand" else pl.trash
    if uid not in pile:
        raise ValueError(f"{c.label(s, uid)} is not in {c.pname(player)}'s {area}")
    st = c.stack_of(s, iid)
    if st is None:
        raise ValueError(f"no Digimon {iid} in the Battle Area")
    before = c.label(s, st.top)
    rest = tuple(u for u in pile if u != uid)
    s = set_player(s, player, replace(pl, hand=rest) if area == "hand" else replace(pl, trash=rest))
    if cost:
        was = c.memory_a(s)
        s = gain_memory(s, player, -cost)
        paid = cap.text("digivolve.by_effect_paid", cost=cost, move=cap.memory_move(was, c.memory_a(s)))
    else:
        paid = cap.text("digivolve.by_effect_free")
    s = update_stack(s, replace(st, cards=(uid,) + st.cards))
    s = tell(s, "digivolve.by_effect", before=before, card=c.label(s, uid), area=cap.text("word.area_" + area),
             paid=paid)
    if cost:
        s = say(s, "", *cap.rules("digivolve.by_effect_paid"))
    s = draw(s, player, 1)
    if s.attack is not None and s.attack.attacker == iid:  # no new card (CR 3-1-3-1-3): still the attacker
        s = tell(s, "digivolve.still_attacking")
    elif any(m.iid == iid for m in s.modifiers):
        s = tell(s, "digivolve.same_card")
    return trigger(s, Event("digivolved", player, iid, uid, by=player))


def move_card(s: State, uid: int, frm: Pile, to: Pile) -> State:
    """Move card ``uid`` from its owner's pile ``frm`` to the end of pile ``to`` (the hand's end is the newest
    card; for the trash and the Security Stack, to the top). No caption: the caller says why it moved.

    Raises:
        ValueError: if ``uid`` is not in that pile.
    """
    p = s.owners[uid]
    piles: dict[str, tuple[int, ...]] = {"hand": s.players[p].hand, "trash": s.players[p].trash,
                                         "deck": s.players[p].deck, "security": s.players[p].security}
    if uid not in piles[frm]:
        raise ValueError(f"{c.label(s, uid)} is not in {c.pname(p)}'s {frm}")
    piles[frm] = tuple(u for u in piles[frm] if u != uid)
    piles[to] = piles[to] + (uid,) if to == "hand" else (uid,) + piles[to]
    pl = replace(s.players[p], hand=piles["hand"], trash=piles["trash"], deck=piles["deck"],
                 security=piles["security"])
    return set_player(s, p, pl)


def trash_from_limbo(s: State, uid: int) -> State:
    """A used Option (in no area while its effect is processed, CR 9-1-4) goes to its owner's trash
    (CR 9-1-5). Nothing happens if it is no longer in that in-between place."""
    if uid not in s.limbo:
        return s
    p = s.owners[uid]
    s = replace(s, limbo=tuple(u for u in s.limbo if u != uid))
    s = set_player(s, p, replace(s.players[p], trash=(uid,) + s.players[p].trash))
    return tell(s, "use.option_trashed", card=c.label(s, uid))


def enter_timing(s: State, timing: AttackTiming) -> State:
    """The attack reaches ``timing`` (CR 11-1-3): recorded in ``Attack.timing`` and its ``path`` (the attack
    diagram's highlighted route). Nothing happens outside an attack."""
    if s.attack is None:
        return s
    return replace(s, attack=attack_at(s.attack, timing), timing=timing.value)


def note_timing(s: State, timing: AttackTiming, text: str) -> State:
    """Add a few words on what happened at ``timing`` to the attack's notes (shown on the attack diagram)."""
    if s.attack is None:
        return s
    return replace(s, attack=attack_noted(s.attack, timing, text))
