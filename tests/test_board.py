"""A board both players share (play.board, Z/X's 3×3 squares): the squares seen from either side, a card put
into play with no square named, and whole matches with the invariant that a square holds one card."""

from __future__ import annotations

import random

from amalogs.catalog import Catalog
from amalogs.referee import Match
from amalogs.referee.engine.invariants import invariant_problems
from amalogs.referee.sessions.sides import resolve_side

POSITION = {"step": "main", "turn": 3, "seats": [
    {"game": "Z/X", "normal-squares": [{"card": "flame-warrior-kagura", "at": "far-right", "entered": 1}]},
    {"game": "Z/X", "normal-squares": [{"card": "spark-drake-sparky", "at": "home", "entered": 1}]},
]}


def test_a_square_is_seen_turned_half_round_from_the_other_side(catalog: Catalog) -> None:
    m = Match.from_position(catalog, POSITION)
    zx = m.state.games[0]
    kagura = m.state.seats[0].zones["normal-squares"][0]
    assert zx.square_of(m.state, 0, 0, kagura) == (3, 3) and zx.square_of(m.state, 1, 0, kagura) == (1, 1)
    assert set(zx.squares_held(m.state, 1)) == {(1, 1)}  # seat 1 sees the opposing card on its near-left


def test_a_card_put_into_play_with_no_square_named_skips_the_squares_opposing_cards_hold(catalog: Catalog) -> None:
    """The first open place, in the profile's order (home, near-left, near-right …): home is taken by seat 1's own
    card, near-left by seat 0's, so a card played free (an ignition from the life) goes to near-right."""
    m = Match.from_position(catalog, POSITION)
    zx = m.state.games[1]
    assert zx.free_place(m.state, 1) == "near-right"
    assert "near-left" not in zx._open_places(m.state, 1)


def test_matches_on_the_board_keep_one_card_a_square(catalog: Catalog) -> None:
    for seed in range(6):
        sides = [resolve_side(catalog, "ZX"), resolve_side(catalog, "ZX")]
        m = Match.new(catalog, [(s.game, s.deck) for s in sides], seed)
        rng = random.Random(seed)
        squares_used = set()
        while not m.is_terminal():
            m.apply_action(rng.choice(m.legal_actions()))
            assert not invariant_problems(m), invariant_problems(m)
            squares_used.update(m.state.seats[0].at.values())
        assert squares_used - {"home"}  # (the cards do go onto the normal squares)
