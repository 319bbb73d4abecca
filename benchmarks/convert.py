"""Card conversion throughput (goal: a batch of 10,000 conversions in under 1 s).

Cycles through every shipped card and converts each into the next game in turn
(native → canonical → native, with the fidelity report), and prints cards per second.

    python benchmarks/convert.py              # 10,000 cards, best of 3
    python benchmarks/convert.py --cards 50000 --repeat 5
"""

from __future__ import annotations

import argparse
import itertools
import time

from amalogs.catalog import load_catalog
from amalogs.convert import convert_card

GOAL_SECONDS = 1.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    opts = parser.parse_args()
    catalog = load_catalog()
    games = list(catalog.games.values())
    pairs = [(card, source, target) for source in games for card in catalog.cards(source.id).values()
             for target in games if target is not source]
    batch = list(itertools.islice(itertools.cycle(pairs), opts.cards))
    times = []
    for _ in range(opts.repeat):
        start = time.perf_counter()
        for card, source, target in batch:
            convert_card(card, source, target)
        times.append(time.perf_counter() - start)
    best = min(times)
    print(f"{len(batch)} conversions over {len(pairs)} distinct (card, source, target) triples")
    print(f"best of {opts.repeat}: {best:.3f} s = {len(batch) / best:,.0f} cards/s   goal < {GOAL_SECONDS} s: "
          f"{'met' if best < GOAL_SECONDS else 'MISSED'}")
    return 0 if best < GOAL_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
