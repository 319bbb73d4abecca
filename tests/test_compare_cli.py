"""compare, similarity and table as a user runs them, including a fifth game from a user folder."""

from __future__ import annotations

import csv
import io
import json

import pytest

from .conftest import USER_ROOT, Cli


def test_compare_two_games_shows_every_field_and_the_breakdown(cli: Cli) -> None:
    code, out, _ = cli("compare", "BD", "SGK")
    assert code == 0
    for field in ("profile.deck.main.min", "profile.turn.hand_limit", "page.we.we", "page.damage_cleanup.timing"):
        assert field in out
    assert "≠" in out and "=" in out
    breakdown = out[out.index("Similarity breakdown"):]
    line = next(x for x in breakdown.splitlines() if "BD – SGK" in x)
    numbers = [float(v) for v in line.split()[3:]]
    concepts, turn, systems, we, distance, similarity = numbers
    parts_line = breakdown.splitlines()[breakdown.splitlines().index(line) + 1]
    parts = [float(p) for p in parts_line.replace("→", " ").split()]
    assert sum(parts) == pytest.approx(distance, abs=0.002)
    assert similarity == pytest.approx(1 - distance, abs=0.001)
    pools = out[out.index("Card pools (canonical)"):]
    assert "mean 大コスト" in pools and "AP 1.95, DP 2.17" in pools


def test_compare_three_games_lists_every_pair(cli: Cli) -> None:
    code, out, _ = cli("compare", "BD", "SGK", "GH", "--different")
    assert code == 0
    for pair in ("BD – SGK", "BD – GH", "SGK – GH"):
        assert pair in out


def test_compare_needs_two_games(cli: Cli) -> None:
    code, _, err = cli("compare", "BD")
    assert code == 1 and "at least two games" in err


def test_similarity_matrix_is_symmetric_with_ones_on_the_diagonal(cli: Cli) -> None:
    code, out, _ = cli("similarity", "--json")
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
        rows = list(csv.reader(io.StringIO(out)))
        assert rows[0] == ["field", "break-joker", "build-divide", "cardfight-vanguard", "guild-heroes",
                           "magic-the-gathering", "sengoku-taisen", "zx-zillions-of-enemy-x"]
        assert ["WE", "4", "3", "3", "3", "2", "3", "3"] in rows
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
    code, out, _ = cli(*root, "similarity", "--json")
    assert "duel-masters" in json.loads(out)["games"]
    code, out, _ = cli(*root, "table", "--format", "csv")
    assert "duel-masters" in out.splitlines()[0]
