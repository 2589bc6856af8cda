"""The rule check (CR 17-1-3) run at the end of every piece of processing: Digimon without DP and Option cards no effect
placed in the Battle Area, and cards other than Digimon and Digi-Eggs in the Breeding Area, go to the trash; Digimon with 0 DP are
to be deleted (the FlushFrame handler, :func:`digiteach.engine.rules.resolution.h_flush`, pushes their deletion).

:func:`end_processing` ends a handler's piece of processing (CR 15-4-3-3): it pushes the FlushFrame only when that
frame would have something to do."""

from __future__ import annotations

from digiteach.copying import PASSIVE_FIELDS, replace

from digiteach.cards import Card
from digiteach.engine import core as c
from digiteach.engine.printed import aimed_stacks, area_facts, printed_persistents, rule_check_stacks
from digiteach.state import FlushFrame, Frame, Stack, State

__all__ = ["rule_check", "nothing_to_flush", "end_processing"]

_Board = tuple[tuple[Stack, ...], tuple[Stack, ...], Stack | None, Stack | None, tuple[Card, ...]]
_CLEAR: list[_Board] = [((), (), None, None, ())]
"""The last board on which the rule check found nothing to look at: (A's Battle Area tuple, B's, A's Breeding Area
stack, B's, the card table). With no modifier in force, that depends on these frozen values only: no printed effect
aims at other Digimon, no stack's own printed effect may lower its DP and every top card has DP (so every Digimon has
at least its printed DP, CR 1-3-8), and both Breeding Areas hold only Digimon or Digi-Eggs. The same objects again
need no look. One entry, replaced as found; it holds the values, so their identities are not reused while it lives."""


def _board(s: State) -> _Board:
    a, b = s.players
    return a.battle, b.battle, a.breeding, b.breeding, s.cards


def _lowered_by_own_only(s: State) -> bool:
    """True when a Digimon's DP can be below its printed DP only through its own printed effects
    (``printed.lowers_own_dp``): every modifier in force is a DP gain or a <Security A.> change (nothing gained,
    nothing lowered, CR 15-15), and no printed effect aimed at other Digimon lowers DP (CR 15-11-2), in force or not.
    Then a Digimon outside ``printed.rule_check_stacks`` has at least its printed DP (CR 1-3-8)."""
    if any(m.kind != "security_a" and (m.kind != "dp" or m.amount < 0) for m in s.modifiers):
        return False
    for battle in (s.players[0].battle, s.players[1].battle):
        for st in aimed_stacks(s, battle):
            if any(e.target is not None and e.kind == "dp" and e.amount < 0 for e in printed_persistents(s, st)):
                return False
    return True


def _nothing_to_look_at(s: State) -> bool:
    """True when no modifier is in force and the board is the last one found clear (:data:`_CLEAR`), or no printed
    effect on it is aimed at other Digimon, no stack is one :func:`rule_check` looks at and both Breeding Areas hold
    only Digimon or Digi-Eggs: what the full check would find (and remember) there."""
    if s.modifiers:
        return False
    a, b = s.players
    clear = _CLEAR[0]
    if (a.battle is clear[0] and b.battle is clear[1] and a.breeding is clear[2] and b.breeding is clear[3]
            and s.cards is clear[4]):
        return True
    fa, fb = area_facts(s, a.battle), area_facts(s, b.battle)
    if fa.checked or fb.checked or fa.aimed or fb.aimed or not _breeding_ok(s, a.breeding) \
            or not _breeding_ok(s, b.breeding):
        return False
    _CLEAR[0] = _board(s)
    return True


