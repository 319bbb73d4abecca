"""The card commands laid out at 80, 100 and 160 columns: short enough to read, no line wider than the terminal,
no table column too narrow for a word; native terms, not ids; --format json|csv as data."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from rich.cells import cell_len

from amalogs.report.cards import MIN_COLUMN

from .conftest import Cli

WIDTHS = [80, 100, 160]


def _column_widths(out: str) -> list[list[int]]:
    """The width of every column of every table in ``out``: rich draws a table's header rule as ─ runs joined
    by ┼, one run per column (its padding of one cell each side included)."""
    tables = []
    for line in out.splitlines():
        stripped = line.strip()
        if "┼" in stripped and set(stripped) <= {"─", "┼", "╶", "╴"}:
            tables.append([len(run.strip("╶╴")) - 2 for run in stripped.split("┼")])
    return tables


def _check_fits(out: str, width: int) -> list[list[int]]:
    for line in out.splitlines():
        assert cell_len(line) <= width, line
    tables = _column_widths(out)
    assert tables, "no table found"
    for columns in tables:
        assert min(columns) >= MIN_COLUMN, columns
    return tables


def test_a_later_width_option_wins(cli: Cli) -> None:
    code, out, _ = cli("--width", "80", "convert", "BD:spark-imp", "--to", "SGK")
    assert code == 0
    assert max(cell_len(line) for line in out.splitlines()) == 80


@pytest.mark.parametrize("width", WIDTHS)
def test_convert_fits(cli: Cli, width: int) -> None:
    code, out, _ = cli("--width", str(width), "convert", "BD:spark-imp", "--to", "SGK")
    assert code == 0
    assert len(out.splitlines()) <= 60
    (columns,) = _check_fits(out, width)
    assert len(columns) == (6 if width >= 120 else 5)  # the reason column only where it has room
    for reason in ("names are kept", "SP ↔ SP", "勢力 is the colour", "colour slot 赤"):  # every field's reason
        assert reason in out
    # the game's own words, never its ids
    for native in ("武力", "兵力", "攻城力", "紅", "武将", "ユニット"):
        assert native in out
    for slug in ("buryoku", "heiryoku", "koujouryoku", "kurenai", "bushou", "stats."):
        assert slug not in out


@pytest.mark.parametrize("width", WIDTHS)
def test_cards_fits(cli: Cli, width: int) -> None:
    code, out, _ = cli("--width", str(width), "cards", "BD")
    assert code == 0 and "59 card(s)" in out
    assert len(out.splitlines()) <= 59 * (5 if width < 140 else 4) // 2 + 8  # at most 2½ lines a card (2 when wide)
    _check_fits(out, width)
    assert "バーストアイコン" in out and "プレイコスト" in out and "spark-imp" in out
    assert "play-cost" not in out and " burst" not in out


def test_cards_in_native_words_for_sengoku_taisen(cli: Cli) -> None:
    code, out, _ = cli("--width", "80", "cards", "SGK", "--type", "武将")
    assert code == 0
    _check_fits(out, 80)
    assert "武力" in out and "紅" in out and "当主" in out
    assert "buryoku" not in out and "kurenai" not in out and "toushu" not in out


@pytest.mark.parametrize("width", WIDTHS)
def test_convert_deck_fits(cli: Cli, width: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a short --out: the "wrote PATH" line is as long as the path a user gives
    code, out, _ = cli("--width", str(width), "convert-deck", "BD:red-aggro", "--to", "BJ", "--out", "x.toml")
    assert code == 0
    assert len(out.splitlines()) <= 60
    (columns,) = _check_fits(out, width)
    assert len(columns) == (5 if width >= 120 else 4)  # the target card id only where it has room
    assert "ゲーム用カード" in out and "《バーストアイコン》" in out and "パワー" in out
    assert "game-card" not in out and "stats.power" not in out


def test_card_shows_printed_names(cli: Cli) -> None:
    code, out, _ = cli("--width", "80", "card", "SGK:takamori-retsudou")
    assert code == 0
    assert all(cell_len(line) <= 80 for line in out.splitlines())
    for native in ("武将", "紅", "武力", "兵力", "当主", "← 武力"):
        assert native in out
    for slug in ("bushou", "kurenai", "buryoku", "toushu"):
        assert slug not in out


@pytest.mark.parametrize("command", ["card", "cards", "convert", "convert-deck"])
def test_every_help_example_names_a_card_or_deck_that_exists(cli: Cli, command: str, tmp_path: Path) -> None:
    code, out, _ = cli(command, "--help")
    assert code == 0
    refs = set(re.findall(r"\b((?:BD|SGK|GH|BJ|build-\s*divide):[^\s,.)]+)", out))
    assert refs or command == "cards"
    for ref in refs:
        ref = re.sub(r"-\s+", "-", ref)
        if command == "convert-deck" or "aggro" in ref:
            assert cli("deck", "check", ref)[0] == 0, ref
        else:
            assert cli("card", ref)[0] == 0, ref


# --- --format json|csv -------------------------------------------------------------------------------------------

def test_cards_json_is_typed_and_versioned(cli: Cli) -> None:
    code, out, _ = cli("cards", "BD", "--colour", "赤", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "amalogs-cards" and data["version"] == 1 and data["game"] == "build-divide"
    imp = next(r for r in data["records"] if r["id"] == "spark-imp")
    assert imp["stats"]["power"] == 1000 and imp["colours"] == ["red"] and imp["colour_names"] == ["赤"]
    assert imp["keyword_names"] == ["バーストアイコン"]


def test_cards_json_flag_is_a_hidden_alias(cli: Cli) -> None:
    assert cli("cards", "GH", "--keyword", "lure", "--json")[1] == cli("cards", "GH", "--keyword", "lure", "--format", "json")[1]
    assert "--json" not in cli("cards", "--help")[1]


def test_cards_csv_is_one_row_a_card_with_a_bom(cli: Cli) -> None:
    code, out, _ = cli("cards", "BD", "--format", "csv")
    assert code == 0 and out.startswith("\ufeff")
    rows = list(csv.DictReader(io.StringIO(out.removeprefix("\ufeff"))))
    assert len(rows) == 59
    imp = next(r for r in rows if r["id"] == "spark-imp")
    assert imp["stats.power"] == "1000" and imp["type_name"] == "ユニット"


def test_convert_json_gives_the_target_card_and_its_fidelity_rows(cli: Cli) -> None:
    code, out, _ = cli("convert", "BD:spark-imp", "--to", "SGK", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "amalogs-conversion" and data["version"] == 1 and data["to"] == "sengoku-taisen"
    (record,) = data["records"]
    assert record["target"]["stats"]["buryoku"] == 1000 and record["target"]["colours"] == ["kurenai"]
    fields = {f["field"]: f for f in record["fields"]}
    assert fields["stats.buryoku"]["label"] == "武力" and fields["stats.buryoku"]["canonical"] == 1
    assert fields["keywords"]["fidelity"] == "dropped" and fields["keywords"]["reason"]
    assert sum(record["summary"].values()) == len(record["fields"])


def test_convert_csv_is_one_row_a_field(cli: Cli, tmp_path: Path) -> None:
    out_file = tmp_path / "c.toml"
    code, out, err = cli("convert", "BD:spark-imp", "--to", "SGK", "--format", "csv", "--out", str(out_file))
    assert code == 0 and out.startswith("\ufeff") and out_file.is_file()
    assert f"wrote {out_file}" in err and "wrote" not in out  # the data alone on stdout
    rows = list(csv.DictReader(io.StringIO(out.removeprefix("\ufeff"))))
    assert {r["field"] for r in rows} >= {"name", "stats.buryoku", "keywords"}


def test_card_json_has_native_and_canonical(cli: Cli) -> None:
    code, out, _ = cli("card", "BD:spark-imp", "--format", "json")
    assert code == 0
    (record,) = json.loads(out)["records"]
    assert record["stats"]["power"] == 1000
    assert record["canonical"]["genus"] == "キャラ" and record["canonical"]["spell_speed"] == 1
    assert {"stat": "BP", "value": 1, "source_stat": "power", "ratio": 0.001} in record["canonical"]["values"]


def test_convert_deck_json(cli: Cli, tmp_path: Path) -> None:
    out_file = tmp_path / "bj.toml"
    code, out, err = cli("convert-deck", "BD:red-aggro", "--to", "BJ", "--out", str(out_file), "--format", "json")
    assert code == 0 and out_file.is_file() and "wrote" in err
    data = json.loads(out)
    assert data["format"] == "amalogs-deck-conversion" and data["target"] == "break-joker" and data["unmet"] == []
    assert any("trimmed the main deck" in a for a in data["actions"])
    squire = next(r for r in data["records"] if r["card"] == "ember-squire")
    assert squire["exact"] == 6 and squire["dropped"] == 4 and "バーストアイコン" in squire["lost_names"]
