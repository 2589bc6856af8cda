"""Reading the dict form of a card (``digiteach/cards/README.md``) into a :class:`~digiteach.cards.model.Card`:
each field checked, each problem a :class:`~digiteach.cards.model.CardDataError` with the field's path."""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from digiteach import effects as fx
from digiteach.i18n import gettext as _
from digiteach.cards.action_names import ACTION_NAMES
from digiteach.cards.card_facts import card_name, colours, digivolve_cost, listed, whole_or_none
from digiteach.cards.action_checks import (action_problem, attacker_problem, delay_problem, leaving_problem,
                                           order_problem, tamer_problem)
from digiteach.cards.fields import COLOURS, field_types, minimum
from digiteach.cards.model import KINDS, Card, CardDataError
from digiteach.effects import Cond, Effect, Persistent, Sel, When
from digiteach.keywords import KEYWORDS, keyword_spec, parse_keyword
from digiteach.terms import Timing

__all__ = ["ACTION_NAMES", "Reader", "card_from_dict", "literal_values"]

_SEL_FIELDS = ("target", "for_each", "under")
"""Fields read as a selector (:class:`~digiteach.effects.Sel`) wherever they appear."""


def literal_values(cls: Any, key: str) -> tuple[Any, ...]:
    """The words a dataclass field of fixed words (``Literal[...]``) accepts, or () for any other field."""
    hint = typing.get_type_hints(cls, localns={"Effect": Effect}).get(key)
    if typing.get_origin(hint) is typing.Literal:
        return typing.get_args(hint)
    return ()


_TIMINGS = {t.value: t for t in Timing}
_SCOPES = {Timing.YOUR_TURN.value, Timing.OPPONENTS_TURN.value, Timing.ALL_TURNS.value}

_EFFECT_FIELDS = ("keyword", "timing", "when", "scope", "condition", "optional", "once_per_turn", "per_turn",
                  "actions", "summary", "persistent", "shared_count", "label", "hand")

LABEL_LIMIT = 30
"""The most characters an effect's ``label:`` may have: it is read in option buttons and the pending diagram."""


@dataclass(frozen=True, slots=True)
class _Head:
    """The fields every kind of effect entry shares."""

    timing: Timing | None
    scope: Timing | None
    condition: Cond | None
    summary: str


