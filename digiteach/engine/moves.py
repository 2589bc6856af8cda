"""Actions that move cards between areas or make Digimon battle: move a card to a hand, a deck or a Security
Stack (CR 4-7), shuffle, trash from hands (CR 1-3-5), trash security cards (CR 15-15-3), trash digivolution cards
(CR 4-16-3, <Digi-Burst> CR 16-14) and a battle started by an effect (CR 14-1, 14-2). Each function takes
``(state, frame, action, targets)`` and returns ``(state, Applied)`` like the rest of
:mod:`digiteach.engine.apply`."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from digiteach import captions as cap
from digiteach import effects as fx
from digiteach.decisions import Option
from digiteach.effects import Effect
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.effect_kinds import area_may_have, may_have
from digiteach.engine.labels import action_words
from digiteach.i18n import pgettext
from digiteach.engine.rules.battle import battle_won
from digiteach.state import ActivateFrame, DeleteFrame, Event, Frame, PendingEffect, Player, Stack, State

__all__ = ["Applied", "DONE", "FAILED", "WAITING", "Result", "with_pile", "take_card", "on_top", "pile_words", "move", "move_stacks", "removal_key", "shuffle", "battle", "trash_hand", "trash_security",
           "trash_digivolution_cards"]


@dataclass(frozen=True, slots=True)
class Applied:
    """How one action went. ``ok``: done in full (if the action is a cost and ``ok`` is False, the rest of the
    effect does not happen, CR 15-7-2). ``frames``: to run before the next action (last runs first).
    ``waiting``: a decision is open and the action runs again with its answer. ``count``: a number the
    next actions refer to ("for each card trashed"), when the action sets one."""

    ok: bool = True
    frames: tuple[Frame, ...] = ()
    waiting: bool = False
    count: int | None = None


DONE = Applied()
FAILED = Applied(ok=False)
WAITING = Applied(ok=False, waiting=True)
Result = tuple[State, Applied]

def with_pile(pl: Player, pile: str, cards: tuple[int, ...]) -> Player:
    """``pl`` with its pile ``pile`` ("hand", "deck", "trash", "security") replaced by ``cards``."""
    changes: dict[str, Any] = {pile: cards}
    return replace(pl, **changes)


def _place_words(to: str, theirs: bool = False) -> str:
    """Where ``to`` (``hand``, ``deck_top``, ``deck_bottom``, ``security_top``, ``security_bottom``, ``trash``) puts a
    card, in the language in force; ``theirs``: the owner's hand said as "their hand"."""
    if to == "hand" and theirs:
        return pgettext("place", "their hand")
    return {"hand": pgettext("place", "the hand"), "deck_top": pgettext("place", "the top of the deck"),
            "deck_bottom": pgettext("place", "the bottom of the deck"),
            "security_top": pgettext("place", "the top of the Security Stack, face down"),
            "security_bottom": pgettext("place", "the bottom of the Security Stack, face down"),
            "trash": pgettext("place", "the trash")}[to]


def pile_words(was: str) -> str:
    """The pile (or ``digivolution`` cards, or ``limbo``: no area) a card was taken from, in the language in force."""
    return {"security": pgettext("pile", "Security Stack"), "digivolution": pgettext("pile", "digivolution cards"),
            "limbo": pgettext("pile", "no area"), "hand": pgettext("pile", "hand"), "trash": pgettext("pile", "trash"),
            "deck": pgettext("pile", "deck")}.get(was, was)


def counted_area(area: str) -> str:
    """A selector's ``area`` (:data:`digiteach.effects.selectors.AREAS`) as "for each" counts in it say it ("{player}
    has 3 cards in their {area}"), in the language in force."""
    return {"hand": pgettext("counted_in", "hand"), "trash": pgettext("counted_in", "trash"),
            "security": pgettext("counted_in", "security"), "deck": pgettext("counted_in", "deck"),
            "digivolution_cards": pgettext("counted_in", "digivolution cards"),
            "breeding": pgettext("counted_in", "breeding")}.get(area, area.replace("_", " "))


def card_count(n: int) -> str:
    """``"1 card"`` / ``"3 cards"`` in the language in force."""
    return f"{n} {cap.text('word.card' if n == 1 else 'word.cards')}"


def on_top(s: State, uid: int) -> bool:
    """True when card ``uid`` is the top card of a stack on the field (a Battle Area or a Breeding Area)."""
    return any(st.top == uid for _p, st in c.all_stacks(s)) or any(
        pl.breeding is not None and pl.breeding.top == uid for pl in s.players)


