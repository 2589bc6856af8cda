"""Labels of pending effects (CR 15-4-4-1): the words a player answers with and every caption names an effect by.

A label names the effect's timing or keyword, what it does in a few words (an author's ``label:`` on the effect,
else words derived from its actions), the Digimon that holds it (CR 15-3), the card an inherited effect comes from
(CR 4-3-3), and, when the same effect is already pending, the card whose event this instance is for:

``"Activate [Your Turn] of BT2-032 UlforceVeedramon: unsuspend"``,
``"Activate [Your Turn] of BT2-032 UlforceVeedramon: unsuspend (for Joe Kido)"``,
``"Activate <Piercing> of BT5-086 Omnimon (inherited from Durandamon)"``.

When that is the same too, two Digimon with one card number holding the instances are named by their places
(``"... (Player A's 2nd Digimon)"``, :mod:`digiteach.place_words`). Only two instances that nothing tells apart (same
effect, same Digimon, same event card) fall back to ``" (2)"``.
Every template is in :mod:`digiteach.caption_catalogue` (keys ``pending.label*`` and ``what.*``). Every function is
pure.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from digiteach import captions
from digiteach.copying import replace
from digiteach import effects as fx
from digiteach.effects import Effect
from digiteach.engine.query import label
from digiteach.place_words import placed, stack_place
from digiteach.state import Event, PendingEffect, State
from digiteach.terms import EffectStatus, Timing

__all__ = ["WHAT", "effect_name", "what_words", "action_words", "instance_label", "effect_label", "unique_label",
           "unique_labels", "name_first_instance", "first_instance_named", "legacy_label", "without_lead"]


def effect_name(e: Effect) -> str:
    """The effect's name in a label: its timing or keyword, ``"[When Digivolving]"`` for a keyword effect with a
    timing of its own such as Omnimon's [When Digivolving] <Blitz> (the keyword then says what it does)."""
    if e.keyword and e.timing is not None and e.name == f"<{e.keyword}>" \
            and e.timing not in (Timing.MAIN, Timing.COUNTER):
        return f"[{e.timing.value}]"
    return e.name


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"-{-n}"


def _delete(a: Any) -> tuple[str, dict[str, object]]:
    sel = a.target
    if sel.who == "choose" and sel.count > 0:
        kind = sel.kind if sel.kind not in ("any", "") else "Digimon"
        return ("what.delete_up_to" if sel.up_to else "what.delete_n"), {"count": sel.count, "kind": kind}
    return ("what.delete_all" if sel.who == "all" else "what.delete"), {}


def _move(a: Any) -> tuple[str, dict[str, object]]:
    """A Digimon or the card itself "returns" to the hand; another card from the Security Stack, the trash or the
    deck is added to it."""
    if a.to == "hand" and a.target.area == "security":
        return "what.add_security_to_hand", {"count": a.target.count}
    if a.to == "hand" and a.target.area != "battle" and a.target.who not in ("this", "this_card"):
        return "what.add_to_hand", {}
    return f"what.move_{a.to}", {}


