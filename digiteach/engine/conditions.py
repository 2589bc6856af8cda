"""Processing conditions ("if ...", "while ...", CR 15-6): one check per condition kind of
:data:`digiteach.effects.CONDITION_KINDS`, in the table :data:`CONDITIONS`. Every check is read-only.
"""

from __future__ import annotations

from typing import Callable

from digiteach.cards import Card
from digiteach.effects import Cond
from digiteach.engine import filters
from digiteach.keywords import CardSpec, card_spec
from digiteach.engine.query import card, dp, in_battle_area, is_digimon, memory_of, stack_of
from digiteach.records import TriggerMoment
from digiteach.state import PLAYER_TARGET, ActivateFrame, DeleteFrame, Event, Stack, State

__all__ = ["ConditionCheck", "CONDITIONS", "OF_THIS_DIGIMON", "OWN_SIDE", "condition_met", "read_at_trigger",
           "reading_state"]


def condition_met(s: State, cond: Cond, owner: int, holder: int | None, event: Event | None,
                  frame: ActivateFrame | None = None) -> bool:
    """Evaluate a processing condition for the effect of ``owner`` held by ``holder`` (CR 15-6); ``frame`` is the
    effect being processed, when there is one (for "previous" and "if you did").

    Raises:
        ValueError: ``cond.kind`` is not in :data:`CONDITIONS`.
    """
    check = CONDITIONS.get(cond.kind)
    if check is None:
        raise ValueError(f"unknown condition kind {cond.kind!r}")
    result = check(s, cond, owner, holder, event, frame)
    return not result if cond.negate else result


OF_THIS_DIGIMON = frozenset({"deleted_by_effect", "no_digivolution_cards", "digivolution_cards_at_least",
                             "digivolution_cards_include", "this_suspended", "dp_at_least", "name_contains",
                             "deleted_by_keyword"})
"""Condition kinds about the effect's own Digimon or the removal itself: for an effect a removal triggered, read as it
was when the Digimon left (CR 15-8-3-9-4)."""


def read_at_trigger(cond: Cond, moment: TriggerMoment | None) -> bool:
    """True when ``cond`` of a triggered effect is read in the state it triggered in: the effect was triggered by its
    own Digimon leaving an area and the condition is about that Digimon (CR 15-8-3-9-4, whose example is the deleted
    Digimon's digivolution cards). Every other reference is made as the effect is processed (CR 15-8-3-9-3): two
    Salamon deleted at once with 3 security cards give one <Recovery>, the second condition failing at 4 (Q&A Q1009).

    >>> read_at_trigger(Cond("memory_at_least", n=1), None)
    False
    """
    return moment is not None and cond.kind in OF_THIS_DIGIMON


def reading_state(s: State, cond: Cond, moment: TriggerMoment | None) -> State:
    """The state in which ``cond`` of a triggered effect is read: the effect's own Digimon as it was just before it
    left, when a removal triggered the effect and the condition is about that Digimon (:func:`read_at_trigger`, CR
    15-8-3-9-4), else ``s``, the state it is processed in (CR 15-8-3-9-3, Q&A Q1009).

    >>> reading_state("now", Cond("memory_at_least", n=1), None)  # type: ignore[arg-type]
    'now'
    """
    if moment is None or not read_at_trigger(cond, moment):
        return s
    return moment.before


ConditionCheck = Callable[[State, Cond, int, "int | None", "Event | None", "ActivateFrame | None"], bool]
"""(state, condition, owner, holder iid, triggering event, the effect's frame or None) -> whether it holds."""


def _count(s: State, cond: Cond, owner: int, holder: int | None, event: Event | None,
           frame: ActivateFrame | None) -> int:
    """How many cards ``cond.target`` finds, read from the effect's point of view."""
    if cond.target is None:
        raise ValueError(f"condition {cond.kind!r} needs a 'target' selector")
    at = filters.Where(owner=owner, holder=holder, source=frame.source if frame else None,
                       subject=frame.subject if frame else (event.subject if event else None),
                       other=frame.other if frame else (event.other if event else None),
                       previous=frame.last if frame else ())
    return filters.count(s, cond.target, at)


