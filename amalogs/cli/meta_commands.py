"""The meta-game command: two teams of three core games on a board (docs/meta-game.md)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from amalogs.cli import app, catalog, console
from amalogs.cli.output import force_option
from amalogs.errors import AmalogsError

if TYPE_CHECKING:
    from rich.table import Table
    from rich.text import Text

    from amalogs.meta.game import MetaGame

__all__ = ["meta"]

TEAM_STYLES = ("bold cyan", "bold magenta")


@app.command()
def meta(
    team1: Annotated[str, typer.Option("--team1", metavar="DECKS", help="Team 1's three decks, e.g. BD,GH,SGK "
                                       "(GAME for its first sample deck, or GAME:DECK).")] = "BD,GH,SGK",
    team2: Annotated[str, typer.Option("--team2", metavar="DECKS", help="Team 2's three decks.")] = "BJ,GH,BD",
    seed: Annotated[int, typer.Option("--seed", help="The game's seed (dice, shuffles, players).")] = 1,
    turn_cap: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--turn-cap", min=1, help="End as a draw after this many meta turns (default 60).")] = None,
    n: Annotated[int, typer.Option("-n", min=1, help="Play N seeded games (seed … seed+N−1) and summarise.")] = 1,
    p1: Annotated[str, typer.Option("--p1", help="Team 1's players: random or greedy (moves and core games).")] = "greedy",
    p2: Annotated[str, typer.Option("--p2", help="Team 2's players: random or greedy.")] = "greedy",
    quiet: Annotated[bool, typer.Option("--quiet", help="Print only the result.")] = False,
    log: Annotated[Optional[Path], typer.Option("--log", help="Write the JSONL event log here.")] = None,  # noqa: UP045
    force: Annotated[bool, force_option("Overwrite the --log file if it exists (without --force an existing file "
                                        "is refused before the game starts).")] = False,
) -> None:
    """Play the AMALOGS meta-game: two teams of three avatars on a 9 × 9 board; each avatar moves 2D6 − WE
    squares and declares one duel a turn, which plays its core game's turn against everyone within its レンジ
    (and the chain of adjacent avatars). A team wins when the other's base life reaches 0 or its own 36.

    Example: amalogs meta --team1 BD,GH,SGK --team2 BJ,GH,BD --seed 1
    """
    from amalogs.meta.game import MetaGame
    from amalogs.meta.runner import play_batch, play_game, write_log
    from amalogs.meta.settings import MetaSettings, parse_team

    for who in (p1, p2):
        if who not in ("random", "greedy"):
            raise AmalogsError(f"unknown player {who!r} (the meta-game has: random, greedy)")
    if log is not None and n > 1:
        raise AmalogsError("--log writes one game's log: leave out -n")
    if log is not None and log.exists() and not force:
        raise AmalogsError(f"{log} exists (give --force to overwrite it)")
    cat = catalog()
    teams = (parse_team("team 1", team1), parse_team("team 2", team2))
    settings = MetaSettings(**({"turn_cap": turn_cap} if turn_cap else {}))
    players = (p1, p2)
    out = console()
    if n > 1:
        summary = play_batch(cat, teams, seed, n, settings, players, players)
        out.print(_batch_table(summary, teams))
        return
    game = MetaGame.new(cat, teams, seed, settings, players)
    shown = 1  # (after the start)

    def watch(g: MetaGame, action: str) -> None:
        nonlocal shown
        if not quiet:
            for event in g.events[shown:]:
                line = _event_line(g, event)
                if line:
                    out.print(line)
                if event["type"] == "turn" and event["turn"] > 1:
                    out.print(_board(g))  # (the board as the turn begins)
        shown = len(g.events)

    if not quiet:
        out.print(_roster(game))
        out.print(_board(game))
        watch(game, "")
    outcome = play_game(game, players, seed, watch)
    if not quiet:
        out.print(_board(game))
    winner = "a draw" if outcome.winner is None else f"team {outcome.winner + 1} wins"
    out.print(f"Result: {winner} — {outcome.reason} after {outcome.turns} meta turns "
              f"(base life {game.life[0]} – {game.life[1]})")
    if log is not None:
        write_log(log, game, seed, players)


def _name(game: MetaGame, k: int) -> Text:
    """An avatar as its game's 略称 and its number in the team, in its team's colour."""
    from rich.text import Text

    a = game.avatars[k]
    return Text(f"{a.abbreviation}{k + 1}", style=TEAM_STYLES[a.team])


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


def _board(game: MetaGame) -> Table:
    """The board: each avatar as its 略称 in its team's colour, each base as B and its base life."""
    from rich.table import Table
    from rich.text import Text

    table = Table(show_header=False, box=None, padding=(0, 0), title=f"turn {game.turn}")
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
                row.append(Text("·", style="dim"))
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
