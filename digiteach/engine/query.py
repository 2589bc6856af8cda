"""Read-only questions about a State: where a card is, its effects, keywords, DP, memory, conditions.

Nothing here changes a state or advances the flow (the handlers in :mod:`digiteach.engine.rules` do); every function is
pure. Places follow CR 3-4 (Battle Area, Breeding Area), values CR 1-3 (DP) and CR 1-4 (memory).
"""

from __future__ import annotations

from typing import Callable, Iterable, Iterator

from digiteach.cards import Card
from digiteach.effects import Cond, Effect, Persistent
from digiteach.engine.printed import EffectSource, printed_effects, printed_persistents
from digiteach.keywords import FLAG_KEYWORDS, CardSpec, card_spec, parse_keyword
from digiteach.state import PLAYER_TARGET, Event, Stack, State
from digiteach.terms import Timing

__all__ = [
    "EffectSource",
    "card",
    "label",
    "pname",
    "find",
    "stack_of",
    "stack",
    "in_battle_area",
    "all_stacks",
    "is_digimon",
    "effects_of",
    "scope_ok",
    "persistents",
    "has_keyword",
    "keywords_of",
    "cant_be_blocked",
    "cant_attack_or_block",
    "unaffected_by",
    "activation_locked",
    "dp",
    "security_dp",
    "security_a",
    "check_count",
    "memory_gain_prohibited",
    "missing_colours",
    "memory_of",
    "memory_words",
    "memory_change",
    "condition_met",
    "CONDITIONS",
    "all_cards_places",
]



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
    """The (player, stack) of the Digimon ``iid`` in a Battle Area, or None. Constant time: the index from iid to
    place is built once per state (linear in the number of stacks) and kept in ``s.cache``."""
    index = s.cache.get("find")
    if index is None:
        index = s.cache["find"] = _place_index(s)
    return index.get(iid)


def _place_index(s: State) -> dict[int, tuple[int, Stack]]:
    """iid -> (player, stack) for every Battle Area stack; the first one wins if an iid were ever repeated."""
    index: dict[int, tuple[int, Stack]] = {}
    for p, pl in enumerate(s.players):
        for st in pl.battle:
            index.setdefault(st.iid, (p, st))
    return index


def stack_of(s: State, iid: int) -> Stack | None:
    """The Battle Area stack ``iid`` or None."""
    hit = find(s, iid)
    return hit[1] if hit else None


def stack(s: State, iid: int) -> Stack:
    """The Battle Area stack ``iid``, for callers that know it is there.

    Raises:
        KeyError: no Digimon or Tamer ``iid`` is in either Battle Area.
    """
    hit = find(s, iid)
    if hit is None:
        raise KeyError(f"no Digimon or Tamer {iid} in a Battle Area")
    return hit[1]


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
    (CR 4-3-3), and gained ones (modifiers). The printed part is memoised per card table and stack cards."""
    printed, grants = printed_effects(s, st)
    if not grants and not s.modifiers:
        return list(printed)
    out = list(printed)
    if grants:
        hit = find(s, st.iid)
        if hit is not None:
            out += _granted_triggered_keywords(s, hit[0], st, list(printed))
    return out + _gained(s, st)


def _granted_triggered_keywords(s: State, owner: int, st: Stack, printed: list[EffectSource]) -> list[EffectSource]:
    """A persistent grant of a triggered keyword ("gains <Retaliation> while ..."), as the keyword's effects."""
    out: list[EffectSource] = []
    for e, src, slot, i in printed:
        if isinstance(e, Persistent) and e.kind == "keyword" and e.applies_to == "this" \
                and e.keyword not in FLAG_KEYWORDS and scope_ok(s, e.scope, owner) \
                and (e.condition is None or condition_met(s, e.condition, owner, st.iid, None)):
            for granted in parse_keyword(e.keyword):
                if isinstance(granted, Effect):
                    out.append((granted, src, slot, i))
    return out


def _gained(s: State, st: Stack) -> list[EffectSource]:
    """Effects and keywords the stack gained through modifiers (CR 15-15)."""
    out: list[EffectSource] = []
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
    """True if an effect of ``owner`` with scope [Your Turn] / [Opponent's Turn] (or none) is in force now
    (CR 15-16-8)."""
    if scope is Timing.YOUR_TURN:
        return owner == s.turn_player
    if scope is Timing.OPPONENTS_TURN:
        return owner != s.turn_player
    return True


