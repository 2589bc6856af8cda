"""The digiteach command: output lines and exit codes (0 pass, 1 fail, 2 invalid input)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from digiteach.cli import EXIT_FAIL, EXIT_INVALID, EXIT_OK, main

HERE = Path(__file__).parent
BROKEN = HERE / "broken"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_list_prints_id_tab_title_per_bundled_scenario() -> None:
    from digiteach.scenario import bundled_ids

    code, out, err = run("list")
    assert code == EXIT_OK, err
    lines = out.splitlines()
    assert [line.split("\t")[0] for line in lines] == bundled_ids()
    assert all(line.count("\t") == 1 and line.split("\t")[1] for line in lines)


def test_check_broken_file_exits_2_with_located_error_and_no_traceback() -> None:
    path = BROKEN / "unknown_key.yaml"
    code, out, err = run("check", str(path))
    assert code == EXIT_INVALID
    assert f"{path}:16: action.atack: unknown key 'atack'; did you mean 'attack'?" in err
    assert "Traceback" not in err
    assert out.strip() == f"INVALID {path}"


def test_check_unknown_id_exits_2() -> None:
    code, _, err = run("check", "no-such-scenario")
    assert code == EXIT_INVALID
    assert "no bundled scenario with id 'no-such-scenario'" in err


def test_check_missing_file_exits_2() -> None:
    code, _, err = run("check", "missing/nothing.yaml")
    assert code == EXIT_INVALID
    assert "file not found" in err


def test_trace_broken_file_exits_2() -> None:
    code, out, err = run("trace", str(BROKEN / "yaml_tag.yaml"))
    assert code == EXIT_INVALID
    assert "YAML tags" in err and out == ""


def test_usage_error_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["frobnicate"]) == EXIT_INVALID
    assert "invalid choice" in capsys.readouterr().err


def test_console_script_runs_as_a_process() -> None:
    """The installed entry point (pyproject: digiteach = digiteach.cli:console) gives the same exit codes."""
    proc = subprocess.run(
        [sys.executable, "-c", "import sys; from digiteach.cli import main; sys.exit(main())",
         "check", str(BROKEN / "bad_turn_player.yaml")],
        capture_output=True, text=True, check=False,
    )
    assert proc.returncode == EXIT_INVALID
    assert "setup.turn_player" in proc.stderr and "Traceback" not in proc.stderr
    assert EXIT_FAIL == 1 and EXIT_OK == 0


def test_check_accepts_a_folder_of_scenarios() -> None:
    code, out, err = run("check", str(HERE / "valid"))
    assert code == EXIT_OK, err
    assert out == "PASS attack-ex1\nPASS attack-twice\n"


def test_check_of_a_folder_takes_upper_case_extensions_too(tmp_path: Path) -> None:
    """Fault report 9: b.YAML in a folder was skipped silently."""
    (tmp_path / "b.YAML").write_text((HERE / "valid" / "attack_ex1.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a scenario", encoding="utf-8")
    code, out, err = run("check", str(tmp_path))
    assert (code, out, err) == (EXIT_OK, "PASS attack-ex1\n", "")


def test_check_names_the_file_when_two_give_the_same_id(tmp_path: Path) -> None:
    """Two files with one id (a copied ruling not yet renamed): their result lines would read the same, so each names
    its file (the first too: only the second did, and the two lines read differently) and a note names both; the
    result itself is unchanged; a file with an id of its own is not named."""
    text = (HERE / "valid" / "attack_ex1.yaml").read_text(encoding="utf-8")
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    first.write_text(text, encoding="utf-8")
    second.write_text(text, encoding="utf-8")
    other = HERE / "valid" / "attack_twice.yaml"
    code, out, err = run("check", str(first), str(other), str(second))
    assert code == EXIT_OK, err
    assert out == f"PASS attack-ex1 ({first})\nPASS attack-twice\nPASS attack-ex1 ({second})\n"
    assert err == f"note: {second} has the id attack-ex1, as {first} has: give each scenario an id of its own\n"
    assert run("check", str(first)) == (EXIT_OK, "PASS attack-ex1\n", "")


def test_check_folder_with_a_broken_file_exits_2() -> None:
    code, out, err = run("check", str(BROKEN))
    assert code == EXIT_INVALID
    assert out.count("INVALID") == len(list(BROKEN.glob("*.yaml")))
    assert "Traceback" not in err


def test_broken_card_library_is_reported_without_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    import digiteach.scenario as sc
    from digiteach.cards import CardDataError

    def broken() -> None:
        raise CardDataError("digiteach/cards/seed.yaml:12", (3, "dp"), "expected a whole number, got 'lots'")

    monkeypatch.setattr(sc.load, "default_library", broken)
    code, out, err = run("check", str(HERE / "valid" / "attack_ex1.yaml"))
    assert code == EXIT_INVALID
    assert "error: card library: digiteach/cards/seed.yaml:12: 3.dp: expected a whole number" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(("lang", "said", "expected"), [
    ("en", "setup.memory: 'A12' is out of range", "expected: A0..A10 or B0..B10 (as a signed number"),
    ("de", "setup.memory: 'A12' liegt außerhalb des Bereichs", "erwartet: A0..A10 oder B0..B10 (als Zahl"),
])
def test_memory_past_the_gauge_is_said_to_be_out_of_range(lang: str, said: str, expected: str) -> None:
    """`memory: A12` has the right form and a value past the gauge: the check says the value is out of range and
    what the range is, not that the form is wrong (a newcomer looked for a typo), in English and German."""
    code, out, err = run("check", str(BROKEN / "memory_out_of_range.yaml"), "--lang", lang)
    assert code == EXIT_INVALID
    assert said in err and expected in err and "expected form" not in err and "erwartete Form" not in err, err
