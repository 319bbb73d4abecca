"""The referee compiled by the wheel's build (hatch_build.py, mypyc) plays the same matches as its sources.

The suite itself imports the checkout's sources; what ``pip install .`` installed — the package users run, compiled
where the build found a C compiler — is run here in processes of their own, started outside the checkout."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from amalogs.version import version_line

from .conftest import installed_elsewhere

ROOT = Path(__file__).resolve().parents[1]
RULE_GAMES = ROOT / "tests" / "data" / "rule-games"

# Every ordered pairing of the shipped games and the rule games, two seeds each (random players, then random
# against greedy), and two seeds with the referee's invariants checked after every decision: each match's event
# digest, and the file the referee's match module was loaded from.
PLAY = """
import json, sys
import amalogs.referee.games
import amalogs.referee.engine.match as match_module
from amalogs.catalog import load_catalog
from amalogs.referee.sessions.runner import play_match, resolve_side
from amalogs.referee.sessions.saves import events_digest

catalog = load_catalog([sys.argv[1]])
games = sorted(catalog.games)
digests = {}
for a in games:
    for b in games:
        sides = (resolve_side(catalog, a), resolve_side(catalog, b))
        for seed in (1, 2):
            players = ("random", "random") if seed == 1 else ("random", "greedy")
            digests[f"{a}|{b}|{seed}"] = events_digest(play_match(catalog, sides, seed, players).events)
        if a == b:
            digests[f"{a}|checked"] = events_digest(play_match(catalog, sides, 3, ("greedy", "random"), check=True).events)
print(json.dumps({"module": match_module.__file__, "digests": digests}))
"""


def _installed() -> dict[str, str]:
    """The environment of a process that imports the installed amalogs (no PYTHONPATH to a checkout)."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "AMALOGS_DATA_ROOT")}


def _installed_version(tmp_path: Path) -> str:
    probe = "from amalogs.version import version_line; print(version_line())"
    result = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=_installed(), capture_output=True,
                            text=True, check=True)
    return result.stdout.strip()


def test_a_built_wheel_compiles_the_referee_where_a_compiler_is_found(tmp_path: Path) -> None:
    """A silent fall-back to pure Python (a module mypyc cannot compile any more) would halve the speed users get:
    an install built from the checkout on a machine with a C compiler must run the compiled referee."""
    if installed_elsewhere() is None:
        pytest.skip("amalogs is installed editable (pip install -e): its referee is the pure-Python sources")
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler (cc or gcc): the wheel's build leaves the referee pure Python")
    line = _installed_version(tmp_path)
    assert line.endswith("(referee compiled)"), (
        f"the installed amalogs says {line!r}: its wheel was built with a C compiler at hand but mypyc did not compile "
        "the referee (build it with pip install -v . to see why: hatch_build.py prints the reason)")


def test_the_compiled_referee_plays_the_same_matches_as_its_sources(tmp_path: Path) -> None:
    if not _installed_version(tmp_path).endswith("(referee compiled)"):
        pytest.skip("the installed amalogs runs the pure-Python referee (an editable install, no C compiler, or "
                    "AMALOGS_PURE=1 at its build): nothing compiled to compare")
    compiled = subprocess.run([sys.executable, "-c", PLAY, str(RULE_GAMES)], cwd=tmp_path, env=_installed(),
                              capture_output=True, text=True, timeout=600, check=False)
    assert compiled.returncode == 0, compiled.stderr[-3000:]
    sources = subprocess.run([sys.executable, "-c", PLAY, str(RULE_GAMES)], cwd=tmp_path,
                             env={**_installed(), "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=600, check=False)
    assert sources.returncode == 0, sources.stderr[-3000:]
    ran, reference = json.loads(compiled.stdout), json.loads(sources.stdout)
    assert not ran["module"].endswith(".py"), ran["module"]
    assert Path(reference["module"]) == ROOT / "amalogs" / "referee" / "engine" / "match.py"
    assert len(ran["digests"]) >= 100
    differ = [k for k, v in reference["digests"].items() if ran["digests"].get(k) != v]
    assert not differ, f"{len(differ)} matches play differently compiled, the first: {differ[:3]}"


def test_the_version_line_says_which_referee_runs() -> None:
    line = version_line()
    assert line.startswith("amalogs ") and line.endswith(("(referee compiled)", "(referee in pure Python)"))
