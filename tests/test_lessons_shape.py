"""The lessons keep one shape (style.md §8): a verb title, the What you'll do / learn / need opening, no
stored outputs except the checked summaries (nbval's cell tag `nbval-check-output`), the save hook's "Run this cell to see ..." placeholders of the
widget cells (a fresh copy looks as it will after a reload or a save), no execution counts, no rules defined in a notebook, and one
notebook for every documented wiki example (Attack Resolution 1-11, Triggered Effects 1-10).

Running the notebooks is nbval's job: `pytest --nbval-lax --nbval-current-env lessons/`.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest

REPO = Path(__file__).resolve().parent.parent
LESSONS = REPO / "lessons"
SCRIPTS = REPO / "scripts"
GERMAN_FOLDER = LESSONS / "de"  # the German lessons' own folder (scripts/lesson_texts_de.py)
NOTEBOOKS = sorted([*LESSONS.glob("*.ipynb"), *GERMAN_FOLDER.glob("*.ipynb")])
GERMAN = [p for p in NOTEBOOKS if p.parent == GERMAN_FOLDER]
OPENING = {"en": ("What you'll do", "What you'll learn", "What you'll need"),
           "de": ("Was du tust", "Was du lernst", "Was du brauchst")}
CHECK_TAG = "nbval-check-output"  # nbval: compare this cell's output (a tag, so the learner does not see it)
NBVAL_COMMENT = re.compile(r"^\s*#\s*(NBVAL|PYTEST_VALIDATE)_", re.M)  # nbval's markers written in the code
EXAMPLES = [("ar", "attack-resolution", n) for n in range(1, 12)] + [("te", "triggered-effects", n) for n in range(1, 11)]

# What a lesson may import: the public faces of the engine and the widgets, and a few standard modules.
ALLOWED_IMPORTS = {
    "widgets", "digiteach.scenario", "digiteach.terms", "digiteach.views", "digiteach.diagrams",
    "digiteach.render", "digiteach.export", "digiteach.cli", "digiteach.explore", "digiteach.quiz", "widgets.learn",
    "digiteach.i18n",  # set_language("de") in the German lessons
    "digiteach.outcome",  # outcome_lines: a result in words, in the lesson's language (the folded answers)
    "subprocess", "sys", "tempfile", "pathlib", "os", "json", "textwrap", "shutil",
    "ipywidgets",  # the folded answer of "Try it yourself" (an Accordion around an Output)
}
NOT_VERBS = {"the", "a", "an", "about", "introduction", "lesson", "example", "examples", "chapter", "part",
             "how", "why", "what", "when", "where", "attack", "attacks", "pending", "notes", "overview"}


def lesson_name(path: Path) -> str:
    """A lesson's name as the build and `./lab --fresh` write it: its path in lessons/ less ``.ipynb``
    (``ar05_piercing_waits``, ``de/ar05_piercing_waits_de``)."""
    return path.relative_to(LESSONS).with_suffix("").as_posix()


def ids(paths: list[Path]) -> list[str]:
    return [lesson_name(p) for p in paths]


def read(path: Path) -> Any:
    return nbformat.read(path, as_version=4)


def code_cells(nb: Any) -> list[Any]:
    return [c for c in nb.cells if c.cell_type == "code"]


def checked(cell: Any) -> bool:
    """True for a cell whose output nbval compares: tagged ``nbval-check-output``."""
    return CHECK_TAG in cell.get("metadata", {}).get("tags", [])


def test_the_lessons_are_there() -> None:
    names = {lesson_name(p) for p in NOTEBOOKS}
    assert {"00_start_here", "01_attack_timings", "02_pending_activation", "03_write_your_own_ruling"} <= names
    assert {"04_explore_every_branch", "05_predict_then_check", "06_compare_rulesets"} <= names
    assert "de/00_start_here_de" in names
    assert len(NOTEBOOKS) == 7 + len(EXAMPLES) + len(GERMAN), sorted(names)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_opening(path: Path) -> None:
    """A verb title, then What you'll do / learn / need (German: Was du tust / lernst / brauchst), in that order, in
    the first cell (style.md §8)."""
    nb = read(path)
    nbformat.validate(nb)
    first = nb.cells[0]
    assert first.cell_type == "markdown"
    title, _, rest = first.source.partition("\n")
    assert title.startswith("# "), f"{path.name}: the first line must be a '# ' title, got {title!r}"
    verb = title[2:].split()[0].strip("*_").lower()
    assert verb not in NOT_VERBS and not verb.endswith(("ing", "tion")), f"{path.name}: title is not a verb: {title!r}"
    at = [rest.find(f"**{words}:**") for words in OPENING["de" if path in GERMAN else "en"]]
    assert all(i >= 0 for i in at) and at == sorted(at), f"{path.name}: opening needs What you'll do / learn / need"


def placeholders(lang: str = "en") -> dict[str, Any]:
    """The save hook's placeholder bundles (jupyter-config/jupyter_server_config.py) in ``lang``, by what they stand
    for."""
    import runpy

    from traitlets.config import Config

    namespace = runpy.run_path(str(REPO / "jupyter-config" / "jupyter_server_config.py"), init_globals={"c": Config()})
    return {"player": namespace["stale_output"]("Player(", lang),
            "widget": namespace["stale_output"]("", lang)}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_only_marked_cells_and_widget_placeholders_keep_outputs(path: Path) -> None:
    """Outputs are stored only for checked cells (tagged `nbval-check-output`), as printed text (never SVG or widgets), and as the
    save hook's placeholder where a cell shows a widget, in the lesson's language (a German lesson records it in its
    metadata); no cell keeps an execution count (no stale "[3]")."""
    german = path in GERMAN
    assert read(path).metadata.get("digiteach") == ({"lang": "de"} if german else None), \
        f"{path.name}: the lesson's language is not in its metadata (rebuild it)"
    bundles = placeholders("de" if german else "en")
    shown = []
    for i, cell in enumerate(code_cells(read(path))):
        marked = checked(cell)
        assert cell.execution_count is None, f"{path.name} code cell {i}: stored execution count"
        if not marked:
            for o in cell.outputs:
                assert o.output_type == "display_data" and dict(o.data) in bundles.values(), \
                    f"{path.name} code cell {i}: stale output of an unmarked cell (only the widget placeholder is kept)"
            shown += [o.data for o in cell.outputs]
            continue
        assert "widgets.play" not in cell.source and "diagram" not in cell.source, \
            f"{path.name} code cell {i}: a widget or diagram cell must not be marked"
        assert cell.outputs, f"{path.name} code cell {i}: marked cell has no stored output (rebuild with --execute)"
        kinds = {o.output_type for o in cell.outputs}
        assert kinds == {"stream"}, f"{path.name} code cell {i}: only printed text is compared, got {kinds}"
        assert all(o.name == "stdout" for o in cell.outputs), f"{path.name} code cell {i}: stderr stored"
    if any("widgets.play(" in c.source or "study(" in c.source for c in code_cells(read(path))):
        assert bundles["player"] in shown, f"{path.name}: no player cell stores the placeholder (rebuild with --execute)"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_opening_a_lesson_changes_none_of_its_metadata(path: Path) -> None:
    """A lesson already carries what JupyterLab writes into a notebook when its kernel starts (the kernelspec and the
    kernel's ``language_info``), so that opening it unchanged shows no unsaved dot and no "Save changes?" on closing
    (newcomer trial 7). Only the interpreter's version is the learner's own: ./lab's working copy adds it."""
    from ipykernel.ipkernel import IPythonKernel

    metadata = read(path).metadata
    assert metadata.kernelspec == {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    reported = {k: v for k, v in IPythonKernel.language_info.items() if k != "version"}
    assert metadata.language_info == reported, f"{path.name}: language_info differs from the kernel's (rebuild it)"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_nbval_markers_are_tags_the_learner_does_not_see(path: Path) -> None:
    """No cell shows nbval's markers as a comment (a learner read "# NBVAL_CHECK_OUTPUT" at the top of cells,
    newcomer trial 7): which cells nbval checks is the cell tag ``nbval-check-output``, and only tags nbval knows
    are used. Every lesson checks at least one cell."""
    cells = code_cells(read(path))
    for i, cell in enumerate(cells):
        assert not NBVAL_COMMENT.search(cell.source), f"{path.name} code cell {i}: nbval marker in the code"
        assert set(cell.metadata.get("tags", [])) <= {CHECK_TAG}, f"{path.name} code cell {i}: {cell.metadata}"
    assert any(checked(c) for c in cells), f"{path.name}: no checked cell"


WRITE_YOUR_OWN = [LESSONS / "03_write_your_own_ruling.ipynb", GERMAN_FOLDER / "03_write_your_own_ruling_de.ipynb"]


@pytest.mark.parametrize("path", WRITE_YOUR_OWN, ids=ids(WRITE_YOUR_OWN))
def test_the_ruling_to_edit_reads_as_a_file(path: Path) -> None:
    """Lesson 03's "Your turn" asks the learner to change `dp: 5000` and `- B: Block`: the ruling is a triple-quoted
    string with one line per line of the file (it was one long line of \\n escapes behind a scroll bar, newcomer
    trial 7), and no code line of the lesson needs a horizontal scroll bar at 1280x720 (100 characters)."""
    cells = code_cells(read(path))
    ruling = [c for c in cells if '\nMY_RULING = """\\\n' in c.source]
    assert len(ruling) == 1, f"{path.name}: no cell holds the ruling as a triple-quoted string"
    assert ruling[0].source.startswith("# "), "one comment line says whose line numbers the messages give"
    lines = [line.split("#")[0].rstrip() for line in ruling[0].source.splitlines()]
    assert "    dp: 5000" in lines and "  - B: Block" in lines and ruling[0].source.endswith('"""')
    assert "\\n" not in ruling[0].source
    long = [line for c in cells for line in c.source.splitlines() if len(line) > 100]
    assert not long, f"{path.name}: code lines a learner must scroll to read: {long}"


@pytest.mark.parametrize("path", WRITE_YOUR_OWN, ids=ids(WRITE_YOUR_OWN))
def test_the_learners_ruling_goes_to_my_rulings_and_is_never_lost(path: Path, tmp_path: Path) -> None:
    """Lesson 03 saves the learner's file in my-rulings/ (DIGITEACH_RULINGS, here a temporary folder; never in the
    tracked repository, never in the bundled digiteach/scenarios/). Running the cell again replaces the lesson's own
    unchanged file (no error because it exists); a file the learner edited (even with its two comment lines kept) or
    wrote by hand under that name is left as it was, and the cell says so and saves under the next free name."""
    cells = code_cells(read(path))
    start = next(i for i, c in enumerate(cells) if "\nMY_RULING = " in c.source)
    program = "\n".join(c.source for c in cells[start - 1:start + 2])  # the imports, the ruling, the saving
    env = {**os.environ, "DIGITEACH_RULINGS": str(tmp_path / "my-rulings")}

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", program], cwd=path.parent, env=env, capture_output=True,
                              text=True)  # in the notebook's folder, as Jupyter runs it

    first, again = run(), run()
    assert first.returncode == 0 and again.returncode == 0, first.stderr + again.stderr
    saved = sorted((tmp_path / "my-rulings").iterdir())
    assert len(saved) == 1 and saved[0].suffix == ".yaml", saved
    assert str(saved[0]) in again.stdout, again.stdout
    # the German lesson's file has an id of its own (check notes a duplicate id when both files are in my-rulings/)
    own_id = "mein-erstes-szenario" if path in GERMAN else "my-first-ruling"
    assert saved[0].name == f"{own_id}.yaml" and f"id: {own_id}" in saved[0].read_text(encoding="utf-8")
    # newcomer trial 8: a message's line number is the cell's (the file's first lines are the cell's first lines' count)
    file_lines = saved[0].read_text(encoding="utf-8").splitlines()
    cell_lines = cells[start].source.splitlines()
    assert file_lines[2:] == cell_lines[2:len(file_lines)], "line N of the saved file is line N of the cell"
    # session 16: the learner edits the saved file and keeps its two comment lines; a re-run kept the lines' promise
    # ("replaces this file") and lost the edit. Now the edited file stays, and the cell saves under the next name.
    saved_text = saved[0].read_text(encoding="utf-8")
    edited = saved_text.replace("    dp: 5000", "    dp: 7000")
    assert edited != saved_text and edited.splitlines()[:2] == saved_text.splitlines()[:2]
    saved[0].write_text(edited, encoding="utf-8")
    kept = run()
    assert kept.returncode == 0, kept.stderr
    assert saved[0].read_text(encoding="utf-8") == edited, "the learner's edit was overwritten"
    second = saved[0].with_name(f"{own_id}-2.yaml")
    assert second.read_text(encoding="utf-8") == saved_text and saved[0].name in kept.stdout
    assert kept.stdout.strip().splitlines()[-1].endswith(str(second)), kept.stdout
    assert run().returncode == 0 and sorted((tmp_path / "my-rulings").iterdir()) == sorted([saved[0], second]), \
        "a re-run replaces the lesson's own unchanged file, and makes no third"
    saved[0].write_text("id: my-own\n", encoding="utf-8")  # the learner's own file under that name, no comment lines
    second.write_text(second.read_text(encoding="utf-8") + "# mine\n", encoding="utf-8")  # and the second one edited
    again = run()
    assert again.returncode == 0, again.stderr
    assert saved[0].read_text(encoding="utf-8") == "id: my-own\n" and second.read_text(encoding="utf-8").endswith("# mine\n")
    assert saved[0].with_name(f"{own_id}-3.yaml").read_text(encoding="utf-8") == saved_text
    text = "\n".join(c.source for c in read(path).cells if c.cell_type == "markdown")
    assert "my-rulings/" in text and "under `digiteach/scenarios/`" not in text and "unter\n`digiteach/scenarios/`" not in text


@pytest.mark.parametrize("path", WRITE_YOUR_OWN, ids=ids(WRITE_YOUR_OWN))
def test_in_voila_the_learners_ruling_goes_to_a_folder_of_the_tabs_own(path: Path, tmp_path: Path) -> None:
    """In Voilà every learner's kernel runs on the machine serving the room (newcomer trial 10: each one wrote and
    overwrote my-rulings/my-first-ruling.yaml there): the same cells, run as Voilà's kernel (its SERVER_SOFTWARE),
    save into a new temporary folder each time and write nothing into my-rulings/. The note that the lesson is for
    JupyterLab comes from ``widgets.my_rulings()``; the browser test sees it (tests/browser/test_voila_lesson_03.py)."""
    cells = code_cells(read(path))
    start = next(i for i, c in enumerate(cells) if "\nMY_RULING = " in c.source)
    program = "\n".join(c.source for c in cells[start - 1:start + 2])
    shared = tmp_path / "my-rulings"
    env = {**os.environ, "DIGITEACH_RULINGS": str(shared), "SERVER_SOFTWARE": "voila/0.5.8"}
    runs = [subprocess.run([sys.executable, "-c", program], cwd=path.parent, env=env, capture_output=True, text=True)
            for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), "".join(r.stderr for r in runs)
    saved = [Path(r.stdout.strip().splitlines()[-1].split(maxsplit=1)[1]) for r in runs]
    assert saved[0] != saved[1] and all(p.exists() and "digiteach-my-rulings-" in p.parent.name for p in saved)
    assert not shared.exists(), "Voilà wrote into the shared my-rulings/"


def _imported_modules(tree: ast.AST) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            out.add(node.module or "")
    return out


def _module_aliases(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


def _root(node: ast.AST) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_lessons_define_no_rules(path: Path) -> None:
    """Lessons use the engine and never redefine it: no functions or classes, only public modules imported,
    nothing assigned into a module, no private names, no setattr/monkeypatching."""
    nb = read(path)
    source = "\n\n".join(c.source for c in code_cells(nb))
    tree = ast.parse(source, filename=path.name)
    for node in ast.walk(tree):
        assert not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)), \
            f"{path.name}: defines {getattr(node, 'name', '?')!r}; lessons must use the engine, not define code"
    for module in _imported_modules(tree):
        assert module in ALLOWED_IMPORTS, f"{path.name}: imports {module!r}; allowed: {sorted(ALLOWED_IMPORTS)}"
    modules = _module_aliases(tree)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, (ast.Attribute, ast.Subscript)):
                    assert _root(target) not in modules, f"{path.name}: assigns into module {_root(target)!r}"
        if isinstance(node, ast.Attribute) and _root(node) in modules:
            assert not node.attr.startswith("_"), f"{path.name}: uses private name {node.attr!r}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in {"setattr", "exec", "eval"}, f"{path.name}: calls {node.func.id}"


