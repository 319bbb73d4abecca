"""The commands as a user runs them: games, show, we, ontology, validate, schema, --help."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from amalogs.report.page import SECTIONS

from .conftest import USER_ROOT, Cli


def test_games_lists_the_four_seed_games_with_we_and_range(cli: Cli) -> None:
    code, out, _ = cli("games")
    assert code == 0
    assert "WE" in out and "レンジ" in out
    lines = out.splitlines()
    for game_id, name, abbreviation, we, rng in [
        ("build-divide", "ビルディバイド", "BD", "3", "2"),
        ("sengoku-taisen", "戦国大戦TCG", "SGK", "3", "2"),
        ("guild-heroes", "ギルドヒーローズ", "GH", "3", "2"),
        ("break-joker", "仮面ライダー", "BJ", "4", "1"),
    ]:
        row = next(line for line in lines if line.startswith(f" {name}"))
        assert row.split()[-8:-5] == [abbreviation, we, rng] or row.split()[1:4] == [abbreviation, we, rng]
        assert any(line.strip() == game_id for line in lines)


def test_games_as_json(cli: Cli) -> None:
    code, out, _ = cli("games", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "amalogs-games" and data["version"] == 1
    rows = {r["id"]: r for r in data["records"]}
    assert rows["build-divide"]["WE"] == 3 and rows["build-divide"]["レンジ"] == 2
    assert rows["guild-heroes"]["life system"] == "フォートライフ"


def test_show_build_divide_has_every_section_of_seed_001(cli: Cli) -> None:
    code, out, _ = cli("show", "build-divide")
    assert code == 0
    positions = [out.index(f"{ja}  {en}") for ja, en in SECTIONS]
    assert positions == sorted(positions), "sections out of the published order"
    for expected in [
        "WE3 = レンジ2",
        "1/1000",
        "調整なし",
        "ブロック宣言",
        "シールドライフ",
        "SPS",
        "BP制",
        "プレイヤーアタック",
        "サーチアタック",
        "エースキャラ",
        "常駐資源",
        "フィールド",
        "シールド",
        "自分の場のみ",
        "Own field only",
        "無色",
        "Battle points",
        "Strike points",
        "大コスト",
        "Spell speed 3",
        "Actions of spell speed 2 or higher",
        "状態変化",
        "先制攻撃",
    ]:
        assert expected in out, expected
    assert _row(out, "パワー") == ["パワー", "1/1000", "500", "counts", "as", "0.5."]
    assert _row(out, "ブリッツ")[:2] == ["ブリッツ", "先制攻撃"]
    assert _row(out, "ヒット")[:2] == ["ヒット", "調整なし"]


def _row(out: str, first: str) -> list[str]:
    """The words of the first table row that starts with a term."""
    return next(line.split() for line in out.splitlines() if line.strip().startswith(first))


def test_show_build_divide_personal_data(cli: Cli) -> None:
    _, out, _ = cli("show", "BD")
    personal = out[out.index("デッキ枚数・その他パーソナルデータ"):]
    values = {}
    for line in personal.splitlines()[2:]:
        parts = line.split()
        if len(parts) == 2:
            values[parts[0]] = parts[1]
    assert values["メインデッキ枚数"] == "40–50"
    assert values["Dデッキ枚数"] == "0–12"
    assert values["初期手札"] == "5"
    assert values["手札上限"] == "5"
    assert values["初期ライフ"] == "10"
    assert values["初期エナジー"] == "2"
    assert values["ダメージクリンナップ"] == "エンドフェイズ"


@pytest.mark.parametrize("game", ["sengoku-taisen", "break-joker", "guild-heroes"])
def test_show_every_seed_game(cli: Cli, game: str) -> None:
    code, out, _ = cli("show", game)
    assert code == 0
    assert all(ja in out for ja, _ in SECTIONS)


def test_show_an_unknown_game_suggests_one(cli: Cli) -> None:
    code, out, err = cli("show", "guild")
    assert code == 1
    assert err.strip() == "amalogs: unknown game 'guild'; did you mean 'guild-heroes'? (see `amalogs games`)"


def test_we_prints_build_divide_we3_range2_with_reasons(cli: Cli) -> None:
    code, out, _ = cli("we", "ビルディバイド")
    assert code == 0
    assert "WE3 = レンジ2" in out
    assert "most cards can serve as a resource" in out


def test_we_without_a_game_appraises_every_game(cli: Cli) -> None:
    _, out, _ = cli("we")
    for name, verdict in [("戦国大戦TCG", "WE3"), ("ギルドヒーローズ", "WE3"), ("ブレイクジョーカー", "WE4 = レンジ1")]:
        assert name in out
        assert verdict in out


def test_ontology_shows_the_vocabulary(cli: Cli) -> None:
    code, out, _ = cli("ontology")
    assert code == 0
    for term in ["キャラ科", "APDP制", "シールドライフ", "ワンサイドアタック", "無色", "固定能力値", "デコイ"]:
        assert term in out


def test_ontology_as_json_round_trips(cli: Cli) -> None:
    from amalogs.models.ontology import Ontology

    _, out, _ = cli("ontology", "--format", "json")
    onto = Ontology.model_validate_json(out)
    assert len(onto.unified_keywords) >= 10


def test_validate_the_shipped_data(cli: Cli) -> None:
    code, out, _ = cli("validate")
    assert code == 0
    assert out.startswith("all valid")


def test_validate_a_user_root(cli: Cli) -> None:
    code, out, _ = cli("validate", str(USER_ROOT))
    assert code == 0, out


def test_validate_a_page_alone_checks_it_against_its_own_folders_game(cli: Cli, tmp_path: Path) -> None:
    """A page given alone is checked against the profile beside it (../games/<id>), not only the shipped games;
    the folder's other files are read for context, not reported; a broken profile of its own is."""
    root = tmp_path / "mine"
    shutil.copytree(USER_ROOT, root)
    page = root / "mappings" / "battle-spirits.toml"
    code, out, _ = cli("validate", str(page))
    assert code == 0 and out.startswith("all valid (1 file"), out
    other = root / "games" / "other" / "game.toml"  # a broken file of the folder that was not asked for
    other.parent.mkdir()
    other.write_text("id = 'other'\n", encoding="utf-8")
    code, out, _ = cli("validate", str(page))
    assert code == 0 and "other" not in out, out
    profile = root / "games" / "battle-spirits" / "game.toml"
    profile.write_text(profile.read_text(encoding="utf-8").replace("starting_hand = 4", "starting_hand = 'x'"),
                       encoding="utf-8")
    code, out, err = cli("validate", str(page))
    assert code == 1 and "setup.starting_hand" in out + err and "game.toml" in out + err


