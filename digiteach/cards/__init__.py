"""Printed cards as data, keyed by card number, read from YAML package data (see README.md here).

- :class:`Card`: one printed card (facts, effects as data, a summary in our own words).
- :func:`card_from_dict`: build a Card from the dict form used in ``digiteach/cards/*.yaml`` and in
  scenario files' inline cards; raises :class:`CardDataError` with ``.path`` (keys/indices) and a
  message saying what is wrong and what would be right.
- :func:`load_library`: every bundled card, as ``{number: Card}``.

>>> lib = load_library()
>>> lib["BT1-081"].name
'HerculesKabuterimon'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping, Sequence

from digiteach import effects as fx
from digiteach.effects import Cond, Effect, Persistent, Sel, When
from digiteach.keywords import parse_keyword
from digiteach.terms import Color, Timing

__all__ = [
    "DigivolveCost",
    "Card",
    "CardLibrary",
    "CardDataError",
    "card_from_dict",
    "cards_from_yaml",
    "load_library",
    "ACTION_NAMES",
    "KINDS",
]

KINDS: tuple[str, ...] = ("Digimon", "Tamer", "Option", "Digi-Egg")


@dataclass(frozen=True, slots=True)
class DigivolveCost:
    """A digivolution requirement (CR 8-1): from a ``color`` Digimon of ``level`` for ``cost`` memory.
    ``name_contains`` replaces the colour requirement when set (e.g. "Lv.5 w/[Garurumon] in name");
    ``two_colors`` also asks for exactly two colours, one of them ``color`` (e.g. "Lv.4 2-color w/green");
    ``trait`` replaces the colour requirement with a trait (e.g. "Lv.5 w/[Glowing Dawn] trait")."""

    color: str
    level: int
    cost: int
    name_contains: str = ""
    two_colors: bool = False
    trait: str = ""

    def accepts(self, top: "Card") -> bool:
        """True when a Digimon whose top card is ``top`` meets this requirement (CR 8-1-1)."""
        if top.level != self.level:
            return False
        if self.trait:
            return self.trait in top.traits
        if self.name_contains:
            return self.name_contains in top.name
        if self.two_colors and len(top.colors) != 2:
            return False
        return self.color in top.colors


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card.

    ``kind`` is "Digimon", "Tamer", "Option" or "Digi-Egg"; ``dp`` is None for cards without DP.
    ``effects`` are the card's own effects (active when it is the top card or a Tamer on the field,
    or {Hand} [Counter] effects), ``inherited`` those it gives from under a Digimon (CR 4-3-3),
    ``security`` its [Security] effects (CR 15-16-10). ``keywords`` lists keyword text for display.
    ``summary`` is our own one-line description; ``text`` optional printed text kept beside the data.
    ``token`` marks a token (CR 4-21): created by an effect, removed from the game when it leaves the field.
    A DUAL card (CR 4-20) is a Digimon card with a ``use_cost``: its [Main] effects are its Option side.
    """

    number: str
    name: str
    kind: str = "Digimon"
    level: int | None = None
    colors: tuple[str, ...] = ()
    dp: int | None = None
    play_cost: int | None = None
    use_cost: int | None = None
    digivolve: tuple[DigivolveCost, ...] = ()
    effects: tuple[Effect | Persistent, ...] = ()
    inherited: tuple[Effect | Persistent, ...] = ()
    security: tuple[Effect, ...] = ()
    keywords: tuple[str, ...] = ()
    summary: str = ""
    traits: tuple[str, ...] = ()
    token: bool = False

    @property
    def label(self) -> str:
        """``"BT1-081 HerculesKabuterimon"``."""
        return f"{self.number} {self.name}"


CardLibrary = Mapping[str, Card]
"""Card number -> Card."""


class CardDataError(ValueError):
    """Bad card data. ``path`` is the tuple of keys/indices to the bad field, ``where`` the file (and
    line when known)."""

    def __init__(self, where: str, path: Sequence[str | int], message: str) -> None:
        self.where = where
        self.path = tuple(path)
        shown = ".".join(str(p) for p in self.path) or "(card)"
        super().__init__(f"{where}: {shown}: {message}")


