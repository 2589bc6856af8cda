"""Actions that bring a card into play by an effect: play a card (CR 7-1, 15-10) for free or at a reduced cost,
play a token (CR 4-21), use an Option inside an effect (CR 9-1), digivolve by an effect (CR 8-1) and Arts
Digivolve (CR 4-20-2). Each returns the new state; a choice opens a decision and the answer comes back in
``frame.picked`` (the re-entry protocol of :mod:`digiteach.engine.customs`)."""

from __future__ import annotations

from digiteach.copying import replace

from digiteach import effects as fx
from digiteach.cards import load_library
from digiteach.decisions import Option
from digiteach.effects import Effect, Sel
from digiteach import captions as cap
from digiteach.i18n import pgettext
from digiteach.limits import BATTLE_AREA_STACKS
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.customs import Pair, pack_pair, unpack_pair
from digiteach.engine.filters import card_fits
from digiteach.engine.moves import with_pile
from digiteach.engine.placed_options import use_effects
from digiteach.state import ActivateFrame, Delayed, Event, Frame, Stack, State
from digiteach.terms import Timing

__all__ = ["apply_play", "playable", "play_token", "use_option", "use_option_inline", "digivolve",
           "arts_digivolve", "TRASH_USED"]


def _pool(s: State, f: ActivateFrame, a: fx.PlayCard) -> list[int]:
    """The cards of the area ``a.source`` names: the trash, the hand, the Security Stack, the holder's
    digivolution cards, or the effect's own card while it is in the trash ("this", <Fortitude> CR 16-27)."""
    pl = s.players[f.owner]
    if a.source == "this":
        return [f.source] if f.source in pl.trash else []
    if a.source in ("trash", "hand", "security"):
        return list(getattr(pl, a.source))
    st = c.stack_of(s, f.holder) if f.holder is not None else None
    return list(st.digivolution_cards) if st else []


def _fits(s: State, uid: int, a: fx.PlayCard) -> bool:
    """True when card ``uid`` is a Digimon or Tamer meeting every filter of ``a``."""
    cd = c.card(s, uid)
    return cd.kind in ("Digimon", "Tamer") and card_fits(cd, a)


def _distinct(s: State, uids: list[int]) -> list[int]:
    """``uids`` with two copies of one card kept once (the first): they are the same choice."""
    out: list[int] = []
    for uid in uids:
        if all(c.card(s, u).number != c.card(s, uid).number for u in out):
            out.append(uid)
    return out


def playable(s: State, f: ActivateFrame, a: fx.PlayCard) -> list[int]:
    """uids the effect in ``f`` may play with ``a``; two copies of one card are the same choice (the first)."""
    return _distinct(s, [u for u in _pool(s, f, a) if _fits(s, u, a)])


def _take_out(s: State, f: ActivateFrame, a: fx.PlayCard, uid: int) -> State:
    """Take ``uid`` out of its area before it is played."""
    owner = f.owner
    pl = s.players[owner]
    if a.source == "this":
        return c.set_player(s, owner, replace(pl, trash=tuple(u for u in pl.trash if u != uid)))
    if a.source in ("trash", "hand", "security"):
        pile = getattr(pl, a.source)
        return c.set_player(s, owner, with_pile(pl, a.source, tuple(u for u in pile if u != uid)))
    assert f.holder is not None
    st = c.stack(s, f.holder)
    return c.update_stack(s, replace(st, cards=tuple(u for u in st.cards if u != uid)))


def _play_this_security(s: State, f: ActivateFrame, a: fx.PlayCard) -> State:
    """A [Security] effect plays the checked card itself, now or at the end of the battle (CR 14-2-5)."""
    uid = f.source
    if a.at_end_of_battle:
        return c.tell(replace(s, delayed=s.delayed + (Delayed("play_at_end_of_battle", f.owner, card=uid),)), "play.at_end_of_battle",
                      card=c.label(s, uid))
    if uid not in s.limbo:
        return s
    s = replace(s, limbo=tuple(u for u in s.limbo if u != uid))
    return ops.play_card(s, f.owner, uid, a.suspended)


