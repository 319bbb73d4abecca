"""Reading a file someone gave: only a regular file, of at most a limit, never waiting on a pipe or a device.

Every command that reads a file named on its command line or uploaded to the server (a data file, a deck, a
save, a log, a position, a rows file) reads it through :func:`read_regular`. The file is looked at with
``stat`` first and opened without blocking (``O_NONBLOCK``: opening a named pipe would otherwise wait for a
writer for ever), then looked at again through the open descriptor (it may have been swapped in between), and
read up to its limit. Anything else — a directory, a fifo, a device, a socket, a file over the limit — is
refused at once with one line naming the file and what it is.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

from amalogs.errors import AmalogsError, shown_path

__all__ = ["NotRegular", "file_kind_name", "read_regular", "read_text"]

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class NotRegular(AmalogsError):
    """A file that cannot be read as one: missing, not a regular file, over its limit, or unreadable."""


def file_kind_name(mode: int) -> str:
    """What a file of this ``st_mode`` is, in words (``a named pipe (FIFO)``, ``a folder`` …)."""
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def _size(limit: int) -> str:
    mib = 1024 * 1024
    return f"{limit // mib} MB" if limit % mib == 0 else f"{limit:,} bytes"


def read_regular(path: Path, what: str, limit: int, error: Callable[[str], Exception] | None = None) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes. ``what`` names the kind of file in a
    message (``data file``, ``save file``, ``match log``). ``error(problem)`` builds the exception raised from the
    problem in words (without the file's name); by default a :class:`NotRegular` of ``"FILE: problem"``."""
    fail = error or (lambda problem: NotRegular(f"{shown_path(path)}: {problem}"))
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise fail(f"cannot read: no such file (expected a {what})") from None
    except (OSError, ValueError) as exc:
        raise fail(f"cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise fail(f"is {file_kind_name(info.st_mode)}, not a file: amalogs reads only regular files")
    if info.st_size > limit:
        raise fail(f"too large: {info.st_size:,} bytes; a {what} may hold at most {_size(limit)}")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "rb") as handle:
            opened = os.fstat(handle.fileno())  # the file it opened: it may have been swapped since the stat
            if not stat.S_ISREG(opened.st_mode):
                raise fail(f"is {file_kind_name(opened.st_mode)}, not a file: amalogs reads only regular files")
            raw = handle.read(limit + 1)
    except OSError as exc:
        raise fail(f"cannot read: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise fail(f"too large: over {limit:,} bytes; a {what} may hold at most {_size(limit)}")
    return raw


def read_text(path: Path, what: str, limit: int, error: Callable[[str], Exception] | None = None) -> str:
    """The text of ``path``, read as :func:`read_regular` reads it and decoded as UTF-8; bytes that are not
    UTF-8 are refused the same way (``not a readable save file (…)``)."""
    raw = read_regular(path, what, limit, error)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        fail = error or (lambda problem: NotRegular(f"{shown_path(path)}: {problem}"))
        raise fail(f"not a readable {what} ({exc})") from None
