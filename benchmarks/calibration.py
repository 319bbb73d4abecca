"""The calibration's two slow figures, what the full run of the calibration tests makes
(``python -m pytest tests/test_similarity_calibration.py --full``), each against its anchor: the same fits with
every set of pairs left ranked afresh by ``scipy.stats.rankdata`` (how the fit ranked them before it sorted each
weighting's pairs once and read every held-out set's ranks off that sort).

- leave-one-out (one fit per judged pair, ``leave_one_out``) against a fresh ranking of the pairs left for each
  held-out pair;
- leave-one-game-out (``leave_one_game_out``, one fit per game with all its pairs held out) against a fresh
  ranking of the pairs left for each held-out game, over the pairs of the first ``--games`` games of the set.

Both sides fit the same held-out pairs of the reference set (the shipped games, バトルスピリッツ and
tests/data/reference-games, judged by every ``similarity-judgements*.toml``) with :data:`CHOSEN`'s setting, in
alternation, ``--repeat`` times; the benchmark prints each side's median time, the median ratio, and checks that
both sides give the same weights to the last bit. Leave-one-out's time hardly grows with the held-out pairs (one
sort serves up to ``_HELD_AT_ONCE`` of them), while the anchor's grows with each: the ratio is for ``--held`` pairs,
and the whole run is timed by the calibration tests' full run.

    python benchmarks/calibration.py
    python benchmarks/calibration.py --held 32 --games 24 --repeat 5
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from numpy.typing import NDArray
from scipy.stats import rankdata

from amalogs.catalog import load_catalog
from amalogs.compare.calibration import (
    _HELD_AT_ONCE,
    CHOSEN,
    Judgements,
    _plateau,
    leave_one_game_out,
    leave_one_out,
    load_judgements,
    measured,
    weight_grid,
)

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"


def afresh(distances: NDArray[np.float64], scores: NDArray[np.float64], grid: NDArray[np.float64]) -> NDArray[np.float64]:
    """The anchor's rhos: each weighting's pairs ranked by rankdata, in blocks of 1,024 weightings."""
    judged = rankdata(scores)
    judged = judged - judged.mean()
    judged_spread = float((judged**2).sum())
    found = np.empty(len(grid))
    for start in range(0, len(grid), 1024):
        ranks = rankdata(1.0 - grid[start:start + 1024] @ distances.T, axis=1)
        ranks = ranks - ranks.mean(axis=1, keepdims=True)
        spread = np.sqrt((ranks**2).sum(axis=1) * judged_spread)
        with np.errstate(invalid="ignore", divide="ignore"):
            found[start:start + 1024] = np.where(spread > 0, (ranks @ judged) / spread, -1.0)
    return found


def fits_afresh(distances: NDArray[np.float64], scores: NDArray[np.float64], pairs: Sequence[tuple[str, str]],
                grid: NDArray[np.float64], keeps: Sequence[NDArray[np.bool_]]) -> list[list[float]]:
    """The anchor: for each mask, the weights fitted on the pairs it keeps, ranked afresh."""
    out = []
    for keep in keeps:
        left = [p for p, k in zip(pairs, keep, strict=True) if k]
        rho = afresh(distances[keep], scores[keep], grid)
        out.append(list(_plateau(grid, rho, distances[keep], scores[keep], left, CHOSEN.tolerance)))
    return out


def alternate(repeat: int, ours: Callable[[], list[list[float]]], anchor: Callable[[], list[list[float]]],
              what: str) -> tuple[list[float], list[float], list[float]]:
    """Both sides in turn, ``repeat`` times: their times and ratios; stops if their weights differ."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeat):
        found = []
        for side, run in enumerate((ours, anchor)):
            start = time.perf_counter()
            found.append(run())
            times[side].append(time.perf_counter() - start)
        if found[0] != found[1]:
            raise SystemExit(f"{what}'s weights differ from fits ranked afresh")
    return times[0], times[1], [a / b for a, b in zip(*times, strict=True)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--held", type=int, default=16, help="held-out pairs each side fits (spread over the set)")
    parser.add_argument("--games", type=int, default=18, help="games held out in turn, of the pairs among them")
    parser.add_argument("--repeat", type=int, default=3, help="alternations of the two sides")
    args = parser.parse_args()
    catalog = load_catalog([DATA / "user-root", DATA / "reference-games"])
    judgements = load_judgements(*sorted(DATA.glob("similarity-judgements*.toml")))
    distances, scores = measured(catalog, judgements)
    pairs = [(j.a, j.b) for j in judgements.pair]
    held = sorted({round(k * (len(pairs) - 1) / max(args.held - 1, 1)) for k in range(args.held)})
    grid = weight_grid(distances.shape[1], floor=CHOSEN.floor)

    ours, anchor, ratios = alternate(
        args.repeat, lambda: [list(w.values()) for w in leave_one_out(catalog, judgements, held=held).weights],
        lambda: fits_afresh(distances, scores, pairs, grid, [np.arange(len(pairs)) != k for k in held]),
        "leave_one_out")
    n = len(held)
    print(f"{len(catalog.games)} games, {len(pairs)} judged pairs, {len(grid)} weightings; {n} held-out pairs, "
          f"{args.repeat} alternations; the same weights on both sides")
    per = statistics.median(anchor) / n
    print(f"  leave_one_out {statistics.median(ours):6.2f} s for the {n} (one sort of the grid serves up to "
          f"{_HELD_AT_ONCE} held-out pairs: every pair takes about {-(-len(pairs) // _HELD_AT_ONCE)} such passes)")
    print(f"  anchor        {statistics.median(anchor):6.2f} s for the {n}, {per:.2f} s a held-out pair "
          f"(every pair: {per * len(pairs) / 60:.0f} minutes)")
    print(f"  median ratio leave_one_out / anchor: {statistics.median(ratios):.2f}")

    some = sorted({g for p in pairs for g in p})[:args.games]
    subset = Judgements(pair=tuple(j for j in judgements.pair if {j.a, j.b} <= set(some)))
    found = measured(catalog, subset)
    sub_pairs = [(j.a, j.b) for j in subset.pair]
    ours, anchor, ratios = alternate(
        args.repeat, lambda: [list(w.values()) for w in leave_one_game_out(catalog, subset, found=found).weights.values()],
        lambda: fits_afresh(*found, sub_pairs, grid, [np.array([g not in p for p in sub_pairs]) for g in some]),
        "leave_one_game_out")
    print(f"leave-one-game-out over {len(some)} games ({len(subset.pair)} pairs): the same weights on both sides")
    for side, seconds in (("leave_one_game_out", ours), ("anchor", anchor)):
        print(f"  {side:18} {statistics.median(seconds):6.2f} s ({statistics.median(seconds) / len(some):5.2f} s a game)")
    print(f"  median ratio leave_one_game_out / anchor: {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
