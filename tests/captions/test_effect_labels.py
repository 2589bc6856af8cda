"""Pending-effect labels tell effects apart (CR 15-4-4-1; issue 11, judge review rows 9 and 13).

A label names the effect, what it does, the Digimon holding it and, for an inherited effect, the card it comes from
(CR 4-3-3, 15-3); a repeat says which event's card it is for. Only instances nothing tells apart end in "(2)".
Older labels stay answerable; an answer that fits several options is still an error listing the legal labels.
"""

from __future__ import annotations

import re
from pathlib import Path
from functools import cache

import pytest

from digiteach.cards import CardDataError, card_from_dict
from digiteach.decisions import Decision, IllegalAnswer, Option, match_answer
from digiteach.scenario import bundled_ids, load_scenario
from digiteach.scenario.play import drive
from digiteach.state import State
from digiteach.terms import EffectStatus

IDS = bundled_ids()
_COPY = re.compile(r" \((\d+)\)$")


@cache
def history(sid: str) -> tuple[State, ...]:
    return tuple(drive(load_scenario(sid)).history)


def _event_card(s: State, card: int | None) -> str | None:
    return None if card is None else s.cards[card].number


@pytest.mark.parametrize("sid", IDS)
def test_pending_labels_are_unique_and_a_number_only_parts_indistinguishable_instances(sid: str) -> None:
    for i, s in enumerate(history(sid)):
        waiting = [p for g in s.pending for p in g.effects if p.status is EffectStatus.PENDING]
        labels = [p.label for p in waiting]
        assert len(labels) == len(set(labels)), (sid, i, labels)
        by_base: dict[str, list[object]] = {}
        for p in waiting:
            key = (id(p.effect), p.source, _event_card(s, p.event.card if p.event else None))
            by_base.setdefault(_COPY.sub("", p.label), []).append(key)
        for base, keys in by_base.items():
            if len(keys) > 1:
                assert len(set(keys)) == 1, f"{sid} step {i}: {base!r} numbered although its instances differ"


def _labels_of(sid: str, card: str) -> list[str]:
    seen: list[str] = []
    for s in history(sid):
        for g in s.pending:
            for p in g.effects:
                if card in p.label and p.label not in seen:
                    seen.append(p.label)
    return seen


@pytest.mark.parametrize("sid", ["triggered-effects-9", "triggered-effects-10"])
def test_ulforceveedramons_two_your_turn_effects_read_differently(sid: str) -> None:
    """BT2-032: one [Your Turn] effect unsuspends it when a blue Tamer suspends, the other gains 1 memory when it
    unsuspends ([Once Per Turn]); their labels say which is which."""
    labels = _labels_of(sid, "[Your Turn] of BT2-032 UlforceVeedramon")
    unsuspend = [lb for lb in labels if lb.startswith("Activate [Your Turn] of BT2-032 UlforceVeedramon: unsuspend")]
    memory = [lb for lb in labels if lb == "Activate [Your Turn] of BT2-032 UlforceVeedramon: +1 memory"]
    assert unsuspend and memory and set(labels) == set(unsuspend + memory)
    assert not any(_COPY.search(lb) for lb in labels), labels


def test_the_second_unsuspend_says_which_suspension_it_is_for() -> None:
    """TE-9: the unsuspend triggered by Joe Kido's suspension waits while the one for Sora & Joe's still does."""
    assert "Activate [Your Turn] of BT2-032 UlforceVeedramon: unsuspend (for Joe Kido)" in \
        _labels_of("triggered-effects-9", "UlforceVeedramon")


def test_an_inherited_effect_is_named_by_the_digimon_holding_it() -> None:
    """CR 4-3-3, 15-3: Majiramon's inherited [When Attacking] belongs to UlforceVeedramon above it."""
    assert "Activate [When Attacking] of BT2-032 UlforceVeedramon: unsuspend (inherited from Majiramon)" in \
        _labels_of("triggered-effects-9", "Majiramon")


def test_malomyotismons_two_instances_each_name_their_deletion() -> None:
    """TE-3: one instance for Guilmon's deletion, one for the two DarkTyrannomon deleted at once (CR 15-5-2)."""
    labels = _labels_of("triggered-effects-3", "MaloMyotismon")
    assert labels == ["Activate [All Turns] of BT3-092 MaloMyotismon: +1 memory (for Guilmon)",
                      "Activate [All Turns] of BT3-092 MaloMyotismon: +1 memory (for DarkTyrannomon and 1 more)"]


def test_omnimons_two_when_digivolving_effects_read_differently() -> None:
    labels = _labels_of("attack-resolution-8", "[When Digivolving] of BT5-086 Omnimon")
    assert set(labels) == {"Activate [When Digivolving] of BT5-086 Omnimon: <Blitz>",
                           "Activate [When Digivolving] of BT5-086 Omnimon: unsuspend"}


