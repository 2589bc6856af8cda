"""A small on-disk cache of parsed package data (the card library, bundled scenarios), so a fresh process skips the
YAML parsing it did last time.

Entries live in the user's cache folder: ``$DIGITEACH_CACHE`` if set, else ``$XDG_CACHE_HOME/digiteach``, else
``~/.cache/digiteach``. Each entry is one file named by the SHA-256 of everything its value depends on: the source
texts it was parsed from and :func:`code_fingerprint` (the size and modification time of every module of the package,
so an edited parser never meets an old entry). An entry is therefore never stale; deleting the folder (or any file in
it) is always safe, it only costs one slower start. ``DIGITEACH_CACHE=off`` turns the cache off.

The folder may be shared or writable by others (a classroom's ``DIGITEACH_CACHE``), so no byte of an entry is trusted
before it is verified: every entry carries an HMAC-SHA256 of its body keyed by a per-user secret (:func:`secret`, 32
random bytes in ``$XDG_CONFIG_HOME/digiteach/cache-key`` or ``~/.config/digiteach/cache-key``, created with mode 0600,
never inside the cache folder). An entry is unpickled only when it is a regular file owned by the user and its HMAC
verifies, so only values this package stored for this user are ever read back, and no code of a planted file's choosing
runs. A value of another type than the caller expects, a file that cannot be read, or one that does not verify counts
as a miss and is rewritten. Without a usable secret (a key file that is not the user's own, or readable by others) the
cache is not used; a folder that cannot be written is ignored.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import pickle
import secrets
import stat
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, TypeVar

__all__ = ["cache_dir", "code_fingerprint", "key_of", "cached", "secret"]

_T = TypeVar("_T")
_FORMAT = b"digiteach-cache-2"
_MAC_SIZE = 32


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


def _key_file() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "digiteach" / "cache-key"


@lru_cache(maxsize=1)
def secret() -> bytes | None:
    """The user's 32-byte cache secret, read from (or first written to, mode 0600) the key file outside the cache
    folder; None when no safe secret can be had: the file is not a regular file owned by this user, others may read
    or write it, or it cannot be read or created (the cache is then not used)."""
    path = _key_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "wb") as handle:
                handle.write(secrets.token_bytes(32))
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as handle:
            st = os.fstat(handle.fileno())
            if not _own_private_file(st):
                return None
            key = handle.read(64)
    except (OSError, ValueError):
        return None
    return key if len(key) == 32 else None


def _own_private_file(st: os.stat_result) -> bool:
    uid = getattr(os, "getuid", lambda: st.st_uid)()
    return stat.S_ISREG(st.st_mode) and st.st_uid == uid and not st.st_mode & 0o077


def _mac(key: bytes, name: str, body: bytes) -> bytes:
    """HMAC-SHA256 of ``body`` bound to the entry's ``name`` (an entry copied under another name does not verify)."""
    return hmac.new(key, _FORMAT + name.encode() + b"\0" + body, hashlib.sha256).digest()


def cached(kind: str, parts: Iterable[str | bytes], build: Callable[[], _T], expect: type = object) -> _T:
    """The value ``build()`` returned for these ``parts``, read from the cache folder when present, verified and an
    instance of ``expect``; else build it and store it. Errors raised by ``build`` propagate and nothing is stored."""
    folder = cache_dir()
    key = secret() if folder is not None else None
    if folder is None or key is None:
        return build()
    name = key_of(kind, parts)
    path = folder / (name + ".entry")
    value = _read(path, key, name)
    if isinstance(value, expect) and value is not _MISS:
        return value  # type: ignore[return-value]
    value = build()
    _store(folder, path, key, name, value)
    return value


_MISS = object()


def _read(path: Path, key: bytes, name: str) -> object:
    """The value of the entry at ``path``, or ``_MISS``: missing, not a regular file owned by the user, a bad HMAC,
    or a body that does not unpickle. Nothing is unpickled before the HMAC verifies."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as handle:
            st = os.fstat(handle.fileno())
            uid = getattr(os, "getuid", lambda: st.st_uid)()
            if not stat.S_ISREG(st.st_mode) or st.st_uid != uid:
                return _MISS
            data = handle.read()
    except OSError:
        return _MISS
    head, mac, body = data[: len(_FORMAT)], data[len(_FORMAT): len(_FORMAT) + _MAC_SIZE], data[len(_FORMAT) + _MAC_SIZE:]
    if head != _FORMAT or not hmac.compare_digest(mac, _mac(key, name, body)):
        return _MISS
    try:
        return pickle.loads(body)
    except Exception:  # a verified body is our own; a class renamed since is still only a miss
        return _MISS


def _store(folder: Path, path: Path, key: bytes, name: str, value: object) -> None:
    """Write ``value`` to ``path`` atomically (a temporary file renamed into place); ignore an unwritable folder."""
    tmp = ""
    try:
        body = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".entry")
        with os.fdopen(fd, "wb") as handle:
            handle.write(_FORMAT + _mac(key, name, body) + body)
        os.replace(tmp, path)
        tmp = ""
        _prune(folder)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        pass
    finally:
        if tmp:
            try:
                os.unlink(tmp)
            except OSError:
                pass


MAX_ENTRIES = 400
"""Entries kept in the folder; past this the least recently written ones are deleted (old code versions)."""


def _prune(folder: Path) -> None:
    for old in folder.glob("*.pickle"):  # the unsigned format of earlier versions: never read, so removed
        try:
            old.unlink(missing_ok=True)
        except OSError:  # another user's file in a shared folder
            pass
    entries = list(folder.glob("*.entry"))
    if len(entries) <= MAX_ENTRIES:
        return
    entries.sort(key=lambda f: f.stat().st_mtime_ns)
    for old in entries[: len(entries) - MAX_ENTRIES]:
        old.unlink(missing_ok=True)
