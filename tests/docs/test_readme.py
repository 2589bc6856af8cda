"""The README stays true: its example scenario passes ``digiteach check``, and the files it names exist."""

from __future__ import annotations

import re
from pathlib import Path

from digiteach.scenario import check, load_scenario

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_scenario_passes(tmp_path: Path) -> None:
    """The 'Write a scenario' example plays and matches its own expect."""
    block = re.search(r"```yaml\n(id: my-first-ruling.*?)```", README, re.S)
    assert block, "README lost its example scenario"
    path = tmp_path / "my-first-ruling.yaml"
    path.write_text(block.group(1), encoding="utf-8")
    assert check(load_scenario(path)) == []


def test_readme_links_exist() -> None:
    """Every relative link and image in the README points at a file in the repository."""
    for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", README):
        assert (ROOT / target).exists(), f"README links to missing {target}"


def test_readme_names_the_two_commands() -> None:
    """The two set-up commands are the ones CI and newcomers run."""
    assert "./lab" in README and "./test" in README
    assert "./test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
