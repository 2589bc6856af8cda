"""Where a Digimon (or Tamer) is, in the words decision labels and the board diagram share: ``"Player B's 2nd
Digimon"`` counts the stacks of that kind in the player's Battle Area (CR 3-4) in the order the board lists them,
``"Player A's Breeding Area"`` names the Breeding Area (CR 3-5).

A label names a place only where it would otherwise read the same as another option of the decision, e.g. two
``BT2-075 Myotismon`` a <Blast Digivolve> may go onto; the board diagram then writes the same words on each of those
stacks (:func:`repeated`), so a learner can match the option to the box. Every template is in
:mod:`digiteach.caption_catalogue` (keys ``where.*``).

>>> ordinal(1), ordinal(2), ordinal(3), ordinal(4), ordinal(11), ordinal(22)
('1st', '2nd', '3rd', '4th', '11th', '22nd')
>>> battle_place("Player B", ("Digimon", "Tamer", "Digimon"), 2)
"Player B's 2nd Digimon"
"""

from __future__ import annotations

from collections.abc import Sequence

from digiteach import captions
from digiteach.state import State

__all__ = ["ordinal", "battle_place", "stack_place", "placed", "repeated"]

_KINDS = {"Digimon": "where.digimon", "Tamer": "where.tamer", "Option": "where.option"}


def ordinal(n: int) -> str:
    """``n`` as an ordinal number in the language in force: ``"2nd"`` (``"2."`` in German)."""
    last = n % 10 if n % 100 not in (11, 12, 13) else 0
    return captions.text(f"where.ordinal_{last}" if last in (1, 2, 3) else "where.ordinal", n=n)


def battle_place(player: str, kinds: Sequence[str], k: int) -> str:
    """The place of the ``k``-th stack (0-based) of a Battle Area whose stacks are of ``kinds`` in order, owned by
    ``player`` (a player's name): counted among the stacks of its own kind (CR 3-4)."""
    kind = kinds[k]
    n = sum(1 for other in kinds[:k + 1] if other == kind)
    return captions.text(_KINDS.get(kind, "where.digimon"), player=player, ordinal=ordinal(n))


def stack_place(s: State, iid: int) -> str | None:
    """The place of the Digimon or Tamer ``iid`` on the field of ``s``, or None when it is on neither field."""
    for p, pl in enumerate(s.players):
        for k, st in enumerate(pl.battle):
            if st.iid == iid:
                kinds = [s.cards[other.top].kind for other in pl.battle]
                return battle_place(captions.player_name(p), kinds, k)
        if pl.breeding is not None and pl.breeding.iid == iid:
            return captions.text("where.breeding_area", player=captions.player_name(p))
    return None


def placed(label: str, place: str) -> str:
    """``label`` with a place after it: ``"Block with ST4-08 Kabuterimon (Player B's 2nd Digimon)"``."""
    return captions.text("where.label", label=label, place=place)


def repeated(labels: Sequence[str]) -> set[int]:
    """Indexes of ``labels`` (the top cards of one Battle Area, in order) whose label another one has too: the stacks
    the board diagram marks with their place."""
    return {k for k, label in enumerate(labels) if labels.count(label) > 1}
