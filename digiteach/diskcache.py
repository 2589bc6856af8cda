"""A small on-disk cache of parsed package data (the card library, bundled scenarios), so a fresh process skips the
YAML parsing it did last time.

Entries live in the user's cache folder: ``$DIGITEACH_CACHE`` if set, else ``$XDG_CACHE_HOME/digiteach``, else
``~/.cache/digiteach``. Each entry is one pickle file named by the SHA-256 of everything its value depends on:
the source texts it was parsed from and :func:`code_fingerprint` (the size and modification time of every module of
the package, so an edited parser never meets an old entry). An entry is therefore never stale; deleting the folder
(or any file in it) is always safe, it only costs one slower start. ``DIGITEACH_CACHE=off`` turns the cache off.

Only this package writes the folder and only its own parsed values are read back (pickle runs no code of the
file's choosing beyond the classes of this package it names). A file that cannot be read or unpickled counts as a
miss and is rewritten; a folder that cannot be written is ignored.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, TypeVar

__all__ = ["cache_dir", "code_fingerprint", "key_of", "cached"]

_T = TypeVar("_T")
_FORMAT = b"digiteach-cache-1"


def cache_dir() -> Path | None:
    """The cache folder (not created here), or None when ``DIGITEACH_CACHE=off``."""
    chosen = os.environ.get("DIGITEACH_CACHE", "")
    if chosen.lower() in ("off", "0", "no", "false"):
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "digiteach"


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """SHA-256 over (path, size, mtime) of every ``.py`` file and JSON schema of the package: changes whenever the
    code or the scenario schema (whose limits decide what loads) does."""
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256(_FORMAT)
    for path in sorted([*root.rglob("*.py"), *root.rglob("*.schema.json")]):
        st = path.stat()
        digest.update(f"{path.relative_to(root)}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def key_of(kind: str, parts: Iterable[str | bytes]) -> str:
    """The entry name for ``kind`` (e.g. ``"cards"``) built from ``parts`` (texts it depends on) and the code."""
    digest = hashlib.sha256(kind.encode() + b"\0" + code_fingerprint().encode())
    for part in parts:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    return f"{kind}-{digest.hexdigest()[:40]}"


def cached(kind: str, parts: Iterable[str | bytes], build: Callable[[], _T]) -> _T:
    """The value ``build()`` returned for these ``parts``, read from the cache folder when present; else build it
    and store it. Errors raised by ``build`` propagate and nothing is stored."""
    folder = cache_dir()
    if folder is None:
        return build()
    path = folder / (key_of(kind, parts) + ".pickle")
    try:
        with path.open("rb") as handle:
            if handle.read(len(_FORMAT)) == _FORMAT:
                return pickle.load(handle)  # type: ignore[no-any-return]
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError):
        pass
    value = build()
    _store(folder, path, value)
    return value


def _store(folder: Path, path: Path, value: object) -> None:
    """Write ``value`` to ``path`` atomically (a temporary file renamed into place); ignore an unwritable folder."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".pickle")
        with os.fdopen(fd, "wb") as handle:
            handle.write(_FORMAT)
            pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
        _prune(folder)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        try:
            os.unlink(tmp)
        except (OSError, UnboundLocalError):
            pass


MAX_ENTRIES = 400
"""Entries kept in the folder; past this the least recently written ones are deleted (old code versions)."""


def _prune(folder: Path) -> None:
    entries = list(folder.glob("*.pickle"))
    if len(entries) <= MAX_ENTRIES:
        return
    entries.sort(key=lambda f: f.stat().st_mtime_ns)
    for old in entries[: len(entries) - MAX_ENTRIES]:
        old.unlink(missing_ok=True)