def take_card(s: State, uid: int) -> tuple[State, str]:
    """Take card ``uid`` out of wherever it is (a pile, a stack's digivolution cards, no area); returns the state
    and where it was."""
    if uid in s.limbo:
        return replace(s, limbo=tuple(u for u in s.limbo if u != uid)), "limbo"
    p = s.owners[uid]
    pl = s.players[p]
    for pile in ("hand", "trash", "deck", "security"):
        if uid in getattr(pl, pile):
            return c.set_player(s, p, with_pile(pl, pile, tuple(u for u in getattr(pl, pile) if u != uid))), pile
    for q, st in c.all_stacks(s):
        if uid in st.cards[1:]:
            return c.update_stack(s, replace(st, cards=tuple(u for u in st.cards if u != uid))), "digivolution"
    raise ValueError(f"{c.label(s, uid)} is not in a pile or under a Digimon")


def _put(s: State, uid: int, to: str) -> State:
    """Put card ``uid`` at ``to`` of its owner (a destination of :func:`_place_words`)."""
    p = s.owners[uid]
    pl = s.players[p]
    if to == "hand":
        return c.set_player(s, p, replace(pl, hand=pl.hand + (uid,)))
    pile, end = to.split("_") if "_" in to else (to, "top")
    now = getattr(pl, pile)
    return c.set_player(s, p, with_pile(pl, pile, (uid,) + now if end == "top" else now + (uid,)))


def _move_stack(s: State, iid: int, to: str) -> State:
    """A Digimon leaves the Battle Area: its top card goes to ``to``, the rest to the trash (CR 4-7-8); a token
    leaves the game (CR 4-21-5)."""
    st = c.stack(s, iid)
    top = st.top
    s = c.remove_stack(s, iid)
    if c.card(s, top).token:
        return s
    s, _ = take_card(s, top)
    return _put(s, top, to)


def move_stacks(s: State, iids: list[int], to: str) -> State:
    """The Digimon ``iids`` leave the Battle Area for ``to`` of their owner (CR 4-7), each told: its top card goes
    there, the cards under it to the trash (CR 4-7-8), a token leaves the game (CR 4-21-5)."""
    for t in iids:
        st = c.stack(s, t)
        name = c.label(s, st.top)
        s = _move_stack(s, t, to)
        key = "lang.move_token" if c.card(s, st.top).token else "lang.move_digimon"
        s = c.tell(s, key, card=name, place=_place_words(to))
        if st.cards[1:]:  # trashed as it leaves (CR 4-7-8)
            s = c.tell(s, "lang.move_trashed_with", cards=", ".join(c.label(s, u) for u in st.cards[1:]))
    return s


def removal_key(f: DeleteFrame, name: str) -> str:
    """The caption key ``name`` of a deletion (``"delete." + name``) or, for a :class:`DeleteFrame` that moves Digimon
    out of the Battle Area (``f.to`` set, CR 4-7), of a leaving (``"leave." + name``)."""
    return ("leave." if f.to is not None else "delete.") + name


def _leaving_watched(s: State) -> bool:
    """True when a Digimon in a Battle Area has a "would leave the Battle Area" effect now (<Decode>, CR 16-36;
    <Partition>, 16-29; <Guard>, 16-45): a Digimon moved out of the Battle Area then goes through a
    :class:`DeleteFrame` with ``to``, where such effects may interrupt (CR 15-8-5). Only stacks whose printed cards
    may give an immediate effect are looked at."""
    for pl in s.players:
        if not area_may_have(s, pl.battle, "immediate"):
            continue
        for st in pl.battle:
            if may_have(s, st, "immediate") and any(
                    isinstance(e, Effect) and e.when is not None and e.when.event == "would_leave"
                    for e, *_rest in c.effects_of(s, st)):
                return True
    return False