def _previous_done(s: State, cond: Cond, owner: int, holder: int | None, event: Event | None,
                   frame: ActivateFrame | None) -> bool:
    """An earlier action of this effect was done ("if you did", CR 15-7-2): the previous one, or with ``action``
    the one at that position (1 = the first). Done means done in full, and for a deletion that at least one of
    its targets has left the Battle Area (a prevented deletion is not done)."""
    if frame is None or not frame.results:
        return False
    index = cond.action - 1 if cond.action else len(frame.results) - 1
    if not 0 <= index < len(frame.results):
        return False
    kind, targets, ok = frame.results[index]
    if not ok:
        return False
    if kind == "Delete":
        return any(not in_battle_area(s, t) for t in targets)
    return True


def _deleted_by_keyword(s: State, cond: Cond, owner: int, holder: int | None, event: Event | None,
                        frame: ActivateFrame | None) -> bool:
    """The deletion being processed was made by an effect of the keyword ``cond.text`` ("if deleted by <Overclock>",
    QA Q5914): read in the state the deletion triggered the effect in (:data:`OF_THIS_DIGIMON`), where the effect that
    deletes is the one activated just under the deletion. A deletion in battle or by another effect does not meet it,
    even in an attack that keyword made."""
    frames = s.frames
    for i in range(len(frames) - 1, 0, -1):
        f = frames[i]
        if isinstance(f, DeleteFrame):
            below = frames[i - 1]
            return (f.cause == "effect" and f.to is None and isinstance(below, ActivateFrame)
                    and below.effect.keyword.split(" (", 1)[0] == cond.text)
    return False


def _holder(s: State, holder: int | None) -> Stack | None:
    return stack_of(s, holder) if holder is not None else None


def _attacking_highest_dp(s: State, cond: Cond, owner: int, holder: int | None, event: Event | None,
                          frame: ActivateFrame | None) -> bool:
    a = s.attack
    if a is None or a.declared_target == PLAYER_TARGET:
        return False
    target = stack_of(s, a.declared_target)
    if target is None:
        return False
    dps = [dp(s, st.iid) or 0 for st in s.players[1 - a.attacker_player].battle if is_digimon(s, st)]
    return bool(dps) and (dp(s, target.iid) or 0) >= max(dps)


def _name_contains(s: State, cond: Cond, owner: int, holder: int | None, event: Event | None,
                   frame: ActivateFrame | None) -> bool:
    st = _holder(s, holder)
    return st is not None and cond.text in card(s, st.top).name


def _digivolution_cards_include(s: State, cond: Cond, owner: int, holder: int | None, event: Event | None,
                                frame: ActivateFrame | None) -> bool:
    """This Digimon has, among its digivolution cards, a different card for each description in ``cond.text``
    joined by " & " (``keywords.card_spec`` form; <Partition>, CR 16-29-1)."""
    st = _holder(s, holder)
    if st is None:
        return False
    left = list(st.digivolution_cards)
    for part in cond.text.split(" & "):
        want = card_spec(part)
        hit = next((u for u in left if _card_matches(card(s, u), want)), None)
        if hit is None:
            return False
        left.remove(hit)
    return True


def _card_matches(cd: Card, want: CardSpec) -> bool:
    """True when the printed card ``cd`` is a Digimon meeting a ``keywords.card_spec`` description."""
    return (cd.kind == "Digimon" and (want.color is None or bool(set(want.color.split("/")) & set(cd.colors)))
            and (want.level is None or cd.level == want.level)
            and (want.name_contains is None or want.name_contains in cd.name))


