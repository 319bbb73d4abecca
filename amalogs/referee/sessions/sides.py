"""One side of a match: a game and one of its sample decks, named as the command line names them."""

from __future__ import annotations

from dataclasses import dataclass

from amalogs.catalog import Catalog, Game
from amalogs.errors import AmalogsError
from amalogs.models.cards import Deck

__all__ = ["Side", "resolve_side"]


@dataclass(frozen=True)
class Side:
    """One side of a match: a game, a sample deck (by id) and its deck."""

    game: Game
    deck_id: str
    deck: Deck


def resolve_side(catalog: Catalog, spec: str) -> Side:
    """``GAME`` (its first sample deck) or ``GAME:DECK``."""
    name, _, deck_id = spec.partition(":")
    game = catalog.game(name)
    decks = catalog.decks(game.id)
    if not decks:
        raise AmalogsError(f"{game.id} has no sample decks to play")
    chosen = deck_id or sorted(decks)[0]
    if chosen not in decks:
        raise AmalogsError(f"{game.id} has no sample deck {chosen!r} (it has: {', '.join(sorted(decks))})")
    return Side(game, chosen, decks[chosen][0])
