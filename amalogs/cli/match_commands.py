"""Commands that run matches: match, resume and replay."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from amalogs.cli import app, catalog, console
from amalogs.cli.output import DataFormat, check_seeds, echo, force_option, format_option, print_records, seed_option
from amalogs.errors import AmalogsError

if TYPE_CHECKING:
    from amalogs.catalog import Catalog
    from amalogs.referee.sessions.runner import Side, Summary
    from amalogs.referee.sessions.saves import Session

__all__ = ["match", "resume", "replay"]


@app.command()
def match(
    first: Annotated[Optional[str], typer.Argument(metavar="GAME[:DECK]", help="Player 1's game and sample deck.")] = None,  # noqa: UP045
    second: Annotated[Optional[str], typer.Argument(metavar="GAME[:DECK]", help="Player 2's game and sample deck.")] = None,  # noqa: UP045
    seed: Annotated[Optional[int], seed_option(  # noqa: UP045
        "The match's seed, 0 … 2**64 - 1 (shuffles and players; default 1, or the position's with --from).")] = None,
    start: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--from", metavar="FILE", help="Play on from a position file (docs/positions.md) instead of two decks.")] = None,
    check: Annotated[bool, typer.Option(
        "--check", help="Check the referee's invariants after every action (exit 1 naming the first broken).")] = False,
    p1: Annotated[str, typer.Option("--p1", help="Player 1: random, greedy, search (tree search over what its seat "
                                    "may know; search:N for N iterations a decision, default 64) or human (you, at "
                                    "the terminal).")] = "random",
    p2: Annotated[str, typer.Option("--p2", help="Player 2: random, greedy, search, search:N or human.")] = "random",
    n: Annotated[int, typer.Option("-n", min=1, help="Run N seeded matches (seed … seed+N−1) and summarise.")] = 1,
    quiet: Annotated[bool, typer.Option("--quiet", help="Print only the result.")] = False,
    log: Annotated[Optional[Path], typer.Option("--log", help="Write the JSONL event log here (with -n N, one log "  # noqa: UP045
                                                "per match: out.jsonl → out-1.jsonl … out-N.jsonl).")] = None,
    turn_cap: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--turn-cap", min=1, help="End as a draw after this many turns (default 60, or the position's).")] = None,
    save: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--save", metavar="FILE",
        help="Save the match here when it stops (at the end, after --stop-after, or on Ctrl-C); "
        "`amalogs resume FILE` goes on with it.")] = None,
    stop_after: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--stop-after", metavar="N", min=0, help="Stop after N decisions (and save, with --save).")] = None,
    force: Annotated[bool, force_option("Overwrite the --log and --save files if they exist (without --force an "
                                        "existing file is refused before the match starts).")] = False,
    jobs: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--jobs", "-j", min=1, help="With -n N: run the matches in this many processes (default: every core); "
        "the summary is the same as with --jobs 1.")] = None,
    rows: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--rows", metavar="FILE", help="Write one row per match (seed, seats, games, decks, players, winner, reason, "
        "turns, decisions) here, .jsonl or .csv, and summarise; an existing file of the same batch is resumed.")] = None,
    rulings: Annotated[Optional[bool], typer.Option(  # noqa: UP045
        "--rulings/--no-rulings", help="Rule by hand the effects the referee cannot carry out (native ones): the "
        "card's controller picks canonical effects from a menu or skip, the other player confirms; the log "
        "records it. One match at a time; on by default when a player is human.")] = None,
    fmt: Annotated[DataFormat, format_option()] = DataFormat.text,
) -> None:
    """Referee an exhibition match between two decks, with a play-by-play (or N matches with a summary).

    Ctrl-C during a single match saves it (to --save FILE, or to match-SEED.amalogs-save.json)."""
    from rich.progress import Progress

    from amalogs.report.match import summary_table
    from amalogs.referee.sessions.runner import cores, resolve_side, run_batch
    from amalogs.referee.sessions.saves import Session
    from amalogs.writer import check_targets

    cat = catalog()
    players = (p1, p2)
    out = console()
    begin = None
    if start is not None:
        if first is not None or second is not None:
            raise AmalogsError("--from FILE plays on from a position: give no decks with it")
        if save is not None or log is not None:
            raise AmalogsError("--save and --log record matches played from decks; with --from use "
                               "`amalogs position FILE --do …` and --out to keep a position")
        sides, seed, begin = _position_start(start, seed, turn_cap)
        turn_cap = begin(seed).state.turn_cap
    elif first is None or second is None:
        raise AmalogsError("name both sides' decks (GAME[:DECK] GAME[:DECK]), or play on from a position (--from FILE)")
    else:
        sides = (resolve_side(cat, first), resolve_side(cat, second))
        seed = 1 if seed is None else seed
        turn_cap = 60 if turn_cap is None else turn_cap
    if rulings and (n > 1 or rows is not None or begin is not None):
        raise AmalogsError("--rulings rules effects by hand in one match from decks (-n 1, no --rows; a position "
                           "file says rulings = true itself)")
    rulings = "human" in players if rulings is None else rulings  # a person rules the effects by hand
    check_seeds(seed, n)
    if rows is not None:
        if begin is not None or save is not None or stop_after is not None or log is not None:
            raise AmalogsError("--rows records a batch of matches played from decks: give it without --from, "
                               "--save, --stop-after and --log")
        if "human" in players:
            raise AmalogsError("--rows records matches of random, greedy or search players, not a human's")
        _run_rows(cat, sides, seed, players, turn_cap, n, jobs or cores(), rows, force, fmt)
        return
    if n > 1:
        if save is not None or stop_after is not None:
            raise AmalogsError("--save and --stop-after work with one match at a time (-n 1)")
        if "human" in players:
            raise AmalogsError("a human player plays one match at a time (-n 1)")
        names = _names(sides)
        logs = _numbered(log, n) if log is not None else []
        check_targets(logs, force)
        with Progress(console=out, transient=True, disable=fmt is not DataFormat.text) as bar:
            task = bar.add_task("matches", total=n)
            if logs:
                summary = _run_logged(cat, sides, seed, players, turn_cap, check, logs, lambda: bar.advance(task))
            else:
                summary = run_batch(cat, sides, seed, players, n, turn_cap,
                                    progress=lambda k: bar.advance(task, k), check=check, start=begin,
                                    jobs=jobs or cores())
        print_records(fmt, "match-summary", [summary_record(summary, sides, players, seed, turn_cap)],
                      lambda: out.print(summary_table(summary, names)))
        if logs:
            echo(f"wrote {n} logs: {logs[0]} … {logs[-1]}", err=fmt is not DataFormat.text)
        return
    if "human" in players and fmt is not DataFormat.text:
        raise AmalogsError("--format json|csv prints a result for programs: a human plays with --format text")
    check_targets([p for p in (log, save) if p is not None], force)  # before the match, not after it
    session = Session(cat, sides, seed, players, turn_cap, match=begin(seed) if begin else None, check=check,
                      rulings=rulings)
    _play(session, quiet, log, save or Path(f"match-{seed}.amalogs-save.json"), save is not None and begin is None,
          stop_after, saving=begin is None, fmt=fmt)


def _run_rows(cat: Catalog, sides: tuple[Side, Side], seed: int, players: tuple[str, str], turn_cap: int, n: int,
              jobs: int, rows: Path, force: bool, fmt: DataFormat = DataFormat.text) -> None:
    """N seeded matches with a row each written to ``rows`` as they come, summarised as ``-n N`` is."""
    from rich.progress import Progress

    from amalogs.report.match import summary_table
    from amalogs.referee.sessions.tournament import batch_rows, summary_of_rows

    out = console()
    with Progress(console=out, transient=True, disable=fmt is not DataFormat.text) as bar:
        task = bar.add_task("matches", total=n)
        done = batch_rows(cat, sides, seed, n, players, turn_cap, jobs, rows=rows, force=force,
                          progress=lambda p: bar.update(task, completed=p.resumed + p.played))
    summary = summary_of_rows(done)
    print_records(fmt, "match-summary", [summary_record(summary, sides, players, seed, turn_cap)],
                  lambda: out.print(summary_table(summary, _names(sides))))
    echo(f"wrote {len(done):,} rows to {rows}", err=fmt is not DataFormat.text)


def _numbered(log: Path, n: int) -> list[Path]:
    """One log per match: ``out.jsonl`` → ``out-1.jsonl`` … ``out-N.jsonl`` (the number before the suffix)."""
    return [log.with_name(f"{log.stem}-{k}{log.suffix}") for k in range(1, n + 1)]


def _run_logged(cat: Catalog, sides: tuple[Side, Side], seed: int, players: tuple[str, str], turn_cap: int,
                check: bool, logs: list[Path], progress: Callable[[], None]) -> Summary:
    """``run_many`` with each match's event log written (match k, seed seed+k−1, to ``logs[k-1]``)."""
    from amalogs.referee.sessions.runner import Summary, header, play_match, write_log

    summary = Summary()
    for k, path in enumerate(logs):
        result = play_match(cat, sides, seed + k, players, turn_cap, check=check)
        write_log(path, header(sides, seed + k, players, turn_cap), result.events)
        summary.add(result)
        progress()
    return summary


