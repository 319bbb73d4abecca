"""Batches over cores: `amalogs match A B -n N --jobs K` against `--jobs 1`, the commands as a user types them.

Each round runs the two commands one after the other (alternating which goes first) as subprocesses and times
them whole, start-up included; the figure is the median of the rounds' ratios. Both commands must print the
same summary (checked every round). Goal: at least 1.8× with `--jobs 2` on a 2-core machine.

    python benchmarks/jobs.py                       # BD GH, 4000 matches, --jobs 2, 3 rounds
    python benchmarks/jobs.py --pairing SGK BJ --matches 2000 --jobs 2 --rounds 5
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from statistics import median


def run(args: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "amalogs", "--width", "100", *args], capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "100"}, check=True)
    return time.perf_counter() - start, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairing", nargs=2, default=["BD", "GH"], metavar=("A", "B"))
    parser.add_argument("--matches", type=int, default=4000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    a = parser.parse_args()
    base = ["match", *a.pairing, "-n", str(a.matches)]
    print(f"cores: {len(os.sched_getaffinity(0))}; amalogs {' '.join(base)} --jobs 1 vs --jobs {a.jobs}")
    ratios = []
    for k in range(a.rounds):
        order = [1, a.jobs] if k % 2 == 0 else [a.jobs, 1]
        times, outputs = {}, {}
        for jobs in order:
            times[jobs], outputs[jobs] = run([*base, "--jobs", str(jobs)])
        if outputs[1] != outputs[a.jobs]:
            sys.exit("the summaries differ:\n" + outputs[1] + "\n" + outputs[a.jobs])
        ratios.append(times[1] / times[a.jobs])
        print(f"round {k + 1}: --jobs 1 {times[1]:.2f} s, --jobs {a.jobs} {times[a.jobs]:.2f} s, "
              f"speed-up {ratios[-1]:.2f}× (summaries identical)")
    print(f"median speed-up with --jobs {a.jobs}: {median(ratios):.2f}× (goal ≥ 1.8× on 2 cores)")


if __name__ == "__main__":
    main()
