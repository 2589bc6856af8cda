"""Read-only questions about a State: where a card is, its effects, keywords, DP, memory, conditions.

Nothing here changes a state or advances the flow (the handlers in :mod:`digiteach.engine.rules` do); every function is
pure. Places follow CR 3-4 (Battle Area, Breeding Area), values CR 1-3 (DP) and CR 1-4 (memory).
"""

from __future__ import annotations

from dataclasses import replace
from digiteach import captions
from digiteach.i18n import pgettext
from digiteach.cards import Card
from digiteach.effects import Cond, Effect, Persistent, Sel
from digiteach.engine import self_reference
from digiteach.engine.places import place_index
from digiteach.engine.printed import EffectSource, aimed_stacks, lasting_stacks, printed_effects, stack_facts
from digiteach.engine.printed_only import may_name, none_printed, plain
from digiteach.keywords import FLAG_KEYWORDS, parse_keyword
from digiteach.state import SET_IID, ActivateFrame, Event, Modifier, Stack, State
from digiteach.terms import Timing

__all__ = ["EffectSource", "card", "label", "pname", "find", "stack_of", "stack", "in_battle_area", "all_stacks",
           "is_digimon", "effects_of", "scope_ok", "persistents", "has_keyword", "keywords_of", "cant_be_blocked",
           "cant_attack_or_block", "cant_attack", "cant_block", "cant_suspend", "cant_be_deleted", "modifiers_on",
           "unaffected_by",
           "activation_locked", "dp", "security_dp", "security_a", "check_count", "memory_gain_prohibited",
           "missing_colours", "memory_of", "memory_words", "memory_change", "condition_met", "all_cards_places"]


def card(s: State, uid: int) -> Card:
    """The printed card of ``uid``."""
    return s.cards[uid]


def label(s: State, uid: int) -> str:
    """``"BT1-081 HerculesKabuterimon"`` for a card uid."""
    return s.cards[uid].label


pname = captions.player_name
"""``pname(player)``: ``"Player A"`` / ``"Player B"`` in the language in force (:func:`digiteach.captions.player_name`
itself, so a caption's player costs no second call layer)."""


def find(s: State, iid: int) -> tuple[int, Stack] | None:
    """The (player, stack) of the Digimon ``iid`` in a Battle Area, or None. Constant time: the index from iid to
    place (:mod:`digiteach.engine.places`, built once per Battle Area) is kept in ``s.cache``."""
    index = s.cache.get("find")
    if index is None:
        index = s.cache["find"] = place_index(s)
    return index.get(iid)


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
    index = s.cache.get("find")
    if index is None:
        index = s.cache["find"] = place_index(s)
    return iid in index  # None, never an iid, is not in it


def all_stacks(s: State) -> list[tuple[int, Stack]]:
    """Every Battle Area stack as (player, stack), turn player first (breeding area excluded, CR 3-4-7)."""
    tp = s.turn_player
    return [(tp, st) for st in s.players[tp].battle] + [(1 - tp, st) for st in s.players[1 - tp].battle]


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
    """A persistent grant of a triggered keyword ("gains <Retaliation> while ..."), as the keyword's effects. Its
    condition is read on the board without the grant itself (``self_reference``), so a condition that comes back to
    this stack's effects (through DP, say) has one answer rather than no end."""
    out: list[EffectSource] = []
    for e, src, slot, i in printed:
        if isinstance(e, Persistent) and e.kind == "keyword" and e.applies_to == "this" \
                and e.keyword not in FLAG_KEYWORDS and scope_ok(s, e.scope, owner) \
                and not self_reference.deciding(st.iid, e) \
                and (e.condition is None or self_reference.condition_without(s, e, owner, st.iid)):
            for granted in parse_keyword(e.keyword):
                if isinstance(granted, Effect):
                    out.append((granted, src, slot, i))
    return out


