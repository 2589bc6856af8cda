"""An action's targets (CR 15-10): fixed ones ("this Digimon", "the attacking Digimon", "all ..."), or chosen
one at a time through ``target`` decisions (CR 15-10-2), from the effect's player's point of view."""

from __future__ import annotations

from digiteach.copying import replace

from digiteach import captions as cap
from digiteach import effects as fx
from digiteach.decisions import Option
from digiteach.i18n import N_, gettext, pgettext
from digiteach.effects import Sel
from digiteach.engine import core as c
from digiteach.engine import filters
from digiteach.engine.filters import Where
from digiteach.engine.ask import DecisionKind, answering, ask, take_answer
from digiteach.engine.frames import set_top
from digiteach.state import ActivateFrame, State

__all__ = ["candidates", "fixed_targets", "targets_for", "where", "verb"]

def verb(a: fx.EffectAction) -> str:
    """The verb of action ``a``'s "choose a Digimon to ..." prompt (the ``verb.*`` templates of
    :mod:`digiteach.captions`; "choose" for an action without one), e.g. "get -11000 DP"."""
    key = "verb." + type(a).__name__
    if isinstance(a, fx.Move):
        key = "verb.Move." + a.to
    if key not in cap.CAPTIONS:
        return cap.text("word.choose")
    amount = getattr(a, "amount", 0)
    return cap.text(key, amount=f"{amount:+d}")

_MOVE_WORDS = {"hand": N_("Add {card} to hand"), "deck_top": N_("Put {card} on top of the deck"),
               "deck_bottom": N_("Put {card} at the bottom of the deck"),
               "security_top": N_("Put {card} on top of the Security Stack"),
               "security_bottom": N_("Put {card} at the bottom of the Security Stack"), "trash": N_("Trash {card}")}
"""How an option names a card a ``move`` action takes, by its destination (English; shown with ``gettext``)."""

_OPTION_WORDS = {"Battle": (N_("Battle {card}"), N_("Don't battle")),
                 "MayAttack": (N_("{card} attacks"), N_("No Digimon attacks"))}
"""Action type name -> (how an option names a target, the option that takes none) where "Choose ..." reads
badly (English; shown with ``gettext``)."""

_ALLIANCE = Sel(who="choose", whose="you", other=True, suspended=False)
"""<Alliance>'s target: another of your unsuspended Digimon (CR 16-24)."""


def where(f: ActivateFrame) -> Where:
    """How the effect in ``f`` reads a selector: its player, holder, card and the cards the trigger and the
    previous action named."""
    return Where(owner=f.owner, holder=f.holder, source=f.source, subject=f.subject, other=f.other,
                 previous=f.last)


def candidates(s: State, sel: Sel, f: ActivateFrame) -> list[int]:
    """What a "choose"/"all" selector ``sel`` may take for the effect in ``f`` (CR 15-10): Battle Area iids, or
    card uids for another area (:func:`digiteach.engine.filters.candidates`)."""
    return filters.candidates(s, sel, where(f))


def fixed_targets(s: State, sel: Sel, f: ActivateFrame) -> list[int] | None:
    """The targets ``sel`` names without a choice, or None when the effect's player chooses them."""
    return filters.fixed(s, sel, where(f))


def tell_excluded(s: State, sel: Sel, f: ActivateFrame) -> State:
    """Say why each Digimon of the selector's players that a field filter leaves out cannot be chosen (CR 15-10-2):
    it has a keyword the effect excludes, is suspended, has too much DP, ..."""
    for iid, key, fields in filters.excluded(s, sel, where(f)):
        s = c.tell(s, key, card=c.label(s, c.stack(s, iid).top), **fields)
    return s


def effect_card(s: State, f: ActivateFrame) -> str:
    """The card a caption names the activating effect by, as its pending label does: the Digimon holding it (an
    inherited effect belongs to that Digimon, CR 4-3-3, 15-3), else the card it is printed on."""
    if f.holder is not None and c.in_battle_area(s, f.holder):
        return c.label(s, c.stack(s, f.holder).top)
    return c.label(s, f.source)


def _label(s: State, ref: int, sel: Sel) -> str:
    """A target's name in an option: the top card of a stack, or the card itself."""
    if sel.area == "battle":
        return c.label(s, c.stack(s, ref).top)
    return c.label(s, ref)


def _still_there(s: State, sel: Sel, ref: int) -> bool:
    """A fixed Battle Area target must still be there; cards elsewhere are checked by their action."""
    return sel.area != "battle" or sel.who in ("this_card", "previous") or c.in_battle_area(s, ref)


