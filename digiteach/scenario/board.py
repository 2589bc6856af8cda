"""Reading a scenario's board: stacks, piles and sides, card numbers checked, references resolved.

:class:`ParseContext` collects located errors while loading; :func:`parse_side` builds a
``setup.SideSetup``; :func:`resolve_ref` finds the one stack a card number, alias or place names.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal, cast

from digiteach import i18n
from digiteach.cards import Card, card_from_dict, load_library
from digiteach.keywords import parse_keyword
from digiteach.scenario.model import PLACE, PLAYER_WORDS, PlayerName, ScenarioError, place_text
from digiteach.scenario.escape import clip
from digiteach.scenario.reader import field_path, line_of
from digiteach.setup import Setup, SideSetup, StackRef, StackSetup
from digiteach.terms import Timing

_ = i18n.gettext

FILLER_CARD: dict[str, Any] = {
    "number": "FILL-0", "name": "Filler", "kind": "Option", "colors": ["White"], "use_cost": 0,
    "summary": "No text: stands for a card the ruling does not name.",
}
"""The default filler (``setup.filler``): an Option card with no effects. Checked from security it has no
[Security] effect and never battles (CR 13-1-7 concerns Digimon cards only); in a hand, deck or trash
it does nothing unless an effect names it."""


@lru_cache(maxsize=1)
def default_library() -> Mapping[str, Card]:
    """The card library (``digiteach.cards.load_library()``) plus the neutral filler card ``FILL-0``."""
    return {**load_library(), str(FILLER_CARD["number"]): card_from_dict(FILLER_CARD, "the built-in filler card")}


def card_number(card: Any, data: Mapping[str, Any]) -> str:
    for attr in ("number", "id", "card_number"):
        value = getattr(card, attr, None)
        if isinstance(value, str):
            return value
    for key in ("number", "id", "card_number"):
        if isinstance(data.get(key), str):
            return str(data[key])
    raise TypeError("card object has no card number")


def card_name(card: Any) -> str:
    name = getattr(card, "name", "")
    return name if isinstance(name, str) else ""


# --------------------------------------------------------------------------------------------- parsing


@dataclass(slots=True)
class ParseContext:
    """Mutable parsing context (only used while loading)."""

    file: str
    root: Any
    library: Mapping[str, Any]
    setup: Setup | None = None
    aliases: dict[str, StackRef] = field(default_factory=dict)
    errors: list[ScenarioError] = field(default_factory=list)
    broken_cards: set[str] = field(default_factory=set)  # inline cards that failed (already reported)

    def line(self, path: Sequence[str | int], *, key: bool = False) -> int | None:
        return line_of(self.root, path, key=key)

    def error(self, path: Sequence[str | int], message: str, expected: str = "", *, key: bool = False) -> None:
        self.errors.append(ScenarioError(self.file, self.line(path, key=key), field_path(path), message, expected))

    def card(self, number: str, path: Sequence[str | int]) -> None:
        """Record an error if ``number`` is not a known card (library or inline)."""
        if number in self.library or number in self.broken_cards:
            return
        known = list(self.library)
        close = difflib.get_close_matches(number, known, n=3, cutoff=0.6)
        if close:
            names = ", ".join(f"{c} {card_name(self.library[c])}".strip() for c in close)
            self.error(path, _("unknown card number {number}").format(number=repr(number)),
                       _("a card in the library, e.g. {cards}").format(cards=names))
        else:
            self.error(path, _("unknown card number {number}").format(number=repr(number)),
                       _("a card in the library, or define it in this file's cards: list"))


def card_label(ctx: ParseContext, number: str) -> str:
    name = card_name(ctx.library.get(number))
    return f"{number} {name}" if name else number


def _split_stack(text: str) -> tuple[tuple[str, ...], bool | None]:
    text = text.strip()
    suspended: bool | None = None
    m = re.search(r"\[([SU])\]\s*$", text)
    if m:
        suspended = m.group(1) == "S"
        text = text[: m.start()]
    cards = tuple(part.strip() for part in text.split("/") if part.strip())
    return cards, suspended


def _parse_stack(ctx: ParseContext, raw: Any, path: tuple[str | int, ...], player: str, area: str, index: int) -> StackSetup:
    name: str | None = None
    placed = False
    gained: tuple[str, ...] = ()
    if isinstance(raw, str):
        cards, flag = _split_stack(raw)
        suspended = bool(flag)
    else:
        spec = raw["cards"]
        if isinstance(spec, str):
            cards, flag = _split_stack(spec)
        else:
            cards, flag = tuple(spec), None
        if "suspended" in raw and flag is not None and bool(raw["suspended"]) != flag:
            ctx.error((*path, "suspended"), _("suspended: {value} contradicts the [{mark}] mark in cards").format(
                      value=str(raw["suspended"]).lower(), mark="S" if flag else "U"), _("one of the two"))
        suspended = bool(raw.get("suspended", flag or False))
        placed = bool(raw.get("placed_this_turn", False))
        name = raw.get("name")
        gained = tuple(raw.get("gained") or ())
        for i, text in enumerate(gained):
            problem = _gained_problem(text)
            if problem:
                ctx.error((*path, "gained", i), problem,
                          _("a keyword such as 'Blocker', 'Security A. -3', optionally after a timing: "
                            "'[When Digivolving] Blitz'"))
    for i, number in enumerate(cards):
        ctx.card(number, (*path, "cards", i) if isinstance(raw, dict) and isinstance(raw["cards"], list)
                 else ((*path, "cards") if isinstance(raw, dict) else path))
    if name is not None:
        ref = StackRef(cast(PlayerName, player), index, cast(Literal["battle", "breeding"], area))
        if name in ctx.aliases:
            other = ctx.aliases[name]
            ctx.error((*path, "name"), _("alias {name} is already used by {place}").format(
                      name=repr(name), place=place_text(other)), _("a different name for each stack"))
        elif PLACE.match(name) or name.strip().lower() in PLAYER_WORDS or re.fullmatch(r"[A-Z]{1,5}[0-9]{0,3}-[0-9]{1,4}", name):
            ctx.error((*path, "name"), _("alias {name} looks like a card number, a place or 'player'").format(
                      name=repr(name)), _("a nickname such as 'Kabuterimon' or 'blocker'"))
        else:
            ctx.aliases[name] = ref
    return StackSetup(cards=cards, suspended=suspended, placed_this_turn=placed, gained=gained)


def _gained_problem(text: str) -> str:
    """Why ``text`` is not a keyword the engine knows (``digiteach.keywords.parse_keyword``), or ""."""
    timing: Timing | None = None
    m = re.match(r"^\s*\[([^\]]+)\]\s*(.*)$", text)
    body = text
    if m:
        try:
            timing = Timing(m.group(1).strip())
        except ValueError:
            return _("unknown timing [{timing}] in {text}; timings: {timings}").format(
                timing=m.group(1), text=repr(text), timings=", ".join(t.value for t in Timing))
        body = m.group(2)
    try:
        parse_keyword(body, timing)
    except ValueError as exc:
        return str(exc)
    return ""


def _parse_pile(ctx: ParseContext, raw: Any, path: tuple[str | int, ...], filler: str) -> tuple[str, ...]:
    if raw is None:
        return ()
    if isinstance(raw, int):
        if raw:
            ctx.card(filler, path)
        return (filler,) * raw
    for i, number in enumerate(raw):
        ctx.card(number, (*path, i))
    return tuple(raw)


def parse_side(ctx: ParseContext, raw: Any, path: tuple[str | int, ...], player: str, filler: str) -> SideSetup:
    raw = raw or {}
    battle = tuple(
        _parse_stack(ctx, s, (*path, "battle_area", i), player, "battle", i)
        for i, s in enumerate(raw.get("battle_area") or ())
    )
    breeding = None
    if raw.get("breeding_area") is not None:
        breeding = _parse_stack(ctx, raw["breeding_area"], (*path, "breeding_area"), player, "breeding", 0)
    piles = {k: _parse_pile(ctx, raw.get(k), (*path, k), filler) for k in ("hand", "security", "deck", "trash", "egg_deck")}
    return SideSetup(battle_area=battle, breeding_area=breeding, **piles)


def stack_at(setup: Setup, ref: StackRef) -> StackSetup | None:
    side = setup.sides[0 if ref.player == "A" else 1]
    if ref.area == "breeding":
        return side.breeding_area
    return side.battle_area[ref.index] if 0 <= ref.index < len(side.battle_area) else None


def all_places(setup: Setup, players: Sequence[str] = ("A", "B"), breeding: bool = True) -> list[tuple[StackRef, StackSetup]]:
    out: list[tuple[StackRef, StackSetup]] = []
    for p in players:
        side = setup.sides[0 if p == "A" else 1]
        for i, st in enumerate(side.battle_area):
            out.append((StackRef(cast(PlayerName, p), i, "battle"), st))
        if breeding and side.breeding_area is not None:
            out.append((StackRef(cast(PlayerName, p), 0, "breeding"), side.breeding_area))
    return out


def describe_places(places: Sequence[tuple[StackRef, StackSetup]]) -> str:
    if not places:
        return "(no Digimon there)"
    return ", ".join(f"{place_text(r)} = {' / '.join(s.cards)}" for r, s in places)


@dataclass(frozen=True, slots=True)
class _Lookup:
    """One reference being resolved: the text, where it was written, whose Digimon it may name."""

    ctx: ParseContext
    text: str
    path: tuple[str | int, ...]
    players: Sequence[str]
    role: str
    breeding: bool
    also: tuple[str, ...] = ()
    """Other words the field takes besides a Digimon (``player`` for an attack target): offered when one is close."""

    @property
    def scope(self) -> list[tuple[StackRef, StackSetup]]:
        assert self.ctx.setup is not None
        return all_places(self.ctx.setup, self.players, self.breeding)

    @property
    def who(self) -> str:
        return _(" or ").join(_("Player {letter}").format(letter=p) for p in self.players)

    def fail(self, message: str, expected: str) -> None:
        self.ctx.error(self.path, message, expected)


def _by_place(q: _Lookup, m: re.Match[str]) -> StackRef | None:
    assert q.ctx.setup is not None
    player, area, idx = m.group(1), m.group(2), m.group(3)
    ref = StackRef(cast(PlayerName, player), int(idx or 0), "breeding" if area.startswith("breeding") else "battle")
    text = clip(q.text)
    if area.startswith("battle") and idx is None:
        q.fail(_("{text} needs an index").format(text=text),
               _("e.g. '{example}'; {places}").format(example=f"{player}.battle[0]", places=describe_places(q.scope)))
    elif player not in q.players:
        q.fail(_("{text} is Player {player}'s; {role} must be one of {who}'s Digimon").format(
            text=text, player=player, role=_(q.role), who=q.who), describe_places(q.scope))
    elif ref.area == "breeding" and not q.breeding and stack_at(q.ctx.setup, ref) is not None:
        _in_breeding(q, text)
    elif stack_at(q.ctx.setup, ref) is None or (ref.area == "breeding" and not q.breeding):
        q.fail(_("there is no Digimon at {text}").format(text=text), describe_places(q.scope))
    else:
        return ref
    return None


def _in_breeding(q: _Lookup, text: str) -> None:
    """``text`` names a Digimon in the Breeding Area where an attacker or an attack target is wanted."""
    q.fail(_("{text} is in the Breeding Area: a Digimon there cannot attack or be attacked (only Digimon in the "
             "Battle Area attack, CR 11-2-1, and are attacked, CR 11-2-7-1)").format(text=text),
           _("a Digimon in the Battle Area: {places}").format(places=describe_places(q.scope)))


def _by_alias(q: _Lookup) -> StackRef | None:
    ref = q.ctx.aliases[q.text]
    if ref.area == "breeding" and not q.breeding and ref.player in q.players:
        _in_breeding(q, clip(q.text))
        return None
    if ref.player not in q.players or (ref.area == "breeding" and not q.breeding):
        q.fail(_("{text} is {place}; {role} must be one of {who}'s Digimon").format(
            text=clip(q.text), place=place_text(ref), role=_(q.role), who=q.who), describe_places(q.scope))
        return None
    return ref


def _not_found(q: _Lookup) -> None:
    assert q.ctx.setup is not None
    text, scope = q.text, q.scope
    elsewhere = [(r, s) for r, s in all_places(q.ctx.setup) if s.cards and s.cards[0] == text]
    under = [(r, s) for r, s in scope if text in s.cards[1:]]
    if elsewhere:
        q.fail(_("{text} is at {place}; {role} must be one of {who}'s Digimon").format(
            text=clip(text), place=", ".join(place_text(r) for r, _s in elsewhere), role=_(q.role), who=q.who),
            describe_places(scope))
    elif under:
        q.fail(_("{text} is a digivolution card, not the top card, of {place}").format(
            text=clip(text), place=place_text(under[0][0])),
            _("the top card {card} or the place {place}").format(card=repr(under[0][1].cards[0]),
                                                                   place=repr(place_text(under[0][0]))))
    elif re.fullmatch(r"[A-Z]{1,5}[0-9]{0,3}-[0-9]{1,4}", text) and text not in q.ctx.library:
        q.ctx.card(text, q.path)
    else:
        names = list(q.also) + list(q.ctx.aliases) + [s.cards[0] for _, s in scope if s.cards]
        close = difflib.get_close_matches(text, names, n=1, cutoff=0.6)
        extra = " " + _("(did you mean {name}?)").format(name=repr(close[0])) if close else ""
        expected = _("a top card number, an alias given with name:, or a place; {places}").format(
            places=describe_places(scope))
        if q.also:
            expected = _("{words}, or {expected}").format(words=", ".join(map(repr, q.also)), expected=expected)
        q.fail(_("{text} does not name a Digimon of {who}").format(text=clip(text), who=q.who) + extra, expected)


def resolve_ref(
    ctx: ParseContext,
    text: str,
    path: tuple[str | int, ...],
    *,
    players: Sequence[str],
    role: str,
    breeding: bool = True,
    also: tuple[str, ...] = (),
) -> StackRef | None:
    """Resolve a reference to one stack among ``players``' areas; record an error and return None if it fails.

    ``text`` is a place (``B.battle[0]``, ``A.breeding``), an alias given with ``name:``, or the top card
    number of exactly one of those Digimon. ``also``: other words the field accepts (handled by the caller), named in
    the error and offered when the text is close to one (``playr`` -> ``player``).
    """
    q = _Lookup(ctx, text, path, players, role, breeding, also)
    m = PLACE.match(text)
    if m:
        return _by_place(q, m)
    if text in ctx.aliases:
        return _by_alias(q)
    matches = [(r, s) for r, s in q.scope if s.cards and s.cards[0] == text]
    if len(matches) == 1:
        return matches[0][0]
    if len(matches) > 1:
        q.fail(_("{text} is ambiguous: {count} Digimon have it as top card").format(text=clip(text), count=len(matches)),
               _("one of {places}, or give the stack a name: and use it").format(
                   places=", ".join(place_text(r) for r, _s in matches)))
        return None
    _not_found(q)
    return None
