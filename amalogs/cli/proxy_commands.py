"""proxies: a deck printed as proxy cards, converted into another game first when asked (issue 16).

The pictures are drawn by :mod:`amalogs.report.cardpicture` and laid out by :mod:`amalogs.report.proxysheet`;
this module only finds the deck, converts it and writes the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from amalogs.cli import app, catalog
from amalogs.cli.card_commands import OutForce, ScaleOption, _game, _load_deck
from amalogs.cli.output import echo

if TYPE_CHECKING:
    from amalogs.catalog import Game
    from amalogs.models.cards import Card, Deck

__all__ = ["deck_in_print_order", "proxies"]


def deck_in_print_order(deck: Deck, cards: dict[str, Card]) -> list[Card]:
    """Every copy of every card of ``deck``: the main deck, then each side deck, then the extra cards."""
    parts = [deck.main, *deck.side.values(), *deck.extra.values()]
    return [cards[cid] for part in parts for cid, n in part.items() for _ in range(n)]


def _deck_for(spec: str, to: str | None, scale: str) -> tuple[Game, Deck, dict[str, Card], list[str]]:
    """The deck to print, in its own game or converted into ``to``; with the cards it names and one line per
    card the conversion left out."""
    from amalogs.convert.decks import convert_deck, deck_cards

    source, deck, _ = _load_deck(spec, construction=False)
    target = _game(to) if to is not None else source
    if target.id == source.id:
        return source, deck, deck_cards(deck, catalog().cards(source.id)), []
    result = convert_deck(deck, source, catalog().cards(source.id), target, catalog().cards(target.id), scale=scale,
                          target_decks=[d for d, _ in catalog().decks(target.id).values()])
    notes = [a for a in result.actions if a.startswith("left out")]
    return target, result.deck, deck_cards(result.deck, catalog().cards(target.id)), notes


@app.command()
def proxies(
    spec: Annotated[str, typer.Argument(metavar="GAME:DECK|FILE", help="A sample deck (BD:red-aggro), or a deck file.")],
    out: Annotated[Path, typer.Option("--out", help="The PDF to write (e.g. sheet.pdf).")],
    to: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--to", help="Convert the deck into this game first (id, 略称 or name); without it, the deck's own game.")] = None,
    force: OutForce = False,
    scale: ScaleOption = "amalogs",
) -> None:
    """Print a deck as proxies: every copy of every card at real size (63 × 88 mm), 3 × 3 on A4 pages with cut
    marks, in one PDF (main deck, then side decks and extra cards).

    Each card is drawn in outline in the game's layout, in its own words, with a 「PROXY・非公式」 mark and no
    official logo or artwork. With --to the deck is converted first, as convert-deck converts it.

    \b
    Examples:
      amalogs proxies BD:red-aggro --out red-aggro.pdf
      amalogs proxies BD:red-aggro --to GH --out sheet.pdf
    """
    from amalogs.convert.curve import check_scale
    from amalogs.errors import AmalogsError
    from amalogs.report.proxysheet import PER_PAGE, proxy_sheet
    from amalogs.writer import check_target, write_bytes

    if out.suffix.lower() != ".pdf":
        raise AmalogsError(f"--out {out}: proxies are written as a PDF; name the file with .pdf")
    chosen = check_scale(scale)
    check_target(out, force)
    game, deck, cards, notes = _deck_for(spec, to, chosen)
    printed = deck_in_print_order(deck, cards)
    if not printed:
        raise AmalogsError(f"{deck.name}: no cards to print")
    write_bytes(out, proxy_sheet(game, printed, f"{deck.name} — {game.profile.name}"), force)
    for note in notes:
        echo(note, err=True)
    pages = -(-len(printed) // PER_PAGE)
    echo(f"wrote {out}: {len(printed)} {game.page.abbreviation} proxies on {pages} A4 page(s)")