def _position_start(path: Path, seed: int | None, turn_cap: int | None) -> tuple[tuple[Side, Side], int, Any]:
    """The sides of a position file, the seed to start from, and the match at the position for a seed."""
    from amalogs.models.cards import Deck
    from amalogs.referee.engine.match import Match
    from amalogs.referee.engine.positions import read_position
    from amalogs.referee.sessions.runner import Side

    from amalogs.cli.position_commands import catalog_for

    data = read_position(path)
    cat = catalog_for(path, data)
    first = Match.from_position(cat, data, str(path))  # checked once, with the file's own seed
    chosen = first.position_seed() if seed is None else seed
    sides = tuple(Side(cat.games[s.game], (ref or "position").rpartition(":")[2],
                       Deck(game=s.game, name="position", main={}))
                  for s, ref in zip(first.state.seats, first.deck_refs))

    def begin(k: int) -> Match:
        return Match.from_position(cat, {**data, "seed": k, **({"turn_cap": turn_cap} if turn_cap else {})}, str(path))

    return sides, chosen, begin  # type: ignore[return-value]


@app.command()
def resume(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A save file written by `amalogs match --save` "
                                         "or `amalogs meta --save` (or by Ctrl-C during one).")],
    quiet: Annotated[bool, typer.Option("--quiet", help="Print only the result.")] = False,
    log: Annotated[Optional[Path], typer.Option("--log", help="Write the whole match's JSONL event log here.")] = None,  # noqa: UP045
    stop_after: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--stop-after", metavar="N", min=0, help="Stop again after N more decisions, saving to FILE.")] = None,
    force: Annotated[bool, force_option("Overwrite the --log file if it exists (FILE itself, the save, is always "
                                        "rewritten).")] = False,
    fmt: Annotated[DataFormat, format_option()] = DataFormat.text,
) -> None:
    """Go on with a saved match or meta-game exactly as an uninterrupted run with its seed would (Ctrl-C saves it
    again)."""
    from amalogs.meta.saves import LOG_TYPE, SAVE_TYPE, file_kind
    from amalogs.referee.sessions.saves import load_session
    from amalogs.writer import check_target

    if log is not None:
        check_target(log, force)
    if file_kind(file) == LOG_TYPE:
        raise AmalogsError(f"{file}: a meta-game log, not a save (`amalogs replay {file}` re-runs it)")
    if file_kind(file) == SAVE_TYPE:  # a meta-game's save (amalogs meta --save)
        from amalogs.cli.meta_commands import resume_meta

        resume_meta(file, quiet, log, stop_after, fmt)
        return
    session = load_session(catalog(), file)
    state = session.match.state
    if "human" in session.players and fmt is not DataFormat.text:
        raise AmalogsError("--format json|csv prints a result for programs: a human plays with --format text")
    if not quiet:
        echo(f"resuming {file}: turn {state.turn}, {len(session.actions)} decisions so far",
             err=fmt is not DataFormat.text)
    _play(session, quiet, log, file, True, stop_after, fmt=fmt)


