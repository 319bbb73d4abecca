"""Shared fixtures: the CLI runner at a fixed width, the paths of the test data, and the sampled run.

**Sampled and full runs.** The default run (what `.ci/run` and the README's test command run) covers every test
family, with the families that repeat one check over many seeds — the conformance matches, the fuzz suites, the
soak samples — cut to a sample of their seeds. Which seeds: those of ``AMALOGS_SAMPLE`` (a number), by default
today's date, so each day's runs try other seeds and a failure is reproduced with the number the run's header
prints. ``python -m pytest --full`` (or ``AMALOGS_FULL_TESTS=1``) runs every seed (docs/tests.md).
"""

from __future__ import annotations

import datetime
import functools
import os
import random
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest
from typer.testing import CliRunner


def installed_elsewhere() -> Path | None:
    """The installed amalogs package's folder when it is a copy of its own (a wheel, as ``pip install .`` makes);
    None when amalogs is not installed, or installed editable (the checkout itself)."""
    import importlib.metadata as md
    import json

    try:
        dist = md.distribution("amalogs")
    except md.PackageNotFoundError:
        return None
    direct = dist.read_text("direct_url.json")
    if not direct or json.loads(direct).get("dir_info", {}).get("editable"):
        return None
    installed = Path(str(dist.locate_file("amalogs"))).resolve()
    return None if installed == Path(__file__).resolve().parents[1] / "amalogs" else installed


def _test_the_installed_package() -> str | None:
    """The suite tests the amalogs that is installed — what users run, with the referee a wheel's build compiled —
    rather than the checkout's sources that ``python -m pytest`` would import first (the checkout is on sys.path).
    An editable install, or none, is the checkout itself. An installed copy that is not this checkout's (a file
    edited since ``pip install .``) stops the run with what to do (the message returned, for :func:`pytest_configure`):
    it would test something else than the checkout."""
    import hashlib

    root = Path(__file__).resolve().parents[1]
    installed = installed_elsewhere()
    if installed is None:
        return None

    def digest(folder: Path, pattern: str) -> dict[str, str]:
        return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
                for p in folder.rglob(pattern) if p.is_file() and "__pycache__" not in p.parts}

    pairs = [(root / "amalogs", installed, "*.py"), (root / "games", installed / "_data" / "games", "*"),
             (root / "mappings", installed / "_data" / "mappings", "*")]
    for mine, theirs, pattern in pairs:
        a, b = digest(mine, pattern), digest(theirs, pattern)
        if a != b:
            differ = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
            return (f"the installed amalogs ({installed}) is not this checkout's: {mine.name}/{differ[0]} and "
                    f"{len(differ) - 1} more differ. Install it again (pip install .), or install the checkout editable "
                    "(pip install -e .) to test it as it is.")
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != root]
    for name in [n for n in sys.modules if n == "amalogs" or n.startswith("amalogs.")]:
        del sys.modules[name]
    return None


_NOT_THE_CHECKOUT = _test_the_installed_package()

from amalogs.catalog import Catalog, load_catalog  # (after the choice of package above)
from amalogs.referee.engine.rules import GameRules

T = TypeVar("T")

DATA = Path(__file__).parent / "data"
USER_ROOT = DATA / "user-root"
BROKEN = DATA / "broken"


# The test modules' rewritten bytecode (pytest's assertion rewriting) is kept in tests/__pycache__ even where
# PYTHONDONTWRITEBYTECODE is set: rewriting every test module again costs each worker seconds at every run.
sys.dont_write_bytecode = False


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--full", action="store_true", help="amalogs: every seed of the sampled families (the long run)")


def pytest_configure(config: pytest.Config) -> None:
    if _NOT_THE_CHECKOUT is not None:
        pytest.exit(_NOT_THE_CHECKOUT, returncode=4)
    if config.getoption("--full"):
        os.environ["AMALOGS_FULL_TESTS"] = "1"  # (read by the test modules when they are imported)
    if not hasattr(config, "workerinput"):  # once, in the main process: the package's bytecode, so that every
        import compileall  # `python -m amalogs` a test starts reads it instead of compiling ~150 modules again

        import amalogs

        compileall.compile_dir(Path(amalogs.__file__).parent, quiet=2)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The sampled run leaves the cases marked ``slow`` to the full run (each family runs other cases)."""
    if full():
        return
    later = pytest.mark.skip(reason="a long case of a sampled family: run by python -m pytest --full")
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(later)


def pytest_report_header(config: pytest.Config) -> str:
    return (f"amalogs: {'full run (every seed)' if full() else 'sampled run'}, AMALOGS_SAMPLE={sample_seed()}"
            " (--full for every seed)")


def full() -> bool:
    """Whether this is the full run (``--full`` or ``AMALOGS_FULL_TESTS=1``)."""
    return os.environ.get("AMALOGS_FULL_TESTS", "") not in ("", "0")


def sample_seed() -> int:
    """The number the sampled run draws its seeds with: ``AMALOGS_SAMPLE``, by default today's date."""
    given = os.environ.get("AMALOGS_SAMPLE", "")
    return int(given) if given.isdigit() else int(datetime.date.today().strftime("%Y%m%d"))