def _example_notebook(prefix: str, n: int, german: bool = False) -> Path:
    folder = GERMAN_FOLDER if german else LESSONS
    found = sorted(folder.glob(f"{prefix}{n:02d}_*.ipynb"))
    name = f"{'de/' if german else ''}{prefix}{n:02d}_*.ipynb"
    assert len(found) == 1, f"expected one notebook {name}, found {[p.name for p in found]}"
    return found[0]


@pytest.mark.parametrize(("prefix", "page", "n"), EXAMPLES, ids=[f"{p}{n:02d}" for p, _, n in EXAMPLES])
def test_every_documented_example_has_its_notebook(prefix: str, page: str, n: int) -> None:
    """One notebook per wiki example, opening that example's scenario in the player, with the sections
    the lessons promise and a checked outcome summary."""
    path = _example_notebook(prefix, n)
    nb = read(path)
    code = "\n".join(c.source for c in code_cells(nb))
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert f'sc.load_scenario("{page}-{n}")' in code, f"{path.name} does not load scenario {page}-{n}"
    assert "widgets.play(" in code
    for heading in ("## The situation", "## What to watch for", "## Try it yourself",
                    "## The wiki and the current rules", "## The outcome"):
        assert heading in text, f"{path.name}: missing section {heading!r}"
    summaries = [c for c in code_cells(nb) if checked(c) and "trace.result" in c.source]
    assert summaries, f"{path.name}: no marked outcome summary"


