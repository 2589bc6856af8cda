"""The calls the README shows work as written, in a fresh process (nothing imported before them)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_widgets_learn_study_after_import_widgets_alone() -> None:
    """README, Lessons: ``import widgets`` then ``widgets.learn.study(...)`` (a newcomer met an AttributeError)."""
    code = "import widgets; print(callable(widgets.learn.study)); print(hasattr(widgets, 'no_such_thing'))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "False"]
