"""Fixtures for the scenario-format tests."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).parent

# Cards the test files name. While the bundled card data is incomplete, those missing are stood in
# for by minimal inline-style cards, so loader tests do not depend on the engine's data files.
USED = {
    "BT1-064": "Goblimon", "BT1-079": "Lillymon", "BT1-081": "HerculesKabuterimon", "ST4-08": "Kabuterimon",
    "ST3-04": "Patamon", "BT5-031": "MetalGarurumon", "BT5-086": "Omnimon", "ST3-03": "Tapirmon",
}


@pytest.fixture(scope="session")
def library() -> Mapping[str, Any]:
    from digiteach.cards import card_from_dict, load_library

    lib = dict(load_library())
    for number, name in USED.items():
        if number not in lib:
            lib[number] = card_from_dict({"number": number, "name": name, "summary": "stand-in"})
    return lib