def _gained(s: State, st: Stack) -> list[EffectSource]:
    """Effects and keywords the stack gained through modifiers (CR 15-15)."""
    out: list[EffectSource] = []
    mine = modifiers_on(s, st.iid)
    for i, m in enumerate(s.modifiers):
        if m not in mine:
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


def _own_persistents(s: State, p: int, st: Stack) -> tuple[Persistent, ...]:
    """The persistent effects (CR 15-8-2) a stack has and that are in force now: in scope, condition met. Memoised
    per state and stack (``s.cache``, checked to be this very stack); the printed ones when nothing is gained."""
    hit: tuple[Stack, tuple[Persistent, ...]] | None = s.cache.get(("persistents", p, st.iid))
    if hit is not None and hit[0] is st:
        return hit[1]
    facts = stack_facts(s, st)
    bare = not s.modifiers and not facts.grants
    candidates = facts.kept if bare else [e for e, *_ in effects_of(s, st) if isinstance(e, Persistent)]
    found = tuple(e for e in candidates if scope_ok(s, e.scope, p) and not self_reference.deciding(st.iid, e)
                  and (e.condition is None or self_reference.condition_without(s, e, p, st.iid)))
    if not _MATCHING and not self_reference.DECIDING:
        s.cache[("persistents", p, st.iid)] = (st, found)
    return found


_MATCHING: list[int] = []
"""Stacks whose set membership is being decided: while deciding, effects on sets are not looked at for them
(a set's own filter, such as "with 6000 DP or less", reads the DP before effects on sets)."""


def _reaches(s: State, sel: Sel, owner: int, holder: int | None, st: Stack, guard: bool = True) -> bool:
    """True when the selector ``sel`` of an effect of ``owner`` (held by ``holder``) takes ``st`` now."""
    from digiteach.engine import filters  # filters reads this module: imported when first needed

    if guard and st.iid in _MATCHING:
        return False
    _MATCHING.append(st.iid)
    try:
        return st.iid in filters.candidates(s, replace(sel, who="all"), filters.Where(owner=owner, holder=holder))
    finally:
        _MATCHING.pop()


def persistents(s: State, p: int, st: Stack) -> tuple[Persistent, ...]:
    """The persistent effects (CR 15-8-2) in force on ``p``'s stack ``st``: its own ones without a ``target``,
    and those of any card in a Battle Area whose ``target`` selector takes ``st`` now (CR 15-11-2), each
    reported as if it were ``st``'s own (``target`` cleared). Memoised per state (``s.cache``); none when nothing is
    printed on it, gained or aimed (``printed_only.plain``)."""
    if not s.modifiers and not stack_facts(s, st).kept and plain(s):
        return ()  # nothing printed, gained or aimed at it: CR 15-8-2 has nothing to add
    key = ("persistents on", p, st.iid)
    hit: tuple[Stack, tuple[Persistent, ...]] | None = s.cache.get(key)
    if hit is not None and hit[0] is st:
        return hit[1]
    out: tuple[Persistent, ...] = ()
    if s.modifiers or stack_facts(s, st).kept or _targeting(s):
        found = [e for e in _own_persistents(s, p, st) if e.target is None]
        if st.iid not in _MATCHING:
            found += [replace(e, target=None, applies_to="this") for q, other, e in _targeting(s)
                      if e.target is not None and _reaches(s, e.target, q, other.iid, st)]
        out = tuple(found)
    if not _MATCHING and not self_reference.DECIDING:
        s.cache[key] = (st, out)
    return out


