"""A processing condition ("if ...", CR 15-6) in the words of a caption: what it asks for and, where the board gives
it, the value it is read against ("Player A has 3 or fewer security cards (now 2)"). The words are the catalogue's
``cond.*`` templates (:mod:`digiteach.caption_catalogue`); a condition kind without one is not put into words.
"""

from __future__ import annotations

from digiteach import captions as cap
from digiteach.effects import Cond
from digiteach.engine import filters
from digiteach.engine.query import card, is_digimon, label, memory_of
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
                    frame: ActivateFrame | None = None, then: bool = False) -> str | None:
    """``cond`` of the effect of player ``owner`` (held by Digimon ``holder``) in a caption's words, with the value
    the board ``s`` has where there is one, said as "now", or with ``then`` as the value when the effect triggered
    (``s`` is that moment, CR 15-8-3-9-4); None for a negated condition or a kind with no ``cond.*`` template.

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
    value: int | None = None
    if cond.kind.startswith("security_"):
        fields.update(player=cap.player_name(owner))
        value = len(s.players[owner].security)
    elif cond.kind.startswith("trash_"):
        fields.update(player=cap.player_name(owner))
        value = len(s.players[owner].trash)
    elif "memory_" in cond.kind:
        whose = 1 - owner if cond.kind.startswith("opponent_") else owner
        fields.update(player=cap.player_name(whose))
        value = max(memory_of(s, whose), 0)  # memory on the other side: this player has none (CR 1-4-2)
    elif cond.kind == "another_suspended_digimon":
        fields.update(player=cap.player_name(owner))
    elif cond.kind == "deleted_by_keyword":
        fields.update(keyword=cond.text)
    if value is not None:
        fields["count"] = cap.text("cond.value_then" if then else "cond.value_now", count=value)
    words = cap.text(key, **fields)
    if cond.kind == "opponent_has_no_digimon_with_digivolution_cards":
        words += _holders(s, 1 - owner, then)
    return words


def _holders(s: State, player: int, then: bool) -> str:
    """What breaks "no opposing Digimon has digivolution cards": each of ``player``'s Digimon with digivolution cards
    and the cards it has ("; now BT1-080 Titamon has BT4-056 SkullScorpiomon"), or '' when none has any."""
    held = [cap.text("cond.has_cards", card=label(s, st.top), cards=", ".join(label(s, u) for u in st.digivolution_cards))
            for st in s.players[player].battle if st.digivolution_cards and is_digimon(s, st)]
    if not held:
        return ""
    return "; " + cap.text("cond.value_then" if then else "cond.value_now", count="; ".join(held))
