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
    python benchmarks/referee.py --command      # the whole command as a process (below)
    python benchmarks/referee.py --command --only seed   # … the 16 pairings of the seed games only (or: data)
    python benchmarks/referee.py --command --game PK     # … only the pairings of one game

``--command`` times what a user types, ``amalogs match A B -n N --rows F --jobs 1``, as a process of its own:
its start-up (imports, the catalog) is measured by running the same command with ``-n 1`` beside it, and
taken out by the difference — decisions/s = (decisions of N matches − decisions of 1) / (time of N − time of 1),
the decisions read from the rows file each writes. A pairing whose N matches take less than a second beyond the
``-n 1`` run plays four times as many (again, until they do), so start-up's noise cannot make the figure. UNO's ``env.step`` loop runs right after each pairing for as
long as it took, and the ratio of each round is kept; the figure is the median of the rounds. Goal: ≥ 2× UNO for
the 16 pairings of the seed games, ≥ 1.5× for the pairings with a game played from its data.

The command is the ``amalogs`` installed beside the Python that runs the benchmark, as ``pip install .`` built it:
with the referee compiled by mypyc where the build found a C compiler (``hatch_build.py``), in pure Python otherwise
or in an editable install; the report's first line is that command's ``amalogs --version``, which says which. To time
the users' path from a checkout: ``python3 -m venv /tmp/v && /tmp/v/bin/pip install ".[test]" rlcard &&
/tmp/v/bin/python benchmarks/referee.py --command``.

A shared machine's speed drifts by tens of percent from one second to the next, so the figures are taken in
rounds: in each round every pairing is timed and UNO right after it; the ratio shown is the median of a
pairing's rounds (drift between two neighbouring timings mostly cancels), the speeds the best round's.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
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


def _amalogs() -> list[str]:
    """The command a user types: the ``amalogs`` script installed beside this Python (run from a folder of its own,
    so that a checkout in the current directory cannot stand in for the installed package), else ``-m amalogs``."""
    import sys

    script = Path(sys.executable).with_name("amalogs")
    return [str(script)] if script.exists() else [sys.executable, "-m", "amalogs"]


def _command_run(a: str, b: str, n: int, players: str, rows: Path) -> tuple[float, int]:
    """``amalogs match A B -n N --rows F --jobs 1`` as a process: its wall time and the decisions its rows hold."""
    import json
    import subprocess

    rows.unlink(missing_ok=True)
    command = [*_amalogs(), "match", a, b, "-n", str(n), "--rows", str(rows), "--jobs", "1",
               "--p1", players, "--p2", players, "--seed", "1"]
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=rows.parent)
    seconds = time.perf_counter() - start
    decisions = sum(int(json.loads(line)["decisions"]) for line in rows.read_text(encoding="utf-8").splitlines())
    return seconds, decisions


def whole_command(matches: int, rounds: int, players: str, only: str = "all", game: str | None = None) -> int:
    """The ``--command`` mode (see the module docstring); ``only``: ``seed`` or ``data`` for one half of the
    pairings; ``game``: only the pairings of that game (an id, 略称 or name)."""
    import os
    import subprocess
    import tempfile

    catalog = load_catalog()
    games = list(catalog.games.values())
    ordered = sorted(((a, b) for a in games for b in games),
                     key=lambda ab: (ab[0].id not in MODULES or ab[1].id not in MODULES))
    names = [(f"{a.page.abbreviation} vs {b.page.abbreviation}", a.id, b.id, a.id in MODULES and b.id in MODULES)
             for a, b in ordered]
    if only != "all":
        names = [n for n in names if n[3] == (only == "seed")]
    if game is not None:
        wanted = catalog.game(game).id
        names = [n for n in names if wanted in (n[1], n[2])]
    ratios: dict[str, list[float]] = {}
    speeds: dict[str, float] = {}
    startups: dict[str, list[float]] = {}
    counts: dict[str, int] = {}  # the matches a pairing plays: ``matches``, or more where they end too fast
    with tempfile.TemporaryDirectory() as folder:
        rows = Path(folder) / "rows.jsonl"
        for _ in range(rounds):
            for name, a, b, _seed in names:
                t1, d1 = _command_run(a, b, 1, players, rows)
                n = counts.get(name, matches)
                tn, dn = _command_run(a, b, n, players, rows)
                while tn - t1 < 1.0:  # too short to stand out of start-up's noise: more matches (kept for the rounds)
                    n = counts[name] = n * 4
                    tn, dn = _command_run(a, b, n, players, rows)
                rate = (dn - d1) / max(tn - t1, 1e-6)
                speeds[name] = max(speeds.get(name, 0.0), rate)
                startups.setdefault(name, []).append(t1 - d1 / rate)
                uno = rlcard_uno(min(max(tn - t1, 0.3), 3.0))
                if uno is None:
                    print("RLCard is not installed (pip install rlcard) — no comparison")
                    return 1
                ratios.setdefault(name, []).append(rate / uno)
    load = os.getloadavg()
    print(subprocess.run([*_amalogs(), "--version"], capture_output=True, text=True, cwd=tempfile.gettempdir(),
                         check=False).stdout.strip())
    more = ", ".join(f"{name} -n {n}" for name, n in counts.items())
    print(f"`amalogs match A B -n {matches} --rows F --jobs 1` as a process{f' ({more})' if more else ''}, {players} players, start-up taken out "
          f"by the -n 1 run; median of {rounds} rounds against RLCard UNO's env.step loop (load average "
          f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f})")
    for name, _, _, seed in names:
        print(f"{name:<12} {speeds[name]:10,.0f} decisions/s (best)  start-up {median(startups[name]):.2f} s  "
              f"{median(ratios[name]):.2f}× UNO{'' if seed else '  (a game played from its data)'}")
    seed_low = min((n for n, _, _, s in names if s), key=lambda n: median(ratios[n]), default=None)
    data_low = min((n for n, _, _, s in names if not s), key=lambda n: median(ratios[n]), default=None)
    if seed_low is not None:
        low_ratio = median(ratios[seed_low])
        print(f"lowest of the seed games' pairings: {seed_low} {low_ratio:.3f}× (goal ≥ 2×: "
              f"{'met' if low_ratio >= 2 else 'not met'})")
    if data_low is not None:
        print(f"lowest with a game played from its data: {data_low} {median(ratios[data_low]):.2f}× (goal ≥ 1.5×)")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", choices=("random", "greedy"), default="random")
    parser.add_argument("--command", action="store_true", help="time the whole command as a process")
    parser.add_argument("--only", choices=("all", "seed", "data"), default="all",
                        help="with --command: only the seed games' pairings, or only those with a game from data")
    parser.add_argument("--game", help="with --command: only the pairings of this game (id, 略称 or name)")
    opts = parser.parse_args()
    if opts.command:
        return whole_command(opts.matches, opts.rounds, opts.players, opts.only, opts.game)
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
