"""``digiteach export``: the command a streamer or teacher runs to get one offline page (issue point 8)."""

from __future__ import annotations

import io
import os
import re
import stat
import subprocess
import shutil
from pathlib import Path

import pytest
from fixtures import NEEDS_DOT, attack_example_5

from digiteach.cli import main
from digiteach.export import export_file_name, html_document, to_html, write_atomically

pytestmark = NEEDS_DOT

EX5 = attack_example_5()


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_export_writes_html_with_the_layout_and_a_gif(tmp_path: Path) -> None:
    html_out, gif_out = tmp_path / "ar5.html", tmp_path / "ar5.gif"
    code, out, err = run("export", "attack-resolution-5", "--html", str(html_out), "--layout", "stream",
                         "--gif", str(gif_out), "--diagram", "priority")
    assert (code, err) == (0, "")
    assert out.splitlines() == [f"wrote {html_out}", f"wrote {gif_out}"]
    doc = html_out.read_text(encoding="utf-8")
    assert '<html lang="en" class="layout-stream">' in doc
    assert gif_out.read_bytes().startswith(b"GIF8")
    assert oct(html_out.stat().st_mode & 0o044) == oct(0o044)  # readable like any file, not mkstemp's 0600
    assert not list(tmp_path.glob(".*.part"))


def test_export_never_overwrites_without_force(tmp_path: Path) -> None:
    target = tmp_path / "ar5.html"
    target.write_text("mine", encoding="utf-8")
    code, _out, err = run("export", "attack-resolution-5", "--html", str(target))
    assert code == 2 and "already exists" in err and "--force" in err
    assert target.read_text(encoding="utf-8") == "mine"
    code, _out, _err = run("export", "attack-resolution-5", "--html", str(target), "--force")
    assert code == 0 and target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_export_reports_bad_input_without_a_traceback(tmp_path: Path) -> None:
    code, _out, err = run("export", "no-such-scenario", "--html", str(tmp_path / "x.html"))
    assert code == 2 and err.startswith("error: ") and "Traceback" not in err
    code, _out, err = run("export", "attack-resolution-5")
    assert code == 2 and "--html" in err
    code, _out, err = run("export", "attack-resolution-5", "--html", str(tmp_path / "missing" / "x.html"))
    assert code == 2 and err == f"error: the folder {tmp_path / 'missing'} does not exist; create it first\n"
    assert ".part" not in err and not (tmp_path / "x.html").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no fifos here")
def test_force_never_replaces_what_is_not_a_regular_file(tmp_path: Path) -> None:
    """--force replaces a regular file only: a device, a fifo, a link (even dangling) or a folder stays."""
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "real.html").write_text("mine", encoding="utf-8")
    (tmp_path / "link.html").symlink_to(tmp_path / "real.html")
    (tmp_path / "dangling.html").symlink_to(tmp_path / "nowhere.html")
    (tmp_path / "folder").mkdir()
    said = {
        "/dev/null": "is not a regular file",
        str(tmp_path / "fifo"): "is not a regular file",
        str(tmp_path / "link.html"): "is a symbolic link",
        str(tmp_path / "dangling.html"): "is a symbolic link",
        str(tmp_path / "folder"): "is a folder; give a file name",
    }
    for target, words in said.items():
        for flag in ("--html", "--gif"):
            code, out, err = run("export", "attack-resolution-5", flag, target, "--force")
            assert (code, out) == (2, ""), (target, flag)
            assert err.startswith(f"error: {target} ") and words in err and "--force" not in err, err
    assert Path("/dev/null").is_char_device()
    assert stat.S_ISFIFO((tmp_path / "fifo").lstat().st_mode)
    assert (tmp_path / "link.html").is_symlink() and (tmp_path / "real.html").read_text(encoding="utf-8") == "mine"
    assert (tmp_path / "dangling.html").is_symlink() and not (tmp_path / "nowhere.html").exists()
    assert sorted(p.name for p in (tmp_path / "folder").iterdir()) == []


def test_the_wrote_line_escapes_the_file_name(tmp_path: Path) -> None:
    target = tmp_path / "a\x1b[31mb\u202ec.html"
    code, out, err = run("export", "attack-resolution-5", "--html", str(target))
    assert (code, err) == (0, "") and target.exists()
    assert out == f"wrote {tmp_path}/a\\x1b[31mb\\u202ec.html\n"


