"""A game written by a user as data plays against every shipped game with no code: a game unlike any shipped
one — nothing costs a resource at all (WE4) — built in a temporary data folder from the rule-games' shield game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from amalogs.catalog import Catalog, load_catalog, validate_paths
from amalogs.referee import Match, RandomPlayer
from amalogs.referee.engine.invariants import check_invariants

from .conftest import DATA, Cli

RULE_ROOT = DATA / "rule-games"
"""Ten games written as data for the profile-driven rules (no code names them): shields with keyword blockers,
fort life, a leader's HP with colour-cost crystals and attack checks, 選抜リーダー制 with prize cards, HP制
and no resources, a separate resource deck, points that are not cards, layered life, a leader that plays,
resources attached to creatures, and a 魔力 deck with walls (tests/positions/gen-sd-*, gen-fs-*, gen-hd-*, gen-pc-*,
gen-sr-*, gen-pa-*, gen-ol-*, gen-cc-*, gen-rm-*, gen-ww-*)."""


def _build(root: Path) -> Path:
    (root / "games" / "free-duel" / "decks").mkdir(parents=True)
    (root / "mappings").mkdir()
    profile = (RULE_ROOT / "games" / "shield-duel" / "game.toml").read_text(encoding="utf-8")
    for old, new in [('id = "shield-duel"', 'id = "free-duel"'), ('name = "シールドデュエル"', 'name = "フリーデュエル"'),
                     ('en = "Shield Duel"', 'en = "Free Duel"'),
                     ('colour_rule = "one-of-colour"\ncosts = true\nsource = "any-card"', 'costs = false\nsource = "none"')]:
        assert old in profile, old
        profile = profile.replace(old, new, 1)
    page = (RULE_ROOT / "mappings" / "shield-duel.toml").read_text(encoding="utf-8")
    for old, new in [('game = "shield-duel"', 'game = "free-duel"'), ('abbreviation = "SD"', 'abbreviation = "FD"'),
                     ("we = 3\nrange = 2", "we = 4\nrange = 1")]:
        assert old in page, old
        page = page.replace(old, new, 1)
    (root / "games" / "free-duel" / "game.toml").write_text(profile, encoding="utf-8")
    (root / "mappings" / "free-duel.toml").write_text(page, encoding="utf-8")
    cards = 'game = "free-duel"\n' + "".join(
        f'\n[[cards]]\nid = "fighter-{k}"\nname = "戦士{k}"\ntype = "creature"\ncolours = ["fire"]\n'
        f"stats = {{ cost = {k % 5 + 1}, power = {1000 + 1000 * (k % 6)} }}\n" for k in range(10))
    (root / "games" / "free-duel" / "cards.toml").write_text(cards, encoding="utf-8")
    deck = 'game = "free-duel"\nname = "戦士デッキ"\n\n[main]\n' + "".join(f"fighter-{k} = 4\n" for k in range(10))
    (root / "games" / "free-duel" / "decks" / "fighters.toml").write_text(deck, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("user-game"))


@pytest.fixture(scope="module")
def with_user_game(root: Path) -> Catalog:
    assert validate_paths([root])[1] == []
    return load_catalog([root])


def plays_every_game(cat: Catalog, game: str) -> None:
    """Random matches of ``game``'s first deck against every loaded game's, in both seat orders, with the
    referee's invariants checked after every action."""
    mine = cat.games[game]
    deck = next(iter(cat.decks(game).values()))[0]
    for other in cat.games.values():
        theirs = next(iter(cat.decks(other.id).values()))[0]
        for seed, sides in enumerate([[(mine, deck), (other, theirs)], [(other, theirs), (mine, deck)]]):
            m = Match.new(cat, sides, seed, turn_cap=30, log_events=False)
            rng, player = random.Random(seed), RandomPlayer()
            while not m.is_terminal():
                action = player.choose({}, m.legal_actions(), rng)
                m.apply_action(action)
                check_invariants(m, action.text())


def test_the_user_game_plays_every_shipped_game(with_user_game: Catalog) -> None:
    plays_every_game(with_user_game, "free-duel")


def test_nothing_costs_a_resource(with_user_game: Catalog) -> None:
    m = Match.from_position(with_user_game, {"step": "main", "turn": 3, "seats": [
        {"game": "FD", "hand": ["fighter-4"]}, {"game": "BD"}]})
    assert "play 0" in [a.text() for a in m.legal_actions()]  # cost 5, no resources: still playable


def test_from_the_command_line(cli: Cli, root: Path) -> None:
    code, out, _ = cli("--data-root", str(root), "match", "FD", "MTG", "--seed", "2", "--quiet", "--check")
    assert code == 0 and "Result" in out


