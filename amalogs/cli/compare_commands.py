"""Commands that compare games: compare, similarity, table, graph, report."""

from __future__ import annotations

import json
from enum import StrEnum
from itertools import combinations
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from amalogs.cli import app, catalog, console
from amalogs.cli.data_commands import HelpCommand
from amalogs.cli.output import DataFormat, echo, force_option, format_option, print_records

__all__ = ["compare", "similarity", "table", "graph", "report"]


class TableFormat(StrEnum):
    md = "md"
    html = "html"
    csv = "csv"
    json = "json"


class GraphFormat(StrEnum):
    graphml = "graphml"
    gexf = "gexf"
    json = "json"
    dot = "dot"
    svg = "svg"
    png = "png"
    html = "html"


PICTURES = (GraphFormat.svg, GraphFormat.png)
OUT_FORCE = "Overwrite the --out file if it exists (without --force an existing file is refused)."


def _check_out(out: Path | None, force: bool) -> None:
    """Refuse an --out that cannot or may not be written, before any work is done."""
    from amalogs.writer import check_target

    if out is not None:
        check_target(out, force)


def _write_or_print(text: str | bytes, out: Path | None, force: bool) -> None:
    from amalogs.errors import AmalogsError
    from amalogs.writer import write_atomic, write_bytes

    if out is None:
        if isinstance(text, bytes):
            raise AmalogsError("a picture needs --out FILE")
        echo(text, nl=False)  # names from data, stripped of terminal control sequences
        return
    if isinstance(text, bytes):
        write_bytes(out, text, force)
    else:
        write_atomic(out, text, force)
    echo(f"wrote {out}", err=True)


@app.command(cls=HelpCommand)
def compare(
    games: Annotated[list[str], typer.Argument(metavar="GAME", help="Two or more games (id, 略称 or name).")],
    every: Annotated[bool, typer.Option("--all", help="Also every profile and page field, bookkeeping included "
                                        "(ids, notes, sources, prose).")] = False,
    different: Annotated[bool, typer.Option("--different", help="Only the terms and fields that differ.")] = False,
    fmt: Annotated[DataFormat, format_option()] = DataFormat.text,
) -> None:
    """Two or more games side by side in the AMALOGS vocabulary: first what is alike and what differs most
    (systems, life, resources, turn, deck and hand rules), then term by term, grouped by family — each
    canonical term on one row with every game's own word for it (zone 墓地: ドロップゾーン | 捨て札置き場) —
    then the similarity breakdown and the card pools. --all adds every profile and page field.

    --format json and csv give one record per term (family, term, its English name, status, then each game's
    value under its id; with --all, one per field too); json also gives the glance and the similarity
    breakdown of every pair.

    \b
    Examples:
      amalogs compare BD SGK
      amalogs compare BD SGK --all
      amalogs compare BD SGK GH --different
      amalogs compare BD SGK --all --format csv
    """
    from rich.rule import Rule

    from amalogs.compare.cardpool import pool_stats
    from amalogs.compare.similarity import Resolver, signature
    from amalogs.compare.similarity import compare as measure
    from amalogs.compare.terms import glance_rows, term_rows
    from amalogs.errors import AmalogsError
    from amalogs.report.compare import (
        LEGEND,
        all_fields,
        breakdown_record,
        breakdown_view,
        field_records,
        fields_view,
        pool_view,
        summary_view,
        term_records,
        terms_view,
    )

    if len(games) < 2:
        raise AmalogsError("compare needs at least two games")
    cat = catalog()
    chosen = list({g.id: g for g in (cat.game(name) for name in games)}.values())  # rows are keyed by game id
    if len(chosen) < 2:
        raise AmalogsError(f"compare needs at least two different games; {', '.join(games)} all name {chosen[0].id}")
    glance = glance_rows(chosen)
    every_term = term_rows(chosen, cat.ontology)
    rows = [r for r in every_term if not (different and r.status == "same")]
    fields = [f for f in all_fields(chosen) if not (different and f.status(chosen) == "same")] if every else []
    sigs = {g.id: signature(g) for g in chosen}
    resolver = Resolver(cat.ontology)
    pairs = [measure(sigs[a.id], sigs[b.id], resolver) for a, b in combinations(chosen, 2)]
    names = {g.id: g.page.abbreviation for g in chosen}
    out = console()

    def text() -> None:
        out.print(summary_view(glance, every_term, pairs, chosen, out.width))
        out.print()
        out.print(Rule("Term by term" + (": what differs" if different else "") + f" ({LEGEND})", align="left"))
        out.print(terms_view(rows, chosen, out.width))
        if every:
            out.print()
            out.print(fields_view(fields, chosen, ("Every field" + (": the fields that differ" if different else "")
                                                   + f" ({LEGEND})"), out.width))
        out.print()
        out.print(breakdown_view(pairs, names, out.width))
        out.print()
        out.print(pool_view([pool_stats(cat, g) for g in chosen], names, out.width))

    print_records(fmt, "compare", term_records(rows, chosen) + field_records(fields, chosen), text,
                  games=[g.id for g in chosen], glance=term_records(glance, chosen),
                  similarity=[breakdown_record(b) for b in pairs])


