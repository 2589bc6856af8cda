"""The README stays true: its example scenario passes ``digiteach check``, and the files it names exist. The
reference it once held lives in pages under ``docs/`` (the command, the player, the set-up): what a test checked in
the README it now checks in the page the text moved to, and every relative link of the README and of those pages
resolves, to a file and, where it names one, to a heading of that file."""

from __future__ import annotations

import re
from pathlib import Path

from digiteach.scenario import check, load_scenario

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
COMMAND = (ROOT / "docs" / "command.md").read_text(encoding="utf-8")
PLAYER = (ROOT / "docs" / "player.md").read_text(encoding="utf-8")
SETUP = (ROOT / "docs" / "setup.md").read_text(encoding="utf-8")
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_readme_scenario_passes(tmp_path: Path) -> None:
    """The 'Write a scenario' example plays and matches its own expect."""
    block = re.search(r"```yaml\n(id: blocked-piercing-check.*?)```", README, re.S)
    assert block, "README lost its example scenario"
    path = tmp_path / "blocked-piercing-check.yaml"
    path.write_text(block.group(1), encoding="utf-8")
    assert check(load_scenario(path)) == []


def test_readme_links_exist() -> None:
    """Every relative link and image in the README points at a file in the repository."""
    for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", README):
        assert (ROOT / target).exists(), f"README links to missing {target}"


def anchors(path: Path) -> set[str]:
    """The anchors GitHub gives the Markdown file's headings (lower case, punctuation dropped, spaces to hyphens)."""
    found: set[str] = set()
    in_code = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            in_code = not in_code
        elif not in_code and (heading := re.match(r"#{1,6} (.*)", line)):
            found.add(re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-"))
    return found


def test_every_relative_link_of_the_readme_and_the_docs_resolves() -> None:
    """README.md and every page under docs/: each relative link (and image) names a file that exists, relative to the
    page; a link with an anchor (`page.md#heading`, or `#heading` in the same page) names one of that page's headings."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    checked = 0
    for page in pages:
        text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
        for target in LINK.findall(text):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            file = (page.parent / path).resolve() if path else page
            assert file.exists(), f"{page.relative_to(ROOT)} links to missing {target}"
            if anchor and file.suffix == ".md":
                assert anchor in anchors(file), f"{page.relative_to(ROOT)} links to {target}: no such heading"
            checked += 1
    assert checked > 20, checked


def test_the_readme_links_each_reference_page() -> None:
    """Each page the README's reference moved to is linked from the README, so nothing moved out of reach."""
    for name in ("setup", "testing", "workshops", "player", "command", "lehrkraefte.de", "scenario-guide",
                 "scenario-format", "how-it-is-built", "speed", "speed-history"):
        assert f"](docs/{name}.md" in README, name


def test_readme_names_the_two_commands() -> None:
    """The two set-up commands are the ones CI and newcomers run."""
    assert "./lab" in README and "./test" in README
    assert "./test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_readme_command_table_names_every_subcommand_and_option() -> None:
    """Every `digiteach` subcommand (and the options a newcomer needs) has a row in the command table."""
    import argparse

    from digiteach.cli import parser

    table = COMMAND.split("# The `digiteach` command", 1)[1].split("Bundled scenarios", 1)[0]
    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name in sub.choices:
        assert f"| `digiteach {name}" in table, name
    for option in ("--html OUT", "--gif OUT", "--layout", "--large-pane", "--force", "--branches", "--ruleset"):
        assert option in table, option


def test_readme_says_what_the_newcomer_met() -> None:
    """The README says what a newcomer met on a machine without a desktop; the set-up page, the rest."""
    assert "*No web browser found*: that is expected" in " ".join(README.split())
    words = " ".join(SETUP.split())
    assert "*Export HTML* button is different: the browser downloads the file" in words
    assert "Reloading the browser tab does the same" in words and "Shift+Enter" in words
    assert "(the step you were on and a branch you chose are lost)" in words


def python_with_uv() -> str:
    """A Python outside this test's environment that has uv (./lab and ./test install it), as a judge's shell has."""
    import os
    import shutil
    import subprocess
    import sys

    import pytest

    venv_bin = str(Path(sys.executable).parent)
    path = os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep) if p != venv_bin)
    for python in (os.environ.get("PYTHON", ""), shutil.which("python3", path=path) or ""):
        if python and not python.startswith(venv_bin) and subprocess.run(
                [python, "-m", "uv", "--version"], capture_output=True, check=False).returncode == 0:
            return python
    pytest.skip("no Python with uv outside the test environment (./lab and ./test install uv)")


