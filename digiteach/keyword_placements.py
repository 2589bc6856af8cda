"""Factories of the keywords that place a card somewhere other than the field (CR ch.16, Ver.4.2 numbering): the
deleted card on top of its owner's Security Stack (<Ascension>, CR 16-43). Like :mod:`digiteach.keyword_effects`,
one function per keyword returning its :class:`~digiteach.effects.Effect`; the keyword table
:data:`digiteach.keywords.KEYWORDS` names each factory.

>>> ascension().actions[0].to
'security_top'
"""

from __future__ import annotations

from digiteach.effects import Effect, Move, Sel, When

__all__ = ["ascension", "THIS_CARD_IN_TRASH"]

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
