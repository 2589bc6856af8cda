"""``docs/scenario-format.md`` follows the schema: every ``expect`` key, ``setup`` key and effect status
the schema accepts is documented, and the doc documents no key the schema refuses."""

from __future__ import annotations

import json
import re
from pathlib import Path

from digiteach.scenario.outcome import EFFECT_STATUSES

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
SCHEMA = json.loads((ROOT / "digiteach" / "schema" / "scenario.schema.json").read_text(encoding="utf-8"))


def _table_keys(section: str) -> set[str]:
    body = DOC[DOC.index(section):]
    body = body[: body.index("\n## ", 1)]
    return set(re.findall(r"^\| `([a-z_]+)` \|", body, re.M))


def test_every_expect_key_is_documented_and_no_other() -> None:
    assert _table_keys("## `expect`") == set(SCHEMA["$defs"]["expect"]["properties"])


def test_every_setup_key_is_documented() -> None:
    assert set(SCHEMA["$defs"]["setup"]["properties"]) <= _table_keys("## `setup`") | {"A", "B"}


def test_effect_statuses_match_the_schema_and_the_doc() -> None:
    schema = SCHEMA["$defs"]["expect"]["properties"]["effects"]["additionalProperties"]["enum"]
    assert tuple(schema) == EFFECT_STATUSES
    assert all(f"`{s}`" in DOC for s in EFFECT_STATUSES)