@pytest.mark.parametrize(("prefix", "page", "n"), EXAMPLES, ids=[f"{p}{n:02d}" for p, _, n in EXAMPLES])
def test_every_documented_example_has_its_german_notebook(prefix: str, page: str, n: int) -> None:
    """The German example lesson (``de/ar05_*`` for ``ar05_*``): the same scenario, the German sections, German
    chosen before anything is played, the player opened in German and a checked outcome summary."""
    path = _example_notebook(prefix, n, german=True)
    english = _example_notebook(prefix, n)
    assert path.name == f"{english.stem}_de.ipynb", f"de/{path.name} is not named after {english.name}"
    nb = read(path)
    cells = code_cells(nb)
    code = "\n".join(c.source for c in cells)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert f'sc.load_scenario("{page}-{n}")' in code, f"{path.name} does not load scenario {page}-{n}"
    assert 'set_language("de")' in cells[0].source, f"{path.name}: the first code cell must choose German"
    assert f'widgets.play("{page}-{n}", lang="de")' in code, f"{path.name}: the player must be opened in German"
    for heading in ("## Die Situation", "## Worauf du achten solltest", "## Probier es selbst",
                    "## Das Wiki und die aktuellen Regeln", "## Das Ergebnis"):
        assert heading in text, f"{path.name}: missing section {heading!r}"
    summaries = [c for c in cells if checked(c) and "trace.result" in c.source]
    assert summaries, f"{path.name}: no marked outcome summary"
    assert "Abweichungen vom dokumentierten Ergebnis: keine" in "".join(o.get("text", "") for o in summaries[0].outputs)


