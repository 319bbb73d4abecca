"""The conversion commands as a user runs them, and deck conversion for every pair of games."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from amalogs.cardcheck import check_deck
from amalogs.catalog import Catalog
from amalogs.convert.decks import convert_deck, deck_cards, explain
from amalogs.models.cards import Deck

from .conftest import Cli

GAMES = ["build-divide", "sengoku-taisen", "guild-heroes", "break-joker"]


def test_cards_lists_and_filters(cli: Cli) -> None:
    code, out, _ = cli("cards", "BD", "--type", "territory")
    assert code == 0 and "4 card(s)" in out
    code, out, _ = cli("cards", "GH", "--keyword", "lure", "--json")
    assert code == 0 and '"lure"' in out


def test_card_shows_native_and_canonical(cli: Cli) -> None:
    code, out, _ = cli("card", "BD:spark-imp")
    assert code == 0
    assert "火花の小鬼" in out and "AMALOGS card" in out and "キャラ科 / キャラ" in out
    assert "[destroyed]" in out  # markup-like text prints as written


def test_an_unknown_card_suggests_one(cli: Cli) -> None:
    code, _, err = cli("card", "BD:spark-impp")
    assert code == 1
    assert "did you mean 'spark-imp'?" in err


def test_convert_shows_every_field_with_fidelity(cli: Cli) -> None:
    code, out, _ = cli("convert", "BD:spark-imp", "--to", "SGK")
    assert code == 0
    for word in ("武力", "兵力", "攻城力", "exact", "dropped", "reason"):  # stats by their printed names
        assert word in out


def test_convert_a_users_own_card_file_and_write_it(cli: Cli, tmp_path: Path) -> None:
    mine = tmp_path / "my-card.toml"
    mine.write_text(
        'game = "build-divide"\n\n[[cards]]\nid = "my-knight"\nname = "私の騎士"\ntype = "unit"\n'
        'colours = ["white"]\nkeywords = ["decoy"]\nstats = { play-cost = 3, power = 3500, hit = 1, attribute = ["騎士"] }\n',
        encoding="utf-8",
    )
    out_file = tmp_path / "converted.toml"
    code, out, _ = cli("convert", str(mine), "--to", "GH", "--out", str(out_file))
    assert code == 0, out
    written = tomllib.loads(out_file.read_text(encoding="utf-8"))
    assert written["game"] == "guild-heroes"
    card = written["cards"][0]
    assert card["keywords"] == ["lure"]  # デコイ ↔ ルアー
    assert card["stats"]["attack"] == 4 and card["stats"]["defence"] == 4  # BP 3.5 → the nearest whole number
    code, out, _ = cli("validate", str(out_file))
    assert code == 0, out


def test_a_broken_card_file_is_one_line(cli: Cli, tmp_path: Path) -> None:
    mine = tmp_path / "bad.toml"
    mine.write_text('game = "build-divide"\n\n[[cards]]\nid = "x"\nname = "x"\ntype = "unit"\nstats = { power = "big" }\n',
                    encoding="utf-8")
    code, _, err = cli("convert", str(mine), "--to", "GH")
    assert code == 1 and len(err.strip().splitlines()) == 1
    assert "cards[0].stats.power" in err or "cards[0].stats" in err


@pytest.mark.parametrize("source", GAMES)
@pytest.mark.parametrize("target", GAMES)
def test_every_sample_deck_converts_legally_or_explains(catalog: Catalog, source: str, target: str) -> None:
    s, t = catalog.game(source), catalog.game(target)
    for deck, _ in catalog.decks(source).values():
        result = convert_deck(deck, s, catalog.cards(source), t, catalog.cards(target))
        rechecked = check_deck(result.deck, t.profile, deck_cards(result.deck, catalog.cards(target)))
        assert rechecked == result.unmet
        for violation in result.unmet:
            assert explain(violation, s, t)
        if source == target:
            assert result.unmet == []


def test_convert_deck_writes_a_file_that_deck_check_reads(cli: Cli, tmp_path: Path) -> None:
    out_file = tmp_path / "bj.toml"
    code, out, _ = cli("convert-deck", "BD:red-aggro", "--to", "BJ", "--out", str(out_file))
    assert code == 0, out
    assert "trimmed the main deck" in out and "passes the" in out
    Deck.model_validate(tomllib.loads(out_file.read_text(encoding="utf-8")))
    code, out, _ = cli("deck", "check", str(out_file))
    assert code == 0, out


def test_convert_deck_into_build_divide_fills_the_burst_rule_from_its_own_cards(cli: Cli, tmp_path: Path) -> None:
    # 戦国大戦TCG has no burst icon: the exactly-12 rule is met with ビルディバイド's own burst cards, marked padding
    out_file = tmp_path / "bd.toml"
    code, out, _ = cli("convert-deck", "SGK:takamori-kurenai", "--to", "BD", "--out", str(out_file))
    assert code == 0
    flat = " ".join(out.split())
    assert "バーストトリガー's exactly 12" in flat and "padding" in flat and "passes the" in flat
    code, out, _ = cli("deck", "check", str(out_file))
    assert code == 0, out
