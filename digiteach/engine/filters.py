"""The one card-filter and selector matcher (CR 15-10): which cards a :class:`~digiteach.effects.CardFilter`
accepts, and which cards a :class:`~digiteach.effects.Sel` finds, for targets, trigger conditions, persistent
effects on other cards, counts, costs and conditions alike.

Everything here is read-only. A selector is always read from one player's point of view (``owner``: the
effect's player) and, where it says "this Digimon" or "other", from the Digimon holding the effect
(``holder``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from digiteach.cards import Card
from digiteach.effects import CardFilter, Sel
from digiteach.engine import query as q
from digiteach.state import Stack, State

__all__ = ["Where", "alternatives", "card_fits", "stack_fits", "field_miss", "excluded", "cards_in_area", "candidates", "fixed", "count"]


@dataclass(frozen=True, slots=True)
class Where:
    """Who reads a selector: the effect's player ``owner``, the Digimon holding the effect ``holder`` (or None),
    its card ``source``, and the cards named by the trigger and the previous action."""

    owner: int
    holder: int | None = None
    source: int | None = None
    subject: int | None = None
    other: int | None = None
    previous: tuple[int, ...] = ()


def alternatives(text: str | None) -> set[str]:
    """``"A/B"`` -> ``{"A", "B"}`` (a filter accepting either); empty for None."""
    return set(text.split("/")) if text else set()


def _printed_fits(cd: Card, f: CardFilter) -> bool:
    """The type, colour, trait and name part of ``f``."""
    return ((f.kind == "any" or cd.kind == f.kind)
            and (f.color is None or bool(alternatives(f.color) & set(cd.colors)))
            and (f.colors is None or len(cd.colors) == f.colors)
            and (f.min_colors is None or len(cd.colors) >= f.min_colors)
            and (f.trait is None or bool(alternatives(f.trait) & set(cd.traits)))
            and (f.name is None or cd.name in alternatives(f.name))
            and (f.name_contains is None or any(n in cd.name for n in alternatives(f.name_contains))))


def card_fits(cd: Card, f: CardFilter) -> bool:
    """True when the printed card ``cd`` meets every printed-card filter of ``f`` (type, colours, traits, name,
    level, cost, token); with ``or_token`` a token always does (CR 4-21: "your Tokens or ..."). Field filters (DP,
    suspended, keywords, digivolution cards) are not looked at."""
    if f.or_token and cd.token:
        return True
    cost = cd.play_cost if cd.play_cost is not None else cd.use_cost
    return (_printed_fits(cd, f)
            and (f.level is None or cd.level == f.level)
            and (f.min_level is None or (cd.level is not None and cd.level >= f.min_level))
            and (f.max_level is None or (cd.level is not None and cd.level <= f.max_level))
            and (f.min_cost is None or (cost is not None and cost >= f.min_cost))
            and (f.max_cost is None or (cost is not None and cost <= f.max_cost))
            and (f.token is None or cd.token == f.token))


def _sources_fit(s: State, st: Stack, f: CardFilter) -> bool:
    """The digivolution-card part of ``f``."""
    under = st.digivolution_cards
    if f.has_digivolution_cards is not None and bool(under) != f.has_digivolution_cards:
        return False
    if f.min_digivolution_cards is not None and len(under) < f.min_digivolution_cards:
        return False
    wanted = alternatives(f.with_digivolution_card)
    return not wanted or any(w in q.card(s, u).name for u in under for w in wanted)


def stack_fits(s: State, st: Stack, f: CardFilter) -> bool:
    """True when the Battle Area stack ``st`` meets every filter of ``f``: its top card's printed filters, its
    current DP (CR 1-3-8), suspended or not, keywords now, digivolution cards."""
    if not card_fits(q.card(s, st.top), f):
        return False
    if f.suspended is not None and st.suspended != f.suspended:
        return False
    if f.min_dp is not None or f.max_dp is not None:
        d = q.dp(s, st.iid)
        if d is None or (f.min_dp is not None and d < f.min_dp) or (f.max_dp is not None and d > f.max_dp):
            return False
    if f.keyword and not q.has_keyword(s, st.iid, f.keyword):
        return False
    if f.without_keyword and q.has_keyword(s, st.iid, f.without_keyword):
        return False
    return _sources_fit(s, st, f)


def field_miss(s: State, st: Stack, f: CardFilter) -> tuple[str, dict[str, str]] | None:
    """Why the Battle Area stack ``st``, whose top card meets the printed filters of ``f``, fails its field
    filters: ``(caption key, fields)`` of the first one it fails (a keyword it has or lacks, suspended or not,
    its DP), or None when it fails none of those."""
    if f.without_keyword and q.has_keyword(s, st.iid, f.without_keyword):
        return "effect.excluded_keyword", {"keyword": f"<{f.without_keyword}>"}
    if f.keyword and not q.has_keyword(s, st.iid, f.keyword):
        return "effect.excluded_no_keyword", {"keyword": f"<{f.keyword}>"}
    if f.suspended is not None and st.suspended != f.suspended:
        return "effect.excluded_suspended" if st.suspended else "effect.excluded_unsuspended", {}
    d = q.dp(s, st.iid)
    if d is not None and f.max_dp is not None and d > f.max_dp:
        return "effect.excluded_max_dp", {"dp": str(d), "limit": str(f.max_dp)}
    if d is not None and f.min_dp is not None and d < f.min_dp:
        return "effect.excluded_min_dp", {"dp": str(d), "limit": str(f.min_dp)}
    return None


def excluded(s: State, sel: Sel, at: Where) -> list[tuple[int, str, dict[str, str]]]:
    """The Battle Area Digimon of the players ``sel`` reads that a field filter of ``sel`` leaves out, each with
    :func:`field_miss`'s reason: ``(iid, caption key, fields)``. Empty for other areas."""
    if sel.area != "battle":
        return []
    out = []
    for p in _players(sel, at.owner):
        for st in s.players[p].battle:
            if sel.other and st.iid == at.holder or not card_fits(q.card(s, st.top), sel):
                continue
            miss = field_miss(s, st, sel)
            if miss is not None:
                out.append((st.iid, *miss))
    return out


