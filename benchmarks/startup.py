"""Start-up time of the `amalogs` command (goal: `amalogs --help` under 0.4 s).

Runs each command several times in a fresh process and prints the median and best wall time.

    python benchmarks/startup.py            # 15 runs each
    python benchmarks/startup.py --runs 50
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time

GOAL_SECONDS = 0.4
COMMANDS = [["--help"], ["games"], ["show", "build-divide"], ["validate"]]


def _command() -> list[str]:
    script = shutil.which("amalogs")
    return [script] if script else [sys.executable, "-m", "amalogs"]


def measure(args: list[str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([*_command(), *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    opts = parser.parse_args()
    print(f"command: {' '.join(_command())}  ({opts.runs} runs each, Python {sys.version.split()[0]})")
    verdict = 0
    for args in COMMANDS:
        times = measure(args, opts.runs)
        median = statistics.median(times)
        line = f"amalogs {' '.join(args):<22} median {median:.3f} s   best {min(times):.3f} s"
        if args == ["--help"]:
            ok = median < GOAL_SECONDS
            verdict = 0 if ok else 1
            line += f"   goal < {GOAL_SECONDS} s: {'met' if ok else 'MISSED'}"
        print(line)
    return verdict


if __name__ == "__main__":
    raise SystemExit(main())