def test_schema_writes_one_json_schema_per_file_kind(cli: Cli, tmp_path: Path) -> None:
    code, out, _ = cli("schema", "--out", str(tmp_path))
    assert code == 0
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == ["game.schema.json", "mapping.schema.json", "ontology.schema.json", "position.schema.json"]
    game = json.loads((tmp_path / "game.schema.json").read_text(encoding="utf-8"))
    assert "deck" in game["properties"] and "deck" in game["required"]
    mapping = json.loads((tmp_path / "mapping.schema.json").read_text(encoding="utf-8"))
    assert mapping["additionalProperties"] is False


def test_a_fifth_game_in_a_user_folder_is_listed_and_shown(cli: Cli) -> None:
    code, out, _ = cli("--data-root", str(USER_ROOT), "games")
    assert code == 0 and "battle-spirits" in out
    code, out, _ = cli("--data-root", str(USER_ROOT), "games", "--format", "json")
    assert {"id": "battle-spirits", "name": "バトルスピリッツ", "略称": "BS"}.items() <= json.loads(out)["records"][-1].items()
    code, out, _ = cli("--data-root", str(USER_ROOT), "show", "バトスピ")
    assert code == 0 and "BS" in out and "シンボル" in out and "SP" in out


def test_a_fifth_game_through_the_environment_variable(cli: Cli) -> None:
    code, out, _ = cli("games", env={"AMALOGS_DATA_ROOT": str(USER_ROOT)})
    assert code == 0 and "battle-spirits" in out


def test_python_dash_m_and_help(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "amalogs", "--help"], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0
    for command in ["games", "show", "we", "ontology", "validate", "schema"]:
        assert command in result.stdout


def test_version_and_completion(cli: Cli) -> None:
    from amalogs import __version__
    from amalogs.version import version_line

    code, out, _ = cli("--version")
    assert code == 0 and out.strip() == version_line()
    assert out.startswith(f"amalogs {__version__} (referee ") and out.strip().endswith(("compiled)", "pure Python)"))
    code, out, _ = cli("--help")
    assert "--install-completion" in out