ACTION_NAMES: dict[str, type] = {
    "delete": fx.Delete,
    "suspend": fx.Suspend,
    "unsuspend": fx.Unsuspend,
    "gain_memory": fx.GainMemory,
    "lose_memory": fx.GainMemory,
    "dp": fx.ModifyDP,
    "security_a": fx.ModifySecurityA,
    "grant_keyword": fx.GrantKeyword,
    "draw": fx.Draw,
    "trash_hand": fx.TrashHand,
    "trash_security": fx.TrashSecurity,
    "recovery": fx.Recovery,
    "de_digivolve": fx.DeDigivolve,
    "trash_digivolution_cards": fx.TrashDigivolutionCards,
    "play": fx.PlayCard,
    "switch_target": fx.SwitchTarget,
    "end_attack": fx.EndAttack,
    "may_attack": fx.MayAttack,
    "alliance": fx.Alliance,
    "piercing_check": fx.PiercingCheck,
    "prevent_deletion": fx.PreventDeletion,
    "activate_main": fx.ActivateMain,
    "add_to_hand": fx.AddThisToHand,
    "blast_digivolve": fx.BlastDigivolve,
    "custom": fx.Custom,
}
"""``do:`` names of actions in the dict form -> action classes in :mod:`digiteach.effects`."""

_TIMINGS = {t.value: t for t in Timing}
_SCOPES = {Timing.YOUR_TURN.value, Timing.OPPONENTS_TURN.value, Timing.ALL_TURNS.value}


