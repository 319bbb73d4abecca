"""The validated catalog kept between commands (amalogs/catalog_cache.py): reused only for the same data, code and
roots; a changed, added or removed file is read and validated again; a damaged cache file is ignored; a catalog
with a problem is never kept; ``AMALOGS_CACHE=off`` turns it off."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import amalogs.catalog as catalog_module
from amalogs.catalog import load_catalog
from amalogs.catalog_cache import catalog_key

from .conftest import USER_ROOT


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("AMALOGS_CACHE", str(folder))
    catalog_module._cached.cache_clear()
    yield folder
    catalog_module._cached.cache_clear()


def _root(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    shutil.copytree(USER_ROOT, root)
    return root


def _key(root: Path) -> str:
    roots = catalog_module.data_roots([root])
    return catalog_key(roots, catalog_module._ontology_file(), catalog_module.MAX_FILE_BYTES)


def test_a_clean_catalog_is_kept_and_read_back_without_validating(cache: Path, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    root = _root(tmp_path)
    first = load_catalog([root])
    assert list(cache.glob("catalog-*.pickle"))
    catalog_module._cached.cache_clear()
    monkeypatch.setattr(catalog_module, "_gather", lambda *a, **k: pytest.fail("validated again"))
    again = load_catalog([root])
    assert list(again.games) == list(first.games) and again.cards("battle-spirits") == first.cards("battle-spirits")


@pytest.mark.parametrize("change", ["edit", "add", "remove"])
def test_a_changed_file_gives_another_key_and_is_validated_again(cache: Path, tmp_path: Path, change: str) -> None:
    root = _root(tmp_path)
    before = _key(root)
    load_catalog([root])
    page = root / "mappings" / "battle-spirits.toml"
    if change == "edit":
        page.write_text(page.read_text(encoding="utf-8").replace('abbreviation = "BS"', 'abbreviation = "BD"'),
                        encoding="utf-8")
    elif change == "add":
        (root / "games" / "battle-spirits" / "decks").mkdir(exist_ok=True)
        (root / "games" / "battle-spirits" / "decks" / "x.toml").write_text("nonsense = [", encoding="utf-8")
    else:
        page.unlink()
    assert _key(root) != before
    catalog_module._cached.cache_clear()
    changed = load_catalog([root], lenient=True)
    if change == "add":  # the new deck is broken: that deck is left out (the new file was read), not its game
        assert [(o.kind, o.game) for o in changed.left_out] == [("deck", "battle-spirits:x")]
    else:
        assert "battle-spirits" not in changed.games  # each change breaks the game: the new files were read
    assert changed.left_out


def test_a_damaged_cache_file_is_ignored_and_rebuilt(cache: Path, tmp_path: Path) -> None:
    root = _root(tmp_path)
    load_catalog([root])
    (kept,) = cache.glob("catalog-*.pickle")
    kept.write_bytes(b"not a pickle")
    catalog_module._cached.cache_clear()
    assert "battle-spirits" in load_catalog([root]).games
    assert kept.read_bytes() != b"not a pickle"  # written again


def test_a_catalog_with_a_problem_is_never_kept(cache: Path, tmp_path: Path) -> None:
    root = _root(tmp_path)
    (root / "mappings" / "battle-spirits.toml").write_text("game = 1\n", encoding="utf-8")
    load_catalog([root], lenient=True)
    assert not list(cache.glob("catalog-*.pickle"))


def test_off_keeps_nothing(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "amalogs", "games"], capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "AMALOGS_CACHE": "off"})
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / ".cache").exists()
    done = subprocess.run([sys.executable, "-m", "amalogs", "games"], capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert done.returncode == 0 and list((tmp_path / ".cache" / "amalogs").glob("catalog-*.pickle"))
    assert (tmp_path / ".cache" / "amalogs").stat().st_mode & 0o077 == 0
