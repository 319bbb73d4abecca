"""The project's exception hierarchy. Library code raises these; only the CLI prints and exits."""

from __future__ import annotations

from pathlib import Path

__all__ = [
    "AmalogsError",
    "AppraisalError",
    "DataError",
    "FormatError",
    "PictureError",
    "UnknownCardError",
    "UnknownGameError",
]


class AmalogsError(Exception):
    """Base class of every error amalogs raises on purpose."""


class DataError(AmalogsError):
    """A data file is unreadable or breaks its model or a cross-reference.

    ``str(error)`` is one line: ``FILE: KEY.PATH: what was expected``.
    """

    def __init__(self, file: Path | str, key: str, message: str) -> None:
        self.file = Path(file)
        self.key = key
        self.message = message
        where = f"{self.file}: {key}: " if key else f"{self.file}: "
        super().__init__(where + message)


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
