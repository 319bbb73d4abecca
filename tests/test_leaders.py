"""A leader that plays (``play.leader_card``): an extra card kept outside the deck that starts on the leader's
place, whose printed life sets its player's life, that attacks and is attacked as the player — refused by
``validate`` where it cannot stand, and played as written in whole matches (the known answers in
``tests/positions/gen-cc-*`` check each rule one at a time)."""

from __future__ import annotations

from pathlib import Path

import pytest

from amalogs.catalog import Catalog, load_catalog
from amalogs.referee.engine.match import Match
from amalogs.referee.sessions.runner import resolve_side
from amalogs.referee.sessions.saves import Session

from .conftest import RULE_GAMES, Cli, copy_rule_game, refused_in_one_line

@pytest.fixture(scope="module")
def rule_games() -> Catalog:
    return load_catalog([RULE_GAMES])


@pytest.mark.parametrize(("old", "new", "words"), [
    ('leader_card = "leader"', 'leader_card = "captain"', "unknown extra card kind 'captain'"),
    ('en = "Leader area", leader = true', 'en = "Leader area"', "needs a place with leader = true"),
    ('leader_card = "leader"', 'leader_card = "leader"\nfirst_leader = 0\nlevel = "power"', "not both"),
    ("count = { min = 1, max = 1 }", "count = { min = 0, max = 1 }", "count = { min = 1, max = 1 }"),
])
def test_a_leader_that_cannot_stand_is_refused_in_one_line(cli: Cli, tmp_path: Path, old: str, new: str,
                                                           words: str) -> None:
    profile, _ = copy_rule_game(tmp_path, "crown-clash")
    assert words in refused_in_one_line(cli, profile, old, new, "play.leader_card", named=profile)


@pytest.mark.parametrize(("deck", "life"), [("ember-tide", 4), ("aurora-court", 3)])
def test_the_leader_starts_on_its_place_and_prints_the_life(rule_games: Catalog, deck: str, life: int) -> None:
    """At the start the leader is on the leader's place (never in the deck or the hand) and its printed life
    is how many life cards come from the deck top: deck, hand and life hold the 40 main-deck cards."""
    game = rule_games.games["crown-clash"]
    chosen = rule_games.decks(game.id)[deck][0]
    m = Match.new(rule_games, [(game, chosen), (game, chosen)], 2)
    while m.state.phase == "setup":
        m.apply_action(m.legal_actions()[-1])
    for i, seat in enumerate(m.state.seats):
        leader = m.state.games[i].leader_card(m.state, i)
        assert leader is not None and m.state.cards[leader].type == "leader" and seat.at[leader] == "leader"
        assert seat.zones["leader"] == [] and leader not in seat.zones["deck"] + seat.zones["hand"]
        assert len(seat.zones["life-area"]) == life
        assert len(seat.zones["deck"]) + len(seat.zones["hand"]) + life == 40
    assert [e["type"] for e in m.state.events].count("leader-set") == 2


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_leaders_attack_and_are_attacked_as_the_players(rule_games: Catalog, seed: int) -> None:
    """Whole matches of クラウンクラッシュ with itself (invariants after every action): the leaders attack, every
    attack on a player is weighed against its leader's power (a weaker one does not get through), and no leader
    ever leaves its place."""
    side = resolve_side(rule_games, "crown-clash")
    session = Session(rule_games, [side, side], seed, ("random", "random"), check=True)
    session.run()
    state = session.match.state
    leaders = {e["seat"]: e["card"] for e in state.events if e["type"] == "leader-set"}
    attacks = [e for e in state.events if e["type"] == "attack"]
    assert any(e["attacker"] == leaders[e["seat"]] for e in attacks)
    assert not any(e.get("card") in leaders.values() for e in state.events if e["type"] == "destroyed")
    assert not any(e.get("target") in leaders.values() for e in attacks)  # attacked as the player only
    for e in state.events:
        if e["type"] == "no-hit":
            assert e["power"] < e["defence"]
    for i, seat in enumerate(state.seats):
        assert seat.at[leaders[i]] == "leader" and leaders[i] in seat.zones["battle-zone"]


@pytest.mark.parametrize(("old", "new", "where", "words"), [
    ('base_stat = "evolves-from"', 'base_stat = "power"', "play.evolve.base_stat", "must be a text stat"),
    ('deck = "evolve-deck"\nper_turn', 'deck = "evolve-pile"\nper_turn', "play.evolve.deck", "unknown side deck"),
    ("points = 2\nsecond_player_extra = 1", "points = 0", "play.evolve.points", "needs evolve points"),
])
def test_an_evolution_that_cannot_work_is_refused_in_one_line(cli: Cli, tmp_path: Path, old: str, new: str,
                                                               where: str, words: str) -> None:
    profile, _ = copy_rule_game(tmp_path, "crown-clash")
    assert words in refused_in_one_line(cli, profile, old, new, where, named=profile)


def test_the_evolve_points_are_dealt_with_the_second_players_extra(rule_games: Catalog) -> None:
    """play.evolve.points and second_player_extra: at the start the first player has 2 evolve points, the second
    3; the evolve deck waits apart (its 6 cards are in no other zone)."""
    side = resolve_side(rule_games, "crown-clash")
    m = Match.new(rule_games, [(side.game, side.deck), (side.game, side.deck)], 4)
    while m.state.phase == "setup":
        m.apply_action(m.legal_actions()[-1])
    first = m.state.first
    points = [seat.counters["evolve-points"] for seat in m.state.seats]
    assert points[first] == 2 and points[1 - first] == 3
    assert all(len(seat.zones["evolve-deck"]) == 6 for seat in m.state.seats)


def test_creatures_evolve_all_match_long(rule_games: Catalog) -> None:
    """Whole matches (random players, invariants after every action): evolutions happen, at most one a turn per
    player, each onto a character of the name the card prints, spending an evolve point."""
    side = resolve_side(rule_games, "crown-clash")
    evolves = []
    for seed in range(1, 5):
        session = Session(rule_games, [side, side], seed, ("random", "random"), check=True)
        session.run()
        state = session.match.state
        names = {e["card"]: e["name"] for e in state.events if "card" in e and "name" in e}
        mine = [e for e in state.events if e["type"] == "evolve"]
        turns = [(e["turn"], e["seat"]) for e in mine]
        assert len(turns) == len(set(turns))  # once a turn
        for e in mine:
            assert state.cards[e["card"]].evolves_from == state.cards[e["base"]].name, names.get(e["card"])
        spent = {i: sum(1 for e in mine if e["seat"] == i) for i in (0, 1)}
        for i, seat in enumerate(state.seats):
            assert seat.counters["evolve-points"] == (2 if i == state.first else 3) - spent[i]
        evolves += mine
    assert evolves
