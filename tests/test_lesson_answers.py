"""A folded "Show the engine's answer" answers its own question (newcomer report 12): it plays the learner's line to its
end (no question left open), with the later answers the lesson's question states, and prints the facts asked. Over
every lesson with a folded answer, so a new lesson with an answer that stops half-way fails here.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

import nbformat
import pytest

from test_lesson_player_cells import NOTEBOOKS, lesson_name, run_cell



def _code(nb: Any) -> list[Any]:
    return [c for c in nb.cells if c.cell_type == "code"]


ANSWER_FACTS = {
    # Upamon picked first fails its condition and is not activated (CR 15-6-3): no card is drawn. The memory effects
    # (Zudomon +1 after Gabumon made its condition true, VenomMyotismon +1 for B) are the documented line's.
    "te01_order_your_own_when_attacking": ["Cards Player A draws: 0", "The memory ends at: 3 on Player A's side"],
    "de/te01_order_your_own_when_attacking_de": ["Karten, die Spieler A zieht: 0",
                                              "Der Speicher endet bei: 3 auf der Seite von Spieler A"],
    # Unsuspend first, then the <Blitz> attack suspends Omnimon (CR 11-2-2) and nothing unsuspends it afterwards;
    # Takumi Aiba still draws: 1 + 1 cards.
    "ar08_blitz_triggers_jump_ahead": ["At the end (yours): Omnimon suspended, Player A holds 2 cards"],
    "de/ar08_blitz_triggers_jump_ahead_de": ["Am Ende (deine Linie): Omnimon quergelegt, Spieler A hält 2 Karten"],
    # Not ended, the attack reaches the block timing (CR 11-1-3); the block suspends Coredramon (CR 16-5-2), an
    # opposing Digimon suspended: Izzy Izumi's effect triggers.
    "te08_attack_ended_at_declaration": ["Coredramon blocks: yes", "Izzy Izumi's effect activates: yes"],
    "de/te08_attack_ended_at_declaration_de": ["Coredramon blockt: ja", "Izzy Izumis Effekt wird aktiviert: ja"],
}
"""What the folded answers of the lessons whose question asks for particular facts must print (from the rules)."""

ANSWER_NOTEBOOKS = [p for p in NOTEBOOKS
                    if any("ipywidgets.Accordion(" in c.source and "sc.branch(" in c.source
                           for c in _code(nbformat.read(p, as_version=4)))]


def test_the_asked_facts_are_checked() -> None:
    assert set(ANSWER_FACTS) <= {lesson_name(p) for p in ANSWER_NOTEBOOKS}
    assert len(ANSWER_NOTEBOOKS) >= 30


@pytest.mark.parametrize("path", ANSWER_NOTEBOOKS, ids=lesson_name)
def test_every_folded_answer_plays_to_the_end(path: Path) -> None:
    """The lesson's cells up to its folded answer, run in order: the learner's line ends with no question open, and
    the answer prints what the question asks."""
    from digiteach import i18n

    i18n.set_language("en")
    namespace: dict[str, Any] = {}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for cell in _code(nbformat.read(path, as_version=4)):
            run_cell(cell.source, namespace)
            if "ipywidgets.Accordion(" in cell.source and "sc.branch(" in cell.source:
                break
    i18n.set_language("en")
    mine = namespace.get("mine")
    assert mine is not None and mine.result.stopped_at is None, (
        f"{path.name}: the folded answer stops at an open question ({mine.result.stopped_at if mine else None}): "
        "state the later answers in the question and give them to the cell")
    for fact in ANSWER_FACTS.get(lesson_name(path), []):
        assert fact in printed.getvalue(), f"{path.name}: the answer does not print {fact!r}:\n{printed.getvalue()}"
