"""Commands over the loaded data: games, show, we, ontology, validate, schema."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Optional

import typer

from amalogs.cli import GameArg, _State, app, catalog, console, find_game
from amalogs.cli.output import echo, force_option

__all__ = ["games", "show", "we", "ontology", "validate", "schema"]


class Format(StrEnum):
    text = "text"
    json = "json"


@app.command()
def games(
    fmt: Annotated[Format, typer.Option("--format", help="text (a table) or json.")] = Format.text,
) -> None:
    """List every loaded game: id, name, 略称, WE, レンジ, stat / damage / life system, deck size, life."""
    from amalogs.report.overview import game_row, games_table

    cat = catalog()
    if fmt is Format.json:
        echo(json.dumps([game_row(g) for g in cat.games.values()], ensure_ascii=False, indent=2))
        return
    console().print(games_table(cat))


@app.command()
def show(game: GameArg) -> None:
    """Show a game's whole AMALOGS page: every section, Japanese terms with English glosses."""
    from amalogs.report.page import render_page

    g = find_game(game)
    console().print(render_page(g, catalog().ontology))


@app.command()
def we(
    game: Annotated[Optional[str], typer.Argument(help="A game (default: every game).")] = None,  # noqa: UP045
) -> None:
    """Run the WE appraisal (WE考課) and print WE, レンジ and the reasons."""
    from amalogs.report.overview import appraisal_panel, we_criteria

    out = console()
    chosen = [find_game(game)] if game else list(catalog().games.values())
    if not game:
        out.print(we_criteria())
    for g in chosen:
        out.print(appraisal_panel(g))


@app.command()
def ontology(
    fmt: Annotated[Format, typer.Option("--format", help="text (tables) or json (the data as published).")] = Format.text,
) -> None:
    """Show the canonical AMALOGS vocabulary: 科/属, keyword rules, colours, stats, spell speeds and more."""
    from amalogs.report.overview import ontology_view

    onto = catalog().ontology
    if fmt is Format.json:
        echo(onto.model_dump_json(indent=2))
        return
    console().print(ontology_view(onto))


@app.command()
def validate(
    paths: Annotated[
        Optional[list[Path]],  # noqa: UP045
        typer.Argument(help="Data folders, game folders or single files (default: the shipped data)."),
    ] = None,
) -> None:
    """Validate data files; print one line per problem. Exit code 0 only when everything is valid."""
    from amalogs.catalog import validate_paths

    checked, errors = validate_paths(list(paths or ()), _State.roots)
    for err in errors:
        echo(str(err))
    if errors:
        typer.echo(f"{len(errors)} problem(s) found", err=True)
        raise typer.Exit(1)
    typer.echo(f"all valid ({checked} file(s) checked)")


@app.command()
def schema(
    out: Annotated[Path, typer.Option("--out", help="Folder to write the JSON Schema files into.")],
    force: Annotated[bool, force_option("Overwrite schema files already in the --out folder (without --force "
                                        "an existing one is refused and none is written).")] = False,
) -> None:
    """Write a JSON Schema for each kind of data file, for editor validation (e.g. taplo, VS Code)."""
    from amalogs.schema import write_schemas

    for path in write_schemas(out, overwrite=force):
        echo(f"wrote {path}")
