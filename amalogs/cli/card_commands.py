"""Commands over cards and decks: cards, card, convert, convert-deck, decks, deck check."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from amalogs.cli import GameArg, app, catalog, console
from amalogs.cli.output import echo, force_option

if TYPE_CHECKING:
    from amalogs.catalog import Game
    from amalogs.models.cards import Card, Deck

__all__ = ["cards", "card", "convert", "convert_deck", "decks", "deck_check"]

deck_app = typer.Typer(help="Sample decks and deck construction checks.", no_args_is_help=True)
app.add_typer(deck_app, name="deck")

CardRef = Annotated[str, typer.Argument(metavar="GAME:ID", help="A card, e.g. build-divide:ember-knight or BD:ember-knight.")]
ToGame = Annotated[str, typer.Option("--to", help="The game to convert into (id, 略称 or name).")]
OutForce = Annotated[bool, force_option("Overwrite the --out file if it exists (without --force an existing file "
                                        "is refused).")]


def _split(ref: str, what: str) -> tuple[str, str]:
    from amalogs.errors import AmalogsError

    game, sep, item = ref.rpartition(":")
    if not sep or not game or not item:
        raise AmalogsError(f"expected GAME:{what.upper()} (for example BD:{'ember-knight' if what == 'id' else 'red-aggro'}), got {ref!r}")
    return game, item


@app.command()
def cards(
    game: GameArg,
    type_: Annotated[Optional[str], typer.Option("--type", help="Only this native card type.")] = None,  # noqa: UP045
    colour: Annotated[Optional[str], typer.Option("--colour", help="Only cards of this native colour.")] = None,  # noqa: UP045
    keyword: Annotated[Optional[str], typer.Option("--keyword", help="Only cards with this native keyword.")] = None,  # noqa: UP045
    search: Annotated[Optional[str], typer.Option("--search", help="Only cards whose name or text contains this.")] = None,  # noqa: UP045
    as_json: Annotated[bool, typer.Option("--json", help="Print the cards as JSON.")] = False,
) -> None:
    """List a game's cards, filtered by type, colour, keyword or text."""
    from amalogs.report.cards import cards_table

    g = catalog().game(game)
    chosen = [
        c for c in catalog().cards(g.id).values()
        if (type_ is None or c.type == type_)
        and (colour is None or colour in c.colours)
        and (keyword is None or keyword in c.keywords)
        and (search is None or search in c.name or search in (c.text or "") or search in (c.en or ""))
    ]
    if as_json:
        echo(json.dumps([c.model_dump(mode="json", exclude_none=True) for c in chosen], ensure_ascii=False, indent=2))
        return
    console().print(cards_table(g, chosen))
    typer.echo(f"{len(chosen)} card(s)")


@app.command()
def card(ref: CardRef) -> None:
    """Show one card: native and canonical (AMALOGS) side by side."""
    from rich.columns import Columns

    from amalogs.convert import to_canonical
    from amalogs.report.cards import canonical_view, card_view

    game_name, card_id = _split(ref, "id")
    g, c = catalog().card(game_name, card_id)
    console().print(Columns([card_view(g, c), canonical_view(to_canonical(c, g))], equal=False, expand=False))


def _card_source(spec: str, card_id: str | None) -> list[tuple[Game, Card]]:
    """Cards named by GAME:ID, or read from a card file (all of them, or the one --card names)."""
    from amalogs.catalog import DataErrors, read_data
    from amalogs.cardcheck import check_cards
    from amalogs.errors import AmalogsError, DataError
    from amalogs.models.cards import CardSet
    from pydantic import ValidationError

    from amalogs.validation_messages import describe

    path = Path(spec)
    if not path.is_file():
        game_name, cid = _split(spec, "id")
        return [catalog().card(game_name, cid)]
    try:
        card_set = CardSet.model_validate(read_data(path))
    except ValidationError as exc:
        raise DataErrors([DataError(path, *describe(e, CardSet)) for e in exc.errors(include_url=False)]) from None
    g = catalog().game(card_set.game)
    problems = [DataError(path, k, m) for k, m in check_cards(card_set, g.profile)]
    if problems:
        raise DataErrors(problems)
    picked = [c for c in card_set.cards if card_id is None or c.id == card_id]
    if not picked:
        raise AmalogsError(f"{path}: no card {card_id!r} (it holds: {', '.join(c.id for c in card_set.cards)})")
    return [(g, c) for c in picked]


