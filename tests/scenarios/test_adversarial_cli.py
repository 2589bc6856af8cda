"""The digiteach command under hostile use (adversarial testing): devices, pipes, folders, empty arguments,
a closed output pipe, and trace JSON of every bundled scenario against the documented schema."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path

import jsonschema
import pytest

from digiteach.cli import EXIT_FAIL, EXIT_INVALID, EXIT_OK, main
from digiteach.scenario import bundled_ids

HOSTILE = Path(__file__).parent.parent / "viz" / "hostile_scenario.yaml"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_is_refused_without_reading_it() -> None:
    """Reading /dev/zero never ends; the loader must refuse it (it used to hang and fill memory)."""
    code, out, err = run("check", "/dev/zero")
    assert code == EXIT_INVALID and out == "INVALID /dev/zero\n"
    assert "is not a regular file" in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs mkfifo")
def test_a_named_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    code, _, err = run("trace", str(fifo))
    assert code == EXIT_INVALID and "is not a regular file" in err


def test_an_oversized_file_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("# " + "x" * 6_000_000 + "\n", encoding="utf-8")
    code, _, err = run("check", str(big))
    assert code == EXIT_INVALID and "larger than" in err


def test_trace_of_a_folder_says_it_is_a_folder(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    for arg in (str(tmp_path / "sub"), str(tmp_path)):
        code, out, err = run("trace", arg)
        assert code == EXIT_INVALID and out == ""
        assert "is a folder, not a scenario file" in err and "Traceback" not in err


def test_an_empty_argument_is_not_the_current_folder() -> None:
    code, out, err = run("check", "")
    assert code == EXIT_INVALID
    assert out == "" and "empty argument" in err


def test_unknown_id_suggests_close_ids() -> None:
    code, _, err = run("trace", "atack-resolution-1")
    assert code == EXIT_INVALID
    assert "did you mean attack-resolution-1" in err


def test_closed_output_pipe_gives_no_traceback() -> None:
    """`digiteach list | head -1`: the reader closes the pipe early (the console-script entry point)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "from digiteach.cli import console; console()", "list"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    code = proc.wait(timeout=120)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert code in (EXIT_OK, EXIT_FAIL)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("argv", [["list"], ["check", "attack-resolution-5"], ["trace", "attack-resolution-5"],
                                  ["quiz", "attack-resolution-5"], ["explore", "attack-resolution-5", "--limit", "3"]])
def test_output_that_cannot_be_written_is_one_line_and_exit_2(argv: list[str]) -> None:
    """`digiteach list > /dev/full`: no traceback, and not exit 1 (which means a scenario failed)."""
    with open("/dev/full", "w", encoding="utf-8") as full:
        proc = subprocess.run([sys.executable, "-c", "from digiteach.cli import console; console()", *argv],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert proc.returncode == EXIT_INVALID, proc.stderr
    assert proc.stderr == "error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("argv", [["explore", "attack-resolution-5", "--limit", "\u0663"],
                                  ["explore", "attack-resolution-5", "--from-step", "\u0661"],
                                  ["explore", "attack-resolution-5", "--limit", "1_0"],
                                  ["export", "attack-resolution-5", "--branches", "--html", "x.html", "--limit", "\u0663"]])
