"""Deck lists as plain text (amalogs.decklist) and the commands over them: deck show, deck export, deck import."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amalogs.catalog import Catalog, load_deck_file
from amalogs.convert.decks import deck_cards
from amalogs.decklist import (
    MAX_BYTES,
    MAX_COPIES,
    MAX_LINES,
    DecklistError,
    decode_decklist,
    fold,
    format_decklist,
    parse_decklist,
)
from amalogs.errors import AmalogsError
from amalogs.models.cards import Deck
from tests.conftest import Cli

BD_HEAD = "# game: BD\n"


def _parse(catalog: Catalog, text: str, **kw: str) -> Deck:
    return parse_decklist(text, catalog, **kw)[1]


def _error(catalog: Catalog, text: str, **kw: str) -> str:
    with pytest.raises(DecklistError) as info:
        parse_decklist(text, catalog, source="my.txt", **kw)
    message = str(info.value)
    assert "\n" not in message and message.startswith("my.txt: ")
    assert "Traceback" not in message
    return message


def _sample_decks(catalog: Catalog) -> list[tuple[str, str]]:
    return [(gid, did) for gid in catalog.games for did in catalog.decks(gid)]


# --- round trip ---------------------------------------------------------------------------------------------


def test_every_sample_deck_round_trips(catalog: Catalog) -> None:
    pairs = _sample_decks(catalog)
    assert len(pairs) >= 17
    for gid, did in pairs:
        deck, _ = catalog.decks(gid)[did]
        game = catalog.games[gid]
        text = format_decklist(deck, game, deck_cards(deck, catalog.cards(gid)))
        back_game, back = parse_decklist(text, catalog)
        assert back_game.id == gid, did
        assert (back.main, back.side, back.extra) == (deck.main, deck.side, deck.extra), did
        assert back.name == deck.name and back.en == deck.en
        # and the export of the import is the same text
        assert format_decklist(back, game, catalog.cards(gid)) == text


def test_export_lists_sections_in_the_games_order_with_names(catalog: Catalog) -> None:
    deck, _ = catalog.decks("guild-heroes")["tidelight-guardians"]
    text = format_decklist(deck, catalog.games["guild-heroes"], catalog.cards("guild-heroes"))
    lines = text.splitlines()
    assert lines[0] == "# game: ギルドヒーローズ" and lines[1] == "# name: 潮と光の守護者"
    headings = [line.split("]")[0] + "]" for line in lines if line.startswith("[")]
    assert headings == ["[メインデッキ]", "[マナデッキ]", "[ベースカード]"]
    assert "4 水のマナ" in lines
    assert all(re.match(r"^(#|\[|$|[0-9]+ \S)", line) for line in lines)


# --- reading variants ---------------------------------------------------------------------------------------


def test_count_forms(catalog: Catalog) -> None:
    for line in ("4 火花の小鬼", "4x 火花の小鬼", "4 x 火花の小鬼", "4× 火花の小鬼", "4枚 火花の小鬼", "火花の小鬼 x4",
                 "火花の小鬼 ×4", "火花の小鬼×4", "火花の小鬼 X4", "火花の小鬼 4枚", "火花の小鬼 4", "- 4 火花の小鬼",
                 "・火花の小鬼 x4", "4 火花の小鬼  # 序盤用", "４ 火花の小鬼", "4 spark-imp", "spark-imp x4"):
        assert _parse(catalog, BD_HEAD + line + "\n").main == {"spark-imp": 4}, line


def test_names_are_width_case_and_kana_insensitive(catalog: Catalog) -> None:
    for name in ("火花ノ小鬼", "火花 の 小鬼", "火花　の　小鬼", "SPARK-IMP", "Ｓｐａｒｋ Ｉｍｐ", "spark_imp"):
        assert _parse(catalog, f"{BD_HEAD}2 {name}\n").main == {"spark-imp": 2}, name
    # katakana written as hiragana and half-width katakana
    assert _parse(catalog, BD_HEAD + "1 烈火のわいばーん\n1 烈火のﾜｲﾊﾞｰﾝ\n").main == {"blazing-wyvern": 2}
    assert fold("ワイバーン") == fold("わいばーん") == fold("ﾜｲﾊﾞｰﾝ")


def test_a_card_listed_twice_adds_up(catalog: Catalog) -> None:
    assert _parse(catalog, BD_HEAD + "2 火花の小鬼\n火花の小鬼 x2\n").main == {"spark-imp": 4}


def test_heading_variants(catalog: Catalog) -> None:
    for main, territory in (("[メインデッキ]", "[テリトリー]"), ("メイン", "テリトリー"), ("Main:", "Territory:"),
                            ("== メインデッキ ==", "== テリトリー =="), ("【メイン】", "【テリトリー】"),
                            ("メインデッキ (40)", "テリトリー 1枚"), ("--- main ---", "--- territory ---"),
                            ("[メインデッキ] 40枚", "■テリトリー"), ("main deck", "ﾃﾘﾄﾘｰ"), ("Main: 40", "Territory (1):")):
        deck = _parse(catalog, f"{BD_HEAD}{main}\n4 火花の小鬼\n{territory}\n1 紅蓮竜の巣\n")
        assert deck.main == {"spark-imp": 4} and deck.extra == {"territory": {"crimson-dragon-nest": 1}}, main
    # cards before any heading are the main deck; a side deck by its name or id
    deck = _parse(catalog, BD_HEAD + "4 火花の小鬼\n[Dデッキ]\n2 紅蓮竜の仔\n[d-deck]\n1 紅蓮竜の仔\n")
    assert deck.main == {"spark-imp": 4} and deck.side == {"d-deck": {"crimson-dragon-whelp": 3}}


def test_guild_heroes_mana_deck_headings(catalog: Catalog) -> None:
    for heading in ("== 特殊マナデッキ ==", "[マナデッキ]", "mana-deck:", "Mana deck", "サイド"):
        deck = _parse(catalog, f"# game: ギルドヒーローズ\n4 港の見習い水夫\n{heading}\n4 水のマナ\n")
        assert deck.side == {"mana-deck": {"water-mana": 4}}, heading


def test_header_game_and_name(catalog: Catalog) -> None:
    for head in ("# game: ビルディバイド", "# game: build-divide", "#game:BD", "// ゲーム: ＢＤ", "game: BD"):
        game, deck = parse_decklist(f"{head}\n# name: 赤の速攻\n# en: Red rush\n4 火花の小鬼\n", catalog)
        assert game.id == "build-divide" and deck.name == "赤の速攻" and deck.en == "Red rush", head
    game, deck = parse_decklist("4 火花の小鬼\n", catalog, game="BD", default_name="mylist")
    assert game.id == "build-divide" and deck.name == "mylist"
    # --game agreeing with the list is fine
    assert parse_decklist(BD_HEAD + "4 火花の小鬼\n", catalog, game="ビルディバイド")[0].id == "build-divide"


def test_comments_and_blank_lines_are_ignored(catalog: Catalog) -> None:
    text = "\ufeff# game: BD\r\n\r\n# a comment\r\n// another\r\n   \r\n4 火花の小鬼 // 4枚\r\n# 1 紅蓮竜の巣\r\n"
    deck = _parse(catalog, text)
    assert deck.main == {"spark-imp": 4} and not deck.extra


def test_the_documented_example_reads(catalog: Catalog) -> None:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "decks.md").read_text(encoding="utf-8")
    example = re.findall(r"```text\n(.*?)```", doc[doc.index("## The format"):], re.DOTALL)[0]
    game, deck = parse_decklist(example.replace("…\n", ""), catalog)
    assert game.id == "build-divide" and deck.name == "紅蓮竜アグロ"
    assert deck.main["blazing-wyvern"] == 4 and deck.extra == {"territory": {"crimson-dragon-nest": 1}}
    for g in catalog.games.values():  # the table of parts names every side deck and extra-card kind
        for part in (*g.profile.deck.side_decks, *g.profile.deck.extra_cards):
            assert f"{part.name} (`{part.id}`)" in doc, part.id


# --- errors -------------------------------------------------------------------------------------------------


def test_unknown_card_with_a_suggestion(catalog: Catalog) -> None:
    message = _error(catalog, BD_HEAD + "\n4 火花の子鬼\n")
    assert message.startswith("my.txt: line 3: ") and "火花の子鬼" in message and "did you mean '火花の小鬼'" in message


def test_several_problems_name_their_lines(catalog: Catalog) -> None:
    message = _error(catalog, BD_HEAD + "4 火花の子鬼\n4 火花の小鬼\n2 紅蓮竜のこ\nxyz 12\n")
    assert message.startswith("my.txt: line 2: ") and "(and 2 more: line 4, 5)" in message


def test_bad_counts(catalog: Catalog) -> None:
    for line in ("0 火花の小鬼", "-1 火花の小鬼", "火花の小鬼 x0", f"{MAX_COPIES + 1} 火花の小鬼", "99999999999999999999 火花の小鬼",
                 "火花の小鬼 x-2"):
        message = _error(catalog, BD_HEAD + line + "\n")
        assert message.startswith("my.txt: line 2: bad count"), (line, message)
    message = _error(catalog, BD_HEAD + "500 火花の小鬼\n500 火花の小鬼\n")
    assert message.startswith("my.txt: line 3: bad count") and str(MAX_COPIES) in message


def test_unknown_section(catalog: Catalog) -> None:
    message = _error(catalog, BD_HEAD + "4 火花の小鬼\n[マナデッキ]\n4 火花の小鬼\n")
    assert message.startswith("my.txt: line 3: unknown section 'マナデッキ'") and "Dデッキ, テリトリー" in message


def test_wrong_game(catalog: Catalog) -> None:
    message = _error(catalog, "# game: GH\n4 火花の小鬼\n")
    assert message.startswith("my.txt: line 2: ") and "a card of ビルディバイド" in message and "ギルドヒーローズ" in message
    message = _error(catalog, BD_HEAD + "4 火花の小鬼\n", game="GH")
    assert message.startswith("my.txt: line 1: ") and "--game" in message
    message = _error(catalog, "# game: nosuch-game\n4 火花の小鬼\n")
    assert message.startswith("my.txt: line 1: unknown game 'nosuch-game'")
    message = _error(catalog, "4 火花の小鬼\n")
    assert message.startswith("my.txt: line 1: ") and "# game:" in message
    message = _error(catalog, BD_HEAD + "4 火花の小鬼\n# game: GH\n")
    assert message.startswith("my.txt: line 3: ")


def test_empty_lists(catalog: Catalog) -> None:
    for text in ("", "\n\n", BD_HEAD, BD_HEAD + "# only comments\n[メイン]\n"):
        assert "no cards" in _error(catalog, text)


def test_lines_that_are_not_card_lines(catalog: Catalog) -> None:
    assert "line 2: no count for '火花の小鬼'" in _error(catalog, BD_HEAD + "火花の小鬼\n")
    assert "line 2: neither a card line" in _error(catalog, BD_HEAD + "hello world\n")


def test_hostile_input_is_refused_quickly(catalog: Catalog) -> None:
    with pytest.raises(DecklistError, match="too large"):
        decode_decklist(b"4 x\n" * (MAX_BYTES // 4 + 1), "big.txt")
    with pytest.raises(DecklistError, match=r"^big.txt: line 2: a NUL byte"):
        decode_decklist(b"# game: BD\n4 \x00\n", "big.txt")
    with pytest.raises(DecklistError, match=r"^big.txt: line 2: not UTF-8 text \(byte 0xff"):
        decode_decklist(b"# game: BD\n4 \xff\n", "big.txt")
    assert "too many lines" in _error(catalog, BD_HEAD + "# x\n" * MAX_LINES)
    assert "line too long" in _error(catalog, BD_HEAD + "4 " + "火" * 10_000 + "\n")
    assert "control character" in _error(catalog, BD_HEAD + "4 火花の\x1b[31m小鬼\n")
    # thousands of bad lines: the first problems only, quickly
    message = _error(catalog, BD_HEAD + "4 火花の子鬼\n" * 4000)
    assert message.startswith("my.txt: line 2: ") and "more" in message
    # long runs of spaces, rules and brackets (patterns that could backtrack) in a list of about 1 MB: quick
    start = time.monotonic()
    for line in ("# " + " " * 480 + "x", "1 火花の" + " " * 480 + "小鬼", "==" + "=" * 480 + "メイン=",
                 "[メイン" + " ]" * 240, "1 火花の" + "・" * 480 + "小鬼", "1" + " x" * 240):
        try:
            parse_decklist(BD_HEAD + (line + "\n") * 1900, catalog)
        except DecklistError:
            pass
    assert time.monotonic() - start < 30
    # thousands of good lines add up, within the copy limit of a line list
    assert "bad count" in _error(catalog, BD_HEAD + "1 火花の小鬼\n" * 1200)


# --- the commands -------------------------------------------------------------------------------------------


def test_deck_show(cli: Cli) -> None:
    code, out, err = cli("deck", "show", "BD:red-aggro")
    assert code == 0, err
    assert "紅蓮竜アグロ" in out and "ビルディバイド" in out and "メインデッキ  42枚" in out and "テリトリー  1枚" in out
    assert "熾火の従騎士" in out and "ユニット" in out and "プレイコスト" in out
    assert "合計 43枚" in out and "legal ビルディバイド -ブライト- deck (42 main-deck cards)" in out


def test_deck_show_of_a_list_says_what_is_illegal(cli: Cli, tmp_path: Path) -> None:
    listed = tmp_path / "mine.txt"
    listed.write_text("# game: BD\n4 火花の小鬼\n", encoding="utf-8")
    code, out, err = cli("deck", "show", str(listed))
    assert code == 0, err
    assert "火花の小鬼" in out and "not legal" in out and "main deck size" in out
    code, out, err = cli("deck", "show", "-", "--game", "GH", input="4 港の見習い水夫\n")
    assert code == 0 and "港の見習い水夫" in out


def test_deck_export_to_stdout_and_file(cli: Cli, tmp_path: Path) -> None:
    code, out, err = cli("deck", "export", "GH:tidelight-guardians")
    assert code == 0, err
    assert out.startswith("# game: ギルドヒーローズ\n# name: 潮と光の守護者\n") and "[マナデッキ]" in out
    target = tmp_path / "list.txt"
    assert cli("deck", "export", "GH:tidelight-guardians", "--out", str(target))[0] == 0
    assert target.read_text(encoding="utf-8") == out
    code, _, err = cli("deck", "export", "GH:tidelight-guardians", "--out", str(target))
    assert code == 1 and "exists: add --force" in err
    assert cli("deck", "export", "BD:red-aggro", "--out", str(target), "--force")[0] == 0
    assert "紅蓮竜アグロ" in target.read_text(encoding="utf-8")


def test_deck_import_writes_a_deck_file_that_plays(cli: Cli, tmp_path: Path) -> None:
    listed = tmp_path / "list.txt"
    out_file = tmp_path / "deck.toml"
    assert cli("deck", "export", "BD:red-aggro", "--out", str(listed))[0] == 0
    code, out, err = cli("deck", "import", str(listed), "--out", str(out_file))
    assert code == 0, err
    assert "wrote" in out and "legal" in out
    game, deck = load_deck_file(__import__("amalogs.catalog").catalog.load_catalog(), out_file)
    assert game.id == "build-divide" and sum(deck.main.values()) == 42
    code, out, err = cli("match", str(out_file), "BD", "--seed", "1", "--quiet")
    assert code == 0, err
    assert "Winner" in out or "draw" in out.lower()
    # no overwrite without --force; nothing else left behind
    before = out_file.read_bytes()
    code, _, err = cli("deck", "import", str(listed), "--out", str(out_file))
    assert code == 1 and "exists: add --force" in err and out_file.read_bytes() == before
    assert cli("deck", "import", str(listed), "--out", str(out_file), "--force")[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.toml", "list.txt"]


def test_deck_import_from_stdin_and_its_errors(cli: Cli, tmp_path: Path) -> None:
    out_file = tmp_path / "d.json"
    code, _, err = cli("deck", "import", "-", "--game", "BD", "--out", str(out_file), input="4 火花の小鬼\n")
    assert code == 0 and out_file.exists() and "not legal yet" in err
    code, _, err = cli("deck", "import", "-", "--game", "BD", "--out", str(tmp_path / "e.toml"), input="4 火花の子鬼\n")
    assert code == 1 and err.count("\n") == 1
    assert err.startswith("amalogs: standard input: line 1: ") and "did you mean '火花の小鬼'" in err
    assert not (tmp_path / "e.toml").exists()
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"# game: BD\n4 \xff\xfe\n")
    code, _, err = cli("deck", "import", str(bad), "--out", str(tmp_path / "f.toml"))
    assert code == 1 and err.startswith(f"amalogs: {bad}: line 2: not UTF-8") and err.count("\n") == 1
    code, _, err = cli("deck", "import", str(tmp_path / "missing.txt"), "--out", str(tmp_path / "f.toml"))
    assert code == 1 and "cannot read" in err and err.count("\n") == 1
    code, _, err = cli("deck", "import", str(bad), "--out", str(tmp_path / "f.txt"))
    assert code == 1 and ".toml or .json" in err


# --- fuzz ---------------------------------------------------------------------------------------------------

_SEED = "# game: BD\n# name: テスト\n[メインデッキ]\n4 火花の小鬼\n火花の小鬼 x2\n== テリトリー ==\n1 紅蓮竜の巣\n"
_PIECES = ["\n", " ", "x", "×", "4", "0", "-", "#", "//", "[", "]", ":", "==", "【", "】", "火花", "の", "小鬼", "メイン",
           "テリトリー", "Dデッキ", "\x00", "\ufeff", "\u3000", "９", "# game: GH\n", "枚", "99999999", "\t", "\r"]


@settings(max_examples=60, deadline=2000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_fuzzed_lists_give_a_deck_or_one_error_line(catalog: Catalog, data: st.DataObject) -> None:
    text = _SEED
    for _ in range(data.draw(st.integers(0, 6))):
        at = data.draw(st.integers(0, len(text)))
        how = data.draw(st.sampled_from(["insert", "delete", "duplicate"]))
        if how == "insert":
            piece = data.draw(st.sampled_from(_PIECES) | st.text(max_size=4))
            text = text[:at] + piece + text[at:]
        elif how == "delete":
            text = text[:at] + text[at + data.draw(st.integers(1, 5)):]
        else:
            text = text[:at] + text[at:at + 40] * data.draw(st.integers(1, 50)) + text[at:]
    try:
        raw = text.encode("utf-8", "surrogatepass")
        game, deck = parse_decklist(decode_decklist(raw, "fuzz.txt"), catalog, source="fuzz.txt")
    except AmalogsError as exc:
        assert "\n" not in str(exc) and str(exc)
        return
    assert isinstance(deck, Deck) and game.id in catalog.games
    assert all(1 <= n <= MAX_COPIES for part in (deck.main, *deck.side.values(), *deck.extra.values()) for n in part.values())


@settings(max_examples=40, deadline=2000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300))
def test_any_bytes_give_a_deck_or_one_error_line(catalog: Catalog, raw: bytes) -> None:
    try:
        parse_decklist(decode_decklist(b"# game: BD\n" + raw, "fuzz.txt"), catalog, source="fuzz.txt")
    except AmalogsError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("fuzz.txt: ")
