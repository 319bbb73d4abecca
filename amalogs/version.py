"""The version line ``amalogs --version`` prints, with whether the referee runs compiled."""

from __future__ import annotations

import os

__all__ = ["version_line"]


def version_line() -> str:
    """``amalogs 0.1.0 (referee compiled)`` or ``(referee in pure Python)``: whether the wheel's build compiled the
    referee with mypyc (its extensions lie beside the sources: ``hatch_build.py``), found without importing it."""
    from importlib.machinery import EXTENSION_SUFFIXES

    from amalogs import __version__

    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "referee", "engine")
    compiled = any(os.path.exists(os.path.join(folder, "match" + suffix)) for suffix in EXTENSION_SUFFIXES)
    return f"amalogs {__version__} (referee {'compiled' if compiled else 'in pure Python'})"
