"""Referee throughput on the path users run, side by side with RLCard's UNO.

For every ordered pairing of the games the catalog lists (the 16 pairings of the four seed games, those with
modules of their own, first; then the pairings with a game played from its data), it times the code behind
`amalogs match A B -n N --jobs 1`: the runner's ``run_batch`` with the command's random players (or greedy
ones with ``--players greedy``), start-up excluded. Right after each pairing it times RLCard's UNO driven by a
plain ``env.step`` loop with ``RandomAgent.step`` (counting env steps; not ``env.run``, which adds
``eval_step``), so the ratio compares like with like on this machine. Goal: at least 2× UNO's decisions/s
for every pairing of the four seed games.

RLCard is not a dependency of amalogs: `pip install rlcard` to include the comparison.

    python benchmarks/referee.py                # 200 matches per pairing, 5 rounds
    python benchmarks/referee.py --matches 500 --rounds 5 --players greedy

A shared machine's speed drifts by tens of percent from one second to the next, so the figures are taken in
rounds: in each round every pairing is timed and UNO right after it; the ratio shown is the median of a
pairing's rounds (drift between two neighbouring timings mostly cancels), the speeds the best round's.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from statistics import median

import amalogs.referee.games  # noqa: F401  (registers the games with modules of their own: MODULES is filled)
from amalogs.catalog import Catalog, load_catalog
from amalogs.referee.engine.registry import MODULES
from amalogs.referee.sessions.runner import Side, resolve_side, run_batch

SEED_GAMES = 4  # the pairings of the first four (the seed games, with modules) carry the goal


def pairings(matches: int, players: tuple[str, str]) -> dict[str, Callable[[], tuple[float, float]]]:
    """For every ordered pairing, a function that plays ``matches`` seeded matches the way `amalogs match -n`
    does and returns (matches/s, decisions/s)."""
    catalog = load_catalog()
    games = list(catalog.games.values())
    ordered = sorted(((a, b) for a in games for b in games), key=lambda ab: (ab[0].id not in MODULES
                                                                             or ab[1].id not in MODULES))
    out = {}
    for a, b in ordered:  # the seed games' pairings first (SEED_GAMES² of them), then the rest
        sides = (resolve_side(catalog, a.id), resolve_side(catalog, b.id))
        out[f"{a.page.abbreviation} vs {b.page.abbreviation}"] = partial(_play, catalog, sides, matches, players)
    return out


def _play(catalog: Catalog, sides: tuple[Side, Side], matches: int, players: tuple[str, str]) -> tuple[float, float]:
    start = time.perf_counter()
    summary = run_batch(catalog, sides, 1, players, matches, jobs=1)
    seconds = time.perf_counter() - start
    return matches / seconds, summary.decisions / seconds


def rlcard_uno(seconds: float) -> float | None:
    """UNO with random agents for about ``seconds``: env steps per second (a plain ``env.step`` loop)."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 0})
    agents = [RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)]
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, player = env.reset()
        while not env.is_over():
            state, player = env.step(agents[player].step(state))
            steps += 1
    return steps / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", choices=("random", "greedy"), default="random")
    opts = parser.parse_args()
    rows: dict[str, tuple[float, float]] = {}
    ratios: dict[str, list[float]] = {}
    uno: float | None = None
    runs = pairings(opts.matches, (opts.players, opts.players))
    for _ in range(opts.rounds):
        for pairing, run in runs.items():
            mps, dps = run()
            best = rows.get(pairing, (0.0, 0.0))
            rows[pairing] = (max(best[0], mps), max(best[1], dps))
            measured = rlcard_uno(min(max(opts.matches / mps, 0.3), 3.0))  # about as long as the pairing took
            if measured is not None:
                uno = max(uno or 0.0, measured)
                ratios.setdefault(pairing, []).append(dps / measured)
    print(f"`amalogs match A B -n {opts.matches} --jobs 1` with {opts.players} players, best of {opts.rounds} rounds")
    for pairing, (mps, dps) in rows.items():
        ratio = f"   {median(ratios[pairing]):.1f}× RLCard UNO (median of {opts.rounds})" if uno else ""
        print(f"{pairing:<12} {mps:8.1f} matches/s {dps:10,.0f} decisions/s{ratio}")
    if uno:
        seed = list(rows)[: SEED_GAMES * SEED_GAMES]
        low = min(seed, key=lambda p: median(ratios[p]))
        print(f"RLCard UNO (plain env.step loop, random agents): {uno:,.0f} steps/s (best); lowest of the seed "
              f"games' pairings: {low} {median(ratios[low]):.1f}× (goal ≥ 2×)")
    else:
        print("RLCard is not installed (pip install rlcard) — no comparison")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
