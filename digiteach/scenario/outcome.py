"""What a play amounts to, read from its history of engine states: the facts ``expect`` compares.

:class:`Played` wraps one play (the scenario, the states, the trace views) and answers questions a
ruling asks: the cards of a pile in order, the Digimon an alias names at the end (aliases follow the
Digimon through digivolution and <Armor Purge>: CR 3-4-5), the security cards checked, each
triggered effect's last status, attacks declared and battles fought, what decisions offered.
Everything is read from ``digiteach.state.State`` fields and ``digiteach.views``, never from engine
internals.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from digiteach import i18n
from digiteach.engine.labels import legacy_label
from digiteach.scenario.model import CARD_NUMBER, PLACE, Scenario
from digiteach.state import PLAYER_TARGET, State
from digiteach.views import StackView, Trace

__all__ = ["Played", "PILES", "EFFECT_STATUSES", "pile_differences", "matches"]

PILES = ("hand", "security", "deck", "trash", "egg_deck")
"""Piles ``expect`` can name; ``security`` and ``deck`` are compared in order (top first)."""

EFFECT_STATUSES = ("activated", "declined", "not_activated", "lost", "triggered", "never_triggered")
"""What ``expect.effects`` can say of an effect: activated; triggered but declined ("you may": no),
not activated (its condition failed on activation, CR 15-6-3), lost (its Digimon left first,
CR 15-4-4-3); ``triggered`` (any of those); ``never_triggered``."""

_STATUS_WORDS = {"resolved": "activated", "activating": "activated", "declined": "declined",
                 "failed": "not_activated", "lost": "lost", "pending": "triggered"}


@dataclass(frozen=True, slots=True)
class Played:
    """One play: ``initial`` is the board before the opening action, ``history`` every state after it."""

    scenario: Scenario
    initial: State
    history: Sequence[State]
    trace: Trace

    @property
    def last(self) -> State:
        return self.history[-1]

    def number(self, uid: int) -> str:
        """Card number of card ``uid``."""
        return str(getattr(self.last.cards[uid], "number", "?"))

    def pile(self, player: str, pile: str) -> list[str]:
        """Card numbers of ``player``'s ``pile`` at the end, top first."""
        return [self.number(u) for u in getattr(self.last.players[0 if player == "A" else 1], pile)]

    def breeding(self, player: str) -> list[str] | None:
        """Cards of ``player``'s Breeding Area stack at the end (top first), or None when it is empty."""
        st = self.last.players[0 if player == "A" else 1].breeding
        return None if st is None else [self.number(u) for u in st.cards]

    def stacks(self) -> list[tuple[str, StackView]]:
        """(player, stack view) of every Digimon in a Battle Area at the end."""
        board = self.trace.steps[-1].board
        return [(side.player, st) for side in board.sides for st in side.battle_area]

    def start_uid(self, text: str) -> int | None:
        """The Digimon an alias or a place names on the starting board (its engine id), else None."""
        ref = dict(self.scenario.aliases).get(text)
        m = PLACE.match(text)
        player: str
        if ref is not None:
            player, area, index = ref.player, ref.area, ref.index
        elif m:
            player, area, index = m.group(1), "breeding" if m.group(2).startswith("breeding") else "battle", int(m.group(3) or 0)
        else:
            return None
        side = self.initial.players[0 if player == "A" else 1]
        if area == "breeding":
            return None if side.breeding is None else side.breeding.iid
        return side.battle[index].iid if index < len(side.battle) else None

    def named(self, text: str) -> list[tuple[str, StackView]]:
        """The Digimon in a Battle Area at the end that ``text`` names: an alias or place follows its Digimon;
        a card number names every Digimon with it on top (else with it among the digivolution cards)."""
        uid = self.start_uid(text)
        if uid is not None:
            return [(p, st) for p, st in self.stacks() if st.uid == uid]
        if not CARD_NUMBER.fullmatch(text):
            return []
        tops = [(p, st) for p, st in self.stacks() if st.top.number == text]
        return tops or [(p, st) for p, st in self.stacks() if text in [c.number for c in st.digivolution_cards]]

    def revealed(self) -> list[str]:
        """Security cards checked during the play, in order (every attack's checks, CR 13-1)."""
        seen: list[int] = []
        for s in self.history:
            for uid in (s.attack.checked if s.attack is not None else ()):
                if uid not in seen:
                    seen.append(uid)
        return [self.number(u) for u in seen]

    def effect_statuses(self) -> dict[str, str]:
        """Label -> last status word (see :data:`EFFECT_STATUSES`) of every effect that triggered."""
        last: dict[int, tuple[str, str]] = {}
        for step in self.trace.steps:
            for g in step.pending:
                for e in g.effects:
                    last[e.uid] = (e.label, _STATUS_WORDS.get(e.status, e.status))
        out: dict[str, str] = {}
        for label, status in last.values():
            out[label if label not in out else f"{label} ({len(out)})"] = status
        for _, text in (x for x in self.last.log if x[0] == "activated"):
            if not any(text.startswith(k) and v == "activated" for k, v in out.items()):
                out[text if text not in out else f"{text} (*)"] = "activated"
        return out

    def activations(self) -> list[str]:
        """Labels of the activated effects in order, as the decisions wrote them (" (2)" kept)."""
        return [text for kind, text in self.last.log if kind == "activated"]

    def legacy_labels(self) -> dict[str, str]:
        """Label -> the label the same effect had before labels said what an effect does, for every effect that
        was pending during the play (an ``effects:`` pattern written with the old label still matches)."""
        out: dict[str, str] = {}
        for s in self.history:
            for g in s.pending:
                for pe in g.effects:
                    if pe.label not in out:
                        out[pe.label] = legacy_label(s, pe.effect, pe.source)
        return out

    def legacy_activations(self) -> list[str]:
        """The same effects under their labels before labels said what an effect does ("Activate <Piercing> of
        ST18-11 Parrotmon"), one per activation (its label where it never had another), so an expected order
        written with them still matches."""
        out: list[str] = []
        for kind, text in self.last.log:
            if kind == "activated":
                out.append(text)
            elif kind == "activated_as" and out:
                out[-1] = text
        return out

    def attacks(self) -> int:
        """Attacks declared during the play (CR 11-2)."""
        count, before = 0, None
        for s in self.history:
            a = s.attack
            if a is not None and (before is None or len(a.path) < len(before.path) or a.attacker != before.attacker):
                count += 1
            before = a
        return count

    def battles(self) -> int:
        """Battles fought (CR 14): with a Digimon, or with a Security Digimon during a security check."""
        count, before = 0, None
        for s in self.history:
            now = None if s.attack is None else (s.attack.attacker, s.attack.battle)
            if now is not None and now[1] is not None and now != before:
                count += 1
            before = now
        return count

    def attack_target(self) -> str | None:
        """The last attack's target when it ended: "player", a card number, or None if nothing attacked."""
        for s in reversed(self.history):
            if s.attack is not None:
                if s.attack.target == PLAYER_TARGET:
                    return "player"
                return _top_number(s, s.attack.target) or (
                    self.number(s.attack.target_card) if s.attack.target_card is not None else "?")
        return None

    def target_uid(self) -> int | None:
        for s in reversed(self.history):
            if s.attack is not None:
                return None if s.attack.target == PLAYER_TARGET else s.attack.target
        return None

    def offered(self) -> list[str]:
        """Every option label any decision of the play offered, in order of first appearance."""
        labels: list[str] = []
        for s in self.history:
            for label in (s.decision.labels if s.decision is not None else ()):
                if label not in labels:
                    labels.append(label)
        return labels

    def per_turn_used(self) -> list[str]:
        """Card numbers whose [Once Per Turn] (or [Twice Per Turn]) effect was used this turn, at the end."""
        return sorted(self.number(key[1]) for key, n in self.last.uses if n > 0)


