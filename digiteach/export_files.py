"""Writing export files safely: which paths may be written (:func:`check_target`), whether two paths name one
file (:func:`same_file`), and writing a file atomically (:func:`write_atomically`). :mod:`digiteach.export` and
the ``digiteach export`` command write every file through these.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import IO

from . import i18n
from .scenario.escape import printable

__all__ = ["PACKAGE_DIR", "check_target", "inside_package", "same_file", "write_atomically"]

_ = i18n.gettext

PACKAGE_DIR = Path(os.path.realpath(Path(__file__).parent))
"""digiteach's own folder (the package: code, bundled scenarios, card files, translations)."""


def check_target(path: str | Path, *, overwrite: bool = False, keep: Iterable[str | Path] = (),
                 flag: str = "overwrite=True") -> Path:
    """Return ``path`` as a :class:`~pathlib.Path` if an export may be written there, else raise.

    Only a regular file is ever replaced (with ``overwrite``): a folder, a symbolic link (dangling or
    not), a device, a fifo or a socket is refused even with ``overwrite``, so ``--force`` can never turn
    ``/dev/null`` into a file. A file in ``keep`` (the scenario being exported) is never written, even with
    ``overwrite``, whatever path names it (links and ``..`` resolved, hard links compared), and neither is any
    file inside digiteach's own folder (:func:`inside_package`: its bundled scenarios and card files). The messages name
    the path with control and bidi characters escaped, and ``flag`` (``"--force"`` for the command) as the way
    to allow a replacement.

    Raises:
        IsADirectoryError: ``path`` is a folder.
        FileExistsError: ``path`` is a symbolic link or not a regular file, a file in ``keep`` or in digiteach's
            own folder, or a regular
            file and ``overwrite`` is False.
        FileNotFoundError: the folder ``path`` should go in does not exist (the message names it).
    """
    target = Path(path)
    shown = printable(str(target))
    if target.is_symlink():
        raise FileExistsError(f"{shown} is a symbolic link; give the path of a regular file (links are never replaced)")
    if target.is_dir():
        raise IsADirectoryError(f"{shown} is a folder; give a file name, e.g. {printable(str(target / 'export'))}")
    if any(same_file(target, k) for k in keep):
        raise FileExistsError(_("{file} is the scenario being exported; give another file name (it is never "
                                "replaced, even with {flag})").format(file=shown, flag=flag))
    if inside_package(target):
        raise FileExistsError(_("{file} is inside digiteach's own folder {folder} (its bundled scenarios, cards and "
                                "code); give a file name outside it (never written, even with {flag})").format(
                                    file=shown, folder=printable(str(PACKAGE_DIR)), flag=flag))
    if target.exists():
        if not stat.S_ISREG(target.stat().st_mode):
            raise FileExistsError(f"{shown} exists and is not a regular file (a device, fifo or socket); never replaced")
        if not overwrite:
            raise FileExistsError(_("{file} already exists; pass {flag} to replace it").format(file=shown, flag=flag))
    folder = target.parent
    if not folder.is_dir():
        raise FileNotFoundError(f"the folder {printable(str(folder))} does not exist; create it first")
    return target


def inside_package(path: str | Path) -> bool:
    """Whether ``path`` names a file in digiteach's own folder (the bundled scenarios, the card files, the code),
    links and ``..`` resolved: no export or starter file is ever written there.

    >>> inside_package(PACKAGE_DIR / "scenarios" / "x.yaml"), inside_package("my-rulings/x.html")
    (True, False)
    """
    real = Path(os.path.realpath(path))
    return real == PACKAGE_DIR or PACKAGE_DIR in real.parents


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether paths ``a`` and ``b`` name one file: the same real path (symbolic links and ``..`` resolved, so
    ``dirlink/s.html`` and ``adir/s.html`` are one file when ``dirlink`` links to ``adir``), or, when both exist,
    the same device and inode (hard links).

    >>> same_file("a/../x.html", "x.html"), same_file("x.html", "y.html")
    (True, False)
    """
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def write_atomically(path: str | Path, write: Callable[[IO[bytes]], object], *, overwrite: bool = False,
                     keep: Iterable[str | Path] = (), flag: str = "overwrite=True") -> Path:
    """Write a file through ``write(binary_file)`` into a temporary file beside ``path``, then move it into
    place in one step, so a reader never sees half a file; return ``path``.

    Raises:
        FileExistsError, IsADirectoryError, FileNotFoundError: see :func:`check_target` (nothing is written).
        OSError: the folder is not writable, or ``write`` failed.
    """
    keep = list(keep)
    target = check_target(path, overwrite=overwrite, keep=keep, flag=flag)
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    except OSError as exc:  # name the folder, not the temporary file
        raise OSError(_("cannot write into the folder {folder}: {reason}").format(
            folder=printable(str(target.parent)), reason=exc.strerror or exc)) from exc
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)  # an ordinary file's permissions, not mkstemp's private 0600
    try:
        with os.fdopen(fd, "wb") as out:
            write(out)
        if overwrite:
            check_target(target, overwrite=True, keep=keep, flag=flag)  # still a regular file (or nothing) just before the move
            os.replace(tmp, target)
        else:
            os.link(tmp, target)  # fails if the file appeared meanwhile: never replaced behind our back
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return target
