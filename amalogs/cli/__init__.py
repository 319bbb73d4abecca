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

    from amalogs.catalog import Catalog, Game, LeftOut
    from amalogs.errors import AmalogsError

__all__ = ["app", "main", "run"]

def _usage_line(exc: Any) -> typer.Exit:
    """A usage error (a bad option value, an unknown option) as one line on stderr, exit code 2: the message and
    where to find the help, without click's usage block."""
    from amalogs.cli.output import echo

    ctx = getattr(exc, "ctx", None)
    where = ctx.command_path if ctx is not None else "amalogs"
    echo(f"{where}: {exc.format_message()} (see '{where} -h')", err=True)
    return typer.Exit(getattr(exc, "exit_code", 2))


def _is_usage(exc: BaseException) -> bool:
    """Whether an exception is click's usage error (typer vendors click privately, so it is told by its class
    name and what it carries)."""
    return any(c.__name__ == "UsageError" for c in type(exc).__mro__) and hasattr(exc, "format_message")


class _Group(TyperGroup):
    """Turns every amalogs error raised by a command into one line on stderr and exit code 1, and every usage
    error into one line and exit code 2; games left out of the data are reported once, when the command ends."""

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().make_context(*args, **kwargs)
        except Exception as exc:
            if _is_usage(exc):
                raise _usage_line(exc) from None
            raise

    def invoke(self, ctx: Any) -> Any:  # click's Context, which typer vendors privately
        from amalogs.errors import AmalogsError

        failed: AmalogsError | None = None
        try:
            return super().invoke(ctx)
        except AmalogsError as exc:
            failed = exc
            raise typer.Exit(1) from None
        except Exception as exc:
            if not _is_usage(exc):
                raise
            raise _usage_line(exc) from None
        finally:
            _report_left_out(failed)
            if failed is not None:
                from amalogs.cli.output import echo

                echo(f"amalogs: {failed}", err=True)


def _report_left_out(failed: AmalogsError | None) -> None:
    """One line per game left out of the data (its first problem: file and key), on stderr; not for the game
    the command failed on, whose error line says the same."""
    from amalogs.catalog import DataErrors

    left_out, _State.left_out = _State.left_out, ()
    if not left_out:
        return
    from amalogs.cli.output import echo

    for out in left_out:
        if not (isinstance(failed, DataErrors) and [str(e) for e in failed.errors] == [str(e) for e in out.errors]):
            echo(f"amalogs: {out}", err=True)


app = typer.Typer(
    name="amalogs",
    cls=_Group,
    help="AMALOGS (アマログス): compare trading card games through one canonical ontology, "
    "check how cards convert, and referee cross-game (異種戦) matches.",
    no_args_is_help=True,
    add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish and PowerShell
    pretty_exceptions_enable=False,
    # Plain help: rich-formatted help costs about 0.15 s of start-up (it imports rich.markdown and more).
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

GameArg = Annotated[str, typer.Argument(help="A game by id, 略称 or name, e.g. build-divide, BD, ビルディバイド.")]


def _version(asked: bool) -> None:
    if asked:
        from amalogs.version import version_line

        print(version_line())
        raise typer.Exit()


class _State:
    roots: tuple[Path, ...] = ()
    width: int | None = None
    left_out: tuple[LeftOut, ...] = ()  # games left out of the data, reported once when the command ends


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
    width: Annotated[Optional[int], typer.Option("--width", metavar="COLUMNS", min=1, help="Render at this terminal width.")] = None,  # noqa: UP045
    version: Annotated[bool, typer.Option("--version", is_eager=True, callback=lambda v: _version(v),
                                          help="Print amalogs's version and exit.")] = False,
) -> None:
    """AMALOGS: the cross-game ontology, comparisons and referee."""
    _State.roots = tuple(data_root or ())
    _State.width = width
    _State.left_out = ()


def console() -> Console:
    """The console commands print to (a fixed width when --width is given); it strips terminal control
    sequences from names (amalogs.cli.output)."""
    from amalogs.cli.output import make_console

    return make_console(_State.width)


def catalog() -> Catalog:
    """The loaded data. A game with problems is left out (the others still work) and reported once per
    command on stderr, in one line naming its first problem's file and key."""
    from amalogs.catalog import load_catalog

    cat = load_catalog(_State.roots, lenient=True)
    _State.left_out = cat.left_out
    return cat


