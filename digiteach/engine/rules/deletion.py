"""Deletion (CR 4-15) with immediate-type interruptions (CR 15-8-5): :func:`h_delete` runs a
:class:`~digiteach.state.DeleteFrame`. Before the targets are deleted, "when this Digimon would be deleted"
effects may be used, the turn player's first (CR 15-8-5-3), each at most once for the cause (CR 15-8-5-4)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from digiteach.decisions import Option
from digiteach.effects import Effect
from digiteach.engine import core as c
from digiteach.engine.ask import DecisionKind, answering, ask, take_answer
from digiteach.engine.frames import pop, push, set_top
from digiteach.engine.rules.resolution import activatable
from digiteach.state import ActivateFrame, DeleteFrame, Event, Stack, State

__all__ = ["h_delete", "Offer", "immediate_offers"]


@dataclass(frozen=True, slots=True)
class Offer:
    """An immediate-type effect that may interrupt a deletion (CR 15-8-5)."""

    target: int
    """iid of the Digimon that would be deleted (and holds the effect)."""
    owner: int
    effect: Effect
    source: int
    """uid of the card printing the effect."""
    slot: str
    index: int

    @property
    def key(self) -> tuple[int, int, int]:
        """(target iid, source uid, index): how ``DeleteFrame.asked``/``asking`` name this offer."""
        return (self.target, self.source, self.index)


def _usable(s: State, f: DeleteFrame, e: Effect, p: int, key: tuple[int, int, int], slot: str) -> bool:
    """True when immediate effect ``e`` of player ``p`` may interrupt this deletion now (CR 15-8-5)."""
    t, src, idx = key
    if not isinstance(e, Effect) or e.category != "immediate" or e.when is None:
        return False
    w = e.when
    if w.cause == "battle" and f.cause != "battle":
        return False
    if w.cause == "opponent_effect" and (f.cause != "effect" or f.by == p):
        return False
    if key in f.asked:
        return False
    if not c.scope_ok(s, e.scope, p) or not c.uses_left(s, e, t, src, slot, idx):
        return False
    return activatable(s, e, p, t, None)


def immediate_offers(s: State, f: DeleteFrame) -> list[Offer]:
    """Usable "would be deleted" effects of the targets not yet saved, the turn player's first (CR 15-8-5-3)."""
    out = []
    for t in f.targets:
        if t in f.saved:
            continue
        hit = c.find(s, t)
        if hit is None:
            continue
        p, st = hit
        for e, src, slot, idx in c.effects_of(s, st):
            if isinstance(e, Effect) and _usable(s, f, e, p, (t, src, idx), slot):
                out.append(Offer(t, p, e, src, slot, idx))
    out.sort(key=lambda o: o.owner != s.turn_player)
    return out


def _use_immediate(s: State, offer: Offer) -> State:
    """Activate an immediate-type effect just before the deletion (CR 15-8-5-2): its actions run as an inline
    :class:`ActivateFrame` on top of the deletion (a <PreventDeletion> action marks its Digimon saved there)."""
    e, src = offer.effect, offer.source
    s = c.spend_use(s, e, offer.target, src, offer.slot, offer.index)
    label = f"Activate {e.name} of {c.label(s, src)}"
    s = c.say(s, f"{c.pname(offer.owner)} uses {e.name} of {c.label(s, src)} before the deletion happens.",
              "CR 15-8-5-2")
    s = replace(s, log=s.log + (("activated", label),))
    return push(s, ActivateFrame(effect=e, owner=offer.owner, label=label, holder=offer.target, source=src,
                                 inline=True))


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
        s = c.say(s, f"{c.pname(who)} uses {'none of them' if len(keys) > 1 else 'no immediate effect'}.", "CR 15-8-5")
        return set_top(s, f)
    key = keys[opt.ref]
    chosen = next((o for o in immediate_offers(s, f) if o.key == key), None)
    f = replace(f, asked=f.asked + (key,))
    s = set_top(s, f)
    return _use_immediate(s, chosen) if chosen is not None else s


