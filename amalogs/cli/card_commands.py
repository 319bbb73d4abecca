"""Commands over cards and decks: cards, card, convert, convert-deck, decks, deck check.

Games, cards and the filters of ``cards`` are taken by any name a player would type — the game's own words
(赤, テリトリー, バースト), amalogs's ids (red, territory) or English — full-width or half-width, in hiragana or
katakana (:mod:`amalogs.names`). A name that matches nothing is one line naming the option, the value and what
the game has instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from amalogs.cli import GameArg, app, catalog, console, find_game
from amalogs.cli.output import (
    DataFormat,
    echo,
    force_option,
    format_option,
    print_records,
    records_csv,
    records_json,
)

if TYPE_CHECKING:
    from amalogs.catalog import Game
    from amalogs.convert import Conversion
    from amalogs.models.cards import Card, Deck
    from amalogs.names import Term

__all__ = ["card", "cards", "convert", "convert_deck", "deck_check", "decks"]

deck_app = typer.Typer(help="Sample decks and deck construction checks.", no_args_is_help=True)
app.add_typer(deck_app, name="deck")

CardRef = Annotated[str, typer.Argument(
    metavar="GAME:CARD", help="A card by id or name, e.g. BD:spark-imp, BD:火花の小鬼 or build-divide:spark-imp.")]
ToGame = Annotated[str, typer.Option("--to", help="The game to convert into (id, 略称 or name), e.g. SGK or 戦国大戦TCG.")]
ScaleOption = Annotated[str, typer.Option(
    "--scale", metavar="amalogs|curve",
    help="Battle values: amalogs (the adjust ratios only, the default) or curve (fitted to the target game's own "
         "printed curve by 大コスト; docs/rules.md §7).")]
OutForce = Annotated[bool, force_option("Overwrite the --out file if it exists (without --force an existing file "
                                        "is refused).")]
Format = Annotated[DataFormat, format_option()]


def _split(ref: str, what: str) -> tuple[str, str]:
    from amalogs.errors import AmalogsError

    game, sep, item = ref.rpartition(":")
    if not sep or not game or not item:
        raise AmalogsError(f"expected GAME:{what.upper()} (for example BD:{'spark-imp' if what == 'card' else 'red-aggro'}), "
                           f"got {ref!r}")
    return game, item


def _game(name: str) -> Game:
    """A game by any of its names, also typed in hiragana or half-width kana (``ぎるどひーろーず``): the catalog
    folds names as :mod:`amalogs.names` does."""
    return find_game(name)


def _card(game_name: str, ref: str) -> tuple[Game, Card]:
    """A card by id or by name (Japanese or English, matched as :mod:`amalogs.names` does); a name that is the
    start of exactly one card's name will do. Unknown: the closest cards (by id for an id-like name)."""
    from amalogs.errors import AmalogsError, UnknownCardError
    from amalogs.names import match, suggest

    g = _game(game_name)
    cards = catalog().cards(g.id)
    if ref in cards:
        return g, cards[ref]
    terms = _card_terms(cards.values())
    found = match(ref, terms)
    if len(found) == 1:
        return g, cards[found[0].key]
    if found:
        raise AmalogsError(f"{g.id} has more than one card named {ref!r}: "
                           f"{', '.join(f'{t.label} ({t.key})' for t in found[:6])}")
    close = suggest(ref, terms, n=3)
    raise UnknownCardError(g.id, ref, [t.key if ref.isascii() else t.label for t in close])


def _card_terms(cards: Any) -> list[Term]:
    from amalogs.names import Term

    return [Term(c.id, c.name, (c.en,) if c.en else ()) for c in cards]


_FILTERS = {"card_types": ("card type", "card types"), "colours": ("colour", "colours"), "keywords": ("keyword", "keywords")}


def _terms(g: Game, section: str) -> list[Term]:
    """A game's native terms of one section as names to match: printed name, id, English (with and without its
    parenthetical note)."""
    from amalogs.names import Term, without_note

    return [Term(t.id, t.name, (t.en, without_note(t.en))) for t in g.profile.native_sections()[section]]


