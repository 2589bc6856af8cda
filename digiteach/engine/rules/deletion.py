"""Deletion (CR 4-15) with immediate-type interruptions (CR 15-8-5): :func:`h_delete` runs a
:class:`~digiteach.state.DeleteFrame`. Before the targets are deleted, "when this Digimon would be deleted"
effects may be used, the turn player's first (CR 15-8-5-3), each at most once for the cause (CR 15-8-5-4).
Effects of other Digimon that watch one of their player's Digimon ("when another of your Digimon would be
deleted": <Decoy>, <Guard>) are offered too.

The same frame, with ``to`` set, moves Digimon out of the Battle Area by an effect (a return to the hand, the deck or
a Security Stack, CR 4-7): then only the "would leave the Battle Area" effects are offered (event ``would_leave``:
<Decode>, CR 16-36; <Partition>, 16-29; <Guard>, 16-45), which a deletion offers too."""

from __future__ import annotations

from dataclasses import dataclass
from digiteach.copying import replace

from digiteach.decisions import Option
from digiteach.i18n import card_text
from digiteach.effects import Effect
from digiteach import captions as cap
from digiteach import rulesets
from digiteach.engine import core as c
from digiteach.engine.ask import DecisionKind, answering, ask, take_answer
from digiteach.engine.frames import pop, push, set_top
from digiteach.engine.labels import instance_label
from digiteach.engine.moves import move_stacks, removal_key
from digiteach.engine.effect_kinds import area_may_have, may_have
from digiteach.engine.printed import EffectSource
from digiteach.engine.rules.keyword_words import battle_silence, piercing_silence
from digiteach.engine.rules.resolution import activatable
from digiteach.engine.triggers import trigger_leaving, watched
from digiteach.state import ActivateFrame, DeleteFrame, Event, PendingEffect, Stack, State

__all__ = ["h_delete", "Offer", "immediate_offers"]


@dataclass(frozen=True, slots=True)
class Offer:
    """An immediate-type effect that may interrupt a deletion (CR 15-8-5)."""

    target: int
    """iid of the Digimon that would be deleted."""
    owner: int
    effect: Effect
    source: int
    """uid of the card printing the effect."""
    slot: str
    index: int
    holder: int
    """iid of the Digimon holding the effect: the target itself, or another Digimon watching it (<Decoy>)."""

    @property
    def key(self) -> tuple[int, int, int]:
        """(target iid, source uid, index): how ``DeleteFrame.asked``/``asking`` name this offer."""
        return (self.target, self.source, self.index)


def _usable(s: State, f: DeleteFrame, e: Effect, p: int, holder: int, ev: Event, key: tuple[int, int, int],
            slot: str) -> bool:
    """True when immediate effect ``e`` of player ``p``, held by ``holder``, may interrupt the deletion ``ev`` of
    its subject now (CR 15-8-5): its trigger condition matches, it is in scope, has uses left, was not yet asked
    for this cause, and can be activated. An effect watching "another of your Digimon" (``whose: you``) never
    protects its own holder."""
    _t, src, idx = key
    w = e.when
    if e.category != "immediate" or w is None or key in f.asked:
        return False
    if w.whose == "you" and ev.subject == holder:
        return False
    if not c.matches(s, w, p, holder, ev):
        return False
    if not c.scope_ok(s, e.scope, p) or not c.uses_left(s, e, holder, src, slot, idx):
        return False
    return activatable(s, e, p, holder, ev)


