"""The "play a card without paying its cost" action (CR 15-10, 7-1): which cards qualify, the choice, the play."""

from __future__ import annotations

from digiteach.copying import replace

from digiteach import effects as fx
from digiteach.decisions import Option
from digiteach import captions as cap
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, ask
from digiteach.state import ActivateFrame, State

__all__ = ["apply_play", "playable"]


def _pool(s: State, f: ActivateFrame, a: fx.PlayCard) -> list[int]:
    """The cards of the area ``a.source`` names: the trash, the hand, the holder's digivolution cards, or the
    effect's own card while it is in the trash ("this", <Fortitude> CR 16-27)."""
    pl = s.players[f.owner]
    if a.source == "this":
        return [f.source] if f.source in pl.trash else []
    if a.source == "trash":
        return list(pl.trash)
    if a.source == "hand":
        return list(pl.hand)
    st = c.stack_of(s, f.holder) if f.holder is not None else None
    return list(st.digivolution_cards) if st else []


def _fits(s: State, uid: int, a: fx.PlayCard) -> bool:
    """True when card ``uid`` meets every requirement ``a`` names (kind, level, colour, name, cost)."""
    cd = c.card(s, uid)
    checks = (
        a.kind == "any" or cd.kind == a.kind,
        cd.kind in ("Digimon", "Tamer"),
        a.max_level is None or (cd.level is not None and cd.level <= a.max_level),
        a.level is None or cd.level == a.level,
        a.color is None or bool(set(a.color.split("/")) & set(cd.colors)),
        a.name_contains is None or a.name_contains in cd.name,
        a.max_cost is None or (cd.play_cost is not None and cd.play_cost <= a.max_cost),
    )
    return all(checks)


def playable(s: State, f: ActivateFrame, a: fx.PlayCard) -> list[int]:
    """uids the effect in ``f`` may play with ``a``; two copies of one card are the same choice (the first)."""
    cands: list[int] = []
    for uid in _pool(s, f, a):
        if not _fits(s, uid, a):
            continue
        if any(c.card(s, u).number == c.card(s, uid).number for u in cands):
            continue
        cands.append(uid)
    return cands


def _take_out(s: State, f: ActivateFrame, a: fx.PlayCard, uid: int) -> State:
    """Take ``uid`` out of its area before it is played."""
    owner = f.owner
    pl = s.players[owner]
    if a.source in ("trash", "this"):
        return c.set_player(s, owner, replace(pl, trash=tuple(u for u in pl.trash if u != uid)))
    if a.source == "hand":
        return c.set_player(s, owner, replace(pl, hand=tuple(u for u in pl.hand if u != uid)))
    assert f.holder is not None
    st = c.stack_of(s, f.holder)
    assert st is not None
    return c.update_stack(s, replace(st, cards=tuple(u for u in st.cards if u != uid)))


def _play_this_security(s: State, f: ActivateFrame, a: fx.PlayCard) -> State:
    """A [Security] effect plays the checked card itself, now or at the end of the battle (CR 14-2-5)."""
    uid = f.source
    if a.at_end_of_battle:
        return c.tell(replace(s, delayed=s.delayed + (("play_at_end_of_battle", uid),)), "play.at_end_of_battle",
                      card=c.label(s, uid))
    if uid not in s.limbo:
        return s
    s = replace(s, limbo=tuple(u for u in s.limbo if u != uid))
    return ops.play_card(s, f.owner, uid, a.suspended)


def apply_play(s: State, f: ActivateFrame, a: fx.PlayCard) -> State:
    """Play a card for free (CR 15-10). With a choice (several cards, or "you may"), asks a ``play`` decision
    and returns; the answer comes back in ``f.picked`` (-1: play nothing, CR 15-9)."""
    owner = f.owner
    if a.source == "this_security":
        return _play_this_security(s, f, a)
    cands = playable(s, f, a)
    if cands and (len(cands) > 1 or a.optional):
        if not f.picked:
            where = cap.text({"trash": "word.where_trash", "hand": "word.where_hand"}.get(
                a.source, "word.where_digivolution_cards"))
            options = [Option(cap.text("play.option", card=c.label(s, u)), u) for u in cands]
            if a.optional:
                options.append(Option(cap.text("play.none_option"), -1))
            s = ask(s, owner, DecisionKind.PLAY, cap.text("play.prompt", player=c.pname(owner), where=where), options,
                    cap.rules("play.prompt")[0])
            return c.tell(s, "play.choose", player=c.pname(owner))
        if f.picked[-1] == -1:
            return c.tell(s, "play.nothing", player=c.pname(owner))
        cands = [f.picked[-1]]
    if not cands:
        return c.tell(s, "play.none_possible")
    s = _take_out(s, f, a, cands[0])
    return ops.play_card(s, owner, cands[0], a.suspended)