def _resolve(option: str, value: str, g: Game, section: str) -> str:
    """The native id ``value`` names among a game's card types, colours or keywords; an unknown or ambiguous
    name is one line naming the option, what it could mean and what the game has."""
    from amalogs.errors import AmalogsError, cut_text
    from amalogs.names import match, suggest

    what, plural = _FILTERS[section]
    terms = _terms(g, section)
    found = match(value, terms)
    if section == "card_types":  # a type and its kinds (ユニット, ユニット/エース): the type they are kinds of
        found = [t for t in found if _with_subtypes(g, t.key) >= {f.key for f in found}][:1] or found
    if len(found) == 1:
        return found[0].key
    listing = cut_text(", ".join(t.label for t in terms) or "none", 160)
    if found:
        raise AmalogsError(f"{option} {value}: {g.profile.name} has more than one {what} starting so: "
                           f"{' or '.join(t.label for t in found)}; type more of the name")
    close = suggest(value, terms)
    hint = f"; did you mean {' or '.join(t.label for t in close)}?" if close else ""
    raise AmalogsError(f"{option} {value}: {g.profile.name} has no {what} {value}{hint} (its {plural}: {listing})")


def _with_subtypes(g: Game, type_id: str) -> set[str]:
    """A card type and every card type that is a kind of it (ユニット takes in ユニット/エース)."""
    chosen = {type_id}
    grew = True
    while grew:
        more = {t.id for t in g.profile.card_types if t.subtype_of in chosen} - chosen
        chosen |= more
        grew = bool(more)
    return chosen


def _write_csv(rows: list[dict[str, Any]]) -> None:
    """Print CSV records (UTF-8 with a BOM; names made safe for the terminal)."""
    import sys

    from amalogs.cli.output import clean

    sys.stdout.write(clean(records_csv(rows)))


def _flat(record: dict[str, Any]) -> dict[str, Any]:
    """A card record for CSV: each stat in a column of its own (``stats.power``), effects left out."""
    flat = {k: v for k, v in record.items() if k not in ("stats", "effects")}
    flat.update({f"stats.{k}": v for k, v in record.get("stats", {}).items()})
    return flat


@app.command()
def cards(
    game: GameArg,
    type_: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--type", help="Only cards of this card type (and its kinds), e.g. テリトリー or territory.")] = None,
    colour: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--colour", "--color", help="Only cards of this colour, e.g. 赤 or red.")] = None,
    keyword: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--keyword", help="Only cards with this keyword, e.g. バースト or burst.")] = None,
    search: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--search", help="Only cards whose name, id or text contains this (kana and width as you like).")] = None,
    fmt: Format = DataFormat.text,
    as_json: Annotated[bool, typer.Option("--json", hidden=True, help="Deprecated: --format json.")] = False,
) -> None:
    """List a game's cards, filtered by card type, colour, keyword or text, in the game's own words.

    Filters take the names the game prints (赤, テリトリー, バースト), its ids (red, territory) or English,
    full-width or half-width, in hiragana or katakana: amalogs cards BD --colour 赤 --type テリトリー"""
    from amalogs.names import normalise
    from amalogs.report.cards import card_record, cards_table

    g = _game(game)
    types = _with_subtypes(g, _resolve("--type", type_, g, "card_types")) if type_ is not None else None
    colour_id = _resolve("--colour", colour, g, "colours") if colour is not None else None
    keyword_id = _resolve("--keyword", keyword, g, "keywords") if keyword is not None else None
    wanted = normalise(search) if search is not None else None
    chosen = [
        c for c in catalog().cards(g.id).values()
        if (types is None or c.type in types)
        and (colour_id is None or colour_id in c.colours)
        and (keyword_id is None or keyword_id in c.keywords)
        and (wanted is None or any(wanted in normalise(t) for t in (c.id, c.name, c.en or "", c.text or "")))
    ]
    if as_json:
        fmt = DataFormat.json
    records = [card_record(g, c) for c in chosen]

    def text() -> None:
        out = console()
        out.print(cards_table(g, chosen, out.width))
        typer.echo(f"{len(chosen)} card(s)")

    if fmt is DataFormat.csv:
        _write_csv([_flat(r) for r in records])
        return
    print_records(fmt, "cards", records, text, game=g.id)


