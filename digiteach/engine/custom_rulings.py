"""Custom actions for cards of the rulings test set (shared/rules/rulings.md) that card data cannot express.

Registered with :func:`digiteach.engine.flow.register_custom` when the engine is imported:

- ``lose_3_memory_at_end_of_turn`` (BT1-021 MetalGreymon, R53): sets up pending processing (CR 18-1): at the
  end of this turn the effect's player loses 3 memory. It is processed at the end-of-turn timing, after a
  pass has set the memory gauge (CR 6-5-1-7-1, 6-6), by :func:`digiteach.engine.flow.h_turn_end`.
- ``ex11_074_may_battle_opponent_digimon`` (EX11-074 Vortexdramon, R39): this Digimon may battle one of the
  opponent's Digimon outside the attack's battle step (CR 14-1, 14-2); the losers are deleted in battle, so
  <Piercing> triggers when it happens during this Digimon's own attack (QA Q5957).
- ``bt17_016_delete_or_power_up`` (BT17-016 Gallantmon, R43): delete 1 opposing Digimon with 8000 DP or
  less; if that deleted nothing, +3000 DP and <Blocker> until the end of the opponent's turn. When a Digimon
  is chosen, ``bt17_016_power_up_unless_deleted`` runs after the deletion and looks at whether it happened.
- ``bt23_094_restrict`` (BT23-094 Nanomachine Break, R55): 1 opposing Digimon gains <Security A. -1> and
  "can't activate [When Digivolving]/[When Attacking] effects" until the end of the opponent's turn.
- ``st22_05_fox_then_option`` (ST22-05 Sakuyamon, R57): you may play a Pipe Fox token (CR 4-21), then you may
  use an [Onmyōjutsu]/[Plug-In] Option from hand for free (CR 9-1, inside the effect).
- ``bt21_021_swap_out`` (BT21-021 OmniShoutmon, R07): play a [Xros Heart]/[Blue Flare]/[Hero] card from hand
  for its cost minus 5 (CR 1-3-9); if one was played, delete this Digimon.
- ``habakiri_trash_own_security_to_shrink_all``, ``arts_digivolve``, ``bt25_043_trash_biggest`` (BT25-043
  Habakirimon / [Habakiri], a DUAL card, R51): the Option side's optional "by trashing your top security card,
  all opposing Digimon -5000 DP"; Arts Digivolve instead of the used card's trash (CR 4-20-2); the Digimon
  side's optional unsuspend, paid for by trashing the top card of the larger Security Stack.

Each function takes the state and the :class:`~digiteach.state.ActivateFrame` of the effect; it may open a
decision (the answer's ``ref`` is appended to ``frame.picked`` and the function runs again) and may return
frames to run before the next action of the effect.
"""

from __future__ import annotations

from dataclasses import replace

from digiteach import effects as fx
from digiteach.decisions import Option
from digiteach.effects import Effect
from digiteach.engine import core as c
from digiteach.engine import ops
from digiteach.engine.ask import DecisionKind, ask
from digiteach.engine.customs import CustomResult, register_custom
from digiteach.engine.rules.turn import END_OF_TURN_MEMORY
from digiteach.state import ActivateFrame, DeleteFrame, Event, Modifier, Stack, State

__all__: list[str] = []


def _lose_3_memory_at_end_of_turn(s: State, f: ActivateFrame) -> CustomResult:
    key = f"{END_OF_TURN_MEMORY}{'AB'[f.owner]}:{f.source}"
    s = replace(s, delayed=s.delayed + ((key, -3),))
    return c.say(s, f"At the end of this turn {c.pname(f.owner)} will lose 3 memory (pending processing).",
                 "CR 18-1")


register_custom("lose_3_memory_at_end_of_turn", _lose_3_memory_at_end_of_turn)


