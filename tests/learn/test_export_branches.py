"""The export that carries every branch (issue 14): the tree of lines, its page data, the page and the command.
The page itself is driven in Chromium by tests/browser/test_branches_export.py."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from digiteach import engine as eng
from digiteach.cli import main
from digiteach.explore import explore
from digiteach.export_branches import branch_tree, branches_data, branches_document
from digiteach.scenario import load_scenario, play


def _leaves(tree):  # type: ignore[no-untyped-def]
    return [n for n in tree.nodes if n.next is None and not n.options]


def test_every_line_of_te9_and_the_same_outcomes_as_explore() -> None:
    """Triggered Effects 9: the tree follows the same lines as the what-if exploration, to the same outcomes
    (CR 15-4-3-5: the order of pending effects is the turn player's choice)."""
    scenario = load_scenario("triggered-effects-9")
    tree = branch_tree(scenario)
    found = explore(scenario)
    assert tree.complete and tree.lines == found.lines == len(_leaves(tree))
    results = {eng.to_result([n.state]) for n in _leaves(tree)}
    assert results == {o.result for o in found.outcomes}


def test_the_documented_line_is_in_the_tree_step_for_step() -> None:
    scenario = load_scenario("triggered-effects-9")
    documented = play(scenario)
    tree = branch_tree(scenario, limit=1)  # even with room for one line only
    k, captions = 0, []
    while True:
        n = tree.nodes[k]
        assert n.documented
        captions.append(eng.to_step([n.state], 0).caption)
        nxt = n.next if n.next is not None else next((c for c in n.options.values() if c is not None), None)
        if nxt is None:
            break
        k = nxt
    assert captions == [s.caption for s in documented.steps]
    assert tree.lines == 1 and not tree.complete
    assert any(c is None for n in tree.nodes for c in n.options.values()), "answers left out are marked None"


def test_the_limit_keeps_whole_decisions_nearest_the_start() -> None:
    """Triggered Effects 7 has far more lines than the default limit of 200. The first decisions are opened
    whole (breadth-first), so every answer the page offers leads to a line: a decision has either every answer in
    the file or none, except on the documented line (its own answer is always there). The limit counts the lines in
    the file, ended or stopped at a decision left out."""
    scenario = load_scenario("triggered-effects-7")
    tree = branch_tree(scenario)
    assert not tree.complete and tree.lines == len(_leaves(tree) + [n for n in tree.nodes if n.options and all(
        c is None for c in n.options.values())]) <= 200
    first = next(n for n in tree.nodes if n.options)
    assert None not in first.options.values() and len(first.options) == 4
    for n in tree.nodes:
        cut = [label for label, c in n.options.items() if c is None]
        if cut and len(cut) < len(n.options):
            assert n.documented and all(tree.nodes[c].documented for c in n.options.values() if c is not None)
    opened = [len(n.answers) for n in tree.nodes if n.options and None not in n.options.values()]
    unopened = [len(n.answers) for n in tree.nodes if n.options and None in n.options.values() and not n.documented]
    assert max(opened) <= min(unopened) + 1, "breadth-first: no decision is opened deeper than one left out"
    data = branches_data(tree)
    assert data["limit"] == 200 and "--limit 400" in data["more"]
    for node in data["nodes"]:
        for o in node.get("options", []):
            assert o["node"] is None or data["nodes"][o["node"]]


def test_lines_share_their_common_prefix_and_frames_are_stored_once() -> None:
    tree = branch_tree(load_scenario("triggered-effects-9"))
    longest = max(n.depth for n in tree.nodes) + 1
    assert len(tree.nodes) < tree.lines * longest, "a shared prefix is one set of nodes"
    data = branches_data(tree)
    assert len(data["frames"]) < len(data["nodes"])
    assert len(data["svgs"]) <= 3 * len(data["frames"])
    assert len(set(data["svgs"])) == len(data["svgs"])
    for node in data["nodes"]:
        assert sum(k in node for k in ("next", "options", "outcome")) == 1


def test_a_later_action_continues_each_line() -> None:
    """A scenario with later actions (``action:`` as a list): each line goes on through them as play does."""
    from digiteach.scenario import bundled_ids

    sid = next(s for s in bundled_ids() if load_scenario(s).then)
    scenario = load_scenario(sid)
    tree = branch_tree(scenario, limit=50)
    documented = play(scenario)
    doc_nodes = [n for n in tree.nodes if n.documented]
    assert len(doc_nodes) == len(documented.steps), sid


def test_page_is_self_contained_and_escapes_scenario_text() -> None:
    scenario = load_scenario("triggered-effects-10")
    scenario = replace(scenario, title='Evil </script><script>alert(1)</script> & "title"')
    page = branches_document(branch_tree(scenario, limit=5))
    assert "<script>alert(1)" not in page
    assert "&lt;/script&gt;" in page  # in the <title> and <h1>
    data_text = re.search(r'<script type="application/json" id="digiteach-branches">(.*?)</script>', page, re.S)
    assert data_text is not None and "<" not in data_text.group(1)
    assert json.loads(data_text.group(1))["title"].startswith("Evil </script>")
    assert not re.search(r'\b(src|href)="(https?:)?//', page), "nothing is loaded from elsewhere"


def test_export_branches_command(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    target = tmp_path / "te10.html"
    assert main(["export", "triggered-effects-10", "--html", str(target), "--branches"], out=out, err=err) == 0
    assert "every line" in out.getvalue() and target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert main(["export", "triggered-effects-10", "--html", str(target), "--branches"], out=out, err=err) == 2
    assert "already exists" in err.getvalue()


@pytest.mark.parametrize("argv, message", [
    (["--limit", "3"], "give --branches too"),
    (["--branches", "--limit", "0"], "at least 1"),
    (["--branches", "--gif", "x.gif"], "HTML page only"),
])
def test_export_branches_command_bad_input(tmp_path: Path, argv: list[str], message: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    args = ["export", "triggered-effects-10", "--html", str(tmp_path / "x.html"), *argv]
    assert main(args, out=out, err=err) == 2
    assert message in err.getvalue()


def test_a_german_page_names_a_german_file_and_command() -> None:
    """The command a German every-line page gives for more lines exports German again, to a name that says so
    (English and German exports were both <id>-lines.html / <id>.html)."""
    from digiteach import i18n
    from digiteach.export_branches import branch_tree, more_command
    from digiteach.scenario import load_scenario

    tree = branch_tree(load_scenario("triggered-effects-9"), limit=3)
    assert more_command(tree).endswith("--html triggered-effects-9-lines.html --branches --limit 6")
    with i18n.language("de"):
        assert more_command(tree).endswith("--html triggered-effects-9-lines-de.html --branches --limit 6 --lang de")