def _targeting(s: State) -> list[tuple[int, Stack, Persistent]]:
    """(player, stack, effect) of each persistent effect in force with a ``target`` selector, once per state; none
    when nothing is gained and no printed effect aims (``printed_only.plain``, itself memoised per state)."""
    hit = s.cache.get("targeting")
    if hit is None and plain(s):
        hit = s.cache["targeting"] = []
    elif hit is None:
        tp = s.turn_player  # without modifiers only a printed effect can aim: the stacks that print one
        a, b = s.players[tp].battle, s.players[1 - tp].battle
        pool = all_stacks(s) if s.modifiers else \
            [(tp, st) for st in aimed_stacks(s, a)] + [(1 - tp, st) for st in aimed_stacks(s, b)]
        hit = [(q, other, e) for q, other in pool for e in _own_persistents(s, q, other) if e.target is not None]
        if not _MATCHING and not self_reference.DECIDING:
            s.cache["targeting"] = hit
    return hit


def modifiers_on(s: State, iid: int) -> list[Modifier]:
    """Modifiers applying to the Digimon ``iid``: its own, and those on a set whose selector takes it now
    (CR 15-11-2). Memoised per state (``s.cache``), except while a set's membership or a condition is decided."""
    if not s.modifiers:
        return []
    key, deciding = ("modifiers_on", iid), bool(_MATCHING or self_reference.DECIDING)
    known: tuple[tuple[Modifier, ...], list[Modifier]] | None = None if deciding else s.cache.get(key)
    if known is not None and known[0] is s.modifiers:  # the very tuple it was worked out from
        return list(known[1])
    out = [m for m in s.modifiers if m.iid == iid]
    sets = [m for m in s.modifiers if m.iid == SET_IID and m.scope is not None]
    hit = find(s, iid) if sets and iid not in _MATCHING else None
    if hit is not None:
        _MATCHING.append(iid)  # reading the set's filter (its DP, its persistent effects) must not come back here
        try:
            out += [m for m in sets if m.scope is not None and _reaches(s, m.scope, m.player, None, hit[1], False)
                    and not unaffected_by(s, iid, m.player)]
        finally:
            _MATCHING.pop()
    if not deciding:
        s.cache[key] = (s.modifiers, list(out))
    return out


def has_keyword(s: State, iid: int, name: str) -> bool:
    """True if the Digimon ``iid`` has keyword ``name`` now (persistent or gained). <Collision> gives the
    opponent's Digimon <Blocker> while its Digimon attacks (CR 16-30); :func:`keywords_of` is not asked when it could
    not include ``name`` (``printed_only.may_name``)."""
    if may_name(s, find(s, iid), name) and name in keywords_of(s, iid):
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
            if not none_printed(s, st, ("keyword",)):  # else no persistent keyword effect: nothing in force to read
                names.update(e.keyword for e in persistents(s, p, st) if e.kind == "keyword" and e.applies_to == "this")
            names.update(eff.keyword for eff, _src, _slot, _i in effects_of(s, st)
                         if isinstance(eff, Effect) and eff.keyword)
        known = frozenset(names)
        if not _MATCHING and not self_reference.DECIDING:
            s.cache[key] = known
    return known


def _in_force(s: State, iid: int, kinds: tuple[str, ...]) -> bool:
    """True if a persistent effect of one of ``kinds`` is in force on ``iid`` (False when it is not in play)."""
    hit = find(s, iid)
    if hit is None or none_printed(s, hit[1], kinds):
        return False
    return any(e.kind in kinds for e in persistents(s, hit[0], hit[1]))


def cant_be_blocked(s: State, iid: int) -> bool:
    """True if the attacker has a "can't be blocked" effect in force."""
    return _in_force(s, iid, ("cant_be_blocked",))


def cant_attack_or_block(s: State, iid: int) -> bool:
    """True if a "can't attack or block" effect is in force on ``iid``."""
    return _in_force(s, iid, ("cant_attack_or_block",))


def cant_attack(s: State, iid: int) -> bool:
    """True if a "can't attack" (or "can't attack or block") effect is in force on ``iid`` (CR 11-2-5)."""
    return _in_force(s, iid, ("cant_attack", "cant_attack_or_block"))


