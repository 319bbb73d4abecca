"""The exhibition table in a browser (``amalogs serve``): a lobby, a page per seat and for spectators, moves
that arrive live, every match stored as it goes. Needs the ``web`` extra (``pip install "amalogs[web]"``).

:func:`create_app` builds the ASGI app over a data directory; :mod:`amalogs.web.server` runs it with uvicorn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["WEB_EXTRA", "create_app", "default_data_dir", "require_web"]

WEB_EXTRA = 'pip install "amalogs[web]"'

if TYPE_CHECKING:
    from amalogs.web.app import create_app
    from amalogs.web.tables import default_data_dir


def require_web() -> None:
    """Raise a one-line :class:`~amalogs.errors.AmalogsError` when the web extra is not installed."""
    from importlib.util import find_spec

    from amalogs.errors import AmalogsError

    modules = {"starlette": "starlette", "uvicorn": "uvicorn", "multipart": "python-multipart", "segno": "segno"}
    missing = [package for module, package in modules.items() if find_spec(module) is None]
    if missing:
        raise AmalogsError(f"amalogs serve needs {' and '.join(missing)}: {WEB_EXTRA}")


def __getattr__(name: str) -> Any:  # the app's modules import starlette: loaded only when asked for
    if name == "create_app":
        from amalogs.web.app import create_app

        return create_app
    if name == "default_data_dir":
        from amalogs.web.tables import default_data_dir

        return default_data_dir
    raise AttributeError(name)
