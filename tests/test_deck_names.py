"""A deck file of one's own may name its game and cards as players see them: the game by 略称 or name, each card
by its printed name (katakana or hiragana, full or half width) as well as by id; a name that is no card is one
line with the closest names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from amalogs.catalog import Catalog, DataErrors, load_deck_file

from .conftest import Cli

KATAKANA = {chr(c): chr(c - 0x60) for c in range(0x30A1, 0x30F7)}


def _hiragana(text: str) -> str:
    return "".join(KATAKANA.get(ch, ch) for ch in text)


def _by_names(catalog: Catalog, game: str, deck_id: str, game_name: str) -> dict[str, object]:
    deck = catalog.decks(game)[deck_id][0]
    cards = catalog.cards(game)
    names = {cid: _hiragana(cards[cid].name) for cid in deck.main}  # hiragana for katakana: still the card
    return {"game": game_name, "name": "和名のデッキ", "main": {names[c]: n for c, n in deck.main.items()},
            "extra": {part: {cards[c].name: n for c, n in counts.items()} for part, counts in deck.extra.items()},
            "side": {part: {cards[c].name: n for c, n in counts.items()} for part, counts in deck.side.items()}}


@pytest.mark.parametrize(("game", "deck_id", "game_name"), [
    ("build-divide", "red-aggro", "ビルディバイド"), ("guild-heroes", "tidelight-guardians", "GH"),
    ("sengoku-taisen", "takamori-kurenai", "戦国大戦TCG")])
def test_a_deck_file_naming_its_cards_loads_as_the_deck_of_ids(catalog: Catalog, tmp_path: Path, game: str,
                                                              deck_id: str, game_name: str) -> None:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(_by_names(catalog, game, deck_id, game_name), ensure_ascii=False), encoding="utf-8")
    loaded_game, deck = load_deck_file(catalog, path)
    sample = catalog.decks(game)[deck_id][0]
    assert loaded_game.id == game and deck.game == game
    assert deck.main == sample.main and deck.extra == sample.extra and deck.side == sample.side


def test_a_deck_file_with_names_plays(cli: Cli, tmp_path: Path, catalog: Catalog) -> None:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(_by_names(catalog, "build-divide", "red-aggro", "BD"), ensure_ascii=False),
                    encoding="utf-8")
    code, out, err = cli("match", str(path), "GH", "--seed", "1", "--quiet")
    assert code == 0, out + err


def test_a_name_that_is_no_card_is_one_line_with_the_closest(catalog: Catalog, tmp_path: Path) -> None:
    data = _by_names(catalog, "build-divide", "red-aggro", "ビルディバイド")
    main = data["main"]
    assert isinstance(main, dict)
    count = main.pop(next(iter(main)))
    main["熾火の従者"] = count  # one character off 熾火の従騎士
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(DataErrors) as info:
        load_deck_file(catalog, path)
    line = str(info.value)
    assert "\n" not in line and "熾火の従者" in line and "did you mean" in line and "熾火の従騎士" in line


def test_a_deck_list_plays_and_an_illegal_one_is_one_line(cli: Cli, tmp_path: Path) -> None:
    listed = tmp_path / "red.txt"
    code, _, _ = cli("deck", "export", "BD:red-aggro", "--out", str(listed))
    assert code == 0
    code, out, err = cli("match", str(listed), "GH", "--seed", "3", "--quiet")
    assert code == 0 and "Winner" in out, out + err
    short = tmp_path / "short.txt"
    short.write_text("# game: BD\n[メインデッキ]\n4 熾火の従騎士\n", encoding="utf-8")
    code, out, err = cli("match", str(short), "GH", "--seed", "3", "--quiet")
    assert code == 1 and str(short) in err and len(err.strip().splitlines()) == 1