def immediate_offers(s: State, f: DeleteFrame) -> list[Offer]:
    """Usable "would be deleted" effects for the targets: their own and those of other Digimon watching them, the
    turn player's first (CR 15-8-5-3). A target already saved keeps the effects that triggered with the others: each
    may still be activated once for this cause (CR 15-8-5-1, 15-8-5-4; QA Q6516: <Decode> after <Evade>)."""
    tp = s.turn_player
    holders = [(p, st, found) for p in (tp, 1 - tp) if area_may_have(s, s.players[p].battle, "immediate")
               for st in s.players[p].battle if (found := _immediates(s, st))]  # as c.all_stacks, turn player first
    if not holders:
        return []
    out = []
    for t in f.targets:
        hit = c.find(s, t)
        if hit is None:
            continue
        ev = Event("would_be_deleted", hit[0], t, hit[1].top, f.cause, f.by)  # by position: Event's field order
        leave = replace(ev, kind="would_leave")  # a deletion is a leaving too; a move (``f.to``) only a leaving
        for p, st, found in holders:
            for e, src, slot, idx in found:
                if not isinstance(e, Effect):
                    continue
                one = leave if f.to is not None or (e.when is not None and e.when.event == "would_leave") else ev
                if _usable(s, f, e, p, st.iid, one, (t, src, idx), slot):
                    out.append(Offer(t, p, e, src, slot, idx, st.iid))
    out.sort(key=lambda o: o.owner != s.turn_player)
    return out


def _immediates(s: State, st: Stack) -> list[EffectSource]:
    """The immediate-type effects (CR 15-8-5) ``st`` has now (none looked for when its cards print none)."""
    if not may_have(s, st, "immediate"):
        return []
    return [x for x in c.effects_of(s, st) if isinstance(x[0], Effect) and x[0].category == "immediate"]


def _use_immediate(s: State, f: DeleteFrame, offer: Offer) -> State:
    """Activate an immediate-type effect just before the deletion or the leaving (CR 15-8-5-2): its actions run as an
    inline :class:`ActivateFrame` on top of the frame (a <PreventDeletion> action marks its Digimon saved there)."""
    e, src = offer.effect, offer.source
    s = c.spend_use(s, e, offer.holder, src, offer.slot, offer.index)
    label = cap.text("pending.label", effect=e.name, card=c.label(s, src))
    s = c.tell(s, removal_key(f, "immediate_used"), player=c.pname(offer.owner), effect=e.name, card=c.label(s, src))
    key = cap.keyword_key(e.name, "used")
    if key is not None:
        s = c.tell(s, key)
    s = replace(s, log=s.log + (("activated", label),))
    return push(s, ActivateFrame(effect=e, owner=offer.owner, label=label, holder=offer.holder, source=src,
                                 subject=offer.target, inline=True))


def _take_immediate_answer(s: State, f: DeleteFrame, answer: str | None) -> State:
    """The answer to the "use an immediate effect?" decision: declined offers are not asked again for this
    cause (CR 15-8-5-4); a chosen one is used."""
    assert s.decision is not None
    who = s.decision.player
    s, opt = take_answer(s, answer)
    keys = f.asking
    f = replace(f, asking=())
    if opt.ref < 0:
        f = replace(f, asked=f.asked + keys)
        s = c.tell(s, "delete.immediate_none_of_them" if len(keys) > 1 else "delete.immediate_declined",
                   player=c.pname(who))
        return set_top(s, f)
    key = keys[opt.ref]
    chosen = next((o for o in immediate_offers(s, f) if o.key == key), None)
    f = replace(f, asked=f.asked + (key,))
    s = set_top(s, f)
    return _use_immediate(s, f, chosen) if chosen is not None else s