def _canonical_record(c: Card, g: Game) -> dict[str, Any]:
    from amalogs.convert import to_canonical
    from amalogs.report.cards import jsonable

    cc = to_canonical(c, g)
    return {
        "family": jsonable(cc.family), "genus": jsonable(cc.genus), "permanent": cc.permanent,
        "values": [{"stat": jsonable(v.stat), "value": jsonable(v.value), "source_stat": v.source_stat,
                    "ratio": jsonable(v.ratio)} for v in cc.values],
        "colours": jsonable(cc.colours), "keywords": jsonable(cc.keywords),
        "unmapped_keywords": list(cc.unmapped_keywords), "spell_speed": int(cc.spell_speed),
        "from_life": cc.from_life,
    }


PictureOption = Annotated[Optional[Path], typer.Option(  # noqa: UP045
    "--picture", metavar="FILE", help="Also draw the card as a proxy picture: FILE.svg or FILE.png (63 × 88 mm).")]


def _check_picture(path: Path | None, force: bool) -> None:
    """Refuse a --picture file before any work: a suffix other than .svg/.png, or an existing file without --force."""
    if path is None:
        return
    from amalogs.errors import PictureError
    from amalogs.writer import check_target

    if path.suffix.lower() not in (".svg", ".png"):
        raise PictureError(f"{path}: a card picture is .svg or .png, not {path.suffix or 'a file without suffix'}")
    check_target(path, force)


def _picture(game: Game, card: Card, path: Path | None, force: bool, fmt: DataFormat) -> None:
    if path is None:
        return
    from amalogs.report.cardpicture import write_card_picture

    write_card_picture(game, card, path, force)
    echo(f"wrote {path}", err=fmt is not DataFormat.text)


@app.command()
def card(ref: CardRef, fmt: Format = DataFormat.text, picture: PictureOption = None, force: OutForce = False) -> None:
    """Show one card: native and canonical (AMALOGS) side by side; --picture draws it (a proxy, 63 × 88 mm).

    The card is named by id or by its printed name: amalogs card BD:spark-imp, amalogs card BD:火花の小鬼

    \b
    Examples:
      amalogs card BD:火花の小鬼 --picture spark-imp.png --force"""
    from amalogs.report.cards import card_record

    _check_picture(picture, force)
    game_name, card_id = _split(ref, "card")
    g, c = _card(game_name, card_id)

    def text() -> None:
        from rich.columns import Columns

        from amalogs.convert import to_canonical
        from amalogs.report.cards import canonical_view, card_view

        console().print(Columns([card_view(g, c), canonical_view(to_canonical(c, g), g)], equal=False, expand=False))

    record = {**card_record(g, c), "canonical": _canonical_record(c, g)}
    if fmt is DataFormat.csv:
        record = _flat({k: v for k, v in record.items() if k != "canonical"})
    print_records(fmt, "card", [record], text)
    _picture(g, c, picture, force, fmt)


def _card_source(spec: str, card_id: str | None) -> list[tuple[Game, Card]]:
    """Cards named by GAME:CARD, or read from a card file (all of them, or the one --card names)."""
    from pydantic import ValidationError

    from amalogs.cardcheck import check_cards
    from amalogs.catalog import DataErrors, read_data
    from amalogs.errors import AmalogsError, DataError
    from amalogs.models.cards import CardSet
    from amalogs.names import match
    from amalogs.validation_messages import describe

    path = Path(spec)
    if not path.is_file():
        game_name, cid = _split(spec, "card")
        return [_card(game_name, cid)]
    try:
        card_set = CardSet.model_validate(read_data(path))
    except ValidationError as exc:
        raise DataErrors([DataError(path, *describe(e, CardSet)) for e in exc.errors(include_url=False)]) from None
    g = catalog().game(card_set.game)
    problems = [DataError(path, k, m) for k, m in check_cards(card_set, g.profile)]
    if problems:
        raise DataErrors(problems)
    if card_id is None:
        return [(g, c) for c in card_set.cards]
    by_id = {c.id: c for c in card_set.cards}
    found = [by_id[card_id]] if card_id in by_id else [by_id[t.key] for t in match(card_id, _card_terms(card_set.cards))]
    if len(found) != 1:
        problem = f"no card {card_id!r}" if not found else "more than one card is named so"
        raise AmalogsError(f"{path}: --card {card_id}: {problem} (it holds: {', '.join(c.id for c in card_set.cards)})")
    return [(g, found[0])]


