"""Small pure edits of a State: captions, players, Battle Area stacks, tokens, ids, modifiers, memory.

Each function returns a new State (``dataclasses.replace``); none advances the flow. The handlers of
the rule-chapter handlers (:mod:`digiteach.engine.rules`) and the card code build every change out of these.
"""

from __future__ import annotations

from typing import Any

from digiteach.copying import ATTACK_READ, PASSIVE_FIELDS, changed_state, changed_state_and_attack, replace

from digiteach import i18n, rulesets
from digiteach.captions import BY_LANGUAGE, CAPTIONS
from digiteach.cards import Card
from digiteach.engine.query import card, effects_of, find
from digiteach.state import Attack, Frame, Modifier, Player, Stack, State
from digiteach.terms import AttackTiming, EffectStatus, Timing

__all__ = [
    "Edit",
    "cited",
    "cite_section",
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


def _say_into(changes: dict[str, Any], caption: str, cited: tuple[str, ...], noted: str, text: str,
              rules: tuple[str, ...], differs: str) -> None:
    """Write into ``changes`` the caption, rules and wiki note after adding ``text`` citing ``rules`` (and the note
    ``differs``) to ``caption``, ``cited`` and ``noted``: all three are set, changed or not."""
    if text:
        caption = (caption + " " + text).strip() if caption else text.strip()
    if not cited:  # the step's first citation: a template cites each rule once
        cited = rules
    elif len(rules) == 1:
        if rules[0] not in cited:
            cited = cited + rules
    elif rules:
        cited = cited + tuple(r for r in rules if r not in cited)
    changes["caption"] = caption
    changes["rules"] = cited
    changes["differs"] = i18n.pgettext("wiki", differs) if differs else noted


_CR_4_2 = rulesets.CR_4_2.name


def cited(s: State, rules: tuple[str, ...]) -> tuple[str, ...]:
    """``rules`` (CR 4.2 numbers) as the ruleset of ``s`` numbers them (:meth:`digiteach.rulesets.Ruleset.cite`: the
    keyword sections of CR 3.6 and earlier are one lower)."""
    if s.ruleset == rulesets.CR_4_2.name:  # the captions' own numbering: nothing to move
        return rules
    return rulesets.ruleset(s.ruleset).cite(rules)


def cite_section(s: State, section: str) -> State:
    """This step also cites ``section`` (a CR 4.2 section such as ``"CR 16-23"``, renumbered for the state's ruleset),
    unless it already cites that section or a rule in it (``"CR 16-7-4"`` for ``"CR 16-7"``)."""
    shown = cited(s, (section,))[0]
    if any(r == shown or r.startswith(shown + "-") for r in s.rules):
        return s
    return say(s, "", section)


def say(s: State, text: str, *rules: str, differs: str = "") -> State:
    """Add a sentence to this step's caption and rule citations (CR 4.2 numbers, renumbered for the state's ruleset);
    ``differs`` (a note of :data:`digiteach.engine.differs.WIKI_DIFFERS`) is shown in the language in force."""
    said: dict[str, Any] = {}
    _say_into(said, s.caption, s.rules, s.differs, text, cited(s, rules), differs)
    return changed_state(s, said)


def tell(s: State, key: str, *, differs: str = "", **fields: object) -> State:
    """Add the caption template ``key`` of :data:`digiteach.captions.CAPTIONS`, filled with ``fields``, and the
    rule numbers it cites (renumbered for the state's ruleset). Raises KeyError for an unknown key or a missing
    field."""
    text = BY_LANGUAGE[i18n.current()][key](fields)  # captions.fill, inline; the rules as cited() numbers them
    rules = CAPTIONS[key].rules
    if s.ruleset != _CR_4_2:
        rules = rulesets.ruleset(s.ruleset).cite(rules)
    said: dict[str, Any] = {}
    _say_into(said, s.caption, s.rules, s.differs, text, rules, differs)
    return changed_state(s, said)


def attack_at(a: Attack, timing: AttackTiming) -> Attack:
    """The attack ``a`` at ``timing`` (CR 11-1-3): recorded in ``Attack.timing`` and its ``path``."""
    path = a.path if a.path and a.path[-1] == timing.value else a.path + (timing.value,)
    return replace(a, timing=timing, path=path)


def attack_noted(a: Attack, timing: AttackTiming, text: str) -> Attack:
    """The attack ``a`` with a few words on what happened at ``timing`` added to its notes."""
    return replace(a, notes=a.notes + ((timing.value, text),))


_READ_BY_QUERIES = frozenset(ATTACK_READ)


class Edit:
    """Edits of one State collected and made as one copy:
    ``Edit(s).enter_timing(t).set_top(f).tell(key, ...).done()``.

    Most edits change only what no query reads: the caption (:meth:`say`, :meth:`tell`), the work stack
    (:meth:`set_top`, :meth:`push`, :meth:`pop`, as :mod:`digiteach.engine.frames`), the attack's timing, notes and
    other fields of no concern to queries (:meth:`enter_timing`, :meth:`note_timing`, :meth:`set_attack`, made as
    one copy of the attack at :meth:`done`) and the fields of ``copying.PASSIVE_FIELDS`` (:meth:`set`). A State copy
    that changes only these keeps its parent's query cache, so a query asked of ``base`` between them gives the
    answer the edited state would give.

    :meth:`put` (and :meth:`set_player`) also changes fields queries read (the areas, memory, modifiers, a new
    attack) in the same one copy. After it, a query asked of ``base`` answers for the state before the change: a
    handler asks what it needs first (or asks the state :meth:`done` returns), and the copy :meth:`done` makes
    starts an empty query cache (``copying.changed``). Each method returns the Edit itself.
    """

    __slots__ = ("base", "changes", "attack_changes")

    def __init__(self, s: State) -> None:
        self.base = s
        self.changes: dict[str, Any] = {}
        self.attack_changes: dict[str, Any] | None = None
        """Fields of the attack changed so far (None: none yet), made as one copy of it at :meth:`done`."""

    def _get(self, name: str) -> Any:
        changes = self.changes
        return changes[name] if name in changes else getattr(self.base, name)

    def say(self, text: str, *rules: str, differs: str = "") -> Edit:
        """:func:`say` on the edited state."""
        _say_into(self.changes, self._get("caption"), self._get("rules"), self._get("differs"), text,
                  cited(self.base, rules), differs)
        return self

    def tell(self, key: str, *, differs: str = "", **fields: object) -> Edit:
        """:func:`tell` on the edited state: :func:`_say_into` written out here, as the engine's most frequent caption
        call (a call layer is about a tenth of its cost); the wiki note is written only when ``differs`` is given (else
        the state keeps the one it has)."""
        changes = self.changes
        base = self.base
        text = BY_LANGUAGE[i18n.current()][key](fields)  # captions.fill, inline
        rules = CAPTIONS[key].rules  # as cited() numbers them
        if base.ruleset != _CR_4_2:
            rules = rulesets.ruleset(base.ruleset).cite(rules)
        caption = changes.get("caption")
        if caption is None:
            caption = base.caption
        changes["caption"] = (caption + " " + text).strip() if caption else text.strip()
        cited = changes.get("rules")
        if cited is None:
            cited = base.rules
        if not cited:  # the step's first citation: a template cites each rule once
            changes["rules"] = rules
        elif len(rules) == 1:
            if rules[0] not in cited:
                changes["rules"] = cited + rules
        elif rules:
            changes["rules"] = cited + tuple(r for r in rules if r not in cited)
        if differs:
            changes["differs"] = i18n.pgettext("wiki", differs)
        return self

    def set_top(self, f: Frame) -> Edit:
        """Replace the top frame by ``f`` (``frames.set_top``)."""
        changes = self.changes
        changes["frames"] = (changes["frames"] if "frames" in changes else self.base.frames)[:-1] + (f,)
        return self

    def push(self, *frames: Frame) -> Edit:
        """Push ``frames``; the last one given runs first (``frames.push``)."""
        changes = self.changes
        changes["frames"] = (changes["frames"] if "frames" in changes else self.base.frames) + frames
        return self

    def pop(self) -> Edit:
        """Remove the top frame (``frames.pop``)."""
        changes = self.changes
        changes["frames"] = (changes["frames"] if "frames" in changes else self.base.frames)[:-1]
        return self

    def _attack_changes(self) -> dict[str, Any]:
        """The attack's changes so far, to add to."""
        if self.attack_changes is None:
            self.attack_changes = {}
        return self.attack_changes

    def enter_timing(self, timing: AttackTiming) -> Edit:
        """The attack reaches ``timing`` (``ops.enter_timing``, as :func:`attack_at`); nothing outside an attack."""
        changes = self.changes  # the attack under way and its changes so far (every attack timing comes here)
        attack = changes["attack"] if "attack" in changes else self.base.attack
        if attack is None:
            return self
        attack_changes = self.attack_changes
        if attack_changes is None:
            attack_changes = self.attack_changes = {}
        path = attack_changes["path"] if "path" in attack_changes else attack.path
        value: str = timing._value_  # the member's value as stored (``.value`` is a Python-level property)
        if not path or path[-1] != value:
            attack_changes["path"] = path + (value,)
        attack_changes["timing"] = timing
        changes["timing"] = value
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
        if self._get("attack") is None or not _READ_BY_QUERIES.isdisjoint(changes):
            raise ValueError(f"Edit.set_attack needs an attack and fields no query reads, not {sorted(changes)}")
        self._attack_changes().update(changes)
        return self

    def note_timing(self, timing: AttackTiming, text: str) -> Edit:
        """Add words on what happened at ``timing`` to the attack's notes (``ops.note_timing``, as
        :func:`attack_noted`)."""
        changes = self.changes  # the attack under way and its changes so far, as in enter_timing
        attack = changes["attack"] if "attack" in changes else self.base.attack
        if attack is None:
            return self
        attack_changes = self.attack_changes
        if attack_changes is None:
            attack_changes = self.attack_changes = {}
        notes = attack_changes["notes"] if "notes" in attack_changes else attack.notes
        attack_changes["notes"] = notes + ((timing._value_, text),)
        return self

    def put(self, **changes: Any) -> Edit:
        """Set State fields, those queries read included (the areas, memory, modifiers, the attack as a whole), in
        the same one copy: a query asked of ``base`` after this answers for the state before it (see the class).
        A new ``attack`` given here replaces the attack's changes made so far (they were made on the one it had). A
        name that is not a field of State raises TypeError at :meth:`done`."""
        if "attack" in changes:
            self.attack_changes = None
        self.changes.update(changes)
        return self

    def set_player(self, p: int, player: Player) -> Edit:
        """Replace player ``p`` (:func:`set_player`, as a :meth:`put`)."""
        players = self._get("players")
        self.changes["players"] = (player, players[1]) if p == 0 else (players[0], player)
        return self

    def done(self) -> State:
        """The state with every edit made (one copy; ``base`` itself when nothing changed). Raises TypeError for a
        name :meth:`put` was given that is not a field of State."""
        changes = self.changes
        attack_changes = self.attack_changes
        if attack_changes:
            self.attack_changes = None
            return changed_state_and_attack(self.base, changes, attack_changes)  # writes the new attack into changes
        return changed_state(self.base, changes) if changes else self.base


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
    a, b = s.players
    battle = [a.battle, b.battle]
    battle[p] = tuple([x for x in battle[p] if x.iid != iid])
    trash = [a.trash, b.trash]
    limbo = s.limbo
    owners = s.owners
    for uid in st.cards:
        if card(s, uid).token:
            # a token that leaves the field is removed from the game, not trashed (CR 4-21-5): it goes to no area
            limbo += (uid,)
            continue
        owner = owners[uid]
        trash[owner] = (uid,) + trash[owner]
    players = (a if a.battle is battle[0] and a.trash is trash[0] else replace(a, battle=battle[0], trash=trash[0]),
               b if b.battle is battle[1] and b.trash is trash[1] else replace(b, battle=battle[1], trash=trash[1]))
    modifiers = tuple([m for m in s.modifiers if m.iid != iid]) if s.modifiers else s.modifiers
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