def move(s: State, f: ActivateFrame, a: fx.Move, targets: list[int]) -> Result:
    """Move the targets to ``a.to`` (CR 4-7): cards from a pile, under a Digimon or in no area; Digimon in the
    Battle Area with their stack, through a :class:`DeleteFrame` with ``to`` when a "would leave the Battle Area"
    effect may interrupt (CR 15-8-5, :func:`_leaving_watched`). A used Option moved to the trash is its CR 9-1-5
    trash."""
    if not targets:
        return c.tell(s, "lang.move_none"), FAILED
    leaving = a.target.area == "battle" and a.target.who not in ("this_card", "previous")
    if leaving and _leaving_watched(s):
        return s, Applied(frames=(DeleteFrame(targets=tuple(targets), cause="effect", by=f.owner, to=a.to),))
    for t in targets:
        if leaving:
            s = move_stacks(s, [t], a.to)
            continue
        if on_top(s, t):  # e.g. a used Option its own effect placed in the Battle Area (CR 4-28-1): it stays there
            s = c.tell(s, "lang.move_on_field", card=c.label(s, t))
            continue
        s, was = take_card(s, t)
        s = _put(s, t, a.to)
        if was == "limbo" and a.to == "trash":
            s = c.tell(s, "lang.option_trashed", card=c.label(s, t))
            continue
        shown = pgettext("move", " (revealed)") if a.reveal else ""
        verb = pgettext("move", "returns") if was == "trash" else pgettext("move", "goes")
        place = _place_words(a.to, theirs=True)
        s = c.tell(s, "lang.move_card", card=c.label(s, t), shown=shown, verb=verb, owner=c.pname(s.owners[t]),
                   pile=pile_words(was), place=place)
        if was == "security":
            s = c.trigger(s, Event("security_removed", s.owners[t], None, t, cause="effect", by=f.owner))
    return s, DONE


def shuffle(s: State, f: ActivateFrame, a: fx.Shuffle, targets: list[int]) -> Result:
    """Shuffle a player's deck or Security Stack (the order is drawn from the state, so replays repeat it)."""
    p = f.owner if a.whose == "you" else 1 - f.owner
    pl = s.players[p]
    order = list(getattr(pl, a.area))
    random.Random(s.next_id * 7919 + s.turn).shuffle(order)
    s = c.set_player(s, p, with_pile(pl, a.area, tuple(order)))
    what = pgettext("shuffle", "Security Stack") if a.area == "security" else pgettext("shuffle", "deck")
    return c.tell(s, "lang.shuffle", player=c.pname(p), what=what), DONE


def battle(s: State, f: ActivateFrame, a: fx.Battle, targets: list[int]) -> Result:
    """This Digimon battles the target outside the attack's battle step (CR 14-1, 14-2): the lower DP loses,
    both on equal DP (CR 14-2-1-3); losers are deleted in battle, so "deletes in battle" effects trigger
    (QA Q5957)."""
    me = f.holder
    if me is None or not c.in_battle_area(s, me):
        return c.tell(s, "lang.battle_gone"), FAILED
    if not targets:
        return c.tell(s, "lang.battle_none", player=c.pname(f.owner)), FAILED
    target = targets[0]
    adp, tdp = c.dp(s, me, target) or 0, c.dp(s, target, me) or 0
    s = c.tell(s, "lang.battle", card=c.label(s, c.stack(s, me).top), dp=adp,
               other=c.label(s, c.stack(s, target).top), other_dp=tdp)
    losers = [target] if adp > tdp else [me] if tdp > adp else [me, target]
    if len(losers) == 2:
        s = c.tell(s, "lang.battle_tie")
    pairs = tuple((x, target if x == me else me) for x in losers)
    if len(losers) == 1:
        s = c.trigger(s, battle_won(s, winner=target if losers == [me] else me, loser=losers[0]))
    return s, Applied(frames=(DeleteFrame(targets=tuple(losers), cause="battle", by=s.turn_player,
                                          battle_pairs=pairs),))


def _distinct(s: State, uids: list[int]) -> list[int]:
    out: list[int] = []
    for u in uids:
        if all(c.card(s, x).number != c.card(s, u).number for x in out):
            out.append(u)
    return out


def _down_to(s: State, f: ActivateFrame, a: fx.TrashHand, order: list[int]) -> tuple[State, dict[int, list[int]] | None]:
    """Which cards each player of ``order`` trashes to keep ``a.down_to`` (CR 1-3-5: the turn player chooses
    first); answers in ``f.picked`` in that order. None while a player is being asked."""
    picked = list(f.picked)
    chosen: dict[int, list[int]] = {}
    for p in order:
        hand = list(s.players[p].hand)
        need = max(0, len(hand) - (a.down_to or 0))
        if len({c.card(s, u).number for u in hand}) <= 1:
            chosen[p] = hand[len(hand) - need:] if need else []  # identical cards: no real choice
            continue
        mine: list[int] = []
        while picked and len(mine) < need:
            mine.append(picked.pop(0))
        if len(mine) < need:
            left = _distinct(s, [u for u in hand if u not in mine])
            prompt = cap.text("lang.hand_down_prompt", player=c.pname(p), k=len(mine) + 1, n=need, keep=a.down_to)
            options = [Option(cap.text("effect.trash_option", card=c.label(s, u)), u) for u in left]
            s = ask(s, p, DecisionKind.TARGET, prompt, options, cap.rules("lang.hand_down_prompt")[0])
            return c.tell(s, "lang.hand_down_choose", player=c.pname(p)), None
        chosen[p] = mine
    return s, chosen


