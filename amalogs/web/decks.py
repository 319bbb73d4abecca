"""The decks a match at the table may be played with: every sample deck of the catalog (the shipped ones and
those of the user's data roots, ``--data-root`` or ``AMALOGS_DATA_ROOT``), a deck list pasted in the lobby, or
an uploaded deck file.

A pasted list (or an uploaded ``.txt``) is read as ``amalogs deck import`` reads it
(:func:`amalogs.decklist.parse_decklist`) and held to its game's construction rules; it is then kept in the
match's folder as a deck list (with its ``# game:`` header). An uploaded deck file (``.toml``, ``.json``) is kept
there as it came and read as ``amalogs match mine.toml`` reads one. Either way the save names that file, so a
restarted server resumes the match with the same deck. Nothing a request names is ever opened as a file: only
the files the server itself wrote, under names it chose.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from amalogs.errors import AmalogsError

if TYPE_CHECKING:
    from amalogs.catalog import Catalog, Game
    from amalogs.models.cards import Deck
    from amalogs.referee.sessions.sides import Side

__all__ = ["DeckChoice", "deck_choices", "deck_name", "pasted_deck", "side_for", "write_pasted"]

PASTED_LIMIT = 32 * 1024  # characters of a pasted deck list (an uploaded file: bytes)


@dataclass(frozen=True, slots=True)
class DeckChoice:
    """One deck of the lobby's lists: ``GAME:DECK``, its words, and whether a user's data root holds it."""

    ref: str
    label: str
    mine: bool


def deck_choices(catalog: Catalog) -> list[DeckChoice]:
    """Every sample deck of every game, the user's own (from a data root of theirs) first."""
    from amalogs.catalog import shipped_root

    shipped = shipped_root().resolve()
    found = []
    for game_id, game in catalog.games.items():
        for deck_id, (deck, path) in sorted(catalog.decks(game_id).items()):
            mine = not path.resolve().is_relative_to(shipped)
            label = f"{game.profile.name} — {getattr(deck, 'name', deck_id)}" + (" (your data root)" if mine else "")
            found.append(DeckChoice(f"{game_id}:{deck_id}", label, mine))
    return sorted(found, key=lambda c: not c.mine)


def deck_name(catalog: Catalog, side: Side) -> str:
    """A side's deck by its name (a sample deck's, or a pasted list's)."""
    found = catalog.decks(side.game.id).get(side.deck_id)
    deck = found[0] if found else side.deck
    return str(getattr(deck, "name", side.deck_id))


def pasted_deck(catalog: Catalog, text: str, fallback: str | None, source: str) -> tuple[Game, Deck]:
    """A pasted deck list, read and checked; ``fallback`` is the game of a list that names none (the game of
    the deck chosen beside it). Every problem is one :class:`AmalogsError` line naming ``source``."""
    from amalogs.cardcheck import check_deck
    from amalogs.convert.decks import deck_cards
    from amalogs.decklist import DecklistError, parse_decklist

    if len(text) > PASTED_LIMIT:
        raise AmalogsError(f"{source}: {len(text):,} characters, at most {PASTED_LIMIT:,}")
    try:
        game, deck = parse_decklist(text, catalog, source=source)
    except DecklistError as exc:
        if fallback is None or not ("which game" in str(exc) or "the game must be named" in str(exc)):
            raise
        game, deck = parse_decklist(text, catalog, game=fallback, source=source)
    broken = check_deck(deck, game.profile, deck_cards(deck, catalog.cards(game.id)))
    if broken:
        more = f" (and {len(broken) - 1} more)" if len(broken) > 1 else ""
        raise AmalogsError(f"{source}: {broken[0]}{more}")
    return game, deck


def write_pasted(catalog: Catalog, folder: Path, seat: int, game: Game, deck: Deck) -> Side:
    """Keep a checked pasted deck in the match's folder as a deck list and return the side that names it (the
    deck as checked: the list written reads back as the same deck, so it is neither read nor checked again)."""
    from amalogs.decklist import format_decklist
    from amalogs.referee.sessions.sides import Side
    from amalogs.writer import write_atomic

    path = (folder / f"deck{seat + 1}.txt").resolve()
    write_atomic(path, format_decklist(deck, game, catalog.cards(game.id)))
    return Side(game, str(path), deck)


def side_for(catalog: Catalog, folder: Path, seat: int, deck: str, text: str,
             upload: tuple[str, bytes] | None) -> Side:
    """One side of a new match: the uploaded deck file if any, else the pasted list if any, else the sample deck
    ``GAME:DECK``. A deck file path in ``deck`` is refused (the server opens only files it wrote itself)."""
    from amalogs.referee.sessions.sides import is_deck_file, resolve_side

    fallback = deck.partition(":")[0] or None
    if upload is not None and upload[1]:
        return _uploaded(catalog, folder, seat, upload, fallback)
    if text.strip():
        return write_pasted(catalog, folder, seat, *pasted_deck(catalog, text, fallback, f"P{seat + 1}'s deck list"))
    if "/" in deck.partition(":")[2] or "\\" in deck or is_deck_file(deck):
        raise AmalogsError(f"deck {deck!r}: choose a sample deck (GAME:DECK), paste a deck list or upload a deck file")
    return resolve_side(catalog, deck)


def _uploaded(catalog: Catalog, folder: Path, seat: int, upload: tuple[str, bytes], fallback: str | None) -> Side:
    from amalogs.decklist import decode_decklist
    from amalogs.referee.sessions.sides import resolve_side

    name = " ".join(Path(upload[0].replace("\\", "/")).name.split())[:60] or "upload"
    source = f"P{seat + 1}'s deck file {name}"
    suffix = Path(name).suffix.lower()
    if len(upload[1]) > PASTED_LIMIT:
        raise AmalogsError(f"{source}: {len(upload[1]):,} bytes, at most {PASTED_LIMIT:,}")
    if suffix == ".txt":
        text = decode_decklist(upload[1], source)
        return write_pasted(catalog, folder, seat, *pasted_deck(catalog, text, fallback, source))
    if suffix not in (".toml", ".json"):
        raise AmalogsError(f"{source}: a deck file is .toml or .json (as amalogs writes them), or .txt (a deck list)")
    path = (folder / f"deck{seat + 1}{suffix}").resolve()
    path.write_bytes(upload[1])
    try:
        return resolve_side(catalog, str(path))
    except AmalogsError as exc:
        raise AmalogsError(str(exc).replace(str(path), source)) from None
