"""The hostile and malformed scenario corpus (``hostile/``, written by ``hostile/generate.py``).

For every file: ``digiteach check`` exits with the status the manifest gives (0 pass, 1 an expect the
rules contradict, 2 invalid input) and its output names the field (or the words) the manifest gives;
``digiteach trace`` exits 2 on invalid input and 0 otherwise; the HTML export of every playable file
works; nothing ever prints a traceback, and nothing from a file reaches the terminal unescaped.
"""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest

from digiteach.cli import EXIT_INVALID, EXIT_OK, main
from digiteach.scenario import load_scenario, play

HERE = Path(__file__).parent / "hostile"
MANIFEST: dict[str, dict[str, object]] = json.loads((HERE / "manifest.json").read_text(encoding="utf-8"))
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    return main(list(argv), out=out, err=err), out.getvalue(), err.getvalue()


def test_the_corpus_is_complete() -> None:
    files = {p.name for p in HERE.glob("*.yml")}
    assert files == set(MANIFEST) and len(files) >= 120


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_check_exit_status_and_message(name: str) -> None:
    want = MANIFEST[name]
    code, out, err = run("check", str(HERE / name))
    assert code == want["exit"], out + err
    assert str(want["names"]) in out + err
    assert "Traceback" not in out + err
    assert not UNSAFE.search(out + err), "unescaped control or bidi character in the output"
    assert all(len(line) < 3000 for line in (out + err).splitlines()), "a long value was not clipped"


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_trace_never_shows_a_traceback(name: str) -> None:
    code, out, err = run("trace", str(HERE / name))
    assert code == (EXIT_INVALID if MANIFEST[name]["exit"] == EXIT_INVALID else EXIT_OK), err
    assert "Traceback" not in out + err
    assert not UNSAFE.search(out + err)
    code, out, err = run("trace", "--json", str(HERE / name))
    assert "Traceback" not in out + err and not UNSAFE.search(out + err)


@pytest.mark.parametrize("name", sorted(n for n, w in MANIFEST.items() if w["exit"] != EXIT_INVALID))
def test_html_export_of_every_playable_file(name: str, tmp_path: Path) -> None:
    export = pytest.importorskip("digiteach.export")
    trace = play(load_scenario(HERE / name))
    path = export.to_html(trace, tmp_path / "out.html", frames=[])
    assert path.read_text(encoding="utf-8").startswith("<!")


def test_an_illegal_answer_traces_the_steps_before_it() -> None:
    code, out, err = run("trace", str(HERE / "choice-illegal-label.yml"))
    assert code == EXIT_INVALID
    assert "decision: Player B (block)" in out  # the steps up to the decision
    assert "choice-illegal-label.yml:17: choices[0]: 'Fly away' is not a legal answer" in err
    assert err.count("Don't block") == 1  # the legal labels once


def test_a_folder_with_bad_files_reports_each_and_checks_the_rest(tmp_path: Path) -> None:
    for name in ("deep-flow-300.yml", "file-lone-surrogate-title.yml", "yaml-unclosed-flow.yml",
                 "yaml-merge-key-ok.yml", "expect-memory.yml", "billion-laughs.yml"):
        shutil.copy(HERE / name, tmp_path / name)
    code, out, _ = run("check", str(tmp_path))
    assert code == EXIT_INVALID
    lines = out.splitlines()
    assert len(lines) == 6 and sum(x.startswith("INVALID") for x in lines) == 4
    assert any(x.startswith("PASS") for x in lines) and any(x.startswith("FAIL") for x in lines)


def test_a_file_name_cannot_forge_a_line(tmp_path: Path) -> None:
    path = tmp_path / "x\nPASS forged\u202e.yaml"
    shutil.copy(HERE / "expect-memory.yml", path)
    code, out, _ = run("check", str(path))
    assert code == 1
    assert not any(line.startswith("PASS") for line in out.splitlines())
    assert "\\nPASS forged\\u202e.yaml" in out


def test_a_file_over_the_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.yml"
    path.write_bytes(b"notes: '" + b"x" * 5_100_000 + b"'\n")
    code, _, err = run("check", str(path))
    assert code == EXIT_INVALID and "larger than" in err


def test_every_library_card_uses_only_known_values() -> None:
    """The load-time vocabulary is never stricter than the engine's own cards (and is really read)."""
    from digiteach.cards import load_library
    from digiteach.scenario.card_values import bad_values

    lib = load_library()
    assert [n for n, c in lib.items() if bad_values(c)] == []
    assert bad_values(lib["BT1-081"]) == []
