"""Rows of the judge's re-review of labels and captions (issue 11), checked on the bundled traces (CR Ver.4.2)."""

from __future__ import annotations

from functools import cache

from digiteach.scenario import load_scenario, play
from digiteach.views import Step


@cache
def steps(sid: str) -> tuple[Step, ...]:
    return tuple(play(load_scenario(sid)).steps)


def caption_with(sid: str, words: str) -> Step:
    found = [st for st in steps(sid) if words in st.caption]
    assert found, f"{sid}: no step says {words!r}"
    return found[0]


def test_a_second_instance_names_the_first_once_and_says_what_it_counts() -> None:
    """TE-3 [6]: MaloMyotismon (for Guilmon) triggers again (CR 15-4-2-4) once for two Digimon (CR 15-5-2)."""
    st = caption_with("triggered-effects-3", "second instance")
    assert ("[All Turns] of BT3-092 MaloMyotismon: +1 memory (for Guilmon) has not activated yet, so this deletion "
            "triggers it again as a second instance. The 2 Digimon are deleted at the same moment, so this instance "
            "triggers once and counts 2.") in st.caption
    assert st.caption.count("(for DarkTyrannomon and 1 more)") == 1
    assert {"CR 15-4-2-4", "CR 15-5-2", "CR 4-27-5"} <= set(st.rules)
