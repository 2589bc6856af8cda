"""An action's targets (CR 15-10): fixed ones ("this Digimon", "the attacking Digimon", "all ..."), or chosen
one at a time through ``target`` decisions (CR 15-10-2), from the effect's player's point of view."""

from __future__ import annotations

from digiteach.copying import replace

from digiteach import captions as cap
from digiteach import effects as fx
from digiteach.cards import Card
from digiteach.decisions import Option
from digiteach.effects import Sel
from digiteach.engine import core as c
from digiteach.engine.ask import DecisionKind, answering, ask, take_answer
from digiteach.engine.frames import set_top
from digiteach.state import ActivateFrame, Stack, State

__all__ = ["candidates", "fixed_targets", "targets_for", "verb"]

def verb(a: fx.EffectAction) -> str:
    """The verb of action ``a``'s "choose a Digimon to ..." prompt (the ``verb.*`` templates of
    :mod:`digiteach.captions`; "choose" for an action without one), e.g. "get -11000 DP"."""
    key = "verb." + type(a).__name__
    if key not in cap.CAPTIONS:
        return cap.text("word.choose")
    amount = getattr(a, "amount", 0)
    return cap.text(key, amount=f"{amount:+d}")

_ALLIANCE = Sel(who="choose", whose="you", other=True, suspended=False)
"""<Alliance>'s target: another of your unsuspended Digimon (CR 16-24)."""


def _card_fits(top: Card, sel: Sel) -> bool:
    """The printed-card part of ``sel``: kind, level, colours."""
    return (top.kind == sel.kind
            and (sel.max_level is None or (top.level is not None and top.level <= sel.max_level))
            and (sel.level is None or top.level == sel.level)
            and (sel.color is None or sel.color in top.colors)
            and (sel.min_colors is None or len(top.colors) >= sel.min_colors))


def _dp_fits(d: int | None, sel: Sel, this_dp: int | None) -> bool:
    """The DP part of ``sel``: at most / at least, or no more than this Digimon's DP."""
    if sel.max_dp is not None and (d is None or d > sel.max_dp):
        return False
    if sel.min_dp is not None and (d is None or d < sel.min_dp):
        return False
    return not (sel.max_dp_this and (d is None or this_dp is None or d > this_dp))


def _stack_fits(s: State, st: Stack, sel: Sel, holder: int | None) -> bool:
    """The board part of ``sel``: not this Digimon, suspended or not, keywords, digivolution cards."""
    if sel.other and st.iid == holder:
        return False
    if sel.suspended is not None and st.suspended != sel.suspended:
        return False
    if sel.without_keyword and c.has_keyword(s, st.iid, sel.without_keyword):
        return False
    return sel.has_digivolution_cards is None or bool(st.digivolution_cards) == sel.has_digivolution_cards


def candidates(s: State, sel: Sel, f: ActivateFrame) -> list[int]:
    """iids in the Battle Area matching a "choose"/"all" selector ``sel`` for the effect in ``f`` (CR 15-10);
    with ``lowest_level``, only those of the lowest level among them; with ``highest_dp``, only those with the
    highest DP (<Raid>, CR 16-23-4: a tie leaves the choice to the effect's player)."""
    this_dp = c.dp(s, f.holder) if f.holder is not None else None
    players = {"you": [f.owner], "opponent": [1 - f.owner], "any": [0, 1]}[sel.whose]
    out = [st.iid for p in players for st in s.players[p].battle
           if _card_fits(c.card(s, st.top), sel) and _stack_fits(s, st, sel, f.holder)
           and _dp_fits(c.dp(s, st.iid), sel, this_dp)]
    return _extremes(s, sel, out)


def _extremes(s: State, sel: Sel, out: list[int]) -> list[int]:
    """Narrow ``out`` to the highest DP (``highest_dp``) and then the lowest level (``lowest_level``)."""
    if sel.highest_dp and out:
        top = max(c.dp(s, i) or 0 for i in out)
        out = [i for i in out if (c.dp(s, i) or 0) == top]
    if sel.lowest_level and out:
        low = min(c.card(s, c.stack(s, i).top).level or 0 for i in out)
        out = [i for i in out if (c.card(s, c.stack(s, i).top).level or 0) == low]
    return out


def fixed_targets(s: State, sel: Sel, f: ActivateFrame) -> list[int] | None:
    """The targets ``sel`` names without a choice, or None when the effect's player chooses them."""
    if sel.who == "this":
        return [f.holder] if f.holder is not None else []
    if sel.who == "subject":
        return [f.subject] if f.subject is not None else []
    if sel.who == "battle_opponent":
        return [f.other] if f.other is not None else []
    if sel.who == "attacker":
        return [s.attack.attacker] if s.attack is not None else []
    if sel.who == "all":
        return candidates(s, sel, f)
    return None


def _ask_target(s: State, f: ActivateFrame, a: fx.EffectAction, sel: Sel, picked: list[int],
                cands: list[int]) -> State:
    """Ask for the next target of ``a`` (CR 15-10-2); the chosen ones so far are kept in ``f.picked``."""
    options = [Option(cap.text("effect.target_option", card=c.label(s, c.stack_of(s, i).top)), i)  # type: ignore[union-attr]
               for i in cands]
    if sel.up_to or f.effect.optional and isinstance(a, fx.Alliance):
        options.append(Option(cap.text("effect.target_none_option"), -1))
    s = set_top(s, replace(f, picked=tuple(picked)))
    prompt = cap.text("effect.target_prompt", player=c.pname(f.owner), verb=verb(a), k=len(picked) + 1, n=sel.count)
    s = ask(s, f.owner, DecisionKind.TARGET, prompt, options, cap.rules("effect.target_prompt")[0])
    return c.tell(s, "effect.target_choose", player=c.pname(f.owner), effect=f.effect.name, card=c.label(s, f.source))


def targets_for(s: State, f: ActivateFrame, a: fx.EffectAction, answer: str | None) -> tuple[State, list[int] | None]:
    """Targets for action ``a`` of the effect in ``f``: fixed ones, or chosen one at a time (a target not in
    the Battle Area is dropped). Returns ``(state, None)`` when a decision has been opened; ``answer`` is the
    answer to the previous ``target`` decision, if any."""
    sel: Sel | None = _ALLIANCE if isinstance(a, fx.Alliance) else getattr(a, "target", None)
    if sel is None:
        return s, []
    fixed = fixed_targets(s, sel, f)
    if fixed is not None:
        return s, [i for i in fixed if c.in_battle_area(s, i)]
    picked = list(f.picked)
    cands = [i for i in candidates(s, sel, f) if i not in picked]
    if isinstance(a, fx.SwitchTarget) and s.attack is not None:
        cands = [i for i in cands if i != s.attack.target]
    while len(picked) < sel.count and cands:
        if not sel.up_to and len(cands) <= sel.count - len(picked):
            picked.extend(cands)
            break
        if not answering(s, answer):
            return _ask_target(s, f, a, sel, picked, cands), None
        s, opt = take_answer(s, answer)
        answer = None
        if opt.ref == -1:
            break
        picked.append(opt.ref)
        cands = [i for i in cands if i != opt.ref]
    return s, picked