def test_a_failing_gif_leaves_no_html(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every output's prerequisites are checked before anything is written (Pillow, the targets)."""
    import digiteach.export as export

    def no_pillow() -> None:
        raise RuntimeError("--gif needs Pillow, which is not installed: run ./lab once, or python3 -m uv sync")

    monkeypatch.setattr(export, "needs_pillow", no_pillow)
    code, out, err = run("export", "attack-resolution-5", "--html", str(tmp_path / "a.html"), "--gif", str(tmp_path / "a.gif"))
    assert (code, out) == (2, "") and "needs Pillow" in err
    monkeypatch.undo()
    os.mkfifo(tmp_path / "a.gif")
    code, out, err = run("export", "attack-resolution-5", "--html", str(tmp_path / "a.html"), "--gif", str(tmp_path / "a.gif"),
                         "--force")
    assert (code, out) == (2, "") and "not a regular file" in err
    code, out, err = run("export", "attack-resolution-5", "--html", str(tmp_path / "b.html"), "--gif", str(tmp_path / "b.html"))
    assert (code, out) == (2, "") and "the same file" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.gif"]


def test_write_atomically_leaves_nothing_on_failure(tmp_path: Path) -> None:
    def broken(out: object) -> None:
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        write_atomically(tmp_path / "x.html", broken)
    assert list(tmp_path.iterdir()) == []


def test_page_has_play_speed_slider_keys_and_step_addresses() -> None:
    doc = html_document(EX5)
    for cls in ("digiteach-play", "digiteach-speed", "digiteach-slider", "digiteach-first", "digiteach-last"):
        assert f'class="{cls}"' in doc, cls
    for key in ('"Home"', '"End"', '" "', "ArrowRight", "ArrowLeft"):
        assert key in doc, key
    assert "[?&]step=(\\d+)" in doc and "#step-(\\d+)" in doc


def test_step_list_is_numbered_once() -> None:
    doc = html_document(EX5)
    items = re.findall(r"<li>(.*?)</li>", doc.split('<ol class="log steps">')[1].split("</ol>")[0])
    assert len(items) == len(EX5.steps)
    assert not any(re.match(r"\d+\.", item) for item in items), items[:2]


def test_outcome_at_the_last_step_only() -> None:
    doc = html_document(EX5)
    sections = re.findall(r'<section class="frame".*?</section>', doc, re.S)
    assert ["Outcome" in s for s in sections] == [False] * (len(sections) - 1) + [True]
    assert "Security Stacks: Player A" in sections[-1]


def test_a_branch_export_says_it_is_not_the_documented_line(tmp_path: Path) -> None:
    from digiteach.scenario import branch, load_scenario, play

    documented = play(load_scenario("attack-resolution-5"))
    k = next(s.index for s in documented.steps if s.decision is not None)
    other = next(o for o in documented.steps[k].decision.options if o != documented.steps[k].choice)  # type: ignore[union-attr]
    mine = branch(documented, k, other)
    name = export_file_name(mine, documented)
    assert name == f"attack-resolution-5-your-line-from-step-{k + 1}.html"
    assert export_file_name(documented, documented) == "attack-resolution-5.html"
    doc = to_html(mine, tmp_path / name, documented=documented).read_text(encoding="utf-8")
    title = re.search(r"<title>(.*?)</title>", doc).group(1)  # type: ignore[union-attr]
    assert f"your line (leaves the documented line at step {k + 1})" in title
    assert 'class="banner"' in doc and f"at step {k + 1}" in doc and "the documented line: &#x201c;" not in doc
    assert "Your line leaves the documented line at step" in doc and "Activation order:" in doc
    plain = html_document(documented, documented=documented)
    assert 'class="banner"' not in plain and "your line" not in plain.split("<body>")[0]


def test_a_learners_line_page_opens_where_it_leaves_the_documented_line() -> None:
    """The newcomer's trial (session 15): the export of their own line opened at step 1; the page now carries the
    step where the line leaves the documented one (0-based, read by page.js when the address names no step), and a
    page of the documented line carries none (it opens at step 1)."""
    from digiteach.scenario import branch, load_scenario, play

    documented = play(load_scenario("attack-resolution-5"))
    k = next(s.index for s in documented.steps if s.decision is not None)
    other = next(o for o in documented.steps[k].decision.options if o != documented.steps[k].choice)  # type: ignore[union-attr]
    mine = html_document(branch(documented, k, other), documented=documented)
    assert re.search(r'<main class="digiteach-export"[^>]* data-start="(\d+)"', mine).group(1) == str(k)  # type: ignore[union-attr]
    assert "data-start=" not in html_document(documented, documented=documented)
    assert "data-start=" not in html_document(documented)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_page_script_is_valid_javascript(tmp_path: Path) -> None:
    (script,) = re.findall(r"<script>(.*?)</script>", html_document(EX5, layout="compact"), re.S)
    path = tmp_path / "page.js"
    path.write_text(script, encoding="utf-8")
    proc = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr


def test_branches_export_refuses_a_device_too() -> None:
    code, out, err = run("export", "attack-resolution-5", "--branches", "--html", "/dev/null", "--force")
    assert (code, out) == (2, "") and err == "error: /dev/null exists and is not a regular file (a device, fifo or socket); never replaced\n"
    assert Path("/dev/null").is_char_device()


def test_an_unwritable_folder_is_named_not_the_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    def refuse(**kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied", str(tmp_path / ".x.html.abc.part"))

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    code, out, err = run("export", "attack-resolution-5", "--html", str(tmp_path / "x.html"))
    assert (code, out) == (2, "")
    assert err == f"error: cannot write the export: cannot write into the folder {tmp_path}: Permission denied\n"


def test_two_outputs_that_are_one_file_are_refused_before_anything_is_written(tmp_path: Path) -> None:
    """``dirlink -> adir``: ``dirlink/s.html`` and ``adir/s.html`` are one file, with or without --force."""
    (tmp_path / "adir").mkdir()
    (tmp_path / "dirlink").symlink_to("adir")
    for force in ((), ("--force",)):
        code, out, err = run("export", "attack-resolution-5", "--html", str(tmp_path / "dirlink" / "s.html"),
                             "--gif", str(tmp_path / "adir" / "s.html"), *force)
        assert code == 2 and out == "" and "--html and --gif name the same file" in err, err
        assert not list((tmp_path / "adir").iterdir())
    (tmp_path / "adir" / "h.html").write_text("x", encoding="utf-8")
    os.link(tmp_path / "adir" / "h.html", tmp_path / "hard.html")  # a hard link is one file too
    code, _, err = run("export", "attack-resolution-5", "--html", str(tmp_path / "adir" / "h.html"),
                       "--gif", str(tmp_path / "hard.html"), "--force")
    assert code == 2 and "the same file" in err and (tmp_path / "hard.html").read_text(encoding="utf-8") == "x"


@pytest.mark.parametrize("kind", ["--html", "--branches"])
def test_a_bundled_scenario_named_by_id_is_never_its_own_output(kind: str) -> None:
    """Fault report 9: by id, ``--force`` replaced the bundled file ``digiteach list`` then skipped silently."""
    from digiteach.catalog import bundled_paths

    bundled = next(p for p in bundled_paths() if p.stem == "attack-resolution-5")
    text = bundled.read_bytes()
    try:
        extra = ["--branches"] if kind == "--branches" else []
        code, out, err = run("export", "attack-resolution-5", "--html", str(bundled), *extra, "--force")
        assert code == 2 and out == "" and "is the scenario being exported" in err, err
    finally:
        if bundled.read_bytes() != text:  # never leave the package broken, even when the test fails
            bundled.write_bytes(text)
    assert bundled.read_bytes() == text


def test_nothing_is_written_into_the_package_folders(tmp_path: Path) -> None:
    """Card files and other scenarios are the package's own data: refused even with --force, whatever path."""
    from digiteach.catalog import bundled_paths
    from digiteach.export_files import PACKAGE_DIR

    card_file = sorted((PACKAGE_DIR / "cards").glob("*.yaml"))[0]
    other = next(p for p in bundled_paths() if p.stem == "attack-resolution-1")
    (tmp_path / "pkg").symlink_to(PACKAGE_DIR)
    for target in (card_file, other, tmp_path / "pkg" / "scenarios" / "new.html", PACKAGE_DIR / "new.html"):
        before = target.read_bytes() if target.exists() else None
        try:
            code, out, err = run("export", "attack-resolution-5", "--html", str(target), "--force")
            assert code == 2 and out == "" and "inside digiteach's own folder" in err, err
        finally:
            if before is not None and target.read_bytes() != before:
                target.write_bytes(before)
            elif before is None and target.exists():
                target.unlink()
        assert (target.read_bytes() if target.exists() else None) == before


@pytest.mark.parametrize("kind", ["--html", "--gif", "--branches"])
def test_the_scenario_file_is_never_an_output_even_with_force(tmp_path: Path, kind: str) -> None:
    from digiteach.catalog import bundled_paths

    victim = tmp_path / "victim.yaml"
    text = next(p for p in bundled_paths() if p.stem == "attack-resolution-5").read_text(encoding="utf-8")
    victim.write_text(text, encoding="utf-8")
    (tmp_path / "link").symlink_to(tmp_path)
    for target in (victim, tmp_path / "link" / "victim.yaml", tmp_path / "sub" / ".." / "victim.yaml"):
        (tmp_path / "sub").mkdir(exist_ok=True)
        args = ["--html", str(target), "--branches"] if kind == "--branches" else [kind, str(target)]
        code, out, err = run("export", str(victim), *args, "--force")
        assert code == 2 and out == "" and "is the scenario being exported" in err and "--force" in err, err
        assert victim.read_text(encoding="utf-8") == text


def test_a_command_message_names_the_flag_only(tmp_path: Path) -> None:
    target = tmp_path / "x.html"
    target.write_text("old", encoding="utf-8")
    code, _, err = run("export", "attack-resolution-5", "--html", str(target))
    assert code == 2 and "pass --force to replace it" in err and "overwrite=True" not in err
    code, _, err = run("export", "attack-resolution-5", "--html", str(target), "--branches")
    assert code == 2 and "pass --force to replace it" in err and "overwrite=True" not in err
    with pytest.raises(FileExistsError, match=r"pass overwrite=True to replace it"):
        to_html(EX5, target, frames=[])