def test_every_lesson_has_its_german_version() -> None:
    """Every English lesson has a German one of the same name ending in ``_de`` in lessons/de/
    (``04_explore_every_branch`` -> ``de/04_explore_every_branch_de``), and every German lesson chooses German in its
    first code cell."""
    english = [p.stem for p in NOTEBOOKS if p not in GERMAN]
    german = [p.stem.removesuffix("_de") for p in GERMAN]
    assert all(p.stem.endswith("_de") for p in GERMAN), [p.name for p in GERMAN]
    assert sorted(english) == sorted(german)
    assert not [p.name for p in LESSONS.glob("*_de_*.ipynb")], "a German lesson beside the English ones"
    for path in GERMAN:
        first = code_cells(read(path))[0].source
        assert 'set_language("de")' in first, f"{path.name}: the first code cell must choose German"


def test_no_two_lessons_open_in_tabs_of_the_same_name() -> None:
    """JupyterLab's tab shows a notebook's file name only (its folder is in the tooltip): an English lesson and its
    German twin open together showed the same tab, and a German teacher could not tell them apart (session 16). Every
    lesson's file name is its own, in lessons/ and so in the working copy ./lab makes of it."""
    names = [p.name for p in NOTEBOOKS]
    assert len(set(names)) == len(names), sorted(n for n in names if names.count(n) > 1)


