"""The conformance suite: every ordered pairing of the shipped games (the nine the referee plays, 81 pairings: four
with modules of their own, five from their data alone), every pair of sample decks.

After every action of thousands of seeded random matches: every card is in exactly one zone, no count is
negative, there is a legal action until the match ends, and the match ends by the turn cap at the latest.
Greedy players finish every pairing too, and a logged match of every pairing replays identically.
"""

from __future__ import annotations

import random
from itertools import product
from pathlib import Path

import pytest

from amalogs.catalog import Catalog, load_catalog
from amalogs.referee import Match, RandomPlayer
from amalogs.referee.engine.invariants import check_invariants
from amalogs.referee.engine.registry import MODULES
from amalogs.referee.sessions.runner import (
    header,
    play_match,
    replay,
    resolve_side,
    write_log,
)

from .conftest import assert_observations_hide_secrets, sampled

GAMES = list(load_catalog().games)  # every game the registry plays: a module's, or the profile-driven game
PAIRINGS = [(a, b) for a in GAMES for b in GAMES]
TURN_CAP = 30
SEEDS_PER_DECK_PAIR = 30  # 9 deck pairs a pairing (3 sample decks a game) × 30 = 270 matches a pairing
SAMPLED_SEEDS = 8  # a pairing with a game played from its data: 8 seeds a deck pair (the full soak: benchmarks/)
DRAWN = (3, 2)  # the sampled run: seeds of each deck pair drawn from those (conftest.sampled; --full plays all)


@pytest.mark.parametrize("pairing", PAIRINGS, ids=lambda p: f"{p[0]}-vs-{p[1]}")
def test_random_matches_keep_every_invariant(catalog: Catalog, pairing: tuple[str, str]) -> None:
    a, b = catalog.game(pairing[0]), catalog.game(pairing[1])
    deck_pairs = list(product(catalog.decks(a.id).values(), catalog.decks(b.id).values()))
    for k, ((da, _), (db, _)) in enumerate(deck_pairs):
        modules = a.id in MODULES and b.id in MODULES
        seeds = range(SEEDS_PER_DECK_PAIR if modules else SAMPLED_SEEDS)
        for seed in sampled(seeds, DRAWN[0] if modules else DRAWN[1], f"{pairing}{k}"):
            m = Match.new(catalog, [(a, da), (b, db)], seed * 100 + k, turn_cap=TURN_CAP, log_events=False)
            rng, player = random.Random(seed), RandomPlayer()
            check_invariants(m)
            while not m.is_terminal():
                action = player.choose({}, m.legal_actions(), rng)
                m.apply_action(action)
                check_invariants(m, action.text())
            assert m.outcome is not None and m.legal_actions() == []


@pytest.mark.parametrize("pairing", PAIRINGS, ids=lambda p: f"{p[0]}-vs-{p[1]}")
def test_greedy_players_finish_every_pairing(catalog: Catalog, pairing: tuple[str, str]) -> None:
    sides = (resolve_side(catalog, pairing[0]), resolve_side(catalog, pairing[1]))
    for seed in range(6):
        players = (("greedy", "greedy"), ("greedy", "random"), ("random", "greedy"))[seed % 3]
        result = play_match(catalog, sides, seed, players, turn_cap=TURN_CAP, log_events=False)
        assert result.outcome.turns <= TURN_CAP and result.outcome.reason


@pytest.mark.parametrize("pairing", PAIRINGS, ids=lambda p: f"{p[0]}-vs-{p[1]}")
def test_the_same_seed_gives_the_same_log_and_it_replays(catalog: Catalog, pairing: tuple[str, str],
                                                        tmp_path: Path) -> None:
    sides = (resolve_side(catalog, pairing[0]), resolve_side(catalog, pairing[1]))
    result = play_match(catalog, sides, 11, ("random", "greedy"), 40)
    assert play_match(catalog, sides, 11, ("random", "greedy"), 40).events == result.events
    log = tmp_path / "m.jsonl"
    write_log(log, header(sides, 11, ("random", "greedy"), 40), result.events)
    assert replay(catalog, log) == (len(result.events), None)


@pytest.mark.parametrize("pairing", PAIRINGS, ids=lambda p: f"{p[0]}-vs-{p[1]}")
def test_an_observation_never_shows_another_seats_hidden_cards(catalog: Catalog, pairing: tuple[str, str]) -> None:
    """OpenSpiel's private-information check: at every decision of random matches, what a seat observes names
    no card of another seat that lies in its hand, a hidden or private zone, or face down."""
    a, b = catalog.game(pairing[0]), catalog.game(pairing[1])
    da, db = next(iter(catalog.decks(a.id).values()))[0], next(iter(catalog.decks(b.id).values()))[0]
    for seed in range(4):
        m = Match.new(catalog, [(a, da), (b, db)], seed, turn_cap=TURN_CAP, log_events=False)
        assert_observations_hide_secrets(m, random.Random(seed))


@pytest.mark.parametrize("game", GAMES)
def test_a_second_catalog_in_the_same_process_plays_the_same_matches(catalog: Catalog, game: str) -> None:
    """A long-running process (a tournament worker, a server) may load the data more than once: the lenient
    catalog the CLI uses shares its card models with the strict one. A match must not depend on which catalog
    played first (a game made from data once kept what its lands give in the game object that first read
    them, so Magic's lands gave no colour under a second catalog)."""
    other = load_catalog(lenient=True)
    assert other is not catalog

    def events(cat: Catalog) -> list[dict[str, object]]:
        sides = (resolve_side(cat, game), resolve_side(cat, "magic-the-gathering"))
        return play_match(cat, sides, 1, ("random", "random"), TURN_CAP).events

    first = events(catalog)
    assert events(other) == first
    assert events(catalog) == first
