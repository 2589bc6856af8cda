"""Writing a scenario back to data and YAML (the long form), e.g. to save a learner's variant."""

from __future__ import annotations

import io
import json
from typing import Any

from digiteach.scenario.model import DEFAULT_FILLER, NOTE_KINDS, Expect, PlayerName, Scenario, memory_text, place_text
from digiteach.setup import StackRef, StackSetup

# --------------------------------------------------------------------------------------------- writing


def scenario_to_data(scenario: Scenario) -> dict[str, Any]:
    """The scenario in the file format's long form (plain data; inline cards and ``setup.in_force`` are not included).
    A pile of nothing but the scenario's filler card is written as a count, as such a pile is written by hand."""
    setup = scenario.setup

    def stack(st: StackSetup, ref: StackRef) -> dict[str, Any]:
        out: dict[str, Any] = {"cards": list(st.cards), "suspended": st.suspended}
        if st.placed_this_turn:
            out["placed_this_turn"] = True
        if st.gained:
            out["gained"] = list(st.gained)
        alias = [a for a, r in scenario.aliases if r == ref]
        if alias:
            out["name"] = alias[0]
        return out

    def side(p: PlayerName) -> dict[str, Any]:
        s = setup.sides[0 if p == "A" else 1]
        out: dict[str, Any] = {"battle_area": [stack(st, StackRef(p, i)) for i, st in enumerate(s.battle_area)]}
        out["breeding_area"] = None if s.breeding_area is None else stack(s.breeding_area, StackRef(p, 0, "breeding"))
        for k in ("hand", "security", "deck", "trash", "egg_deck"):
            pile = list(getattr(s, k))
            out[k] = len(pile) if pile and all(n == scenario.filler for n in pile) else pile  # a count, as written
        return out

    def ref(r: StackRef | None) -> str:
        return "player" if r is None else place_text(r)

    def action_data(kind: str, card: str | None, target: str | None, hand_card: str | None, cost: int | None,
                    extra: tuple[tuple[str, str], ...]) -> dict[str, Any]:
        out: dict[str, Any]
        if kind == "attack":
            out = {"attack": {"with": card, "target": target or "player"}}
        elif kind == "digivolve":
            out = {"digivolve": {"digimon": card, "into": hand_card}}
            if cost is not None:
                out["digivolve"]["cost"] = cost
        elif kind in ("play", "use"):
            out = {kind: hand_card}
        elif kind == "activate":
            out = {"activate": card}
        else:
            out = {kind: True}
        if extra:
            out["extra"] = dict(extra)
        return out

    a = scenario.action
    first = action_data(a.kind, ref(a.card), ref(a.target), a.hand_card, a.cost, a.extra)
    action: Any = first
    if scenario.then:
        action = [first] + [action_data(p.kind, p.card, p.target, p.hand_card, p.cost, p.extra) for p in scenario.then]

    expect = expect_to_data(scenario.expect)

    data: dict[str, Any] = {
        "id": scenario.id,
        "title": scenario.title,
        "source": scenario.source,
        "ruleset": scenario.ruleset,
        "setup": {
            "turn_player": setup.turn_player,
            "memory": setup.memory,
            "phase": setup.phase,
            "turn": setup.turn,
            **({"filler": scenario.filler} if scenario.filler != DEFAULT_FILLER else {}),
            "A": side("A"),
            "B": side("B"),
        },
        "action": action,
        "choices": [{c.player: c.answer} if c.player else c.answer for c in scenario.choices],
    }
    if expect:
        data["expect"] = expect
    return data | _notes_data(scenario)


def _notes_data(scenario: Scenario) -> dict[str, Any]:
    """``notes``, ``wiki_notes``, ``step_notes`` and ``translations`` of ``scenario`` as the file writes them (only
    those it has)."""
    data: dict[str, Any] = {}
    if scenario.notes:
        data["notes"] = scenario.notes
    for kind in NOTE_KINDS:
        if scenario.notes_of(kind):
            data[kind] = [{"at": sn.at, "note": sn.note} for sn in scenario.notes_of(kind)]
    if scenario.translations:
        data["translations"] = {lang: {k: (list(v) if isinstance(v, tuple) else v)
                                       for k, v in (("title", t.title), ("notes", t.notes), ("wiki_notes", t.wiki_notes),
                                                    ("step_notes", t.step_notes)) if v}
                                for lang, t in scenario.translations}
    return data


def _pile_data(value: Any) -> Any:
    if isinstance(value, int):
        return value
    if all(isinstance(x, str) for x in value):
        return list(value)
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in value}


def expect_to_data(e: Expect) -> dict[str, Any]:
    """``expect`` as written in the file format (the keys that were given, in the format's order)."""
    out: dict[str, Any] = {}
    if e.activation_order is not None:
        out["activation_order"] = [list(x) if isinstance(x, tuple) else x for x in e.activation_order]
    if e.deleted is not None:
        out["deleted"] = list(e.deleted)
    for name in ("security", "hand"):
        if getattr(e, name) is not None:
            out[name] = {p: _pile_data(v) for p, v in getattr(e, name)}
    if e.memory is not None:
        out["memory"] = memory_text(e.memory)  # the readable form names the side, whoever's turn it is
    if e.suspended is not None:
        out["suspended"] = {n: f for _, n, f in e.suspended}
    if e.trash is not None:
        out["trash"] = {p: _pile_data(v) for p, v in e.trash}
    if e.battle_area is not None:
        out["battle_area"] = {p: list(v) for p, v in e.battle_area}
    if e.winner is not None:
        out["winner"] = e.winner or "none"
    if e.stops_at is not None:
        out["stops_at"] = e.stops_at
    out.update((k, json.loads(v)) for k, v in e.more)
    return out


def dump_scenario(scenario: Scenario) -> str:
    """The scenario as YAML text in the long form (for saving a learner's variant to a *new* file).

    Keys keep the file format's order; multi-line text (notes) is written as a ``|`` block.
    """
    from ruamel.yaml import YAML  # imported when writing, not when a scenario is opened
    from ruamel.yaml.scalarstring import LiteralScalarString

    def literal(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: literal(v) for k, v in value.items()}
        if isinstance(value, list):
            return [literal(v) for v in value]
        if isinstance(value, str) and "\n" in value:
            return LiteralScalarString(value + "\n")
        return value

    buf = io.StringIO()
    y = YAML(typ="rt", pure=True)
    y.default_flow_style = False
    y.width = 100
    y.dump(literal(scenario_to_data(scenario)), buf)
    return buf.getvalue()