def _may_battle_opponent_digimon(s: State, f: ActivateFrame) -> CustomResult:
    """EX11-074 Vortexdramon (R39): this Digimon may battle 1 of the opponent's Digimon (suspended or not).
    The battle follows CR 14-1/14-2 outside the attack's battle step; losers are deleted in battle, so
    "deletes in battle" effects such as <Piercing> trigger (QA Q5957)."""
    me = f.holder
    if me is None or not c.in_battle_area(s, me):
        return c.say(s, "This Digimon has left the Battle Area, so it cannot battle.", "CR 1-3-2")
    opp = 1 - f.owner
    cands = [st.iid for st in s.players[opp].battle if c.card(s, st.top).kind == "Digimon"]
    if not cands:
        return c.say(s, f"{c.pname(opp)} has no Digimon to battle.", "CR 1-3-2")
    if not f.picked:
        options = [Option(f"Battle {c.label(s, c.stack_of(s, i).top)}", i) for i in cands]  # type: ignore[union-attr]
        return c.say(ask(s, f.owner, DecisionKind.TARGET, f"{c.pname(f.owner)}: battle one of {c.pname(opp)}'s Digimon?",
                          options + [Option("Don't battle", -1)], "CR 15-10-2"),
                     f"{c.pname(f.owner)} may choose an opposing Digimon to battle.", "CR 15-10-2")
    target = f.picked[-1]
    if target == -1 or not c.in_battle_area(s, target):
        return c.say(s, f"{c.pname(f.owner)} does not battle.")
    mine, theirs = c.stack_of(s, me), c.stack_of(s, target)
    assert mine is not None and theirs is not None
    adp, tdp = c.dp(s, me, target) or 0, c.dp(s, target, me) or 0
    s = c.say(s, f"Battle by an effect: {c.label(s, mine.top)} ({adp} DP) against {c.label(s, theirs.top)} "
                 f"({tdp} DP).", "CR 14-1", "CR 14-2-1")
    losers = [target] if adp > tdp else [me] if tdp > adp else [me, target]
    if len(losers) == 2:
        s = c.say(s, "Equal DP: both lose.", "CR 14-2-1-3")
    pairs = tuple((x, target if x == me else me) for x in losers)
    return s, [DeleteFrame(targets=tuple(losers), cause="battle", by=s.turn_player, battle_pairs=pairs)]


register_custom("ex11_074_may_battle_opponent_digimon", _may_battle_opponent_digimon)


_POWER_UP_CHECK = Effect(actions=(fx.Custom("bt17_016_power_up_unless_deleted"),),
                         summary="If the chosen Digimon was not deleted, this Digimon powers up.")


def _power_up(s: State, owner: int, iid: int, source: int) -> State:
    st = c.stack_of(s, iid)
    if st is None:
        return c.say(s, "This Digimon has left the Battle Area, so it gains nothing.", "CR 1-3-2")
    for m in (Modifier("dp", iid, amount=3000, duration="opponent_turn_end", player=owner, turn=s.turn,
                       source=c.label(s, source)),
              Modifier("keyword", iid, keyword="Blocker", duration="opponent_turn_end", player=owner, turn=s.turn,
                       source=c.label(s, source))):
        s = c.modifier(s, m)
    return c.say(s, f"{c.label(s, st.top)} gets +3000 DP and <Blocker> until the end of the opponent's turn.")


def _bt17_016_delete_or_power_up(s: State, f: ActivateFrame) -> CustomResult:
    """BT17-016 Gallantmon (R43): delete 1 opposing Digimon with 8000 DP or less; if that deleted nothing, this
    Digimon gets +3000 DP and <Blocker> until the end of the opponent's turn. "Nothing deleted" covers both
    "no Digimon to choose" and a deletion that was prevented (the follow-up looks at the chosen Digimon)."""
    opp = 1 - f.owner
    cands = [st.iid for st in s.players[opp].battle
             if c.card(s, st.top).kind == "Digimon" and (c.dp(s, st.iid) or 0) <= 8000]
    if not cands:
        s = c.say(s, f"{c.pname(opp)} has no Digimon with 8000 DP or less, so nothing is deleted.", "CR 1-3-2")
        if f.holder is None:
            return s
        return _power_up(s, f.owner, f.holder, f.source)
    if len(cands) > 1 and not f.picked:
        options = [Option(f"Choose {c.label(s, c.stack_of(s, i).top)}", i) for i in cands]  # type: ignore[union-attr]
        return c.say(ask(s, f.owner, DecisionKind.TARGET, f"{c.pname(f.owner)}: choose a Digimon to delete.", options,
                          "CR 15-10-2"), f"{c.pname(f.owner)} chooses a Digimon to delete.", "CR 15-10-2")
    target = f.picked[-1] if f.picked else cands[0]
    follow = ActivateFrame(effect=_POWER_UP_CHECK, owner=f.owner, label="[Main] follow-up of " + f.label,
                           holder=None, source=f.source, started=True, subject=f.holder, other=target)
    return s, [follow, DeleteFrame(targets=(target,), cause="effect", by=f.owner)]


