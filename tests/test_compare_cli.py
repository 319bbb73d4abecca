"""compare, similarity and table as a user runs them, including a fifth game from a user folder."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from rich.cells import cell_len

from .conftest import USER_ROOT, Cli


def _summary(out: str) -> list[str]:
    """The first screen of `amalogs compare`: the lines before the term-by-term details."""
    lines = out.splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith("Term by term"))
    return lines[:end - 1] if not lines[end - 1].strip() else lines[:end]


def _row(out: str, label: str) -> str:
    (line,) = [line for line in out.splitlines() if line.lstrip()[2:].startswith(label)]
    return line


def test_compare_leads_with_what_is_alike_and_what_differs_most(cli: Cli) -> None:
    code, out, _ = cli("compare", "BD", "SGK")
    assert code == 0
    summary = _summary(out)
    assert summary[0].startswith("Similarity ") and "BD ビルディバイド -ブライト- vs SGK 戦国大戦TCG" in summary[0]
    assert summary[1].startswith("Alike: ") and "attacks" in summary[1] and "rule facts" in summary[1]
    assert summary[2].startswith("Differs most: systems")  # BP制 against APDP制 decides most how they meet
    assert summary[3].startswith("Canonical terms: ")
    glance = "\n".join(summary)
    for mark, family in (("≠", "systems"), ("≠", "life"), ("≠", "resources"), ("≠", "turn"), ("≠", "deck"),
                         ("≠", "hand"), ("=", "attacks"), ("=", "WE/レンジ")):
        assert re.search(rf"^ {mark} {re.escape(family)} ", glance, re.MULTILINE), family
    assert "BP制 · SPS · シールドライフ" in _row(out, "systems")
    for label in ("= WE ", "≠ stat system", "≠ deck size", "≠ hand limit", "≠ phases", "= damage cleanup"):
        assert any(line.lstrip().startswith(label) for line in out.splitlines()), label


def test_the_breakdown_follows_the_details_and_adds_up(cli: Cli) -> None:
    from amalogs.compare.similarity import MEASURE_WEIGHTS
    from amalogs.report.compare import MEASURE_NAMES

    _, out, _ = cli("compare", "BD", "SGK")
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Similarity (distance"))
    assert start > next(i for i, line in enumerate(lines) if line.startswith("Term by term"))
    assert "BD – SGK" in lines[start + 1]
    rows = lines[start:]
    parts = [float(next(r for r in rows if r.lstrip().startswith(f"{MEASURE_NAMES.get(m, m)} ×")).split()[-1])
             for m in MEASURE_WEIGHTS]
    distance = float(next(r for r in rows if r.lstrip().startswith("distance (sum")).split()[-1])
    similarity = float(next(r for r in rows if r.lstrip().startswith("similarity (1")).split()[-1])
    assert sum(parts) == pytest.approx(distance, abs=0.002 * len(parts))
    assert similarity == pytest.approx(1 - distance, abs=0.001)
    assert f"Similarity {similarity:.3f}" in lines[0]
    pools = out[out.index("Card pools (canonical)"):]
    assert "mean 大コスト" in pools and "AP 1.95, DP 2.17" in pools


def test_a_canonical_term_puts_both_games_native_words_on_one_row(cli: Cli) -> None:
    code, out, _ = cli("compare", "BD", "GH")
    assert code == 0
    discard = _row(out, "Discard pile 墓地")  # ドロップゾーン and 捨て札置き場 are both the canonical 墓地
    assert discard.lstrip().startswith("= ") and "ドロップゾーン" in discard and "捨て札置き場" in discard
    assert discard.index("ドロップゾーン") < discard.index("捨て札置き場")  # BD's column, then GH's
    assert sum("捨て札置き場" in line for line in out.splitlines()) == 1  # not a second, one-sided row
    decoy = _row(out, "Decoy デコイ")
    assert "デコイ" in decoy.split("Decoy デコイ")[1] and "ルアー" in decoy
    assert "パワー ×1/1000" in _row(out, "Battle points BP")  # with the adjust ratio
    only = _row(out, "Resource deck 資源デッキ")  # only GH keeps a mana deck
    assert only.lstrip().startswith("+ ") and "—" in only and "マナデッキ" in only
    assert "バーサーク" in _row(out, "no canonical term")  # a keyword with no unified form is still shown
    families = [line for line in out.splitlines() if line.startswith(("Zones (", "Stats (", "Card types ("))]
    assert len(families) == 3


def test_a_keyword_rule_one_page_lacks_is_marked_only_in_one(cli: Cli) -> None:
    code, out, _ = cli("compare", "BJ", "BD")
    assert code == 0
    one_sided = _row(out, "One-sided attack ワンサイドアタック")  # Break Joker's rounds: no counter-damage
    assert one_sided.lstrip().startswith("+ ") and one_sided.split()[-2:] == ["yes", "no"]
    assert _row(out, "stat system").split()[-2:] == ["—", "BP制"]  # Break Joker has no stat system


def test_bookkeeping_stays_out_unless_all(cli: Cli) -> None:
    code, out, _ = cli("compare", "BD", "GH")
    assert code == 0
    for bookkeeping in ("安藤飯店", "build-divide", "drop-zone", "500 counts as 0.5", "Every field"):
        assert bookkeeping not in out, bookkeeping
    code, every, _ = cli("compare", "BD", "GH", "--all")
    for shown in ("安藤飯店", "build-divide", "500 counts as 0.5", "Every field", "Discard pile 墓地"):
        assert shown in every, shown


@pytest.mark.parametrize("width", [80, 160])
def test_the_first_screen_fits_and_wide_characters_line_up(cli: Cli, width: int) -> None:
    code, out, _ = cli("--width", str(width), "compare", "BD", "GH")
    assert code == 0
    summary = _summary(out)
    assert len(summary) <= 24
    assert all(cell_len(line) <= width for line in out.splitlines())
    header = next(line for line in summary if line.split() == ["BD", "GH"])
    column = cell_len(header[:header.index("GH")])
    for family, words in (("systems", "APDP制"), ("life", "4 フォート"), ("deck", "40 ×4 + マナデッキ 10")):
        line = _row("\n".join(summary), family)
        assert cell_len(line[:line.index(words)]) == column, line  # after Japanese in the BD column


def test_compare_all_shows_every_field(cli: Cli) -> None:
    code, out, _ = cli("compare", "BD", "SGK", "--all")
    assert code == 0
    assert out.index("Alike: ") < out.index("Term by term") < out.index("Every field")
    for field in ("deck › main › min", "turn › hand limit", "page › we › we", "page › damage cleanup › timing",
                  "sources", "overview › summary"):
        assert field in out
    assert "≠" in out and "=" in out
    assert _row(out, "deck › side decks › d-deck › name").lstrip().startswith("+ ")  # BD alone has a D deck
    code, different, _ = cli("compare", "BD", "SGK", "--all", "--different")
    details = different[different.index("Term by term"):different.index("Similarity (distance")]
    assert not re.search(r"^ = ", details, re.MULTILINE) and re.search(r"^ ≠ id ", details, re.MULTILINE)


def test_compare_json_and_csv_carry_the_canonical_rows(cli: Cli) -> None:
    code, out, _ = cli("compare", "BD", "GH", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "amalogs-compare" and data["version"] == 1
    assert data["games"] == ["build-divide", "guild-heroes"]
    records = {(r["family"], r["term"]): r for r in data["records"]}
    assert records["zone", "墓地"] == {"family": "zone", "term": "墓地", "en": "Discard pile", "status": "same",
                                      "build-divide": ["ドロップゾーン"], "guild-heroes": ["捨て札置き場"]}
    assert records["zone", "資源デッキ"]["status"] == "only" and records["zone", "資源デッキ"]["build-divide"] is None
    assert records["we", "WE"]["build-divide"] == 3 and records["we", "WE"]["status"] == "same"
    assert records["turn", "phases"]["guild-heroes"][:3] == ["開始", "ドロー", "資源"]  # lists stay lists
    assert records["systems", "stat system"]["status"] == "different"
    assert records["systems", "ブロック宣言"]["build-divide"] is True  # a keyword rule both pages follow
    assert not any(r["family"] == "field" for r in data["records"])  # every field only with --all
    assert [r["term"] for r in data["glance"]][:3] == ["systems", "life", "resources"]
    (pair,) = data["similarity"]
    assert pair["similarity"] == pytest.approx(1 - sum(pair["parts"].values()), abs=1e-5)
    code, out, _ = cli("compare", "BD", "GH", "--all", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out.removeprefix("\ufeff"))))
    assert list(rows[0])[:6] == ["family", "term", "en", "status", "build-divide", "guild-heroes"]
    zone = next(r for r in rows if r["family"] == "zone" and r["term"] == "場")
    assert zone["build-divide"] == "テリトリーゾーン / 場" and zone["guild-heroes"] == "ディフェンスエリア / アタックエリア"
    hand = next(r for r in rows if r["key"] == "profile.turn.hand_limit")
    assert (hand["family"], hand["status"], hand["build-divide"], hand["guild-heroes"]) == ("field", "different", "5", "6")


def test_compare_three_games_lists_every_pair(cli: Cli) -> None:
    code, out, _ = cli("compare", "BD", "SGK", "GH", "--different")
    assert code == 0
    for pair in ("BD – SGK", "BD – GH", "SGK – GH"):
        assert pair in out


def test_compare_needs_two_games(cli: Cli) -> None:
    code, _, err = cli("compare", "BD")
    assert code == 1 and "at least two games" in err
    code, _, err = cli("compare", "BD", "ビルディバイド")  # rows are keyed by game: one game twice is one game
    assert code == 1 and "BD, ビルディバイド all name build-divide" in err


def test_similarity_matrix_is_symmetric_with_ones_on_the_diagonal(cli: Cli) -> None:
    code, out, _ = cli("similarity", "--format", "json")
    assert code == 0
    data = json.loads(out)
    m = data["similarity"]
    assert all(m[i][i] == 1.0 for i in range(len(m)))
    assert all(m[i][j] == m[j][i] for i in range(len(m)) for j in range(len(m)))
    assert data["nearest"]["build-divide"]["game"] == "duel-masters"  # BP, SPS, shields with triggers, any card as mana
    # both APDP制 with blocks, walls or forts (戦国大戦TCG's own nearest is デュエル・マスターズ, whose turn it shares
    # step for step: docs/similarity.md)
    assert data["nearest"]["guild-heroes"]["game"] == "sengoku-taisen"
    code, out, _ = cli("similarity")
    assert "Nearest neighbour" in out and "1.000" in out


def test_similarity_explain_gives_each_measures_share_in_the_games_own_words(cli: Cli) -> None:
    code, out, _ = cli("similarity", "--explain", "BD", "MTG", "--format", "json")
    assert code == 0
    data = json.loads(out)
    rows, pair = data["records"], data["pair"]
    assert data["games"] == ["build-divide", "magic-the-gathering"]
    assert sorted(r["measure"] for r in rows) == sorted(pair["distances"])
    assert sum(r["part"] for r in rows) == pytest.approx(pair["distance"], abs=1e-5)
    assert sum(r["share"] for r in rows) == pytest.approx(1.0, abs=1e-5)
    assert [r["part"] for r in rows] == sorted((r["part"] for r in rows), reverse=True)  # largest share first
    said = {r["measure"]: (r["a"], r["b"]) for r in rows}
    assert "エナジー" in said["resources"][0] and "マナ" in said["resources"][1]  # each game's own resource word
    assert "タフネス" in said["systems"][1] and "APDP制" in said["systems"][1]
    assert "ライフゾーン" in said["life"][0] and "20 points" in said["life"][1]
    code, out, _ = cli("similarity", "--explain", "BD", "MTG")
    assert code == 0 and "share" in out and "BD: " in out and "MTG: " in out
    code, _, err = cli("similarity", "--explain", "BD", "nope")
    assert code != 0 and "unknown game 'nope'" in err and "Traceback" not in err


@pytest.mark.parametrize("fmt", ["md", "html", "csv", "json"])
def test_table_formats(cli: Cli, fmt: str) -> None:
    code, out, _ = cli("table", "--format", fmt)
    assert code == 0
    if fmt == "csv":
        assert out.startswith("\ufeff")  # spreadsheets read the Japanese right
        rows = list(csv.reader(io.StringIO(out.lstrip("\ufeff"))))
        assert [r[0] for r in rows] == ["game", "break-joker", "build-divide", "cardfight-vanguard", "duel-masters",
                                        "guild-heroes", "magic-the-gathering", "pokemon-card-game", "sengoku-taisen",
                                        "zx-zillions-of-enemy-x"]
        we = rows[0].index("WE")  # one row per game, a column per field
        assert [r[we] for r in rows[1:]] == ["4", "3", "3", "3", "3", "2", "2", "3", "3"]
    elif fmt == "json":
        assert json.loads(out)["games"][1] == "build-divide"
    elif fmt == "html":
        assert out.startswith("<!DOCTYPE html>") and "<table>" in out and "ビルディバイド" in out
    else:
        assert "| WE | 4 | 3 | 3 | 3 |" in out


def test_a_fifth_game_appears_in_compare_similarity_and_table(cli: Cli) -> None:
    root = ["--data-root", str(USER_ROOT)]
    code, out, _ = cli(*root, "compare", "BS", "BD")
    assert code == 0 and "BS – BD" in out
    code, out, _ = cli(*root, "similarity", "--format", "json")
    assert "battle-spirits" in json.loads(out)["games"]
    code, out, _ = cli(*root, "table", "--format", "csv")
    assert out.startswith("\ufeffgame,") and "battle-spirits" in [line.split(",")[0] for line in out.splitlines()]
