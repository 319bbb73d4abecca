"""Similarity at scale (goal: 100 synthetic game profiles, all pairwise similarities, under 2 s).

Makes 100 valid games by varying the shipped ones (dropping and renaming native keywords, zones and
phases, changing systems and WE-relevant facts), then times signature extraction plus the full matrix.

    python benchmarks/similarity.py
    python benchmarks/similarity.py --games 200 --seed 7
"""

from __future__ import annotations

import argparse
import random
import time

from amalogs.catalog import Game, load_catalog
from amalogs.compare.similarity import matrix

GOAL_SECONDS = 2.0


def synthetic(base: Game, rng: random.Random, n: int) -> Game:
    """A variation of a game: some mapped keywords, colours and phases dropped; keyword rules shuffled."""
    page, profile = base.page, base.profile
    keep = lambda items: tuple(x for x in items if rng.random() > 0.3) or items[:1]  # noqa: E731
    phases = keep(profile.turn.phases)
    turn = profile.turn.model_copy(update={"phases": phases})
    new_page = page.model_copy(update={
        "unified_keywords": keep(page.unified_keywords),
        "colours": keep(page.colours),
        "status": keep(page.status),
        "spell_speeds": keep(page.spell_speeds),
    })
    new_profile = profile.model_copy(update={"id": f"{profile.id}-{n}", "turn": turn})
    return Game(new_profile, new_page, base.profile_file, base.page_file)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    opts = parser.parse_args()
    catalog = load_catalog()
    rng = random.Random(opts.seed)
    shipped = list(catalog.games.values())
    games = [synthetic(rng.choice(shipped), rng, i) for i in range(opts.games)]
    start = time.perf_counter()
    m = matrix(games, catalog.ontology)
    seconds = time.perf_counter() - start
    pairs = opts.games * (opts.games - 1) // 2
    assert all(abs(m[i][j].similarity - m[j][i].similarity) < 1e-12 for i in range(len(m)) for j in range(len(m)))
    print(f"{opts.games} games, {pairs} pairs: {seconds:.3f} s   goal < {GOAL_SECONDS} s: "
          f"{'met' if seconds < GOAL_SECONDS else 'MISSED'}")
    return 0 if seconds < GOAL_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