CONDITIONS: dict[str, ConditionCheck] = {
    "security_at_most": lambda s, c, o, h, e, f: len(s.players[o].security) <= c.n,
    "trash_at_least": lambda s, c, o, h, e, f: len(s.players[o].trash) >= c.n,
    "this_suspended": lambda s, c, o, h, e, f: (st := _holder(s, h)) is not None and st.suspended,
    "opponent_has_digimon_without_digivolution_cards": lambda s, c, o, h, e, f: any(
        is_digimon(s, st) and not st.digivolution_cards for st in s.players[1 - o].battle),
    "opponent_has_no_digimon_with_digivolution_cards": lambda s, c, o, h, e, f: not any(
        is_digimon(s, st) and st.digivolution_cards for st in s.players[1 - o].battle),
    "another_suspended_digimon": lambda s, c, o, h, e, f: any(
        st.suspended and st.iid != h and is_digimon(s, st) for st in s.players[o].battle),
    "opponent_memory_at_least": lambda s, c, o, h, e, f: memory_of(s, 1 - o) >= c.n,
    "memory_at_most": lambda s, c, o, h, e, f: memory_of(s, o) <= c.n,
    "attacking_player": lambda s, c, o, h, e, f: s.attack is not None and s.attack.declared_target == PLAYER_TARGET,
    "attacking_digimon": lambda s, c, o, h, e, f: s.attack is not None and s.attack.declared_target != PLAYER_TARGET,
    "attacking_highest_dp": _attacking_highest_dp,
    "no_digivolution_cards": lambda s, c, o, h, e, f: (st := _holder(s, h)) is not None and not st.digivolution_cards,
    "deleted_by_effect": lambda s, c, o, h, e, f: e is not None and e.cause == "effect",
    "deleted_by_keyword": _deleted_by_keyword,
    "security_total_at_most": lambda s, c, o, h, e, f: len(s.players[o].security) + len(s.players[1 - o].security) <= c.n,
    "name_contains": _name_contains,
    "security_at_least": lambda s, c, o, h, e, f: len(s.players[o].security) >= c.n,
    "security_fewer_than_opponent": lambda s, c, o, h, e, f: len(s.players[o].security) < len(s.players[1 - o].security),
    "trash_at_most": lambda s, c, o, h, e, f: len(s.players[o].trash) <= c.n,
    "hand_at_least": lambda s, c, o, h, e, f: len(s.players[o].hand) >= c.n,
    "hand_at_most": lambda s, c, o, h, e, f: len(s.players[o].hand) <= c.n,
    "memory_at_least": lambda s, c, o, h, e, f: memory_of(s, o) >= c.n,
    "your_turn": lambda s, c, o, h, e, f: s.turn_player == o,
    "opponent_turn": lambda s, c, o, h, e, f: s.turn_player != o,
    "dp_at_least": lambda s, c, o, h, e, f: h is not None and (dp(s, h) or 0) >= c.n,
    "exists": lambda s, c, o, h, e, f: _count(s, c, o, h, e, f) >= max(c.n, 1),
    "count_at_most": lambda s, c, o, h, e, f: _count(s, c, o, h, e, f) <= c.n,
    "previous_done": _previous_done,
    "digivolution_cards_at_least": lambda s, c, o, h, e, f: (st := _holder(s, h)) is not None
    and len(st.digivolution_cards) >= c.n,
    "another_digimon": lambda s, c, o, h, e, f: any(st.iid != h and is_digimon(s, st) for st in s.players[o].battle),
    "digivolution_cards_include": _digivolution_cards_include,
    "opponent_memory_at_most": lambda s, c, o, h, e, f: memory_of(s, 1 - o) <= c.n,
}
"""How each condition kind of :data:`digiteach.effects.CONDITION_KINDS` is checked (CR 15-6): one entry per kind."""

OWN_SIDE = frozenset({"security_at_most", "security_at_least", "trash_at_least", "trash_at_most", "hand_at_least",
                      "hand_at_most", "memory_at_least", "memory_at_most", "opponent_memory_at_least",
                      "opponent_memory_at_most", "your_turn", "opponent_turn", "this_suspended",
                      "no_digivolution_cards", "digivolution_cards_at_least", "digivolution_cards_include",
                      "name_contains", "another_suspended_digimon", "another_digimon"})
"""Condition kinds whose check in :data:`CONDITIONS` reads only the owner's areas (``State.players[owner]``, the
holder among its Battle Area stacks), the card table, the memory gauge and the turn player: with those the same, the
answer is the same (the step views reuse a Digimon's view on that ground, ``digiteach.engine.board_views``). A kind that
reads anything else (the other player's areas, the attack, DP, a selector, the event or the effect's frame) is not
here."""