def _offer(s: State, f: DeleteFrame, offers: list[Offer]) -> State:
    """Offer the first player's immediate effects (CR 15-8-5-1, 15-8-5-3): a single compulsory one is used at
    once; otherwise an "immediate" decision asks which to use first, one at a time."""
    owner = offers[0].owner  # the turn player's effects come first (CR 15-8-5-3, 15-4-3-5)
    mine = [o for o in offers if o.owner == owner]
    if len(mine) == 1 and not mine[0].effect.optional:
        s = set_top(s, replace(f, asked=f.asked + (mine[0].key,)))
        return _use_immediate(s, f, mine[0])
    s = set_top(s, replace(f, asking=tuple(o.key for o in mine)))
    doomed = sorted({o.target for o in mine}, key=list(f.targets).index)
    tl = ", ".join(c.label(s, c.stack_of(s, t).top) for t in doomed)  # type: ignore[union-attr]
    who = c.pname(owner)
    if len(mine) == 1:
        e, src = mine[0].effect, mine[0].source
        one = {"effect": e.name, "card": c.label(s, src)}
        prompt = cap.text(removal_key(f, "immediate_prompt"), player=who, names=tl, effect=e.name, summary=card_text(e.summary))
        s = ask(s, owner, DecisionKind.IMMEDIATE, prompt,
                [Option(cap.text("delete.immediate_use_option", **one), 0),
                 Option(cap.text("delete.immediate_decline_option", **one), -1)], cap.rules(removal_key(f, "immediate_prompt"))[0])
        s = c.tell(s, removal_key(f, "immediate_may"), names=tl, player=who, effect=e.name)
        if cap.keyword_key(e.name, "may") is None and any(getattr(a, "cost", False) for a in e.actions):
            s = c.tell(s, "delete.immediate_by")  # "by trashing ...": an optional condition (CR 15-7-1)
        return _immediate_notes(s, f, e.name, who)
    options = [Option(cap.text("delete.immediate_use_option", effect=o.effect.name, card=c.label(s, o.source)), k,
                      about=o.holder) for k, o in enumerate(mine)]
    if all(o.effect.optional for o in mine):
        options.append(Option(cap.text("delete.immediate_none_option"), -1))
    summaries = "; ".join(cap.text("word.effect_of", effect=o.effect.name, card=c.label(s, o.source)) + f": {card_text(o.effect.summary)}" for o in mine)
    prompt = cap.text(removal_key(f, "immediate_many_prompt"), player=who, names=tl, summaries=summaries)
    s = ask(s, owner, DecisionKind.IMMEDIATE, prompt, options, cap.rules(removal_key(f, "immediate_many_prompt"))[0])
    return c.tell(s, removal_key(f, "immediate_many"), names=tl, player=who, count=len(mine))


def _immediate_notes(s: State, f: DeleteFrame, effect: str, who: str) -> State:
    """What the keywords involved add when an immediate effect is offered: the offered keyword's own rule
    (<Barrier>, CR 16-25; <Decoy>, CR 16-18, cited only), and that a <Retaliation> deletion is one by an effect (QA Q2397)."""
    key = cap.keyword_key(effect, "may")
    if key is not None:
        s = c.tell(s, key, player=who)
    key = cap.keyword_key(effect, "offered")  # the keyword's own rule, cited beside a general "may" caption
    if key is not None:
        s = c.tell(s, key)
    deleting = next((pe for g in s.pending for pe in g.effects if pe.pid == s.activating), None)
    if f.cause != "battle" and deleting is not None:
        key = cap.keyword_key(deleting.effect.name, "by_effect")
        if key is not None:
            s = c.tell(s, key)
    return s


def _battle_winners(s: State, f: DeleteFrame, doomed: list[int]) -> State:
    """A Digimon that won its battle (its opponent deleted, itself not) triggers "deletes in battle" and "opponent
    deleted in battle" (<Piercing>, CR 16-7-2)."""
    if not watched(s, "deletes_in_battle") and not watched(s, "opponent_deleted_in_battle"):
        return s  # nothing would collect the events: none to make
    att = s.attack
    for loser, winner in f.battle_pairs:
        if loser in doomed and c.in_battle_area(s, winner) and winner not in doomed:
            wp, wst = c.find(s, winner)  # type: ignore[misc]
            cause = "attacking" if att is not None and att.attacker == winner else "battle"
            s = c.trigger_many(s, [Event("deletes_in_battle", wp, winner, wst.top, cause, None, loser),  # by position
                                   Event("opponent_deleted_in_battle", wp, winner, wst.top, cause, None, loser)])
    return s