def persistents(s: State, p: int, st: Stack) -> tuple[Persistent, ...]:
    """The persistent effects (CR 15-8-2) of ``p``'s stack ``st`` in force now: in scope, condition met.
    Memoised per state, player and stack (``s.cache``, by the stack's iid, checked to be this very stack)."""
    key = ("persistents", p, st.iid)
    hit: tuple[Stack, tuple[Persistent, ...]] | None = s.cache.get(key)
    if hit is not None and hit[0] is st:
        return hit[1]
    if not s.modifiers and not printed_effects(s, st)[1]:
        candidates: Iterable[Persistent] = printed_persistents(s, st)  # nothing gained or granted: printed only
    else:
        candidates = (e for e, _src, _slot, _i in effects_of(s, st) if isinstance(e, Persistent))
    found = tuple(e for e in candidates if scope_ok(s, e.scope, p)
                  and (e.condition is None or condition_met(s, e.condition, p, st.iid, None)))
    s.cache[key] = (st, found)
    return found


def has_keyword(s: State, iid: int, name: str) -> bool:
    """True if the Digimon ``iid`` has keyword ``name`` now (persistent or gained). <Collision> gives the
    opponent's Digimon <Blocker> while its Digimon attacks (CR 16-30)."""
    if name in keywords_of(s, iid):
        return True
    if name == "Blocker" and s.attack is not None and s.attack.attacker != iid:
        hit = find(s, iid)
        if hit is not None and hit[0] != s.attack.attacker_player and has_keyword(s, s.attack.attacker, "Collision"):
            return card(s, hit[1].top).kind == "Digimon"
    return False


def keywords_of(s: State, iid: int) -> frozenset[str]:
    """The keywords the Digimon ``iid`` has now: persistent keyword effects on itself in force and keyword effects it
    has or gained (empty when it is not in a Battle Area). <Collision>'s <Blocker> for the opponent's Digimon is
    not included (see :func:`has_keyword`). Memoised per state (``s.cache``)."""
    key = ("keywords_of", iid)
    known: frozenset[str] | None = s.cache.get(key)
    if known is None:
        names: set[str] = set()
        hit = find(s, iid)
        if hit is not None:
            p, st = hit
            names.update(e.keyword for e in persistents(s, p, st) if e.kind == "keyword" and e.applies_to == "this")
            names.update(eff.keyword for eff, _src, _slot, _i in effects_of(s, st)
                         if isinstance(eff, Effect) and eff.keyword)
        known = s.cache[key] = frozenset(names)
    return known


def cant_be_blocked(s: State, iid: int) -> bool:
    """True if the attacker has a "can't be blocked" effect in force."""
    hit = find(s, iid)
    if hit is None:
        return False
    return any(e.kind == "cant_be_blocked" for e in persistents(s, hit[0], hit[1]))


def cant_attack_or_block(s: State, iid: int) -> bool:
    """True if a "can't attack or block" effect is in force on ``iid``."""
    hit = find(s, iid)
    if hit is None:
        return False
    return any(e.kind == "cant_attack_or_block" for e in persistents(s, hit[0], hit[1]))


def unaffected_by(s: State, iid: int, player: int) -> bool:
    """True if the Digimon ``iid`` is not affected by ``player``'s effects now: ``player`` is its opponent and a
    "not affected by the opponent's effects" persistent effect is in force (CR 15-15-5). It can still be
    chosen; the effect just does nothing to it. <Progress> does the same while its Digimon attacks (CR 16-39)."""
    hit = find(s, iid)
    if hit is None or hit[0] == player:
        return False
    if s.attack is not None and s.attack.attacker == iid and has_keyword(s, iid, "Progress"):
        return True  # <Progress> shields its Digimon during its own attack (CR 16-39)
    return any(e.kind == "unaffected_by_opponent_effects" for e in persistents(s, hit[0], hit[1]))


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
               for e in persistents(s, hit[0], hit[1]))


def dp(s: State, iid: int, against: int | None = None) -> int | None:
    """Current DP of Digimon ``iid`` (CR 1-3-8: modifiers summed, then applied; never below 0), or None
    for a card without DP. ``against`` is the Digimon it battles (for "when battling" bonuses). Memoised per state
    (``s.cache``)."""
    key = ("dp", iid, against)
    if key in s.cache:
        return s.cache[key]  # type: ignore[no-any-return]
    value = s.cache[key] = _dp(s, iid, against)
    return value


