"""Harness for the real-browser tests: a JupyterLab server the test starts, and Debian's Chromium.

The server listens on 127.0.0.1 on a free port, with a random token, in a temporary folder of its own
(root folder, settings, workspaces, config and runtime folders): nothing in the repo or in the user's
~/.jupyter is read or written. Chromium is `/usr/bin/chromium`, driven by Playwright for Python; Playwright's
own browser downloads are never used (`playwright install` fails on this machine).

Skips: only when Chromium (or Playwright) is missing AND the run is not CI. With `CI` set (any value but
"", "0", "false") or `DIGITEACH_REQUIRE_BROWSER=1`, a missing browser is a failure.

Output: screenshots and the server log go to `test-output/browser/` in the repo (gitignored); each test
prints the paths it wrote.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, NoReturn

import pytest

REPO = Path(__file__).resolve().parents[2]
OUTPUT = REPO / "test-output" / "browser"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
# JupyterLab settings for a quiet, offline, fully rendered notebook (written as overrides.json).
LAB_OVERRIDES: Mapping[str, Mapping[str, object]] = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    # every cell in the DOM, so that locators find outputs that are scrolled out of view
    # and no "Select Kernel" dialog when another notebook's kernel is running
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none", "autoStartDefaultKernel": True},
    # the test works on copies, but never let a run write into them behind our back
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
}
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
SERVER_START_SECONDS = 90.0
SERVER_STOP_SECONDS = 20.0


def browser_required() -> bool:
    """True when a missing browser must fail the run rather than skip it (CI, or asked for)."""
    for name in ("CI", "DIGITEACH_REQUIRE_BROWSER"):
        if os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no"):
            return True
    return False


def skip_or_fail(reason: str) -> NoReturn:
    """Skip locally; fail in CI (or with DIGITEACH_REQUIRE_BROWSER=1). Never returns."""
    if browser_required():
        pytest.fail(f"{reason} (CI: the browser tests must run, so this is a failure)", pytrace=False)
    pytest.skip(f"{reason}; install it with: sudo apt-get install chromium")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def write_notebook(path: Path, cells: Sequence[str]) -> Path:
    """Write a notebook of code cells (sources as given) with the python3 kernelspec, and return path."""
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    nb = new_notebook(cells=[new_code_cell(src) for src in cells], metadata={"kernelspec": KERNELSPEC})
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(path))
    return path


@dataclass(frozen=True, slots=True)
class LabServer:
    """A running JupyterLab or Voilà: `root` is its (temporary) root folder; `url(path)` adds the token."""

    name: str  # "JupyterLab" or "Voila"
    base: str
    token: str
    root: Path
    log: Path

    def shutdown_kernels(self) -> None:
        """End every notebook session and its kernel (between tests; JupyterLab only)."""
        for session in self.api("api/sessions") or ():
            self.api(f"api/sessions/{session['id']}", method="DELETE")

    def url(self, path: str) -> str:
        """Absolute URL of `path` (e.g. "lab/tree/x.ipynb") with the login token as a query."""
        return f"{self.base}/{path.lstrip('/')}?token={self.token}"

    def api(self, path: str, method: str = "GET") -> Any:
        """Call the REST API (path like "api/status"); returns the decoded JSON body, or None."""
        req = urllib.request.Request(
            f"{self.base}/{path}", method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(req, timeout=30) as resp:  # noqa: S310 (our own 127.0.0.1 server)
            body = resp.read()
        if not body or "json" not in resp.headers.get("Content-Type", ""):
            return None
        return json.loads(body)


@dataclass(slots=True)
class RunningServer:
    """A server process the test started, with what it takes to stop it."""

    proc: subprocess.Popen[bytes]
    server: LabServer
    log: IO[bytes]

    def stop(self) -> None:
        """Ask JupyterLab to shut down (it stops its kernels); then SIGTERM, then SIGKILL its process group."""
        try:
            if self.proc.poll() is None and self.server.name == "JupyterLab":
                try:
                    self.server.api("api/shutdown", method="POST")
                except (urllib.error.URLError, ConnectionError, OSError):
                    pass
                try:
                    self.proc.wait(timeout=SERVER_STOP_SECONDS)
                except subprocess.TimeoutExpired:
                    pass
            for sig, wait in ((signal.SIGTERM, SERVER_STOP_SECONDS), (signal.SIGKILL, 5.0)):
                try:
                    os.killpg(self.proc.pid, sig)  # the server's own session: its kernels, nothing else
                except ProcessLookupError:
                    break
                try:
                    self.proc.wait(timeout=wait)
                    break
                except subprocess.TimeoutExpired:
                    continue
        finally:
            self.log.close()


def _server_env(workdir: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["JUPYTER_CONFIG_DIR"] = str(workdir / "config")
    env["JUPYTER_RUNTIME_DIR"] = str(workdir / "runtime")
    env.pop("JUPYTER_TOKEN", None)
    env["PYTHONUNBUFFERED"] = "1"
    for folder in ("config", "runtime"):
        (workdir / folder).mkdir(parents=True, exist_ok=True)
    return env


def _start(name: str, workdir: Path, root: Path, args: Callable[[int, str], list[str]],
           ready_path: str, extra_env: dict[str, str] | None = None) -> RunningServer:
    """Start `sys.executable -m <args(port, token)>` in its own session (``extra_env`` added to its environment);
    wait until `ready_path` answers."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    log_path = OUTPUT / f"{name.lower()}.log"
    token = secrets.token_hex(16)
    env = {**_server_env(workdir), **(extra_env or {})}
    last_error = ""
    for _attempt in range(3):  # the free port may be taken between probing and binding
        port = free_port()
        cmd = [sys.executable, "-m", *args(port, token)]
        log = open(log_path, "ab")
        log.write(f"\n=== {' '.join(cmd)}\n".encode())
        log.flush()
        proc = subprocess.Popen(cmd, cwd=root, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
        running = RunningServer(proc, LabServer(name, f"http://127.0.0.1:{port}", token, root, log_path), log)
        deadline = time.monotonic() + SERVER_START_SECONDS
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                last_error = f"{name} exited with code {proc.returncode}"
                break
            try:
                running.server.api(ready_path)
                return running
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.25)
        else:
            last_error = f"{name} did not answer within {SERVER_START_SECONDS:.0f} s"
        running.stop()
    tail = log_path.read_text(encoding="utf-8", errors="replace")[-3000:]
    raise RuntimeError(f"{last_error}; log {log_path}:\n{tail}")


