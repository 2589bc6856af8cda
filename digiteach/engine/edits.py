"""Small pure edits of a State: captions, players, Battle Area stacks, tokens, ids, modifiers, memory.

Each function returns a new State (``dataclasses.replace``); none advances the flow. The handlers of
the rule-chapter handlers (:mod:`digiteach.engine.rules`) and the card code build every change out of these.
"""

from __future__ import annotations

from digiteach.copying import replace

from digiteach import captions, i18n
from digiteach.cards import Card
from digiteach.engine.query import card, effects_of, find
from digiteach.state import Modifier, Player, Stack, State
from digiteach.terms import Timing

__all__ = [
    "say",
    "tell",
    "memory_a",
    "set_player",
    "update_stack",
    "remove_stack",
    "create_token",
    "new_id",
    "modifier",
    "gain_memory",
]


def say(s: State, text: str, *rules: str, differs: str = "") -> State:
    """Add a sentence to this step's caption and rule citations; ``differs`` (a note of
    :data:`digiteach.engine.differs.WIKI_DIFFERS`) is shown in the language in force."""
    if differs:
        differs = i18n.pgettext("wiki", differs)
    caption = (s.caption + " " + text).strip() if text else s.caption
    new_rules = s.rules + tuple(r for r in rules if r not in s.rules)
    return replace(s, caption=caption, rules=new_rules, differs=differs or s.differs)


def tell(s: State, key: str, *, differs: str = "", **fields: object) -> State:
    """Add the caption template ``key`` of :data:`digiteach.captions.CAPTIONS`, filled with ``fields``, and the
    rule numbers it cites. Raises KeyError for an unknown key or a missing field."""
    return say(s, captions.text(key, **fields), *captions.rules(key), differs=differs)


def memory_a(s: State) -> int:
    """The memory gauge signed from Player A's side (positive: on A's side), for :func:`digiteach.captions.memory_move`."""
    return s.memory if s.turn_player == 0 else -s.memory


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
    if s.attack is not None and s.attack.attacker == iid:  # what it had, for the end of attack (CR 15-16-15-1)
        ends = any(getattr(e, "timing", None) is Timing.END_OF_ATTACK for e, _src, _slot, _i in effects_of(s, st))
        s = replace(s, attack=replace(s.attack, attacker_end_effects=ends))
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
    """A fresh id (for a Digimon instance or a pending effect): (state with the counter moved on, the id)."""
    return replace(s, next_id=s.next_id + 1), s.next_id


def modifier(s: State, m: Modifier) -> State:
    """Add a modifier (a DP change, a gained keyword or effect, ...; CR 15-15)."""
    return replace(s, modifiers=s.modifiers + (m,))


def gain_memory(s: State, player: int, amount: int) -> State:
    """``player`` gains ``amount`` memory (negative: loses), clamped to 10 each side (CR 4-1-4, 1-4-2-2)."""
    delta = amount if player == s.turn_player else -amount
    return replace(s, memory=max(-10, min(10, s.memory + delta)))