def _top_number(s: State, iid: int) -> str | None:
    for player in s.players:
        for st in (*player.battle, *((player.breeding,) if player.breeding else ())):
            if st.iid == iid:
                return str(getattr(s.cards[st.top], "number", "?"))
    return None


def pile_differences(name: str, player: str, want: Any, got: list[str], ordered: bool, at: str) -> list[str]:
    """Compare a pile: ``want`` is a count, an exact list, or pairs of (``count``/``exactly``/``includes``, value)."""
    spec: dict[str, Any]
    if isinstance(want, int):
        spec = {"count": want}
    elif all(isinstance(x, str) for x in want):
        spec = {"exactly": list(want)}
    else:
        spec = {k: v for k, v in want}
    what = i18n.gettext("{at}: Player {player}'s {pile}").format(at=at, player=player, pile=i18n.gettext(name))
    out = []
    expected = i18n.gettext("{what}: expected {want}, got {got}")
    if "count" in spec and len(got) != spec["count"]:
        count = str(spec["count"]) if name == "Security Stack" else i18n.gettext("{count} cards").format(count=spec["count"])
        out.append(expected.format(what=what, want=count, got=len(got)))
    if "exactly" in spec:
        exact = list(spec["exactly"])
        same = got == exact if ordered else sorted(got) == sorted(exact)
        if not same:
            shown = (exact, got) if ordered else (sorted(exact), sorted(got))
            want_text = repr(shown[0]) + (" " + i18n.gettext("(top first)") if ordered else "")
            out.append(expected.format(what=what, want=want_text, got=repr(shown[1])))
    if "includes" in spec:
        wanted, have = Counter(spec["includes"]), Counter(got)
        lacking = wanted - have
        if lacking:
            out.append(i18n.gettext("{what}: expected to include {want}, got {got}").format(
                what=what, want=repr(sorted(lacking.elements())), got=repr(sorted(got))))
            short = [card for card in sorted(lacking) if have[card]]  # there, but fewer copies than listed
            if short:
                out[-1] += " (" + "; ".join(i18n.gettext("{count} copies of {card} expected, {found} found").format(
                    count=wanted[card], card=card, found=have[card]) for card in short) + ")"
    return out


def matches(pattern: str, text: str) -> bool:
    """Case-insensitive substring match, the way every ``expect`` label is compared."""
    return pattern.strip().casefold() in text.casefold()


def as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, (list, tuple)) else [value]
