"""Checks of one effect action that its fields alone cannot make: what the rules forbid whatever the board is.
Each returns None or ``(sub_path, message)`` for :meth:`digiteach.cards.reader.Reader.fail`."""

from __future__ import annotations

from typing import Sequence

from digiteach import effects as fx
from digiteach.effects import Effect, Persistent
from digiteach.i18n import gettext as _
from digiteach.limits import TOKEN_COUNT
from digiteach.terms import Timing

__all__ = ["Problem", "action_problem", "attacker_problem", "order_problem", "delay_problem", "tamer_problem",
           "leaving_problem"]

Problem = tuple[Sequence[str | int], str] | None
"""None, or the field below the action that is wrong and what is wrong with it."""

_DIGIMON_TIMINGS: dict[Timing, str] = {Timing.WHEN_ATTACKING: "attacks", Timing.END_OF_ATTACK: "end_of_attack",
                                         Timing.WHEN_DIGIVOLVING: "digivolved"}
"""Bracketed timings about the card itself that only a Digimon meets -> the event kind a Tamer's effect writes to
wait for one of its player's Digimon doing that."""

_ITSELF = ("this", "this_card")
"""Selectors that name the effect's own Digimon."""

_OTHER_STACKS = ("choose", "all", "subject", "battle_opponent", "attacker", "attack_target")
"""Selectors that name Battle Area stacks other than the effect's own card."""


def _not_modelled_leaving() -> str:
    return _("a Digimon placed from the Battle Area under another card leaves the Battle Area, and the engine does not "
             "offer the effects of a Digimon that would leave it (<Decode> CR 16-36, <Partition> 16-29, <Guard> 16-45) "
             "there, so it refuses the card rather than play it wrongly; expected cards from a pile or a Tamer "
             "({value})").format(value="kind: Tamer")


def leaving_problem(effects: Sequence[Effect | Persistent]) -> Problem:
    """A Digimon's own effect (among one entry's ``effects``) that places this Digimon under another card
    (``place_under`` with ``target: this``): see :func:`action_problem`. The path is from the entry."""
    for effect in effects:
        for i, action in enumerate(effect.actions if isinstance(effect, Effect) else ()):
            if isinstance(action, fx.PlaceUnder) and action.target.who == "this" and action.target.area == "battle":
                return ["actions", i, "target"], _not_modelled_leaving()
    return None


def action_problem(action: fx.EffectAction) -> Problem:
    """What the rules forbid in ``action`` on any board: a Digimon battling itself (CR 14-1: a battle compares
    two cards), the attacking Digimon as its own attack target (CR 11-2-7-1), a token count past
    :data:`digiteach.limits.TOKEN_COUNT`, a card placed under something outside the Battle Area or under itself
    (CR 4-7); and what the engine does not model: a Digimon of the Battle Area placed under another card (it would
    leave the Battle Area without offering <Decode>, <Partition> or <Guard>, CR 16-36, 16-29, 16-45)."""
    if isinstance(action, fx.Battle) and action.target.who in _ITSELF:
        return ["target"], _("a Digimon cannot battle itself (CR 14-1: a battle compares two cards); expected "
                             "another Digimon, e.g. {value}").format(value="{whose: opponent}")
    if isinstance(action, fx.SwitchTarget) and action.target.who == "attacker":
        return ["target"], _("the attacking Digimon cannot be its own attack target (CR 11-2-7-1); expected one "
                             "of the opponent's Digimon, e.g. {value}").format(value="{whose: opponent}")
    if isinstance(action, fx.PlaceUnder) and action.under.area != "battle":
        return ["under", "area"], _("cards are placed under a card in the Battle Area (CR 4-7: a Tamer or a "
                                    "Digimon); expected {value}").format(value="area: battle")
    if isinstance(action, fx.PlaceUnder) and action.under.who in _ITSELF and action.target.who in _ITSELF:
        return ["under"], _("a card cannot be placed under itself (CR 4-7); expected another card, e.g. "
                            "{value}").format(value="{who: choose, whose: you, kind: Tamer}")
    sel = action.target if isinstance(action, fx.PlaceUnder) else None
    if sel is not None and sel.area == "battle" and sel.who in _OTHER_STACKS and sel.kind != "Tamer":
        return ["target"], _not_modelled_leaving()
    if isinstance(action, fx.PlayToken) and not 1 <= action.count <= TOKEN_COUNT:
        return ["count"], _("{value} is out of range; expected a whole number {low} to {high}").format(
            value=action.count, low=1, high=TOKEN_COUNT)
    return None


