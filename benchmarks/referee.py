"""Referee throughput: random-against-random matches per pairing, side by side with RLCard's UNO.

For every ordered pairing of the games the referee supports, plays seeded random matches (event logging
off) and reports full matches per second and decisions per second. In the same run it drives RLCard's
UNO environment (a pure-Python card-game engine) with its random agents and reports its decisions per
second, so the ratio compares like with like on this machine. Goal: at least 2× RLCard's decisions/s.

RLCard is not a dependency of amalogs: `pip install rlcard` to include the comparison.

    python benchmarks/referee.py                # 200 matches per pairing, 5 rounds
    python benchmarks/referee.py --matches 500 --rounds 5

A shared machine's speed drifts by tens of percent from one second to the next, so the figures are taken
in rounds: in each round every pairing is timed and RLCard is timed right after it, and the ratio is the
pairing's decisions/s over RLCard's measured next to it. The speeds shown are the best round's; the ratio
shown is the median of a pairing's rounds (drift between two neighbouring timings mostly cancels).
"""

from __future__ import annotations

import argparse
import random
import time

from collections.abc import Callable
from functools import partial
from statistics import median

from amalogs.catalog import Catalog, Game, load_catalog
from amalogs.referee import Match, RandomPlayer
from amalogs.referee.engine.registry import MODULES


def pairings(matches: int) -> dict[str, Callable[[], tuple[float, float]]]:
    """For every ordered pairing, a function that plays ``matches`` seeded random matches and returns
    (matches/s, decisions/s)."""
    catalog = load_catalog()
    games = list(catalog.games.values())  # the four with modules first, then those played from their data
    games.sort(key=lambda g: g.id not in MODULES)
    out = {}
    for a in games:
        for b in games:
            out[f"{a.page.abbreviation} vs {b.page.abbreviation}"] = partial(_play, catalog, a, b, matches)
    return out


def _play(catalog: Catalog, a: Game, b: Game, matches: int) -> tuple[float, float]:
    decks_a, decks_b = list(catalog.decks(a.id).values()), list(catalog.decks(b.id).values())
    decisions = 0
    start = time.perf_counter()
    for seed in range(matches):
        m = Match.new(catalog, [(a, decks_a[seed % len(decks_a)][0]), (b, decks_b[seed % len(decks_b)][0])],
                      seed, log_events=False)
        rng, player = random.Random(seed), RandomPlayer()
        while not m.is_terminal():
            m.apply_action(player.choose({}, m.legal_actions(), rng))
            decisions += 1
    seconds = time.perf_counter() - start
    return matches / seconds, decisions / seconds


def rlcard_uno(games: int) -> float | None:
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        trajectories, _ = env.run(is_training=False)
        decisions += sum((len(t) - 1) // 2 for t in trajectories)
    return decisions / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    opts = parser.parse_args()
    rows: dict[str, tuple[float, float]] = {}
    ratios: dict[str, list[float]] = {}
    uno: float | None = None
    runs = pairings(opts.matches)
    uno_games = max(opts.matches // 2, 20)
    for _ in range(opts.rounds):
        for pairing, run in runs.items():
            mps, dps = run()
            best = rows.get(pairing, (0.0, 0.0))
            rows[pairing] = (max(best[0], mps), max(best[1], dps))
            measured = rlcard_uno(uno_games)
            if measured is not None:
                uno = max(uno or 0.0, measured)
                ratios.setdefault(pairing, []).append(dps / measured)
    for pairing, (mps, dps) in rows.items():
        ratio = f"   {median(ratios[pairing]):.1f}× RLCard UNO (median of {opts.rounds})" if uno else ""
        print(f"{pairing:<10} {mps:8.1f} matches/s {dps:10,.0f} decisions/s{ratio}")
    if uno:
        slowest = min(rows, key=lambda p: rows[p][1])
        print(f"RLCard UNO (random agents): {uno:,.0f} decisions/s (best); slowest pairing {slowest}: "
              f"{median(ratios[slowest]):.1f}× (goal ≥ 2×); lowest pairing ratio "
              f"{min(median(r) for r in ratios.values()):.1f}×")
    else:
        print("RLCard is not installed (pip install rlcard) — no comparison")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
