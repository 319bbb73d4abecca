"""The validated catalog kept between commands, keyed by the content of everything it was built from.

Reading the data — parsing some forty TOML files and validating them through the models — is most of what a
command like ``amalogs games`` does. A catalog that loaded without a single problem is therefore kept, pickled,
in the user's cache folder (``$XDG_CACHE_HOME/amalogs``, by default ``~/.cache/amalogs``; ``AMALOGS_CACHE`` names
another folder, or ``off``), every game's cards and sample decks loaded. The next command reuses it only when
its key is the same, and the key covers everything the catalog follows from:

- the bytes of every file under each data root's ``games/`` and ``mappings/`` and of the ontology file (so any
  change to a file, a new file or a removed one gives another key: a changed file is read and validated again);
- the data roots themselves, in order;
- amalogs's version, the Python version, and the size and modification time of every module of the amalogs
  package (so a changed loader or model never reads a catalog built by the old one).

A catalog with any problem (a game left out, a warning) is never kept: those loads are always done afresh, so
their messages come from the files as they are. The folder is made with mode 0700 and a cache file is used only
when it is a regular file of the user's own; a damaged or foreign one is ignored and rebuilt. Writing is
atomic; the 32 most recently used files are kept.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["cache_folder", "catalog_key", "read_cached", "write_cached"]

CACHE_VERSION = 1
KEEP = 32
MAX_BYTES = 64 * 1024 * 1024  # a cache file larger than this is not read
PACKAGE = Path(__file__).resolve().parent


def cache_folder() -> Path | None:
    """Where catalogs are kept, or None when caching is off (``AMALOGS_CACHE=off``)."""
    chosen = os.environ.get("AMALOGS_CACHE", "")
    if chosen.lower() in ("off", "0", "no", "false"):
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "amalogs"


def _code_signature(sha: Any) -> None:
    for path in sorted(PACKAGE.rglob("*.py")):
        try:
            info = path.stat()
        except OSError:
            continue
        sha.update(f"{path.relative_to(PACKAGE)}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())


def _tree(sha: Any, folder: Path, limit: int) -> None:
    """Every entry under ``folder``: its path, and a regular file's bytes (anything else only by its kind, never
    opened: a named pipe would block)."""
    for here, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            path = Path(here) / name
            try:
                info = os.stat(path)
            except OSError as exc:
                sha.update(f"{path}\0unreadable {exc.errno}\n".encode("utf-8", "surrogateescape"))
                continue
            sha.update(f"{path}\0{stat.S_IFMT(info.st_mode)}\0{info.st_size}\n".encode("utf-8", "surrogateescape"))
            if stat.S_ISREG(info.st_mode) and info.st_size <= limit:
                try:
                    with open(path, "rb") as handle:
                        sha.update(handle.read(limit + 1))
                except OSError as exc:
                    sha.update(f"unreadable {exc.errno}".encode())


def catalog_key(roots: tuple[Path, ...], ontology_file: Path, limit: int) -> str:
    """The key of a catalog of these roots: the content of their data, the ontology and the code (above)."""
    from amalogs import __version__

    sha = hashlib.sha256(f"amalogs-catalog {CACHE_VERSION} {__version__} {sys.version}\n".encode())
    _code_signature(sha)
    sha.update(ontology_file.read_bytes())
    for root in roots:
        sha.update(f"root\0{root}\n".encode("utf-8", "surrogateescape"))
        for part in ("games", "mappings"):
            if (root / part).is_dir():
                _tree(sha, root / part, limit)
    return sha.hexdigest()


def _file(folder: Path, roots: tuple[Path, ...]) -> Path:
    name = hashlib.sha256("\0".join(str(r) for r in roots).encode("utf-8", "surrogateescape")).hexdigest()[:20]
    return folder / f"catalog-{name}.pickle"


def _usable(folder: Path) -> bool:
    """A folder of the user's own that no one else can write to."""
    try:
        info = os.stat(folder)
    except OSError:
        return False
    owner = getattr(os, "getuid", lambda: info.st_uid)()
    return stat.S_ISDIR(info.st_mode) and info.st_uid == owner and not info.st_mode & 0o022


def read_cached(roots: tuple[Path, ...], key: str) -> Any | None:
    """The catalog kept for these roots under this key, or None (none kept, another key, or unreadable)."""
    folder = cache_folder()
    if folder is None or not _usable(folder):
        return None
    path = _file(folder, roots)
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_BYTES or info.st_uid != os.stat(folder).st_uid:
            return None
        with open(path, "rb") as handle:
            stored_key, catalog = pickle.load(handle)  # noqa: S301 - the user's own file in the user's own folder
        if stored_key != key:
            return None
        os.utime(path)  # recently used: kept when old files are pruned
        return catalog
    except Exception:  # noqa: BLE001 - a missing, damaged or stale file: build the catalog again
        return None


def write_cached(roots: tuple[Path, ...], key: str, catalog: Any) -> None:
    """Keep a catalog for these roots under this key (atomically); failures are silent (caching is only a
    speed-up)."""
    folder = cache_folder()
    if folder is None:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not _usable(folder):
            return
        data = pickle.dumps((key, catalog), protocol=pickle.HIGHEST_PROTOCOL)
        fd, tmp = tempfile.mkstemp(prefix=".catalog-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            os.replace(tmp, _file(folder, roots))
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        _prune(folder)
    except Exception:  # noqa: BLE001 - an unpicklable catalog, a full disk, a read-only home: no cache
        return


def _prune(folder: Path) -> None:
    kept = sorted(folder.glob("catalog-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in kept[KEEP:]:
        try:
            old.unlink()
        except OSError:
            pass
