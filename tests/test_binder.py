"""binder/ serves the lessons to many learners (BinderHub's repo2docker, a JupyterHub): its requirements are
exactly the `lab` group of uv.lock, and they install, with binder/postBuild, into a fresh virtual
environment that then runs the engine, the diagrams and the widgets, with no test tools.

The install uses uv's cache first (offline) and PyPI only for what the cache lacks; with neither it skips
(fails in CI). It takes about 20 s with a warm cache.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.long  # installs binder/ into a fresh virtual environment: ./test --long and CI

REPO = Path(__file__).resolve().parent.parent
BINDER = REPO / "binder"
EXPORT = ["export", "--frozen", "--no-default-groups", "--group", "lab", "--no-hashes", "--no-emit-project"]


def uv() -> list[str]:
    """The uv command as the set-up scripts run it (`python3 -m uv`), or skip when there is none."""
    for cmd in ([os.environ.get("PYTHON", "python3"), "-m", "uv"], ["uv"]):
        try:
            subprocess.run([*cmd, "--version"], capture_output=True, check=True)
            return cmd
        except (OSError, subprocess.CalledProcessError):
            continue
    pytest.skip("uv is not installed (./lab and ./test install it)")


def requirement_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def test_requirements_are_the_lab_group_of_the_lock() -> None:
    """Regenerate with the command in binder/README.md after every `uv lock`."""
    fresh = subprocess.run([*uv(), *EXPORT], cwd=REPO, capture_output=True, text=True, check=True).stdout
    stored = (BINDER / "requirements.txt").read_text(encoding="utf-8")
    assert requirement_lines(stored) == requirement_lines(fresh), \
        "binder/requirements.txt is stale: python3 -m uv " + " ".join(EXPORT) + " -o binder/requirements.txt"
    names = {line.split("==")[0].lower() for line in requirement_lines(stored)}
    assert {"jupyterlab", "voila", "ipywidgets", "anywidget", "graphviz-pure"} <= names
    assert not names & {"pytest", "nbval", "playwright", "mypy", "radon", "hypothesis"}


def test_binder_files_are_what_repo2docker_reads() -> None:
    assert os.access(BINDER / "postBuild", os.X_OK), "binder/postBuild must be executable"
    assert (BINDER / "runtime.txt").read_text(encoding="utf-8").strip().startswith("python-3.1")
    post = (BINDER / "postBuild").read_text(encoding="utf-8")
    assert "pip install --no-deps" in post


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def test_binder_installs_into_a_fresh_environment(tmp_path: Path) -> None:
    uv_cmd = uv()
    venv = tmp_path / "venv"
    python = venv / "bin" / "python"
    subprocess.run([*uv_cmd, "venv", "--seed", "-q", "--python", sys.executable, str(venv)], check=True)
    install = [*uv_cmd, "pip", "install", "-q", "--python", str(python), "-r", str(BINDER / "requirements.txt")]
    if subprocess.run([*install, "--offline"], capture_output=True).returncode != 0:
        online = subprocess.run(install, capture_output=True, text=True)
        if online.returncode != 0:
            reason = f"cannot install binder/requirements.txt (no cache, no PyPI?): {online.stderr[-500:]}"
            if in_ci():
                pytest.fail(reason)
            pytest.skip(reason)
    env = {**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}", "VIRTUAL_ENV": str(venv)}
    env.pop("PYTHONPATH", None)
    post = subprocess.run([str(BINDER / "postBuild")], cwd=REPO, env=env, capture_output=True, text=True)
    assert post.returncode == 0, f"binder/postBuild failed:\n{post.stdout[-2000:]}\n{post.stderr[-2000:]}"

    def run(*cmd: str) -> str:
        result = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True)
        assert result.returncode == 0, f"{' '.join(cmd)} failed:\n{result.stdout[-1500:]}\n{result.stderr[-1500:]}"
        return result.stdout

    assert "PASS attack-resolution-5" in run(str(venv / "bin" / "digiteach"), "check", "attack-resolution-5")
    assert "<svg" in run(str(python), "-c", "import graphviz; print(graphviz.Digraph().pipe(format='svg').decode())")
    run(str(python), "-c", "import widgets, jupyterlab, voila, ipywidgets, anywidget")
    missing = run(str(python), "-c", "import importlib.util as u; "
                  "print([m for m in ('pytest', 'playwright', 'mypy', 'nbval') if u.find_spec(m)])")
    assert missing.strip() == "[]", f"test tools in the learners' environment: {missing}"
    share = venv / "share" / "jupyter"
    assert (share / "lab" / "settings" / "overrides.json").exists()
    titles = (share / "voila" / "templates" / "digiteach" / "lesson_titles.j2").read_text(encoding="utf-8")
    assert "Step through your first ruling" in titles