def _bt17_016_power_up_unless_deleted(s: State, f: ActivateFrame) -> CustomResult:
    if f.other is not None and c.in_battle_area(s, f.other):
        s = c.say(s, "The chosen Digimon was not deleted.")
        if f.subject is None:
            return s
        return _power_up(s, f.owner, f.subject, f.source)
    return c.say(s, "A Digimon was deleted, so there is no power-up.")


register_custom("bt17_016_delete_or_power_up", _bt17_016_delete_or_power_up)
register_custom("bt17_016_power_up_unless_deleted", _bt17_016_power_up_unless_deleted)


def _bt23_094_restrict(s: State, f: ActivateFrame) -> CustomResult:
    """BT23-094 Nanomachine Break [Main] (R55): 1 of the opponent's Digimon gains <Security A. -1> and "can't
    activate [When Digivolving]/[When Attacking] effects", both until the end of the opponent's turn. The
    restriction follows the Digimon through digivolution (it is not a new card, CR 3-1-3-1-3)."""
    opp = 1 - f.owner
    cands = [st.iid for st in s.players[opp].battle if c.card(s, st.top).kind == "Digimon"]
    if not cands:
        return c.say(s, f"{c.pname(opp)} has no Digimon, so nothing happens.", "CR 1-3-2")
    if len(cands) > 1 and not f.picked:
        options = [Option(f"Choose {c.label(s, c.stack_of(s, i).top)}", i) for i in cands]  # type: ignore[union-attr]
        return c.say(ask(s, f.owner, DecisionKind.TARGET, f"{c.pname(f.owner)}: choose a Digimon to restrict.", options,
                          "CR 15-10-2"), f"{c.pname(f.owner)} chooses the target.", "CR 15-10-2")
    target = f.picked[-1] if f.picked else cands[0]
    st = c.stack_of(s, target)
    if st is None:
        return s
    src = c.label(s, f.source)
    s = c.modifier(s, Modifier("security_a", target, amount=-1, duration="opponent_turn_end", player=f.owner,
                               turn=s.turn, source=src))
    s = c.modifier(s, Modifier("keyword", target, keyword="Can't activate [When Digivolving]/[When Attacking]",
                               duration="opponent_turn_end", player=f.owner, turn=s.turn, source=src))
    return c.say(s, f"{c.label(s, st.top)} gains <Security A. -1> and cannot activate [When Digivolving] or "
                    "[When Attacking] effects until the end of the opponent's turn.", "CR 16-4")


register_custom("bt23_094_restrict", _bt23_094_restrict)


PIPE_FOX = "TOKEN-1"
"""Library number of the Pipe Fox token (digiteach/cards/rulings.yaml; tokens have no printed number)."""


