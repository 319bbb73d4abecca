"""Card conversion throughput on the path `amalogs convert` runs (goal: 10,000 conversions in under 1 s).

Cycles through every shipped card converted into every other game, as `amalogs convert GAME:ID --to
TARGET` does once start-up is over: native → canonical → native with the fidelity report, and
the validated target card built (``Conversion.card``, the card the command prints and writes with ``--out``).
A conversion the target cannot hold is refused there, as the command refuses it; refusals are counted.

Two figures: the conversions with their validated cards (the goal), and, for the first ``--printed`` of
them, the same with the command's two panels (the field-by-field conversion and the target card) rendered
to text at 120 columns, which is the whole of what the command does for one card.

    python benchmarks/convert.py              # 10,000 cards (200 of them printed), best of 3
    python benchmarks/convert.py --cards 50000 --repeat 5 --printed 1000
"""

from __future__ import annotations

import argparse
import io
import itertools
import time
from collections.abc import Callable

from amalogs.catalog import Game, load_catalog
from amalogs.cli.output import make_console
from amalogs.convert import convert_card
from amalogs.errors import AmalogsError
from amalogs.models.cards import Card
from amalogs.report.cards import card_view, conversion_view

GOAL_SECONDS = 1.0

Triple = tuple[Card, Game, Game]


def convert(batch: list[Triple]) -> int:
    """What `amalogs convert` computes for each card: the conversion and its validated target card;
    returns how many were refused."""
    refused = 0
    for card, source, target in batch:
        try:
            _ = convert_card(card, source, target).card  # the validated card the command prints
        except AmalogsError:
            refused += 1
    return refused


def convert_and_print(batch: list[Triple]) -> int:
    """The same, and the two panels the command prints, rendered to text as the command renders them."""
    console = make_console(120)
    console.file = io.StringIO()
    refused = 0
    for card, source, target in batch:
        conv = convert_card(card, source, target)
        try:
            target_card = conv.card
        except AmalogsError:
            refused += 1
            continue
        console.print(conversion_view(conv, source, target))
        console.print(card_view(target, target_card))
    return refused


def best_of(repeat: int, run: Callable[[list[Triple]], int], batch: list[Triple]) -> tuple[float, int]:
    times, refused = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        refused = run(batch)
        times.append(time.perf_counter() - start)
    return min(times), refused


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--printed", type=int, default=200, help="conversions timed with the panels rendered")
    opts = parser.parse_args()
    catalog = load_catalog()
    games = list(catalog.games.values())
    pairs = [(card, source, target) for source in games for card in catalog.cards(source.id).values()
             for target in games if target is not source]
    batch = list(itertools.islice(itertools.cycle(pairs), opts.cards))
    best, refused = best_of(opts.repeat, convert, batch)
    print(f"{len(batch)} conversions over {len(pairs)} distinct (card, source, target) triples, {refused} refused")
    print(f"converted and validated, best of {opts.repeat}: {best:.3f} s = {len(batch) / best:,.0f} cards/s   "
          f"goal < {GOAL_SECONDS} s: {'met' if best < GOAL_SECONDS else 'MISSED'}")
    printed = batch[:opts.printed]
    seconds, _ = best_of(opts.repeat, convert_and_print, printed)
    print(f"converted, validated and both panels rendered ({len(printed)} cards), best of {opts.repeat}: "
          f"{seconds:.3f} s = {len(printed) / seconds:,.0f} cards/s")
    return 0 if best < GOAL_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
