"""A position dumped from any moment of a logged match loads again, for every shipped game: zones the referee
holds beyond the game's profile (removed cards, Z/X's player card) are written and read by the same names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from amalogs.catalog import load_catalog

from .conftest import Cli

GAMES = sorted(load_catalog().games)


@pytest.mark.parametrize("game", GAMES)
def test_a_dumped_position_loads_again(cli: Cli, tmp_path: Path, game: str) -> None:
    deck = f"{game}:{sorted(load_catalog().decks(game))[0]}"
    log = tmp_path / "m.jsonl"
    code, _, err = cli("match", deck, "build-divide:red-aggro", "--seed", "2", "--quiet", "--log", str(log))
    assert code == 0, err
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()[1:]]
    for at in (len(events) // 3, 2 * len(events) // 3):
        out = tmp_path / f"p{at}.toml"
        code, _, err = cli("position", "--from-log", str(log), "--at", str(at), "--out", str(out))
        assert code == 0, err
        code, first, err = cli("position", "--from-log", str(log), "--at", str(at), "--format", "json")
        assert code == 0, err
        code, again, err = cli("position", str(out), "--format", "json")
        assert code == 0, (game, at, err)
        assert json.loads(again)["position"]["seats"] == json.loads(first)["position"]["seats"]


def test_what_lasts_until_a_next_turn_is_written_apart_and_loads_again() -> None:
    """A change and a keyword "until your next turn" (``until_next_turn``) are written on their card with the seat
    whose turn ends them, not mixed into its lasting changes or this turn's keywords, and load back the same."""
    from amalogs.referee.engine.match import Match
    from amalogs.referee.engine.positions import resolve_action

    root = Path(__file__).parent
    catalog = load_catalog([root / "data" / "rule-games"])
    match = Match.from_position(catalog, root / "positions" / "gen-cc-until-next-turn-keyword.toml")
    for action in ("play oath-of-shelter", "target reef-knight", "attack-phase", "end-attacks"):
        match.apply_action(resolve_action(match, action))
    dumped = match.position(catalog)
    knight = next(c for c in dumped["seats"][0]["zones"]["battle-zone"]
                  if isinstance(c, dict) and c["card"].startswith("reef-knight"))
    assert knight["until_next_turn"] == [{"by": 0, "granted": ["デコイ"]}]
    again = Match.from_position(catalog, dumped)
    assert again.position(catalog) == dumped
    assert again.state.seats[0].granted == match.state.seats[0].granted
    assert again.state.seats[0].until_next == match.state.seats[0].until_next
