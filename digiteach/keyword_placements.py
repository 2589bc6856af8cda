"""Factories of the keywords that place a card somewhere other than the field (CR ch.16, Ver.4.2 numbering): the
deleted card on top of its owner's Security Stack (<Ascension>, CR 16-43) or under one of its owner's Tamers (<Save>,
CR 16-20). Like :mod:`digiteach.keyword_effects`,
one function per keyword returning its :class:`~digiteach.effects.Effect`; the keyword table
:data:`digiteach.keywords.KEYWORDS` names each factory.

>>> ascension().actions[0].to
'security_top'
>>> save().name
'<Save>'
"""

from __future__ import annotations

from digiteach.effects import Effect, Move, PlaceUnder, Sel, When
from digiteach.terms import Timing

__all__ = ["ascension", "save", "THIS_CARD_IN_TRASH"]

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