@pytest.mark.parametrize(("prefix", "page", "n"), EXAMPLES, ids=[f"{p}{n:02d}" for p, _, n in EXAMPLES])
def test_example_scenarios_are_bundled(prefix: str, page: str, n: int) -> None:
    from digiteach.scenario import bundled_ids

    assert f"{page}-{n}" in bundled_ids(), f"lesson {prefix}{n:02d} waits for digiteach/scenarios/{page}-{n}.yaml"


def test_start_here_opens_the_player_early() -> None:
    """The browser test opens 00_start_here and steps the first player: keep it early and the first widget."""
    cells = code_cells(read(LESSONS / "00_start_here.ipynb"))
    first_player = next(i for i, c in enumerate(cells) if "widgets.play(" in c.source or "Player(" in c.source)
    assert first_player <= 2
    assert 'widgets.play("attack-resolution-5")' in cells[first_player].source
    later = "\n".join(c.source for c in cells[first_player + 1:])
    for call in ("player.last(", "player.go(", "player.next(", "player.choose(", "player.index ="):
        assert call not in later, f"00_start_here moves the player with {call}; the browser test expects step 1"


KEYWORD_TAG = re.compile(r"(?<!\\)<[A-Za-z][^<>\n]*>")


@pytest.mark.parametrize("path", [*NOTEBOOKS, LESSONS / "README.md"], ids=[*ids(NOTEBOOKS), "README"])
def test_keywords_survive_markdown(path: Path) -> None:
    """`<Piercing>` written bare is taken for an HTML tag and vanishes in JupyterLab and on GitHub; outside
    code spans it must be written `\\<Piercing>`."""
    if path.suffix == ".md":
        texts = [path.read_text(encoding="utf-8")]
    else:
        texts = [c.source for c in read(path).cells if c.cell_type == "markdown"]
    for text in texts:
        outside_code = text.split("`")[::2]
        bare = [m for part in outside_code for m in KEYWORD_TAG.findall(part)]
        assert not bare, f"{path.name}: unescaped {bare[:3]} would disappear when rendered"


