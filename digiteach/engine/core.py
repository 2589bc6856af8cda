"""Queries and small pure updates on a State: where cards are, DP, keywords, memory, triggering.

Nothing here advances the flow; :mod:`digiteach.engine.flow` does. All functions are pure.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from digiteach.cards import Card
from digiteach.effects import Cond, Effect, Persistent, When
from digiteach.keywords import parse_keyword
from digiteach.state import PLAYER_TARGET, Event, Generation, Modifier, PendingEffect, Player, Stack, State
from digiteach.terms import EffectStatus, Timing

__all__ = [
    "card",
    "label",
    "pname",
    "find",
    "stack_of",
    "in_battle_area",
    "all_stacks",
    "effects_of",
    "has_keyword",
    "dp",
    "security_dp",
    "check_count",
    "condition_met",
    "gain_memory",
    "memory_of",
    "memory_gain_prohibited",
    "say",
    "set_player",
    "update_stack",
    "remove_stack",
    "trigger",
    "trigger_many",
    "new_id",
    "uses_left",
    "spend_use",
    "scope_ok",
    "unique_label",
    "EffectSource",
]

EffectSource = tuple[Effect | Persistent, int, str, int]
"""(effect, source card uid, slot "main"/"inherited"/"granted"/"keyword", index)."""

_FLAG_KEYWORDS = ("Blocker", "Jamming", "Rush", "Collision", "Reboot")

_TIMING_EVENTS: dict[Timing, str] = {
    Timing.WHEN_ATTACKING: "attacks",
    Timing.ON_DELETION: "deleted",
    Timing.WHEN_DIGIVOLVING: "digivolved",
    Timing.ON_PLAY: "played",
    Timing.END_OF_ATTACK: "end_of_attack",
}


def card(s: State, uid: int) -> Card:
    """The printed card of ``uid``."""
    return s.cards[uid]


def label(s: State, uid: int) -> str:
    """``"BT1-081 HerculesKabuterimon"`` for a card uid."""
    return s.cards[uid].label


def pname(player: int) -> str:
    """``"Player A"`` / ``"Player B"``."""
    return "Player " + "AB"[player]


def find(s: State, iid: int) -> tuple[int, Stack] | None:
    """The (player, stack) of the Digimon ``iid`` in a Battle Area, or None."""
    for p, pl in enumerate(s.players):
        for st in pl.battle:
            if st.iid == iid:
                return p, st
    return None


def stack_of(s: State, iid: int) -> Stack | None:
    """The Battle Area stack ``iid`` or None."""
    hit = find(s, iid)
    return hit[1] if hit else None


def in_battle_area(s: State, iid: int | None) -> bool:
    """True if ``iid`` is a Digimon/Tamer in a Battle Area."""
    return iid is not None and find(s, iid) is not None


def all_stacks(s: State) -> Iterator[tuple[int, Stack]]:
    """Every Battle Area stack as (player, stack), turn player first (breeding area excluded, CR 3-4-7)."""
    for p in (s.turn_player, 1 - s.turn_player):
        for st in s.players[p].battle:
            yield p, st


def is_digimon(s: State, st: Stack) -> bool:
    """True when the top card is a Digimon card (not a Tamer or Digi-Egg)."""
    return card(s, st.top).kind == "Digimon"


def effects_of(s: State, st: Stack) -> list[EffectSource]:
    """All effects a stack has: top card's effects, inherited effects of its digivolution cards
    (CR 4-3-3), and gained ones (modifiers)."""
    out: list[EffectSource] = []
    top = card(s, st.top)
    for i, e in enumerate(top.effects):
        out.append((e, st.top, "main", i))
    if top.kind == "Digimon":
        for uid in st.digivolution_cards:
            for i, e in enumerate(card(s, uid).inherited):
                out.append((e, uid, "inherited", i))
    hit = find(s, st.iid)
    if hit is not None:
        for e, src, slot, i in list(out):
            # a persistent grant of a triggered keyword (e.g. "gains <Retaliation> while ...")
            if isinstance(e, Persistent) and e.kind == "keyword" and e.applies_to == "this" \
                    and e.keyword not in _FLAG_KEYWORDS and scope_ok(s, e.scope, hit[0]) \
                    and (e.condition is None or condition_met(s, e.condition, hit[0], st.iid, None)):
                for granted in parse_keyword(e.keyword):
                    if isinstance(granted, Effect):
                        out.append((granted, src, slot, i))
    for i, m in enumerate(s.modifiers):
        if m.iid != st.iid:
            continue
        if m.kind == "effect" and m.effect is not None:
            out.append((m.effect, st.top, "granted", i))
        elif m.kind == "keyword":
            for e in parse_keyword(m.keyword):
                out.append((e, st.top, "keyword", i))
    return out


def scope_ok(s: State, scope: Timing | None, owner: int) -> bool:
    """True when an effect scoped to [Your Turn] / [Opponent's Turn] (``scope``) applies now for ``owner``
    (CR 15-16-6, 15-16-7); ``None`` (no scope) always applies."""
    if scope is Timing.YOUR_TURN:
        return owner == s.turn_player
    if scope is Timing.OPPONENTS_TURN:
        return owner != s.turn_player
    return True


def _persistents(s: State, p: int, st: Stack) -> Iterator[Persistent]:
    for e, _src, _slot, _i in effects_of(s, st):
        if isinstance(e, Persistent) and scope_ok(s, e.scope, p):
            if e.condition is None or condition_met(s, e.condition, p, st.iid, None):
                yield e


def has_keyword(s: State, iid: int, name: str) -> bool:
    """True if the Digimon ``iid`` has keyword ``name`` now (persistent or gained). <Collision> gives the
    opponent's Digimon <Blocker> while its Digimon attacks (CR 16-30)."""
    hit = find(s, iid)
    if hit is None:
        return False
    p, st = hit
    for e in _persistents(s, p, st):
        if e.kind == "keyword" and e.keyword == name and e.applies_to == "this":
            return True
    for eff, _src, _slot, _i in effects_of(s, st):
        if isinstance(eff, Effect) and eff.keyword == name:
            return True
    if name == "Blocker" and s.attack is not None and p != s.attack.attacker_player:
        if s.attack.attacker != iid and has_keyword(s, s.attack.attacker, "Collision"):
            return card(s, st.top).kind == "Digimon"
    return False


def cant_be_blocked(s: State, iid: int) -> bool:
    """True if the attacker has a "can't be blocked" effect in force."""
    hit = find(s, iid)
    if hit is None:
        return False
    return any(e.kind == "cant_be_blocked" for e in _persistents(s, hit[0], hit[1]))


def cant_attack_or_block(s: State, iid: int) -> bool:
    """True if a "can't attack or block" effect is in force on ``iid``."""
    hit = find(s, iid)
    if hit is None:
        return False
    return any(e.kind == "cant_attack_or_block" for e in _persistents(s, hit[0], hit[1]))


def unaffected_by(s: State, iid: int, player: int) -> bool:
    """True if the Digimon ``iid`` is not affected by ``player``'s effects now: ``player`` is its opponent and a
    "not affected by the opponent's effects" persistent effect is in force (CR 15-15-5). It can still be
    chosen; the effect just does nothing to it."""
    hit = find(s, iid)
    if hit is None or hit[0] == player:
        return False
    return any(e.kind == "unaffected_by_opponent_effects" for e in _persistents(s, hit[0], hit[1]))


def activation_locked(s: State, iid: int | None, timing: Timing | None) -> bool:
    """True if the Digimon ``iid`` has gained "can't activate [``timing``] effects" (persistent kind
    ``no_activation``, e.g. from BT23-094 Nanomachine Break). Such effects still trigger but are not activated
    and spend no [X Per Turn] count (CR 15-6-3, 15-14-1-1; QA Q5373, Q5540)."""
    if iid is None or timing is None:
        return False
    hit = find(s, iid)
    if hit is None:
        return False
    return any(e.kind == "no_activation" and timing.value in e.keyword.split("/")
               for e in _persistents(s, hit[0], hit[1]))


def dp(s: State, iid: int, against: int | None = None) -> int | None:
    """Current DP of Digimon ``iid`` (CR 1-3-8: modifiers summed, then applied; never below 0), or None
    for a card without DP. ``against`` is the Digimon it battles (for "when battling" bonuses)."""
    hit = find(s, iid)
    if hit is None:
        return None
    p, st = hit
    base = card(s, st.top).dp
    if base is None:
        return None
    total = 0
    for e in _persistents(s, p, st):
        if e.kind == "dp" and e.applies_to == "this":
            if e.when_battling_no_digivolution:
                opp = stack_of(s, against) if against is not None else None
                if opp is None or opp.digivolution_cards:
                    continue
            total += e.amount
    for m in s.modifiers:
        if m.iid == iid and m.kind == "dp":
            total += m.amount
    return max(0, base + total)


def security_dp(s: State, owner: int, uid: int) -> int:
    """DP of the Security Digimon ``uid`` of ``owner`` (CR 13-1-7): base DP plus field effects that name
    Security Digimon (CR 15-1-8); may be 0 but it is never deleted (CR 14-2-3)."""
    base = card(s, uid).dp or 0
    total = 0
    for p, st in all_stacks(s):
        for e in _persistents(s, p, st):
            if e.kind != "dp":
                continue
            if e.applies_to == "your_security_digimon" and p == owner:
                total += e.amount
            elif e.applies_to == "opponent_security_digimon" and p != owner:
                total += e.amount
    return max(0, base + total)


def security_a(s: State, iid: int) -> int:
    """Sum of <Security A.> values on ``iid`` (CR 16-4-3)."""
    hit = find(s, iid)
    if hit is None:
        return 0
    p, st = hit
    total = sum(e.amount for e in _persistents(s, p, st) if e.kind == "security_a" and e.applies_to == "this")
    total += sum(m.amount for m in s.modifiers if m.iid == iid and m.kind == "security_a")
    return total


def check_count(s: State, iid: int) -> int:
    """Cards the Digimon ``iid`` checks in its one security check: 1 + ΣSecurity A., floor 0
    (CR 4-3-8, 16-4-3, 16-4-4). 0 when it is not in the Battle Area."""
    if not in_battle_area(s, iid):
        return 0
    return max(0, 1 + security_a(s, iid))


def memory_gain_prohibited(s: State, player: int, source: int) -> bool:
    """True if ``player`` may not gain memory from the effect printed on card ``source``: an opposing
    "can't gain memory except with Tamer effects" effect is in force (persistent kind
    ``no_opponent_memory_gain``) and ``source`` is not a Tamer card. A prohibition wins over the gain
    (CR 15-1-3); setting memory by a rule (a pass) is not a gain."""
    if card(s, source).kind == "Tamer":
        return False
    opp = 1 - player
    return any(e.kind == "no_opponent_memory_gain" for st in s.players[opp].battle for e in _persistents(s, opp, st))


def missing_colours(s: State, player: int, option: Card) -> tuple[str, ...]:
    """Colours of ``option`` that no Digimon or Tamer on ``player``'s field (Battle Area and Breeding Area, CR 3-4-6)
    has: the Option's colour requirement is met when this is empty (CR 4-22-2; a multicolour Option needs every one
    of its colours, 4-22-3, and one multicolour card can cover several, 4-22-4). Activating an Option's effects
    without using it, e.g. a [Security] effect, needs no colour (CR 4-22-5), so callers check only a use."""
    pl = s.players[player]
    stacks = list(pl.battle) + ([pl.breeding] if pl.breeding is not None else [])
    have: set[str] = set()
    for st in stacks:
        top = card(s, st.top)
        if top.kind in ("Digimon", "Tamer", "Digi-Egg"):
            have.update(top.colors)
    return tuple(col for col in option.colors if col not in have)


def memory_of(s: State, player: int) -> int:
    """Memory on ``player``'s side (negative: on the opponent's side), CR 1-4-2."""
    return s.memory if player == s.turn_player else -s.memory


def memory_words(value: int) -> str:
    """Plain words for memory seen from one player's side (``memory_of``), CR 1-4-2.

    >>> memory_words(3), memory_words(-2), memory_words(0)
    ('3 on their side', "2 on their opponent's side", '0')
    """
    if value > 0:
        return f"{value} on their side"
    if value < 0:
        return f"{-value} on their opponent's side"
    return "0"


def memory_change(before: int, after: int) -> str:
    """``"(3 on their side → 1 on their opponent's side)"`` for a change seen from one player's side."""
    return f"({memory_words(before)} → {memory_words(after)})"


def gain_memory(s: State, player: int, amount: int) -> State:
    """``player`` gains ``amount`` memory (negative: loses), clamped to 10 each side (CR 4-1-4, 1-4-2-2)."""
    delta = amount if player == s.turn_player else -amount
    return replace(s, memory=max(-10, min(10, s.memory + delta)))


def condition_met(s: State, cond: Cond, owner: int, holder: int | None, event: Event | None) -> bool:
    """Evaluate a processing condition for the effect of ``owner`` held by ``holder`` (CR 15-6)."""
    result = _condition(s, cond, owner, holder, event)
    return not result if cond.negate else result


def _condition(s: State, cond: Cond, owner: int, holder: int | None, event: Event | None) -> bool:
    me, opp = s.players[owner], s.players[1 - owner]
    k = cond.kind
    if k == "security_at_most":
        return len(me.security) <= cond.n
    if k == "trash_at_least":
        return len(me.trash) >= cond.n
    if k == "this_suspended":
        st = stack_of(s, holder) if holder is not None else None
        return st is not None and st.suspended
    if k == "opponent_has_digimon_without_digivolution_cards":
        return any(card(s, st.top).kind == "Digimon" and not st.digivolution_cards for st in opp.battle)
    if k == "opponent_has_no_digimon_with_digivolution_cards":
        return not any(card(s, st.top).kind == "Digimon" and st.digivolution_cards for st in opp.battle)
    if k == "another_suspended_digimon":
        return any(st.suspended and st.iid != holder and card(s, st.top).kind == "Digimon" for st in me.battle)
    if k == "opponent_memory_at_least":
        return memory_of(s, 1 - owner) >= cond.n
    if k == "memory_at_most":
        return memory_of(s, owner) <= cond.n
    if k in ("attacking_player", "attacking_digimon", "attacking_highest_dp"):
        a = s.attack
        if a is None:
            return False
        if k == "attacking_player":
            return a.declared_target == PLAYER_TARGET
        if k == "attacking_digimon":
            return a.declared_target != PLAYER_TARGET
        target = stack_of(s, a.declared_target)
        if target is None:
            return False
        dps = [dp(s, st.iid) or 0 for st in s.players[1 - a.attacker_player].battle if is_digimon(s, st)]
        return bool(dps) and (dp(s, target.iid) or 0) >= max(dps)
    if k == "no_digivolution_cards":
        st = stack_of(s, holder) if holder is not None else None
        return st is not None and not st.digivolution_cards
    if k == "deleted_by_effect":
        return event is not None and event.cause == "effect"
    if k == "security_total_at_most":
        return len(me.security) + len(opp.security) <= cond.n
    if k == "name_contains":
        st = stack_of(s, holder) if holder is not None else None
        return st is not None and cond.text in card(s, st.top).name
    raise ValueError(f"unknown condition kind {k!r}")


def say(s: State, text: str, *rules: str, differs: str = "") -> State:
    """Add a sentence to this step's caption and rule citations."""
    caption = (s.caption + " " + text).strip() if text else s.caption
    new_rules = s.rules + tuple(r for r in rules if r not in s.rules)
    return replace(s, caption=caption, rules=new_rules, differs=differs or s.differs)


def set_player(s: State, p: int, player: Player) -> State:
    """Replace player ``p``."""
    players = (player, s.players[1]) if p == 0 else (s.players[0], player)
    return replace(s, players=players)


def update_stack(s: State, st: Stack) -> State:
    """Replace the Battle Area stack with ``st.iid``."""
    hit = find(s, st.iid)
    if hit is None:
        return s
    p = hit[0]
    pl = s.players[p]
    return set_player(s, p, replace(pl, battle=tuple(st if x.iid == st.iid else x for x in pl.battle)))


def remove_stack(s: State, iid: int) -> State:
    """Take the stack ``iid`` out of its Battle Area and put all its cards in their owners' trash at
    the same time (CR 4-7-8); its modifiers end (CR 3-1-3-1). Tokens go to no area instead (CR 4-21-5)."""
    hit = find(s, iid)
    if hit is None:
        return s
    p, st = hit
    pl = s.players[p]
    s = set_player(s, p, replace(pl, battle=tuple(x for x in pl.battle if x.iid != iid)))
    for uid in st.cards:
        if card(s, uid).token:
            # a token that leaves the field is removed from the game, not trashed (CR 4-21-5): it goes to no area
            s = replace(s, limbo=s.limbo + (uid,))
            continue
        owner = s.owners[uid]
        op = s.players[owner]
        s = set_player(s, owner, replace(op, trash=(uid,) + op.trash))
    return replace(s, modifiers=tuple(m for m in s.modifiers if m.iid != iid))


def create_token(s: State, player: int, token: Card) -> tuple[State, int]:
    """A new token card owned by ``player`` (CR 4-21): it is added to the state's card table and its uid is
    returned; the caller places it. Raises ValueError if ``token`` is not marked as a token."""
    if not token.token:
        raise ValueError(f"{token.label} is not a token card")
    return replace(s, cards=s.cards + (token,), owners=s.owners + (player,)), len(s.cards)


def new_id(s: State) -> tuple[State, int]:
    """A fresh id (for a Digimon instance or a pending effect)."""
    return replace(s, next_id=s.next_id + 1), s.next_id


def _use_key(holder: int | None, source: int, slot: str, index: int) -> tuple[int, int, str, int]:
    return (-1 if holder is None else holder, source, slot, index)


def _count_slot(effect: Effect, slot: str, index: int) -> tuple[str, int]:
    """The (slot, index) an [X Per Turn] count is kept under: effects with the same ``shared_count`` share one
    (several timings of one printed effect, QA Q2299)."""
    if effect.shared_count:
        return f"{slot}:{effect.shared_count}", -1
    return slot, index


def uses_left(s: State, effect: Effect, holder: int | None, source: int, slot: str, index: int) -> bool:
    """False when an [X Per Turn] effect has used all its uses this turn (CR 15-14-1-2)."""
    if effect.per_turn <= 0:
        return True
    key = _use_key(holder, source, *_count_slot(effect, slot, index))
    used = dict(s.uses).get(key, 0)
    return used < effect.per_turn


def spend_use(s: State, effect: Effect, holder: int | None, source: int, slot: str, index: int) -> State:
    """Count one use of an [X Per Turn] effect (CR 15-14-1-4)."""
    if effect.per_turn <= 0:
        return s
    key = _use_key(holder, source, *_count_slot(effect, slot, index))
    counts = dict(s.uses)
    counts[key] = counts.get(key, 0) + 1
    return replace(s, uses=tuple(sorted(counts.items())))


_TURN_TIMINGS: dict[Timing, When] = {
    # the turn's own timings: the event's player is the turn player (CR 6-2-1-1, 6-6, 15-16-11)
    Timing.START_OF_YOUR_TURN: When(event="start_of_turn", whose="you", kind="any"),
    Timing.START_OF_OPPONENTS_TURN: When(event="start_of_turn", whose="opponent", kind="any"),
    Timing.END_OF_YOUR_TURN: When(event="end_of_turn", whose="you", kind="any"),
    Timing.END_OF_OPPONENTS_TURN: When(event="end_of_turn", whose="opponent", kind="any"),
}


def _trigger_of(e: Effect) -> When | None:
    if e.when is not None:
        return e.when
    if e.timing is not None and e.timing in _TURN_TIMINGS:
        return _TURN_TIMINGS[e.timing]
    if e.timing is not None and e.timing in _TIMING_EVENTS:
        # a bracketed timing concerns the card itself, whatever its kind (a Tamer's [On Play], CR 15-16-2-1)
        return When(event=_TIMING_EVENTS[e.timing], whose="this", kind="any")
    return None


def _matches(s: State, w: When, owner: int, holder: int, ev: Event) -> bool:
    if w.event != ev.kind:
        return False
    if w.whose == "this" and ev.subject != holder:
        return False
    if w.whose == "other" and ev.subject == holder:
        return False
    if w.whose == "you" and ev.player != owner:
        return False
    if w.whose == "opponent" and ev.player == owner:
        return False
    if w.target == "player" and not ev.target_player:
        return False
    if w.target == "digimon" and ev.target_player:
        return False
    if w.cause is not None:
        if w.cause == "opponent_effect":
            if ev.cause != "effect" or ev.by == owner:
                return False
        elif w.cause == "battle" and ev.cause in ("battle", "battle_alone"):
            pass
        elif w.cause != ev.cause:
            return False
    if w.by == "you" and ev.by != owner:
        return False
    if w.by == "opponent" and ev.by == owner:
        return False
    if ev.card is not None and ev.subject is not None:
        c = card(s, ev.card)
        if w.kind != "any" and c.kind != w.kind:
            return False
        if w.color is not None and w.color not in c.colors:
            return False
        if w.trait is not None and not set(w.trait.split("/")) & set(c.traits):
            return False
        if w.max_dp is not None:
            d = dp(s, ev.subject)
            if d is None or d > w.max_dp:
                return False
    return True


def effect_label(s: State, e: Effect, source: int, slot: str) -> str:
    """``"Activate [When Attacking] of BT1-079 Lillymon"``."""
    return f"Activate {e.name} of {label(s, source)}"


def unique_label(s: State, text: str) -> str:
    """``text``, or ``text (2)``, ``text (3)``... so that no two pending effects share a label (a decision's
    options are told apart by label, style.md §5)."""
    taken = {p.label for g in s.pending for p in g.effects if p.status is EffectStatus.PENDING}
    taken |= {p.label for p in s.collecting}
    if text not in taken:
        return text
    n = 2
    while f"{text} ({n})" in taken:
        n += 1
    return f"{text} ({n})"


def trigger(s: State, ev: Event, stacks: list[tuple[int, Stack]] | None = None) -> State:
    """Collect every effect whose trigger condition ``ev`` meets into ``s.collecting`` (CR 15-4-2-2):
    effects of Digimon and Tamers in both Battle Areas (or ``stacks``, for stacks about to leave),
    turn player's first. Effects out of scope, out of [X Per Turn] uses or of a different category are
    skipped. An effect triggered by its own Digimon's deletion is marked ``own_deletion`` (CR 4-15-2)."""
    return trigger_many(s, [ev], stacks)


def trigger_many(s: State, events: list[Event], stacks: list[tuple[int, Stack]] | None = None) -> State:
    """Like :func:`trigger` for events that happen at the same moment: an effect watching other cards
    triggers once for all of them, with ``event.count`` saying how many matched (CR 15-5-2, 4-27-5);
    a "this Digimon" effect triggers for its own event."""
    pool = stacks if stacks is not None else list(all_stacks(s))
    for p, st in pool:
        for e, src, slot, idx in effects_of(s, st):
            if not isinstance(e, Effect) or e.category not in ("trigger",):
                continue
            w = _trigger_of(e)
            if w is None or not scope_ok(s, e.scope, p):
                continue
            hits = [ev for ev in events if _matches(s, w, p, st.iid, ev)]
            if not hits:
                continue
            if not uses_left(s, e, st.iid, src, slot, idx):
                continue
            ev = replace(hits[0], count=len(hits)) if len(hits) > 1 else hits[0]
            s, pid = new_id(s)
            own = ev.kind == "deleted" and ev.subject == st.iid
            pe = PendingEffect(pid=pid, owner=p, effect=e, source=src, holder=st.iid, slot=slot, index=idx,
                               label=unique_label(s, effect_label(s, e, src, slot)), event=ev, own_deletion=own)
            s = replace(s, collecting=s.collecting + (pe,))
    return s


def push_generation(s: State, cause: str, pid: int | None) -> State:
    """Turn ``s.collecting`` into a new, newest generation (CR 15-4-5-2), turn player's effects listed
    first; mark the causing pending effect's ``caused``."""
    if not s.collecting:
        return replace(s, collecting_from_rules=False)
    number = (s.pending[-1].number + 1) if s.pending else 1
    ordered = tuple(sorted(s.collecting, key=lambda p: p.owner != s.turn_player))
    gens = list(s.pending)
    if pid is not None:
        gens = [replace(g, effects=tuple(replace(p, caused=number) if p.pid == pid else p for p in g.effects))
                for g in gens]
    gens.append(Generation(number=number, effects=ordered, cause=cause))
    return replace(s, pending=tuple(gens), collecting=(), collecting_from_rules=False)


def all_cards_places(s: State) -> list[tuple[int, str]]:
    """Every (uid, place) pair: for invariant checks (each card in exactly one place)."""
    out: list[tuple[int, str]] = []
    for p, pl in enumerate(s.players):
        for name in ("hand", "deck", "egg_deck", "security", "trash"):
            for uid in getattr(pl, name):
                out.append((uid, f"{p}.{name}"))
        if pl.breeding is not None:
            for uid in pl.breeding.cards:
                out.append((uid, f"{p}.breeding"))
        for st in pl.battle:
            for uid in st.cards:
                out.append((uid, f"{p}.battle.{st.iid}"))
    for uid in s.limbo:
        out.append((uid, "limbo"))
    return out


def modifier(s: State, m: Modifier) -> State:
    """Add a modifier."""
    return replace(s, modifiers=s.modifiers + (m,))