def _play_paying(s: State, p: int, uid: int, reduction: int, suspended: bool) -> State:
    """Play ``uid`` (taken out of its area) paying its play cost reduced by ``reduction``, never below 0
    (CR 1-3-9, 7-1)."""
    cd = c.card(s, uid)
    cost = max(0, (cd.play_cost or 0) - reduction)
    before = c.memory_of(s, p)
    s = c.gain_memory(s, p, -cost)
    s, iid = c.new_id(s)
    pl = s.players[p]
    s = c.set_player(s, p, replace(pl, battle=pl.battle + (Stack(iid=iid, cards=(uid,), suspended=suspended,
                                                                     placed_this_turn=True),)))
    s = c.tell(s, "lang.play_reduced", player=c.pname(p), card=cd.label, cost=cost, printed=cd.play_cost,
               reduction=reduction, before=c.memory_words(before), after=c.memory_words(c.memory_of(s, p)))
    return c.trigger(s, Event("played", p, iid, uid, by=p))


def apply_play(s: State, f: ActivateFrame, a: fx.PlayCard) -> tuple[State, bool]:
    """Play a card for free or at a reduced cost (CR 15-10). With a choice (several cards, or "you may"), asks a
    ``play`` decision and returns; the answer comes back in ``f.picked`` (-1: play nothing, CR 15-9).
    Returns (state, whether a card was played or set to be played)."""
    owner = f.owner
    if a.source == "this_security":
        return _play_this_security(s, f, a), True
    cands = playable(s, f, a)
    if cands and (len(cands) > 1 or a.optional):
        if not f.picked:
            where = cap.text({"trash": "word.where_trash", "hand": "word.where_hand",
                              "security": "word.where_security"}.get(a.source, "word.where_digivolution_cards"))
            options = [Option(cap.text("play.option", card=c.label(s, u)), u) for u in cands]
            if a.optional:
                options.append(Option(cap.text("play.none_option"), -1))
            prompt = cap.text("play.prompt", player=c.pname(owner), where=where)
            if a.cost_reduction is not None:
                prompt = prompt.replace(pgettext("play", "for free"), pgettext(
                    "play", "with its cost reduced by {reduction}").format(reduction=a.cost_reduction))
            s = ask(s, owner, DecisionKind.PLAY, prompt, options, cap.rules("play.prompt")[0])
            return c.tell(s, "play.choose", player=c.pname(owner)), False
        if f.picked[-1] == -1:
            return c.tell(s, "play.nothing", player=c.pname(owner)), False
        cands = [f.picked[-1]]
    if not cands:
        return c.tell(s, "play.none_possible"), False
    s = _take_out(s, f, a, cands[0])
    if a.cost_reduction is not None:
        return _play_paying(s, owner, cands[0], a.cost_reduction, a.suspended), True
    return ops.play_card(s, owner, cands[0], a.suspended), True


def play_token(s: State, f: ActivateFrame, a: fx.PlayToken) -> tuple[State, bool]:
    """Play ``a.count`` tokens of library card ``a.token`` for the effect's player (CR 4-21); with ``optional``
    ask first; none past :data:`digiteach.limits.BATTLE_AREA_STACKS` stacks in the Battle Area. Returns (state, whether tokens were played).

    Raises:
        ValueError: if the library has no token card numbered ``a.token``.
    """
    p = f.owner
    token = load_library().get(a.token)
    if token is None or not token.token:
        raise ValueError(f"{a.token!r} is not a token card of the library (CR 4-21)")
    called = token.name if token.name.lower().endswith("token") else f"{token.name} token"
    if a.optional:
        if not f.picked:
            s = ask(s, p, DecisionKind.OPTIONAL, cap.text("lang.token_prompt", player=c.pname(p), token=called),
                    [Option(cap.text("lang.token_option", token=called), 1),
                     Option(cap.text("lang.token_decline"), -1)], cap.rules("lang.token_prompt")[0])
            return c.tell(s, "lang.token_may", player=c.pname(p), token=called), False
        if f.picked[-1] == -1:
            return c.tell(s, "lang.token_none", player=c.pname(p)), False
    for _ in range(a.count):
        if len(s.players[p].battle) >= BATTLE_AREA_STACKS:
            return c.tell(s, "lang.token_area_full", player=c.pname(p), limit=BATTLE_AREA_STACKS), True
        s, uid = c.create_token(s, p, token)
        s = c.tell(s, "lang.token_created", player=c.pname(p), token=called)
        s = ops.play_card(s, p, uid)
    return s, True


TRASH_USED = Effect(actions=(fx.Move(Sel(who="this_card"), to="trash"),),
                    summary="The used Option card goes to the trash.")
"""What follows an Option used inside an effect: the card goes to the trash (CR 9-1-5)."""


