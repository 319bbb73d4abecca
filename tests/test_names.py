"""amalogs.names (normalise, match, suggest) and the names the card commands take: games, cards and the
filters of `amalogs cards`, in the game's own words, any width, hiragana or katakana."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from amalogs.names import Term, match, normalise, suggest, without_note

from .conftest import Cli

COLOURS = [Term("red", "赤", ("Red",)), Term("blue", "青", ("Blue",)), Term("colourless", "無色", ("Colourless",))]
KEYWORDS = [Term("burst", "バーストアイコン", ("Burst icon (burst trigger)", "Burst icon")),
            Term("blitz", "ブリッツ", ("Blitz",)), Term("bougo", "防護", ("Protection",)),
            Term("bougo-card", "防護カード", ("Protection card",))]


@pytest.mark.parametrize("typed", ["テリトリー", "てりとりー", "ﾃﾘﾄﾘｰ", "ＴＥＲＲＩＴＯＲＹ", "Territory", " テリ トリー "])
def test_normalise_folds_width_kana_case_and_spaces(typed: str) -> None:
    assert normalise(typed) in {normalise("テリトリー"), normalise("territory")}
    assert normalise(typed) in ("てりとりー", "territory")


def test_normalise_keeps_the_long_vowel_and_drops_punctuation() -> None:
    assert normalise("ぎるどひーろーず") == normalise("ギルドヒーローズ") == "ぎるどひーろーず"
    assert normalise("ユニット/エース") == "ゆにっとえーす"
    assert normalise("ace-unit") == normalise("Ace Unit") == "aceunit"
    assert normalise("ブレイクジョーカー!") == normalise("ぶれいくじょーかー")
    assert normalise("ユニット") != normalise("ユニットエース")


def test_match_prefers_an_exact_name_then_a_unique_start() -> None:
    assert [t.key for t in match("赤", COLOURS)] == ["red"]
    assert [t.key for t in match("RED", COLOURS)] == ["red"]
    assert [t.key for t in match("バースト", KEYWORDS)] == ["burst"]  # the start of バーストアイコン
    assert [t.key for t in match("burst icon", KEYWORDS)] == ["burst"]
    assert [t.key for t in match("防護", KEYWORDS)] == ["bougo"]  # exact beats the start of 防護カード
    assert [t.key for t in match("ぼうご", KEYWORDS)] == []  # kana folding does not read kanji
    assert [t.key for t in match("b", KEYWORDS)] == ["burst", "blitz", "bougo", "bougo-card"]  # ambiguous: all
    assert match("バースト", KEYWORDS, prefix=False) == []
    assert match("", COLOURS) == [] and match("・", COLOURS) == []
    assert match("紫", COLOURS) == []


def test_suggest_offers_the_closest_names() -> None:
    assert [t.key for t in suggest("blu", COLOURS)] == ["blue"]
    assert [t.key for t in suggest("ぶりつつ", KEYWORDS)] == ["blitz"]
    assert suggest("紫", COLOURS) == []
    assert suggest("", COLOURS) == []


def test_without_note() -> None:
    assert without_note("Burst icon (burst trigger, also called buster)") == "Burst icon"
    assert without_note("散華（さんげ）") == "散華"
    assert without_note("Red") == "Red"


# --- the commands ----------------------------------------------------------------------------------------------

def _ids(cli: Cli, *args: str) -> list[str]:
    code, out, err = cli(*args, "--format", "json")
    assert code == 0, err
    return [r["id"] for r in json.loads(out)["records"]]


def test_cards_takes_native_names_ids_and_english(cli: Cli) -> None:
    red_territory = _ids(cli, "cards", "BD", "--colour", "赤", "--type", "テリトリー")
    assert red_territory == ["crimson-dragon-nest"]
    assert _ids(cli, "cards", "BD", "--colour", "red", "--type", "territory") == red_territory
    assert _ids(cli, "cards", "BD", "--colour", "Red", "--type", "ﾃﾘﾄﾘｰ") == red_territory
    code, out, _ = cli("cards", "BD", "--colour", "赤", "--type", "テリトリー")
    assert code == 0 and "紅蓮竜の巣" in out and "1 card(s)" in out


def test_cards_keyword_by_its_printed_name_or_the_start_of_it(cli: Cli) -> None:
    burst = _ids(cli, "cards", "BD", "--keyword", "burst")
    assert len(burst) > 10
    assert _ids(cli, "cards", "BD", "--keyword", "バーストアイコン") == burst
    assert _ids(cli, "cards", "BD", "--keyword", "バースト") == burst
    assert _ids(cli, "cards", "BD", "--keyword", "ばーすと") == burst


def test_sengoku_taisen_filters_in_its_own_words(cli: Cli) -> None:
    red_generals = _ids(cli, "cards", "SGK", "--colour", "紅", "--type", "武将")
    assert red_generals and red_generals == _ids(cli, "cards", "SGK", "--colour", "kurenai", "--type", "bushou")
    assert _ids(cli, "cards", "SGK", "--colour", "Crimson", "--type", "General") == red_generals


def test_a_type_takes_in_its_kinds(cli: Cli) -> None:
    units = _ids(cli, "cards", "BD", "--type", "ユニット")
    aces = _ids(cli, "cards", "BD", "--type", "ユニット/エース")
    assert aces and set(aces) < set(units)
    assert _ids(cli, "cards", "BD", "--type", "ゆに") == units  # the start of both: the type they are kinds of


def test_an_unknown_filter_is_one_line_with_what_the_game_has(cli: Cli) -> None:
    code, out, err = cli("cards", "BD", "--colour", "紫")
    assert code == 1 and out == ""
    assert err.strip() == "amalogs: --colour 紫: ビルディバイド -ブライト- has no colour 紫 (its colours: 赤, 青, 白, 黒, 無色)"
    code, _, err = cli("cards", "BD", "--type", "ユニト")
    assert code == 1 and len(err.strip().splitlines()) == 1
    assert "has no card type ユニト; did you mean ユニット" in err and "its card types: ユニット, ユニット/エース" in err
    code, _, err = cli("cards", "SGK", "--keyword", "b")
    assert code == 1 and "more than one keyword starting so" in err and len(err.strip().splitlines()) == 1


def test_the_game_by_hiragana_or_half_width(cli: Cli) -> None:
    assert _ids(cli, "cards", "ぎるどひーろーず") == _ids(cli, "cards", "GH")
    assert _ids(cli, "cards", "ﾋﾞﾙﾃﾞｨﾊﾞｲﾄﾞ") == _ids(cli, "cards", "BD")
    code, _, err = cli("cards", "guild")  # the start of a game's name is still only a suggestion
    assert code == 1 and "did you mean 'guild-heroes'?" in err


def test_search_ignores_width_and_kana(cli: Cli) -> None:
    assert _ids(cli, "cards", "BD", "--search", "ﾕﾆｯﾄ1体に1000") == _ids(cli, "cards", "BD", "--search", "ユニット1体に1000")
    assert "spark-imp" in _ids(cli, "cards", "BD", "--search", "Spark")


@pytest.mark.parametrize("ref", ["BD:spark-imp", "BD:火花の小鬼", "BD:Spark Imp", "ビルディバイド:火花の小鬼", "BD:火花の"])
def test_card_refs_take_the_name_or_id(cli: Cli, ref: str) -> None:
    code, out, err = cli("card", ref, "--format", "json")
    assert code == 0, err
    assert json.loads(out)["records"][0]["id"] == "spark-imp"


def test_convert_takes_a_japanese_card_name(cli: Cli) -> None:
    code, out, err = cli("convert", "SGK:鷹森烈堂", "--to", "ぎるどひーろーず", "--format", "json")
    assert code == 0, err
    record = json.loads(out)["records"][0]
    assert record["source"]["id"] == "takamori-retsudou" and record["target"]["game"] == "guild-heroes"


def test_an_unknown_card_name_suggests_the_close_one(cli: Cli) -> None:
    code, _, err = cli("card", "BD:火花の子鬼")
    assert code == 1 and "did you mean '火花の小鬼'?" in err and len(err.strip().splitlines()) == 1


def test_convert_takes_a_card_of_a_file_by_name(cli: Cli, tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text(
        'game = "build-divide"\n\n'
        '[[cards]]\nid = "my-knight"\nname = "私の騎士"\ntype = "unit"\ncolours = ["white"]\n'
        'stats = { play-cost = 3, power = 3500, hit = 1, attribute = ["騎士"] }\n\n'
        '[[cards]]\nid = "my-page"\nname = "私の従者"\ntype = "unit"\ncolours = ["white"]\n'
        'stats = { play-cost = 1, power = 1000, hit = 1, attribute = ["騎士"] }\n', encoding="utf-8")
    code, out, err = cli("convert", str(mine), "--to", "GH", "--card", "私の従者", "--format", "json")
    assert code == 0, err
    assert [r["source"]["id"] for r in json.loads(out)["records"]] == ["my-page"]
    code, _, err = cli("convert", str(mine), "--to", "GH", "--card", "私の")
    assert code == 1 and "more than one card" in err and len(err.strip().splitlines()) == 1
    code, _, err = cli("convert", str(mine), "--to", "GH", "--card", "someone")
    assert code == 1 and "no card 'someone'" in err and "my-knight, my-page" in err
