"""Fixtures for the scenario-format tests."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from digiteach.cards import Card, load_library

# Cards the test scenario files name (all from the seed card list).
USED = ("BT1-064", "BT1-079", "BT1-081", "ST4-08", "ST3-04", "BT5-031", "BT5-086", "ST3-03")


@pytest.fixture(scope="session")
def library() -> Mapping[str, Card]:
    lib = load_library()
    missing = [n for n in USED if n not in lib]
    assert not missing, f"the card library lacks cards the scenario tests use: {missing}"
    return lib
