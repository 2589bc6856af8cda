"""Factories of the keywords that place a card somewhere other than the field (CR ch.16, Ver.4.2 numbering): the
deleted card on top of its owner's Security Stack (<Ascension>, CR 16-43) or under one of its owner's Tamers (<Save>,
CR 16-20), and a Tamer under one of its owner's Digimon (<Mind Link>, CR 16-28). Like :mod:`digiteach.keyword_effects`,
one function per keyword returning its :class:`~digiteach.effects.Effect`; the keyword table
:data:`digiteach.keywords.KEYWORDS` names each factory.

>>> ascension().actions[0].to
'security_top'
>>> save().name
'<Save>'
>>> mind_link("[SoC]/[X Antibody]").actions[0].under.trait
'SoC/X Antibody'
"""

from __future__ import annotations

import re

from digiteach.effects import THIS, Effect, Move, PlaceUnder, Sel, When
from digiteach.terms import Timing

__all__ = ["ascension", "save", "mind_link", "THIS_CARD_IN_TRASH"]

THIS_CARD_IN_TRASH = Sel(who="this_card", whose="you", area="trash", kind="any")
"""The effect's own card while it is in its owner's trash (a deleted Digimon's top card): empty once it has left."""


def ascension() -> Effect:
    """<Ascension> (CR 16-43): when this Digimon is deleted (a trigger-type effect, 16-43-2), you may place its card
    from the trash face down on top of your Security Stack (optional, 16-43-3). Once it has left the trash, its other
    effects that its deletion triggered and that still wait can no longer activate (QA Q7100, Q6815)."""
    return Effect(
        when=When(event="deleted", whose="this"),
        actions=(Move(THIS_CARD_IN_TRASH, to="security_top"),),
        optional=True,
        keyword="Ascension",
        summary="Deleted: you may place this card from the trash face down on top of your Security Stack.",
    )


def save(timing: Timing | None = None) -> Effect:
    """<Save> (CR 16-20): you may place this card, deleted and in the trash, under 1 of your Tamers (optional,
    16-20-3), at the bottom of the cards already there (CR 4-4-2). Printed as "[On Deletion] <Save>", the timing it
    takes when none is written; inside another effect ("Then, <Save>") it is the action
    ``{do: place_under, target: {who: this_card, whose: you, area: trash, kind: any}, optional: true}``."""
    return Effect(
        timing=timing or Timing.ON_DELETION,
        actions=(PlaceUnder(THIS_CARD_IN_TRASH),),
        optional=True,
        keyword="Save",
        summary="Deleted: you may place this card from the trash under 1 of your Tamers.",
    )


def _traits(spec: str) -> str | None:
    """The traits of a <Mind Link> description, ``"[SoC]/[X Antibody]"`` (an optional " trait" after) ->
    ``"SoC/X Antibody"``; None for no description. ``ValueError`` for anything else."""
    if not spec:
        return None
    m = re.fullmatch(r"(\[[^\]]+\](?:\s*/\s*\[[^\]]+\])*)(?:\s*traits?)?", spec.strip(), re.IGNORECASE)
    if m is None:
        raise ValueError(f"<Mind Link ({spec})>: expected traits in square brackets, e.g. Mind Link ([SoC]/[X Antibody]), "
                         "or no brackets for any of your Digimon")
    return "/".join(re.findall(r"\[([^\]]+)\]", m.group(1)))


def mind_link(spec: str = "", timing: Timing | None = None) -> Effect:
    """<Mind Link> (CR 16-28): this Tamer goes under 1 of your Digimon as its bottom digivolution card, a Digimon with
    no Tamer card among its digivolution cards (16-28-1); the cards under the Tamer are trashed as it leaves (CR
    4-7-8). Mandatory once activated (16-28-3); a [Main] effect unless another timing is written. ``spec``: the
    traits the Digimon must have, ``"[SoC]/[X Antibody]"`` (either), or "" for any of your Digimon; a card whose
    Mind Link names something else writes the action ``{do: place_under, target: this, under: {...},
    no_tamer_under: true}``."""
    traits = _traits(spec)
    whom = f"1 of your [{traits.replace('/', ']/[')}] Digimon" if traits else "1 of your Digimon"
    return Effect(
        timing=timing or Timing.MAIN,
        actions=(PlaceUnder(THIS, under=Sel(who="choose", whose="you", kind="Digimon", trait=traits),
                            no_tamer_under=True),),
        keyword="Mind Link",
        summary=f"Place this Tamer as the bottom digivolution card of {whom} with no Tamer card among its "
                "digivolution cards.",
    )
