"""Native cards and decks (``games/<id>/cards.toml``, ``games/<id>/decks/<deck>.toml``).

A card's native fields are the stats its game's profile declares (``[[stats]]``), so every game, a
user's own included, gets its card model from data. :mod:`amalogs.checks` checks each card against
its profile: the card type, the stats that type prints and their kinds, colours, keywords.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field, StrictInt, StrictStr

from amalogs.models.base import MAX_NUMBER, Count, DataModel, Positive, Slug, Text, not_too_long
from amalogs.models.effects import Effect

__all__ = ["Card", "CardSet", "Counts", "Deck", "StatValue", "FORMAT_VERSION"]

PrintedNumber = Annotated[StrictInt, Field(ge=0, le=MAX_NUMBER)]  # no card prints a negative stat (docs/fields.md)
PrintedText = Annotated[StrictStr, AfterValidator(not_too_long)]
StatValue = PrintedNumber | PrintedText | tuple[PrintedText, ...] | dict[Slug, Count]
"""A printed value: a number, a text, a list of words, or a cost table (native colour id → amount)."""


class Card(DataModel):
    """One native card, written for amalogs (own names and text)."""

    id: Slug
    name: Text = Field(description="the card's name as printed")
    en: Text | None = Field(None, description="English name")
    type: Slug = Field(description="a native card type id of the game")
    colours: tuple[Slug, ...] = Field((), description="native colour ids")
    stats: dict[Slug, StatValue] = Field(default_factory=dict, description=(
        "native stat id → printed value (a number is 0 or more: no card prints a negative stat)"))
    keywords: tuple[Slug, ...] = Field((), description="native keyword ids (abilities, icons, triggers)")
    text: Text | None = Field(None, description="the printed ability text")
    effects: tuple[Effect, ...] = Field((), description="what the text does, in the canonical effect vocabulary")


FORMAT_VERSION = 1
"""The version of the cards and deck file format; amalogs writes it into every cards or deck file it makes."""


def _format_version(value: int) -> int:
    if value != FORMAT_VERSION:
        raise ValueError(f"file format version {value} is not supported: this amalogs reads version {FORMAT_VERSION}")
    return value


FormatVersion = Annotated[StrictInt, AfterValidator(_format_version)]


class CardSet(DataModel):
    """A game's cards."""

    version: FormatVersion = Field(FORMAT_VERSION, description="the file format's version (written by amalogs; "
                                   "hand-written files may leave it out)")
    game: Slug
    cards: tuple[Card, ...] = Field(min_length=1)


Counts = dict[Slug, Positive]
"""Card id → copies (1 to MAX_COUNT)."""


class Deck(DataModel):
    """A deck: card id → copies, for the main deck, each side deck and each extra card kind."""

    version: FormatVersion = Field(FORMAT_VERSION, description="the file format's version (written by amalogs; "
                                   "hand-written files may leave it out)")
    game: Slug
    name: Text
    en: Text | None = None
    description: Text | None = None
    main: Counts
    side: dict[Slug, Counts] = Field(default_factory=dict, description="side deck id → its cards")
    extra: dict[Slug, Counts] = Field(default_factory=dict, description="extra card id (territory, base) → cards")
    cards: tuple[Card, ...] = Field((), description="cards defined by the deck itself (e.g. converted from another game)")

