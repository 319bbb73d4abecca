"""The loader: shipped games, name lookup, user data roots."""

from __future__ import annotations

from pathlib import Path

import pytest

from amalogs.catalog import Catalog, DataErrors, load_catalog, shipped_root
from amalogs.errors import UnknownGameError

from .conftest import USER_ROOT

SEED_GAMES = {"build-divide", "sengoku-taisen", "break-joker", "guild-heroes"}
DATA_ONLY_GAMES = {"magic-the-gathering", "cardfight-vanguard", "zx-zillions-of-enemy-x", "duel-masters",
                   "pokemon-card-game"}  # no code of their own


def test_the_seven_shipped_games_load(catalog: Catalog) -> None:
    assert set(catalog.games) == SEED_GAMES | DATA_ONLY_GAMES


def test_shipped_data_is_found_next_to_the_package() -> None:
    root = shipped_root()
    assert (root / "games" / "build-divide" / "game.toml").is_file()


@pytest.mark.parametrize("name", ["build-divide", "BD", "bd", "ビルディバイド", "ビルディバイド -ブライト-", "Build Divide", "ＢＤ"])
def test_a_game_is_found_by_id_abbreviation_or_name(catalog: Catalog, name: str) -> None:
    assert catalog.game(name).id == "build-divide"


def test_every_seed_game_is_found_by_its_japanese_name_and_abbreviation(catalog: Catalog) -> None:
    for game in catalog.games.values():
        assert catalog.game(game.profile.name) is game
        assert catalog.game(game.page.abbreviation) is game


def test_an_unknown_name_suggests_close_ones(catalog: Catalog) -> None:
    with pytest.raises(UnknownGameError) as info:
        catalog.game("build-devide")
    assert info.value.suggestions == ["build-divide"]
    assert "did you mean 'build-divide'?" in str(info.value)


def test_a_user_root_adds_a_fifth_game() -> None:
    cat = load_catalog([USER_ROOT])
    assert set(cat.games) == SEED_GAMES | DATA_ONLY_GAMES | {"battle-spirits"}
    assert cat.game("BS").profile.name == "バトルスピリッツ"


def test_the_environment_variable_adds_a_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AMALOGS_DATA_ROOT", str(USER_ROOT))
    assert "battle-spirits" in load_catalog().games


def test_a_root_that_is_not_a_data_folder_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(DataErrors) as info:
        load_catalog([tmp_path])
    assert str(info.value).endswith("not a data folder: expected games/ or mappings/ inside it")


def test_a_user_game_with_a_shipped_id_is_refused(tmp_path: Path) -> None:
    (tmp_path / "games" / "build-divide").mkdir(parents=True)
    source = shipped_root() / "games" / "build-divide" / "game.toml"
    (tmp_path / "games" / "build-divide" / "game.toml").write_bytes(source.read_bytes())
    with pytest.raises(DataErrors) as info:
        load_catalog([tmp_path])
    assert "id: game 'build-divide' is already defined in" in str(info.value)


def test_a_profile_without_a_page_is_reported(tmp_path: Path) -> None:
    (tmp_path / "games" / "battle-spirits").mkdir(parents=True)
    (tmp_path / "games" / "battle-spirits" / "game.toml").write_bytes(
        (USER_ROOT / "games" / "battle-spirits" / "game.toml").read_bytes()
    )
    with pytest.raises(DataErrors) as info:
        load_catalog([tmp_path])
    assert "has no AMALOGS page: add mappings/battle-spirits.toml" in str(info.value)


def test_json_data_files_load_like_toml(tmp_path: Path) -> None:
    import json
    import tomllib

    for sub in ("games/battle-spirits/game", "mappings/battle-spirits"):
        data = tomllib.loads((USER_ROOT / f"{sub}.toml").read_text(encoding="utf-8"))
        target = tmp_path / f"{sub}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert load_catalog([tmp_path]).game("battle-spirits").page.abbreviation == "BS"
