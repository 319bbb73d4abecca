"""Shared fixtures: the CLI runner at a fixed width, and the paths of the test data."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from amalogs.catalog import Catalog, load_catalog
from amalogs.referee.engine.rules import GameRules

DATA = Path(__file__).parent / "data"
USER_ROOT = DATA / "user-root"
BROKEN = DATA / "broken"


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_catalog()


def rules(game: object) -> GameRules:
    """A shipped game's facts as the referee reads them (for seats a test builds by hand)."""
    from amalogs.referee.engine.rules import rules_of

    cat = load_catalog()
    return rules_of(cat.games[str(getattr(game, "id", game))], cat.ontology)


class Cli:
    """Runs `amalogs` in-process at a fixed width and returns (exit code, stdout, stderr)."""

    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *args: str, env: dict[str, str] | None = None, input: str | None = None) -> tuple[int, str, str]:
        from amalogs.cli import app

        result = self.runner.invoke(app, ["--width", "120", *args], env=env, input=input, catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def cli() -> Cli:
    return Cli()
