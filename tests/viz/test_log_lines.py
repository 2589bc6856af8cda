"""The player's "steps so far" lines name each step's timing once (the newcomer's trial read "counter timing: Counter
timing: ..."), in English and German."""

from __future__ import annotations

import pytest

from digiteach import i18n
from digiteach.render import step_log_line
from digiteach.scenario import bundled_index, load_scenario, play


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_log_line_names_its_timing_twice(lang: str) -> None:
    with i18n.language(lang):
        trace = play(load_scenario(dict(bundled_index())["attack-resolution-5"]), lang)
        lines = [step_log_line(step, numbered=False) for step in trace.steps]
        named = [line for line in lines if line.split(": ")[0].casefold() == i18n.term("counter timing").casefold()]
    assert named, lines  # the counter timing's step is among them
    for line in lines:
        head, _, rest = line.partition(": ")
        assert not rest.casefold().startswith(head.casefold() + ":"), line
