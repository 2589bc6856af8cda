# shellcheck shell=bash
# Shared set-up for ./lab and ./test (sourced, not run): makes `python3 -m uv` work and syncs .venv
# from the committed uv.lock. Works as root (CI) and as a normal user, on a Debian-managed Python too.
#
# After sourcing:  UV=(python3 -m uv) is the uv command; call `bootstrap_sync lab` or `bootstrap_sync dev`.

say() { printf '[digiteach] %s\n' "$*" >&2; }
die() { say "ERROR: $*"; exit 1; }

is_root() { [ "$(id -u)" = 0 ]; }

# Run a command as root: directly when root, through sudo otherwise (sudo -n when there is no terminal).
as_root() {
    if is_root; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        if [ -t 0 ]; then sudo "$@"; else sudo -n "$@"; fi
    else
        return 127
    fi
}

PYTHON=${PYTHON:-python3}
command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON not found. Install Python 3.11 or newer (Debian: apt-get install python3)."
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
    || die "$("$PYTHON" --version 2>&1) is too old: digiteach needs Python 3.11 or newer."

# The interpreter itself, not a name looked up on PATH later (PATH may gain .venv/bin; pyenv shims).
PYTHON=$("$PYTHON" -c 'import sys; print(sys.executable)')
export PYTHON  # tests that start ./lab, or install binder/, find uv through it
UV=("$PYTHON" -m uv)

bootstrap_uv() {
    if "${UV[@]}" --version >/dev/null 2>&1; then
        return 0
    fi
    if ! "$PYTHON" -m pip --version >/dev/null 2>&1; then
        say "pip is missing for $PYTHON; installing Debian's python3-pip"
        { as_root apt-get update && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y python3-pip; } \
            || die "cannot install pip. Run: sudo apt-get install python3-pip   (then run this command again)"
    fi
    say "installing uv with pip (once)"
    local pip=("$PYTHON" -m pip install --disable-pip-version-check -q)
    # Not root: pip itself falls back to a user install when site-packages is not writable.
    # A Debian-managed Python refuses plain pip installs (PEP 668): fall back to --break-system-packages.
    "${pip[@]}" uv 2>/dev/null || "${pip[@]}" --break-system-packages uv \
        || die "could not install uv with pip. Try: $PYTHON -m pip install --user uv"
    "${UV[@]}" --version >/dev/null 2>&1 || die "uv was installed but '$PYTHON -m uv' does not run"
}

# bootstrap_sync GROUP: install uv.lock's packages for GROUP into .venv.
#   lab  the learners' environment (JupyterLab, Voilà, the widgets; no test tools). An inexact sync:
#        test tools a previous ./test installed stay, so ./lab after ./test removes nothing.
#   dev  lab plus the test tools (pytest, nbval, Playwright, mypy, radon, hypothesis) for ./test.
bootstrap_sync() {
    local group=${1:-lab} extra=()
    bootstrap_uv
    case $group in
        lab) extra=(--no-default-groups --group lab --inexact) ;;
        dev) extra=(--group dev) ;;
        *) die "bootstrap_sync: unknown group $group (lab or dev)" ;;
    esac
    # --locked: install exactly uv.lock and fail if pyproject.toml changed without `uv lock`.
    # Python downloads are off: uv uses a Python already on this machine.
    say "uv sync (from uv.lock, $group packages)"
    UV_PYTHON_DOWNLOADS=never "${UV[@]}" sync --locked "${extra[@]}" \
        || die "uv sync failed. If pyproject.toml changed, run '$PYTHON -m uv lock' and commit uv.lock."
}
