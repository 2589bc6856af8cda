"""Lesson 04's outcome list can be followed (newcomer report 12): it names the card an inherited effect comes from
(``BT6-027 Majiramon (inherited, on BT2-032)``), as the lesson's text does, so the learner finds example 9.
"""

from __future__ import annotations

from typing import Any
from pathlib import Path

import nbformat
import pytest

REPO = Path(__file__).resolve().parent.parent


def _code(nb: Any) -> list[Any]:
    return [c for c in nb.cells if c.cell_type == "code"]


@pytest.mark.parametrize("stem", ["04_explore_every_branch", "de/04_explore_every_branch_de"])
def test_lesson_04_lets_the_learner_find_example_9(stem: str) -> None:
    """The stored outcome list names the card of Majiramon's inherited effect, and exactly one outcome is the one the
    text describes for example 9: Joe Kido's effect second, Majiramon's last."""
    nb = nbformat.read(REPO / "lessons" / f"{stem}.ipynb", as_version=4)
    listing = next(c for c in _code(nb) if "found.outcomes" in c.source and c.outputs)
    lines = "".join(o.get("text", "") for o in listing.outputs).splitlines()
    if stem.startswith("de/"):
        last, second = "Majiramon", "Joe Kido"
    else:
        last, second = "BT6-027 Majiramon (inherited, on BT2-032)", "BT2-085"
        text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
        assert f"`{last}`" in text and f"({second})" in text, "the text must name the entries as the list prints them"
    orders = [line.split(": ", 1)[1].split(" -> ") for line in lines[1:] if ": " in line]
    example_9 = [order for order in orders if len(order) > 1 and order[1] == second and order[-1] == last]
    assert len(example_9) == 1, "\n".join(lines)