@app.command(cls=HelpCommand)
def similarity(
    fmt: Annotated[DataFormat, format_option()] = DataFormat.text,
    as_json: Annotated[bool, typer.Option("--json", hidden=True,
                                          help="Deprecated: the old JSON of --format json's matrix.")] = False,
    explain: Annotated[Optional[tuple[str, str]], typer.Option(  # noqa: UP045
        "--explain", metavar="A B", help="Why two games are as near as they are: each measure's share of their "
        "distance, with what it read of each game in the game's own words.")] = None,
) -> None:
    """The similarity matrix of every game, and each game's nearest neighbour.

    --format json gives the matrix, each pair's breakdown and the nearest neighbours; --format csv one row per
    pair of games. --explain A B shows one pair: each measure's share of the distance, largest first.

    \b
    Examples:
      amalogs similarity
      amalogs similarity --format json
      amalogs similarity --format csv
      amalogs similarity --explain BD DM
    """
    from amalogs.compare.similarity import matrix
    from amalogs.report.compare import matrix_records, matrix_view, nearest

    cat = catalog()
    if explain is not None:
        _explain(cat, fmt, *explain)
        return
    games = list(cat.games.values())
    m = matrix(games, cat.ontology)
    about: dict[str, Any] = {
        "games": [g.id for g in games],
        "similarity": [[round(b.similarity, 6) for b in row] for row in m],
        "distances": [[{k: round(v, 6) for k, v in b.distances.items()} for b in row] for row in m],
        "nearest": {a: {"game": b, "similarity": round(s, 6)} for a, b, s in nearest(m)},
    }
    if as_json:  # the deprecated --json: the same matrix, without the format name or the records
        echo(json.dumps(about, ensure_ascii=False, indent=2))
        return
    out = console()
    print_records(fmt, "similarity", matrix_records(m),
                  lambda: out.print(matrix_view(m, {g.id: g.page.abbreviation for g in games}, out.width)), **about)


def _explain(cat: Any, fmt: DataFormat, first: str, second: str) -> None:
    """``similarity --explain A B``."""
    from amalogs.compare.explain import explain
    from amalogs.report.compare import breakdown_record, explain_records, explain_view

    a, b = cat.game(first), cat.game(second)
    found, rows = explain(a, b, cat.ontology)
    out = console()
    print_records(fmt, "similarity-explained", explain_records(rows),
                  lambda: out.print(explain_view(found, rows, (a, b), out.width)), games=[a.id, b.id],
                  pair=breakdown_record(found))


@app.command(cls=HelpCommand)
def table(
    fmt: Annotated[TableFormat, typer.Option("--format", metavar="md|html|csv|json",
                                             help="Markdown, an HTML page, CSV or JSON.")] = TableFormat.md,
    out: Annotated[Optional[Path], typer.Option("--out", metavar="FILE", help="Write to this file instead of printing.")] = None,  # noqa: UP045
    force: Annotated[bool, force_option(OUT_FORCE)] = False,
) -> None:
    """The all-games comparison table: one row per fact, one column per game.

    \b
    Examples:
      amalogs table
      amalogs table --format html --out table.html
      amalogs table --format csv --out table.csv
    """
    from amalogs.compare.table import comparison_rows, render_table

    _check_out(out, force)
    cat = catalog()
    _write_or_print(render_table(comparison_rows(cat), list(cat.games.values()), fmt.value), out, force)