# --- answering with the older labels -------------------------------------------------------------------------

_ORDER = Decision(player=0, kind="order", prompt="Which pending effect activates next?", rule="CR 15-4-3-5", options=(
    Option("Activate [Your Turn] of BT2-032 UlforceVeedramon: unsuspend", 1,
           ("Activate [Your Turn] of BT2-032 UlforceVeedramon",)),
    Option("Activate [Your Turn] of BT2-032 UlforceVeedramon: +1 memory", 2,
           ("Activate [Your Turn] of BT2-032 UlforceVeedramon",)),
    Option("Activate [When Attacking] of BT2-032 UlforceVeedramon: unsuspend (inherited from Majiramon)", 3,
           ("Activate [When Attacking] of BT6-027 Majiramon",)),
))


def test_an_older_label_still_answers() -> None:
    assert match_answer(_ORDER, "Activate [When Attacking] of BT6-027 Majiramon").ref == 3
    assert match_answer(_ORDER, "activate [when attacking] of bt6-027").ref == 3  # an older prefix
    assert match_answer(_ORDER, "Activate [Your Turn] of BT2-032 UlforceVeedramon: +1").ref == 2


def test_an_answer_that_fits_several_options_lists_the_legal_labels() -> None:
    with pytest.raises(IllegalAnswer) as err:
        match_answer(_ORDER, "Activate [Your Turn] of BT2-032 UlforceVeedramon")
    text = str(err.value)
    assert "ambiguous" in text and "CR 15-4-3-5" in text
    assert all(repr(o.label) in text for o in _ORDER.options)


def test_an_older_label_in_a_scenario_file_plays_and_an_ambiguous_one_is_a_located_error(tmp_path: Path) -> None:
    from digiteach.scenario import ScenarioPlayError, check

    text = Path(load_scenario("triggered-effects-10").path).read_text(encoding="utf-8")
    old = text.replace('"Activate [When Attacking] of BT2-032 UlforceVeedramon: unsuspend (inherited from Majiramon)"',
                       "Activate [When Attacking] of BT6-027 Majiramon")
    assert old != text
    (tmp_path / "old.yaml").write_text(old, encoding="utf-8")
    assert check(load_scenario(tmp_path / "old.yaml")) == []
    # at that decision both options start "Activate [Your Turn] of BT" under the new and the older labels
    vague = text.replace('"Activate [Your Turn] of BT2-032 UlforceVeedramon: unsuspend"', "Activate [Your Turn] of BT")
    assert vague != text
    (tmp_path / "vague.yaml").write_text(vague, encoding="utf-8")
    with pytest.raises(ScenarioPlayError) as err:
        check(load_scenario(tmp_path / "vague.yaml"))
    line = next(i for i, ln in enumerate(vague.splitlines(), 1) if ln.rstrip().endswith("Activate [Your Turn] of BT"))
    assert f":{line}:" in str(err.value) and "ambiguous" in str(err.value)
    assert "Activate [Your Turn] of BT2-085 Joe Kido: +1 memory" in str(err.value)


# --- an author's label: words ---------------------------------------------------------------------------------

def _card(effect: dict[str, object]) -> dict[str, object]:
    return {"number": "XX-9", "name": "Labelmon", "level": 4, "dp": 5000, "summary": "test", "effects": [effect]}


def test_an_authors_label_overrides_the_derived_words() -> None:
    from digiteach.engine.labels import what_words

    e = card_from_dict(_card({"timing": "When Attacking", "label": "wake up", "summary": "s",
                              "actions": [{"do": "unsuspend", "target": "this"}]})).effects[0]
    assert what_words(e) == "wake up"  # type: ignore[arg-type]


@pytest.mark.parametrize("value, words", [
    ("", "1 to 30 characters"), ("x" * 31, "1 to 30 characters"), ("two\nlines", "one line"), (3, "expected text"),
    (" padded", "no leading or trailing space"),
])
def test_a_bad_label_is_a_located_error(value: object, words: str) -> None:
    with pytest.raises(CardDataError) as err:
        card_from_dict(_card({"timing": "When Attacking", "label": value, "summary": "s",
                              "actions": [{"do": "unsuspend", "target": "this"}]}), "x.yaml")
    assert "label" in str(err.value) and words in str(err.value)


def test_a_persistent_effect_has_no_label() -> None:
    with pytest.raises(CardDataError, match="never pending"):
        card_from_dict(_card({"persistent": {"kind": "dp", "amount": 1000}, "label": "big", "summary": "s"}))


def test_every_action_has_words_for_labels() -> None:
    """A new action (``ACTION_NAMES``) needs its ``what.*`` words, else its effects could not be labelled."""
    from digiteach.cards.reader import ACTION_NAMES
    from digiteach.engine.labels import WHAT

    assert set(ACTION_NAMES.values()) <= set(WHAT)
