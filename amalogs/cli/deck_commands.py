"""Deck commands over deck lists (plain text, as deck builders print them): deck show, deck export, deck import."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from amalogs.cli import catalog, console
from amalogs.cli.card_commands import OutForce, _load_deck, deck_app
from amalogs.cli.output import DataFormat, echo, format_option, print_records

if TYPE_CHECKING:
    from amalogs.catalog import Game
    from amalogs.models.cards import Card, Deck

__all__ = ["deck_export", "deck_import", "deck_show"]

DeckSpec = Annotated[str, typer.Argument(
    metavar="GAME:DECK|FILE", help="A sample deck (BD:red-aggro), a deck file (.toml/.json) or a deck list (.txt).")]
GameOption = Annotated[Optional[str], typer.Option(  # noqa: UP045 - typer needs Optional here
    "--game", help="The game of a deck list that does not name it (id, 略称 or name); must agree with one that does.")]

_DECK_SUFFIXES = (".toml", ".json")


def _deck_from(spec: str, game: str | None) -> tuple[Game, Deck, str]:
    """A sample deck, a deck file or a deck list (any other file, or ``-`` for standard input), unchecked
    against the construction rules; with the name to show for where it came from."""
    from amalogs.decklist import STDIN, read_decklist

    if spec == "-":
        g, deck = read_decklist(None, catalog(), game=game)
        return g, deck, STDIN
    path = Path(spec)
    if os.path.lexists(path) and path.suffix.lower() not in _DECK_SUFFIXES:
        g, deck = read_decklist(path, catalog(), game=game)
        return g, deck, str(path)
    g, deck, found = _load_deck(spec, construction=False)
    if game is not None and catalog().game(game).id != g.id:
        from amalogs.errors import AmalogsError

        raise AmalogsError(f"{spec} is a deck of {g.profile.name} ({g.id}), not of {catalog().game(game).profile.name}")
    return g, deck, str(found) if found else spec


def _cost_stat(g: Game) -> tuple[str, str] | None:
    """The native stat a card's cost is read from (the one the page integrates into 大コスト), with its name."""
    from amalogs.ontology.terms import CanonicalStat

    for entry in g.page.status:
        if entry.stat is CanonicalStat.TOTAL_COST:
            for s in g.profile.stats:
                if s.id == entry.native:
                    return s.id, s.name
    return None


def _show_value(value: object) -> str:
    if isinstance(value, dict):
        return " ".join(f"{k} {v}" for k, v in value.items())
    if isinstance(value, tuple | list):
        return "・".join(str(v) for v in value)
    return str(value)


@deck_app.command("show")
def deck_show(spec: DeckSpec, game: GameOption = None,
              fmt: Annotated[DataFormat, format_option()] = DataFormat.text) -> None:
    """Show a deck as a player reads it: each part with counts, names, types and costs, the totals, and
    whether it is legal."""
    from amalogs.cardcheck import check_deck
    from amalogs.convert.canonical import derived_stats
    from amalogs.convert.decks import deck_cards
    from amalogs.decklist import sections

    g, deck, where = _deck_from(spec, game)
    pool: dict[str, Card] = deck_cards(deck, catalog().cards(g.id))
    types = {t.id: t.name for t in g.profile.card_types}
    cost = _cost_stat(g)
    parts = [(s.name, deck.main if s.kind == "main" else (deck.side if s.kind == "side" else deck.extra).get(s.id, {}))
             for s in sections(g.profile)]
    known = {s.id for s in g.profile.deck.side_decks} | {e.id for e in g.profile.deck.extra_cards}
    parts += [(k, v) for k, v in [*deck.side.items(), *deck.extra.items()] if k not in known]
    violations = check_deck(deck, g.profile, pool)
    records = []
    for name, part in parts:
        for card_id, count in part.items():
            card = pool.get(card_id)
            value = derived_stats(g.profile, card).get(cost[0]) if card and cost else None
            records.append({"part": name, "count": count, "id": card_id, "name": card.name if card else None,
                            "type": types.get(card.type, card.type) if card else None,
                            "cost": value if isinstance(value, int | float | str) or value is None else _show_value(value)})
    print_records(fmt, "deck", records, lambda: _show_text(g, deck, where, parts, pool, types, cost, violations),
                  game=g.id, deck=deck.name, source=where, legal=not violations,
                  broken=[str(v) for v in violations])


