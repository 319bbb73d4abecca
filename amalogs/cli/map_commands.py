"""The conversion map of two games (issue 16): ``amalogs convert-map A B``."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated, Optional

import typer

from amalogs.cli import app, catalog, console
from amalogs.cli.data_commands import HelpCommand
from amalogs.cli.output import echo, force_option, print_records

__all__ = ["convert_map"]


class MapFormat(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"
    md = "md"
    html = "html"


SourceGame = Annotated[str, typer.Argument(metavar="A", show_default=False,
                                           help="The game converted from (id, 略称 or name), e.g. BD.")]
TargetGame = Annotated[str, typer.Argument(metavar="B", show_default=False,
                                           help="The game converted into (id, 略称 or name), e.g. GH.")]


@app.command("convert-map", cls=HelpCommand)
def convert_map(
    source: SourceGame,
    target: TargetGame,
    fmt: Annotated[MapFormat, typer.Option(
        "--format", metavar="text|json|csv|md|html", case_sensitive=False,
        help="text: a table; json: typed records; csv: one row per term (UTF-8 with a BOM, for spreadsheets); "
             "md: Markdown; html: a standalone page.")] = MapFormat.text,
    out: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--out", metavar="FILE", help="Write the map to this file instead of printing it (--format json, csv, md or "
                                      "html; without --format, the file's suffix says which).")] = None,
    picture: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--picture", metavar="FILE", help="Also draw the map as a picture: A's terms, the canonical terms, B's terms, "
                                          "links coloured by fidelity (PNG or SVG, by the file's suffix).")] = None,
    force: Annotated[bool, force_option("Overwrite the --out and --picture files if they exist.")] = False,
) -> None:
    """The conversion map of two games: every card type, stat, keyword, zone, colour, resource, spell speed and
    system (stat, damage and life system, attack rules, damage cleanup) of A, its canonical AMALOGS term, where
    it lands in B (or none), with the fidelity and what is lost.

    The rows are read from the conversion itself (docs/convert-map.md): card types, stats, keywords and colours
    from probe cards of A converted into B; zones, resources and spell speeds from both games' pages; systems
    from their keyword rules and the ontology's cross-system resolution table.

    \b
    Examples:
      amalogs convert-map BD GH
      amalogs convert-map GH BD --format json
      amalogs convert-map BD SGK --out bd-sgk.md
      amalogs convert-map BD GH --format html --out bd-gh.html --picture bd-gh.png
      amalogs convert-map MTG BJ --picture mtg-bj.svg
    """
    from amalogs.convert.gamemap import game_map
    from amalogs.errors import AmalogsError
    from amalogs.report.gamemap import (
        draw_map,
        map_about,
        map_html,
        map_markdown,
        map_records,
        map_view,
    )
    from amalogs.writer import check_target, write_atomic, write_bytes

    if out is not None and fmt is MapFormat.text:  # the format from the file's suffix
        fmt = {".md": MapFormat.md, ".html": MapFormat.html, ".json": MapFormat.json, ".csv": MapFormat.csv}.get(
            out.suffix.lower(), MapFormat.text)
        if fmt is MapFormat.text:
            raise AmalogsError(f"--out {out}: give --format json, csv, md or html (or a file named .md, .html, .json "
                               "or .csv); the text table is for the terminal")
    kind = picture.suffix.lower().lstrip(".") if picture is not None else None
    if picture is not None and kind not in ("png", "svg"):
        raise AmalogsError(f"--picture {picture}: name a .png or .svg file")
    for path in (out, picture):
        if path is not None:
            check_target(path, force)
    cat = catalog()
    a, b = cat.game(source), cat.game(target)
    m = game_map(a, b, cat.ontology, cat.cards(a.id), cat.cards(b.id))
    shown = None if picture is None else picture.name if out is not None and picture.parent == out.parent else str(picture)
    if fmt in (MapFormat.md, MapFormat.html) or out is not None:
        from amalogs.cli.output import records_csv, records_json

        text = {MapFormat.md: lambda: map_markdown(m, shown), MapFormat.html: lambda: map_html(m, shown),
                MapFormat.json: lambda: records_json("convert-map", map_records(m), **map_about(m)) + "\n",
                MapFormat.csv: lambda: records_csv(map_records(m))}[fmt]()
        if out is None:
            echo(text, nl=False)
        else:
            write_atomic(out, text, force)
            echo(f"wrote {out}", err=True)
    else:
        screen = console()
        print_records(fmt.value, "convert-map", map_records(m), lambda: screen.print(map_view(m, screen.width)),
                      **map_about(m))
    if picture is not None and kind is not None:
        write_bytes(picture, draw_map(m, kind), force)
        echo(f"wrote {picture}", err=True)
