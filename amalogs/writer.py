"""Writing data files: TOML (or JSON by suffix), atomically, so a failed write never destroys a saved file."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import tomli_w
from pydantic import BaseModel

from amalogs.errors import AmalogsError

__all__ = ["dump", "write_atomic", "write_bytes", "write_model"]


def dump(model: BaseModel, suffix: str = ".toml") -> str:
    """A model as the text of a data file; defaults are left out, so the file reads like a hand-written one."""
    data = model.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    if suffix == ".json":
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    return tomli_w.dumps(data)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder, then rename it into place."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically: a temporary file in the same folder, renamed into place."""
    folder = path.parent if str(path.parent) else Path(".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; give the file the usual permissions
        os.replace(tmp, path)
    except OSError as exc:
        raise AmalogsError(f"cannot write {path}: {exc.strerror or exc}") from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_model(path: Path, model: BaseModel) -> None:
    """Write a model to ``path`` as TOML, or JSON when the name ends in .json."""
    write_atomic(path, dump(model, path.suffix))