def find_game(name: str) -> Game:
    return catalog().game(name)


from amalogs.cli import card_commands, deck_commands, compare_commands, data_commands, map_commands, match_commands, meta_commands, position_commands, proxy_commands, serve_commands, tournament_commands  # noqa: E402,F401,I001  (registers the commands)


GLOBAL_VALUES = frozenset({"--data-root", "--width"})
"""The global options that take a value (the command's name comes after them)."""


def _command_name(args: list[str]) -> str | None:
    """The command a command line runs (``amalogs --width 80 match …`` → ``match``), or None (no command: the
    help, ``--version``)."""
    k = 0
    while k < len(args):
        arg = args[k]
        if arg == "--":
            return args[k + 1] if k + 1 < len(args) else None
        if not arg.startswith("-"):
            return arg
        k += 2 if arg in GLOBAL_VALUES else 1
    return None


def _only(name: str | None) -> tuple[list[Any], list[Any]] | None:
    """Keep only the command being run in the app, so typer builds its parameters and no one else's (building
    all forty commands costs a tenth of a second a run); returns what to put back. Nothing is kept out for the
    help, for shell completion, or for a name that is no command (its error lists the commands)."""
    from typer.main import get_command_name

    if name is None or any(k.endswith("_COMPLETE") for k in os.environ):
        return None
    commands = [c for c in app.registered_commands
                if (c.name or get_command_name(c.callback.__name__ if c.callback else "")) == name]
    groups = [g for g in app.registered_groups if g.name == name]
    if not commands and not groups:
        return None
    kept = (list(app.registered_commands), list(app.registered_groups))
    app.registered_commands[:], app.registered_groups[:] = commands, groups
    return kept


def main(argv: list[str] | None = None) -> Any:
    """Run the CLI; errors become one line on stderr and exit code 1, never a traceback."""
    kept = _only(_command_name(sys.argv[1:] if argv is None else argv))
    try:
        from amalogs.cli.output import guard_stdout  # a closed or full stdout ends quietly, exit code 1

        return guard_stdout(lambda: app(args=argv, prog_name="amalogs", standalone_mode=True))
    except KeyboardInterrupt:
        _fail("interrupted")
    except Exception as exc:  # a bug: still one line, unless asked for the traceback
        if os.environ.get("AMALOGS_DEBUG"):
            raise
        _fail(f"internal error {_doing(exc, argv)}: {type(exc).__name__}: {_short(exc)} "
              "(set AMALOGS_DEBUG=1 to see the traceback)")
    finally:
        if kept is not None:
            app.registered_commands[:], app.registered_groups[:] = kept
    return None


def run() -> None:
    """The ``amalogs`` command (and ``python -m amalogs``): :func:`main`, then an exit that skips tearing the
    interpreter down object by object — a tenth of a second a command, once its output is flushed and the
    exit functions (``atexit``) have run."""
    import atexit

    from amalogs.cli.output import ready_streams

    lost = ready_streams()  # a closed stdout or stderr: the work is still done, its output goes nowhere
    try:
        main()
        code = 1 if lost else 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
        if not isinstance(exc.code, int | None):
            print(exc.code, file=sys.stderr)
        code = code or int(lost)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError:
        code = code or 1
    atexit._run_exitfuncs()
    os._exit(code)


def _doing(exc: BaseException, argv: list[str] | None) -> str:
    """What was going on: the file being read (the loader notes it on the exception), else the command."""
    from amalogs.errors import cut_text, now_reading

    reading = now_reading(exc)
    if reading is not None:
        return f"while reading {reading}"
    args = sys.argv[1:] if argv is None else argv
    return f"while running `{cut_text(' '.join(['amalogs', *args]), 120)}`"


def _short(exc: BaseException) -> str:
    from amalogs.errors import cut_text

    try:
        return cut_text(str(exc), 300)
    except Exception:  # an exception that cannot even say what it is
        return "(no message)"


def _fail(message: str) -> None:
    from amalogs.cli.output import clean

    print(f"amalogs: {clean(message)}", file=sys.stderr)  # a name in the message may carry escape sequences
    raise SystemExit(1)