def summary_record(summary: Summary, sides: Sequence[Side], players: tuple[str, str], seed: int,
                   turn_cap: int) -> dict[str, Any]:
    """A batch's summary as one typed record (``--format json|csv``): who played, wins, draws, lengths, endings."""
    from amalogs.referee.sessions.sides import deck_ref

    played = max(summary.matches, 1)
    return {"matches": summary.matches, "seeds": [seed, seed + summary.matches - 1], "turn_cap": turn_cap,
            "game1": sides[0].game.id, "deck1": deck_ref(sides[0]), "player1": players[0],
            "game2": sides[1].game.id, "deck2": deck_ref(sides[1]), "player2": players[1],
            "wins1": summary.wins[0], "wins2": summary.wins[1], "draws": summary.draws,
            "win_rate1": round(summary.wins[0] / played, 4), "win_rate2": round(summary.wins[1] / played, 4),
            "average_turns": round(summary.turns / played, 2), "average_decisions": round(summary.decisions / played, 2),
            "endings": dict(summary.reasons.most_common())}


def _names(sides: Sequence[Side]) -> list[str]:
    return [f"P1 {sides[0].game.page.abbreviation}", f"P2 {sides[1].game.page.abbreviation}"]


def _play(session: Session, quiet: bool, log: Path | None, save: Path, save_at_stop: bool,
          stop_after: int | None, saving: bool = True, fmt: DataFormat = DataFormat.text) -> None:
    """Play on with a play-by-play; save on Ctrl-C (always) and when the match stops (if asked). ``--format
    json|csv``: no play-by-play, and the result as a record (the columns of a rows file)."""
    from amalogs.report.match import PlayByPlay, result_panel
    from amalogs.referee.sessions.runner import result_of, session_header, write_log

    out = console()
    names = _names(session.sides)
    games = [side.game for side in session.sides]
    story = PlayByPlay(session.match.state, names, games)

    text = fmt is DataFormat.text

    def show(event: dict[str, Any]) -> None:
        if not quiet and text:
            for line in story.lines(event):
                out.print(line)

    try:
        session.run(show, stop_after)
    except KeyboardInterrupt:
        if not saving:
            echo(f"interrupted after {len(session.actions)} decisions", err=True)
            raise typer.Exit(130) from None
        session.save(save)
        echo(f"interrupted: saved the match so far to {save} ({len(session.actions)} decisions); "
                   f"`amalogs resume {save}` goes on with it", err=True)
        raise typer.Exit(130) from None
    except Exception as exc:  # any failure inside a match: what was played is not lost
        if not saving:
            raise
        session.save_after_error(save)
        what = str(exc) if isinstance(exc, AmalogsError) else f"internal error: {type(exc).__name__}: {exc}"
        raise AmalogsError(f"{what} — the match so far is saved to {save} ({len(session.actions)} decisions); "
                           f"`amalogs resume {save}` goes on with it") from exc
    if save_at_stop:
        session.save(save)
    if not session.finished:
        echo(f"stopped after {len(session.actions)} decisions (turn {session.match.state.turn})"
                   + (f"; saved to {save}" if save_at_stop else ""), err=not text)
        return
    result = result_of(session)
    final = None if quiet else session.match.state  # --quiet: the result alone, without the final status
    print_records(fmt, "match", [_result_record(session, result)],
                  lambda: out.print(result_panel(result.outcome, session.sides, names, session.seed, final, games)))
    if save_at_stop:
        echo(f"saved the finished match to {save}", err=not text)
    if log is not None:
        write_log(log, session_header(session), result.events)
        echo(f"wrote {log} ({len(result.events)} events)", err=not text)


