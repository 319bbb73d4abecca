"""HTML text from data: every name, message and card text a page shows goes through :func:`esc`."""

from __future__ import annotations

from html import escape

__all__ = ["esc"]


def esc(text: object) -> str:
    """Text as HTML text or attribute value (quotes escaped too), control characters left out."""
    return escape("".join(ch for ch in str(text) if ch in "\n\t" or ch >= " " and ch != "\x7f"), quote=True)
