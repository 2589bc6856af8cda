"""The words a keyword's own rule adds when its effect triggers or activates (CR ch.16), chosen by where the effect's
card is: <Ascension> (CR 16-43) and <Save> (CR 16-20) place their own card from the trash, so for a token (removed
from the game instead of trashed, CR 4-21-5) or a card that has already left the trash their captions say that nothing
will be placed (CR 1-3-2) rather than what would be."""

from __future__ import annotations

from digiteach import captions as cap
from digiteach.engine import core as c
from digiteach.state import State

__all__ = ["keyword_caption"]


def keyword_caption(s: State, effect_name: str, moment: str, card: int) -> str | None:
    """The caption key of :func:`digiteach.captions.keyword_key` (``moment``: "triggers", "activates", ...) for the
    keyword effect ``effect_name`` of the card with uid ``card``; where the catalogue has them, its ``_token``
    variant when that card is a token and its ``_gone`` variant when the card is not in its owner's trash. None when
    the keyword's rule adds nothing at ``moment``."""
    key = cap.keyword_key(effect_name, moment)
    if key is None:
        return None
    token, gone = f"{key}_token", f"{key}_gone"
    if token not in cap.CAPTIONS and gone not in cap.CAPTIONS:
        return key
    if c.card(s, card).token:
        return token if token in cap.CAPTIONS else key
    if card not in s.players[s.owners[card]].trash:
        return gone if gone in cap.CAPTIONS else key
    return key
