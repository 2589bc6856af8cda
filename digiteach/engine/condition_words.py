"""A processing condition ("if ...", CR 15-6) in the words of a caption: what it asks for and, where the board gives
it, the value it is read against ("Player A has 3 or fewer security cards (now 2)"). The words are the catalogue's
``cond.*`` templates (:mod:`digiteach.caption_catalogue`); a condition kind without one is not put into words.
"""

from __future__ import annotations

from digiteach import captions as cap
from digiteach.effects import Cond
from digiteach.engine import filters
from digiteach.engine.query import card, label
from digiteach.state import ActivateFrame, Event, State

__all__ = ["condition_words"]


def _exists_words(s: State, cond: Cond, owner: int, holder: int | None, event: Event | None,
                  frame: ActivateFrame | None) -> str | None:
    """"exists" with a colour, over cards outside the Battle Area: the cards the selector names and the colour asked
    for ("ST3-03 Tapirmon is yellow"); None for another "exists" condition."""
    sel = cond.target
    if sel is None or not sel.color or sel.area == "battle":
        return None
    at = filters.Where(owner=owner, holder=holder, source=frame.source if frame else None,
                       subject=frame.subject if frame else (event.subject if event else None),
                       other=frame.other if frame else (event.other if event else None),
                       previous=frame.last if frame else ())
    named = filters.fixed(s, sel, at)
    found = [u for u in (named if named is not None else filters.candidates(s, sel, at))
             if filters.card_fits(card(s, u), sel)]
    colour = " / ".join(cap.text(f"colour.{c}") if f"colour.{c}" in cap.CAPTIONS else c.lower()
                        for c in sel.color.split("/"))
    if not found:
        return cap.text("cond.exists_colour_none", colour=colour)
    return cap.text("cond.exists_colour", cards=", ".join(label(s, u) for u in found),
                    is_are=cap.text("word.is" if len(found) == 1 else "word.are"), colour=colour)


def condition_words(s: State, cond: Cond, owner: int, holder: int | None = None, event: Event | None = None,
                    frame: ActivateFrame | None = None) -> str | None:
    """``cond`` of the effect of player ``owner`` (held by Digimon ``holder``) in a caption's words, with the value
    the board has now where there is one; None for a negated condition or a kind with no ``cond.*`` template.

    >>> from digiteach.effects import Cond
    >>> condition_words(None, Cond("deleted_by_effect"), 0)  # type: ignore[arg-type]
    'an effect deleted this Digimon'
    """
    if cond.negate:
        return None
    if cond.kind == "exists":
        return _exists_words(s, cond, owner, holder, event, frame)
    key = f"cond.{cond.kind}"
    if key not in cap.CAPTIONS:
        return None
    fields: dict[str, object] = {"n": cond.n}
    if cond.kind.startswith("security_"):
        fields.update(player=cap.player_name(owner), count=len(s.players[owner].security))
    elif cond.kind.startswith("trash_"):
        fields.update(player=cap.player_name(owner), count=len(s.players[owner].trash))
    elif cond.kind == "another_suspended_digimon":
        fields.update(player=cap.player_name(owner))
    return cap.text(key, **fields)
