"""A card's printed facts in its dict form (``digiteach/cards/README.md``), each checked: its name, level, DP and
costs (whole numbers within :data:`BOUNDS`), its colours, its digivolution requirements (CR 8-1) and its lists.

Every problem is a :class:`~digiteach.cards.model.CardDataError` with the field's path, saying what is wrong and what
would be right. A field left out is the card's "none" (no DP, no digivolution requirement); a field written with
nothing in it (``dp: null``, ``digivolve: 0``, ``name: " "``) is refused, as a value of the wrong kind is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from digiteach.cards.fields import COLOURS
from digiteach.cards.model import DigivolveCost
from digiteach.i18n import gettext as _

if TYPE_CHECKING:
    from digiteach.cards.reader import Reader

__all__ = ["BOUNDS", "card_name", "colours", "digivolve_cost", "listed", "whole_or_none"]

BOUNDS: dict[str, tuple[int, int]] = {
    "level": (1, 10),
    "dp": (0, 100_000),
    "play_cost": (0, 30),
    "use_cost": (0, 30),
    "digivolve.level": (1, 10),
    "digivolve.cost": (0, 30),
}
"""The whole numbers a card's facts may be (a bound of this tool, wider than any printed card: the library's cards, to
BT25, have levels 2 to 7, DP 1000 to 16000, play costs 2 to 16, use costs 0 to 8, digivolution costs 0 to 7;
``expect.dp`` of a scenario allows 0 to 100000 too). A typing slip such as ``dp: 1e30`` is refused."""

_DIGIVOLVE_FIELDS = ("color", "level", "cost", "name_contains", "two_colors", "trait")


def card_name(r: Reader, data: Mapping[str, Any]) -> str:
    """The card's ``name``: text with at least one character that is not a space."""
    name = r.str_(data["name"], ["name"])
    if not name.strip():
        raise r.fail(["name"], _("expected the card's name, e.g. Agumon, got {value} (empty or spaces alone)").format(
            value=repr(name)))
    return name


def bounded(r: Reader, value: Any, bound: str, path: list[str | int]) -> int:
    """A whole number within :data:`BOUNDS` ``[bound]`` (both ends included)."""
    low, high = BOUNDS[bound]
    n = r.at_least(value, low, path)
    if n > high:
        raise r.fail(path, _("{value} is out of range; expected a whole number {low} to {high}").format(
            value=n, low=low, high=high))
    return n


def whole_or_none(r: Reader, data: Mapping[str, Any], key: str) -> int | None:
    """A level, DP or cost within :data:`BOUNDS`, or None when the key is left out (``dp: null`` is refused: the
    README documents a whole number, and a card without DP leaves the key out)."""
    if key not in data:
        return None
    if data[key] is None:
        raise r.fail([key], _("expected a whole number, got nothing; leave {key} out when the card has none").format(
            key=key))
    return bounded(r, data[key], key, [key])


def listed(r: Reader, data: Mapping[str, Any], key: str, problem: str) -> list[Any]:
    """The list under ``key`` ([] when the key is left out); anything else, ``0``, ``{}``, ``''`` and ``null``
    included, is refused with ``problem`` (what the list holds) and how to write none."""
    raw = data.get(key, [])
    if not isinstance(raw, list):
        raise r.fail([key], _("{problem}, got {value}; write [] or leave {key} out for none").format(
            problem=problem, value="null" if raw is None else repr(raw), key=key))
    return raw


def colours(r: Reader, data: Mapping[str, Any]) -> tuple[str, ...]:
    """The card's ``colors``: a list of :data:`~digiteach.cards.fields.COLOURS` (one colour alone may be written
    without brackets)."""
    raw = data.get("colors", [])
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list):
        raise r.fail(["colors"], "expected a list of colours, e.g. [Green]")
    return tuple(r.colour(c, ["colors", i]) for i, c in enumerate(raw))


def digivolve_cost(r: Reader, d: Any, i: int) -> DigivolveCost:
    """Digivolution requirement ``i`` (CR 8-1): a colour, a level and a cost; the colour may be left out (or
    ``""``) only when ``name_contains`` or ``trait`` names the Digimon instead."""
    here: list[str | int] = ["digivolve", i]
    dd = r.mapping(d, here)
    r.known(dd, _DIGIVOLVE_FIELDS, here)
    for key in ("level", "cost"):
        if key not in dd:
            raise r.fail([*here, key], _("missing; a digivolution requirement needs color, level and cost"))
    name_contains = r.str_(dd.get("name_contains", ""), [*here, "name_contains"])
    trait = r.str_(dd.get("trait", ""), [*here, "trait"])
    by_name = bool(name_contains.strip() or trait.strip())
    if not by_name and not r.str_(dd.get("color", ""), [*here, "color"]).strip():
        raise r.fail([*here, "color"], _("a digivolution requirement needs a colour, one of: {values} (or "
                                         "name_contains or trait naming the Digimon instead)").format(
                                             values=", ".join(COLOURS)))
    return DigivolveCost(
        color=r.colour(dd.get("color", ""), [*here, "color"], empty=by_name),
        level=bounded(r, dd["level"], "digivolve.level", [*here, "level"]),
        cost=bounded(r, dd["cost"], "digivolve.cost", [*here, "cost"]),
        name_contains=name_contains,
        two_colors=r.bool_(dd.get("two_colors", False), [*here, "two_colors"]),
        trait=trait,
    )