@app.command()
def convert(
    spec: Annotated[str, typer.Argument(metavar="GAME:ID|FILE", help="A card, or a card file of your own.")],
    to: ToGame,
    card_id: Annotated[Optional[str], typer.Option("--card", help="The card to take from FILE.")] = None,  # noqa: UP045
    out: Annotated[Optional[Path], typer.Option("--out", help="Also write the converted card(s) to this file.")] = None,  # noqa: UP045
    force: OutForce = False,
) -> None:
    """Convert a card into another game: source, canonical and target with each field's fidelity and reason."""
    from amalogs.convert import convert_card
    from amalogs.models.cards import CardSet
    from amalogs.report.cards import card_view, conversion_view
    from amalogs.writer import check_target, write_model

    if out is not None:
        check_target(out, force)
    target = catalog().game(to)
    out_cards = []
    for source, c in _card_source(spec, card_id):
        conv = convert_card(c, source, target)
        console().print(conversion_view(conv, source, target))
        console().print(card_view(target, conv.card))
        out_cards.append(conv.card)
    if out is not None:
        write_model(out, CardSet(game=target.id, cards=tuple(out_cards)), force)
        echo(f"wrote {out}")


def _load_deck(spec: str, construction: bool = True) -> tuple[Game, Deck, Path | None]:
    """A deck file or a sample deck, checked as `amalogs validate` checks it and refused with the same lines
    (``construction=False``: its construction rules are left to the caller, as `deck check` explains them)."""
    import os

    from amalogs.catalog import load_deck_file
    from amalogs.errors import AmalogsError

    path = Path(spec)
    if os.path.lexists(path):  # a file (a folder or a named pipe is refused, never opened)
        g, deck = load_deck_file(catalog(), path, construction=construction)
        return g, deck, path
    game_name, deck_id = _split(spec, "deck")
    g = catalog().game(game_name)
    found = catalog().decks(g.id)
    if deck_id not in found:
        from difflib import get_close_matches

        close = get_close_matches(deck_id, list(found), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise AmalogsError(f"{g.id} has no sample deck {deck_id!r}{hint} (it has: {', '.join(found) or 'none'})")
    return g, found[deck_id][0], found[deck_id][1]


@deck_app.command("check")
def deck_check(
    spec: Annotated[str, typer.Argument(metavar="FILE|GAME:DECK", help="A deck file, or a sample deck.")],
) -> None:
    """Check a deck against its game's construction rules and explain every violation (exit 1 if any)."""
    from amalogs.cardcheck import check_deck
    from amalogs.convert.decks import deck_cards

    g, deck, path = _load_deck(spec, construction=False)
    violations = check_deck(deck, g.profile, deck_cards(deck, catalog().cards(g.id)))
    where = str(path) if path else spec
    for v in violations:
        echo(f"{where}: {v}")
    if violations:
        typer.echo(f"{len(violations)} construction rule(s) broken", err=True)
        raise typer.Exit(1)
    size = sum(deck.main.values())
    echo(f"{where}: legal {g.profile.name} deck ({size} main-deck cards)")


@deck_app.command("list")
def decks(game: GameArg) -> None:
    """List a game's sample decks."""
    g = catalog().game(game)
    for deck_id, (deck, _) in catalog().decks(g.id).items():
        echo(f"{g.id}:{deck_id}  {deck.name}  ({sum(deck.main.values())} cards)")


@app.command("convert-deck")
def convert_deck(
    spec: Annotated[str, typer.Argument(metavar="GAME:DECK|FILE", help="A sample deck, or a deck file.")],
    to: ToGame,
    out: Annotated[Path, typer.Option("--out", help="Where to write the converted deck (TOML, or JSON by name).")],
    force: OutForce = False,
) -> None:
    """Convert a deck into another game; write it with a loss summary and say which rules it cannot meet."""
    from amalogs.convert.decks import convert_deck as convert
    from amalogs.report.decks import deck_conversion_view
    from amalogs.writer import check_target, write_model

    check_target(out, force)
    source, deck, _ = _load_deck(spec)
    target = catalog().game(to)
    result = convert(deck, source, catalog().cards(source.id), target, catalog().cards(target.id))
    write_model(out, result.deck, force)
    console().print(deck_conversion_view(result, source, target))
    echo(f"wrote {out}")