def _show_text(g: Game, deck: Deck, where: str, parts: list[tuple[str, dict[str, int]]], pool: dict[str, Card],
               types: dict[str, str], cost: tuple[str, str] | None, violations: Sequence[object]) -> None:
    """``deck show`` for people: a table per part, the totals, legal or the rules it breaks."""
    from rich import box
    from rich.table import Table

    from amalogs.convert.canonical import derived_stats

    title = deck.name + (f" ({deck.en})" if deck.en else "")
    echo(f"{title}")
    echo(f"{g.profile.name} ({g.page.abbreviation}, {g.id}) — {where}")
    totals: list[str] = []
    with_ids = console().width >= 100  # ids when there is room for them
    for name, part in parts:
        if not part:
            continue
        size = sum(part.values())
        totals.append(f"{name} {size}枚")
        table = Table(title=f"{name}  {size}枚", title_justify="left", box=box.SIMPLE, show_edge=False, pad_edge=False)
        table.add_column("枚数", justify="right")
        table.add_column("カード名")
        table.add_column("種類")
        if cost is not None:
            table.add_column(cost[1], justify="right")
        if with_ids:
            table.add_column("id", style="dim", overflow="fold")
        for card_id, count in part.items():
            card = pool.get(card_id)
            row = [str(count), card.name if card else "?", types.get(card.type, card.type) if card else "?"]
            if cost is not None:
                value = derived_stats(g.profile, card).get(cost[0]) if card else None
                row.append("" if value is None else _show_value(value))
            if with_ids:
                row.append(card_id)
            table.add_row(*row)
        console().print(table)
    echo(f"合計 {sum(sum(p.values()) for _, p in parts)}枚: {', '.join(totals) or 'no cards'}")
    if violations:
        echo(f"not legal: {len(violations)} construction rule(s) broken")
        for v in violations:
            echo(f"  {v}")
    else:
        echo(f"legal {g.profile.name} deck ({sum(deck.main.values())} main-deck cards)")


@deck_app.command("export")
def deck_export(
    spec: DeckSpec,
    out: Annotated[Optional[Path], typer.Option("--out", help="Write the list to this file (default: standard output).")] = None,  # noqa: UP045
    force: OutForce = False,
    game: GameOption = None,
) -> None:
    """Write a deck as deck-list text ('4 名前' lines under section headings), which `deck import` reads back."""
    from amalogs.convert.decks import deck_cards
    from amalogs.decklist import format_decklist
    from amalogs.writer import check_target, write_atomic

    if out is not None:
        check_target(out, force)
    g, deck, _ = _deck_from(spec, game)
    text = format_decklist(deck, g, deck_cards(deck, catalog().cards(g.id)))
    if deck.cards:
        echo(f"amalogs: note: {len(deck.cards)} card(s) are the deck file's own (converted) cards; a deck list names "
             f"only {g.profile.name}'s cards, so `deck import` cannot read them back", err=True)
    if out is None:
        echo(text, nl=False)
        return
    write_atomic(out, text, force)
    echo(f"wrote {out}", err=True)


@deck_app.command("import")
def deck_import(
    source: Annotated[str, typer.Argument(metavar="LIST", help="A deck-list text file, or - for standard input.")],
    out: Annotated[Path, typer.Option("--out", help="The deck file to write (.toml, or .json).")],
    game: GameOption = None,
    force: OutForce = False,
) -> None:
    """Read a deck list and write it as a deck file that `deck check`, `match` and `convert-deck` take."""
    from amalogs.cardcheck import check_deck
    from amalogs.catalog import load_deck_file
    from amalogs.convert.decks import deck_cards
    from amalogs.decklist import read_decklist
    from amalogs.errors import AmalogsError
    from amalogs.writer import check_target, write_model

    if out.suffix.lower() not in _DECK_SUFFIXES:
        raise AmalogsError(f"{out}: a deck file's name ends in .toml or .json")
    check_target(out, force)
    g, deck = read_decklist(None if source == "-" else Path(source), catalog(), game=game)
    write_model(out, deck, force)
    load_deck_file(catalog(), out, construction=False)  # what was written loads as every command reads it
    violations = check_deck(deck, g.profile, deck_cards(deck, catalog().cards(g.id)))
    echo(f"wrote {out}: {deck.name}, {g.profile.name}, {sum(deck.main.values())} main-deck cards")
    if violations:
        echo(f"{out}: not legal yet ({len(violations)} construction rule(s) broken; `amalogs match` refuses it "
             "until they are fixed):", err=True)
        for v in violations:
            echo(f"  {v}", err=True)
    else:
        echo(f"{out}: legal {g.profile.name} deck")
