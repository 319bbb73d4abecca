"""The profile-driven core game: games with no module of their own play from their profile and page (the three
shipped games written as data alone — Magic: The Gathering, カードファイト!! ヴァンガード, Z/X — are in every
pairing of the conformance suite, tests/test_conformance.py)."""

from __future__ import annotations

import pytest

from amalogs.catalog import Catalog, load_catalog
from amalogs.referee import Match
from amalogs.referee.engine.registry import MODULES, core_game
from amalogs.referee.games import ProfileGame
from amalogs.referee.sessions.runner import play_match
from amalogs.referee.sessions.sides import resolve_side

from .conftest import Cli


@pytest.fixture(scope="module")
def seven() -> Catalog:
    return load_catalog()


def test_a_game_with_no_module_is_played_from_its_data(seven: Catalog) -> None:
    for game_id in ("magic-the-gathering", "cardfight-vanguard", "zx-zillions-of-enemy-x"):
        assert game_id not in MODULES and isinstance(core_game(seven.games[game_id]), ProfileGame)
    assert not isinstance(core_game(seven.games["build-divide"]), ProfileGame)


def test_greedy_players_and_the_same_seed(seven: Catalog) -> None:
    sides = (resolve_side(seven, "MTG"), resolve_side(seven, "Z/X"))
    first = play_match(seven, sides, 5, ("greedy", "greedy"), turn_cap=40)
    assert first.outcome.reason
    assert play_match(seven, sides, 5, ("greedy", "greedy"), turn_cap=40).events == first.events


def _plain(seven: Catalog, game: str) -> list[str]:
    """Cards of a game with no life or check trigger (so a hit asks nothing)."""
    page = seven.games[game].page
    triggers = {e.native for e in page.unified_keywords if e.unified is not None and e.unified.value in
                ("ライフトリガー", "チェックトリガー")}
    return [c.id for c in seven.cards(game).values() if not triggers & set(c.keywords)]


def _attack_player(seven: Catalog, defender: dict[str, object]) -> Match:
    """A ビルディバイド unit of hit 1 (no blockers in the way) attacks the player of seat 1."""
    m = Match.from_position(seven, {"step": "attack", "turn": 3, "seats": [
        {"game": "BD", "field": [{"card": "archive-guardian-golem", "entered": 1}]}, defender]})
    golem = m.state.seats[0].zones["field"][0]
    m.apply_action(f"attack {golem} player")
    if m.state.phase == "block":
        m.apply_action("noblock")
    return m


def test_life_points_lose_one_per_sps_point(seven: Catalog) -> None:
    m = _attack_player(seven, {"game": "MTG", "counters": {"hp": 20}})
    assert m.state.seats[1].counters["hp"] == 18  # 蒼の書庫の守護像 has hit 2
    m = _attack_player(seven, {"game": "MTG", "counters": {"hp": 2}})
    assert m.outcome is not None and m.outcome.winner == 0


def test_damage_accumulation_loses_at_six(seven: Catalog) -> None:
    cards = _plain(seven, "cardfight-vanguard")
    m = _attack_player(seven, {"game": "VG", "zones": {"deck": cards[:3], "damage-zone": cards[3:7]}})
    assert len(m.state.seats[1].zones["damage-zone"]) == 6 and m.outcome is not None  # 4 + hit 2 = 6: lost
    m = _attack_player(seven, {"game": "VG", "zones": {"deck": cards[:3], "damage-zone": cards[3:6]}})
    assert len(m.state.seats[1].zones["damage-zone"]) == 5 and m.outcome is None


def test_life_cards_lose_when_the_last_one_goes(seven: Catalog) -> None:
    cards = _plain(seven, "zx-zillions-of-enemy-x")
    m = _attack_player(seven, {"game": "Z/X", "zones": {"life": cards[:3]}})
    assert len(m.state.seats[1].zones["life"]) == 1 and m.outcome is None
    m = _attack_player(seven, {"game": "Z/X", "zones": {"life": cards[:2]}})
    assert m.outcome is not None and m.outcome.winner == 0  # no extra hit needed after the last


def test_a_game_played_from_its_data_plays_from_the_command_line(cli: Cli) -> None:
    code, out, _ = cli("match", "MTG", "BD", "--seed", "3", "--quiet", "--check")
    assert code == 0 and "Result" in out
