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
    subprocess.run(  # pure Python (AMALOGS_PURE): the compiled build is the one pip installed (test_compiled.py)
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation", "-q", "-w", str(out)],
        check=True,
        capture_output=True,
        env={**os.environ, "AMALOGS_PURE": "1"},
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


def test_every_imported_package_is_declared_and_the_licence_ships(wheel: Path) -> None:
    """Every third-party package amalogs's code imports is a declared dependency (or an extra's), and the
    wheel carries the LICENSE file of the licence its metadata declares."""
    import ast
    import importlib.metadata as md
    import re
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared: set[str] = set()
    for d in [*project["dependencies"], *project["optional-dependencies"]["dask"],
              *project["optional-dependencies"]["web"]]:
        declared.add(re.split(r"[<>=!\[; ]", d, maxsplit=1)[0].lower().replace("_", "-"))
        declared.update(re.findall(r"\[([a-z0-9_-]+)\]", d))  # dask[distributed]: the distributed package
    found: set[str] = set()
    for path in (ROOT / "amalogs").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(a.name.split(".")[0] for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("import_module", "find_spec") \
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                found.add(node.args[0].value.split(".")[0])
    third_party = {name for name in found if name not in sys.stdlib_module_names and name != "amalogs"}
    owners = md.packages_distributions()
    missing = {name: owners.get(name) for name in third_party
               if not {d.lower().replace("_", "-") for d in owners.get(name, [name])} & declared}
    assert not missing, f"imported but not declared in pyproject.toml: {missing}"
    names = zipfile.ZipFile(wheel).namelist()
    licences = [n for n in names if n.endswith("/LICENSE") and ".dist-info/" in n]
    assert licences, "the wheel has no LICENSE file"
    text = zipfile.ZipFile(wheel).read(licences[0]).decode("utf-8")
    assert project["license"]["text"] == "MIT" and text.startswith("MIT License")