def use_option_inline(s: State, player: int, uid: int) -> tuple[State, list[Frame]]:
    """``player`` uses the Option ``uid`` (from hand, already paid or free) inside an effect (CR 9-1).

    Returns the state (card moved to no area, "when ... uses an Option" triggers collected, the activation
    logged) and the frames to push: its [Main] effect, then the trash of the card (CR 9-1-5). No rule
    check happens between them (CR 9-1-2). Raises ValueError if ``uid`` has no [Main] effect."""
    cd = c.card(s, uid)
    mains = use_effects(cd)
    if not mains:
        raise ValueError(f"{cd.label} has no [Main] effect to use (CR 9-1)")
    pl = s.players[player]
    s = c.set_player(s, player, replace(pl, hand=tuple(u for u in pl.hand if u != uid)))
    s = replace(s, limbo=s.limbo + (uid,))
    label = f"Activate [Main] of {cd.label}"
    s = replace(s, log=s.log + (("activated", cap.text("pending.label", effect="[Main]", card=cd.label)),))
    s = c.tell(s, "lang.option_used", player=c.pname(player), card=cd.label)
    before = len(s.collecting)
    s = c.trigger(s, Event("option_used", player, None, uid, by=player))
    if len(s.collecting) > before:  # they trigger now and wait for the processing to end (CR 15-4-2-2)
        waiting = ", ".join(c.without_lead(p.label) for p in s.collecting[before:])
        s = c.tell(s, "use.triggered_many" if len(s.collecting) - before > 1 else "use.triggered", names=waiting)
    frames: list[Frame] = [
        ActivateFrame(effect=TRASH_USED, owner=player, label=f"[Main] trash of {cd.label}", holder=None,
                      source=uid, started=True),
        ActivateFrame(effect=mains[0], owner=player, label="[Main] " + label, holder=None, source=uid, started=True),
    ]
    return s, frames


def use_option(s: State, f: ActivateFrame, a: fx.UseOption) -> tuple[State, list[Frame], bool]:
    """Use an Option from the hand for free inside this effect (CR 9-1). Returns (state, frames to run, whether
    one was used); asks which (and, with ``optional``, whether) first."""
    p = f.owner
    cands = _distinct(s, [u for u in s.players[p].hand if c.card(s, u).kind == "Option"
                          and card_fits(c.card(s, u), a)
                          and bool(use_effects(c.card(s, u)))])
    if not cands:
        return c.tell(s, "lang.option_none", player=c.pname(p)), [], False
    if a.optional or len(cands) > 1:
        if not f.picked:
            options = [Option(cap.text("lang.option_use", card=c.label(s, u)), u) for u in cands]
            if a.optional:
                options.append(Option(cap.text("lang.option_decline"), -1))
            key = "lang.option_prompt_optional" if a.optional else "lang.option_prompt"
            return ask(s, p, DecisionKind.USE, cap.text(key, player=c.pname(p)), options, cap.rules(key)[0]), [], False
        chosen = f.picked[-1]
        if chosen == -1 or chosen not in s.players[p].hand:
            return c.tell(s, "lang.option_declined", player=c.pname(p)), [], False
        cands = [chosen]
    s, frames = use_option_inline(s, p, cands[0])
    return s, frames, True


def _digivolve_offers(s: State, f: ActivateFrame, a: fx.Digivolve, iids: list[int]) -> list[tuple[int, int, int]]:
    """(Digimon iid, card uid, memory to pay) for each way ``a`` can digivolve one of ``iids``: the card meets
    the filters and one of its requirements (CR 8-1-1); one offer per card number, Digimon and cost."""
    pile = s.players[f.owner].hand if a.source == "hand" else s.players[f.owner].trash
    offers: list[tuple[int, int, int]] = []
    seen: set[tuple[int, str, int]] = set()
    for iid in iids:
        top = c.card(s, c.stack(s, iid).top)
        if top.kind != "Digimon":
            continue
        for uid in pile:
            cd = c.card(s, uid)
            if cd.kind != "Digimon" or not card_fits(cd, a):
                continue
            for cost in ops.requirement_costs(cd, top):
                pay = 0 if a.cost_reduction is None else max(0, cost - a.cost_reduction)
                if (iid, cd.number, pay) not in seen:
                    seen.add((iid, cd.number, pay))
                    offers.append((iid, uid, pay))
    return offers