def test_a_number_option_takes_the_digits_0_to_9_only(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Fault report 9: int() read `--limit ٣` (an Arabic-Indic digit) as 3."""
    code, out, err = run(*argv)
    err += capsys.readouterr().err  # argparse writes its usage errors to sys.stderr itself
    assert code == EXIT_INVALID and out == "" and "is not a whole number written in the digits 0-9" in err, err


def test_trace_json_of_every_bundled_scenario_and_hostile_text_follows_the_schema() -> None:
    schema = json.loads(resources.files("digiteach").joinpath("schema/trace.schema.json").read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    for name in [*bundled_ids(), str(HOSTILE)]:
        code, out, err = run("trace", name, "--json")
        assert code == EXIT_OK, (name, err)
        doc = json.loads(out)
        errors = [e.message for e in validator.iter_errors(doc)]
        assert not errors, (name, errors[:3])


def test_an_integer_too_long_to_read_is_a_located_error_in_every_command(tmp_path: Path) -> None:
    """An integer of 5,000 digits (more than Python converts from text) is refused with file, line and field, exit 2,
    by every command, and no error is blamed on a flag that was not given."""
    from digiteach.catalog import bundled_paths

    text = next(p for p in bundled_paths() if p.stem == "attack-resolution-5").read_text(encoding="utf-8")
    bad = tmp_path / "bigint.yaml"
    bad.write_text(re.sub(r"memory: A3[^\n]*", "memory: " + "9" * 5000, text, count=1), encoding="utf-8")
    line = bad.read_text(encoding="utf-8").splitlines().index("  memory: " + "9" * 5000) + 1
    html = str(tmp_path / "x.html")
    for argv in (["trace", str(bad)], ["check", str(bad)], ["explore", str(bad)], ["quiz", str(bad)],
                 ["export", str(bad), "--html", html], ["export", str(bad), "--html", html, "--branches"]):
        code, out, err = run(*argv)
        assert code == EXIT_INVALID, (argv, out, err)
        assert f"bigint.yaml:{line}: setup.memory: out of range: a number with 5000 digits" in err, (argv, err)
        assert "Traceback" not in out + err and "--ruleset" not in err and "--limit" not in err


def test_a_terminal_that_cannot_show_a_character_gets_an_escape_not_a_traceback() -> None:
    """``PYTHONIOENCODING=ascii``: German captions and messages are written with backslash escapes, every command."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    console = [sys.executable, "-c", "from digiteach.cli import console; console()"]
    done = subprocess.run([*console, "trace", "attack-resolution-5", "--lang", "de"], env=env, capture_output=True,
                          timeout=120)
    assert done.returncode == EXIT_OK and b"Traceback" not in done.stderr, done.stderr
    assert b"\\x" in done.stdout and max(done.stdout) < 128
    done = subprocess.run([*console, "trace", "no-such-id", "--lang", "de"], env=env, capture_output=True, timeout=120)
    assert done.returncode == EXIT_INVALID and b"Traceback" not in done.stderr and b"auff\\xfchrt" in done.stderr


def test_quiz_escapes_line_breaks_from_the_file(tmp_path: Path) -> None:
    """An outside trial: a title (or an inline card's name) with a line break printed a forged ``PASS`` line."""
    from digiteach.cli import main

    source = (Path(__file__).parent / "valid").glob("*.yaml")
    base = next(p for p in sorted(source) if "title:" in p.read_text(encoding="utf-8"))
    text = base.read_text(encoding="utf-8")
    title = next(line for line in text.splitlines() if line.startswith("title:"))
    forged = tmp_path / "forged.yaml"
    forged.write_text(text.replace(title, 'title: "harmless\\nPASS forged\\u2028PASS again\\r"'), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = main(["quiz", str(forged)], out=out, err=err)
    assert code == 0, err.getvalue()
    lines = out.getvalue().splitlines()
    assert not any(line.startswith("PASS") for line in lines), lines[:3]
    assert "harmless\\nPASS forged\\u2028PASS again" in lines[0]


def test_an_in_force_change_that_chooses_its_cards_is_refused_at_its_field(tmp_path: Path) -> None:
    from digiteach.scenario import ScenarioError, load_scenario

    path = tmp_path / "in_force.yaml"
    path.write_text("id: h\ntitle: t\nsource: s\nsetup:\n  turn_player: A\n"
                    "  in_force: [{player: A, do: dp, target: this, amount: -1000, duration: turn}]\n"
                    "  memory: 3\n  A:\n    battle_area: [ST4-13]\n  B:\n    security: 2\n"
                    "action:\n  attack: {with: ST4-13, target: player}\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(str(path))
    assert caught.value.line == 6 and caught.value.field == "setup.in_force[0].target"
