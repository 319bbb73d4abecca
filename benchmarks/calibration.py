"""The calibration's two slow figures, what the full run of the calibration tests makes
(``python -m pytest tests/test_similarity_calibration.py --full``), each against its anchor:

- leave-one-out (one fit per judged pair) against a fresh fit for each held-out pair (``fit_weights`` on the
  pairs left, as ``leave_one_out`` made them before it ranked each weighting's pairs once for a chunk of
  held-out pairs);
- ``choose_setting`` over the four settings of one floor against ``leave_one_game_out`` with each (as
  ``choose_setting`` made them before the settings of one floor shared their ranking), over the pairs of the
  first ``--games`` games of the set (each held out in turn), so that one alternation takes seconds.

Both sides fit the same held-out pairs of the reference set (the shipped games, バトルスピリッツ and
tests/data/reference-games, judged by every ``similarity-judgements*.toml``), in alternation, ``--repeat``
times; the benchmark prints each side's median time per held-out pair, the median ratio, the whole run's time
that follows for every pair, and checks that both sides give the same weights to the last bit.

    python benchmarks/calibration.py
    python benchmarks/calibration.py --held 32 --games 24 --repeat 5
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import numpy as np

from amalogs.catalog import load_catalog
from amalogs.compare.calibration import (
    CHOSEN,
    SETTINGS,
    FitSetting,
    Judgements,
    choose_setting,
    fit_weights,
    leave_one_game_out,
    leave_one_out,
    load_judgements,
    measured,
    weight_grid,
)

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--held", type=int, default=16, help="held-out pairs each side fits (spread over the set)")
    parser.add_argument("--games", type=int, default=18, help="games whose pairs the choice of setting is timed on")
    parser.add_argument("--repeat", type=int, default=3, help="alternations of the two sides")
    args = parser.parse_args()
    catalog = load_catalog([DATA / "user-root", DATA / "reference-games"])
    judgements = load_judgements(*sorted(DATA.glob("similarity-judgements*.toml")))
    distances, scores = measured(catalog, judgements)
    pairs = [(j.a, j.b) for j in judgements.pair]
    held = sorted({round(k * (len(pairs) - 1) / max(args.held - 1, 1)) for k in range(args.held)})
    grid = weight_grid(distances.shape[1], floor=CHOSEN.floor)

    def anchor() -> list[list[float]]:
        found = []
        for k in held:
            left = np.arange(len(pairs)) != k
            found.append(list(fit_weights(distances[left], scores[left], [p for m, p in enumerate(pairs) if m != k],
                                          grid, CHOSEN.tolerance)))
        return found

    def user_path() -> list[list[float]]:
        return [list(w.values()) for w in leave_one_out(catalog, judgements, held=held).weights]

    times: dict[str, list[float]] = {"leave_one_out": [], "anchor": []}
    ratios = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        ours = user_path()
        times["leave_one_out"].append(time.perf_counter() - start)
        start = time.perf_counter()
        theirs = anchor()
        times["anchor"].append(time.perf_counter() - start)
        if ours != theirs:
            raise SystemExit("leave_one_out's weights differ from a fresh fit's")
        ratios.append(times["leave_one_out"][-1] / times["anchor"][-1])
    n = len(held)
    print(f"{len(catalog.games)} games, {len(pairs)} judged pairs, {len(grid)} weightings; {n} held-out pairs, "
          f"{args.repeat} alternations; the same weights on both sides")
    for side, seconds in times.items():
        per = statistics.median(seconds) / n
        print(f"  {side:13} {per:6.2f} s a held-out pair (every pair: {per * len(pairs) / 60:5.1f} minutes)")
    print(f"  median ratio leave_one_out / anchor: {statistics.median(ratios):.2f}")

    some = set(sorted({g for p in pairs for g in p})[:args.games])
    subset = Judgements(pair=tuple(j for j in judgements.pair if {j.a, j.b} <= some))
    found = measured(catalog, subset)
    settings = [s for s in SETTINGS if s.floor == CHOSEN.floor]
    choose_times: dict[str, list[float]] = {"choose_setting": [], "anchor": []}
    ratios = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        chosen = dict(choose_setting(catalog, subset, settings))
        choose_times["choose_setting"].append(time.perf_counter() - start)
        start = time.perf_counter()
        each: dict[FitSetting, float] = {s: leave_one_game_out(catalog, subset, s, found).rho for s in settings}
        choose_times["anchor"].append(time.perf_counter() - start)
        if chosen != each:
            raise SystemExit("choose_setting's rhos differ from leave_one_game_out's")
        ratios.append(choose_times["choose_setting"][-1] / choose_times["anchor"][-1])
    print(f"the {len(settings)} settings of floor {CHOSEN.floor}, held out by game over {len(some)} games "
          f"({len(subset.pair)} pairs): the same rhos on both sides")
    for side, seconds in choose_times.items():
        print(f"  {side:14} {statistics.median(seconds):6.2f} s")
    print(f"  median ratio choose_setting / anchor: {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
