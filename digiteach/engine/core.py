"""The engine's queries and small pure updates under one name, for the handlers and the card code.

``from digiteach.engine import core as c`` then ``c.find``, ``c.say``, ``c.trigger``...: this module only
re-exports. The functions live in :mod:`digiteach.engine.query` (read-only questions),
:mod:`digiteach.engine.triggers` (triggering, [X Per Turn] counts, generations) and
:mod:`digiteach.engine.edits` (small state edits).
"""

from __future__ import annotations

from digiteach.engine.edits import (
    create_token,
    gain_memory,
    modifier,
    new_id,
    remove_stack,
    say,
    set_player,
    update_stack,
)
from digiteach.engine.query import (
    CONDITIONS,
    EffectSource,
    activation_locked,
    all_cards_places,
    all_stacks,
    cant_attack_or_block,
    cant_be_blocked,
    card,
    check_count,
    condition_met,
    dp,
    effects_of,
    find,
    has_keyword,
    in_battle_area,
    is_digimon,
    label,
    memory_change,
    memory_gain_prohibited,
    memory_of,
    memory_words,
    missing_colours,
    persistents,
    pname,
    scope_ok,
    security_a,
    security_dp,
    stack,
    stack_of,
    unaffected_by,
)
from digiteach.engine.triggers import (
    TIMING_EVENTS,
    TURN_TIMINGS,
    effect_label,
    matches,
    push_generation,
    spend_use,
    trigger,
    trigger_many,
    trigger_of,
    unique_label,
    uses_left,
)

__all__ = [
    # query
    "EffectSource",
    "CONDITIONS",
    "card",
    "label",
    "pname",
    "find",
    "stack_of",
    "stack",
    "in_battle_area",
    "all_stacks",
    "is_digimon",
    "effects_of",
    "scope_ok",
    "persistents",
    "has_keyword",
    "cant_be_blocked",
    "cant_attack_or_block",
    "unaffected_by",
    "activation_locked",
    "dp",
    "security_dp",
    "security_a",
    "check_count",
    "memory_gain_prohibited",
    "missing_colours",
    "memory_of",
    "memory_words",
    "memory_change",
    "condition_met",
    "all_cards_places",
    # triggers
    "TIMING_EVENTS",
    "TURN_TIMINGS",
    "uses_left",
    "spend_use",
    "trigger_of",
    "matches",
    "effect_label",
    "unique_label",
    "trigger",
    "trigger_many",
    "push_generation",
    # edits
    "say",
    "set_player",
    "update_stack",
    "remove_stack",
    "create_token",
    "new_id",
    "modifier",
    "gain_memory",
]

# The names flow.py and custom_triggered.py use today; they become scope_ok / unique_label when the engine's
# handlers move into their rule-chapter package.
_scope_ok = scope_ok
_unique = unique_label