WHAT: dict[type, Callable[[Any], tuple[str, dict[str, object]]]] = {
    fx.Delete: _delete,
    fx.Suspend: lambda a: ("what.suspend", {}),
    fx.Unsuspend: lambda a: ("what.unsuspend", {}),
    fx.GainMemory: lambda a: ("what.memory", {"amount": _signed(a.amount)}),
    fx.ModifyDP: lambda a: ("what.dp", {"amount": _signed(a.amount)}),
    fx.ModifySecurityA: lambda a: ("what.security_a", {"amount": _signed(a.amount)}),
    fx.GrantKeyword: lambda a: ("what.grant_keyword", {"keyword": a.keyword}),
    fx.Draw: lambda a: ("what.draw", {"amount": a.amount}),
    fx.TrashHand: lambda a: ("what.trash_hand", {}),
    fx.TrashSecurity: lambda a: ("what.trash_security", {"amount": a.amount}),
    fx.Recovery: lambda a: ("what.recovery", {"amount": a.amount}),
    fx.DeDigivolve: lambda a: ("what.de_digivolve", {"amount": a.amount}),
    fx.TrashDigivolutionCards: lambda a: ("what.trash_digivolution_card" if a.amount == 1 else
                                          "what.trash_digivolution_cards", {"amount": a.amount}),
    fx.PlayCard: lambda a: ("what.play", {}),
    fx.SwitchTarget: lambda a: ("what.switch_target", {}),
    fx.PlaceUnder: lambda a: ("what.place_under_tamer" if a.under.kind == "Tamer" else "what.place_under", {}),
    fx.EndAttack: lambda a: ("what.end_attack", {}),
    fx.MayAttack: lambda a: ("what.attack_without_suspending" if a.without_suspending else "what.attack", {}),
    fx.Alliance: lambda a: ("what.alliance", {}),
    fx.PiercingCheck: lambda a: ("what.security_check", {}),
    fx.PreventDeletion: lambda a: ("what.prevent_deletion", {}),
    fx.ActivateMain: lambda a: ("what.activate_main", {}),
    fx.AddThisToHand: lambda a: ("what.add_to_hand", {}),
    fx.BlastDigivolve: lambda a: ("what.blast_digivolve", {}),
    fx.Move: _move,
    fx.Shuffle: lambda a: ("what.shuffle", {}),
    fx.Battle: lambda a: ("what.battle", {}),
    fx.PlayToken: lambda a: ("what.play_token", {}),
    fx.UseOption: lambda a: ("what.use_option", {}),
    fx.Digivolve: lambda a: ("what.digivolve", {}),
    fx.ArtsDigivolve: lambda a: ("what.arts_digivolve", {}),
    fx.ChooseOne: lambda a: ("what.choose_one", {}),
    fx.GrantEffect: lambda a: ("what.grant_effect", {}),
    fx.Custom: lambda a: ("what.custom", {}),
    fx.PlaceInBattleArea: lambda a: ("what.place_in_battle_area", {}),
    fx.DelayTrash: lambda a: ("what.delay_trash", {}),
    fx.Train: lambda a: ("what.train", {}),
}
"""Each action type -> (its template key among ``what.*``, the fields to fill it with)."""


def action_words(a: Any) -> str:
    """What the action ``a`` does in a few words, as a label says it (``"draw 1"``, ``"+1 memory"``)."""
    key, fields = WHAT[type(a)](a)
    return captions.text(key, **fields)


def _after_trash_hand(e: Effect, a: Any) -> bool:
    """True when the action ``a`` of ``e`` follows a trash-from-hand action, so its ``per_count`` counts the cards
    trashed."""
    before = e.actions[:e.actions.index(a)]
    return any(isinstance(b, fx.TrashHand) for b in before)


def what_words(e: Effect) -> str:
    """What ``e`` does in a few words: the author's ``label`` when given; the keyword (``"<Blitz>"``, ``"<Draw 1>"``)
    for a keyword effect named by its timing; ``""`` for one named by its keyword (``<Piercing>`` says it all); else
    the words of its first two actions that are not costs ("by suspending this Tamer", CR 15-7-1), e.g.
    ``"unsuspend"``, ``"+1 memory"``.

    >>> what_words(Effect(actions=(fx.Unsuspend(target=fx.THIS),), timing=Timing.YOUR_TURN))
    'unsuspend'
    >>> what_words(Effect(actions=(fx.GainMemory(amount=1),), timing=Timing.YOUR_TURN, label="memory"))
    'memory'
    """
    if e.label:
        return e.label
    if e.keyword:
        return "" if effect_name(e) == f"<{e.keyword}>" else f"<{e.keyword}>"
    acts = [a for a in e.actions if not getattr(a, "cost", False)] or list(e.actions)
    words: list[str] = []
    for a in acts:
        key, fields = WHAT[type(a)](a)
        if isinstance(a, fx.GainMemory) and a.per_count and _after_trash_hand(e, a):
            key = "what.memory_per_trashed"  # "gain 1 memory for each card trashed" (CR 4-27-5)
        text = captions.text(key, **fields)
        if text not in words:
            words.append(text)
    return ", ".join(words[:2])


