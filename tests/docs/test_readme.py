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


def test_readme_command_table_names_every_subcommand_and_option() -> None:
    """Every `digiteach` subcommand (and the options a newcomer needs) has a row in the command table."""
    import argparse

    from digiteach.cli import parser

    table = README.split("## The `digiteach` command", 1)[1].split("Bundled scenarios", 1)[0]
    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name in sub.choices:
        assert f"| `digiteach {name}" in table, name
    for option in ("--html OUT", "--gif OUT", "--layout", "--large-pane", "--force", "--branches", "--ruleset"):
        assert option in table, option


def test_readme_says_what_the_newcomer_met() -> None:
    words = " ".join(README.split())
    assert "*Export HTML* button is different: the browser downloads the file" in words
    assert "Reloading the browser tab does the same" in words and "Shift+Enter" in words
    assert "(the step you were on and a branch you chose are lost)" in words
    assert "*No web browser found*: that is expected" in words
