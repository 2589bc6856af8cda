"""The German example lessons (``lessons/de/ar01_*`` ... ``te10_*``) for ``build_lessons.py``: the words of their
template. Their texts, in our own words, are in :mod:`lesson_texts_de_ar` and :mod:`lesson_texts_de_te`.

Those hold one entry of ``TEXTS`` per English example of :data:`lesson_texts.EXAMPLES` (keyed by its notebook name): the
fields of :class:`lesson_texts.Example` that carry words (title, do, learn, situation, watch, try_it, differences,
outcome, source, try_code), in German. The scenario id comes from the English example; the notebook is named
``ar05_piercing_waits`` for ``ar05_piercing_waits``. The template (``build_lessons.example_cells_de``) prints in
German (``SUMMARY_DE``, ``FINAL_BOARD_DE``) and opens the player with ``lang="de"``. The game terms follow
``docs/glossary-de.md``; card names, keywords in angle brackets, timings in square brackets and rule numbers stay as
printed. A branch cell names an option by a part of its German label (``branch_de``).
"""

from __future__ import annotations

from lesson_texts_de import REVEAL_TITLE_DE

__all__ = ["SOURCE_WORD", "SUMMARY_DE", "FINAL_BOARD_DE", "branch_de"]

SOURCE_WORD = "Quelle"

SUMMARY_DE = '''\
# NBVAL_CHECK_OUTPUT
r = trace.result
print("Aktiviert, der Reihe nach:")
for n, label in enumerate(r.activation_order, 1):
    print(f"  {n}. {label}")
print("Gelöscht:", ", ".join(r.deleted) or "nichts")
print("Sicherheitsstapel:", ", ".join(f"Spieler {p} {n}" for p, n in r.security))
print("Speicher:", "0" if r.memory == 0 else f"{abs(r.memory)} auf der Seite von Spieler {'A' if r.memory > 0 else 'B'}")
print("Sieger:", f"Spieler {r.winner}" if r.winner else "niemand")
print("Abweichungen vom dokumentierten Ergebnis:", sc.check(scenario) or "keine")'''
"""The outcome summary every German example ends with: the result of the documented line, then whether it matches
the outcome the scenario file states (taken from the example, never from the engine)."""

FINAL_BOARD_DE = '''\
# NBVAL_CHECK_OUTPUT
for side in trace.steps[-1].board.sides:
    digimon = [s.top.label + (" (quergelegt)" if s.suspended else "") for s in side.battle_area]
    print(f"Spieler {side.player}: Kampfbereich: {', '.join(digimon) or 'leer'}")
    print(f"           Hand {side.hand_size}, Sicherheitsstapel {side.security_size}, Trash {len(side.trash)}")'''

_BRANCH = '''\
import ipywidgets
from digiteach.outcome import {imports}

step = next(s for s in trace.steps if s.decision is not None and s.decision.kind == "{kind}")
choice = next(o for o in step.decision.options if "{text}" in o)
mine = sc.branch(trace, step.index, choice)
{then}answer = ipywidgets.Output()
with answer:
    print(f"Schritt {{step.index + 1}}: dokumentiert {{step.choice!r}}, deine Wahl {{choice!r}}")
{facts}    print("Aktiviert, der Reihe nach:")
    for n, label in enumerate(mine.result.activation_order, 1):
        print(f"  {{n}}. {{label}}")
    for line in outcome_lines(mine.result):  # gelöscht, Sicherheitsstapel, Speicher, Sieger (und eine offene Frage)
        print(line)
ipywidgets.Accordion([answer], titles=[{title!r}], selected_index=None)'''

_THEN = '''\
for then in {answers!r}:  # {comment}
    asked = mine.steps[-1]  # die offene Frage, bei der die Linie stehen blieb
    mine = sc.branch(mine, asked.index, next(o for o in asked.decision.options if then in o))
'''


def branch_de(kind: str, text: str, then: tuple[str, ...] = (), facts: str = "",
              then_comment: str = "die späteren Antworten, die die Frage nennt") -> str:
    """A cell that answers the first decision of ``kind`` with the option whose German label contains ``text``, plays
    on, and prints the new line's outcome into a closed Accordion (the learner decides first). ``then`` and ``facts``
    as in :func:`lesson_texts.branch`: the later answers the question states (parts of German labels), and the lines
    that print what the question asks."""
    return _BRANCH.format(kind=kind, text=text, title=REVEAL_TITLE_DE,
                          imports="memory_words, outcome_lines" if "memory_words" in facts else "outcome_lines",
                          then=_THEN.format(answers=then, comment=then_comment) if then else "", facts=facts)
