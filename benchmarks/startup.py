"""Start-up time of the `amalogs` command, as a person typing it meets it.

Each command runs in a fresh process; the commands are run in turn, round after round (so a drifting machine
slows them all alike), and each one's median and best wall time are printed, with the goal where there is one:
`amalogs --version` under 0.15 s and `amalogs games` under 0.4 s (medians, on an idle machine). The first round
is a warm-up (it may build the catalog cache, `~/.cache/amalogs`, and the bytecode) and is not counted.

    python benchmarks/startup.py            # 15 rounds
    python benchmarks/startup.py --runs 40
    python benchmarks/startup.py --no-cache # AMALOGS_CACHE=off: every command validates the data again
    python -X importtime -c "import amalogs.cli" 2> imports.txt   # where the import time goes
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

COMMANDS: list[tuple[list[str], float | None]] = [
    (["--version"], 0.15),
    (["--help"], None),
    (["games"], 0.4),
    (["show", "build-divide"], None),
    (["match", "BD", "GH", "--seed", "1", "--quiet"], None),
    (["validate"], None),
]


def _command() -> list[str]:
    script = shutil.which("amalogs")
    return [script] if script else [sys.executable, "-m", "amalogs"]


def _once(args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([*_command(), *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--no-cache", action="store_true", help="AMALOGS_CACHE=off")
    opts = parser.parse_args()
    env = {**os.environ, **({"AMALOGS_CACHE": "off"} if opts.no_cache else {})}
    times: dict[str, list[float]] = {" ".join(a): [] for a, _ in COMMANDS}
    for args, _ in COMMANDS:  # the warm-up round
        _once(args, env)
    for _ in range(opts.runs):
        for args, _ in COMMANDS:
            times[" ".join(args)].append(_once(args, env))
    load = os.getloadavg()
    print(f"command: {' '.join(_command())}  ({opts.runs} rounds, Python {sys.version.split()[0]}, catalog cache "
          f"{'off' if opts.no_cache else 'on'}, load average {load[0]:.2f})")
    verdict = 0
    for args, goal in COMMANDS:
        taken = times[" ".join(args)]
        median = statistics.median(taken)
        line = f"amalogs {' '.join(args):<36} median {median:.3f} s   best {min(taken):.3f} s"
        if goal is not None:
            ok = median <= goal
            verdict |= 0 if ok else 1
            line += f"   goal ≤ {goal} s: {'met' if ok else 'MISSED'}"
        print(line)
    return verdict


if __name__ == "__main__":
    raise SystemExit(main())