def attacker_problem(timing: Timing | None, when: fx.When | None, action: fx.EffectAction) -> Problem:
    """A ``switch_target`` of an effect whose player is the attacking player ([When Attacking], or "when one of
    your Digimon attacks") naming this Digimon or one of the player's own: the attack target is always one of
    the opponent's Digimon or the opponent (CR 11-2-7-1)."""
    attacking = timing is Timing.WHEN_ATTACKING or (when is not None and when.event == "attacks"
                                                    and when.whose in ("this", "you"))
    if not attacking or not isinstance(action, fx.SwitchTarget):
        return None
    sel = action.target
    if sel.who in _ITSELF or (sel.who in ("choose", "all") and sel.whose != "opponent"):
        return ["target"], _("an attack target is one of the opponent's Digimon (CR 11-2-7-1), and this effect's "
                             "player is the attacking player; expected {value}").format(
            value="{whose: opponent}")
    return None


def order_problem(index: int, action: fx.EffectAction) -> Problem:
    """A "previous_done" condition ("if you did", CR 15-7-2) on the action at ``index`` (0 = first) of its list
    must name an earlier action of that list: ``action: 0`` (the one just before) needs one before it, and
    ``action: k`` names position k, 1 to ``index``."""
    cond = getattr(action, "condition", None)
    if cond is None or cond.kind != "previous_done":
        return None
    if index == 0:
        return ["condition"], _("'previous_done' on the first action: there is no earlier action to have "
                                        "been done (CR 15-7-2); expected it on a later action")
    if not 0 <= cond.action <= index:
        return ["condition", "action"], _("{value} is out of range; expected a whole number {low} to {high}").format(
            value=cond.action, low=1, high=index) + " " + _("(the position of an earlier action, 1 = the first)")
    return None


def delay_problem(kind: str, effects: Sequence[Effect | Persistent], inherited: Sequence[Effect | Persistent],
                  security: Sequence[Effect | Persistent]) -> Problem:
    """<Delay> is an effect of an Option card in the Battle Area (CR 16-17-1, 4-28-1): refused among inherited or
    [Security] effects, and on a card of another ``kind``. The path is from the card's top level."""
    for key, entries in (("inherited", inherited), ("security", security)):
        for i, e in enumerate(entries):
            if isinstance(e, Effect) and e.keyword == "Delay":
                return [key, i, "keyword"], _("<Delay> belongs in 'effects:' of an Option card, activated from the "
                                              "Battle Area (CR 16-17-1)")
    if kind != "Option" and any(isinstance(e, Effect) and e.keyword == "Delay" for e in effects):
        return ["kind"], _("a card with <Delay> is an Option card placed in the Battle Area (CR 4-28-1, 16-17-1); "
                           "expected kind: Option, got {value}").format(value=kind)
    return None


def tamer_problem(effects: Sequence[Effect | Persistent]) -> Problem:
    """An effect (among one entry's ``effects``) of a Tamer's own ``effects:`` that waits for itself to do what only a
    Digimon does, so never triggers: [When Attacking], [End of Attack], [When Digivolving], or ``when:`` with
    ``whose: this`` and an event of :data:`digiteach.effects.DIGIMON_EVENTS` (only a Digimon attacks, CR 11-2;
    blocks, CR 12-1-7; digivolves, CR 8-1; battles, CR 14-1). The path is from the entry."""
    for effect in effects:
        problem = _tamer_problem(effect) if isinstance(effect, Effect) else None
        if problem is not None:
            return problem
    return None


def _tamer_problem(effect: Effect) -> Problem:
    if effect.when is None and effect.timing in _DIGIMON_TIMINGS:
        return ["timing"], _("a Tamer never attacks or digivolves (only a Digimon does, CR 11-2, 8-1), so this "
                             "[{timing}] effect would never trigger; expected a trigger on one of your Digimon, "
                             "{value}").format(timing=effect.timing.value,
                                               value=f"when: {{event: {_DIGIMON_TIMINGS[effect.timing]}, whose: you}}")
    if effect.when is not None and effect.when.whose == "this" and effect.when.event in fx.DIGIMON_EVENTS:
        return ["when", "whose"], _("'whose: this' names the Tamer itself, and the event {event} only concerns a "
                                    "Digimon (CR 11-2, 12-1-7, 8-1, 14-1), so this effect would never trigger; "
                                    "expected whose: you, opponent or any").format(event=repr(effect.when.event))
    return None