def _trash_from_hand(s: State, p: int, gone: list[int], by: int, events: list[Event]) -> State:
    pl = s.players[p]
    s = c.set_player(s, p, replace(pl, hand=tuple(u for u in pl.hand if u not in gone),
                                   trash=tuple(reversed(gone)) + pl.trash))
    if gone:
        events.append(Event("hand_trashed", p, None, None, cause="effect", by=by, count=len(gone)))
    return s


def _trash_down_to(s: State, f: ActivateFrame, a: fx.TrashHand) -> Result:
    """Hands trashed down to ``a.down_to`` cards, the turn player choosing first (CR 1-3-5)."""
    order = _hand_players(s, f, a)
    s, chosen = _down_to(s, f, a, order)
    if chosen is None:
        return s, WAITING
    events: list[Event] = []
    for p in order:
        gone = chosen[p]
        if not gone:
            s = c.tell(s, "lang.hand_keeps", player=c.pname(p), count=len(s.players[p].hand))
            continue
        s = _trash_from_hand(s, p, gone, f.owner, events)
        s = c.tell(s, "lang.hand_down", player=c.pname(p), count=len(gone), cards=cap.text("word.card" if len(gone) == 1 else "word.cards"),
                   left=len(s.players[p].hand))
    return (c.trigger_many(s, events) if events else s), DONE


def _hand_players(s: State, f: ActivateFrame, a: fx.TrashHand) -> list[int]:
    """The players whose hands ``a.whose`` names, the turn player first (CR 1-3-5)."""
    whom = {"you": [f.owner], "opponent": [1 - f.owner], "both": [f.owner, 1 - f.owner]}[a.whose]
    return sorted(whom, key=lambda p: p != s.turn_player)


def trash_hand(s: State, f: ActivateFrame, a: fx.TrashHand, targets: list[int]) -> Result:
    """Trash cards from each hand ``a.whose`` names (the newest first), the turn player's first (CR 1-3-5);
    "up to" asks each hand's owner how many (CR 15-10-2), the answers kept in ``f.picked`` in that order.
    With ``down_to``, each named hand goes down to that many cards, its owner choosing which (CR 1-3-5)."""
    if a.down_to is not None:
        return _trash_down_to(s, f, a)
    order = _hand_players(s, f, a)
    counts: dict[int, int] = {}
    answers = list(f.picked)
    for p in order:
        most = min(a.amount, len(s.players[p].hand))
        if not (a.up_to and most > 0):
            counts[p] = most
            continue
        if not answers:
            options = [Option(cap.text("effect.trash_hand_option", count=k, cards=cap.text("word.card" if k == 1 else "word.cards")), k)
                       for k in range(most, -1, -1)]
            prompt = cap.text("effect.trash_hand_prompt", player=c.pname(p), amount=a.amount)
            s = ask(s, p, DecisionKind.TARGET, prompt, options, cap.rules("effect.trash_hand_prompt")[0])
            by = "effect.trash_hand_choose_by" if a.cost else "effect.trash_hand_choose"  # "by trashing" (CR 15-7)
            return c.tell(s, by, player=c.pname(p)), WAITING
        counts[p] = answers.pop(0)
    events: list[Event] = []
    for p in order:
        n = counts[p]
        pl = s.players[p]
        s = _trash_from_hand(s, p, list(pl.hand[len(pl.hand) - n:]) if n else [], f.owner, events)
        s = c.tell(s, "effect.trash_hand", player=c.pname(p), count=n, cards=cap.text("word.card" if n == 1 else "word.cards"))
    ok = a.up_to or all(counts[p] >= a.amount for p in order)
    return (c.trigger_many(s, events) if events else s), Applied(ok=ok, count=sum(counts.values()))


