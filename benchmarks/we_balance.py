"""Does WE balance? Heavy-WE teams against light-WE teams over many seeded meta-games, with the meta-game's WE
rules on, all off, and each one off (movement 2D6 − WE, レンジ 5 − WE, defeat costing WE; off, every avatar
counts as ``flat_we``, 3: ``docs/meta-game.md``). Per condition: the heavy team's win rate among decided games
with its 95 % Wilson interval, draws, the average length and how games ended. Writes a Markdown table (default
``reports/meta-we-balance.md``) and prints it.

Each condition plays N games: half with the heavy team as team 1 (it moves first), half as team 2, seeds
``seed`` … in each seating.

    python benchmarks/we_balance.py                          # 200 games a condition, every core
    python benchmarks/we_balance.py -n 40 --jobs 2 --out /tmp/we.md
    python benchmarks/we_balance.py --heavy BJ,BJ:spade-flush,BD --light MTG,MTG:white-blue-skies,GH
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from amalogs.catalog import Catalog, load_catalog
from amalogs.meta.game import MetaOutcome
from amalogs.meta.runner import play_outcomes, summarise
from amalogs.meta.settings import MetaSettings, TeamSpec, parse_team
from amalogs.referee.sessions.runner import cores
from amalogs.referee.sessions.sides import resolve_side
from amalogs.report.balance import Rate

STUDY_VERSION = 1
"""The version of the report's format (its first line says it)."""

HEAVY = "BJ,BJ:spade-flush,BD"  # WE 4, 4, 3
LIGHT = "MTG,MTG:white-blue-skies,GH"  # WE 2, 2, 3

CONDITIONS: tuple[tuple[str, dict[str, bool]], ...] = (
    ("all WE rules", {}),
    ("no WE rules", {"we_movement": False, "we_range": False, "we_defeat": False}),
    ("movement without WE", {"we_movement": False}),
    ("レンジ without WE", {"we_range": False}),
    ("defeat without WE", {"we_defeat": False}),
)
"""Each condition: its name and the settings that switch WE rules off."""


@dataclass(frozen=True, slots=True)
class Row:
    """One condition's games: the heavy team's wins and losses, draws, average meta turns, endings, seconds."""

    name: str
    switches: dict[str, bool]
    games: int
    rate: Rate
    average_turns: float
    endings: tuple[tuple[str, int], ...]
    seconds: float


def we_of(catalog: Catalog, team: TeamSpec) -> list[int]:
    """Each avatar's WE (its game's page, ``amalogs we``)."""
    return [resolve_side(catalog, spec).game.page.we.we for spec in team.avatars]