def _players(sel: Sel, owner: int) -> list[int]:
    return {"you": [owner], "opponent": [1 - owner], "any": [0, 1]}[sel.whose]


def cards_in_area(s: State, sel: Sel, at: Where) -> list[int]:
    """Card uids in the area ``sel.area`` names (not the Battle Area) that pass the printed filters of ``sel``,
    top card first; "digivolution_cards" are those of the holder."""
    return [u for u in _area_pool(s, sel, at) if card_fits(q.card(s, u), sel)]


def _area_pool(s: State, sel: Sel, at: Where) -> list[int]:
    """Every card uid in the area ``sel.area`` names, of the players ``sel.whose`` names."""
    if sel.area == "digivolution_cards":
        st = q.stack_of(s, at.holder) if at.holder is not None else None
        return list(st.digivolution_cards) if st is not None else []
    if sel.area == "breeding":
        return [u for p in _players(sel, at.owner) if (b := s.players[p].breeding) is not None for u in b.cards[:1]]
    return [u for p in _players(sel, at.owner) for u in getattr(s.players[p], sel.area)]


def _this_dp_fits(s: State, st: Stack, sel: Sel, at: Where) -> bool:
    if not sel.max_dp_this:
        return True
    mine = q.dp(s, at.holder) if at.holder is not None else None
    theirs = q.dp(s, st.iid)
    return mine is not None and theirs is not None and theirs <= mine


def candidates(s: State, sel: Sel, at: Where) -> list[int]:
    """What a "choose"/"all" selector may take (CR 15-10): Battle Area iids for ``area: battle``, card uids
    otherwise. ``lowest_level`` / ``highest_dp`` keep only the lowest-level / highest-DP matches."""
    if sel.area != "battle":
        return cards_in_area(s, sel, at)
    out = [st.iid for p in _players(sel, at.owner) for st in s.players[p].battle
           if not (sel.other and st.iid == at.holder) and stack_fits(s, st, sel) and _this_dp_fits(s, st, sel, at)]
    if sel.highest_dp and out:  # <Raid>, CR 16-23-4: a tie leaves the choice to the effect's player
        dps = {i: q.dp(s, i) or 0 for i in out}
        out = [i for i in out if dps[i] == max(dps.values())]
    if sel.lowest_level and out:
        levels = {i: q.card(s, q.stack(s, i).top).level or 0 for i in out}
        out = [i for i in out if levels[i] == min(levels.values())]
    return out


def fixed(s: State, sel: Sel, at: Where) -> list[int] | None:
    """The cards ``sel`` names without a choice (iids, or the uid for "this_card"), or None for "choose"."""
    if sel.who == "choose":
        return None
    if sel.who == "all":
        return candidates(s, sel, at)
    if sel.who == "this_card":
        if at.source is None:
            return []
        mine = replace(sel, whose="you")
        if sel.area != "battle" and at.source not in _area_pool(s, mine, replace(at, owner=s.owners[at.source])):
            return []  # the card has left the area the effect expects it in (CR 1-3-2)
        return [at.source]
    if sel.who == "previous":
        return list(at.previous)
    named = {"this": at.holder, "subject": at.subject, "battle_opponent": at.other,
             "attacker": s.attack.attacker if s.attack is not None else None,
             "attack_target": s.attack.target if s.attack is not None else None}[sel.who]
    if named is None or not q.in_battle_area(s, named):
        return []
    return [named]


def count(s: State, sel: Sel, at: Where) -> int:
    """How many cards ``sel`` finds (fixed ones must also pass its filters): for conditions and "for each"."""
    found = fixed(s, sel, at)
    if found is None or sel.who == "all":
        return len(candidates(s, sel, at))
    if sel.area != "battle" or sel.who == "this_card":
        return sum(1 for u in found if card_fits(q.card(s, u), sel))
    return sum(1 for i in found if q.in_battle_area(s, i) and stack_fits(s, q.stack(s, i), sel))
