"""compare, similarity and table as a user runs them, including a fifth game from a user folder."""

from __future__ import annotations

import csv
import io
import json

import pytest

from .conftest import USER_ROOT, Cli


def test_compare_two_games_leads_with_the_breakdown_and_the_summary(cli: Cli) -> None:
    code, out, _ = cli("compare", "BD", "SGK")
    assert code == 0
    for field in ("= WE", "≠ stat system", "≠ deck size", "≠ hand limit", "≠ phases", "= damage cleanup"):
        assert field in out
    lines = out.splitlines()
    assert lines[0].startswith("Similarity") and "BD – SGK" in lines[1]
    rows = {name: line for line in lines for name in ("concept", "turn", "system", "WE distance", "distance (sum",
                                                      "similarity (1") if line.lstrip().startswith(name)}
    parts = [float(rows[m].split()[-1]) for m in ("concept", "turn", "system", "WE distance")]
    distance = float(rows["distance (sum"].split()[-1])
    similarity = float(rows["similarity (1"].split()[-1])
    assert sum(parts) == pytest.approx(distance, abs=0.002)
    assert similarity == pytest.approx(1 - distance, abs=0.001)
    pools = out[out.index("Card pools (canonical)"):]
    assert "mean 大コスト" in pools and "AP 1.95, DP 2.17" in pools


def test_compare_all_shows_every_field(cli: Cli) -> None:
    code, out, _ = cli("compare", "BD", "SGK", "--all")
    assert code == 0
    for field in ("deck › main › min", "turn › hand limit", "page › we › we", "page › damage cleanup › timing"):
        assert field in out
    assert "≠" in out and "=" in out


def test_compare_three_games_lists_every_pair(cli: Cli) -> None:
    code, out, _ = cli("compare", "BD", "SGK", "GH", "--different")
    assert code == 0
    for pair in ("BD – SGK", "BD – GH", "SGK – GH"):
        assert pair in out


def test_compare_needs_two_games(cli: Cli) -> None:
    code, _, err = cli("compare", "BD")
    assert code == 1 and "at least two games" in err


def test_similarity_matrix_is_symmetric_with_ones_on_the_diagonal(cli: Cli) -> None:
    code, out, _ = cli("similarity", "--format", "json")
    assert code == 0
    data = json.loads(out)
    m = data["similarity"]
    assert all(m[i][i] == 1.0 for i in range(len(m)))
    assert all(m[i][j] == m[j][i] for i in range(len(m)) for j in range(len(m)))
    assert data["nearest"]["build-divide"]["game"] == "zx-zillions-of-enemy-x"  # BP, SPS, life cards
    assert data["nearest"]["sengoku-taisen"]["game"] == "build-divide"
    code, out, _ = cli("similarity")
    assert "Nearest neighbour" in out and "1.000" in out


@pytest.mark.parametrize("fmt", ["md", "html", "csv", "json"])
def test_table_formats(cli: Cli, fmt: str) -> None:
    code, out, _ = cli("table", "--format", fmt)
    assert code == 0
    if fmt == "csv":
        assert out.startswith("\ufeff")  # spreadsheets read the Japanese right
        rows = list(csv.reader(io.StringIO(out.lstrip("\ufeff"))))
        assert [r[0] for r in rows] == ["game", "break-joker", "build-divide", "cardfight-vanguard", "guild-heroes",
                                        "magic-the-gathering", "sengoku-taisen", "zx-zillions-of-enemy-x"]
        we = rows[0].index("WE")  # one row per game, a column per field
        assert [r[we] for r in rows[1:]] == ["4", "3", "3", "3", "2", "3", "3"]
    elif fmt == "json":
        assert json.loads(out)["games"][1] == "build-divide"
    elif fmt == "html":
        assert out.startswith("<!DOCTYPE html>") and "<table>" in out and "ビルディバイド" in out
    else:
        assert "| WE | 4 | 3 | 3 | 3 |" in out


def test_a_fifth_game_appears_in_compare_similarity_and_table(cli: Cli) -> None:
    root = ["--data-root", str(USER_ROOT)]
    code, out, _ = cli(*root, "compare", "DM", "BD")
    assert code == 0 and "DM – BD" in out
    code, out, _ = cli(*root, "similarity", "--format", "json")
    assert "duel-masters" in json.loads(out)["games"]
    code, out, _ = cli(*root, "table", "--format", "csv")
    assert out.startswith("\ufeffgame,") and "duel-masters" in [line.split(",")[0] for line in out.splitlines()]
