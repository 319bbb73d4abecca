"""Commands that run matches: match and replay."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from amalogs.cli import app, catalog, console

__all__ = ["match", "replay"]


@app.command()
def match(
    first: Annotated[str, typer.Argument(metavar="GAME[:DECK]", help="Player 1's game and sample deck.")],
    second: Annotated[str, typer.Argument(metavar="GAME[:DECK]", help="Player 2's game and sample deck.")],
    seed: Annotated[int, typer.Option("--seed", help="The match's seed (shuffles and players).")] = 1,
    p1: Annotated[str, typer.Option("--p1", help="Player 1: random or greedy.")] = "random",
    p2: Annotated[str, typer.Option("--p2", help="Player 2: random or greedy.")] = "random",
    n: Annotated[int, typer.Option("-n", help="Run N seeded matches (seed … seed+N−1) and summarise.")] = 1,
    quiet: Annotated[bool, typer.Option("--quiet", help="Print only the result.")] = False,
    log: Annotated[Optional[Path], typer.Option("--log", help="Write the JSONL event log here.")] = None,  # noqa: UP045
    turn_cap: Annotated[int, typer.Option("--turn-cap", help="End as a draw after this many turns.")] = 60,
) -> None:
    """Referee an exhibition match between two decks, with a play-by-play (or N matches with a summary)."""
    from rich.progress import Progress

    from amalogs.report.match import event_line, result_panel, summary_table
    from amalogs.referee.runner import header, play_match, resolve_side, run_many, write_log

    cat = catalog()
    sides = (resolve_side(cat, first), resolve_side(cat, second))
    players = (p1, p2)
    names = [f"P1 {sides[0].game.page.abbreviation}", f"P2 {sides[1].game.page.abbreviation}"]
    out = console()
    if n > 1:
        with Progress(console=out, transient=True) as bar:
            task = bar.add_task("matches", total=n)
            summary = run_many(cat, sides, seed, players, n, turn_cap, progress=lambda: bar.advance(task))
        out.print(summary_table(summary, names))
        return
    cards_box: list[object] = []

    def show(event: dict[str, object]) -> None:
        if not quiet and cards_box:
            line = event_line(event, cards_box[0], names)  # type: ignore[arg-type]
            if line is not None:
                out.print(line)

    from amalogs.referee.match import Match

    preview = Match.new(cat, [(s.game, s.deck) for s in sides], seed, turn_cap, log_events=False)
    cards_box.append(preview.state.cards)
    result = play_match(cat, sides, seed, players, turn_cap, on_event=show)
    out.print(result_panel(result.outcome, sides, names, seed))
    if log is not None:
        write_log(log, header(sides, seed, players, turn_cap), result.events)
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