def _tie_events(s: State, f: DeleteFrame, hits: list[tuple[int, Stack] | None]) -> list[Event]:
    """On a tie, which deletes both Digimon of the battle, each one's "opponent deleted in battle": <Piercing>
    triggers although its own Digimon is deleted too (CR 16-7-2 since CR 4.2; its check is then skipped, 16-7-6).
    None under a ruleset whose <Piercing> needs an attacker that survives its battle (CR 3.6 16-6)."""
    if not f.tie or rulesets.ruleset(s.ruleset).piercing_needs_surviving_attacker:
        return []
    att = s.attack
    where = {st.iid: (p, st) for p, st in (h for h in hits if h is not None)}
    events = []
    for loser, winner in f.battle_pairs:
        if loser in where and winner in where:
            wp, wst = where[winner]
            cause = "attacking" if att is not None and att.attacker == winner else "battle"
            events.append(Event("opponent_deleted_in_battle", wp, winner, wst.top, cause=cause, other=loser))
    return events


def _deletion_events(s: State, f: DeleteFrame, hits: list[tuple[int, Stack] | None]) -> tuple[list[Event], list[str]]:
    """The "deleted" events of the Digimon in ``hits`` (a lone battle loser is told apart, for "deleted alone in
    battle" triggers) and their labels."""
    alone = len(hits) == 1
    pairs = dict(f.battle_pairs)
    events, names = [], []
    for hit in hits:
        assert hit is not None
        p, st = hit
        cause = ("battle_alone" if alone else "battle") if f.cause == "battle" else f.cause
        events.append(Event("deleted", p, st.iid, st.top, cause, f.by, pairs.get(st.iid)))  # by position: field order
        names.append(c.label(s, st.top))
    return events, names


def _spare_undeletable(s: State, f: DeleteFrame, doomed: list[int]) -> tuple[State, list[int]]:
    """Leave out the targets a persistent "can't be deleted" effect protects from this cause (CR 15-8-2)."""
    kept = [t for t in doomed if c.cant_be_deleted(s, t, f.cause, f.by)]
    if not kept:
        return s, doomed
    names = ", ".join(c.label(s, c.stack(s, t).top) for t in kept)
    s = c.tell(s, "lang.cant_be_deleted", names=names)
    return s, [t for t in doomed if t not in kept]


def _delete_now(s: State, f: DeleteFrame) -> State:
    """Delete every remaining target at the same time (CR 4-15-1, 14-2-2): [On Deletion] effects trigger
    (CR 4-15-2), tokens leave the game (CR 4-21-5), battle winners trigger. The frame is popped with the log and the
    captions, in one copy (nothing before reads the work stack). A move (``f.to``) moves the targets not saved
    instead (:func:`~digiteach.engine.moves.move_stacks`, CR 4-7)."""
    left = [t for t in f.targets if t not in f.saved and c.in_battle_area(s, t)]
    if f.to is not None:
        return move_stacks(pop(s), left, f.to)
    s, doomed = _spare_undeletable(s, f, left)
    saved = _saved_silence(s, f)
    if not doomed:
        return _told(pop(s), saved)
    hits = [c.find(s, t) for t in doomed]
    silent = saved + (battle_silence(s, [h for h in hits if h is not None]) if f.cause == "battle" else [])
    events, names = _deletion_events(s, f, hits)
    events += _tie_events(s, f, hits)
    before = len(s.collecting)
    s = trigger_leaving(s, events, [h for h in hits if h is not None])  # the deleted first, turn player's first
    for t in doomed:
        s = c.remove_stack(s, t)
    s = c.removal_done(s, before)
    ed = c.Edit(s).pop().set(log=s.log + tuple(("deleted", n) for n in names))
    _deletion_captions(ed, f, names, hits, before)
    for key, fields in silent:  # read before the deletion: why a keyword on the board does nothing here
        ed.tell(key, **fields)
    s = ed.done()
    return _battle_winners(s, f, doomed) if f.cause == "battle" else s


def _saved_silence(s: State, f: DeleteFrame) -> list[tuple[str, dict[str, str]]]:
    """Why <Piercing> does not trigger for a battle whose loser an effect saved (:func:`piercing_silence`)."""
    return piercing_silence(s, f.saved, f.battle_pairs) if f.cause == "battle" and f.saved else []