def test_the_judges_commands_work_from_any_folder(tmp_path: Path) -> None:
    """The README's `bin/digiteach new` / `check` run in a folder of the judge's own, outside the repository, and
    read and write file names there; `my-rulings/` is the documented place, ignored by git but for its note."""
    import os
    import subprocess

    assert "bin/digiteach new my-rulings/my-ruling.yaml" in " ".join(README.split())
    words = " ".join(COMMAND.split())
    assert "~/digiteach/bin/digiteach check" in words
    assert "python3 -m uv run --project ~/digiteach digiteach" in words
    env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
    env["PYTHON"] = python_with_uv()
    command = str(ROOT / "bin" / "digiteach")
    made = subprocess.run([command, "new", "blocker.yaml"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    assert (tmp_path / "blocker.yaml").exists() and not (ROOT / "blocker.yaml").exists()
    checked = subprocess.run([command, "check", "blocker.yaml"], cwd=tmp_path, env=env, capture_output=True,
                             text=True)
    assert checked.returncode == 0 and checked.stdout.startswith("PASS"), checked.stdout + checked.stderr
    ignored = subprocess.run(["git", "check-ignore", "my-rulings/blocker.yaml", "my-rulings/README.md"], cwd=ROOT,
                             capture_output=True, text=True)
    assert ignored.stdout.split() == ["my-rulings/blocker.yaml"], ignored.stdout
    assert (ROOT / "my-rulings" / "README.md").exists()


def test_readme_gives_the_tests_running_time() -> None:
    words = " ".join(README.split())
    assert "about 3 minutes on a quiet 2-core machine" in words and "Each part prints a line as it starts" in words
    script = (ROOT / "test").read_text(encoding="utf-8")
    assert 'say "== $name:' in script  # the line each part prints as it starts


def test_readme_counts_and_names_every_bundled_scenario() -> None:
    """The command page's count of bundled scenarios is the number ``digiteach list`` prints, and every Q&A-named and
    keyword ruling is named (a newcomer found 61 written where 67 were listed)."""
    from digiteach.scenario import bundled_ids

    text = COMMAND
    ids = bundled_ids()
    assert f"Bundled scenarios ({len(ids)};" in text
    named = [sid for sid in ids if re.fullmatch(r"ruling-(Q\d+|[a-z]+-\d+)", sid)]
    assert named and not [sid for sid in named if f"`{sid}`" not in text]


def test_readme_example_and_lesson_03_files_have_ids_of_their_own(tmp_path: Path) -> None:
    """A newcomer saved the README's example and lesson 03's file (English and German) in my-rulings/: `digiteach
    check my-rulings/*.yaml` noted a duplicate id (all said `my-first-ruling`). Each has an id of its own now."""
    import io

    import nbformat

    from digiteach.cli import main

    folder = tmp_path / "my-rulings"
    folder.mkdir()
    block = re.search(r"```yaml\n(id: blocked-piercing-check.*?)```", README, re.S)
    assert block
    (folder / "my-ruling.yaml").write_text(block.group(1), encoding="utf-8")
    for name in ("03_write_your_own_ruling", "de/03_write_your_own_ruling_de"):  # the German lesson is in lessons/de/
        nb = nbformat.read(str(ROOT / "lessons" / f"{name}.ipynb"), as_version=4)
        cell = next(c.source for c in nb.cells if c.cell_type == "code" and 'MY_RULING = """' in c.source)
        text = re.search(r'MY_RULING = """\\\n(.*?)"""', cell, re.S)
        assert text
        (folder / f"{name.replace('/', '-')}.yaml").write_text(text.group(1), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", *sorted(str(p) for p in folder.iterdir())], out=out, err=err) == 0, err.getvalue()
    assert "has the id" not in err.getvalue(), err.getvalue()
    assert sorted(line.split()[1] for line in out.getvalue().splitlines()) == [
        "blocked-piercing-check", "mein-erstes-szenario", "my-first-ruling"]


def test_readme_outside_a_notebook_snippet_runs_twice(tmp_path: Path) -> None:
    """The 'Outside a notebook' snippet, run as a user runs it (a script, in a folder of their own), twice: the second
    run raised FileExistsError (ex5.html existed). It replaces its files now."""
    import subprocess
    import sys

    block = re.search(r"Outside a notebook:\n\n```python\n(.*?)```", PLAYER, re.S)
    assert block, "docs/player.md lost its 'Outside a notebook' snippet"
    script = tmp_path / "export_ex5.py"
    script.write_text(block.group(1), encoding="utf-8")
    for _ in range(2):
        run = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, check=False)
        assert run.returncode == 0, run.stderr
    assert (tmp_path / "ex5.html").stat().st_size > 10_000 and (tmp_path / "ex5.gif").stat().st_size > 1_000


def test_readme_says_where_a_notebooks_scenario_path_starts() -> None:
    """The newcomer wrote widgets.play("my-rulings/x.yaml") in a lesson: a path in a notebook is read from the folder
    the notebook runs in (my-lessons/, or my-lessons/de/), and the README says so."""
    words = " ".join(README.split())
    assert "read from the folder the notebook runs in (`my-lessons/`)" in words
    assert 'widgets.play("../my-rulings/x.yaml")' in words and '"../../my-rulings/x.yaml"' in words


def test_the_german_teachers_page_gives_the_room_commands_of_workshops() -> None:
    """German teachers found only the language switch in lehrkraefte.de.md: running a room was in workshops.md alone.
    Its section *Einen Raum unterrichten* gives the same commands (Voilà with a token, Binder, JupyterHub) and links to
    workshops.md for the details."""
    german = (ROOT / "docs" / "lehrkraefte.de.md").read_text(encoding="utf-8")
    english = (ROOT / "docs" / "workshops.md").read_text(encoding="utf-8")
    assert "## Einen Raum unterrichten" in german and "(workshops.md)" in german
    assert "lehrkraefte.de.md" in english
    voila = "DIGITEACH_TOKEN={token} ./lab --voila --Voila.ip=0.0.0.0 --port 8866"
    assert voila.format(token="pick-a-word") in english and voila.format(token="ein-wort") in german
    assert "http://<teacher-machine>:8866/?token=pick-a-word" in english
    assert "http://<rechner-der-lehrkraft>:8866/?token=ein-wort" in german
    for line in english.splitlines():
        if line.startswith("sudo "):
            assert line.split("#")[0].strip() in german, line
    for fact in ("?urlpath=voila/tree/lessons", "DIGITEACH_KERNEL_IDLE_SECONDS", "85 MB", "zehn Minuten",
                 "DIGITEACH_WORKDIR=~/anna ./lab --port 8891"):
        assert fact in german, fact
    assert "DIGITEACH_WORKDIR=~/anna ./lab --port 8891" in english