def _security_candidates(s: State, owner: int, whose: str) -> list[int]:
    """The players whose Security Stack "you", "opponent", "both" or "most" (the larger; both on a tie) names."""
    fixed = {"you": [owner], "opponent": [1 - owner], "both": [owner, 1 - owner]}.get(whose)
    if fixed is not None:
        return fixed
    sizes = [len(s.players[q].security) for q in (0, 1)]
    return [q for q in (0, 1) if sizes[q] == max(sizes) and sizes[q] > 0]


def _gates_next(f: ActivateFrame) -> bool:
    """True when the action after the current one happens only "if you did" it: the current one is then an
    optional condition ("by ...", CR 15-7)."""
    after = f.effect.actions[f.index + 1:f.index + 2]
    return bool(after) and getattr(getattr(after[0], "condition", None), "kind", "") == "previous_done"


def _gated(f: ActivateFrame) -> list[fx.EffectAction]:
    """The actions after the current one that happen only "if you did" it (CR 15-7-2)."""
    out = []
    for b in f.effect.actions[f.index + 1:]:
        if getattr(getattr(b, "condition", None), "kind", "") != "previous_done":
            break
        out.append(b)
    return out


def _declined(s: State, f: ActivateFrame) -> State:
    """Say that the effect's player trashes no security card, and, when that trash was an optional condition, which
    part needed it (CR 15-7-2)."""
    if not _gates_next(f):
        return c.tell(s, "lang.security_declined", player=c.pname(f.owner))
    part = ", ".join(action_words(b) for b in _gated(f))
    return c.tell(s, "lang.security_declined_by", player=c.pname(f.owner), part=part)


def _security_whom(s: State, f: ActivateFrame, a: fx.TrashSecurity) -> tuple[State, list[int] | None]:
    """Whose Security Stacks ``a`` trashes from; "most" and "you may" ask the effect's player (CR 15-9, 15-10-2).
    None while asking; [] when they decline or there is nothing to trash."""
    owner = f.owner
    whom = _security_candidates(s, owner, a.whose)
    if not whom or not any(s.players[q].security for q in whom):
        return c.tell(s, "lang.security_none"), []
    if not a.optional and len(whom) == 1 or a.whose == "both" and not a.optional:
        return s, whom
    if not f.picked:
        options = ([Option(cap.text("lang.security_option_yours") if a.whose == "you" else
                           cap.text("lang.security_option", player=c.pname(q)), q) for q in whom]
                   if a.whose != "both" else [Option(cap.text("lang.security_option_both"), 2)])
        which = (cap.text("lang.security_which_most", count=len(s.players[whom[0]].security)) if a.whose == "most"
                 else cap.text("lang.security_which_yours" if a.whose == "you" else "lang.security_which_any"))
        options += [Option(cap.text("lang.security_decline"), -1)] if a.optional else []
        key = "lang.security_prompt_by" if a.optional and _gates_next(f) else "lang.security_prompt"
        return ask(s, owner, DecisionKind.OPTIONAL, cap.text(key, player=c.pname(owner), which=which),
                   options, cap.rules(key)[0]), None
    if f.picked[-1] == -1:
        return _declined(s, f), []
    return s, whom if f.picked[-1] == 2 else [f.picked[-1]]


def trash_security(s: State, f: ActivateFrame, a: fx.TrashSecurity, targets: list[int]) -> Result:
    """Trash security cards without their [Security] effects (CR 15-15-3); not done in full if too few. The
    cards go at the same time: a watching effect triggers once for them all (CR 15-5-2, QA Q2603)."""
    s, whom = _security_whom(s, f, a)
    if whom is None:
        return s, WAITING
    ok = bool(whom)
    events: list[Event] = []
    for p in whom:
        s, n, evs = ops.trash_security_quietly(s, p, a.amount)
        ok = ok and n == a.amount
        events += evs
    return (c.trigger_many(s, events) if events else s), Applied(ok=ok)


def _trash_pool(s: State, a: fx.TrashDigivolutionCards, st: Stack) -> list[int]:
    """The cards of a stack (top first) that ``a`` may trash, in the order it takes them."""
    # "trash the top card" (e.g. <Armor Purge>): the top card itself goes, never the last card
    pool = list(st.cards[:-1]) if a.position == "top_card" else list(st.digivolution_cards)
    if a.level is not None:
        pool = [u for u in pool if c.card(s, u).level == a.level]
    if a.position == "bottom":
        pool.reverse()
    return pool