def _st22_05_fox_then_option(s: State, f: ActivateFrame) -> CustomResult:
    """ST22-05 Sakuyamon (R57): you may play 1 Pipe Fox token (a 6000 DP yellow <Blocker> Digimon, CR 4-21); then
    you may use 1 Option with the [Onmyōjutsu] or [Plug-In] trait from your hand without paying its cost (used as
    in CR 9-1, inside this effect). Answers: ``picked[0]`` token yes (1) / no (-1), ``picked[1]`` the Option."""
    from digiteach.cards import load_library
    from digiteach.engine.custom_triggered import use_option_inline

    p = f.owner
    if not f.picked:
        return c.say(ask(s, p, DecisionKind.OPTIONAL, f"{c.pname(p)}: play a Pipe Fox token?",
                          [Option("Play a Pipe Fox token", 1), Option("Don't play a token", -1)], "CR 15-9"),
                     f"{c.pname(p)} may play a Pipe Fox token.", "CR 15-9")
    if len(f.picked) == 1:
        if f.picked[0] == 1:
            s, uid = c.create_token(s, p, load_library()[PIPE_FOX])
            s = c.say(s, f"{c.pname(p)} creates a Pipe Fox token (a card made by an effect).", "CR 4-21")
            s = ops.play_card(s, p, uid)
        else:
            s = c.say(s, f"{c.pname(p)} plays no token.")
    options = [u for u in s.players[p].hand if c.card(s, u).kind == "Option"
               and {"Onmyōjutsu", "Plug-In"} & set(c.card(s, u).traits)]
    if not options:
        return c.say(s, f"{c.pname(p)} has no [Onmyōjutsu] or [Plug-In] Option in hand, so none is used.", "CR 1-3-2")
    if len(f.picked) == 1:
        return ask(s, p, DecisionKind.USE, f"{c.pname(p)}: use an [Onmyōjutsu]/[Plug-In] Option for free?",
                    [Option(f"Use {c.label(s, u)}", u) for u in options] + [Option("Don't use an Option", -1)],
                    "CR 15-9")
    chosen = f.picked[1]
    if chosen == -1 or chosen not in s.players[p].hand:
        return c.say(s, f"{c.pname(p)} uses no Option.")
    return use_option_inline(s, p, chosen)


register_custom("st22_05_fox_then_option", _st22_05_fox_then_option)


_TEAM_TRAITS = {"Xros Heart", "Blue Flare", "Hero"}


def _bt21_021_swap_out(s: State, f: ActivateFrame) -> CustomResult:
    """BT21-021 OmniShoutmon [End of Attack] (R07): play 1 Digimon or Tamer card with the [Xros Heart],
    [Blue Flare] or [Hero] trait from your hand, paying its play cost reduced by 5 (never below 0, CR 1-3-9);
    if you did, delete this Digimon."""
    p = f.owner
    pool = [u for u in s.players[p].hand
            if c.card(s, u).kind in ("Digimon", "Tamer") and c.card(s, u).play_cost is not None
            and _TEAM_TRAITS & set(c.card(s, u).traits)]
    if not pool:
        return c.say(s, f"{c.pname(p)} has no [Xros Heart], [Blue Flare] or [Hero] card in hand to play, so this "
                        "Digimon stays.", "CR 1-3-2")
    if len(pool) > 1 and not f.picked:
        return ask(s, p, DecisionKind.TARGET, f"{c.pname(p)}: which card do you play (its cost reduced by 5)?",
                    [Option(f"Play {c.label(s, u)}", u) for u in pool], "CR 15-10-2")
    uid = f.picked[-1] if f.picked else pool[0]
    cd = c.card(s, uid)
    cost = max(0, (cd.play_cost or 0) - 5)
    pl = s.players[p]
    s = c.set_player(s, p, replace(pl, hand=tuple(u for u in pl.hand if u != uid)))
    before = c.memory_of(s, p)
    s = c.gain_memory(s, p, -cost)
    s, iid = c.new_id(s)
    pl = s.players[p]
    s = c.set_player(s, p, replace(pl, battle=pl.battle + (Stack(iid=iid, cards=(uid,), placed_this_turn=True),)))
    s = c.say(s, f"{c.pname(p)} plays {cd.label} for {cost} memory (its cost {cd.play_cost} reduced by 5; "
                 f"{c.memory_words(before)} → {c.memory_words(c.memory_of(s, p))}).", "CR 1-3-9", "CR 7-1")
    s = c.trigger(s, Event("played", p, iid, uid, by=p))
    if f.holder is None or not c.in_battle_area(s, f.holder):
        return s
    return s, [DeleteFrame(targets=(f.holder,), cause="effect", by=p)]


register_custom("bt21_021_swap_out", _bt21_021_swap_out)


