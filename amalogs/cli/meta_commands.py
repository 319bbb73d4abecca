"""The meta-game command: two teams of three core games on a board (docs/meta-game.md)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from amalogs.cli import app, catalog, console
from amalogs.cli.output import DataFormat, check_seeds, force_option, format_option, print_records, seed_option
from amalogs.errors import AmalogsError

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text

    from amalogs.meta.core import DuelResult
    from amalogs.meta.game import MetaGame
    from amalogs.meta.saves import MetaSession

__all__ = ["meta", "replay_meta", "resume_meta"]

TEAM_STYLES = ("bold cyan", "bold magenta")


def core_player(name: str) -> str:
    """The player of a team's core games for a meta player's name: random, greedy or human as named, greedy
    for matchup."""
    return "greedy" if name == "matchup" else name


@app.command()
def meta(
    teamfile: Annotated[Optional[Path], typer.Argument(  # noqa: UP045
        metavar="[TEAMFILE]", help="A team file (TOML: two [[team]] tables, optional [settings]; "
        "docs/meta-game.md) instead of --team1 and --team2.")] = None,
    team1: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--team1", metavar="DECKS", help="Team 1's three decks, e.g. BD,GH,SGK (GAME for its first sample deck, "
        "or GAME:DECK; default BD,GH,SGK).")] = None,
    team2: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--team2", metavar="DECKS", help="Team 2's three decks (default BJ,GH,BD).")] = None,
    seed: Annotated[int, seed_option("The game's seed, 0 … 2**64 - 1 (dice, shuffles, players).")] = 1,
    turn_cap: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--turn-cap", min=1, help="End as a draw after this many meta turns (default 60); with --save, stop "
        "and save after this many meta turns instead (the game's own cap stays).")] = None,
    n: Annotated[int, typer.Option("-n", min=1, help="Play N seeded games (seed … seed+N−1) and summarise.")] = 1,
    p1: Annotated[str, typer.Option("--p1", help="Team 1's players: random or greedy (moves and core games), "
                                    "matchup (moves by the shipped win rates; greedy core games) or human (you "
                                    "choose the moves and play the core games).")] = "greedy",
    p2: Annotated[str, typer.Option("--p2", help="Team 2's players: random, greedy, matchup or human.")] = "greedy",
    quiet: Annotated[bool, typer.Option("--quiet", help="Print only the result.")] = False,
    plays: Annotated[bool, typer.Option("--plays", help="Also tell each duel move by move, as `amalogs match` "
                                        "tells a match (each seat named by its avatar).")] = False,
    log: Annotated[Optional[Path], typer.Option("--log", help="Write the JSONL event log here.")] = None,  # noqa: UP045
    save: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--save", metavar="FILE", help="Save the game here when it stops (at --turn-cap, at the end, or on "
        "Ctrl-C); `amalogs resume FILE` goes on with it.")] = None,
    force: Annotated[bool, force_option("Overwrite the --log and --save files if they exist (without --force an "
                                        "existing file is refused before the game starts).")] = False,
    jobs: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--jobs", "-j", min=1, help="With -n N: play the games in this many processes (default: every core); the "
        "summary is the same as with --jobs 1.")] = None,
    fmt: Annotated[DataFormat, format_option()] = DataFormat.text,
) -> None:
    """Play the AMALOGS meta-game: two teams of three avatars on a 9 × 9 board; each avatar moves 2D6 − WE
    squares and declares one duel a turn, which plays its core game's turn against everyone within its レンジ
    (and the chain of adjacent avatars). A team wins when the other's base life reaches 0 or its own 36.

    Example: amalogs meta --team1 BD,GH,SGK --team2 BJ,GH,BD --seed 1
    """
    from amalogs.meta.runner import play_batch
    from amalogs.meta.saves import MetaHeader, MetaSession
    from amalogs.meta.settings import META_PLAYER_NAMES, MetaSettings, parse_team
    from amalogs.meta.teamfile import load_team_file
    from amalogs.referee.sessions.runner import cores
    from amalogs.writer import check_targets

    for who in (p1, p2):
        if who not in META_PLAYER_NAMES:
            raise AmalogsError(f"unknown player {who!r} (the meta-game has: {', '.join(META_PLAYER_NAMES)})")
    if (log is not None or save is not None) and n > 1:
        raise AmalogsError("--log and --save record one game: leave out -n")
    if "human" in (p1, p2) and n > 1:
        raise AmalogsError("a person plays one meta-game at a time: leave out -n")
    if "human" in (p1, p2) and fmt is not DataFormat.text:
        raise AmalogsError("--format json|csv prints a result for programs: a person plays with --format text")
    check_targets([p for p in (log, save) if p is not None], force)
    check_seeds(seed, n)
    cat = catalog()
    if teamfile is not None:
        if team1 is not None or team2 is not None:
            raise AmalogsError("give the teams either in TEAMFILE or with --team1 and --team2, not both")
        teams, settings = load_team_file(teamfile, cat)
    else:
        teams = (parse_team("team 1", team1 or "BD,GH,SGK"), parse_team("team 2", team2 or "BJ,GH,BD"))
        settings = MetaSettings()
    if turn_cap and save is None:
        settings = settings.model_copy(update={"turn_cap": turn_cap})
    players = (p1, p2)
    core_players = (core_player(p1), core_player(p2))
    if n > 1:
        from rich.progress import Progress

        with Progress(console=console(), transient=True, disable=fmt is not DataFormat.text) as bar:
            task = bar.add_task("meta-games", total=n)
            summary = play_batch(cat, teams, seed, n, settings, players, core_players, jobs or cores(),
                                 progress=lambda k: bar.advance(task, k))
        print_records(fmt, "meta-summary", [summary_record(summary, teams, players, seed, settings.turn_cap)],
                      lambda: console().print(_batch_table(summary, teams)))
        return
    header = MetaHeader.model_validate({"seed": seed, "settings": settings, "teams": teams, "players": players,
                                        "core_players": core_players})
    session = MetaSession(cat, header)
    session.game.keep_duels = plays and not quiet and fmt is DataFormat.text
    _play(session, quiet, log, save, turn_cap if save is not None else None, None, fresh=True, fmt=fmt)


def resume_meta(file: Path, quiet: bool, log: Path | None, stop_after: int | None,
                fmt: DataFormat = DataFormat.text) -> None:
    """``amalogs resume`` for a meta-game save: play its decisions again from the seed, then go on to the end
    (or ``stop_after`` more decisions), rewriting the save when it stops. ``--format json|csv``: no
    play-by-play, and the result as one record (as ``amalogs meta --format`` prints it)."""
    from amalogs.cli.output import echo
    from amalogs.meta.saves import load_save

    session = load_save(catalog(), file)
    if "human" in session.header.players and fmt is not DataFormat.text:
        raise AmalogsError("--format json|csv prints a result for programs: a person plays with --format text")
    if not quiet:
        echo(f"resuming {file}: meta turn {session.game.turn}, {len(session.actions)} decisions so far",
             err=fmt is not DataFormat.text)
    _play(session, quiet, log, file, None, stop_after, fresh=False, fmt=fmt)


def summary_record(summary: Any, teams: Any, players: tuple[str, str], seed: int, turn_cap: int) -> dict[str, Any]:
    """A batch's summary as one typed record (``--format json|csv``): the teams, wins, draws, length, endings."""
    played = max(summary.games, 1)
    return {"games": summary.games, "seeds": [seed, seed + summary.games - 1], "turn_cap": turn_cap,
            "team1": list(teams[0].avatars), "player1": players[0], "team2": list(teams[1].avatars),
            "player2": players[1], "wins1": summary.wins[0], "wins2": summary.wins[1], "draws": summary.draws,
            "win_rate1": round(summary.wins[0] / played, 4), "win_rate2": round(summary.wins[1] / played, 4),
            "average_turns": round(summary.average_turns, 2), "endings": dict(summary.endings)}