def effect_label(s: State, e: Effect, source: int, slot: str, top: int | None = None) -> str:
    """The label of effect ``e`` printed on card ``source``, held by the Digimon whose top card is ``top`` (None:
    ``source`` itself), in ``slot`` ("main", "inherited", "granted", "keyword")::

        "Activate [Your Turn] of BT2-032 UlforceVeedramon: unsuspend"
        "Activate <Piercing> of BT5-086 Omnimon (inherited from Durandamon)"

    An inherited effect belongs to the Digimon holding it (CR 4-3-3, 15-3): the label names that Digimon and the
    card underneath it comes from.
    """
    holder = source if top is None else top
    text = captions.text("pending.label", effect=effect_name(e), card=label(s, holder))
    what = what_words(e)
    if what:
        text = captions.text("pending.label_what", label=text, what=what)
    if slot == "inherited" and holder != source:
        text = captions.text("pending.label_inherited", label=text, source=s.cards[source].name)
    return text


def _taken(s: State, collecting: tuple[PendingEffect, ...]) -> set[str]:
    taken = {p.label for g in s.pending for p in g.effects if p.status is EffectStatus.PENDING}
    return taken | {p.label for p in collecting}


def _for(s: State, text: str, event: Event | None, holder: int | None) -> str:
    """``text`` with the card of the trigger ``event`` it is for, or ``text`` when the event has no card or is the
    ``holder``'s own (its name is in the label already)."""
    if event is None or event.card is None or (holder is not None and event.subject == holder):
        return text
    name = s.cards[event.card].name
    if event.count <= 1:
        return captions.text("pending.label_for", label=text, card=name)
    return captions.text("pending.label_for_more", label=text, card=name, more=event.count - 1)


def _numbered(label: str, text: str) -> bool:
    """True when ``label`` is ``text`` followed by a number in brackets (``"text (2)"``)."""
    n = len(text)
    return (label.startswith(text) and label[n:n + 2] == " (" and label.endswith(")") and len(label) > n + 3
            and label[n + 2:-1].isdecimal())


def _place_labels(s: State, text: str) -> set[str]:
    """``text`` with the place of each Digimon and Tamer on the field (:func:`digiteach.place_words.placed`)."""
    iids = [st.iid for pl in s.players for st in (*pl.battle, *((pl.breeding,) if pl.breeding else ()))]
    return {placed(text, where) for where in (stack_place(s, iid) for iid in iids) if where is not None}


def unique_label(s: State, text: str, event: Event | None = None, holder: int | None = None,
                 collecting: tuple[PendingEffect, ...] | None = None) -> str:
    """``text``, unique among the pending effects: when the same effect is already pending (``text``,
    ``text (for ...)``, ``text (2)`` or ``text`` with a place), the card of the trigger ``event`` says what this
    instance is for (``"... (for Guilmon)"``, ``"... (for Guilmon and 1 more)"``); when that is taken too (or the
    event has no card, or is the event of the Digimon ``holder`` itself) and another Digimon holds it, the place of
    the Digimon ``holder`` (``"... (Player A's 2nd Digimon)"``, :mod:`digiteach.place_words`); only when that is
    taken too ``" (2)"``, ``" (3)"`` ... follow. ``collecting``: the effects being collected, when not yet those of
    ``s`` (:func:`first_instance_named`)."""
    return _unique(s, text, event, holder, collecting)[0]


def unique_labels(s: State, text: str, event: Event | None = None, holder: int | None = None,
                  collecting: tuple[PendingEffect, ...] | None = None) -> tuple[str, str]:
    """(:func:`unique_label`, the label it gave before labels named a Digimon's place: ``"... (2)"`` where it now
    names the place), so an answer written with the older one still plays (:attr:`PendingEffect.older`)."""
    return _unique(s, text, event, holder, collecting)


