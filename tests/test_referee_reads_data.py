"""The referee takes a game's facts from its data: change the opening hand, the hand limit or the life in a
copy of a shipped game's profile, and the match follows (no game module repeats what its data declares)."""

from __future__ import annotations

import shutil
from pathlib import Path

from amalogs.catalog import Catalog, _collect, shipped_root
from amalogs.referee import Match


def _copy_with(tmp_path: Path, game: str, replacements: list[tuple[str, str]]) -> Catalog:
    root = tmp_path / "data"
    shutil.copytree(shipped_root() / "games", root / "games")
    shutil.copytree(shipped_root() / "mappings", root / "mappings")
    profile = root / "games" / game / "game.toml"
    text = profile.read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text
        text = text.replace(old, new, 1)
    profile.write_text(text, encoding="utf-8")
    catalog, errors = _collect([root])
    assert catalog is not None, errors
    return catalog


def test_the_opening_hand_and_life_follow_the_profile(tmp_path: Path) -> None:
    cat = _copy_with(tmp_path, "build-divide", [("starting_hand = 5", "starting_hand = 7"), ("starting = 10", "starting = 6")])
    game = cat.games["build-divide"]
    deck = next(iter(cat.decks(game.id).values()))[0]
    match = Match.new(cat, [(game, deck), (game, deck)], seed=3)
    assert [len(s.zones["hand"]) for s in match.state.seats] == [7, 7]
    while match.state.phase == "setup":
        match.apply_action("keep")
    assert [len(s.zones["life"]) for s in match.state.seats] == [6, 6]


def test_the_hand_limit_follows_the_profile(tmp_path: Path) -> None:
    position = {"step": "attack", "turn": 3, "seats": [
        {"game": "GH", "hand": ["fire-bolt", "torrent", "tailwind", "fire-mana", "wind-mana"]},
        {"game": "GH", "fort-area": ["fire-bolt"]}]}
    shipped = Match.from_position(_copy_with(tmp_path / "a", "guild-heroes", []), position)
    shipped.apply_action("end-attacks")
    assert shipped.state.phase != "discard"  # 5 cards: within the shipped limit of 6
    cut = Match.from_position(_copy_with(tmp_path / "b", "guild-heroes", [("hand_limit = 6", "hand_limit = 3")]), position)
    cut.apply_action("end-attacks")
    assert cut.state.phase == "discard" and cut.state.decider == 0
    while cut.state.phase == "discard":
        cut.apply_action(cut.legal_actions()[0])
    assert len(cut.state.seats[0].zones["hand"]) == 3


def test_fort_tiers_follow_the_profile(tmp_path: Path) -> None:
    cat = _copy_with(tmp_path, "guild-heroes", [("count = 2, defence = 3", "count = 2, defence = 2")])
    position = {"step": "attack", "turn": 3, "seats": [
        {"game": "GH", "attack-area": [{"card": "rio-apprentice-swordsman", "entered": 1}]},
        {"game": "GH", "fort-area": ["fire-bolt", "torrent", "tailwind", "fire-mana"]}]}
    match = Match.from_position(cat, position)
    match.apply_action("attack 0 player")
    match.apply_action("noblock")
    assert any(e["type"] == "fort-broken" for e in match.state.events)  # attack 2 breaks a defence-2 upper fort


def test_damage_cleanup_follows_the_page(tmp_path: Path) -> None:
    """ダメージクリンナップ: damage on a character clears at the end phase, or stays (持続, as in an HP制
    game) when the page says so."""
    position = {"step": "attack", "turn": 3, "seats": [
        {"game": "BD", "field": [{"card": "archive-guardian-golem", "entered": 1}]},
        {"game": "Z/X", "normal-squares": [{"card": "hellfire-dragon-volganon", "rested": True}]}]}

    def damage_after_the_turn(cat: Catalog) -> int:
        m = Match.from_position(cat, position)
        kagura = m.state.seats[1].zones["normal-squares"][0]
        m.apply_action(f"attack 0 unit {kagura}")
        m.apply_action("noblock")
        m.apply_action("end-attacks")
        return m.state.seats[1].damage.get(kagura, 0)

    shipped = _copy_with(tmp_path / "a", "build-divide", [])
    assert damage_after_the_turn(shipped) == 0  # エンドフェイズ: gone
    root = tmp_path / "b"
    stays = _copy_with(root, "build-divide", [])
    page = root / "data" / "mappings" / "zx-zillions-of-enemy-x.toml"
    page.write_text(page.read_text(encoding="utf-8").replace('timing = "エンドフェイズ"', 'timing = "持続"'), encoding="utf-8")
    stays, errors = _collect([root / "data"])
    assert stays is not None, errors
    assert damage_after_the_turn(stays) == 8000  # 持続: the 8000 the golem dealt is still on it