def test_readme_indexes_every_lesson() -> None:
    readme = (LESSONS / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)]+\.ipynb)\)", readme)
    assert sorted(set(links)) == sorted(p.relative_to(LESSONS).as_posix() for p in NOTEBOOKS)
    assert links.index("00_start_here.ipynb") == 0


def test_notebooks_match_their_generator() -> None:
    """The committed notebooks are what scripts/build_lessons.py writes (cell types, sources and tags), so editing
    the generator and rebuilding is the way to change a lesson."""
    sys.path.insert(0, str(SCRIPTS))
    try:
        spec = importlib.util.spec_from_file_location("build_lessons", SCRIPTS / "build_lessons.py")
        assert spec is not None and spec.loader is not None
        build = importlib.util.module_from_spec(spec)
        sys.modules["build_lessons"] = build
        spec.loader.exec_module(build)
        built = build.lessons()
    finally:
        sys.path.remove(str(SCRIPTS))
        sys.modules.pop("build_lessons", None)
        sys.modules.pop("lesson_texts", None)
    assert sorted(built) == sorted(lesson_name(p) for p in NOTEBOOKS)
    for name, cells in built.items():
        stored = read(LESSONS / f"{name}.ipynb").cells
        assert [(c.cell_type, c.source, c.metadata.get("tags")) for c in stored] == \
            [(c.cell_type, c.source, c.metadata.get("tags")) for c in cells], \
            f"{name}.ipynb differs from scripts/build_lessons.py: run python3 -m uv run python scripts/build_lessons.py --execute {name}"


