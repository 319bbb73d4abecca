"""Commands that run matches: match, resume and replay."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from amalogs.cli import app, catalog, console
from amalogs.errors import AmalogsError

if TYPE_CHECKING:
    from amalogs.referee.runner import Side
    from amalogs.referee.saves import Session

__all__ = ["match", "resume", "replay"]


@app.command()
def match(
    first: Annotated[str, typer.Argument(metavar="GAME[:DECK]", help="Player 1's game and sample deck.")],
    second: Annotated[str, typer.Argument(metavar="GAME[:DECK]", help="Player 2's game and sample deck.")],
    seed: Annotated[int, typer.Option("--seed", help="The match's seed (shuffles and players).")] = 1,
    p1: Annotated[str, typer.Option("--p1", help="Player 1: random, greedy or human (you, at the terminal).")] = "random",
    p2: Annotated[str, typer.Option("--p2", help="Player 2: random, greedy or human.")] = "random",
    n: Annotated[int, typer.Option("-n", help="Run N seeded matches (seed … seed+N−1) and summarise.")] = 1,
    quiet: Annotated[bool, typer.Option("--quiet", help="Print only the result.")] = False,
    log: Annotated[Optional[Path], typer.Option("--log", help="Write the JSONL event log here.")] = None,  # noqa: UP045
    turn_cap: Annotated[int, typer.Option("--turn-cap", help="End as a draw after this many turns.")] = 60,
    save: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--save", metavar="FILE",
        help="Save the match here when it stops (at the end, after --stop-after, or on Ctrl-C); "
        "`amalogs resume FILE` goes on with it.")] = None,
    stop_after: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--stop-after", metavar="N", min=0, help="Stop after N decisions (and save, with --save).")] = None,
) -> None:
    """Referee an exhibition match between two decks, with a play-by-play (or N matches with a summary).

    Ctrl-C during a single match saves it (to --save FILE, or to match-SEED.amalogs-save.json)."""
    from rich.progress import Progress

    from amalogs.report.match import summary_table
    from amalogs.referee.runner import resolve_side, run_many
    from amalogs.referee.saves import Session

    cat = catalog()
    sides = (resolve_side(cat, first), resolve_side(cat, second))
    players = (p1, p2)
    out = console()
    if n > 1:
        if save is not None or stop_after is not None:
            raise AmalogsError("--save and --stop-after work with one match at a time (-n 1)")
        if "human" in players:
            raise AmalogsError("a human player plays one match at a time (-n 1)")
        names = _names(sides)
        with Progress(console=out, transient=True) as bar:
            task = bar.add_task("matches", total=n)
            summary = run_many(cat, sides, seed, players, n, turn_cap, progress=lambda: bar.advance(task))
        out.print(summary_table(summary, names))
        return
    session = Session(cat, sides, seed, players, turn_cap)
    _play(session, quiet, log, save or Path(f"match-{seed}.amalogs-save.json"), save is not None, stop_after)


@app.command()
def resume(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A save file written by `amalogs match --save` "
                                         "(or by Ctrl-C during a match).")],
    quiet: Annotated[bool, typer.Option("--quiet", help="Print only the result.")] = False,
    log: Annotated[Optional[Path], typer.Option("--log", help="Write the whole match's JSONL event log here.")] = None,  # noqa: UP045
    stop_after: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--stop-after", metavar="N", min=0, help="Stop again after N more decisions, saving to FILE.")] = None,
) -> None:
    """Go on with a saved match exactly as an uninterrupted run with its seed would (Ctrl-C saves it again)."""
    from amalogs.referee.saves import load_session

    session = load_session(catalog(), file)
    state = session.match.state
    if not quiet:
        console().print(f"resuming {file}: turn {state.turn}, {len(session.actions)} decisions so far")
    _play(session, quiet, log, file, True, stop_after)


def _names(sides: Sequence[Side]) -> list[str]:
    return [f"P1 {sides[0].game.page.abbreviation}", f"P2 {sides[1].game.page.abbreviation}"]


def _play(session: Session, quiet: bool, log: Path | None, save: Path, save_at_stop: bool,
          stop_after: int | None) -> None:
    """Play on with a play-by-play; save on Ctrl-C (always) and when the match stops (if asked)."""
    from amalogs.report.match import event_line, result_panel
    from amalogs.referee.runner import header, result_of, write_log

    out = console()
    names = _names(session.sides)
    cards = session.match.state.cards

    def show(event: dict[str, object]) -> None:
        if not quiet:
            line = event_line(event, cards, names)
            if line is not None:
                out.print(line)

    try:
        session.run(show, stop_after)
    except KeyboardInterrupt:
        session.save(save)
        typer.echo(f"interrupted: saved the match so far to {save} ({len(session.actions)} decisions); "
                   f"`amalogs resume {save}` goes on with it", err=True)
        raise typer.Exit(130) from None
    if save_at_stop:
        session.save(save)
    if not session.finished:
        typer.echo(f"stopped after {len(session.actions)} decisions (turn {session.match.state.turn})"
                   + (f"; saved to {save}" if save_at_stop else ""))
        return
    result = result_of(session)
    out.print(result_panel(result.outcome, session.sides, names, session.seed))
    if save_at_stop:
        typer.echo(f"saved the finished match to {save}")
    if log is not None:
        write_log(log, header(session.sides, session.seed, session.players, session.turn_cap), result.events)
        typer.echo(f"wrote {log} ({len(result.events)} events)")


@app.command()
def replay(
    log: Annotated[Path, typer.Argument(help="A JSONL match log written by `amalogs match --log`.")],
) -> None:
    """Re-run a logged match from its seed and check that every event is identical (exit 1 if not)."""
    from amalogs.referee.runner import replay as run

    checked, difference = run(catalog(), log)
    if difference:
        typer.echo(f"{log}: {difference}")
        raise typer.Exit(1)
    typer.echo(f"{log}: all {checked} events replayed identically")