def _dp(s: State, iid: int, against: int | None) -> int | None:
    hit = find(s, iid)
    if hit is None:
        return None
    p, st = hit
    base = card(s, st.top).dp
    if base is None:
        return None
    total = 0
    for e in persistents(s, p, st):
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
        for e in persistents(s, p, st):
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
    total = sum(e.amount for e in persistents(s, p, st) if e.kind == "security_a" and e.applies_to == "this")
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
    return any(e.kind == "no_opponent_memory_gain" for st in s.players[opp].battle for e in persistents(s, opp, st))


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




def condition_met(s: State, cond: Cond, owner: int, holder: int | None, event: Event | None) -> bool:
    """Evaluate a processing condition for the effect of ``owner`` held by ``holder`` (CR 15-6).

    Raises:
        ValueError: ``cond.kind`` is not in :data:`CONDITIONS`.
    """
    check = CONDITIONS.get(cond.kind)
    if check is None:
        raise ValueError(f"unknown condition kind {cond.kind!r}")
    result = check(s, cond, owner, holder, event)
    return not result if cond.negate else result


ConditionCheck = Callable[[State, Cond, int, "int | None", "Event | None"], bool]
"""(state, condition, owner, holder iid, triggering event) -> whether the condition holds."""


def _holder(s: State, holder: int | None) -> Stack | None:
    return stack_of(s, holder) if holder is not None else None


def _attacking_highest_dp(s: State, cond: Cond, owner: int, holder: int | None, event: Event | None) -> bool:
    a = s.attack
    if a is None or a.declared_target == PLAYER_TARGET:
        return False
    target = stack_of(s, a.declared_target)
    if target is None:
        return False
    dps = [dp(s, st.iid) or 0 for st in s.players[1 - a.attacker_player].battle if is_digimon(s, st)]
    return bool(dps) and (dp(s, target.iid) or 0) >= max(dps)


def _name_contains(s: State, cond: Cond, owner: int, holder: int | None, event: Event | None) -> bool:
    st = _holder(s, holder)
    return st is not None and cond.text in card(s, st.top).name


def _digivolution_cards_include(s: State, cond: Cond, owner: int, holder: int | None, event: Event | None) -> bool:
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
    "security_at_most": lambda s, c, o, h, e: len(s.players[o].security) <= c.n,
    "trash_at_least": lambda s, c, o, h, e: len(s.players[o].trash) >= c.n,
    "this_suspended": lambda s, c, o, h, e: (st := _holder(s, h)) is not None and st.suspended,
    "opponent_has_digimon_without_digivolution_cards": lambda s, c, o, h, e: any(
        is_digimon(s, st) and not st.digivolution_cards for st in s.players[1 - o].battle),
    "opponent_has_no_digimon_with_digivolution_cards": lambda s, c, o, h, e: not any(
        is_digimon(s, st) and st.digivolution_cards for st in s.players[1 - o].battle),
    "another_suspended_digimon": lambda s, c, o, h, e: any(
        st.suspended and st.iid != h and is_digimon(s, st) for st in s.players[o].battle),
    "opponent_memory_at_least": lambda s, c, o, h, e: memory_of(s, 1 - o) >= c.n,
    "memory_at_most": lambda s, c, o, h, e: memory_of(s, o) <= c.n,
    "attacking_player": lambda s, c, o, h, e: s.attack is not None and s.attack.declared_target == PLAYER_TARGET,
    "attacking_digimon": lambda s, c, o, h, e: s.attack is not None and s.attack.declared_target != PLAYER_TARGET,
    "attacking_highest_dp": _attacking_highest_dp,
    "no_digivolution_cards": lambda s, c, o, h, e: (st := _holder(s, h)) is not None and not st.digivolution_cards,
    "deleted_by_effect": lambda s, c, o, h, e: e is not None and e.cause == "effect",
    "security_total_at_most": lambda s, c, o, h, e: len(s.players[o].security) + len(s.players[1 - o].security) <= c.n,
    "name_contains": _name_contains,
    "digivolution_cards_at_least": lambda s, c, o, h, e: (st := _holder(s, h)) is not None
    and len(st.digivolution_cards) >= c.n,
    "another_digimon": lambda s, c, o, h, e: any(st.iid != h and is_digimon(s, st) for st in s.players[o].battle),
    "digivolution_cards_include": _digivolution_cards_include,
}
"""How each condition kind of :data:`digiteach.effects.CONDITION_KINDS` is checked (CR 15-6): one entry per kind."""


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