def result_record(session: MetaSession) -> dict[str, Any]:
    """One finished (or stopped) meta-game as a typed record: seed, teams, players, winner (1, 2, or none),
    why, meta turns, base life, decisions."""
    from amalogs.meta.settings import META_VERSION

    h, game = session.header, session.game
    out = game.outcome
    return {"version": META_VERSION, "seed": h.seed, "turn_cap": h.settings.turn_cap,
            "team1": list(h.teams[0].avatars), "player1": h.players[0], "team2": list(h.teams[1].avatars),
            "player2": h.players[1], "finished": out is not None,
            "winner": None if out is None or out.winner is None else out.winner + 1,
            "reason": out.reason if out else None, "turns": game.turn, "life1": game.life[0],
            "life2": game.life[1], "decisions": len(session.actions)}


def replay_meta(log: Path) -> tuple[int, str | None]:
    """``amalogs replay`` for a meta-game log."""
    from amalogs.meta.saves import replay_log

    return replay_log(catalog(), log)


def _play(session: MetaSession, quiet: bool, log: Path | None, save: Path | None, stop_turn: int | None,
          stop_after: int | None, fresh: bool, fmt: DataFormat = DataFormat.text) -> None:
    """Play on with a play-by-play; save on Ctrl-C and when the game stops (to ``save``, or a file named for the
    seed on Ctrl-C); write the log at the end. ``--format json|csv``: no play-by-play, the result as a record
    (:func:`result_record`), every other line on stderr."""
    from amalogs.cli.output import echo

    from rich.padding import Padding

    out = console()
    text = fmt is DataFormat.text
    quiet = quiet or not text
    game = session.game
    shown = len(game.events) if not fresh else 1  # (after the start)

    def watch(g: MetaGame, action: str) -> None:
        nonlocal shown
        if not quiet:
            for k, event in enumerate(g.events[shown:], shown):
                if k in g.duels:  # the duel move by move (--plays), before its summary line
                    for told in _duel_lines(g, *g.duels[k]):
                        out.print(Padding(told, (0, 0, 0, 6)))
                line = _event_line(g, event)
                if line:
                    out.print(line)
                if event["type"] == "turn" and event["turn"] > 1:
                    out.print(_board(g))  # (the board as the turn begins)
        shown = len(g.events)

    if not quiet:
        if fresh:
            out.print(_roster(game))
        out.print(_board(game))
        if fresh:
            watch(game, "")
    target = save or Path(f"meta-{session.header.seed}.amalogs-save.json")
    try:
        outcome = session.run(watch, stop_turn, stop_after)
    except KeyboardInterrupt:
        session.save(target)
        echo(f"interrupted: saved the game so far to {target} ({len(session.actions)} decisions); "
             f"`amalogs resume {target}` goes on with it", err=True)
        raise typer.Exit(130) from None
    if save is not None:
        session.save(save)
    if outcome is None:
        where = f"after meta turn {stop_turn}" if stop_turn is not None else f"in meta turn {game.turn}"
        echo(f"stopped {where} ({len(session.actions)} decisions)"
             + (f"; saved to {save}: `amalogs resume {save}` goes on with it" if save else ""), err=not text)
        if not text:
            print_records(fmt, "meta", [result_record(session)], lambda: None)
        return
    if not quiet:
        out.print(_board(game))
    winner = "a draw" if outcome.winner is None else f"team {outcome.winner + 1} wins"
    print_records(fmt, "meta", [result_record(session)],
                  lambda: out.print(f"Result: {winner} — {outcome.reason} after {outcome.turns} meta turns "
                                    f"(base life {game.life[0]} – {game.life[1]})"))
    if log is not None:
        from amalogs.writer import write_atomic

        write_atomic(log, "\n".join(session.log_lines()) + "\n")