def run(catalog: Catalog, heavy: TeamSpec, light: TeamSpec, n: int, seed: int, turn_cap: int, players: str,
        jobs: int, conditions: Sequence[tuple[str, dict[str, bool]]] = CONDITIONS) -> list[Row]:
    """Play every condition: ``n`` games (half in each seating) with ``players`` deciding for both teams."""
    core = players if players in ("random", "greedy") else "greedy"
    rows = []
    for name, switches in conditions:
        settings = MetaSettings(turn_cap=turn_cap, **switches)
        start = time.perf_counter()
        first = n - n // 2
        as_one = play_outcomes(catalog, (heavy, light), seed, first, settings, (players, players), (core, core), jobs)
        as_two = play_outcomes(catalog, (light, heavy), seed, n // 2, settings, (players, players), (core, core), jobs)
        wins = sum(o.winner == 0 for o in as_one) + sum(o.winner == 1 for o in as_two)
        losses = sum(o.winner == 1 for o in as_one) + sum(o.winner == 0 for o in as_two)
        outcomes: list[MetaOutcome] = [*as_one, *as_two]
        summary = summarise(outcomes)
        rows.append(Row(name, switches, n, Rate(wins, losses, summary.draws), summary.average_turns,
                        summary.endings, time.perf_counter() - start))
        print(f"  {name}: {wins}–{losses}, {summary.draws} draws ({rows[-1].seconds:.0f} s)", file=sys.stderr,
              flush=True)
    return rows


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{x:.0%}"


def _on(switches: dict[str, bool], key: str) -> str:
    return "WE" if switches.get(key, True) else "flat"


COLUMNS = ("condition", "movement", "レンジ", "defeat", "games", "heavy wins", "light wins", "draws",
           "heavy win rate", "95 % interval", "avg length", "endings")


def cells(row: Row) -> list[str]:
    ci = row.rate.interval
    endings = ", ".join(f"{ending} {count}" for ending, count in row.endings)
    return [row.name, _on(row.switches, "we_movement"), _on(row.switches, "we_range"), _on(row.switches, "we_defeat"),
            str(row.games), str(row.rate.wins), str(row.rate.losses), str(row.rate.draws), _pct(row.rate.rate),
            f"{_pct(ci[0])}–{_pct(ci[1])}" if ci else "—", f"{row.average_turns:.1f}", endings]


def markdown(rows: list[Row], heavy: TeamSpec, light: TeamSpec, heavy_we: list[int], light_we: list[int],
             n: int, seed: int, turn_cap: int, players: str, seconds: float) -> str:
    lines = [
        "# Does WE balance? The meta-game's WE rules, on and off",
        "",
        f"<!-- amalogs meta WE balance study, format version {STUDY_VERSION} -->",
        "",
        (f"Heavy team **{heavy.avatars[0]}, {heavy.avatars[1]}, {heavy.avatars[2]}** (WE {', '.join(map(str, heavy_we))}) "
        f"against light team **{light.avatars[0]}, {light.avatars[1]}, {light.avatars[2]}** (WE "
        f"{', '.join(map(str, light_we))}); {players} players for both teams' moves and core games; {n} meta-games "
        f"a condition, half with the heavy team moving first, seeds {seed} … {seed + n - n // 2 - 1}; turn cap "
        f"{turn_cap}; default settings otherwise (`docs/meta-game.md`)."),
        "",
        ("A WE rule switched off (`flat`) counts every avatar as WE 3 (`flat_we`, the shipped games' mean): a move "
        "goes 2D6 − 3, レンジ is 2, a defeat costs and gives 3 base life. The win rate counts decided games "
        "(draws apart), with its 95 % Wilson interval."),
        "",
        "| " + " | ".join(COLUMNS) + " |",
        "|" + "---|" * len(COLUMNS),
    ]
    lines += ["| " + " | ".join(cells(row)) + " |" for row in rows]
    lines += ["", (f"Written by `python benchmarks/we_balance.py -n {n} --seed {seed} --turn-cap {turn_cap} "
              f"--players {players}` in {seconds / 60:.1f} minutes."), ""]
    return "\n".join(lines)


def table(rows: list[Row], title: str) -> object:
    from rich.table import Table

    out = Table(title=title)
    for column in COLUMNS:
        out.add_column(column, justify="left" if column in ("condition", "endings") else "right")
    for row in rows:
        out.add_row(*cells(row))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="meta-games a condition (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--turn-cap", type=int, default=60, help="meta turns a game at most (default 60)")
    parser.add_argument("--jobs", "-j", type=int, default=None, help="processes (default: every core)")
    parser.add_argument("--players", default="greedy", choices=("random", "greedy", "matchup"),
                        help="both teams' players (default greedy)")
    parser.add_argument("--heavy", default=HEAVY, help=f"the heavy-WE team (default {HEAVY})")
    parser.add_argument("--light", default=LIGHT, help=f"the light-WE team (default {LIGHT})")
    parser.add_argument("--out", type=Path, default=Path("reports/meta-we-balance.md"),
                        help="the Markdown report (default reports/meta-we-balance.md)")
    args = parser.parse_args(argv)
    if args.n < 2:
        parser.error("-n must be at least 2 (one game in each seating)")
    from rich.console import Console

    catalog = load_catalog()
    heavy, light = parse_team("heavy", args.heavy), parse_team("light", args.light)
    heavy_we, light_we = we_of(catalog, heavy), we_of(catalog, light)
    start = time.perf_counter()
    rows = run(catalog, heavy, light, args.n, args.seed, args.turn_cap, args.players, args.jobs or cores())
    seconds = time.perf_counter() - start
    text = markdown(rows, heavy, light, heavy_we, light_we, args.n, args.seed, args.turn_cap, args.players, seconds)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    Console(width=200).print(table(rows, f"heavy {args.heavy} (WE {heavy_we}) v light {args.light} (WE {light_we})"))
    print(f"wrote {args.out} ({seconds:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
