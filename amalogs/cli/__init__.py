"""The `amalogs` command line: the only place that prints and exits.

Heavy modules (pydantic models, the catalog, rich renderables) are imported inside the commands, so
``amalogs --help`` starts fast.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer
from typer.core import TyperGroup

if TYPE_CHECKING:
    from rich.console import Console

    from amalogs.catalog import Catalog, Game

__all__ = ["app", "main"]

class _Group(TyperGroup):
    """Turns every amalogs error raised by a command into one line on stderr and exit code 1."""

    def invoke(self, ctx: Any) -> Any:  # click's Context, which typer vendors privately
        from amalogs.errors import AmalogsError

        try:
            return super().invoke(ctx)
        except AmalogsError as exc:
            typer.echo(f"amalogs: {exc}", err=True)
            raise typer.Exit(1) from None


app = typer.Typer(
    name="amalogs",
    cls=_Group,
    help="AMALOGS (アマログス): compare trading card games through one canonical ontology, "
    "check how cards convert, and referee cross-game (異種戦) matches.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # Plain help: rich-formatted help costs about 0.15 s of start-up (it imports rich.markdown and more).
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

GameArg = Annotated[str, typer.Argument(help="A game by id, 略称 or name, e.g. build-divide, BD, ビルディバイド.")]


class _State:
    roots: tuple[Path, ...] = ()
    width: int | None = None


@app.callback()
def _root(
    data_root: Annotated[
        Optional[list[Path]],  # noqa: UP045 - typer needs Optional here
        typer.Option(
            "--data-root",
            metavar="DIR",
            help="A folder of your own data (games/<id>/game.toml, mappings/<id>.toml), loaded like the shipped "
            "data. Repeatable. Also read from AMALOGS_DATA_ROOT (several joined with the path separator).",
        ),
    ] = None,
    width: Annotated[Optional[int], typer.Option("--width", metavar="COLUMNS", help="Render at this terminal width.")] = None,  # noqa: UP045
) -> None:
    """AMALOGS: the cross-game ontology, comparisons and referee."""
    _State.roots = tuple(data_root or ())
    _State.width = width


def console() -> Console:
    """The console commands print to (a fixed width when --width is given)."""
    from rich.console import Console

    return Console(width=_State.width, soft_wrap=False, highlight=False, markup=False)


def catalog() -> Catalog:
    from amalogs.catalog import load_catalog

    return load_catalog(_State.roots)


def find_game(name: str) -> Game:
    return catalog().game(name)


from amalogs.cli import card_commands, compare_commands, data_commands, match_commands, position_commands  # noqa: E402,F401,I001  (registers the commands)


def main(argv: list[str] | None = None) -> Any:
    """Run the CLI; errors become one line on stderr and exit code 1, never a traceback."""
    try:
        return app(args=argv, prog_name="amalogs", standalone_mode=True)
    except KeyboardInterrupt:
        _fail("interrupted")
    except Exception as exc:  # a bug: still one line, unless asked for the traceback
        if os.environ.get("AMALOGS_DEBUG"):
            raise
        _fail(f"internal error: {type(exc).__name__}: {exc} (set AMALOGS_DEBUG=1 to see the traceback)")
    return None


def _fail(message: str) -> None:
    print(f"amalogs: {message}", file=sys.stderr)
    raise SystemExit(1)