def _name(game: MetaGame, k: int) -> Text:
    """An avatar as its game's 略称 and its number in the team, in its team's colour."""
    from rich.text import Text

    a = game.avatars[k]
    return Text(f"{a.abbreviation}{k + 1}", style=TEAM_STYLES[a.team])


def _duel_lines(game: MetaGame, seats: list[int], result: DuelResult) -> list[RenderableType]:
    """A duel told move by move: its core match's events as `amalogs match` tells them, each seat named by its
    avatar (an empty stand-in seat, when there was no ゲスト, as "nobody")."""
    from amalogs.report.match import PlayByPlay

    match = result.match
    if match is None:
        return []
    names = [_name(game, k).plain for k in seats]
    games = [game.avatars[k].side.game for k in seats]
    for _ in range(len(match.state.seats) - len(seats)):
        names.append("nobody")
        games.append(games[0])
    pbp = PlayByPlay(match.state, names, games)
    return [line for event in match.state.events for line in pbp.lines(event)]


def _names(game: MetaGame, ks: list[int]) -> Text:
    from rich.text import Text

    return Text(", ").join(_name(game, k) for k in ks) if ks else Text("none")


def _event_line(game: MetaGame, e: dict[str, Any]) -> Text | None:
    """One line of the play-by-play for an event (None: an event the play-by-play leaves out)."""
    from rich.text import Text

    kind = e["type"]
    if kind == "turn":
        return Text(f"— meta turn {e['turn']}: team {e['team'] + 1} (base life {game.life[0]} – {game.life[1]})",
                    style="bold")
    if kind == "roll":
        return Text.assemble("  ", _name(game, e["avatar"]),
                             f" rolls {'+'.join(map(str, e['dice']))}: may move {e['allowance']}")
    if kind == "move":
        return Text.assemble("  ", _name(game, e["avatar"]), f" moves {tuple(e['from'])} → {tuple(e['to'])}")
    if kind == "duel":
        bases = ", ".join(f"team {t + 1}" for t in e["bases"]) or "none"
        alone = Text("" if e["played"] else "\n    its round needs an opponent: not played")
        return Text.assemble("  ", _name(game, e["host"]), " declares a duel: キャスト ", _names(game, e["casts"]),
                             "; ゲスト ", _names(game, e["guests"]), f"; bases {bases}", alone)
    if kind == "duel-over":
        tail = Text.assemble("; lost: ", _names(game, e["lost"])) if e["lost"] else Text("")
        hits = f", {e['base_hits']} on the base" if e["base_hits"] else ""
        return Text.assemble(f"    its turn: {e['actions']} decisions, {e['plays']} plays, {e['attacks']} attacks"
                             f"{hits}, {e['destroyed']} destroyed", tail)
    if kind == "defeat":
        return Text.assemble("    ", _name(game, e["avatar"]), f" is defeated (WE {e['we']})")
    if kind == "base-life":
        return Text(f"    team {e['team'] + 1}'s base life {e['change']:+d} → {e['life']} ({e['why']})",
                    style=TEAM_STYLES[e["team"]])
    if kind == "revive":
        return Text.assemble("  ", _name(game, e["avatar"]), f" comes back at {tuple(e['square'])} with a fresh "
                             "core game")
    return None


