"""Commands over the loaded data: games, show, we, ontology, validate, schema.

Each data-printing command takes ``--format`` (:func:`amalogs.cli.output.format_option`): ``text`` for people,
typed ``json`` and, where the output is a list of records, ``csv``. Their ``--help`` ends with examples that
run as shown (tests/test_help_examples.py runs them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from typer.core import TyperCommand

from amalogs.cli import _State, app, catalog, console, find_game
from amalogs.cli.output import DataFormat, echo, force_option, format_option, print_records

__all__ = ["HelpCommand", "games", "show", "we", "ontology", "validate", "schema"]


class HelpCommand(TyperCommand):
    """A command whose ``--help`` names an argument by its metavar alone (``GAME``, not ``GAME <str>``): the
    Python type says nothing to a player, the metavar says what to type."""

    def format_options(self, ctx: Any, formatter: Any) -> None:
        """The Arguments and Options sections, arguments that have a metavar shown without their type."""
        args: list[tuple[str, str]] = []
        opts: list[tuple[str, str]] = []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if param.param_type_name == "argument":
                if param.metavar:
                    record = (param.metavar, record[1])
                args.append(record)
            else:
                opts.append(record)
        for title, records in (("Arguments", args), ("Options", opts)):
            if records:
                with formatter.section(title):
                    formatter.write_dl(records)


GameArg = Annotated[str, typer.Argument(metavar="GAME", show_default=False,
                                        help="A game by id, 略称 or name, e.g. build-divide, BD, ビルディバイド.")]
TEXT_JSON = ("text", "json")


def _no_csv(fmt: DataFormat, command: str) -> None:
    """Refuse ``--format csv`` for a command whose output is not a list of records."""
    from amalogs.errors import AmalogsError

    if fmt is DataFormat.csv:
        raise AmalogsError(f"--format csv: `amalogs {command}` prints no table of records; use text or json")


@app.command(cls=HelpCommand)
def games(fmt: Annotated[DataFormat, format_option()] = DataFormat.text) -> None:
    """List every loaded game: id, name, 略称, WE, レンジ, stat / damage / life system, deck size, life.

    \b
    Examples:
      amalogs games
      amalogs --width 160 games
      amalogs games --format json
      amalogs games --format csv
    """
    from amalogs.report.overview import game_record, games_table

    cat = catalog()
    out = console()
    print_records(fmt, "games", [game_record(g) for g in cat.games.values()],
                  lambda: out.print(games_table(cat, out.width)))


@app.command(cls=HelpCommand)
def show(game: GameArg, fmt: Annotated[DataFormat, format_option(TEXT_JSON)] = DataFormat.text) -> None:
    """Show a game's whole AMALOGS page: every section, Japanese terms with English glosses.

    \b
    Examples:
      amalogs show BD
      amalogs show ギルドヒーローズ
      amalogs --width 100 show GH
      amalogs show SGK --format json
    """
    from amalogs.report.page import page_record, render_page

    _no_csv(fmt, "show")
    g = find_game(game)
    onto = catalog().ontology
    out = console()
    print_records(fmt, "page", [page_record(g, onto)], lambda: out.print(render_page(g, onto, out.width)))


@app.command(cls=HelpCommand)
def we(
    game: Annotated[Optional[str], typer.Argument(metavar="GAME", help="A game (default: every game).")] = None,  # noqa: UP045
    fmt: Annotated[DataFormat, format_option()] = DataFormat.text,
) -> None:
    """Run the WE appraisal (WE考課) and print WE, レンジ and the reasons.

    \b
    Examples:
      amalogs we
      amalogs we 戦国大戦TCG
      amalogs we --format csv
    """
    from amalogs.report.overview import appraisal_panel, appraisal_record, we_criteria

    from amalogs.catalog import DataErrors

    out = console()
    cat = catalog()
    try:
        chosen = [find_game(game)] if game else list(cat.games.values())
    except DataErrors:  # left out: its appraisal still shows, when its profile and page could be read
        read = cat.read_game(game or "")
        if read is None:
            raise
        chosen = [read]
    if not game:
        chosen += [out_.read for out_ in cat.left_out if out_.read is not None]

    def text() -> None:
        if not game:
            out.print(we_criteria())
        for g in chosen:
            out.print(appraisal_panel(g))

    print_records(fmt, "we", [appraisal_record(g) for g in chosen], text)


@app.command(cls=HelpCommand)
def ontology(fmt: Annotated[DataFormat, format_option()] = DataFormat.text) -> None:
    """Show the canonical AMALOGS vocabulary: 科/属, keyword rules, colours, stats, spell speeds and more.

    --format json prints the ontology as published (it reads back as the ontology file); --format csv one row
    per term (section, term, English name, source, description).

    \b
    Examples:
      amalogs ontology
      amalogs ontology --format json
      amalogs ontology --format csv
    """
    from amalogs.cli.output import clean, records_csv
    from amalogs.report.overview import ontology_records, ontology_view

    onto = catalog().ontology
    out = console()
    if fmt is DataFormat.json:
        echo(onto.model_dump_json(indent=2))
    elif fmt is DataFormat.csv:
        import sys

        sys.stdout.write(clean(records_csv(ontology_records(onto))))
    else:
        out.print(ontology_view(onto, out.width))


@app.command(cls=HelpCommand)
def validate(
    paths: Annotated[
        Optional[list[Path]],  # noqa: UP045
        typer.Argument(metavar="PATH", help="Data folders, game folders or single files (default: the shipped data)."),
    ] = None,
    fmt: Annotated[DataFormat, format_option()] = DataFormat.text,
) -> None:
    """Validate data files; print one line per problem. Exit code 0 only when everything is valid.

    \b
    Examples:
      amalogs validate
      amalogs validate --format json
    """
    from amalogs.catalog import validate_paths

    checked, errors = validate_paths(list(paths or ()), _State.roots)

    def text() -> None:
        for err in errors:
            echo(str(err))
        if not errors:
            typer.echo(f"all valid ({checked} file(s) checked)")

    records = [{"problem": str(e)} for e in errors]
    print_records(fmt, "validate", records, text, columns=["problem"], checked=checked, valid=not errors)
    if errors:
        typer.echo(f"{len(errors)} problem(s) found", err=True)
        raise typer.Exit(1)


@app.command(cls=HelpCommand)
def schema(
    out: Annotated[Path, typer.Option("--out", metavar="DIR", help="Folder to write the JSON Schema files into.")],
    force: Annotated[bool, force_option("Overwrite schema files already in the --out folder (without --force "
                                        "an existing one is refused and none is written).")] = False,
) -> None:
    """Write a JSON Schema for each kind of data file, for editor validation (e.g. taplo, VS Code).

    \b
    Examples:
      amalogs schema --out schemas/
    """
    from amalogs.schema import write_schemas

    for path in write_schemas(out, overwrite=force):
        echo(f"wrote {path}")