def cant_block(s: State, iid: int) -> bool:
    """True if a "can't block" (or "can't attack or block") effect is in force on ``iid`` (CR 12-1)."""
    return _in_force(s, iid, ("cant_block", "cant_attack_or_block"))


def cant_suspend(s: State, iid: int) -> bool:
    """True if a "can't suspend" effect is in force on ``iid``: nothing suspends it (CR 1-3-2), it can't attack
    (CR 11-2-5) except without suspending (QA Q3185) and can't block (CR 12-1-4)."""
    return _in_force(s, iid, ("cant_suspend",))


def cant_be_deleted(s: State, iid: int, cause: str, by: int) -> bool:
    """True if a "can't be deleted" effect stops the deletion of ``iid`` with ``cause`` ("battle", "effect",
    "rule") by player ``by``'s attack or effect (CR 15-8-5: it replaces the deletion with nothing)."""
    hit = find(s, iid)
    if hit is None or none_printed(s, hit[1], ("cant_be_deleted",)):
        return False
    for e in persistents(s, hit[0], hit[1]):
        if e.kind != "cant_be_deleted":
            continue
        if not e.cause or e.cause == cause or (e.cause == "opponent_effect" and cause == "effect" and by != hit[0]):
            return True
    return False


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
    value = _dp(s, iid, against)
    if not _MATCHING and not self_reference.DECIDING:  # read without some effects (a set's, one deciding): not kept
        s.cache[key] = value
    return value


def _dp(s: State, iid: int, against: int | None) -> int | None:
    hit = find(s, iid)
    if hit is None:
        return None
    p, st = hit
    base = card(s, st.top).dp
    if base is None:
        return None
    if none_printed(s, st, ("dp",)):  # nothing gained, aimed or printed changes it (CR 1-3-8)
        return max(0, base)
    total = 0
    for e in persistents(s, p, st):
        if e.kind == "dp" and e.applies_to == "this":
            if e.when_battling_no_digivolution:
                opp = stack_of(s, against) if against is not None else None
                if opp is None or opp.digivolution_cards:
                    continue
            total += e.amount
    for m in modifiers_on(s, iid):
        if m.kind == "dp":
            total += m.amount
    return max(0, base + total)


def security_dp(s: State, owner: int, uid: int) -> int:
    """DP of the Security Digimon ``uid`` of ``owner`` (CR 13-1-7): base DP plus field effects that name
    Security Digimon (CR 15-1-8); may be 0 but it is never deleted (CR 14-2-3)."""
    base = card(s, uid).dp or 0
    total = 0
    for p, st in all_stacks(s) if s.modifiers else lasting_stacks(s):  # an aimed effect never names Security Digimon
        if not s.modifiers and all(e.applies_to == "this" for e in stack_facts(s, st).kept):
            continue  # nothing gained: its own effects in force are among those printed, and none names them
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
    if none_printed(s, st, ("security_a",)):  # nothing gained, aimed or printed changes it
        return 0
    total = sum(e.amount for e in persistents(s, p, st) if e.kind == "security_a" and e.applies_to == "this")
    total += sum(m.amount for m in modifiers_on(s, iid) if m.kind == "security_a")
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
        return pgettext("memory", "{amount} on their side").format(amount=value)
    if value < 0:
        return pgettext("memory", "{amount} on their opponent's side").format(amount=-value)
    return "0"


def memory_change(before: int, after: int) -> str:
    """``"(3 on their side → 1 on their opponent's side)"`` for a change seen from one player's side."""
    return f"({memory_words(before)} → {memory_words(after)})"


def condition_met(s: State, cond: Cond, owner: int, holder: int | None, event: Event | None,
                  frame: ActivateFrame | None = None) -> bool:
    """Evaluate a processing condition (CR 15-6): see :func:`digiteach.engine.conditions.condition_met`."""
    from digiteach.engine import conditions  # conditions reads this module: imported when first needed

    return conditions.condition_met(s, cond, owner, holder, event, frame)


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
