"""A soak of random meta-games: N games (default 1,000) of random teams and random decisions, the referee's
invariants checked after every core action and the board's after every meta decision; prints games/s and every
problem (exit 1 if any). The tests run a small sample of the same soak (``tests/test_meta.py``).

    python benchmarks/meta_soak.py                 # 1,000 games, seeds 0 … 999, 24 meta turns each at most
    python benchmarks/meta_soak.py -n 50 --seed 1000 --turn-cap 60
"""

from __future__ import annotations

import argparse
import sys

from amalogs.catalog import load_catalog
from amalogs.meta.soak import soak


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=1000, help="games to play (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--turn-cap", type=int, default=24, help="meta turns a game at most (default 24)")
    args = parser.parse_args(argv)
    catalog = load_catalog()

    def progress(done: int) -> None:
        if done % 50 == 0:
            print(f"  {done:,} games", file=sys.stderr, flush=True)

    result = soak(catalog, args.n, args.seed, args.turn_cap, progress=progress)
    endings = ", ".join(f"{'draw' if w is None else f'team {w + 1}'}: {c}" for w, c in
                        sorted(result.endings.items(), key=lambda item: -1 if item[0] is None else item[0]))
    print(f"{result.games:,} meta-games, {result.decisions:,} decisions in {result.seconds:.1f} s: "
          f"{result.rate:.1f} games/s ({endings})")
    for problem in result.problems:
        print(f"PROBLEM {problem}")
    print(f"{len(result.problems)} problems")
    return 1 if result.problems else 0


if __name__ == "__main__":
    sys.exit(main())