def _result_record(session: Session, result: Any) -> dict[str, Any]:
    """One finished match as the row a rows file holds for it (1 and 2 for the seats)."""
    from amalogs.referee.sessions.sides import deck_ref
    from amalogs.referee.sessions.tournament import ROWS_VERSION

    a, b = session.sides
    winner = result.outcome.winner
    return {"version": ROWS_VERSION, "seed": session.seed, "turn_cap": session.turn_cap,
            "game1": a.game.id, "deck1": deck_ref(a), "player1": session.players[0],
            "game2": b.game.id, "deck2": deck_ref(b), "player2": session.players[1],
            "first": result.first + 1, "winner": None if winner is None else winner + 1,
            "reason": result.outcome.reason, "turns": result.outcome.turns, "decisions": result.decisions}


@app.command()
def replay(
    log: Annotated[Path, typer.Argument(help="A JSONL log written by `amalogs match --log` or `amalogs meta --log`.")],
    fmt: Annotated[DataFormat, format_option(("text", "json"))] = DataFormat.text,
) -> None:
    """Re-run a logged match or meta-game from its seed and check that every event is identical (exit 1 if not)."""
    from amalogs.meta.saves import LOG_TYPE, SAVE_TYPE, file_kind
    from amalogs.referee.sessions.runner import replay_checked

    if file_kind(log) == SAVE_TYPE:
        raise AmalogsError(f"{log}: a meta-game save, not a log (`amalogs resume {log}` goes on with it)")
    if file_kind(log) == LOG_TYPE:  # a meta-game's log (amalogs meta --log)
        from amalogs.cli.meta_commands import replay_meta

        checked, difference = replay_meta(log)
        notes: list[str] = []
    else:
        checked, difference, notes = replay_checked(catalog(), log)
    record = {"log": str(log), "events": checked, "identical": difference is None, "difference": difference,
              "notes": notes}

    def text() -> None:
        echo(f"{log}: {difference}" if difference else f"{log}: all {checked} events replayed identically")
        for note in notes:
            echo(f"{log}: {note}")

    print_records(fmt, "replay", [record], text)
    if difference:
        raise typer.Exit(1)