@app.command()
def convert(
    spec: Annotated[str, typer.Argument(
        metavar="GAME:CARD|FILE", help="A card by id or name (BD:spark-imp, BD:火花の小鬼), or a card file of your own.")],
    to: ToGame,
    card_id: Annotated[Optional[str], typer.Option("--card", help="The card to take from FILE (id or name).")] = None,  # noqa: UP045
    out: Annotated[Optional[Path], typer.Option("--out", help="Also write the converted card(s) to this file.")] = None,  # noqa: UP045
    force: OutForce = False,
    fmt: Format = DataFormat.text,
    scale: ScaleOption = "amalogs",
    round_trip: Annotated[bool, typer.Option(
        "--round-trip", help="Also convert the result back (A → B → A) and show which fields came back unchanged.")] = False,
    picture: PictureOption = None,
) -> None:
    """Convert a card into another game: source, canonical and target with each field's fidelity and reason.
    The target card's text is rewritten in the target game's words, with the original beside it.

    Example: amalogs convert BD:spark-imp --to SGK (JSON: the target card, its text and original_text, and its
    fidelity rows)

    \b
    Examples:
      amalogs convert GH:silver-paladin --to BD --picture paladin-bd.svg --force"""
    from amalogs.convert import convert_card
    from amalogs.convert.curve import check_scale
    from amalogs.models.cards import CardSet
    from amalogs.report.cards import card_view, conversion_record, conversion_view
    from amalogs.writer import check_target, write_model

    chosen = check_scale(scale)
    if out is not None:
        check_target(out, force)
    _check_picture(picture, force)
    target = _game(to)
    out_cards = []
    records = []
    sources = _card_source(spec, card_id)
    if picture is not None and len(sources) != 1:
        from amalogs.errors import AmalogsError

        raise AmalogsError(f"--picture draws one card, and {spec} holds {len(sources)}: choose one with --card")
    for source, c in sources:
        conv = convert_card(c, source, target, scale=chosen, source_cards=catalog().cards(source.id),
                            target_cards=catalog().cards(target.id))
        if fmt is DataFormat.text:
            screen = console()
            screen.print(conversion_view(conv, source, target, screen.width))
            if chosen == "curve":
                echo(f"scale: curve (battle values on the printed curve of {target.page.abbreviation} by 大コスト)")
            screen.print(card_view(target, conv.card, original=conv.original_text))
        record = {**conversion_record(conv, source, target, c), "scale": conv.scale}
        if round_trip:
            record["round_trip"] = _round_trip(c, conv, source, target, fmt)
        records.append(record)
        out_cards.append(conv.card)
    if fmt is DataFormat.json:
        echo(records_json("conversion", records, to=target.id, scale=chosen))
    elif fmt is DataFormat.csv:
        rows = [{"source_game": r["source"]["game"], "card": r["source"]["id"], "target_game": target.id,
                 "target_id": r["target"]["id"], **f} for r in records for f in r["fields"]]
        _write_csv(rows)
    if out is not None:
        write_model(out, CardSet(game=target.id, cards=tuple(out_cards)), force)
        echo(f"wrote {out}", err=fmt is not DataFormat.text)
    if out_cards:
        _picture(target, out_cards[0], picture, force, fmt)


