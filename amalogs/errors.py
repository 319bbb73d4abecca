"""The project's exception hierarchy. Library code raises these; only the CLI prints and exits."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = [
    "AmalogsError",
    "AppraisalError",
    "DataError",
    "FormatError",
    "PictureError",
    "UnknownCardError",
    "UnknownGameError",
    "cut",
    "cut_text",
    "reading",
    "now_reading",
    "shown_path",
]

CUT = 40
"""How much of a value an error message echoes."""

LINE = 600
"""The longest message a :class:`DataError` carries (a safety net: values in it are cut already)."""

READING_NOTE = "while reading "


def cut(value: Any, limit: int = CUT) -> str:
    """A value as an error echoes it: its repr, cut to a readable length (``'abc...``)."""
    try:
        text = repr(value)
    except Exception:  # a value too deep or too odd to show (never expected from parsed data)
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def cut_text(text: str, limit: int = LINE) -> str:
    """Text on one line, cut to ``limit`` characters, and printable (lone surrogates from odd bytes escaped)."""
    one = " ".join(text.splitlines())
    one = one.encode("utf-8", "backslashreplace").decode("utf-8")
    return one if len(one) <= limit else one[: limit - 1] + "…"


def shown_path(path: Path | str) -> str:
    """A file name as a message shows it: bytes that are not UTF-8 (kept as surrogates) shown escaped."""
    return str(path).encode("utf-8", "backslashreplace").decode("utf-8")


_READING: list[str] = []


@contextmanager
def reading(what: Path | str) -> Iterator[None]:
    """Mark what is being read: an unexpected exception escaping the block gets a note naming it (the
    innermost one), which the command line's catch-all ``internal error`` line shows."""
    _READING.append(shown_path(what))
    try:
        yield
    except AmalogsError:
        raise
    except Exception as exc:
        if now_reading(exc) is None:
            exc.add_note(f"{READING_NOTE}{shown_path(what)}")
        raise
    finally:
        _READING.pop()


def now_reading(exc: BaseException | None = None) -> str | None:
    """What an exception's note says was being read, or (with no exception) what is being read now."""
    if exc is None:
        return _READING[-1] if _READING else None
    for note in getattr(exc, "__notes__", ()):
        if isinstance(note, str) and note.startswith(READING_NOTE):
            return note.removeprefix(READING_NOTE)
    return None


class AmalogsError(Exception):
    """Base class of every error amalogs raises on purpose."""


class DataError(AmalogsError):
    """A data file is unreadable or breaks its model or a cross-reference.

    ``str(error)`` is one line: ``FILE: KEY.PATH: what was expected``.
    """

    def __init__(self, file: Path | str, key: str, message: str) -> None:
        self.file = Path(file)
        self.key = cut_text(key, 200)
        self.message = cut_text(message)
        where = f"{shown_path(self.file)}: {self.key}: " if key else f"{shown_path(self.file)}: "
        super().__init__(where + self.message)


class UnknownGameError(AmalogsError, LookupError):
    """A game name matches no loaded game; carries close matches for a 'did you mean'."""

    def __init__(self, name: str, suggestions: list[str]) -> None:
        self.name = name
        self.suggestions = suggestions
        hint = f"; did you mean {' or '.join(repr(s) for s in suggestions)}?" if suggestions else ""
        super().__init__(f"unknown game {name!r}{hint} (see `amalogs games`)")


class AppraisalError(AmalogsError):
    """A game profile lacks the facts the WE appraisal needs."""


class UnknownCardError(AmalogsError, LookupError):
    """A card reference names no card of its game; carries close matches."""

    def __init__(self, game: str, card: str, suggestions: list[str]) -> None:
        self.game = game
        self.card = card
        self.suggestions = suggestions
        hint = f"; did you mean {' or '.join(repr(s) for s in suggestions)}?" if suggestions else ""
        super().__init__(f"{game} has no card {card!r}{hint} (see `amalogs cards {game}`)")


class FormatError(AmalogsError, ValueError):
    """An output format that is not one of the allowed ones; the message lists them."""

    def __init__(self, fmt: str, allowed: tuple[str, ...]) -> None:
        self.fmt = fmt
        self.allowed = allowed
        super().__init__(f"unknown format {fmt!r}; choose one of: {', '.join(allowed)}")


class PictureError(AmalogsError, ValueError):
    """Input a picture cannot be drawn from (a matrix that does not match its labels, a missing font)."""