def _ask_digivolve(s: State, f: ActivateFrame, a: fx.Digivolve, offers: list[tuple[int, int, int]]) -> State:
    """Ask which offer (Digimon, card, requirement's cost) the effect's player takes (CR 8-1-1)."""
    owner = f.owner
    one = a.target.who == "this"
    options: list[Option] = []
    for i, u, pay in offers:
        who = "" if one else f"{c.label(s, c.stack(s, i).top)} "
        paid = "" if a.cost_reduction is None else " " + pgettext("digivolve", "for {cost} memory").format(cost=pay)
        options.append(Option(cap.text("lang.digivolve_option", digimon=who, card=c.label(s, u), paid=paid),
                              pack_pair(Pair(iid=i, uid=u)) * 100 + pay, about=i))
    if a.optional:
        options.append(Option(cap.text("lang.digivolve_decline"), -1))
    if one:
        top = c.label(s, c.stack(s, offers[0][0]).top)
        less = (" " + pgettext("digivolve", "(cost reduced by {reduction})").format(reduction=a.cost_reduction)
                if a.cost_reduction else "")
        prompt = cap.text("lang.digivolve_this_prompt", player=c.pname(owner), card=top, less=less)
        s = ask(s, owner, DecisionKind.DIGIVOLVE, prompt, options, cap.rules("lang.digivolve_this_prompt")[0])
        return c.tell(s, "lang.digivolve_this_choose", player=c.pname(owner))
    prompt = cap.text("lang.digivolve_prompt", player=c.pname(owner), source=cap.text("word.where_" + a.source))
    s = ask(s, owner, DecisionKind.DIGIVOLVE, prompt, options, cap.rules("lang.digivolve_prompt")[0])
    return c.tell(s, "lang.digivolve_choose", player=c.pname(owner))


def digivolve(s: State, f: ActivateFrame, a: fx.Digivolve, iids: list[int]) -> tuple[State, bool]:
    """One of ``iids`` digivolves into a card from ``a.source`` (CR 8-1-1, 8-1-3), for free or at a reduced
    cost. The player chooses Digimon, card and requirement in one question; with ``optional`` they may decline.
    Returns (state, whether it digivolved)."""
    owner = f.owner
    offers = _digivolve_offers(s, f, a, iids)
    if not offers:
        return c.tell(s, "lang.digivolve_none", player=c.pname(owner)), False
    if len(offers) > 1 or a.optional:
        if not f.picked:
            return _ask_digivolve(s, f, a, offers), False
        if f.picked[-1] == -1:
            return c.tell(s, "lang.digivolve_declined", player=c.pname(owner)), False
        ref, pay = divmod(f.picked[-1], 100)
        pair = unpack_pair(ref)
        iid, uid = pair.iid, pair.uid
    else:
        iid, uid, pay = offers[0]
    return ops.digivolve_in_effect(s, owner, iid, uid, pay, a.source), True


def arts_digivolve(s: State, f: ActivateFrame) -> State:
    """Arts Digivolve (CR 4-20-2; DUAL cards such as BT25-043, R51): instead of the used card going to the trash
    (CR 9-1-5), one of your Digimon that meets the Digimon side's digivolution requirement may digivolve into
    it without paying the cost. No rule check comes between the [Main] effect and this digivolution. The
    digivolving player draws 1 as for any digivolution (CR 8-1-3; our sources do not settle this for Arts
    Digivolve, and R51 does not depend on it)."""
    p, uid = f.owner, f.source
    if uid not in s.limbo:
        return s
    new = c.card(s, uid)
    cands = [st.iid for st in s.players[p].battle if c.card(s, st.top).kind == "Digimon"
             and any(req.accepts(c.card(s, st.top)) for req in new.digivolve)]
    if not cands:
        return c.tell(s, "lang.arts_none", player=c.pname(p), card=new.label)
    if not f.picked:
        options = [Option(cap.text("lang.arts_option", digimon=c.label(s, c.stack(s, i).top), card=new.label), i)
                   for i in cands]
        options.append(Option(cap.text("lang.arts_decline", card=new.label), -1))
        return ask(s, p, DecisionKind.OPTIONAL, cap.text("lang.arts_prompt", player=c.pname(p), card=new.label),
                   options, cap.rules("lang.arts_prompt")[0])
    iid = f.picked[-1]
    st = c.stack_of(s, iid)
    if iid == -1 or st is None:
        return c.tell(s, "lang.arts_declined", player=c.pname(p))
    before = c.label(s, st.top)
    s = replace(s, limbo=tuple(u for u in s.limbo if u != uid))
    s = c.update_stack(s, replace(st, cards=(uid,) + st.cards))
    s = c.tell(s, "lang.arts_done", card=new.label, digimon=before)
    s = ops.draw(s, p, 1)
    return c.trigger(s, Event("digivolved", p, iid, uid, by=p))
