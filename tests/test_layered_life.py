"""Layered life (``[[life.layers]]``): a base and shields in front of the life the page's life system says —
refused by ``validate`` where a layer lacks what its kind needs, and played as written in whole matches (the
known answers in ``tests/positions/gen-ol-*`` check each rule one at a time)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from amalogs.catalog import Catalog, load_catalog
from amalogs.referee.engine.match import Match
from amalogs.referee.engine.positions import resolve_action
from amalogs.referee.sessions.runner import resolve_side
from amalogs.referee.sessions.saves import Session
from amalogs.report.sides import side_status
from amalogs.web.tables import _private_text

from .conftest import RULE_GAMES, Cli, assert_observations_hide_secrets, copy_rule_game, refused_in_one_line

LAYER_EVENTS = ("shield-broken", "base-hit", "hp")  # the order the layers of 前哨戦線アウトポストライン break in


@pytest.fixture(scope="module")
def rule_games() -> Catalog:
    return load_catalog([RULE_GAMES])


@pytest.mark.parametrize(("old", "new", "where", "words"), [
    ('zone = "barricades"\ncount = 3\n', 'zone = "barricades"\n', "life.layers[0].count", "needs count"),
    ('zone = "outpost"\nhp = 5\n', 'zone = "outpost"\n', "life.layers[1].hp", "needs hp"),
    ('zone = "outpost"\nhp = 5\n', 'zone = "outpost"\nhp = 5\ncount = 1\n', "life.layers[1].count", "leave count out"),
    ('zone = "outpost"\nhp = 5\n', 'zone = "barricades"\nhp = 5\n', "life.layers[1].zone", "already holds"),
    ('zone = "outpost"\nhp = 5\n', 'zone = "keep"\nhp = 5\n', "life.layers[1].zone", "unknown zone 'keep'"),
    ('kind = "base"', 'kind = "wall"', "life.layers[1].kind", "unknown term 'wall'"),
])
def test_a_layer_that_lacks_what_its_kind_needs_is_refused_in_one_line(cli: Cli, tmp_path: Path, old: str, new: str,
                                                                       where: str, words: str) -> None:
    profile, _ = copy_rule_game(tmp_path, "outpost-line")
    assert words in refused_in_one_line(cli, profile, old, new, where, named=profile)


def test_two_life_systems_on_a_page_are_refused_naming_the_layers(cli: Cli, tmp_path: Path) -> None:
    """A page declares one life system, the innermost layer; the message says where the others go."""
    _, page = copy_rule_game(tmp_path, "outpost-line")
    line = refused_in_one_line(cli, page, '[[keyword_rules]]\nrule = "ライフポイント"',
                               '[[keyword_rules]]\nrule = "シールドライフ"\nnote = "Barricades."\n\n'
                               '[[keyword_rules]]\nrule = "ライフポイント"', "life system", named=page)
    assert "found 2" in line and "[[life.layers]]" in line


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("other", ["BD", "GH", "outpost-line"])
def test_the_layers_break_in_order_all_match_long(rule_games: Catalog, seed: int, other: str) -> None:
    """Whole matches of 前哨戦線アウトポストライン against an SPS game, a fort game and itself: its barricades
    and outpost are set at the start, every barricade breaks before the outpost takes any
    damage, and the outpost is gone before the life points drop; the status line says each layer."""
    game = rule_games.games["outpost-line"]
    sides = [resolve_side(rule_games, game.id), resolve_side(rule_games, other)]
    session = Session(rule_games, sides, seed, ("greedy", "greedy"), check=True)
    session.run()
    state = session.match.state
    start = next(e for e in state.events if e["type"] == "life-set" and e["seat"] == 0)
    assert start["layers"] == {"barricades": 3, "outpost": 5} and start["hp"] == 8
    kinds = [e["type"] for e in state.events if e.get("seat") == 0 and e["type"] in LAYER_EVENTS]
    if "hp" in kinds:  # the life points only once every layer is gone
        first_hp = kinds.index("hp")
        assert kinds[:first_hp].count("shield-broken") == 3 and "base-hit" in kinds[:first_hp]
        assert all(k == "hp" for k in kinds[first_hp:])
    if "base-hit" in kinds:
        assert kinds[:kinds.index("base-hit")].count("shield-broken") == 3
    status = side_status(state, 0)
    assert status.startswith("barricades ") and " · outpost HP " in status and " · HP " in status


def test_the_barricades_come_from_the_deck_top(rule_games: Catalog) -> None:
    """At the start each seat's three barricades are the deck's top cards after the opening hand: deck, hand and
    barricades hold the whole main deck; the outpost has its 5 HP and the life points are 8."""
    side = resolve_side(rule_games, "outpost-line")
    m = Match.new(rule_games, [(side.game, side.deck), (side.game, side.deck)], 5)
    while m.state.phase == "setup":
        m.apply_action(m.legal_actions()[-1])
    size = sum(side.deck.main.values())
    for seat in m.state.seats:
        assert len(seat.zones["barricades"]) == 3 and seat.counters["outpost"] == 5 and seat.counters["hp"] == 8
        assert len(seat.zones["deck"]) + len(seat.zones["hand"]) + 3 == size
    assert "barricades" in m.state.games[0].hidden_zones  # face down: the other seat sees only their count


def test_a_shield_broken_into_the_hand_is_a_private_line() -> None:
    """At the web table a shield taken into its owner's hand is not named to the other seat; one broken into
    the discard pile is public."""
    hand = {"type": "shield-broken", "seat": 1, "card": 4, "name": "x", "layer": "shields", "shields": 2, "to": "hand"}
    assert _private_text(hand) is not None and "x" not in str(_private_text(hand))
    assert _private_text({**hand, "to": "discard"}) is None


def test_the_life_itself_may_send_its_cards_to_the_discard_pile(tmp_path: Path) -> None:
    """life.to: シールドライフ's broken shields go to the hand unless the profile says ``to = "discard"``; the
    same attack as tests/positions/gen-sd-shield-to-hand.toml then puts both broken shields into the graveyard
    (the trigger is still offered there, and used from it)."""
    profile, _ = copy_rule_game(tmp_path, "shield-duel")
    text = profile.read_text(encoding="utf-8")
    profile.write_text(text.replace('starting = 5\ndamage = ', 'starting = 5\nto = "discard"\ndamage = ', 1),
                       encoding="utf-8")
    cat = load_catalog([profile.parents[2]])
    position = {"step": "attack", "turn": 3, "seats": [
        {"game": "BD", "field": [{"card": "archive-guardian-golem", "entered": 1}]},
        {"game": "SD", "shield-zone": ["flame-cub", "spark-burst", "magma-brute"]}]}
    m = Match.from_position(cat, position)
    for text in ("attack archive-guardian-golem player", "noblock", "use", "target archive-guardian-golem"):
        m.apply_action(resolve_action(m, text))
    seat, cards = m.state.seats[1], m.state.cards
    assert seat.zones["hand"] == [] and [cards[u].card_id for u in seat.zones["shield-zone"]] == ["magma-brute"]
    names = [cards[u].card_id for u in seat.zones["discard"]]
    assert names == ["flame-cub", "spark-burst"]
    assert any(e["type"] == "destroyed" and m.state.cards[e["card"]].card_id == "archive-guardian-golem"
               for e in m.state.events)


@pytest.mark.parametrize(("old", "new", "words"), [
    ('kind = "shields"\nzone = "wall-zone"', 'kind = "shields"\nzone = "shield-zone"', "already holds"),
    ('zone = "shield-zone"\nstarting = 4', 'starting = 4', "holds the life itself"),
])
def test_a_layer_in_the_lifes_own_zone_is_refused(cli: Cli, tmp_path: Path, old: str, new: str, words: str) -> None:
    """魔壁ウォールウィーバーズ's walls lie in a zone of their own; a layer in the life cards' zone — life.zone, or
    without it the first zone the page maps to ライフエリア, here the walls' — would mix the two piles, so
    validate names the layer and the zone."""
    profile, _ = copy_rule_game(tmp_path, "wall-weavers")
    line = refused_in_one_line(cli, profile, old, new, "life.layers[0].zone")
    assert "zone" in line and words in line


@pytest.mark.parametrize("pairing", [("outpost-line", "outpost-line"), ("wall-weavers", "BD"),
                                     ("crown-clash", "rune-march")])
def test_an_observation_never_shows_face_down_layers(rule_games: Catalog, pairing: tuple[str, str]) -> None:
    """Face-down shields of a layer (barricades, walls), life cards, evolve decks and hands: at every decision
    of random matches, what a seat observes names no card of another seat that lies in its hand or a hidden
    zone (the check tests/test_conformance.py makes for the shipped games)."""
    sides = [resolve_side(rule_games, g) for g in pairing]
    for seed in range(3):
        m = Match.new(rule_games, [(s.game, s.deck) for s in sides], seed, turn_cap=30, log_events=False)
        assert_observations_hide_secrets(m, random.Random(seed))
