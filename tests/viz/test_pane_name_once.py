"""A pane's name is shown once (a newcomer, session 16: every pane read "Pending activation" as its header and again
as the diagram's own title). The player and the exported page head each pane with its name (``diagram_titles``), so
a diagram's drawn title does not repeat it; the diagram's text alternative (its accessible name, ``aria-label``)
still starts with that name, so a screen reader is told which diagram it is. English and German."""

from __future__ import annotations

import re

import pytest

from digiteach.diagrams import DIAGRAMS, diagram_titles, step_descriptions
from digiteach.i18n import language
from digiteach.scenario import load_scenario, play

EXAMPLES = ("attack-resolution-5", "triggered-effects-7")


def drawn_title(source: str) -> str:
    """The words of a DOT graph's own label (its title, ``label=<...>`` at graph level), tags dropped."""
    match = re.search(r"^\tgraph \[.*?label=<(.*?)> ", source, re.M | re.S) or re.search(
        r"^\tgraph \[.*?label=(\S+)", source, re.M | re.S)
    assert match, source[:400]
    return " ".join(re.sub(r"<[^>]*>", " ", match.group(1)).split())


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("scenario", EXAMPLES)
def test_no_diagram_repeats_its_pane_name_and_its_text_alternative_keeps_it(scenario: str, lang: str) -> None:
    with language(lang):
        trace = play(load_scenario(scenario))
        for k, step in enumerate(trace.steps):
            previous = trace.steps[k - 1] if k else None
            descriptions = step_descriptions(step, previous)
            for (name, diagram), heading in zip(DIAGRAMS.items(), diagram_titles(step), strict=True):
                title = drawn_title(diagram.build(step, previous).source)
                assert heading.lower() not in title.lower(), (
                    f"{scenario} step {k + 1} ({lang}): the {name} diagram's title {title!r} repeats its pane's "
                    f"name {heading!r}")
                if name != "attack":  # the attack diagram's alternative names the attack or the turn phases
                    assert descriptions[name].startswith(heading), (name, heading, descriptions[name][:80])