def _offer(s: State, f: DeleteFrame, offers: list[Offer]) -> State:
    """Offer the first player's immediate effects (CR 15-8-5-1, 15-8-5-3): a single compulsory one is used at
    once; otherwise an "immediate" decision asks which to use first, one at a time."""
    owner = offers[0].owner  # the turn player's effects come first (CR 15-8-5-3, 15-4-3-5)
    mine = [o for o in offers if o.owner == owner]
    if len(mine) == 1 and not mine[0].effect.optional:
        s = set_top(s, replace(f, asked=f.asked + (mine[0].key,)))
        return _use_immediate(s, mine[0])
    s = set_top(s, replace(f, asking=tuple(o.key for o in mine)))
    doomed = sorted({o.target for o in mine}, key=list(f.targets).index)
    tl = ", ".join(c.label(s, c.stack_of(s, t).top) for t in doomed)  # type: ignore[union-attr]
    if len(mine) == 1:
        e, src = mine[0].effect, mine[0].source
        return c.say(ask(s, owner, DecisionKind.IMMEDIATE, f"{c.pname(owner)}: {tl} would be deleted. Use {e.name}? "
                         f"({e.summary})", [Option(f"Use {e.name} of {c.label(s, src)}", 0),
                                            Option(f"Don't use {e.name} of {c.label(s, src)}", -1)], "CR 15-8-5"),
                     f"{tl} would be deleted: {c.pname(owner)} may use {e.name} first.", "CR 15-8-5-1")
    options = [Option(f"Use {o.effect.name} of {c.label(s, o.source)}", k) for k, o in enumerate(mine)]
    if all(o.effect.optional for o in mine):
        options.append(Option("Use none of them", -1))
    summaries = "; ".join(f"{o.effect.name} of {c.label(s, o.source)}: {o.effect.summary}" for o in mine)
    return c.say(ask(s, owner, DecisionKind.IMMEDIATE, f"{c.pname(owner)}: {tl} would be deleted. Which of your "
                     f"effects that can interrupt it do you use first? ({summaries})", options, "CR 15-8-5-3"),
                 f"{tl} would be deleted: {c.pname(owner)} has {len(mine)} immediate effects that can interrupt "
                 "it and chooses which to use first, one at a time.", "CR 15-8-5-1", "CR 15-8-5-3")


def _battle_winners(s: State, f: DeleteFrame, doomed: list[int]) -> State:
    """A Digimon that won its battle (its opponent deleted, itself not) triggers "deletes in battle"
    (e.g. <Piercing>, CR 16-7)."""
    att = s.attack
    for loser, winner in f.battle_pairs:
        if loser in doomed and c.in_battle_area(s, winner) and winner not in doomed:
            wp, wst = c.find(s, winner)  # type: ignore[misc]
            cause = "attacking" if att is not None and att.attacker == winner else "battle"
            s = c.trigger(s, Event("deletes_in_battle", wp, winner, wst.top, cause=cause, other=loser))
    return s


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
        events.append(Event("deleted", p, st.iid, st.top, cause=cause, by=f.by, other=pairs.get(st.iid)))
        names.append(c.label(s, st.top))
    return events, names


def _spare_undeletable(s: State, f: DeleteFrame, doomed: list[int]) -> tuple[State, list[int]]:
    """Leave out the targets a "can't be deleted" effect protects from this cause (CR 15-8-5)."""
    kept = [t for t in doomed if c.cant_be_deleted(s, t, f.cause, f.by)]
    if not kept:
        return s, doomed
    names = ", ".join(c.label(s, c.stack(s, t).top) for t in kept)
    s = c.say(s, f"{names} can't be deleted this way, so it stays.", "CR 15-8-5")
    return s, [t for t in doomed if t not in kept]


def _delete_now(s: State, f: DeleteFrame) -> State:
    """Delete every remaining target at the same time (CR 4-15-1, 14-2-2): [On Deletion] effects trigger
    (CR 4-15-2), tokens leave the game (CR 4-21-5), battle winners trigger."""
    s = pop(s)
    s, doomed = _spare_undeletable(s, f, [t for t in f.targets if t not in f.saved and c.in_battle_area(s, t)])
    if not doomed:
        return s
    hits = [c.find(s, t) for t in doomed]
    events, names = _deletion_events(s, f, hits)
    pool = [h for h in hits if h is not None] + [x for x in c.all_stacks(s) if x[1].iid not in doomed]
    s = c.trigger_many(s, events, sorted(pool, key=lambda x: x[0] != s.turn_player))
    for t in doomed:
        s = c.remove_stack(s, t)
    s = replace(s, log=s.log + tuple(("deleted", n) for n in names))
    how = {"battle": "in battle", "rule": "by the rule check", "effect": "by an effect"}[f.cause]
    s = c.say(s, f"{', '.join(names)} {'is' if len(names) == 1 else 'are'} deleted {how}.", "CR 4-15-1")
    gone = [c.label(s, u) for hit in hits if hit is not None for u in hit[1].cards if c.card(s, u).token]
    if gone:
        s = c.say(s, f"{', '.join(gone)} {'is a token' if len(gone) == 1 else 'are tokens'}: removed from the game "
                     "instead of going to the trash.", "CR 4-21-5")
    return _battle_winners(s, f, doomed) if f.cause == "battle" else s


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
