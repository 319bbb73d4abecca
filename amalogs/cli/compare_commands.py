"""Commands that compare games: compare, similarity, table, graph, report."""

from __future__ import annotations

import json
from enum import StrEnum
from itertools import combinations
from pathlib import Path
from typing import Annotated, Optional

import typer

from amalogs.cli import app, catalog, console
from amalogs.cli.output import echo, force_option

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


@app.command()
def compare(
    games: Annotated[list[str], typer.Argument(help="Two or more games (id, 略称 or name).")],
    different: Annotated[bool, typer.Option("--different", help="Only the fields that differ.")] = False,
) -> None:
    """Every profile and page field of two or more games side by side, then the similarity breakdown."""
    from amalogs.compare.similarity import Resolver, compare as measure, signature
    from amalogs.compare.table import field_rows
    from amalogs.errors import AmalogsError
    from amalogs.compare.cardpool import pool_stats
    from amalogs.report.compare import breakdown_view, fields_view, pool_view

    if len(games) < 2:
        raise AmalogsError("compare needs at least two games")
    cat = catalog()
    chosen = [cat.game(name) for name in games]
    rows = [r for r in field_rows(chosen) if not (different and r.same)]
    out = console()
    out.print(fields_view(rows, chosen))
    sigs = {g.id: signature(g) for g in chosen}
    resolver = Resolver(cat.ontology)
    pairs = [measure(sigs[a.id], sigs[b.id], resolver) for a, b in combinations(chosen, 2)]
    names = {g.id: g.page.abbreviation for g in chosen}
    out.print(breakdown_view(pairs, names))
    out.print(pool_view([pool_stats(cat, g) for g in chosen], names))


@app.command()
def similarity(
    as_json: Annotated[bool, typer.Option("--json", help="Print the matrix and breakdowns as JSON.")] = False,
) -> None:
    """The similarity matrix of every game, and each game's nearest neighbour."""
    from amalogs.compare.similarity import matrix
    from amalogs.report.compare import matrix_view, nearest

    cat = catalog()
    games = list(cat.games.values())
    m = matrix(games, cat.ontology)
    if as_json:
        data = {
            "games": [g.id for g in games],
            "similarity": [[round(b.similarity, 6) for b in row] for row in m],
            "distances": [[{k: round(v, 6) for k, v in b.distances.items()} for b in row] for row in m],
            "nearest": {a: {"game": b, "similarity": round(s, 6)} for a, b, s in nearest(m)},
        }
        echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    console().print(matrix_view(m, {g.id: g.page.abbreviation for g in games}))


@app.command()
def table(
    fmt: Annotated[TableFormat, typer.Option("--format", help="md, html, csv or json.")] = TableFormat.md,
    out: Annotated[Optional[Path], typer.Option("--out", help="Write to this file instead of printing.")] = None,  # noqa: UP045
    force: Annotated[bool, force_option(OUT_FORCE)] = False,
) -> None:
    """The all-games comparison table."""
    from amalogs.compare.table import comparison_rows, render_table

    _check_out(out, force)
    cat = catalog()
    _write_or_print(render_table(comparison_rows(cat), list(cat.games.values()), fmt.value), out, force)


@app.command()
def graph(
    game: Annotated[Optional[str], typer.Argument(help="One game (default: the atlas of every game).")] = None,  # noqa: UP045
    fmt: Annotated[GraphFormat, typer.Option("--format", help="graphml, gexf, json, dot, svg or png.")] = GraphFormat.graphml,
    out: Annotated[Optional[Path], typer.Option("--out", help="Write to this file (required for svg/png).")] = None,  # noqa: UP045
    ontology_only: Annotated[bool, typer.Option("--ontology", help="The ontology graph alone.")] = False,
    force: Annotated[bool, force_option(OUT_FORCE)] = False,
) -> None:
    """Export a game's graph, the ontology, or the atlas of every game (data for Gephi and friends, or a picture)."""
    from amalogs.compare.graphs import atlas, game_graph, ontology_graph
    from amalogs.report.exports import export_graph

    from amalogs.errors import AmalogsError

    if fmt in (GraphFormat.svg, GraphFormat.png) and out is None:
        raise AmalogsError("a picture needs --out FILE")
    _check_out(out, force)
    cat = catalog()
    if ontology_only:
        g = ontology_graph(cat.ontology)
    elif game:
        g = game_graph(cat.game(game), cat.ontology)
    else:
        g = atlas(cat.games.values(), cat.ontology)
    data = export_graph(g, fmt.value)
    _write_or_print(data if fmt in (GraphFormat.svg, GraphFormat.png) else data.decode("utf-8"), out, force)


@app.command()
def report(
    out: Annotated[Path, typer.Option("--out", help="The reports folder (its report files are rewritten; "
                                      "no --force needed).")] = Path("reports"),
    check: Annotated[bool, typer.Option("--check", help="Do not write; exit 1 if a committed report is stale.")] = False,
) -> None:
    """Regenerate the reports: comparison table, similarity matrix and heatmap, a page per game, the atlas."""
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