def rule_check(s: State) -> tuple[State, list[int]]:
    """CR 17-1-3: trash Digimon without DP and Option cards in the Battle Area (but not an Option an effect placed
    there, ``Stack.by_effect``, CR 17-1-3-2-2, 4-28-1), and cards other than Digimon and Digi-Eggs in the Breeding
    Area (no effect in the library places such cards there, so none is exempt); return the 0-DP Digimon to delete.

    A Battle Area stack whose top card is a Digimon or Digi-Egg card is a Digimon there; it is trashed when its
    top card has no DP, whatever its card type, and a Digi-Egg card printed with DP stays (CR 17-1-3-2-1)."""
    if _nothing_to_look_at(s):
        return s, []
    doomed: list[int] = []
    tp = s.turn_player
    areas = (s.players[tp].battle, s.players[1 - tp].battle)  # the board as it was before any trashing
    plain = _lowered_by_own_only(s)
    if plain:  # only a stack's own printed effects may take its DP below the printed value
        areas = (rule_check_stacks(s, areas[0]), rule_check_stacks(s, areas[1]))
    for st in (*areas[0], *areas[1]):
        card = c.card(s, st.top)
        if card.kind in ("Digimon", "Digi-Egg") and card.dp is None:
            s = c.remove_stack(s, st.iid)
            s = c.tell(s, "rule.egg_trashed", card=card.label)
        elif card.kind == "Option" and not st.by_effect:
            s = c.remove_stack(s, st.iid)
            s = c.tell(s, "rule.option_trashed", card=card.label)
        elif card.kind in ("Digimon", "Digi-Egg") and c.dp(s, st.iid) == 0:
            doomed.append(st.iid)
    s, breeding_ok = _check_breeding(s)
    if plain and breeding_ok and not areas[0] and not areas[1] and not s.modifiers:
        _CLEAR[0] = _board(s)
    return s, doomed


def _breeding_ok(s: State, br: Stack | None) -> bool:
    """True when the Breeding Area stack ``br`` (or None) is empty or topped by a Digimon or Digi-Egg (CR 17-1-3)."""
    return br is None or c.card(s, br.top).kind in ("Digimon", "Digi-Egg")


def _check_breeding(s: State) -> tuple[State, bool]:
    """Trash a card other than a Digimon or Digi-Egg in a Breeding Area (CR 17-1-3); True when there was none."""
    ok = True
    for p in (s.turn_player, 1 - s.turn_player):
        br = s.players[p].breeding
        if not _breeding_ok(s, br):
            assert br is not None
            ok = False
            pl = s.players[p]
            s = c.set_player(s, p, replace(pl, breeding=None, trash=tuple(br.cards) + pl.trash))
            s = c.tell(s, "rule.breeding_trashed", card=c.card(s, br.top).label)
    return s, ok


def nothing_to_flush(s: State) -> bool:
    """True when the end of a piece of processing (a FlushFrame, CR 15-4-3-3, 17-1-2-2) would do nothing on ``s`` but
    take itself off the work stack: nothing triggered meanwhile (``s.collecting`` is empty) and the rule check
    (:func:`rule_check`) neither trashes a card nor finds a Digimon with 0 DP."""
    if s.collecting:
        return False
    if _nothing_to_look_at(s):  # what rule_check would find first: it returns ``s`` and no Digimon
        return True
    checked, doomed = rule_check(s)
    return checked is s and not doomed


_QUIET_EDITS = PASSIVE_FIELDS - {"collecting", "collecting_from_rules", "decision"}
"""The State fields an Edit may change for :func:`end_processing` to read the flush's work on its base: fields no
query reads (``copying.PASSIVE_FIELDS``: a copy changing only these keeps its parent's query cache), except the
triggers collected, whether they came from the rules, and a decision (which stops processing before a flush)."""


def end_processing(e: c.Edit, *frames: Frame, flush: FlushFrame) -> State:
    """``e`` with ``frames`` and then ``flush`` pushed (the flush runs first, CR 15-4-3-3: the rule checks, then the
    triggers collected meanwhile become a new generation), made as one copy. When the flush would do nothing
    (:func:`nothing_to_flush`, read on ``e.base``, which differs from the edited state in no field it reads), it is
    left out and its one effect, clearing ``collecting_from_rules``, is made in the same copy: the handler that would
    have run next would only have taken it off again, so every state a step returns is the same but for the work
    stack it no longer holds."""
    s = e.base
    if not _QUIET_EDITS.issuperset(e.changes) or not nothing_to_flush(s):
        return e.push(*frames, flush).done()
    if frames:
        e.push(*frames)
    if s.collecting_from_rules:
        e.set(collecting_from_rules=False)
    return e.done()
