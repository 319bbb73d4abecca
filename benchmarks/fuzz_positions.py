"""A long soak of the position fuzz test: many mutated position files (the mutations of
tests/test_positions_fuzz.py), each loaded and played on for 20 random actions with the referee's invariants
checked; prints every case that raised anything but a one-line refusal, or took over a second.

    python benchmarks/fuzz_positions.py                 # seeds 0 … 9,999
    python benchmarks/fuzz_positions.py --start 10000 --count 50000

CI runs a sample of the same mutations (tests/test_positions_fuzz.py); this is the soak.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from amalogs.catalog import load_catalog  # noqa: E402
from amalogs.errors import AmalogsError  # noqa: E402
from amalogs.referee import Match  # noqa: E402
from amalogs.referee.engine.invariants import invariant_problems  # noqa: E402
from tests import test_positions_fuzz as fuzz  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--count", type=int, default=10_000)
    args = parser.parse_args()
    catalog = load_catalog()
    bases = fuzz._bases(catalog)
    card_ids = [c for g in catalog.games for c in list(catalog.cards(g))[:6]]
    bad = slow = loaded = 0
    for seed in range(args.start, args.start + args.count):
        rng = random.Random(seed)
        data = fuzz._mutate(rng.choice(bases), rng, card_ids)
        began = time.perf_counter()
        try:
            match = Match.from_position(catalog, data, "fuzz.toml")
            loaded += 1
            problems = invariant_problems(match)
            for _ in range(20):
                if problems or match.is_terminal():
                    break
                match.apply_action(rng.choice(match.legal_actions()))
                problems = invariant_problems(match)
            if problems:
                bad += 1
                print(f"seed {seed}: invariant broken: {problems[0]}")
        except AmalogsError as exc:
            if "\n" in str(exc):
                bad += 1
                print(f"seed {seed}: a refusal of more than one line")
        except Exception as exc:  # the soak's purpose: anything else is a bug
            bad += 1
            print(f"seed {seed}: {type(exc).__name__}: {str(exc)[:120]}")
        if time.perf_counter() - began > 1:
            slow += 1
            print(f"seed {seed}: took {time.perf_counter() - began:.1f} s")
    print(f"{args.count} mutated positions: {loaded} loaded and played on, {bad} problems, {slow} over 1 s")


if __name__ == "__main__":
    main()
