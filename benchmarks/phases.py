"""Where a pairing's decisions spend their time, by decision step: for seeded matches of random players, the time
of each step's menu (``legal_actions``) and of carrying out the decision (``apply_action``, with every automatic
step up to the next decision), per decision, and the five costliest step-and-verb pairs. A profile of the match
path `amalogs match` runs, for finding what to make faster; `benchmarks/referee.py` gives the figure against UNO.

    python benchmarks/phases.py PK MTG            # 300 matches
    python benchmarks/phases.py Z/X Z/X -n 500

The main step is split by the deciding seat's game (``main/PK``), since each game builds its own menu.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import amalogs.referee.games  # noqa: F401  (registers the games with modules of their own)
from amalogs.catalog import load_catalog
from amalogs.referee.sessions.saves import Session
from amalogs.referee.sessions.sides import resolve_side


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("-n", type=int, default=300, help="matches (seeds 0 … n−1)")
    args = parser.parse_args()
    catalog = load_catalog()
    sides = (resolve_side(catalog, args.a), resolve_side(catalog, args.b))
    abbreviation = {g.id: g.page.abbreviation for g in catalog.games.values()}
    menu, carried, count, sizes, verbs, verb_count = (Counter[str]() for _ in range(6))
    clock = time.perf_counter
    for seed in range(args.n):
        session = Session(catalog, sides, seed, ("random", "random"), 60, False)
        match, state = session.match, session.match.state
        while not state.finished:
            me = state.decider
            assert me is not None
            step = state.phase if state.phase != "main" else f"main/{abbreviation[state.seats[me].game]}"
            start = clock()
            legal = match.legal_actions()
            listed = clock()
            action = session.agents[me].choose({}, legal, session.rngs[me])
            chosen = clock()
            match.apply_action(action)
            done = clock()
            menu[step] += listed - start
            carried[step] += done - chosen
            count[step] += 1
            sizes[step] += len(legal)
            verbs[f"{step}: {action.verb}"] += done - chosen
            verb_count[f"{step}: {action.verb}"] += 1
    total = sum(menu.values()) + sum(carried.values())
    decisions = sum(count.values())
    print(f"{args.a} vs {args.b}, {args.n} matches, {decisions:,} decisions, {decisions / total:,.0f} decisions/s "
          "(menus and decisions only)")
    print(f"{'step':16} {'share':>6} {'decisions':>10} {'menu µs':>8} {'decision µs':>12} {'menu size':>10}")
    for step in sorted(count, key=lambda s: -(menu[s] + carried[s])):
        n = count[step]
        print(f"{step:16} {100 * (menu[step] + carried[step]) / total:5.1f}% {n:10,} {1e6 * menu[step] / n:8.1f} "
              f"{1e6 * carried[step] / n:12.1f} {sizes[step] / n:10.1f}")
    print("costliest decisions carried out:")
    for key, seconds in verbs.most_common(5):
        print(f"  {key:28} {100 * seconds / total:5.1f}%  {1e6 * seconds / verb_count[key]:6.1f} µs each")


if __name__ == "__main__":
    main()