def _habakiri_trash_own_security_to_shrink_all(s: State, f: ActivateFrame) -> CustomResult:
    """[Habakiri] (BT25-043's Option side, R51), second sentence: by trashing your top security card (optional,
    CR 15-7), all of the opponent's Digimon get -5000 DP for the turn."""

    p = f.owner
    if not s.players[p].security:
        return c.say(s, f"{c.pname(p)} has no security card to trash, so the rest does not happen.", "CR 15-7-2")
    if not f.picked:
        return ask(s, p, DecisionKind.OPTIONAL, f"{c.pname(p)}: trash your top security card so that all of "
                    f"{c.pname(1 - p)}'s Digimon get -5000 DP?",
                    [Option("Trash your top security card", 1), Option("Don't trash", -1)], "CR 15-7")
    if f.picked[-1] == -1:
        return c.say(s, f"{c.pname(p)} does not trash a security card.", "CR 15-7")
    s, n = ops.trash_security(s, p, 1)
    if n < 1:
        return s
    for st in s.players[1 - p].battle:
        if c.card(s, st.top).kind == "Digimon":
            s = c.modifier(s, Modifier("dp", st.iid, amount=-5000, duration="turn", player=p, turn=s.turn,
                                       source=c.label(s, f.source)))
    return c.say(s, f"All of {c.pname(1 - p)}'s Digimon get -5000 DP for the turn.")


def _arts_digivolve(s: State, f: ActivateFrame) -> CustomResult:
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
        return c.say(s, f"{c.pname(p)} has no Digimon that can Arts Digivolve into {new.label}.", "CR 4-20-2")
    if not f.picked:
        options = [Option(f"Arts Digivolve {c.label(s, c.stack_of(s, i).top)} into {new.label}", i)  # type: ignore[union-attr]
                   for i in cands]
        return ask(s, p, DecisionKind.OPTIONAL, f"{c.pname(p)}: Arts Digivolve instead of trashing {new.label}?",
                    options + [Option(f"Trash {new.label}", -1)], "CR 4-20-2")
    iid = f.picked[-1]
    st = c.stack_of(s, iid)
    if iid == -1 or st is None:
        return c.say(s, f"{c.pname(p)} does not Arts Digivolve.")
    before = c.label(s, st.top)
    s = replace(s, limbo=tuple(u for u in s.limbo if u != uid))
    s = c.update_stack(s, replace(st, cards=(uid,) + st.cards))
    s = c.say(s, f"Arts Digivolve: instead of going to the trash, {new.label} becomes the top card of {before} "
                 "without paying a cost.", "CR 4-20-2", "CR 8-1-3")
    s = ops.draw(s, p, 1)
    return c.trigger(s, Event("digivolved", p, iid, uid, by=p))


def _bt25_043_trash_biggest(s: State, f: ActivateFrame) -> CustomResult:
    """BT25-043 Habakirimon (R51), second sentence of its [When Digivolving]/[When Attacking]: the top card of the
    larger Security Stack is trashed (on a tie the effect's player picks which), and then this Digimon
    unsuspends. Optional (CR 15-7); the player is found when this part is processed."""

    p = f.owner
    sizes = [len(s.players[q].security) for q in (0, 1)]
    most = max(sizes)
    if most == 0:
        return c.say(s, "Neither player has a security card, so nothing is trashed.", "CR 15-7-2")
    tied = [q for q in (0, 1) if sizes[q] == most]
    if not f.picked:
        return ask(s, p, DecisionKind.OPTIONAL, f"{c.pname(p)}: trash the top card of the Security Stack with the most cards "
                    f"({most}) to unsuspend this Digimon?",
                    [Option(f"Trash {c.pname(q)}'s top security card", q) for q in tied]
                    + [Option("Don't trash", -1)], "CR 15-7")
    q = f.picked[-1]
    if q == -1:
        return c.say(s, f"{c.pname(p)} does not trash a security card.", "CR 15-7")
    s, n = ops.trash_security(s, q, 1)
    if n < 1 or f.holder is None:
        return s
    return ops.unsuspend(s, f.holder, p)


register_custom("habakiri_trash_own_security_to_shrink_all", _habakiri_trash_own_security_to_shrink_all)
register_custom("arts_digivolve", _arts_digivolve)
register_custom("bt25_043_trash_biggest", _bt25_043_trash_biggest)