def _ask_which_to_trash(s: State, f: ActivateFrame, a: fx.TrashDigivolutionCards, top: int,
                        chosen: list[int], left: list[int]) -> State:
    """Ask the effect's player which digivolution card of ``top``'s stack to trash next (CR 15-10-2)."""
    owner = f.owner
    options = [Option(cap.text("effect.trash_option", card=c.label(s, u)), u) for u in _distinct(s, left)]
    prompt = cap.text("effect.digivolution_prompt", player=c.pname(owner), card=c.label(s, top), k=len(chosen) + 1,
                      n=a.amount)
    s = ask(s, owner, DecisionKind.CARDS, prompt, options, cap.rules("effect.digivolution_prompt")[0])
    if a.cost and not chosen:  # "by trashing N": all N or none (CR 15-7-3)
        return c.tell(s, "effect.digivolution_choose_by", player=c.pname(owner), card=c.label(s, top), n=a.amount)
    return c.tell(s, "effect.digivolution_choose", player=c.pname(owner), card=c.label(s, top))


def _digiburst_waits(s: State, owner: int, uids: list[int]) -> State:
    """The "when this card is trashed by <Digi-Burst>" inherited effects of the trashed cards trigger and wait on
    their cards in the trash (CR 4-16-2, 16-14)."""
    for uid in uids:
        for i, e in enumerate(c.card(s, uid).inherited):
            w = e.when if isinstance(e, Effect) else None
            if w is None or w.event != "digivolution_trashed" or w.cause != "digiburst" or w.whose != "this":
                continue
            assert isinstance(e, Effect)
            if not c.scope_ok(s, e.scope, s.owners[uid]):
                continue
            s, pid = c.new_id(s)
            pe = PendingEffect(pid=pid, owner=s.owners[uid], effect=e, source=uid, holder=None, slot="inherited",
                               index=i, label=c.unique_label(s, c.effect_label(s, e, uid, "inherited")),
                               event=Event("digivolution_trashed", owner, None, uid, cause="digiburst", by=owner),
                               own_deletion=True, moment=c.removal_moment(s))
            s = replace(s, collecting=s.collecting + (pe,))
            s = c.tell(s, "lang.digiburst_waits", card=c.label(s, uid))
    return s


def _trash_plan(s: State, f: ActivateFrame, a: fx.TrashDigivolutionCards,
                targets: list[int]) -> tuple[State, list[tuple[int, list[int]]] | None, bool]:
    """Which cards of each target go (asking where the card lets the effect's player choose, CR 15-10-2, answers
    in ``f.cards``). Returns (state, plan or None while asking / after a failed cost, done in full)."""
    plan: list[tuple[int, list[int]]] = []
    ok = bool(targets)
    for t in targets:
        st = c.stack_of(s, t)
        if st is None:
            ok = False
            continue
        pool = _trash_pool(s, a, st)
        chosen = pool[: a.amount]
        if a.position == "any" and len(pool) > a.amount:
            chosen = [u for u in f.cards if u in pool][: a.amount]
            left = [u for u in pool if u not in chosen]
            kinds = {c.card(s, u).number for u in left}
            if len(chosen) < a.amount and len(kinds) > 1 and len(chosen) + len(left) > a.amount:
                return _ask_which_to_trash(s, f, a, st.top, chosen, left), None, False
            chosen = (chosen + left)[: a.amount]
        if len(chosen) < a.amount:
            ok = False
            if a.cost:
                return c.tell(s, "effect.too_few_cards", card=c.label(s, st.top), amount=a.amount), None, False
        plan.append((t, chosen))
    return s, plan, ok


def trash_digivolution_cards(s: State, f: ActivateFrame, a: fx.TrashDigivolutionCards, targets: list[int]) -> Result:
    """Trash digivolution cards of each target (CR 4-16-3). Every target's cards are settled first, so an open
    decision never leaves a half-done action behind. A cost with too few cards stops the effect (CR 15-7-3).
    Cards of several Digimon go at the same time: a watcher triggers once (CR 15-5-2, QA Q2603)."""
    s, plan, ok = _trash_plan(s, f, a, targets)
    if plan is None:
        return s, (WAITING if s.decision is not None else FAILED)
    events: list[Event] = []
    if a.cause == "digiburst" and plan:
        s = c.tell(s, "lang.digiburst", amount=a.amount)
    for t, chosen in plan:
        s, evs = ops.trash_from_stack_quietly(s, t, chosen, f.owner)
        events += [replace(ev, cause=a.cause) if a.cause else ev for ev in evs]
        if a.cause == "digiburst":
            s = _digiburst_waits(s, f.owner, chosen)
    return (c.trigger_many(s, events) if events else s), Applied(ok=ok)