def test_an_hp_system_game_keeps_damage_and_plays_every_shipped_game(tmp_path: Path) -> None:
    """HP制 (the page's stat system, damage cleanup 持続): damage on a creature stays from turn to turn."""
    from .datagames import HP_GAME, build_hp_game

    root = build_hp_game(tmp_path / "hp")
    deck = 'game = "hp-skirmish"\nname = "子犬デッキ"\n\n[main]\nember-pup = 4\ndart-hawk = 4\n'
    (root / "games" / HP_GAME / "decks").mkdir()
    (root / "games" / HP_GAME / "decks" / "pups.toml").write_text(deck.replace("= 4\n", "= 20\n", 1), encoding="utf-8")
    profile = root / "games" / HP_GAME / "game.toml"  # a sample deck keeps its game's rules: these fit the 24 cards
    profile.write_text(profile.read_text(encoding="utf-8").replace("main = { min = 40, max = 40 }\ncopy_limit = 4",
                                                                    "main = { min = 24, max = 24 }", 1), encoding="utf-8")
    cat = load_catalog([root])
    m = Match.from_position(cat, {"step": "attack", "turn": 3, "seats": [
        {"game": "BD", "field": [{"card": "wandering-stone-golem", "entered": 1}]},
        {"game": "HPS", "battle-zone": [{"card": "ember-pup", "rested": True}]}]})
    pup = m.state.seats[1].zones["battle-zone"][0]
    m.apply_action(f"attack 0 unit {pup}")
    m.apply_action("noblock")
    m.apply_action("end-attacks")
    # the golem (BP 3000, ヒット 1) is SPS: it deals the HP制 pup its SP, 1 point (docs/rules.md §3), and the
    # point is still on the pup (HP 12) next turn
    assert m.state.seats[1].damage.get(pup) == 1000
    mine = cat.games[HP_GAME]
    for other in cat.games.values():
        if other.id == HP_GAME:
            continue
        theirs = next(iter(cat.decks(other.id).values()))[0]
        match = Match.new(cat, [(mine, next(iter(cat.decks(HP_GAME).values()))[0]), (other, theirs)], 1,
                          turn_cap=20, log_events=False)
        rng, player = random.Random(1), RandomPlayer()
        while not match.is_terminal():
            match.apply_action(player.choose({}, match.legal_actions(), rng))
            check_invariants(match)



@pytest.fixture(scope="module")
def rule_games() -> Catalog:
    assert validate_paths([RULE_ROOT])[1] == []
    return load_catalog([RULE_ROOT])


@pytest.mark.parametrize("game", ["shield-duel", "fort-siege", "hero-duel", "pocket-clash", "spark-rally",
                                  "pulse-arena", "outpost-line", "crown-clash",
                                  "rune-march", "wall-weavers"])
def test_each_rule_game_plays_every_shipped_game(rule_games: Catalog, game: str) -> None:
    plays_every_game(rule_games, game)


def test_a_leaders_hp_is_the_players_life(rule_games: Catalog) -> None:
    """life.from_card: a hero-duel player's life points are the HP printed on its hero (an extra card)."""
    game = rule_games.games["hero-duel"]
    deck = next(iter(rule_games.decks(game.id).values()))[0]
    m = Match.new(rule_games, [(game, deck), (game, deck)], 3)
    while m.state.phase == "setup":
        m.apply_action(m.legal_actions()[0])
    hero = m.state.seats[0].zones["hero"][0]
    printed = rule_games.cards(game.id)[m.state.cards[hero].card_id].stats["hp"]
    assert m.state.seats[0].counters["hp"] == printed != game.profile.life.starting
    assert [e for e in m.state.events if e["type"] == "life-set"][0]["hp"] == printed


def test_a_leader_is_chosen_from_the_opening_hand(rule_games: Catalog) -> None:
    """選抜リーダー制 at setup: each pocket-clash player puts a monster from its opening hand into play as its
    leader (a hand with none is shown, shuffled back and drawn again)."""
    game = rule_games.games["pocket-clash"]
    deck = next(iter(rule_games.decks(game.id).values()))[0]
    for seed in range(6):
        m = Match.new(rule_games, [(game, deck), (game, deck)], seed)
        while m.state.phase == "setup":
            legal = m.legal_actions()
            assert {a.verb for a in legal} <= {"leader", "redraw"}
            m.apply_action(legal[-1])
        for i, seat in enumerate(m.state.seats):
            assert seat.zones["arena"] == [seat.counters["leader"]], i
            assert m.state.cards[seat.counters["leader"]].type == "monster"
