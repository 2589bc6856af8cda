"""A scenario's notes at a step: placing its ``wiki_notes`` and ``step_notes`` on the steps they concern, and
refusing a note whose phrase no step's caption holds.

Both kinds are one mechanism (:class:`digiteach.scenario.model.StepNote`): a note goes to the first step whose
caption contains its ``at`` phrase, and is shown in the step's field for its kind (:data:`NOTE_KINDS`: a wiki note
in ``Step.differs`` under "wiki vs CR", a judge's note in ``Step.note`` under "Note"). Notes live in the scenario
layer: the engine's states know nothing of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from digiteach import i18n
from digiteach.scenario.escape import clip
from digiteach.scenario.model import NOTE_KINDS, Scenario, ScenarioPlayError, told
from digiteach.views import Step, Trace

_ = i18n.gettext


def note_step(steps: Sequence[Step], at: str) -> int | None:
    """Index of the first step of ``steps`` whose caption contains ``at``, or None."""
    return next((i for i, st in enumerate(steps) if at in st.caption), None)


def place_notes(scenario: Scenario, steps: list[Step], notes_at: Sequence[Step] | None = None, keep: int = 0) -> None:
    """Add ``scenario``'s step notes, in the language in force, to the steps they concern, in place: each note to
    the first step whose caption holds its phrase, looked up in ``notes_at`` (the English steps of a translated
    play) if given, else in ``steps``; several notes of one kind at a step are joined by a space, after what the
    step already says (the engine's own wiki-vs-CR note). The first ``keep`` steps already have theirs."""
    for kind in NOTE_KINDS:
        for k, sn in enumerate(scenario.notes_of(kind)):
            i = note_step(notes_at if notes_at is not None else steps, sn.at)
            if i is None or not keep <= i < len(steps):
                continue
            st, text = steps[i], scenario.note_in(kind, k)
            if kind == "wiki_notes":
                steps[i] = replace(st, differs=f"{st.differs} {text}".strip())
            else:
                steps[i] = replace(st, note=f"{st.note} {text}".strip())


def check_step_notes(scenario: Scenario, trace: Trace) -> None:
    """Every step note of a scripted play (wiki notes first, then the judge's notes) lands on a step of ``trace``
    (played in English); else raise :class:`ScenarioPlayError` located at the note's ``at`` (field
    ``step_notes[1].at``), carrying ``trace``."""
    for kind in NOTE_KINDS:
        for k, sn in enumerate(scenario.notes_of(kind)):
            if note_step(trace.steps, sn.at) is None:
                with told():
                    err = ScenarioPlayError(scenario.path, sn.line, f"{kind}[{k}].at", _(
                        "no step's caption contains {phrase}").format(phrase=clip(sn.at)),
                        _("a phrase copied from the caption of the step the note concerns"))
                err.trace = trace
                raise err