def test_lessons_folder_holds_only_lessons() -> None:
    """A learner's file list shows the English lessons, their index and one folder `de` with the German lessons,
    nothing else (the build scripts live in scripts/)."""
    def shown(folder: Path) -> set[str]:
        return {p.name for p in folder.iterdir() if not p.name.startswith(".") and p.name != "__pycache__"}

    english = {p.name for p in NOTEBOOKS if p not in GERMAN}
    assert shown(LESSONS) == english | {"README.md", "de"}, sorted(shown(LESSONS) - english)
    assert shown(GERMAN_FOLDER) == {p.name for p in GERMAN}, sorted(shown(GERMAN_FOLDER))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_the_cell_after_the_opening_says_how_to_run_and_voila_leaves_it_out(path: Path) -> None:
    """A lesson opens with empty cells and no player until it runs: the cell after the opening says how, in
    JupyterLab's words. Voilà runs every cell by itself, so that cell is tagged for the digiteach Voilà template to
    leave out (newcomer trial 7: the app told the learner to use Run > Run All Cells).

    Only a lesson for JupyterLab (one that has the learner edit a cell, which Voilà hides: its code asks
    ``widgets.my_rulings()`` where to save the learner's file, and in Voilà it says at its top that it is for
    JupyterLab) leaves out more: the Markdown cells that tell the learner to edit a cell, or where the cell saves the
    file, which would be wrong in Voilà (newcomer trial 10: "edit the file's text in the next cell" in an app that
    hides it). It still shows every code cell's output."""
    cells = read(path).cells
    how = cells[1]
    assert "Run > Run All Cells" in how.source and "Shift+Enter" in how.source, f"{path.name}: no run instructions"
    assert how.metadata.get("tags") == ["digiteach-not-in-voila"], f"{path.name}: {how.metadata}"
    others = [i for i, c in enumerate(cells) if "digiteach-not-in-voila" in c.get("metadata", {}).get("tags", [])]
    assert others[:1] == [1] and "Run All" not in cells[0].source, f"{path.name}: cells hidden in Voilà: {others}"
    for_jupyterlab = any("widgets.my_rulings()" in c.source for c in code_cells(read(path)))
    if not for_jupyterlab:
        assert others == [1], f"{path.name}: cells hidden in Voilà: {others}"
    assert all(cells[i].cell_type == "markdown" for i in others), f"{path.name}: a code cell hidden in Voilà"
    assert not for_jupyterlab or any(c.source.startswith("The file's text is in the next cell")
                                     or c.source.startswith("Der Text der Datei steht") for c in
                                     (cells[i] for i in others)), f"{path.name}: Voilà shows 'edit the next cell'"
    template = (REPO / "jupyter-config" / "share" / "voila" / "templates" / "digiteach" / "index.html.j2").read_text()
    assert "'digiteach-not-in-voila' not in cell.metadata.get('tags', [])" in template


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_voila_shows_no_advice_to_start_jupyterlab(path: Path) -> None:
    """In Voilà the lesson already runs as an app: no cell it shows tells the reader to start `./lab` (the "What
    you'll need" line did). How to start JupyterLab is said once, in the run instructions Voilà leaves out."""
    cells = read(path).cells
    shown = [i for i, c in enumerate(cells)
             if c.cell_type == "markdown" and "digiteach-not-in-voila" not in c.get("metadata", {}).get("tags", [])
             and "./lab" in c.source]
    assert shown == [], f"{path.name}: cells shown in Voilà that mention ./lab: {shown}"
    assert "`./lab`" in cells[1].source, f"{path.name}: the run instructions should say how to start JupyterLab"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_try_it_yourself_keeps_its_answer_folded(path: Path) -> None:
    """The engine's answer to a "Try it yourself" question is not printed under it: the code cell that
    follows the question prints only into an Output shown inside a closed Accordion."""
    cells = read(path).cells
    for i, (question, cell) in enumerate(zip(cells, cells[1:])):
        asks = question.cell_type == "markdown" and any(
            words in question.source for words in ("## Try it yourself", "Try it now",
                                                   "## Probier es selbst", "Probier es jetzt aus"))
        if not asks or cell.cell_type != "code":
            continue
        tree = ast.parse(cell.source)
        loose_prints = [n for n in tree.body if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call)
                        and isinstance(n.value.func, ast.Name) and n.value.func.id == "print"]
        assert not loose_prints, f"{path.name} cell {i + 1}: prints the answer outside the folded Output"
        last = cell.source.rstrip().splitlines()[-1]
        assert last.startswith("ipywidgets.Accordion(") and "selected_index=None" in last, \
            f"{path.name} cell {i + 1}: the answer must end in a closed Accordion, got {last!r}"


ENGLISH_WORDS = re.compile(r"\b(the|and|with|when|which|this|that|your|you|of|is|are|it|not|from|for|what)\b")
"""Common English words that no German sentence uses (checked outside code spans, keywords, timings and quotes)."""


def _prose(text: str) -> str:
    """``text`` without its code spans, quotes ("Run this cell ..."), <keywords>, [timings] and *page titles*."""
    text = re.sub(r"`[^`]*`|\"[^\"\n]*\"", "", text)
    return re.sub(r"\[[^\]\n]*\]|<[^<>\n]*>|\*[A-Z][A-Za-z ]+\*", "", text)


