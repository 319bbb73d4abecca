"""A deck file of one's own names its game and cards as players see them; each such name becomes an id.

:func:`amalogs.catalog.load_deck_file` passes a user's deck file through :func:`_card_names_to_ids` before it is
validated, and the loader a game's sample decks through :func:`card_names_to_ids`: the game may be named by 略称 or name, each card by its printed name (width and kana ignored) as well
as by id. A name that is no card's is one line with the closest names; anything else is left for validation.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from amalogs.errors import AmalogsError, DataError

if TYPE_CHECKING:
    from amalogs.catalog import Catalog
    from amalogs.models.cards import Card

__all__ = ["card_names_to_ids"]


def _card_names_to_ids(data: dict[str, Any], catalog: Catalog, path: Path) -> None:
    """A deck file of one's own may name its game by 略称 or name, and its cards as they are printed
    (``"熾火の従騎士" = 4``, width and kana ignored) as well as by id: each name that is no card id but names exactly one card of the deck's game (or of
    the deck's own cards) becomes that card's id. A name that is not an id and names no card is a
    :class:`DataError` with the closest names; anything else is left for validation to report."""
    name = data.get("game")
    if not isinstance(name, str):
        return
    try:
        game = catalog.game(name)
    except AmalogsError:
        return
    data["game"] = game.id  # (the game, too, as users name it: 略称 or name)
    card_names_to_ids(data, game.page.abbreviation, catalog.cards(game.id), path)


def card_names_to_ids(data: dict[str, Any], abbreviation: str, cards: dict[str, Card], path: Path) -> None:
    """:func:`_card_names_to_ids` once the deck's game is known: ``cards`` are its cards by id (a sample deck's
    game, read with them), ``abbreviation`` names it in a message."""
    from difflib import get_close_matches

    from amalogs.names import normalise as fold

    own = [c for c in data.get("cards", ()) if isinstance(c, dict)] if isinstance(data.get("cards"), list) else []
    ids = set(cards) | {c["id"] for c in own if isinstance(c.get("id"), str)}
    by_name: dict[str, set[str]] = {}
    for printed in cards.values():
        by_name.setdefault(fold(printed.name), set()).add(printed.id)
    for defined in own:
        if isinstance(defined.get("name"), str) and isinstance(defined.get("id"), str):
            by_name.setdefault(fold(defined["name"]), set()).add(defined["id"])

    names = {fold(c.name): c.name for c in cards.values()}

    def resolve(counts: Any, where: str) -> Any:
        if not isinstance(counts, dict):
            return counts
        out: dict[str, Any] = {}
        for key, count in counts.items():
            found = by_name.get(fold(key), set()) if key not in ids else set()
            if key not in ids and not found and not key.isascii():
                close = get_close_matches(fold(key), list(names), n=3, cutoff=0.4)
                hint = f"; did you mean {', '.join(repr(names[c]) for c in close)}?" if close else ""
                shown = key if len(key) <= 40 else key[:40] + "…"
                raise DataError(path, f"{where}.{shown}", f"{abbreviation} has no card named {shown!r}{hint}")
            new = next(iter(found)) if len(found) == 1 else key
            out[new] = out[new] + count if new in out and isinstance(out[new], int) and isinstance(count, int) \
                else count
        return out

    data["main"] = resolve(data.get("main"), "main")
    for part in ("side", "extra"):
        if isinstance(data.get(part), dict):
            data[part] = {k: resolve(v, f"{part}.{k}") for k, v in data[part].items()}
    if data.get("main") is None:
        data.pop("main")