RANGE_SHADES = ("on #17414a", "on #4a1a4a", "on #3c3c3c")
"""The shade of a square within レンジ of team 1's avatars, of team 2's, and of both."""


def _board(game: MetaGame) -> Table:
    """The board: each avatar as its 略称 in its team's colour, each base as B and its base life; an empty square
    within an avatar's レンジ is shaded in its team's shade (both teams': a third shade)."""
    from rich.table import Table
    from rich.text import Text

    from amalogs.meta.board import distance

    table = Table(show_header=False, box=None, padding=(0, 0), title=f"turn {game.turn}",
                  caption="shaded: within レンジ of team 1 / team 2 / both")
    for _ in range(game.settings.width):
        table.add_column(width=6, justify="center", no_wrap=True)
    here = {a.square: k for k, a in enumerate(game.avatars) if a.square is not None}
    for y in range(game.settings.height):
        row: list[Text] = []
        for x in range(game.settings.width):
            if (x, y) in game.bases:
                t = game.bases.index((x, y))
                row.append(Text(f"B{game.life[t]}", style=f"reverse {TEAM_STYLES[t]}"))
            elif (x, y) in here:
                row.append(_name(game, here[(x, y)]))
            else:
                teams = {a.team for a in game.avatars if a.square is not None and distance(a.square, (x, y)) <= a.reach}
                shade = "" if not teams else RANGE_SHADES[2 if len(teams) == 2 else teams.pop()]
                row.append(Text("·".center(6), style=f"dim {shade}".strip()))
        table.add_row(*row)
    return table


def _roster(game: MetaGame) -> Table:
    from rich.table import Table

    from amalogs.referee.sessions.sides import deck_ref

    table = Table(title="avatars")
    for column in ("avatar", "team", "deck", "WE", "レンジ"):
        table.add_column(column)
    for k, a in enumerate(game.avatars):
        table.add_row(_name(game, k), str(a.team + 1), deck_ref(a.side), str(a.we), str(a.reach))
    return table


def _batch_table(summary: Any, teams: Any) -> Table:
    from rich.table import Table

    table = Table(title=f"{summary.games} meta-games")
    table.add_column("")
    table.add_column("value", justify="right")
    for t in (0, 1):
        rate = summary.wins[t] / summary.games
        table.add_row(f"team {t + 1} ({','.join(teams[t].avatars)}) wins", f"{summary.wins[t]} ({rate:.0%})")
    table.add_row("draws", str(summary.draws))
    table.add_row("average length", f"{summary.average_turns:.1f} meta turns")
    for ending, count in summary.endings:
        table.add_row(f"ended by {ending}", str(count))
    return table