def start_lab(workdir: Path) -> RunningServer:
    """JupyterLab on 127.0.0.1 (free port, random token), root folder `workdir/root`, with the test's
    own settings (LAB_OVERRIDES), user settings, workspaces, config and runtime folders."""
    root = workdir / "root"
    settings = workdir / "app-settings"
    for folder in (root, settings, workdir / "user-settings", workdir / "workspaces"):
        folder.mkdir(parents=True, exist_ok=True)
    (settings / "overrides.json").write_text(json.dumps(LAB_OVERRIDES, indent=2), encoding="utf-8")

    def args(port: int, token: str) -> list[str]:
        cmd = [
            "jupyterlab",
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={root}",
            f"--LabApp.app_settings_dir={settings}",
            f"--LabApp.user_settings_dir={workdir / 'user-settings'}",
            f"--LabApp.workspaces_dir={workdir / 'workspaces'}",
        ]
        if os.geteuid() == 0:
            cmd.append("--allow-root")
        return cmd

    return _start("JupyterLab", workdir, root, args, "api/status")


def start_voila(workdir: Path, extra_env: dict[str, str] | None = None) -> RunningServer:
    """Voilà (as `./lab --voila` runs it: our jupyter-config/ settings and template) on 127.0.0.1 (free port, random
    token), serving the notebooks in `workdir/root`, with ``extra_env`` added to its environment; a notebook opens at
    `voila/render/<path>`."""
    root = workdir / "root"
    root.mkdir(parents=True, exist_ok=True)

    def args(port: int, token: str) -> list[str]:  # with digiteach's template, as ./lab --voila (its lesson pages)
        return ["voila", str(root), "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
                "--Voila.port_retries=0", f"--token={token}", "--template=digiteach"]

    config = REPO / "jupyter-config"
    env = {"JUPYTER_PATH": str(config / "share"), "JUPYTER_CONFIG_PATH": str(config), **(extra_env or {})}
    return _start("Voila", workdir, root, args, "", env)
