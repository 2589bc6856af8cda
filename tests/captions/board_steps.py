"""What the caption tests share: a board file of theirs played into its steps, and the one step a caption names."""

from __future__ import annotations

from pathlib import Path

from digiteach.scenario import load_scenario
from digiteach.scenario.play import play
from digiteach.views import Step


def board_steps(folder: Path, name: str, lang: str = "en") -> tuple[Step, ...]:
    """The steps of the board file ``folder/name.yaml`` played in the language ``lang``."""
    return play(load_scenario(str(folder / f"{name}.yaml")), lang).steps


def one_step(steps: tuple[Step, ...], words: str) -> Step:
    """The one step of ``steps`` whose caption holds ``words`` (the test fails when there are none or several)."""
    found = [st for st in steps if words in st.caption]
    assert len(found) == 1, [st.caption for st in steps]
    return found[0]
