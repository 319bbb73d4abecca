"""The result of converting a card: the :class:`Conversion` (the target card, built when first read), the
:class:`FieldReport` row of each of its fields and the :class:`Fidelity` of each, and :func:`show`, which formats
a row's values as the reports print them. Kept apart from the conversion itself (:mod:`amalogs.convert.native`)
because every report reads these and only these.

Fidelity says how each field of the result came to be:

- ``exact``: the value means the same in both games, with nothing rounded: the same canonical number after
  the adjust ratios, the same colour requirement by colour slot, the same genus, colour slot, unified keyword or
  spell speed (docs/rules.md §7, "Fidelity");
- ``scaled``: the same canonical value through a different adjust ratio (for example 1/1000 → 1);
- ``approximated``: close, not equal: rounded to the target's printed step, clamped to its printed range,
  or combined (an attack/defence pair into one power value);
- ``defaulted``: the source has no such value and the target needs one, so a documented default is used;
- ``dropped``: the source value has no place in the target game.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple

from pydantic import ValidationError

from amalogs.convert.canonical import CanonicalCard
from amalogs.convert.curve import DEFAULT_SCALE, Scale
from amalogs.models.cards import Card

__all__ = ["Conversion", "Fidelity", "FieldReport", "show"]


class Fidelity(StrEnum):
    EXACT = "exact"
    SCALED = "scaled"
    APPROXIMATED = "approximated"
    DEFAULTED = "defaulted"
    DROPPED = "dropped"


class FieldReport(NamedTuple):
    """How one field of the target card was made; values are raw (format them with :func:`show`)."""

    field: str
    source: object
    canonical: object
    target: object
    fidelity: Fidelity
    reason: str
    of: tuple[str, ...] = ()
    """The source card's native stats this row accounts for (every stat the row read; empty for a row of a
    field that is not a stat, such as ``keywords``)."""


class Conversion:
    """A native card converted through its canonical form into a target game.

    The target card's fields are worked out at once; the validated :class:`Card` model is built the first
    time ``card`` is read (building models is the slow part, and batch reports often need only fidelity).
    """

    __slots__ = ("canonical", "target_game", "fields", "left_out", "scale", "_parts", "_card")

    def __init__(self, canonical: CanonicalCard, target_game: str, parts: dict[str, object],
                 fields: tuple[FieldReport, ...], left_out: str | None = None, scale: Scale = DEFAULT_SCALE) -> None:
        self.canonical = canonical
        self.scale: Scale = scale
        """The scale of its battle values: ``amalogs`` (the adjust ratios) or ``curve`` (docs/rules.md §7)."""
        self.target_game = target_game
        self.fields = fields
        self.left_out = left_out
        """Why the card has no counterpart in the target (its family has no card type there), or None."""
        self._parts = parts
        self._card: Card | None = None

    @property
    def converted(self) -> bool:
        """Whether the target game has a card for it (False: it is left out, see ``left_out``)."""
        return self.left_out is None

    @property
    def card(self) -> Card:
        if self.left_out is not None:
            from amalogs.errors import AmalogsError

            raise AmalogsError(f"{self.canonical.id} cannot be converted into {self.target_game}: {self.left_out}")
        if self._card is None:
            try:
                self._card = Card.model_validate(self._parts)
            except ValidationError as exc:  # a value the target game cannot print (beyond what a card may hold)
                from amalogs.errors import AmalogsError
                from amalogs.validation_messages import describe

                key, message = describe(exc.errors(include_url=False)[0], Card)
                raise AmalogsError(f"{self.canonical.id} cannot be converted into {self.target_game}: "
                                   f"the converted card's {key}: {message}") from None
        return self._card

    @property
    def original_text(self) -> str | None:
        """The source card's printed text, as its own game words it (the target card's ``text`` is rewritten in
        the target's words, docs/rules.md §7, "Text in the target's words")."""
        return self.canonical.text

    @property
    def lost(self) -> tuple[FieldReport, ...]:
        return tuple(f for f in self.fields if f.fidelity is Fidelity.DROPPED)

    @property
    def effects(self) -> tuple[FieldReport, ...]:
        """One row per canonical effect of the source card, with its verdict in the target."""
        return tuple(f for f in self.fields if f.field == "effects")

    @property
    def warning(self) -> str | None:
        """Why the converted card cannot be played as intended (effects that cannot work or work differently),
        or None when every effect works as in its own game."""
        rows = self.effects
        cannot = [f for f in rows if f.fidelity is Fidelity.DROPPED]
        differ = [f for f in rows if f.fidelity is Fidelity.APPROXIMATED]
        if not cannot and not differ:
            return None
        parts = []
        if cannot:
            parts.append(f"{len(cannot)} of its {len(rows)} effect{'s' if len(rows) > 1 else ''} cannot work")
        if differ:
            parts.append(f"{len(differ)} {'works' if len(differ) == 1 else 'work'} differently")
        if not cannot:
            return f"plays differently in {self.target_game}: {parts[0]}"
        return f"cannot be played as intended in {self.target_game}: {' and '.join(parts)}"


def show(value: object) -> str:
    """A value as the reports print it: fractions as decimals where exact, tables as a=b."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        as_float = float(value)
        return str(as_float) if Fraction(str(as_float)) == value else f"{value.numerator}/{value.denominator}"
    if isinstance(value, dict):
        return ", ".join(f"{k}={v}" for k, v in value.items()) or "—"
    if isinstance(value, tuple):
        return "・".join(value) or "—"
    return "—" if value is None else str(value)
