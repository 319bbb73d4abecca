"""One side of a match: a game and one of its decks, named as the command line names them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from amalogs.catalog import Catalog, Game
from amalogs.errors import AmalogsError
from amalogs.models.cards import Deck

__all__ = ["Side", "deck_ref", "is_deck_file", "resolve_side"]

DECK_SUFFIXES = (".toml", ".json", ".txt")


@dataclass(frozen=True)
class Side:
    """One side of a match: a game, a deck (a sample deck's id, or the deck file's path) and its deck."""

    game: Game
    deck_id: str
    deck: Deck


def is_deck_file(name: str) -> bool:
    """Whether a deck named on the command line is a file (``decks/mine.toml``), not a sample deck's id: it
    ends in ``.toml`` or ``.json`` (a deck file) or ``.txt`` (a deck list, docs/decks.md) — a game's 略称 may
    hold a slash, as Z/X's does."""
    return name.lower().endswith(DECK_SUFFIXES)


def deck_ref(side: Side) -> str:
    """A deck as rows, records and saves name it: ``GAME:DECK`` for a sample deck, the file as named for a deck
    file."""
    return side.deck_id if is_deck_file(side.deck_id) else f"{side.game.id}:{side.deck_id}"


def load_deck_file(catalog: Catalog, path: Path) -> tuple[Game, Deck]:
    """A deck file (:func:`amalogs.catalog.load_deck_file`), or a deck list (``.txt``) read as ``amalogs deck
    import`` reads it and held to its game's construction rules the same way."""
    from amalogs.catalog import load_deck_file as load_file

    if path.suffix.lower() != ".txt":
        return load_file(catalog, path)
    from amalogs.cardcheck import check_deck
    from amalogs.convert.decks import deck_cards
    from amalogs.decklist import read_decklist

    game, deck = read_decklist(path, catalog)
    broken = check_deck(deck, game.profile, deck_cards(deck, catalog.cards(game.id)))
    if broken:
        more = f" (and {len(broken) - 1} more; see `amalogs deck check {path}`)" if len(broken) > 1 else ""
        raise AmalogsError(f"{path}: {broken[0]}{more}")
    return game, deck


def resolve_side(catalog: Catalog, spec: str) -> Side:
    """``GAME`` (its first sample deck), ``GAME:DECK``, or a deck file (``mine.toml``, also written as
    ``GAME:mine.toml``: saves and logs name it so), checked as ``amalogs validate`` checks it — its cards must
    exist (or be defined in the file, as a converted deck's are) and it must keep its game's construction rules."""
    if is_deck_file(spec) and not (":" in spec and not is_deck_file(spec.partition(":")[0])
                                   and is_deck_file(spec.partition(":")[2])):
        game, deck = load_deck_file(catalog, Path(spec))
        return Side(game, spec, deck)
    name, _, deck_id = spec.partition(":")
    game = catalog.game(name)
    if is_deck_file(deck_id):
        found, deck = load_deck_file(catalog, Path(deck_id))
        if found.id != game.id:
            raise AmalogsError(f"{deck_id}: a deck of {found.id}, not of {game.id}")
        return Side(game, deck_id, deck)
    decks = catalog.decks(game.id)
    if not decks:
        raise AmalogsError(f"{game.id} has no sample decks to play")
    chosen = deck_id or sorted(decks)[0]
    if chosen not in decks:
        catalog.deck_left_out(game.id, chosen)  # a sample deck left out of the data: say why
        raise AmalogsError(f"{game.id} has no sample deck {chosen!r} (it has: {', '.join(sorted(decks))})")
    return Side(game, chosen, decks[chosen][0])
