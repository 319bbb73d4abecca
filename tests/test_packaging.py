"""The wheel carries the data, and an installed amalogs works from any directory."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation", "-q", "-w", str(out)],
        check=True,
        capture_output=True,
    )
    return next(out.glob("amalogs-*.whl"))


def test_the_wheel_ships_games_mappings_ontology_and_types(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for game in ("build-divide", "sengoku-taisen", "break-joker", "guild-heroes"):
        assert f"amalogs/_data/games/{game}/game.toml" in names
        assert f"amalogs/_data/mappings/{game}.toml" in names
    assert "amalogs/ontology/ontology.toml" in names
    assert "amalogs/py.typed" in names
    assert not any(n.startswith("tests/") for n in names)


def test_the_unpacked_wheel_runs_outside_the_repository(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site)}
    env.pop("AMALOGS_DATA_ROOT", None)
    probe = "import amalogs, amalogs.catalog as c; print(amalogs.__file__); print(c.shipped_root())"
    result = subprocess.run([sys.executable, "-c", probe], cwd=elsewhere, env=env, capture_output=True, text=True)
    package_file, data_root = result.stdout.split()
    assert Path(package_file).is_relative_to(site)
    assert Path(data_root) == site / "amalogs" / "_data"
    games = subprocess.run(
        [sys.executable, "-m", "amalogs", "--width", "120", "games"], cwd=elsewhere, env=env, capture_output=True,
        text=True,
    )
    assert games.returncode == 0, games.stderr
    for game in ("build-divide", "sengoku-taisen", "break-joker", "guild-heroes"):
        assert game in games.stdout
