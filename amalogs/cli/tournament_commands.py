"""Commands for many matches at once: tournament and balance."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from amalogs.cli import app, catalog, console
from amalogs.cli.output import DataFormat, check_seeds, echo, force_option, format_option, seed_option
from amalogs.errors import AmalogsError

if TYPE_CHECKING:
    from amalogs.catalog import Catalog
    from amalogs.referee.sessions.tournament import MatchRow

__all__ = ["tournament", "balance", "parse_players", "write_reports"]

REPORT_HELP = ("Write the balance report here; the format follows the suffix: .md, .html, .csv, .json, or .png/.svg "
               "for the heatmap (repeat for several files).")


def parse_players(values: list[str] | None) -> list[tuple[str, str]]:
    """``--players`` values: ``NAME`` (both seats) or ``NAME,NAME`` (seat 1, seat 2); checked by name now, not
    after hours of matches."""
    from amalogs.referee.sessions.saves import _player as check_player  # builds one: a bad name is refused

    settings: list[tuple[str, str]] = []
    for value in values or ["random"]:
        names = [v.strip() for v in value.split(",")]
        if len(names) == 1:
            names *= 2
        if len(names) != 2 or not all(names):
            raise AmalogsError(f"--players {value!r}: give one player for both seats (greedy) or two (greedy,random)")
        for name in names:
            if name == "human":
                raise AmalogsError("--players: a human plays one match at a time (amalogs match --p1 human)")
            check_player(name)
        pair = (names[0], names[1])
        if pair in settings:
            raise AmalogsError(f"--players {value!r} is given twice")
        settings.append(pair)
    return settings


def _report_targets(reports: list[Path] | None, force: bool) -> list[tuple[Path, str]]:
    from amalogs.report.balance import FORMATS
    from amalogs.writer import check_target

    out = []
    for path in reports or []:
        fmt = path.suffix.lower().lstrip(".")
        if fmt not in FORMATS:
            raise AmalogsError(f"--report {path}: the suffix must be one of {', '.join('.' + f for f in FORMATS)}")
        check_target(path, force)
        out.append((path, fmt))
    return out


def write_reports(rows: Sequence[MatchRow | dict[str, Any]], cat: Catalog, targets: list[tuple[Path, str]], force: bool,
                  quiet: bool, fmt: DataFormat = DataFormat.text) -> None:
    """The balance report of ``rows``: in the terminal (unless quiet; as its JSON or CSV with ``fmt``) and to each
    target file."""
    from amalogs.report.balance import balance as work_out
    from amalogs.report.balance import render, terminal
    from amalogs.writer import write_atomic, write_bytes

    report = work_out(rows, cat)
    if fmt is DataFormat.json:
        echo(str(render(report, "json")))
    elif fmt is DataFormat.csv:
        text = str(render(report, "csv"))
        sys.stdout.write(text if text.startswith("\ufeff") else "\ufeff" + text)
    elif not quiet:
        out = console()
        for part in terminal(report):
            out.print(part)
    pictures = [p for p, f in targets if f in ("png", "svg")]
    for path, kind in targets:
        picture = None
        if kind in ("md", "html") and pictures:
            picture = pictures[0].name if pictures[0].parent == path.parent else str(pictures[0])
        data = render(report, kind, picture)
        if isinstance(data, bytes):
            write_bytes(path, data, force)
        else:
            write_atomic(path, data, force)
        echo(f"wrote {path}", err=fmt is not DataFormat.text)


@app.command()
def tournament(
    decks: Annotated[Optional[list[str]], typer.Argument(  # noqa: UP045
        metavar="[DECK]...", help="GAME:DECK, GAME (its sample decks) or a deck file; default every shipped deck.")] = None,
    n: Annotated[int, typer.Option("-n", min=1, help="Matches per ordered pairing (seeds seed … seed+N−1).")] = 10,
    rows: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--rows", metavar="FILE", help="Write one row per match here as it is played (.jsonl or .csv); an existing "
        "file of the same tournament is resumed.")] = None,
    players: Annotated[Optional[list[str]], typer.Option(  # noqa: UP045
        "--players", metavar="P[,P]", help="Players: random, greedy, search or search:BUDGET, for both seats or "
        "seat 1,seat 2; repeat to compare settings (default random).")] = None,
    seed: Annotated[int, seed_option("The first seed (0 … 2**64 - 1).")] = 1,
    turn_cap: Annotated[int, typer.Option("--turn-cap", min=1, help="End a match as a draw after this many turns.")] = 60,
    jobs: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--jobs", "-j", min=1, help="Processes (default: every core), or Dask workers with --scheduler dask.")] = None,
    scheduler: Annotated[str, typer.Option(
        "--scheduler", help="local, dask (a Dask LocalCluster; needs amalogs[dask]) or tcp://HOST:PORT (a running "
        "Dask scheduler). The rows are the same whichever runs them.")] = "local",
    report: Annotated[Optional[list[Path]], typer.Option("--report", metavar="FILE", help=REPORT_HELP)] = None,  # noqa: UP045
    quiet: Annotated[bool, typer.Option("--quiet", help="No report in the terminal.")] = False,
    force: Annotated[bool, force_option("Start --rows over and overwrite --report files that exist.")] = False,
    fmt: Annotated[DataFormat, format_option()] = DataFormat.text,
) -> None:
    """Play every deck against every other, both seatings with the same seeds, and report the balance.

    An interrupted tournament (Ctrl-C) keeps its rows; run the same command again to finish it."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from amalogs.referee.sessions.tournament import entries, run_tournament

    check_seeds(seed, n)
    settings = parse_players(players)
    targets = _report_targets(report, force)
    if rows is not None and rows.exists() and force:
        from amalogs.writer import check_target

        check_target(rows, True)
    cat = catalog()
    chosen = entries(cat, decks or [])
    pairings = len(chosen) * (len(chosen) - 1)
    out = console()
    if not quiet:
        echo(err=fmt is not DataFormat.text, text=f"{len(chosen)} decks, {pairings} ordered pairings × {n} seeds × {len(settings)} player setting(s) = "
             f"{pairings * n * len(settings):,} matches")
    with Progress("{task.description}", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=out,
                  transient=True, disable=fmt is not DataFormat.text) as bar:
        task = bar.add_task("matches", total=None)

        def progress(state: object) -> None:
            total, resumed, played = (getattr(state, k) for k in ("total", "resumed", "played"))
            bar.update(task, total=total, completed=resumed + played)

        try:
            result = run_tournament(cat, chosen, n, seed, settings, turn_cap, jobs, scheduler, rows, force, progress)
        except KeyboardInterrupt:
            if rows is not None:
                echo(f"interrupted: the rows played so far are in {rows}; the same command goes on with them",
                     err=True)
            raise typer.Exit(130) from None
    if rows is not None:
        echo(f"wrote {len(result):,} rows to {rows}", err=fmt is not DataFormat.text)
    write_reports(result, cat, targets, force, quiet, fmt)


@app.command()
def balance(
    files: Annotated[list[Path], typer.Argument(metavar="ROWS...", help="Rows files written by `amalogs tournament "
                                                "--rows` or `amalogs match -n N --rows`.")],
    report: Annotated[Optional[list[Path]], typer.Option("--report", metavar="FILE", help=REPORT_HELP)] = None,  # noqa: UP045
    quiet: Annotated[bool, typer.Option("--quiet", help="No report in the terminal.")] = False,
    force: Annotated[bool, force_option("Overwrite --report files that exist.")] = False,
    fmt: Annotated[DataFormat, format_option()] = DataFormat.text,
) -> None:
    """The balance report of rows already played: win rates with intervals, ratings, unfair pairings."""
    from amalogs.referee.sessions.tournament import read_rows

    targets = _report_targets(report, force)
    rows = [r for f in files for r in read_rows(f)]
    if not rows:
        raise AmalogsError(f"{', '.join(map(str, files))}: no rows to report on")
    write_reports(rows, catalog(), targets, force, quiet, fmt)
