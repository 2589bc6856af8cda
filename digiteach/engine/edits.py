"""Small pure edits of a State: captions, players, Battle Area stacks, tokens, ids, modifiers, memory.

Each function returns a new State (``dataclasses.replace``); none advances the flow. The handlers of
the rule-chapter handlers (:mod:`digiteach.engine.rules`) and the card code build every change out of these.
"""

from __future__ import annotations

from typing import Any

from digiteach.copying import ATTACK_READ, PASSIVE_FIELDS, changed, replace

from digiteach import captions, i18n
from digiteach.cards import Card
from digiteach.engine.query import card, effects_of, find
from digiteach.state import Attack, Frame, Modifier, Player, Stack, State
from digiteach.terms import AttackTiming, EffectStatus, Timing

__all__ = [
    "Edit",
    "attack_at",
    "attack_noted",
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


def _said(caption: str, cited: tuple[str, ...], noted: str, text: str, rules: tuple[str, ...],
          differs: str) -> dict[str, Any]:
    """The caption, rules and wiki note after adding ``text`` citing ``rules`` (and the note ``differs``)."""
    if differs:
        differs = i18n.pgettext("wiki", differs)
    if text:
        caption = (caption + " " + text).strip() if caption else text.strip()
    if len(rules) == 1:
        if rules[0] not in cited:
            cited = cited + rules
    elif rules:
        cited = cited + tuple(r for r in rules if r not in cited)
    return {"caption": caption, "rules": cited, "differs": differs or noted}


def say(s: State, text: str, *rules: str, differs: str = "") -> State:
    """Add a sentence to this step's caption and rule citations; ``differs`` (a note of
    :data:`digiteach.engine.differs.WIKI_DIFFERS`) is shown in the language in force."""
    return changed(s, _said(s.caption, s.rules, s.differs, text, rules, differs))


def tell(s: State, key: str, *, differs: str = "", **fields: object) -> State:
    """Add the caption template ``key`` of :data:`digiteach.captions.CAPTIONS`, filled with ``fields``, and the
    rule numbers it cites. Raises KeyError for an unknown key or a missing field."""
    return changed(s, _said(s.caption, s.rules, s.differs, captions.text(key, **fields), captions.rules(key), differs))


def attack_at(a: Attack, timing: AttackTiming) -> Attack:
    """The attack ``a`` at ``timing`` (CR 11-1-3): recorded in ``Attack.timing`` and its ``path``."""
    path = a.path if a.path and a.path[-1] == timing.value else a.path + (timing.value,)
    return replace(a, timing=timing, path=path)


def attack_noted(a: Attack, timing: AttackTiming, text: str) -> Attack:
    """The attack ``a`` with a few words on what happened at ``timing`` added to its notes."""
    return replace(a, notes=a.notes + ((timing.value, text),))


_READ_BY_QUERIES = frozenset(ATTACK_READ)


class Edit:
    """Edits of one State that no query reads, collected and made as one copy:
    ``Edit(s).enter_timing(t).set_top(f).tell(key, ...).done()``.

    The edits are the caption (:meth:`say`, :meth:`tell`), the work stack (:meth:`set_top`, :meth:`push`,
    :meth:`pop`, as :mod:`digiteach.engine.frames`) and the attack's timing and notes (:meth:`enter_timing`,
    :meth:`note_timing`, as :mod:`digiteach.engine.ops`): the fields a State copy may change and keep its parent's
    query cache (``copying.PASSIVE_FIELDS``, ``copying.ATTACK_READ``). So a query asked of ``base`` between two edits
    gives the answer the edited state would give. Anything a query reads (the areas, memory, modifiers) is changed
    on the state :meth:`done` returns. Each method returns the Edit itself.
    """

    __slots__ = ("base", "changes")

    def __init__(self, s: State) -> None:
        self.base = s
        self.changes: dict[str, Any] = {}

    def _get(self, name: str) -> Any:
        changes = self.changes
        return changes[name] if name in changes else getattr(self.base, name)

    def say(self, text: str, *rules: str, differs: str = "") -> Edit:
        """:func:`say` on the edited state."""
        self.changes.update(_said(self._get("caption"), self._get("rules"), self._get("differs"), text, rules, differs))
        return self

    def tell(self, key: str, *, differs: str = "", **fields: object) -> Edit:
        """:func:`tell` on the edited state."""
        self.changes.update(_said(self._get("caption"), self._get("rules"), self._get("differs"),
                                  captions.text(key, **fields), captions.rules(key), differs))
        return self

    def set_top(self, f: Frame) -> Edit:
        """Replace the top frame by ``f`` (``frames.set_top``)."""
        self.changes["frames"] = self._get("frames")[:-1] + (f,)
        return self

    def push(self, *frames: Frame) -> Edit:
        """Push ``frames``; the last one given runs first (``frames.push``)."""
        self.changes["frames"] = self._get("frames") + frames
        return self

    def pop(self) -> Edit:
        """Remove the top frame (``frames.pop``)."""
        self.changes["frames"] = self._get("frames")[:-1]
        return self

    def enter_timing(self, timing: AttackTiming) -> Edit:
        """The attack reaches ``timing`` (``ops.enter_timing``); nothing outside an attack."""
        a = self._get("attack")
        if a is not None:
            self.changes["attack"] = attack_at(a, timing)
            self.changes["timing"] = timing.value
        return self

    def set(self, **changes: Any) -> Edit:
        """Set State fields no query reads (``copying.PASSIVE_FIELDS``: the log, the decision, ...).

        Raises:
            ValueError: for a field a query reads (make that change on the state :meth:`done` returns).
        """
        if not PASSIVE_FIELDS.issuperset(changes):
            raise ValueError(f"Edit.set changes only fields no query reads, not {sorted(set(changes) - PASSIVE_FIELDS)}")
        self.changes.update(changes)
        return self

    def set_status(self, pid: int, status: EffectStatus) -> Edit:
        """Set where pending effect ``pid`` stands (CR 15-4-4, 15-6-3): only the generation that holds it is copied,
        and in it only that effect; nothing changes when no generation holds ``pid``."""
        pending = self._get("pending")
        for at, g in enumerate(pending):
            for i, p in enumerate(g.effects):
                if p.pid == pid:
                    effects = g.effects[:i] + (replace(p, status=status),) + g.effects[i + 1:]
                    self.changes["pending"] = pending[:at] + (replace(g, effects=effects),) + pending[at + 1:]
                    return self
        return self

    def set_attack(self, **changes: Any) -> Edit:
        """Change fields of the attack that no query reads (not those of ``copying.ATTACK_READ``).

        Raises:
            ValueError: for a field a query reads, or when no attack is under way.
        """
        a = self._get("attack")
        if a is None or not _READ_BY_QUERIES.isdisjoint(changes):
            raise ValueError(f"Edit.set_attack needs an attack and fields no query reads, not {sorted(changes)}")
        self.changes["attack"] = replace(a, **changes)
        return self

    def note_timing(self, timing: AttackTiming, text: str) -> Edit:
        """Add words on what happened at ``timing`` to the attack's notes (``ops.note_timing``)."""
        a = self._get("attack")
        if a is not None:
            self.changes["attack"] = attack_noted(a, timing, text)
        return self

    def done(self) -> State:
        """The state with every edit made (one copy; ``base`` itself when nothing changed)."""
        return changed(self.base, self.changes) if self.changes else self.base


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
    attack = s.attack
    if attack is not None and attack.attacker == iid:  # what it had, for the end of attack (CR 15-16-15-1)
        ends = any(getattr(e, "timing", None) is Timing.END_OF_ATTACK for e, _src, _slot, _i in effects_of(s, st))
        attack = replace(attack, attacker_end_effects=ends)
    battle = [pl.battle for pl in s.players]
    battle[p] = tuple(x for x in battle[p] if x.iid != iid)
    trash = [s.players[0].trash, s.players[1].trash]
    limbo = s.limbo
    for uid in st.cards:
        if card(s, uid).token:
            # a token that leaves the field is removed from the game, not trashed (CR 4-21-5): it goes to no area
            limbo += (uid,)
            continue
        owner = s.owners[uid]
        trash[owner] = (uid,) + trash[owner]
    players = tuple(pl if pl.battle is battle[q] and pl.trash is trash[q] else replace(pl, battle=battle[q], trash=trash[q])
                    for q, pl in enumerate(s.players))
    modifiers = tuple(m for m in s.modifiers if m.iid != iid) if s.modifiers else s.modifiers
    return replace(s, players=players, limbo=limbo, modifiers=modifiers, attack=attack)  # one copy (CR 4-7-8)


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