class Reader:
    """Checks the fields of one card dict; every problem raises :class:`CardDataError` with the file (``where``)
    and the path of keys and indices to the field."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, path: Sequence[str | int], message: str) -> CardDataError:
        return CardDataError(self.where, path, message)

    def mapping(self, value: Any, path: Sequence[str | int]) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(path, _("expected a mapping (key: value), got {kind} {value}").format(kind=type(value).__name__, value=repr(value)))
        return value

    def known(self, data: Mapping[str, Any], allowed: Sequence[str], path: Sequence[str | int]) -> None:
        for key in data:
            if key not in allowed:
                raise self.fail(list(path) + [str(key)], _("unknown field; expected one of: {values}").format(values=", ".join(allowed)))

    def int_or_none(self, value: Any, path: Sequence[str | int]) -> int | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(path, _("expected a whole number, got {value}").format(value=repr(value)))
        return value

    def int_(self, value: Any, path: Sequence[str | int]) -> int:
        result = self.int_or_none(value, path)
        if result is None:
            raise self.fail(path, _("expected a whole number, got nothing"))
        return result

    def at_least(self, value: Any, low: int | None, path: Sequence[str | int]) -> int:
        """A whole number ``low`` or more (any whole number when ``low`` is None)."""
        n = self.int_(value, path)
        if low is not None and n < low:
            raise self.fail(path, _("{value} is out of range; expected a whole number {low} or more").format(value=n, low=low))
        return n

    def colour(self, value: Any, path: Sequence[str | int], empty: bool = False, either: bool = False) -> str:
        """One of :data:`COLOURS` (or "" when ``empty``: any colour; or several as "Purple/Yellow" when
        ``either``: a filter accepting any of them)."""
        text = self.str_(value, path)
        if empty and text == "":
            return text
        for part in text.split("/") if either else [text]:
            if part not in COLOURS:
                raise self.fail(path, _("unknown colour {value}; expected one of: {values}").format(
                    value=repr(part), values=", ".join(COLOURS)) + (" " + _("(several as Purple/Yellow: any of them)") if either else ""))
        return text

    def typed(self, cls: Any, key: str, value: Any, path: Sequence[str | int]) -> Any:
        """``value`` checked against the annotation of field ``key`` of ``cls``: a whole number (in range, see
        :func:`minimum`), true/false or text, or None where the field allows it."""
        simple, optional = field_types(cls).get(key, (None, True))
        if value is None and optional:
            return None
        if simple is bool:
            return self.bool_(value, path)
        if simple is int:
            return self.at_least(value, minimum(cls, key), path)
        if simple is str:
            return self.colour(value, path, either=True) if key == "color" else self.str_(value, path)
        if value is not None and not isinstance(value, (int, str, bool)):
            raise self.fail(path, _("expected a number, text or true/false, got {value}").format(value=repr(value)))
        return value

    def str_(self, value: Any, path: Sequence[str | int]) -> str:
        if not isinstance(value, str):
            raise self.fail(path, _("expected text, got {value}").format(value=repr(value)))
        return value

    def bool_(self, value: Any, path: Sequence[str | int]) -> bool:
        if not isinstance(value, bool):
            raise self.fail(path, _("expected true or false, got {value}").format(value=repr(value)))
        return value

    def timing(self, value: Any, path: Sequence[str | int]) -> Timing:
        text = self.str_(value, path).strip("[]")
        if text not in _TIMINGS:
            raise self.fail(path, _("unknown timing {value}; expected one of: {values}").format(value=repr(value), values=", ".join(_TIMINGS)))
        return _TIMINGS[text]

    def sel(self, value: Any, path: Sequence[str | int]) -> Sel:
        """A selector: a ``who`` word alone ("this", "subject", "attacker", ...) or a mapping of :class:`Sel`."""
        if isinstance(value, str) and value in fx.WHO and value not in ("choose", "all"):
            return Sel(who=value)  # type: ignore[arg-type]
        data = self.mapping(value, path)
        sel: Sel = self.dataclass_(Sel, data, path)
        if sel.area not in fx.AREAS:
            raise self.fail([*path, "area"], _("unknown area {value}; expected one of: {values}").format(value=repr(sel.area), values=", ".join(fx.AREAS)))
        if sel.count == 0 and not sel.up_to:
            raise self.fail([*path, "count"], _("0 cards to choose; expected 1 or more (0 only with up_to: true, "
                                                "meaning any number)"))
        return sel

    def choices(self, value: Any, path: Sequence[str | int]) -> tuple[fx.Choice, ...]:
        """``choices:`` of ``choose_one``: a list of ``{summary: ..., actions: [...]}``."""
        if not isinstance(value, list) or len(value) < 2:
            raise self.fail(path, "expected a list of at least 2 choices, each {summary: ..., actions: [...]}")
        out: list[fx.Choice] = []
        for i, raw in enumerate(value):
            data = self.mapping(raw, [*path, i])
            self.known(data, ("summary", "actions"), [*path, i])
            out.append(fx.Choice(summary=self.str_(data.get("summary", ""), [*path, i, "summary"]),
                                 actions=self.actions(data.get("actions"), [*path, i, "actions"])))
        return tuple(out)

    def actions(self, value: Any, path: Sequence[str | int]) -> tuple[fx.EffectAction, ...]:
        """A non-empty list of actions."""
        if not isinstance(value, list) or not value:
            raise self.fail(path, "expected a non-empty list of actions ({do: ...})")
        actions = tuple(self.action(a, [*path, i]) for i, a in enumerate(value))
        for i, action in enumerate(actions):
            problem = order_problem(i, action)
            if problem is not None:
                raise self.fail([*path, i, *problem[0]], problem[1])
        return actions

    def granted(self, value: Any, path: Sequence[str | int]) -> Effect:
        """``effect:`` of ``grant_effect``: one effect entry with a timing or "when" and actions."""
        found = self.effect(value, path)
        if len(found) != 1 or not isinstance(found[0], Effect):
            raise self.fail(path, "expected one effect with 'timing:' or 'when:' and 'actions:'")
        return found[0]

    def literal(self, cls: Any, key: str, value: Any, path: Sequence[str | int]) -> None:
        """Refuse a value outside a field's fixed set of words (a ``Literal`` type)."""
        allowed = literal_values(cls, key)
        if allowed and value not in allowed:
            raise self.fail(path, _("unknown value {value}; expected one of: {values}").format(value=repr(value), values=", ".join(map(str, allowed))))

    def cond(self, value: Any, path: Sequence[str | int]) -> Cond:
        if isinstance(value, str):
            value = {"kind": value}
        data = self.mapping(value, path)
        cond: Cond = self.dataclass_(Cond, data, path)
        if cond.kind not in fx.CONDITION_KINDS:
            raise self.fail(list(path) + ["kind"], _("unknown condition {value}; expected one of: {values}").format(value=repr(cond.kind), values=", ".join(fx.CONDITION_KINDS)))
        if cond.kind == "deleted_by_keyword" and keyword_spec(cond.text) is None:
            raise self.fail([*path, "text"], f"expected a keyword's name (e.g. Overclock), got {cond.text!r}")
        return cond

    def dataclass_(self, cls: Any, data: Mapping[str, Any], path: Sequence[str | int], skip: Sequence[str] = ()) -> Any:
        fields = {f.name: f for f in dataclasses.fields(cls)}
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key in skip:
                continue
            here = list(path) + [str(key)]
            if key not in fields:
                raise self.fail(here, _("unknown field for {kind}; expected one of: {values}").format(kind=cls.__name__, values=", ".join(fields)))
            if key in _SEL_FIELDS and cls is not When:
                kwargs[key] = self.sel(value, here)
            elif key == "condition":
                kwargs[key] = self.cond(value, here)
            elif key == "choices":
                kwargs[key] = self.choices(value, here)
            elif key == "effect" and cls is fx.GrantEffect:
                kwargs[key] = self.granted(value, here)
            else:
                self.literal(cls, key, value, here)
                kwargs[key] = self.typed(cls, key, value, here)
        try:
            return cls(**kwargs)
        except TypeError as exc:
            raise self.fail(path, f"incomplete {cls.__name__}: {exc}") from None

    def action(self, value: Any, path: Sequence[str | int]) -> fx.EffectAction:
        data = self.mapping(value, path)
        if "do" not in data:
            raise self.fail(path, _("an action needs 'do:' naming one of: {values}").format(values=", ".join(ACTION_NAMES)))
        name = self.str_(data["do"], list(path) + ["do"])
        if name not in ACTION_NAMES:
            raise self.fail(list(path) + ["do"], _("unknown action {value}; expected one of: {values}").format(value=repr(name), values=", ".join(ACTION_NAMES)))
        action = self.dataclass_(ACTION_NAMES[name], data, path, skip=("do",))
        if isinstance(action, fx.TrashDigivolutionCards) and action.position not in ("top", "bottom", "any", "top_card"):
            raise self.fail(list(path) + ["position"], f"unknown position {action.position!r}; expected one of: top, "
                            "bottom, any (the effect's player chooses), top_card (the Digimon's top card itself)")
        if isinstance(action, fx.GrantKeyword):
            try:
                parse_keyword(action.keyword)
            except ValueError as exc:
                raise self.fail([*path, "keyword"], str(exc)) from None
        problem = action_problem(action)
        if problem is not None:
            raise self.fail([*path, *problem[0]], problem[1])
        if name == "lose_memory":
            action = dataclasses.replace(action, amount=-action.amount)
        return action  # type: ignore[no-any-return]

    def effect(self, value: Any, path: Sequence[str | int], security: bool = False) -> tuple[Effect | Persistent, ...]:
        """One entry of ``effects:`` / ``inherited:`` / ``security:``: a keyword, a persistent effect or an effect
        with a timing or "when" and actions (see ``digiteach/cards/README.md``)."""
        if isinstance(value, str):
            value = {"keyword": value}
        data = self.mapping(value, path)
        self.known(data, _EFFECT_FIELDS, path)
        timing = self.timing(data["timing"], [*path, "timing"]) if "timing" in data else None
        if security and timing is None:
            timing = Timing.SECURITY
        head = _Head(timing=timing, scope=self.scope(data, path),
                     condition=self.cond(data["condition"], [*path, "condition"]) if "condition" in data else None,
                     summary=self.str_(data.get("summary", ""), [*path, "summary"]))
        if "keyword" in data and "actions" in data:
            return (self.keyword_with_actions(data, path, head),)
        if "keyword" in data:
            return self.keyword_entry(data, path, head)
        if "persistent" in data:
            return (self.persistent_entry(data, path, head),)
        return (self.triggered_entry(data, path, head),)

    def scope(self, data: Mapping[str, Any], path: Sequence[str | int]) -> Timing | None:
        """[Your Turn] / [Opponent's Turn] / [All Turns] (CR 15-16-8), or None."""
        if "scope" not in data:
            return None
        scope = self.timing(data["scope"], [*path, "scope"])
        if scope.value not in _SCOPES:
            raise self.fail([*path, "scope"], f"a scope must be one of: {', '.join(sorted(_SCOPES))}")
        return scope

    def keyword_entry(self, data: Mapping[str, Any], path: Sequence[str | int], head: _Head) -> tuple[Effect | Persistent, ...]:
        """``{keyword: ...}``: the keyword's effect data (``keywords.KEYWORDS``) with the entry's scope and condition."""
        text = self.str_(data["keyword"], [*path, "keyword"])
        try:
            parsed = parse_keyword(text, head.timing)
        except ValueError as exc:
            raise self.fail([*path, "keyword"], str(exc)) from None
        out: list[Effect | Persistent] = []
        words = self.label(data, path)
        for item in parsed:
            if isinstance(item, Effect) and words:
                item = dataclasses.replace(item, label=words)
            if isinstance(item, Persistent) and head.scope is not None:
                item = dataclasses.replace(item, scope=head.scope)
            if isinstance(item, Effect) and (head.scope is not None or head.condition is not None):
                item = dataclasses.replace(item, scope=head.scope or item.scope,
                                           condition=head.condition or item.condition)
            out.append(item)
        return tuple(out)

    def keyword_with_actions(self, data: Mapping[str, Any], path: Sequence[str | int], head: _Head) -> Effect:
        """``{keyword: Delay, timing: Main, actions: [...]}``: a keyword written with its own trigger and actions
        (``KeywordSpec.with_actions``; <Delay>, CR 16-17): [Main] or a "when ..." trigger, never [Security]/[Counter]."""
        text = self.str_(data["keyword"], [*path, "keyword"]).strip().strip("<>＜＞")
        spec = keyword_spec(text)
        if spec is None or spec.with_actions is None:
            raise self.fail([*path, "actions"], _("<{keyword}> is not written with actions; only {names} takes "
                                                  "'actions:' (other keywords stand alone: {{keyword: Blocker}})").format(
                keyword=text, names=", ".join(f"<{k.name}>" for k in KEYWORDS if k.with_actions is not None)))
        if head.timing is None and "when" not in data:
            raise self.fail([*path, "keyword"], _("<{keyword}> needs 'timing: Main' (activated in its owner's main "
                                                  "phase) or 'when:' (an event it waits for)").format(keyword=spec.name))
        if head.timing in (Timing.SECURITY, Timing.COUNTER):
            raise self.fail([*path, "timing"], _("<{keyword}> is activated from the Battle Area, not as a [{timing}] "
                                                 "effect; expected 'timing: Main' or 'when:'").format(
                keyword=spec.name, timing=head.timing.value))
        return spec.with_actions(self.triggered_entry(data, path, head))

    def persistent_entry(self, data: Mapping[str, Any], path: Sequence[str | int], head: _Head) -> Persistent:
        """``{persistent: {kind: ...}}``: a persistent effect (CR 15-8-2) of one of ``effects.PERSISTENT_KINDS``."""
        here = [*path, "persistent"]
        if "label" in data:
            raise self.fail([*path, "label"], "a persistent effect is never pending, so it has no label; 'label:' "
                            "belongs to an effect with 'timing:', 'when:' or a triggered keyword")
        persistent: Persistent = self.dataclass_(Persistent, self.mapping(data["persistent"], here), here)
        if persistent.kind not in fx.PERSISTENT_KINDS:
            raise self.fail([*here, "kind"], f"unknown persistent kind {persistent.kind!r}; expected one of: "
                            f"{', '.join(fx.PERSISTENT_KINDS)}")
        return dataclasses.replace(persistent, scope=head.scope or persistent.scope,
                                   condition=head.condition or persistent.condition,
                                   summary=head.summary or persistent.summary)

    def when(self, data: Mapping[str, Any], path: Sequence[str | int]) -> When | None:
        """``when:``, a trigger condition naming one of ``effects.EVENT_KINDS`` (CR 15-5), or None."""
        if "when" not in data:
            return None
        here = [*path, "when"]
        when: When = self.dataclass_(When, self.mapping(data["when"], here), here)
        if when.event not in fx.EVENT_KINDS:
            raise self.fail([*here, "event"], _("unknown event {value}; expected one of: {values}").format(value=repr(when.event), values=", ".join(fx.EVENT_KINDS)))
        return when

    def triggered_entry(self, data: Mapping[str, Any], path: Sequence[str | int], head: _Head) -> Effect:
        """An effect with ``timing:`` or ``when:`` and ``actions:`` processed in order (CR 15-1-2)."""
        when = self.when(data, path)
        if head.timing is None and when is None:
            raise self.fail(path, _("an effect needs 'timing:' (e.g. When Attacking), 'when:' (an event), "
                                    "'keyword:' or 'persistent:'"))
        actions = self.actions(data.get("actions"), [*path, "actions"])
        for i, action in enumerate(actions):
            problem = attacker_problem(head.timing, when, action)
            if problem is not None:
                raise self.fail([*path, "actions", i, *problem[0]], problem[1])
        per_turn = 0
        if "once_per_turn" in data and self.bool_(data["once_per_turn"], [*path, "once_per_turn"]):
            per_turn = 1
        if "per_turn" in data:
            per_turn = self.at_least(data["per_turn"], 1, [*path, "per_turn"])
        optional = self.bool_(data.get("optional", False), [*path, "optional"])
        if not head.summary:
            raise self.fail([*path, "summary"], _("every effect needs a short summary in our own words"))
        shared = self.str_(data.get("shared_count", ""), [*path, "shared_count"])
        hand = self.bool_(data.get("hand", False), [*path, "hand"])
        if hand and head.timing is not Timing.COUNTER:  # the one {Hand} effect the engine models (CR 15-16-14)
            raise self.fail([*path, "hand"], _("'hand: true' marks a [Counter] effect used from the hand; it needs 'timing: Counter'"))
        return Effect(actions=actions, timing=head.timing, when=when, scope=head.scope, condition=head.condition,
                      optional=optional, per_turn=per_turn, summary=head.summary, shared_count=shared,
                      label=self.label(data, path), hand=hand)

    def label(self, data: Mapping[str, Any], path: Sequence[str | int]) -> str:
        """``label:``, what an effect does in a few words for its pending label: one line of 1 to
        :data:`LABEL_LIMIT` characters, or "" when not given."""
        if "label" not in data:
            return ""
        text = self.str_(data["label"], [*path, "label"])
        if not text.strip() or len(text) > LABEL_LIMIT or "\n" in text or text != text.strip():
            raise self.fail([*path, "label"], f"expected a few words on one line, 1 to {LABEL_LIMIT} characters "
                            f"with no leading or trailing space (e.g. 'unsuspend'), got {text!r}")
        return text


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
    r = Reader(where)
    data = r.mapping(data, ())
    r.known(data, _CARD_FIELDS, ())
    for required in ("number", "name"):
        if required not in data:
            raise r.fail([required], _("missing; every card needs a number (e.g. BT1-081) and a name"))
    number = r.str_(data["number"], ["number"])
    name = card_name(r, data)
    kind = r.str_(data.get("kind", "Digimon"), ["kind"])
    if kind not in KINDS:
        raise r.fail(["kind"], _("unknown kind {value}; expected one of: {values}").format(value=repr(kind), values=", ".join(KINDS)))
    colors = colours(r, data)
    digivolve = tuple(digivolve_cost(r, d, i) for i, d in enumerate(listed(r, data, "digivolve", _(
        "expected a list of digivolution requirements, e.g. [{color: Red, level: 4, cost: 3}]"))))
    keywords, keyword_effects = _keywords(r, data)
    security_effects = _effect_list(r, data, "security", security=True)
    for i, e in enumerate(security_effects):
        if not isinstance(e, Effect):
            raise r.fail(["security", i], "a [Security] entry must be an effect with actions")
    traits_raw = listed(r, data, "traits", "expected a list of trait texts")
    numbers = {k: whole_or_none(r, data, k) for k in ("level", "dp", "play_cost", "use_cost")}  # checked first
    effects = keyword_effects + _effect_list(r, data, "effects", tamer=kind == "Tamer", digimon=kind == "Digimon")
    inherited = _effect_list(r, data, "inherited", digimon=True)
    problem = delay_problem(kind, effects, inherited, security_effects)
    if problem is not None:
        raise r.fail(*problem)
    return Card(
        number=number,
        name=name,
        kind=kind,
        level=numbers["level"],
        colors=colors,
        dp=numbers["dp"],
        play_cost=numbers["play_cost"],
        use_cost=numbers["use_cost"],
        digivolve=digivolve,
        effects=effects,
        inherited=inherited,
        security=tuple(e for e in security_effects if isinstance(e, Effect)),
        keywords=keywords,
        summary=r.str_(data.get("summary", ""), ["summary"]),
        traits=tuple(r.str_(t, ["traits", i]) for i, t in enumerate(traits_raw)),
        token=r.bool_(data.get("token", False), ["token"]),
    )


