"""Writing files: the one place amalogs writes to disk.

Every file is written atomically (a temporary file in the same folder, renamed into place), so a failed write
never destroys a saved file and never leaves the temporary file behind. Only regular files are written: a
target that is a directory, device, fifo or socket is refused, and so is a symbolic link (replacing the link
would silently leave the file it points to as it was). With ``overwrite=False`` an existing file is refused
too (the CLI's ``--force`` turns it back on).
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

import tomli_w
from pydantic import BaseModel

from amalogs.errors import AmalogsError

__all__ = ["check_folder", "check_target", "check_targets", "dump", "write_atomic", "write_bytes", "write_model"]


def dump(model: BaseModel, suffix: str = ".toml") -> str:
    """A model as the text of a data file; defaults are left out, so the file reads like a hand-written one."""
    data = model.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    if "version" in type(model).model_fields:  # a format's version is written even where it is the default
        data = {"version": getattr(model, "version"), **data}
    if suffix == ".json":
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    return tomli_w.dumps(data)


_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a fifo (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
)


def _exists_message(path: Path) -> str:
    return f"{path} exists: add --force to overwrite it"


def check_folder(path: Path) -> None:
    """Raise :class:`AmalogsError` unless a file can be made where ``path`` goes: the nearest folder of it that
    exists is a folder, and a file can be made in it (a probe file is made and removed at once), so an output
    that could not be written is refused before the work starts, not after it."""
    folder = path.parent if str(path.parent) else Path(".")
    while not os.path.lexists(folder) and folder.parent != folder:
        folder = folder.parent
    if not folder.is_dir():
        raise AmalogsError(f"cannot write {path}: {folder} is not a folder")
    try:
        fd, probe = tempfile.mkstemp(prefix=".amalogs-probe-", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise AmalogsError(f"cannot write {path}: no file can be made in {folder} ({exc.strerror or exc})") from None


def check_target(path: Path, overwrite: bool = False, probe: bool = True) -> None:
    """Raise :class:`AmalogsError` unless ``path`` may be written: it is missing (and, with ``probe``, a file can be
    made in its folder: :func:`check_folder`), or a regular file (and then only with ``overwrite``). Symbolic
    links, directories, devices, fifos and sockets are always refused."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        if probe:
            check_folder(path)
        return
    except OSError as exc:
        if exc.errno == errno.ENOTDIR:  # a parent is a file
            raise AmalogsError(f"cannot write {path}: a folder on its way is a file") from None
        raise AmalogsError(f"cannot write {path}: {exc.strerror or exc}") from None
    if stat.S_ISLNK(info.st_mode):
        try:
            dest = os.readlink(path)
        except OSError:
            dest = "?"
        raise AmalogsError(f"{path} is a symbolic link (to {dest}): refusing to replace the link or write "
                           "through it; give the real file's path")
    for test, kind in _KINDS:
        if test(info.st_mode):
            raise AmalogsError(f"{path} is {kind}, not a regular file: refusing to write to it")
    if not stat.S_ISREG(info.st_mode):
        raise AmalogsError(f"{path} is not a regular file: refusing to write to it")
    if not overwrite:
        raise AmalogsError(_exists_message(path))
    if probe and not os.access(path, os.W_OK):
        raise AmalogsError(f"cannot write {path}: it is read-only")


def check_targets(paths: Iterable[Path], overwrite: bool = False) -> None:
    """:func:`check_target` for several files, before any is written (so a refusal writes none of them)."""
    for path in paths:
        check_target(path, overwrite)


def write_atomic(path: Path, text: str, overwrite: bool = True) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically; see :func:`write_bytes`."""
    write_bytes(path, text.encode("utf-8"), overwrite)


def write_bytes(path: Path, data: bytes, overwrite: bool = True) -> None:
    """Write ``data`` to ``path`` atomically: a temporary file in the same folder, renamed into place.

    Only a regular file is written (see :func:`check_target`); ``overwrite=False`` refuses an existing file,
    also one that appears while the data is being written. The temporary file is removed if anything fails.
    """
    check_target(path, overwrite, probe=False)
    folder = path.parent if str(path.parent) else Path(".")
    tmp: str | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; give the file the usual permissions
        _move(tmp, path, overwrite)
    except OSError as exc:
        raise AmalogsError(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        # Renamed into place, the temporary name is gone; after a failure (or Ctrl-C), or after a hard link
        # into place, it is removed here: nothing is left behind.
        if tmp is not None and os.path.lexists(tmp):
            try:
                os.unlink(tmp)
            except OSError:
                pass


_NO_HARD_LINKS = {errno.EPERM, errno.EACCES, errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOSYS, errno.EXDEV,
                  errno.EMLINK}
"""What ``os.link`` fails with where a file system (FAT, some network shares) has no hard links."""


def _move(tmp: str, path: Path, overwrite: bool) -> None:
    """Rename the finished temporary file to ``path``; without ``overwrite``, never over an existing file."""
    if overwrite:
        check_target(path, True, probe=False)  # again, just before the rename: the target may have changed meanwhile
        os.replace(tmp, path)
        return
    try:
        os.link(tmp, path)  # fails if path exists (even as a dangling link): no overwrite, even in a race
    except FileExistsError:
        raise AmalogsError(_exists_message(path)) from None
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINKS:
            raise
        check_target(path, False, probe=False)  # a file system without hard links: check, then rename
        os.replace(tmp, path)
    # after a hard link the temporary name is removed by the caller


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_model(path: Path, model: BaseModel, overwrite: bool = True) -> None:
    """Write a model to ``path`` as TOML, or JSON when the name ends in .json."""
    write_atomic(path, dump(model, path.suffix), overwrite)
