"""The greedy player: beats the random player, repeats for a seed, plays only legal actions, and makes the
obvious decisions in scripted ビルディバイド positions."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from amalogs.catalog import Catalog
from amalogs.referee import Action, Match
from amalogs.referee.engine.state import CardData
from amalogs.referee.games.build_divide import BuildDivide
from amalogs.referee.players import PLAYERS, GreedyPlayer
from amalogs.referee.sessions.runner import Side, play_match, resolve_side

from .conftest import rules
from .tables import Cards, table_state

BD = BuildDivide()
DECKS = ["red-aggro", "blue-white-control", "black-eclipse"]


def _sides(catalog: Catalog, k: int) -> tuple[Side, Side]:
    return (resolve_side(catalog, f"BD:{DECKS[k % 3]}"), resolve_side(catalog, f"BD:{DECKS[(k // 3) % 3]}"))


class Position:
    """A scripted ビルディバイド position: cards made to order, placed in zones, player 0 in its attack step."""

    def __init__(self, phase: str = "attack") -> None:
        self.cards = Cards()
        self.state = table_state([BD.new_seat({}, rules(BD)), BD.new_seat({}, rules(BD))], self.cards, random.Random(0), first=0)
        self.state.turn, self.state.active, self.state.decider, self.state.phase = 1, 0, 0, phase
        for seat in self.state.seats:
            seat.turns = 1
            seat.mulligan_decided = True
        self.match = Match(self.state)

    def card(self, owner: int, zone: str, power: int = 1000, hit: int = 1, cost: int = 1, kind: str = "unit",
             rested: bool = False, keywords: tuple[str, ...] = ()) -> int:
        uid = len(self.cards)
        ap = power if kind in ("unit", "ace-unit") else 0
        self.cards.append(CardData(uid, owner, f"c{uid}", f"card {uid}", kind, ("red",), cost, ap, ap, hit,
                                   frozenset(keywords), frozenset()))
        self.state.seats[owner].zones[zone].append(uid)
        if rested:
            self.state.seats[owner].rested.add(uid)
        return uid

    def greedy(self) -> Action:
        me = self.match.current_player()
        assert me is not None
        legal = self.match.legal_actions()
        action = GreedyPlayer().choose(self.match.observation(me), legal, random.Random(0))
        assert action in legal
        return action


# --- against the random player ------------------------------------------------------------------------


def test_greedy_beats_random_clearly(catalog: Catalog) -> None:
    wins, n = 0, 40
    for seed in range(n):
        seat = seed % 2  # greedy plays either seat; who goes first comes from the seed
        players = ("greedy", "random") if seat == 0 else ("random", "greedy")
        outcome = play_match(catalog, _sides(catalog, seed), seed, players, log_events=False).outcome
        assert outcome.reason  # every match finishes
        wins += outcome.winner == seat
    assert wins >= 0.6 * n, f"greedy won only {wins} of {n}"


def test_greedy_repeats_for_a_seed(catalog: Catalog) -> None:
    for seed in (1, 7):
        first = play_match(catalog, _sides(catalog, seed), seed, ("greedy", "random")).events
        again = play_match(catalog, _sides(catalog, seed), seed, ("greedy", "random")).events
        assert first == again
    mirror = play_match(catalog, _sides(catalog, 4), 4, ("greedy", "greedy")).events
    assert mirror == play_match(catalog, _sides(catalog, 4), 4, ("greedy", "greedy")).events


@pytest.mark.parametrize("k", range(9))
def test_greedy_only_chooses_legal_actions_and_reads_json_observations(catalog: Catalog, k: int) -> None:
    sides = _sides(catalog, k)
    m = Match.new(catalog, [(s.game, s.deck) for s in sides], seed=100 + k, turn_cap=40)
    player, rng = GreedyPlayer(), random.Random(k)
    while not m.is_terminal():
        me = m.current_player()
        assert me is not None
        legal = m.legal_actions()
        obs = m.observation(me)
        action = player.choose(obs, legal, rng)
        assert action in legal
        roundtrip: dict[str, Any] = json.loads(json.dumps(obs))  # string keys, as a logged observation has
        assert player.choose(roundtrip, legal, random.Random(0)) == player.choose(obs, legal, random.Random(0))
        m.apply_action(action)
    assert m.outcome is not None


def test_greedy_is_registered() -> None:
    assert PLAYERS["greedy"] is GreedyPlayer


# --- scripted decisions -------------------------------------------------------------------------------


def test_blocks_a_lethal_attack() -> None:
    p = Position()
    attacker = p.card(0, "field", 3000, hit=2)
    guard = p.card(1, "field", 1000)
    p.card(1, "life")
    p.match.apply_action(f"attack {attacker} player")
    assert p.greedy() == Action("block", (guard,))


def test_does_not_chump_block_with_plenty_of_life() -> None:
    p = Position()
    attacker = p.card(0, "field", 3000, hit=1)
    p.card(1, "field", 1000)
    for _ in range(8):
        p.card(1, "life")
    p.match.apply_action(f"attack {attacker} player")
    assert p.greedy() == Action("noblock")


def test_blocks_when_the_blocker_wins_outright() -> None:
    p = Position()
    attacker = p.card(0, "field", 2000)
    p.card(1, "field", 1000)
    big = p.card(1, "field", 5000)
    for _ in range(8):
        p.card(1, "life")
    p.match.apply_action(f"attack {attacker} player")
    assert p.greedy() == Action("block", (big,))


def test_kills_a_rested_unit_it_survives_and_avoids_a_stronger_blocker() -> None:
    p = Position()
    attacker = p.card(0, "field", 5000)
    victim = p.card(1, "field", 3000, rested=True)
    for _ in range(8):
        p.card(1, "life")
    assert p.greedy() == Action("attack", (attacker, "unit", victim))
    p.card(1, "field", 7000)  # a standing blocker that kills the attacker and survives
    assert p.greedy() == Action("end-attacks")


def test_hits_a_low_player_whatever_the_blockers() -> None:
    p = Position()
    attacker = p.card(0, "field", 2000)
    p.card(1, "field", 7000)
    p.card(1, "life")
    assert p.greedy() == Action("attack", (attacker, "player"))


def test_puts_the_dearest_card_as_energy_then_plays_the_best_it_can_pay() -> None:
    p = Position("main")
    for _ in range(2):
        p.card(0, "energy", kind="command")
    dear = p.card(0, "hand", 9000, cost=9)
    cheap = p.card(0, "hand", 2500, cost=2)
    three = p.card(0, "hand", 3500, cost=3)
    command = p.card(0, "hand", cost=1, kind="command")
    assert p.greedy() == Action("energy", (dear,))
    p.match.apply_action(f"energy {dear}")
    assert p.greedy() == Action("play", (three,))  # 3 energies: the 3-cost unit beats 2-cost unit + command
    p.match.apply_action(f"play {three}")
    assert p.greedy() == Action("attack-phase")
    assert cheap in p.state.seats[0].zones["hand"] and command in p.state.seats[0].zones["hand"]


def test_keeps_a_hand_with_a_cheap_unit_and_mulligans_one_without() -> None:
    p = Position("setup")
    p.state.seats[0].mulligan_decided = False
    p.card(0, "hand", 9000, cost=9)
    assert p.greedy() == Action("mulligan")
    p.card(0, "hand", 2000, cost=2)
    assert p.greedy() == Action("keep")


def test_uses_triggers_and_discards_the_card_out_of_reach() -> None:
    p = Position()
    attacker = p.card(0, "field", 3000, hit=1)
    p.card(1, "life", 2000, keywords=("shot",))
    p.card(1, "life")
    p.match.apply_action(f"attack {attacker} player")
    p.match.apply_action("noblock")
    assert p.greedy() == Action("use")

    q = Position("discard")
    q.card(0, "energy")
    hand = [q.card(0, "hand", 1000 * c, cost=c) for c in (1, 2, 8, 3, 2, 1)]
    assert q.greedy() == Action("discard", (hand[2],))


def test_unknown_verbs_get_a_random_legal_action() -> None:
    legal = [Action("sing", (3,)), Action("sing", (4,)), Action("songs-done")]
    obs: dict[str, Any] = {"phase": "encore", "you": 0, "seats": [], "cards": {}}
    picks = {GreedyPlayer().choose(obs, legal, random.Random(s)) for s in range(30)}
    assert picks == set(legal)
    obs["phase"] = "main"
    only_done = [Action("play", (9,)), Action("attack-phase")]  # a card it cannot see: move on
    assert GreedyPlayer().choose(obs, only_done, random.Random(0)) in only_done


def test_guild_heroes_steps() -> None:
    obs: dict[str, Any] = {"phase": "setup", "you": 0, "seats": [], "cards": {}}
    forts = [Action("fort", (3,)), Action("forts-done")]
    assert GreedyPlayer().choose(obs, forts, random.Random(0)) == Action("forts-done")
    obs["phase"] = "reaction"
    assert GreedyPlayer().choose(obs, [Action("react", (7,)), Action("pass")], random.Random(0)) == Action("react", (7,))
    obs["phase"] = "main"
    assert GreedyPlayer().choose(obs, [Action("move", (5,)), Action("moves-done")], random.Random(0)) == Action("moves-done")


def test_targets_the_most_valuable_card_when_all_candidates_are_on_one_side() -> None:
    p = Position("main")
    small = p.card(1, "field", 2000)
    big = p.card(1, "field", 6000)
    mine = p.card(0, "field", 9000)
    legal = [Action("target", (small,)), Action("target", (big,))]
    p.state.phase = "target"
    obs = p.match.observation(0)
    assert GreedyPlayer().choose(obs, legal, random.Random(0)) == Action("target", (big,))
    mixed = [*legal, Action("target", (mine,)), Action("skip")]
    picks = {GreedyPlayer().choose(obs, mixed, random.Random(s)) for s in range(40)}
    assert picks == set(mixed)  # no opinion: any of them


def test_card_data_derives_abilities_auras_and_timings_from_its_effects_even_after_replace() -> None:
    from dataclasses import replace

    from amalogs.models.effects import Draw

    card = CardData(0, 0, "c", "card", "unit", ("red",), 1, 1000, 1000, 1, frozenset())
    assert card.abilities == () and card.auras == () and card.timed == {}
    drawing = replace(card, effects=(Draw(do="draw", count=1),))
    assert drawing.timed == {"play": drawing.effects} and drawing.copy_as(5, 1).timed == drawing.timed


def test_greedy_uses_a_helpful_ability_once_a_turn_and_an_attack_on_cards_only_when_there_are_some() -> None:
    from amalogs.referee.players.greedy import View, choose_activate

    seats = [{"game": "guild-heroes", "defence-area": [1, 2], "rested": []},
             {"game": "guild-heroes", "defence-area": [], "rested": []}]
    cards = {1: {"type": "character", "ap": 1000, "dp": 1000, "abilities": {0: ["draw", None]}},
             2: {"type": "character", "ap": 1000, "dp": 1000, "abilities": {0: ["destroy", "opponent"]}}}
    view = View({"turn": 3, "you": 0, "seats": seats, "cards": cards})
    legal = [Action("activate", (2, 0)), Action("activate", (1, 0)), Action("attack-phase")]
    used: set[tuple[int, int, int]] = set()
    assert choose_activate(view, legal, used) == Action("activate", (1, 0))
    assert choose_activate(view, legal, used) is None  # drawing again this turn: not before the next turn
    seats[1]["defence-area"] = [9]
    cards[9] = {"type": "character", "ap": 2000, "dp": 2000}
    assert choose_activate(View({"turn": 3, "you": 0, "seats": seats, "cards": cards}), legal, used) == \
        Action("activate", (2, 0))