def _ask_target(s: State, f: ActivateFrame, a: fx.EffectAction, sel: Sel, picked: list[int],
                cands: list[int]) -> State:
    """Ask for the next target of ``a`` (CR 15-10-2); the chosen ones so far are kept in ``f.picked``."""
    if sel.area != "battle":
        cands = [u for k, u in enumerate(cands) if all(c.card(s, x).number != c.card(s, u).number for x in cands[:k])]
    words = _OPTION_WORDS.get(type(a).__name__)
    word, decline = ((gettext(words[0]), gettext(words[1])) if words else
                     (cap.text("effect.target_option", card="{card}"), cap.text("effect.target_none_option")))
    if isinstance(a, fx.Move):
        word = gettext(_MOVE_WORDS[a.to])
    options = [Option(word.format(card=_label(s, i, sel)), i, about=i if sel.area == "battle" else None) for i in cands]
    if sel.up_to or f.effect.optional and isinstance(a, fx.Alliance):
        options.append(Option(decline, -1))
    s = set_top(s, replace(f, picked=tuple(picked)))
    prompt = cap.text("effect.target_prompt", player=c.pname(f.owner), verb=verb(a), k=len(picked) + 1,
                      n=sel.count if sel.count else pgettext("target", "any number"))
    if sel.area != "battle":
        prompt = prompt.replace(pgettext("target", "choose a Digimon"), pgettext("target", "choose a card"))
    s = ask(s, f.owner, DecisionKind.TARGET, prompt, options, cap.rules("effect.target_prompt")[0])
    by = getattr(a, "cost", False) and not picked  # "by deleting ...": an optional condition (CR 15-7)
    key = "effect.target_choose_by" if by else "effect.target_choose_up_to" if sel.up_to else "effect.target_choose"
    return c.tell(s, key, player=c.pname(f.owner), effect=f.effect.name, card=effect_card(s, f), n=sel.count)


def targets_for(s: State, f: ActivateFrame, a: fx.EffectAction, answer: str | None) -> tuple[State, list[int] | None]:
    """Targets for action ``a`` of the effect in ``f``: fixed ones, or chosen one at a time (a target not in
    the Battle Area is dropped). Returns ``(state, None)`` when a decision has been opened; ``answer`` is the
    answer to the previous ``target`` decision, if any."""
    sel: Sel | None = _ALLIANCE if isinstance(a, fx.Alliance) else getattr(a, "target", None)
    if sel is None:
        return s, []
    found = fixed_targets(s, sel, f)
    if found is not None:
        return s, _legal(s, f, a, [i for i in found if _still_there(s, sel, i)])
    picked = list(f.picked)
    cands = _legal(s, f, a, [i for i in candidates(s, sel, f) if i not in picked])
    return _choose(s, f, a, sel, picked, cands, answer)


def _legal(s: State, f: ActivateFrame, a: fx.EffectAction, refs: list[int]) -> list[int]:
    """The targets the rules allow for ``a`` among ``refs``: a switched attack target is one of the attacking
    player's opponent's Digimon (CR 11-2-7-1) that is not already the attack target (CR 11-2-7-3); a Digimon
    battles another Digimon, never itself (CR 14-1: two battling cards). An illegal target is not taken, and with
    none left the action does nothing (CR 1-3-2)."""
    if isinstance(a, fx.SwitchTarget):
        att = s.attack
        if att is None:
            return []
        hit = c.find(s, att.attacker)
        attacking = hit[0] if hit is not None else s.turn_player
        return [i for i in refs if i != att.target and i != att.attacker
                and (owner := c.find(s, i)) is not None and owner[0] != attacking]
    if isinstance(a, fx.Battle):
        return [i for i in refs if i != f.holder]
    return refs


def _no_real_choice(s: State, sel: Sel, cands: list[int], left: int) -> list[int] | None:
    """The targets taken without asking: every candidate when there are no more than needed, or identical
    cards outside the Battle Area; None when the player must choose."""
    if sel.up_to:
        return None
    if len(cands) <= left:
        return cands
    if sel.area != "battle" and len({c.card(s, u).number for u in cands}) == 1:
        return cands[:left]
    return None


def _choose(s: State, f: ActivateFrame, a: fx.EffectAction, sel: Sel, picked: list[int], cands: list[int],
            answer: str | None) -> tuple[State, list[int] | None]:
    """Choose targets one at a time until ``sel.count`` (every candidate for "any number") or "no more"."""
    wanted = sel.count if sel.count > 0 else len(cands) + len(picked)
    while len(picked) < wanted and cands:
        taken = _no_real_choice(s, sel, cands, wanted - len(picked))
        if taken is not None:
            picked.extend(taken)
            if sel.area == "battle" and taken:  # chosen all the same: individual processing (CR 15-11-1-1)
                s = c.tell(s, "effect.target_only", names=", ".join(c.label(s, c.stack(s, i).top) for i in taken),
                           effect=f.effect.name, card=effect_card(s, f))
                s = tell_excluded(s, sel, f)
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