def _unique(s: State, text: str, event: Event | None, holder: int | None,
            collecting: tuple[PendingEffect, ...] | None) -> tuple[str, str]:
    """(:func:`unique_label`, the older label of :func:`unique_labels`)."""
    effects = s.collecting if collecting is None else collecting
    taken = _taken(s, effects)
    if not taken:
        return text, text
    older = _taken_older(s, effects)
    head = captions.text("pending.label_for", label=text, card="\0").split("\0")[0]
    if not any(t == text or t.startswith(head) or _numbered(t, text) for t in older):
        return text, text
    text = _for(s, text, event, holder)
    old = _numbered_free(text, older)
    if text not in taken and not (taken & _place_labels(s, text)):
        return text, old
    where = stack_place(s, holder) if holder is not None else None
    if where is not None and placed(text, where) not in taken:
        return placed(text, where), old
    return _numbered_free(text, taken), old


def _numbered_free(text: str, taken: set[str]) -> str:
    """``text`` when it is not in ``taken``, else ``text (2)``, ``text (3)`` ..., the first not in it."""
    if text not in taken:
        return text
    n = 2
    while f"{text} ({n})" in taken:
        n += 1
    return f"{text} ({n})"


def _taken_older(s: State, collecting: tuple[PendingEffect, ...]) -> set[str]:
    """The older labels (:attr:`PendingEffect.older`) of the pending effects, as :func:`_taken` takes the labels."""
    pending = [p for g in s.pending for p in g.effects if p.status is EffectStatus.PENDING]
    return {p.older or p.label for p in (*pending, *collecting)}


def name_first_instance(s: State, text: str, event: Event | None = None, holder: int | None = None) -> State:
    """When an effect labelled ``text`` is about to be collected again, give the instance collected earlier in the
    same batch (not shown yet) its event's card too, so both say what they are for (MaloMyotismon "for Guilmon"
    and "for DarkTyrannomon and 1 more"); when that would read as the new instance's does (its ``event`` and
    ``holder``) and another Digimon holds it, the place of its Digimon instead (:func:`unique_label`)."""
    collecting = first_instance_named(s, text, event, holder)
    return s if collecting is s.collecting else replace(s, collecting=collecting)


def first_instance_named(s: State, text: str, event: Event | None = None,
                         holder: int | None = None) -> tuple[PendingEffect, ...]:
    """``s.collecting`` as :func:`name_first_instance` leaves it (the same tuple when nothing is renamed)."""
    if not any(p.label == text for p in s.collecting):
        return s.collecting
    mine = _for(s, text, event, holder)

    def renamed(p: PendingEffect) -> PendingEffect:
        label = old = _for(s, text, p.event, p.holder)
        if label == mine and holder is not None and p.holder is not None and p.holder != holder:
            where = stack_place(s, p.holder)
            label = label if where is None else placed(label, where)
        return replace(p, label=label, older=p.older or ("" if old == label else old))

    return tuple(renamed(p) if p.label == text else p for p in s.collecting)


def instance_label(s: State, pe: PendingEffect) -> str:
    """The label of the pending effect ``pe`` with the card of its trigger event (``"... (for Guilmon)"``), so a
    caption can tell it from a second instance of the same effect (CR 15-4-2-4); unchanged when it says already."""
    words = captions.text("pending.label_for", label="", card="\0").split("\0")[0]
    if words in pe.label:
        return pe.label
    return _for(s, pe.label, pe.event, pe.holder)


def legacy_label(s: State, e: Effect, source: int) -> str:
    """The label this effect had before labels said what an effect does: ``"Activate {name} of {source card}"``.
    Still accepted as an answer (an alias, :class:`digiteach.decisions.Option`) and in an expected activation
    order, so rulings written with it keep working."""
    return captions.text("pending.label", effect=e.name, card=label(s, source))


def without_lead(text: str) -> str:
    """A label without its verb, for captions: ``"[On Play] of BT1-010 Agumon: draw 1"``."""
    return text.replace(captions.lead("pending.label"), "", 1)