class _Reader:
    """Checks fields of one card dict and raises CardDataError with the path."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, path: Sequence[str | int], message: str) -> CardDataError:
        return CardDataError(self.where, path, message)

    def mapping(self, value: Any, path: Sequence[str | int]) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(path, f"expected a mapping (key: value), got {type(value).__name__} {value!r}")
        return value

    def known(self, data: Mapping[str, Any], allowed: Sequence[str], path: Sequence[str | int]) -> None:
        for key in data:
            if key not in allowed:
                raise self.fail(list(path) + [str(key)], f"unknown field; expected one of: {', '.join(allowed)}")

    def int_or_none(self, value: Any, path: Sequence[str | int]) -> int | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(path, f"expected a whole number, got {value!r}")
        return value

    def int_(self, value: Any, path: Sequence[str | int]) -> int:
        result = self.int_or_none(value, path)
        if result is None:
            raise self.fail(path, "expected a whole number, got nothing")
        return result

    def str_(self, value: Any, path: Sequence[str | int]) -> str:
        if not isinstance(value, str):
            raise self.fail(path, f"expected text, got {value!r}")
        return value

    def bool_(self, value: Any, path: Sequence[str | int]) -> bool:
        if not isinstance(value, bool):
            raise self.fail(path, f"expected true or false, got {value!r}")
        return value

    def timing(self, value: Any, path: Sequence[str | int]) -> Timing:
        text = self.str_(value, path).strip("[]")
        if text not in _TIMINGS:
            raise self.fail(path, f"unknown timing {value!r}; expected one of: {', '.join(_TIMINGS)}")
        return _TIMINGS[text]

    def sel(self, value: Any, path: Sequence[str | int]) -> Sel:
        if value == "this":
            return fx.THIS
        if isinstance(value, str) and value in ("subject", "battle_opponent", "attacker"):
            return Sel(who=value)  # type: ignore[arg-type]
        data = self.mapping(value, path)
        sel: Sel = self.dataclass_(Sel, data, path)
        return sel

    def cond(self, value: Any, path: Sequence[str | int]) -> Cond:
        if isinstance(value, str):
            value = {"kind": value}
        data = self.mapping(value, path)
        cond: Cond = self.dataclass_(Cond, data, path)
        if cond.kind not in fx.CONDITION_KINDS:
            raise self.fail(list(path) + ["kind"], f"unknown condition {cond.kind!r}; expected one of: {', '.join(fx.CONDITION_KINDS)}")
        return cond

    def dataclass_(self, cls: Any, data: Mapping[str, Any], path: Sequence[str | int], skip: Sequence[str] = ()) -> Any:
        fields = {f.name: f for f in dataclasses.fields(cls)}
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key in skip:
                continue
            here = list(path) + [str(key)]
            if key not in fields:
                raise self.fail(here, f"unknown field for {cls.__name__}; expected one of: {', '.join(fields)}")
            if key == "target" and cls is not When:
                kwargs[key] = self.sel(value, here)
            elif key == "condition":
                kwargs[key] = self.cond(value, here)
            else:
                default = fields[key].default
                if isinstance(default, bool):
                    kwargs[key] = self.bool_(value, here)
                elif isinstance(default, int):
                    kwargs[key] = self.int_(value, here)
                elif isinstance(default, str):
                    kwargs[key] = self.str_(value, here)
                elif default is None or default is dataclasses.MISSING:
                    if value is not None and not isinstance(value, (int, str, bool)):
                        raise self.fail(here, f"expected a number, text or true/false, got {value!r}")
                    kwargs[key] = value
                else:
                    kwargs[key] = value
        try:
            return cls(**kwargs)
        except TypeError as exc:
            raise self.fail(path, f"incomplete {cls.__name__}: {exc}") from None

    def action(self, value: Any, path: Sequence[str | int]) -> fx.EffectAction:
        data = self.mapping(value, path)
        if "do" not in data:
            raise self.fail(path, f"an action needs 'do:' naming one of: {', '.join(ACTION_NAMES)}")
        name = self.str_(data["do"], list(path) + ["do"])
        if name not in ACTION_NAMES:
            raise self.fail(list(path) + ["do"], f"unknown action {name!r}; expected one of: {', '.join(ACTION_NAMES)}")
        action = self.dataclass_(ACTION_NAMES[name], data, path, skip=("do",))
        if isinstance(action, fx.TrashDigivolutionCards) and action.position not in ("top", "bottom", "any", "top_card"):
            raise self.fail(list(path) + ["position"], f"unknown position {action.position!r}; expected one of: top, "
                            "bottom, any (the effect's player chooses), top_card (the Digimon's top card itself)")
        if name == "lose_memory":
            action = dataclasses.replace(action, amount=-abs(action.amount))
        return action  # type: ignore[no-any-return]

    def effect(self, value: Any, path: Sequence[str | int], security: bool = False) -> tuple[Effect | Persistent, ...]:
        if isinstance(value, str):
            value = {"keyword": value}
        data = self.mapping(value, path)
        allowed = ("keyword", "timing", "when", "scope", "condition", "optional", "once_per_turn", "per_turn",
                   "actions", "summary", "persistent", "shared_count")
        self.known(data, allowed, path)
        timing = self.timing(data["timing"], list(path) + ["timing"]) if "timing" in data else None
        if security and timing is None:
            timing = Timing.SECURITY
        scope = None
        if "scope" in data:
            scope = self.timing(data["scope"], list(path) + ["scope"])
            if scope.value not in _SCOPES:
                raise self.fail(list(path) + ["scope"], f"a scope must be one of: {', '.join(sorted(_SCOPES))}")
        condition = self.cond(data["condition"], list(path) + ["condition"]) if "condition" in data else None
        summary = self.str_(data.get("summary", ""), list(path) + ["summary"])
        if "keyword" in data:
            text = self.str_(data["keyword"], list(path) + ["keyword"])
            try:
                parsed = parse_keyword(text, timing)
            except ValueError as exc:
                raise self.fail(list(path) + ["keyword"], str(exc)) from None
            out: list[Effect | Persistent] = []
            for item in parsed:
                if isinstance(item, Persistent) and scope is not None:
                    item = dataclasses.replace(item, scope=scope)
                if isinstance(item, Effect) and (scope is not None or condition is not None):
                    item = dataclasses.replace(item, scope=scope or item.scope, condition=condition or item.condition)
                out.append(item)
            return tuple(out)
        if "persistent" in data:
            pdata = self.mapping(data["persistent"], list(path) + ["persistent"])
            persistent: Persistent = self.dataclass_(Persistent, pdata, list(path) + ["persistent"])
            if persistent.kind not in fx.PERSISTENT_KINDS:
                raise self.fail(list(path) + ["persistent", "kind"],
                                f"unknown persistent kind {persistent.kind!r}; expected one of: {', '.join(fx.PERSISTENT_KINDS)}")
            return (dataclasses.replace(persistent, scope=scope or persistent.scope,
                                        condition=condition or persistent.condition,
                                        summary=summary or persistent.summary),)
        when = None
        if "when" in data:
            wdata = self.mapping(data["when"], list(path) + ["when"])
            when = self.dataclass_(When, wdata, list(path) + ["when"])
            if when.event not in fx.EVENT_KINDS:
                raise self.fail(list(path) + ["when", "event"],
                                f"unknown event {when.event!r}; expected one of: {', '.join(fx.EVENT_KINDS)}")
        if timing is None and when is None:
            raise self.fail(path, "an effect needs 'timing:' (e.g. When Attacking), 'when:' (an event), "
                                  "'keyword:' or 'persistent:'")
        actions_raw = data.get("actions")
        if not isinstance(actions_raw, list) or not actions_raw:
            raise self.fail(list(path) + ["actions"], "expected a non-empty list of actions ({do: ...})")
        actions = tuple(self.action(a, list(path) + ["actions", i]) for i, a in enumerate(actions_raw))
        per_turn = 0
        if "once_per_turn" in data and self.bool_(data["once_per_turn"], list(path) + ["once_per_turn"]):
            per_turn = 1
        if "per_turn" in data:
            per_turn = self.int_(data["per_turn"], list(path) + ["per_turn"])
        optional = self.bool_(data.get("optional", False), list(path) + ["optional"])
        if not summary:
            raise self.fail(list(path) + ["summary"], "every effect needs a short summary in our own words")
        shared = self.str_(data.get("shared_count", ""), list(path) + ["shared_count"])
        return (Effect(actions=actions, timing=timing, when=when, scope=scope, condition=condition,
                       optional=optional, per_turn=per_turn, summary=summary, shared_count=shared),)


_CARD_FIELDS = ("number", "name", "kind", "level", "colors", "dp", "play_cost", "use_cost", "digivolve", "effects",
                "inherited", "security", "keywords", "summary", "traits", "text", "token")


def card_from_dict(data: Mapping[str, Any], where: str = "<card>") -> Card:
    """Build a :class:`Card` from its dict form (see ``digiteach/cards/README.md``).

    Raises:
        CardDataError: with ``.path`` (e.g. ``("effects", 0, "actions", 1, "do")``), saying what is
        wrong and what would be right.

    >>> card_from_dict({"number": "XX-1", "name": "Testmon", "level": 3, "dp": 2000,
    ...                 "keywords": ["Blocker"], "summary": "A blocker."}).keywords
    ('Blocker',)
    """
    r = _Reader(where)
    data = r.mapping(data, ())
    r.known(data, _CARD_FIELDS, ())
    for required in ("number", "name"):
        if required not in data:
            raise r.fail([required], "missing; every card needs a number (e.g. BT1-081) and a name")
    number = r.str_(data["number"], ["number"])
    name = r.str_(data["name"], ["name"])
    kind = r.str_(data.get("kind", "Digimon"), ["kind"])
    if kind not in KINDS:
        raise r.fail(["kind"], f"unknown kind {kind!r}; expected one of: {', '.join(KINDS)}")
    colors_raw = data.get("colors", [])
    if isinstance(colors_raw, str):
        colors_raw = [colors_raw]
    if not isinstance(colors_raw, list):
        raise r.fail(["colors"], "expected a list of colours, e.g. [Green]")
    colours = {c.value for c in Color}
    colors: list[str] = []
    for i, c in enumerate(colors_raw):
        text = r.str_(c, ["colors", i])
        if text not in colours:
            raise r.fail(["colors", i], f"unknown colour {text!r}; expected one of: {', '.join(sorted(colours))}")
        colors.append(text)
    digivolve: list[DigivolveCost] = []
    for i, d in enumerate(data.get("digivolve", []) or []):
        dd = r.mapping(d, ["digivolve", i])
        r.known(dd, ("color", "level", "cost", "name_contains", "two_colors", "trait"), ["digivolve", i])
        for key in ("level", "cost"):
            if key not in dd:
                raise r.fail(["digivolve", i, key], "missing; a digivolution requirement needs color, level and cost")
        digivolve.append(DigivolveCost(
            color=r.str_(dd.get("color", ""), ["digivolve", i, "color"]),
            level=r.int_(dd["level"], ["digivolve", i, "level"]),
            cost=r.int_(dd["cost"], ["digivolve", i, "cost"]),
            name_contains=r.str_(dd.get("name_contains", ""), ["digivolve", i, "name_contains"]),
            two_colors=r.bool_(dd.get("two_colors", False), ["digivolve", i, "two_colors"]),
            trait=r.str_(dd.get("trait", ""), ["digivolve", i, "trait"]),
        ))

    def effect_list(key: str, security: bool = False) -> tuple[Effect | Persistent, ...]:
        raw = data.get(key, []) or []
        if not isinstance(raw, list):
            raise r.fail([key], "expected a list of effects")
        out: list[Effect | Persistent] = []
        for i, e in enumerate(raw):
            out.extend(r.effect(e, [key, i], security=security))
        return tuple(out)

    keywords_raw = data.get("keywords", []) or []
    if not isinstance(keywords_raw, list):
        raise r.fail(["keywords"], "expected a list of keyword texts, e.g. [Blocker, Security A. +1]")
    keyword_effects: list[Effect | Persistent] = []
    keywords: list[str] = []
    for i, k in enumerate(keywords_raw):
        text = r.str_(k, ["keywords", i])
        try:
            keyword_effects.extend(parse_keyword(text))
        except ValueError as exc:
            raise r.fail(["keywords", i], str(exc)) from None
        keywords.append(text)
    security_effects = effect_list("security", security=True)
    for i, e in enumerate(security_effects):
        if not isinstance(e, Effect):
            raise r.fail(["security", i], "a [Security] entry must be an effect with actions")
    traits_raw = data.get("traits", []) or []
    if not isinstance(traits_raw, list):
        raise r.fail(["traits"], "expected a list of trait texts")
    return Card(
        number=number,
        name=name,
        kind=kind,
        level=r.int_or_none(data.get("level"), ["level"]),
        colors=tuple(colors),
        dp=r.int_or_none(data.get("dp"), ["dp"]),
        play_cost=r.int_or_none(data.get("play_cost"), ["play_cost"]),
        use_cost=r.int_or_none(data.get("use_cost"), ["use_cost"]),
        digivolve=tuple(digivolve),
        effects=tuple(keyword_effects) + effect_list("effects"),
        inherited=effect_list("inherited"),
        security=tuple(e for e in security_effects if isinstance(e, Effect)),
        keywords=tuple(keywords),
        summary=r.str_(data.get("summary", ""), ["summary"]),
        traits=tuple(r.str_(t, ["traits", i]) for i, t in enumerate(traits_raw)),
        token=r.bool_(data.get("token", False), ["token"]),
    )


def _line(node: Any, key: Any) -> int | None:
    try:
        if isinstance(key, int):
            return int(node.lc.item(key)[0]) + 1
        return int(node.lc.key(key)[0]) + 1
    except Exception:
        return None


def _locate(root: Any, path: Sequence[str | int]) -> int | None:
    node, line = root, None
    for key in path:
        found = _line(node, key)
        if found is None:
            break
        line = found
        try:
            node = node[key]
        except Exception:
            break
    return line


def cards_from_yaml(text: str, where: str) -> list[Card]:
    """Parse YAML text holding a list of card dicts (safe round-trip loader, no object tags).

    Raises:
        CardDataError: naming ``where``, the line and the field path.
    """
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    yaml = YAML(typ="rt")
    try:
        root = yaml.load(text)
    except YAMLError as exc:
        raise CardDataError(where, (), f"not valid YAML: {exc}") from None
    if not isinstance(root, list):
        raise CardDataError(where, (), "expected a YAML list of cards (each starting with '- number: ...')")
    out: list[Card] = []
    for i, item in enumerate(root):
        line = _line(root, i)
        try:
            out.append(card_from_dict(item, f"{where}:{line}" if line else where))
        except CardDataError as exc:
            at = _locate(item, exc.path) if isinstance(item, Mapping) else None
            raise CardDataError(f"{where}:{at or line}", (i,) + exc.path,
                                str(exc).split(": ", 2)[-1]) from None
    return out


@lru_cache(maxsize=1)
def _bundled() -> tuple[Card, ...]:
    cards: list[Card] = []
    seen: dict[str, str] = {}
    base = resources.files("digiteach.cards")
    for entry in sorted(base.iterdir(), key=lambda p: p.name):
        if not entry.name.endswith(".yaml"):
            continue
        where = f"digiteach/cards/{entry.name}"
        for card in cards_from_yaml(entry.read_text(encoding="utf-8"), where):
            if card.number in seen:
                raise CardDataError(where, ("number",), f"{card.number} is already defined in {seen[card.number]}")
            seen[card.number] = where
            cards.append(card)
    return tuple(cards)


def load_library(extra: Sequence[Card] = ()) -> dict[str, Card]:
    """Return every bundled card (``digiteach/cards/*.yaml``) as ``{number: Card}``, plus ``extra``
    cards (e.g. a scenario's inline cards), which replace bundled ones with the same number.

    Raises:
        CardDataError: when a bundled file is malformed (file:line, field path, message).
    """
    lib = {c.number: c for c in _bundled()}
    for c in extra:
        lib[c.number] = c
    return lib