def _keywords(r: Reader, data: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[Effect | Persistent, ...]]:
    """The card's ``keywords:`` texts and their effect data (``keywords.KEYWORDS``)."""
    raw = listed(r, data, "keywords", "expected a list of keyword texts, e.g. [Blocker, Security A. +1]")
    effects: list[Effect | Persistent] = []
    texts: list[str] = []
    for i, k in enumerate(raw):
        text = r.str_(k, ["keywords", i])
        try:
            effects.extend(parse_keyword(text))
        except ValueError as exc:
            raise r.fail(["keywords", i], str(exc)) from None
        texts.append(text)
    return tuple(texts), tuple(effects)


def _effect_list(r: Reader, data: Mapping[str, Any], key: str, security: bool = False, tamer: bool = False,
                 digimon: bool = False) -> tuple[Effect | Persistent, ...]:
    out: list[Effect | Persistent] = []
    for i, e in enumerate(listed(r, data, key, "expected a list of effects")):
        parsed = r.effect(e, [key, i], security=security)
        if tamer and (problem := tamer_problem(parsed)) is not None:  # none waits for what only a Digimon does
            raise r.fail([key, i, *problem[0]], problem[1])
        if digimon and (problem := leaving_problem(parsed)) is not None:  # a Digimon placing itself under a card
            raise r.fail([key, i, *problem[0]], problem[1])
        out.extend(parsed)
    return tuple(out)
