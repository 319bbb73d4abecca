"""How strong the search player is: search against greedy in mirror matches, game by game.

Each game plays its first sample deck against itself (a mirror: the same game and deck on both sides), one
side the search player and the other the greedy player, N seeded matches per game with the seats swapped
from one seed to the next (the search player sits first on even seeds, second on odd ones), as `amalogs match
GAME GAME --p1 search --p2 greedy --seed K` would play them. For every game it prints the search player's
wins, losses and draws, its win rate with the Wilson 95 % interval, and the time it takes: CPU seconds per
searched decision (a decision with more than one legal action) and per match. The goal: the search player
wins a majority of the matches at its default budget in every game.

    python benchmarks/search_strength.py                      # the four seed games, 40 matches each, search
    python benchmarks/search_strength.py --games all -n 40    # every shipped game
    python benchmarks/search_strength.py --player search:128 --games BD,BJ -n 100 --jobs 4
"""

from __future__ import annotations

import argparse
import math
import os
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from amalogs.catalog import load_catalog
from amalogs.referee.players import reads_match
from amalogs.referee.sessions.saves import Session
from amalogs.referee.sessions.sides import resolve_side

SEED_GAMES = ("BD", "GH", "SGK", "BJ")
ALL_GAMES = (*SEED_GAMES, "MTG", "VG", "Z/X")


@dataclass(frozen=True)
class Played:
    """One mirror match, as the search player saw it."""

    game: str
    seed: int
    result: float  # 1 a win of the search player, 0 a loss, 0.5 a draw
    searched: int  # its decisions with more than one legal action
    search_seconds: float  # CPU seconds spent in those decisions
    match_seconds: float  # CPU seconds for the whole match (both players and the referee)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95 % by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(game: str, seed: int, player: str, opponent: str, turn_cap: int) -> Played:
    """One match: the search player in seat ``seed % 2``, the opponent in the other."""
    catalog = load_catalog()
    side = resolve_side(catalog, game)
    seat = seed % 2
    players = (player, opponent) if seat == 0 else (opponent, player)
    start = time.process_time()
    session = Session(catalog, (side, side), seed, players, turn_cap, log_events=False)
    agent = session.agents[seat]
    spent, searched = 0.0, 0
    while not session.finished:
        me = session.match.current_player()
        if me == seat and reads_match(agent) and len(session.match.legal_actions()) > 1:
            began = time.process_time()
            session.step()
            spent += time.process_time() - began
            searched += 1
        else:
            session.step()
    outcome = session.match.outcome
    assert outcome is not None
    result = 0.5 if outcome.winner is None else float(outcome.winner == seat)
    return Played(game, seed, result, searched, spent, time.process_time() - start)


def _play(args: tuple[str, int, str, str, int]) -> Played:
    return play(*args)


def report(game: str, rows: Sequence[Played]) -> str:
    n = len(rows)
    wins = sum(r.result == 1.0 for r in rows)
    draws = sum(r.result == 0.5 for r in rows)
    low, high = wilson(wins, n)
    decisions = sum(r.searched for r in rows)
    per_decision = sum(r.search_seconds for r in rows) / max(decisions, 1)
    per_match = sum(r.match_seconds for r in rows) / max(n, 1)
    verdict = "majority" if wins * 2 > n else "NO majority"
    return (f"{game:<4} {wins:>3} won {n - wins - draws:>3} lost {draws:>2} drawn of {n:<3}  win rate {wins / n:5.1%} "
            f"[{low:5.1%}, {high:5.1%}]  {verdict:<11}  {per_decision * 1000:6.1f} ms/decision  "
            f"{decisions / n:5.1f} decisions/match  {per_match:6.2f} s/match")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(SEED_GAMES), help="comma-separated games, or 'all'")
    parser.add_argument("-n", type=int, default=40, help="matches per game (seeds SEED … SEED+N−1)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--player", default="search", help="the player measured (default: search)")
    parser.add_argument("--opponent", default="greedy", help="its opponent (default: greedy)")
    parser.add_argument("--turn-cap", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: every core)")
    args = parser.parse_args(argv)
    games = ALL_GAMES if args.games == "all" else tuple(g.strip() for g in args.games.split(","))
    print(f"{args.player} against {args.opponent}, mirror matches, {args.n} per game, seeds {args.seed}…"
          f"{args.seed + args.n - 1}, seats swapped (CPU time)", flush=True)
    every: list[Played] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for game in games:
            jobs = [(game, args.seed + k, args.player, args.opponent, args.turn_cap) for k in range(args.n)]
            rows = list(pool.map(_play, jobs))
            every += rows
            print(report(game, rows), flush=True)
    if len(games) > 1:
        print(report("all", every))


if __name__ == "__main__":
    main()