def _round_trip(card: Card, conv: Conversion, source: Game, target: Game, fmt: DataFormat) -> list[dict[str, Any]]:
    """`convert --round-trip`: the converted card converted back into its own game, field by field (printed as a
    compact table in the text format)."""
    from amalogs.convert import convert_card
    from amalogs.report.cards import round_trip_rows, round_trip_view

    back = convert_card(conv.card, target, source, scale=conv.scale, source_cards=catalog().cards(target.id),
                        target_cards=catalog().cards(source.id))  # (back on the same scale)
    rows = round_trip_rows(source, target, card, conv, back.card)
    if fmt is DataFormat.text:
        screen = console()
        screen.print(round_trip_view(rows, source, target, screen.width))
    return rows


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
    g = _game(game_name)
    found = catalog().decks(g.id)
    if deck_id not in found:
        catalog().deck_left_out(g.id, deck_id)
        from difflib import get_close_matches

        close = get_close_matches(deck_id, list(found), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise AmalogsError(f"{g.id} has no sample deck {deck_id!r}{hint} (it has: {', '.join(found) or 'none'})")
    return g, found[deck_id][0], found[deck_id][1]


@deck_app.command("check")
def deck_check(
    spec: Annotated[str, typer.Argument(metavar="FILE|GAME:DECK", help="A deck file, or a sample deck (BD:red-aggro).")],
    fmt: Format = DataFormat.text,
) -> None:
    """Check a deck against its game's construction rules and explain every violation (exit 1 if any)."""
    from amalogs.cardcheck import check_deck
    from amalogs.convert.decks import deck_cards

    g, deck, path = _load_deck(spec, construction=False)
    violations = check_deck(deck, g.profile, deck_cards(deck, catalog().cards(g.id)))
    where = str(path) if path else spec
    size = sum(deck.main.values())

    def text() -> None:
        for v in violations:
            echo(f"{where}: {v}")
        if not violations:
            echo(f"{where}: legal {g.profile.name} deck ({size} main-deck cards)")

    print_records(fmt, "deck-check", [{"rule": v.rule, "message": v.message} for v in violations], text,
                  deck=where, game=g.id, legal=not violations, main_deck_cards=size)
    if violations:
        typer.echo(f"{len(violations)} construction rule(s) broken", err=True)
        raise typer.Exit(1)


@deck_app.command("list")
def decks(game: GameArg, fmt: Format = DataFormat.text) -> None:
    """List a game's sample decks."""
    g = _game(game)
    found = catalog().decks(g.id)
    records = [{"ref": f"{g.id}:{deck_id}", "game": g.id, "deck": deck_id, "name": deck.name, "en": deck.en,
                "main_deck_cards": sum(deck.main.values())} for deck_id, (deck, _) in found.items()]

    def text() -> None:
        for r in records:
            echo(f"{r['ref']}  {r['name']}  ({r['main_deck_cards']} cards)")

    print_records(fmt, "decks", records, text)


@app.command("convert-deck")
def convert_deck(
    spec: Annotated[str, typer.Argument(metavar="GAME:DECK|FILE", help="A sample deck (BD:red-aggro), or a deck file.")],
    to: ToGame,
    out: Annotated[Path, typer.Option("--out", help="Where to write the converted deck (TOML, or JSON by name).")],
    force: OutForce = False,
    fmt: Format = DataFormat.text,
    scale: ScaleOption = "amalogs",
) -> None:
    """Convert a deck into another game; write it with a loss summary and say which rules it cannot meet.

    Example: amalogs convert-deck BD:red-aggro --to BJ --out red-aggro-bj.toml"""
    from amalogs.convert.curve import check_scale
    from amalogs.convert.decks import convert_deck as convert
    from amalogs.convert.deck_totals import deck_totals
    from amalogs.report.decks import (
        deck_conversion_records,
        deck_conversion_view,
        deck_totals_record,
        deck_totals_view,
    )
    from amalogs.writer import check_target, write_model

    chosen = check_scale(scale)
    check_target(out, force)
    source, deck, _ = _load_deck(spec)
    target = _game(to)
    result = convert(deck, source, catalog().cards(source.id), target, catalog().cards(target.id), scale=chosen,
                     target_decks=[d for d, _ in catalog().decks(target.id).values()])
    write_model(out, result.deck, force)
    records = deck_conversion_records(result, source, target, full=fmt is DataFormat.json)
    totals = deck_totals(result, source, catalog().cards(source.id), target, catalog().cards(target.id))

    def text() -> None:
        screen = console()
        screen.print(deck_conversion_view(result, source, target, screen.width))
        screen.print(deck_totals_view(totals, source, target))
        if chosen == "curve":
            echo(f"scale: curve (battle values on the printed curve of {target.page.abbreviation} by 大コスト)")

    print_records(fmt, "deck-conversion", records, text, source=source.id, target=target.id, deck=result.deck.name,
                  scale=chosen, out=str(out), actions=list(result.actions), unmet=[str(v) for v in result.unmet],
                  totals=deck_totals_record(totals, source, target),
                  padding={part: dict(c) for part, c in result.padding.items() if c})
    echo(f"wrote {out}", err=fmt is not DataFormat.text)