@pytest.mark.parametrize("path", GERMAN, ids=ids(GERMAN))
def test_german_lessons_speak_german(path: Path) -> None:
    """A German lesson's own text (every markdown cell) and everything it prints (the stored outputs) carry no English
    sentence: card names, keywords, timings, code and quoted screen words aside."""
    nb = read(path)
    texts = [(i, c.source) for i, c in enumerate(nb.cells) if c.cell_type == "markdown"]
    texts += [(i, o.get("text", "")) for i, c in enumerate(nb.cells) if c.cell_type == "code"
              and '_in("en")' not in c.source for o in c.outputs]  # de/03 shows a file's English title on purpose
    english = [(i, sorted(set(ENGLISH_WORDS.findall(_prose(text))))) for i, text in texts]
    assert [(i, words) for i, words in english if words] == [], f"{path.name}: English words in cells"


def test_the_english_check_finds_english() -> None:
    """The check above means something: an English lesson's text is caught."""
    cells = read(LESSONS / "04_explore_every_branch.ipynb").cells
    assert ENGLISH_WORDS.findall(_prose(cells[1].source))


@pytest.mark.parametrize("name", ["00_start_here", "de/00_start_here_de"])
def test_lesson_00s_folded_answer_is_printed_in_words(name: str) -> None:
    """Lesson 00's "Show the engine's answer" printed raw Python tuples ('Aktivieren: ...', ...); it now lists the
    activations numbered and the outcome in words, as the example lessons do. Its code is run as the cell runs it."""
    import contextlib
    import io

    import nbformat

    nb = nbformat.read(str(LESSONS / f"{name}.ipynb"), as_version=4)
    cell = next(c.source for c in nb.cells if c.cell_type == "code" and "sc.branch(player.trace" in c.source)
    import digiteach.scenario as sc
    from digiteach import i18n

    class Shown:  # what the cell reads from the player above it
        trace = sc.play(sc.load_scenario("attack-resolution-5"))

    printed = io.StringIO()
    with i18n.language("de" if name.startswith("de/") else "en"), contextlib.redirect_stdout(printed):
        namespace = {"player": Shown}
        exec(cell.replace("with answer:", "if True:"), namespace)  # noqa: S102 (the lesson's own cell)
    text = printed.getvalue()
    assert "('" not in text and "')" not in text, text
    assert "  1. " in text and ("Security Stacks: Player A 3, Player B 1" in text or "Sicherheitsstapel: Spieler A 3, Spieler B 1" in text), text


def test_te07_says_how_many_effects_trigger() -> None:
    """Newcomer, session 16: te07's lesson heading and the lessons index said "ten triggers", its scenario "nine
    triggers". The wiki's example 7 (Triggered Effects) lists ten effects, but its #1 is P-027's [Main] effect, which
    Player A activates and which never waits in pending activation; the other nine trigger. The trace agrees: nine
    effects wait in pending activation over the whole example. Every title says nine, in English and German (the
    notebook's file name keeps "ten" so that no link breaks)."""
    from digiteach.scenario import load_scenario, play

    scenario = load_scenario("triggered-effects-7")
    waited = {e.uid for step in play(scenario).steps for g in step.pending for e in g.effects}
    wiki_listed, activated_main = 10, 1  # the wiki's "Effects Triggered" list, and its #1, P-027's [Main]
    assert len(waited) == wiki_listed - activated_main == 9
    english = read(LESSONS / "te07_digi_burst_ten_triggers.ipynb").cells[0].source.splitlines()[0]
    german = read(GERMAN_FOLDER / "te07_digi_burst_ten_triggers_de.ipynb").cells[0].source.splitlines()[0]
    index = [line for line in (LESSONS / "README.md").read_text(encoding="utf-8").splitlines() if "te07 " in line]
    assert len(index) == 2
    for text, nine, ten in [(scenario.title, "nine", "ten"), (english, "nine", "ten"), (index[0], "nine", "ten"),
                            (scenario.title_in("de"), "neun", "zehn"), (german, "neun", "zehn"),
                            (index[1], "neun", "zehn")]:
        assert f" {nine} " in text and f" {ten} " not in text, text