def _told(s: State, lines: list[tuple[str, dict[str, str]]]) -> State:
    """``s`` with the captions ``lines`` (key, fields) told."""
    for key, fields in lines:
        s = c.tell(s, key, **fields)
    return s


def _deletion_captions(ed: c.Edit, f: DeleteFrame, names: list[str], hits: list[tuple[int, Stack] | None],
                       before: int) -> c.Edit:
    """Say who is deleted and why, which tokens leave the game (CR 4-21-5), and, inside an effect, which effects the
    deletion triggered: they wait until the effect is over (CR 15-4-2-2, 15-8-3-2). ``before``: how many triggers
    were collected before the deletion; ``ed`` edits the state after the deletion."""
    s = ed.base
    key = _deletion_key(f, len(names))
    if f.cause == "battle":  # the battle captions name the losers without a verb to agree
        ed.tell(key, names=", ".join(names))
    else:
        ed.tell(key, names=", ".join(names), is_are=_is_are(len(names)))
    under = [c.label(s, u) for hit in hits if hit is not None for u in hit[1].cards[1:]]
    if under:  # the cards under a Digimon go with it (CR 4-7-8)
        ed.tell("delete.with_cards", names=", ".join(under))
    gone = [c.label(s, u) for hit in hits if hit is not None for u in hit[1].cards if c.card(s, u).token]
    if gone:
        ed.tell("delete.tokens", names=", ".join(gone), is_are=_is_are(len(gone)))
    if f.cause == "effect" and len(s.collecting) > before:
        waiting = ", ".join(c.without_lead(p.label) for p in s.collecting[before:])
        ed.tell("delete.triggered", names=waiting)
        _trigger_counts(ed, s.collecting[:before], s.collecting[before:])
    return ed


def _trigger_counts(ed: c.Edit, older: tuple[PendingEffect, ...], new: tuple[PendingEffect, ...]) -> None:
    """Say (on ``ed``) when an effect still waiting triggers again (CR 15-4-2-4), and when one trigger covers several
    Digimon deleted at the same moment (CR 15-5-2, 4-27-5)."""
    for pe in new:
        what = c.without_lead(pe.label)
        again = [o for o in older if (o.source, o.slot, o.index) == (pe.source, pe.slot, pe.index)]
        many = pe.event is not None and pe.event.count > 1
        count = pe.event.count if pe.event is not None else 1
        if again:
            older_words = c.without_lead(instance_label(ed.base, again[-1]))
            key = "delete.triggered_again_once" if many else "delete.triggered_again"
            ed.tell(key, older=older_words, count=count)
        elif many:
            ed.tell("delete.triggered_once", what=what, count=count)


def _is_are(n: int) -> str:
    return cap.text("word.is" if n == 1 else "word.are")


def _deletion_key(f: DeleteFrame, n: int) -> str:
    """The caption of a deletion: in battle the loser is deleted (CR 14-2-1-2 / 14-2-1-3 with 14-2-2), else by the
    rule check or an effect (CR 4-15-1)."""
    if f.cause == "battle":
        if f.tie:
            return "battle.deleted_tie" if n > 1 else "battle.deleted_security_tie"
        return "battle.deleted"
    return "delete.by_rule" if f.cause == "rule" else "delete.by_effect"


def h_delete(s: State, f: DeleteFrame, answer: str | None) -> State:
    """Delete ``f.targets`` at the same time (CR 4-15), after immediate-type interruptions (CR 15-8-5).

    Stages: take the answer to an open "immediate" decision (``f.asking``); offer the next usable immediate
    effects (each used one runs as an inline ActivateFrame on top, then this handler runs again); when none is
    left, delete the targets not saved and pop the frame.
    """
    if f.asking and answering(s, answer):
        return _take_immediate_answer(s, f, answer)
    offers = immediate_offers(s, f)
    if offers:
        return _offer(s, f, offers)
    return _delete_now(s, f)
