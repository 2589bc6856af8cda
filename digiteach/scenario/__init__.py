"""Scenario files: a board, an opening action, the players' scripted answers and the outcome a ruling states.

A scenario is a YAML file (format reference: ``docs/scenario-format.md``; JSON schema shipped as
``digiteach/schema/scenario.schema.json``). Loading is two-layered:

1. the YAML is parsed with ruamel.yaml's round-trip loader (safe: it builds only plain mappings,
   sequences and scalars, and we reject any ``!!tag``), keeping the line of every key and value;
2. the data is validated with jsonschema and then with semantic checks (unknown card numbers,
   ambiguous references, duplicate aliases, ...).

Every problem raises :class:`ScenarioError` naming the file, the line, the field path, what is wrong
and what would be valid. The file is only read, never written.

Then :func:`play` runs the engine (``digiteach.engine``) from the scenario's board, answering each
decision with the next scripted choice, and :func:`check` compares the result with ``expect``.
:func:`branch` replays the documented choices up to a decision and answers it differently.

The package is split by role: :mod:`~digiteach.scenario.model` (the dataclasses and errors),
:mod:`~digiteach.scenario.reader` (safe YAML with lines), :mod:`~digiteach.scenario.validate` (schema
messages), :mod:`~digiteach.scenario.board`, :mod:`~digiteach.scenario.actions` and
:mod:`~digiteach.scenario.expect` (reading each part of a file), :mod:`~digiteach.scenario.load` (files
and bundled ids), :mod:`~digiteach.scenario.dump` (writing back), :mod:`~digiteach.scenario.play`
(driving the engine), :mod:`~digiteach.scenario.step_notes` (a scenario's notes at the steps they concern) and
:mod:`~digiteach.scenario.check` (comparing with ``expect``).

>>> sorted(ACTION_KINDS)
['activate', 'attack', 'digivolve', 'end_turn', 'pass', 'play', 'start_turn', 'use']
"""

from __future__ import annotations

from digiteach.scenario.check import check
from digiteach.scenario.dump import dump_scenario, scenario_to_data
from digiteach.scenario.load import (bundled_ids, bundled_index, bundled_paths, bundled_unreadable, load_scenario,
                                     parse_scenario)
from digiteach.scenario.model import (
    ACTION_KINDS,
    Choice,
    Expect,
    PlannedAction,
    Scenario,
    ScenarioError,
    ScenarioPlayError,
    StepNote,
    memory_from_text,
)
from digiteach.scenario.play import branch, in_language, library_for, play, replay

__all__ = [
    "ACTION_KINDS",
    "Choice",
    "PlannedAction",
    "Expect",
    "Scenario",
    "ScenarioError",
    "ScenarioPlayError",
    "StepNote",
    "load_scenario",
    "parse_scenario",
    "bundled_ids",
    "bundled_index",
    "bundled_paths",
    "bundled_unreadable",
    "play",
    "check",
    "branch",
    "in_language",
    "replay",
    "library_for",
    "scenario_to_data",
    "dump_scenario",
    "memory_from_text",
]