@app.command(cls=HelpCommand)
def graph(
    game: Annotated[Optional[str], typer.Argument(metavar="GAME", help="One game (default: the atlas of every game).")] = None,  # noqa: UP045
    fmt: Annotated[GraphFormat, typer.Option("--format", metavar="graphml|gexf|json|dot|svg|png|html",
                                             help="Graph data for Gephi and friends, a picture, or the interactive "
                                                  "atlas page.")] = GraphFormat.graphml,
    out: Annotated[Optional[Path], typer.Option("--out", metavar="FILE", help="Write to this file (required for svg/png).")] = None,  # noqa: UP045
    ontology_only: Annotated[bool, typer.Option("--ontology", help="The ontology graph alone.")] = False,
    force: Annotated[bool, force_option(OUT_FORCE)] = False,
) -> None:
    """Export a game's graph, the ontology, or the atlas of every game (data for Gephi and friends, or a picture).

    The atlas as svg or png is one screen: games placed by similarity, each canonical term between the games
    that map it, links coloured by section. --format html is the interactive atlas, one file that works
    offline: zoom, hover a term to see where each game maps it, filter by section (with GAME: that game alone).

    \b
    Examples:
      amalogs graph --format graphml --out atlas.graphml
      amalogs graph --format html --out atlas.html
      amalogs graph --format png --out atlas.png
      amalogs graph BD --format svg --out bd.svg
      amalogs graph --ontology --format dot --out ontology.dot
    """
    from amalogs.errors import AmalogsError

    if fmt in PICTURES and out is None:
        raise AmalogsError("a picture needs --out FILE")
    if fmt is GraphFormat.html and ontology_only:
        raise AmalogsError("--format html is the atlas of games: leave out --ontology (or choose another format)")
    _check_out(out, force)
    cat = catalog()
    if fmt is GraphFormat.html or (fmt in PICTURES and not game and not ontology_only):
        from amalogs.report.atlas import games_layout

        layout = games_layout([cat.game(game)] if game else list(cat.games.values()), cat.ontology)
        if fmt is GraphFormat.html:
            from amalogs.report.atlas_page import atlas_page

            _write_or_print(atlas_page(layout), out, force)
        else:
            from amalogs.report.atlas_picture import draw_atlas

            _write_or_print(draw_atlas(layout, fmt.value, title="AMALOGS atlas"), out, force)
        return
    from amalogs.compare.graphs import atlas, game_graph, ontology_graph
    from amalogs.report.exports import export_graph

    if ontology_only:
        g = ontology_graph(cat.ontology)
    elif game:
        g = game_graph(cat.game(game), cat.ontology)
    else:
        g = atlas(cat.games.values(), cat.ontology)
    data = export_graph(g, fmt.value)
    _write_or_print(data if fmt in PICTURES else data.decode("utf-8"), out, force)


@app.command(cls=HelpCommand)
def report(
    out: Annotated[Path, typer.Option("--out", metavar="DIR", help="The reports folder (its report files are rewritten; "
                                      "no --force needed).")] = Path("reports"),
    check: Annotated[bool, typer.Option("--check", help="Do not write; exit 1 if a committed report is stale.")] = False,
) -> None:
    """Regenerate the reports: comparison table, similarity matrix and heatmap, a page per game, the atlas.

    \b
    Examples:
      amalogs report
      amalogs report --check
    """
    from amalogs.report.generate import check_reports, write_reports

    cat = catalog()
    if check:
        stale = check_reports(cat, out)
        for line in stale:
            echo(line)
        if stale:
            typer.echo(f"{len(stale)} report file(s) are stale: run `amalogs report`", err=True)
            raise typer.Exit(1)
        echo(f"reports in {out} are current")
        return
    for path in write_reports(cat, out):
        echo(f"wrote {path}")
