"""Referee throughput: random-against-random matches per pairing, side by side with RLCard's UNO.

For every ordered pairing of the games the referee supports, plays seeded random matches (event logging
off) and reports full matches per second and decisions per second. In the same run it drives RLCard's
UNO environment (a pure-Python card-game engine) with its random agents and reports its decisions per
second, so the ratio compares like with like on this machine. Goal: at least 2× RLCard's decisions/s.

RLCard is not a dependency of amalogs: `pip install rlcard` to include the comparison.

    python benchmarks/referee.py                # 200 matches per pairing, best of 3 rounds
    python benchmarks/referee.py --matches 500 --rounds 5

Each figure is the best of several rounds, taken alternately for the referee and for RLCard, because a
shared machine's speed drifts by tens of percent from one second to the next.
"""

from __future__ import annotations

import argparse
import random
import time

from amalogs.catalog import load_catalog
from amalogs.referee import Match, RandomPlayer
from amalogs.referee.match import MODULES


def referee(matches: int) -> dict[str, tuple[float, float]]:
    catalog = load_catalog()
    games = [catalog.game(g) for g in MODULES]
    results = {}
    for a in games:
        for b in games:
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
            results[f"{a.page.abbreviation} vs {b.page.abbreviation}"] = (matches / seconds, decisions / seconds)
    return results


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
    parser.add_argument("--rounds", type=int, default=3)
    opts = parser.parse_args()
    rows: dict[str, tuple[float, float]] = {}
    uno: float | None = None
    for _ in range(opts.rounds):
        for pairing, (mps, dps) in referee(opts.matches).items():
            best = rows.get(pairing, (0.0, 0.0))
            rows[pairing] = (max(best[0], mps), max(best[1], dps))
        measured = rlcard_uno(opts.matches)
        if measured is not None:
            uno = max(uno or 0.0, measured)
    for pairing, (mps, dps) in rows.items():
        ratio = f"   {dps / uno:.1f}× RLCard UNO" if uno else ""
        print(f"{pairing:<10} {mps:8.1f} matches/s {dps:10,.0f} decisions/s{ratio}")
    if uno:
        slowest = min(dps for _, dps in rows.values())
        print(f"RLCard UNO (random agents): {uno:,.0f} decisions/s; slowest pairing {slowest / uno:.1f}× (goal ≥ 2×)")
    else:
        print("RLCard is not installed (pip install rlcard) — no comparison")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