def sampled(items: Sequence[T], k: int, salt: str = "") -> list[T]:
    """All of ``items`` in a full run, else ``k`` of them drawn with :func:`sample_seed` (and ``salt``, so each
    family draws its own), in their order."""
    if full() or k >= len(items):
        return list(items)
    rng = random.Random(f"{sample_seed()}:{salt}")
    chosen = sorted(rng.sample(range(len(items)), k))
    return [items[i] for i in chosen]


def examples(sampled_run: int, full_run: int) -> int:
    """How many hypothesis examples a fuzz test runs: fewer in the sampled run."""
    return full_run if full() else sampled_run


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_catalog()


def rules(game: object) -> GameRules:
    """A shipped game's facts as the referee reads them (for seats a test builds by hand)."""
    from amalogs.referee.engine.rules import rules_of

    cat = load_catalog()
    return rules_of(cat.games[str(getattr(game, "id", game))], cat.ontology)


@functools.cache
def built_command() -> Any:
    """The `amalogs` command line as click runs it, built from the typer app once per test process (building it
    — every command's parameters — costs a tenth of a second, which each in-process run would pay again)."""
    from typer.main import get_command

    from amalogs.cli import app

    return get_command(app)


def invoke(args: Sequence[str], **options: Any) -> Any:
    """typer's test runner, on the command line :func:`built_command` built once (typer's runner builds it from the
    app at every call, through its module's ``_get_command``; where a typer has no such name, it does)."""
    import typer.testing

    from amalogs.cli import app

    built = getattr(typer.testing, "_get_command", None)
    if built is None:
        return CliRunner().invoke(app, list(args), **options)
    typer.testing._get_command = lambda _app: built_command()  # type: ignore[attr-defined]
    try:
        return CliRunner().invoke(app, list(args), **options)
    finally:
        typer.testing._get_command = built  # type: ignore[attr-defined]


class Cli:
    """Runs `amalogs` in-process at a fixed width and returns (exit code, stdout, stderr)."""

    def __call__(self, *args: str, env: dict[str, str] | None = None, input: str | None = None) -> tuple[int, str, str]:
        result = invoke(["--width", "120", *args], env=env, input=input, catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def cli() -> Cli:
    return Cli()


# --- the rule-games (tests/data/rule-games): a copy to edit, a refused edit, what a seat observes ---------------

RULE_GAMES = DATA / "rule-games"


def copy_rule_game(tmp_path: Path, game: str) -> tuple[Path, Path]:
    """A data root holding one rule-game, to edit: the paths of its profile and its page."""
    root = tmp_path / "root"
    shutil.copytree(RULE_GAMES / "games" / game, root / "games" / game)
    (root / "mappings").mkdir()
    shutil.copy(RULE_GAMES / "mappings" / f"{game}.toml", root / "mappings" / f"{game}.toml")
    return root / "games" / game / "game.toml", root / "mappings" / f"{game}.toml"


def refused_in_one_line(cli: Cli, edited: Path, old: str, new: str, where: str, named: Path | None = None) -> str:
    """Replace ``old`` by ``new`` in ``edited`` (a file of a copied rule-game's data root), run ``validate`` on
    the root and return its one line naming ``where`` (and the file ``named``, where given); no traceback."""
    text = edited.read_text(encoding="utf-8")
    assert old in text
    edited.write_text(text.replace(old, new, 1), encoding="utf-8")
    root = next(d for d in edited.parents if (d / "games").is_dir() and (d / "mappings").is_dir())
    code, out, err = cli("validate", str(root))
    assert code == 1 and "Traceback" not in out + err
    line = next((line for line in out.splitlines() if where in line), None)
    assert line is not None and (named is None or str(named) in line), out
    return line


def assert_observations_hide_secrets(match: Any, rng: random.Random) -> None:
    """OpenSpiel's private-information check, through a random match to its end: at every decision what a seat
    observes names no card of another seat that lies in its hand, a hidden or private zone, or face down."""
    from amalogs.referee import RandomPlayer

    player = RandomPlayer()
    while not match.is_terminal():
        s = match.state
        for viewer in range(len(s.seats)):
            seen = {int(u) for u in match.observation(viewer)["cards"]}
            for j, seat in enumerate(s.seats):
                if j == viewer:
                    continue
                game = s.games[j]
                hidden = {u for zone, cards in seat.zones.items()
                          if zone == "hand" or zone in game.hidden_zones or zone in game.private_zones
                          for u in cards} | seat.face_down
                assert not seen & hidden, f"seat {viewer} sees {sorted(seen & hidden)} of seat {j} ({s.phase})"
        match.apply_action(player.choose({}, match.legal_actions(), rng))
