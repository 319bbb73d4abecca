"""The engine plays more than two seats on two sides (the host and its allies against the rest), the layout
the meta-game needs: attacks name the seat they attack, that seat's game decides blocks and takes the
damage, turns go round the seats, and random play from a three-seat position keeps every invariant."""

from __future__ import annotations

import random

from amalogs.catalog import Catalog
from amalogs.referee import Match
from amalogs.referee.engine.invariants import invariant_problems

THREE = {"step": "attack", "turn": 1, "seats": [
    {"deck": "BD:red-aggro", "side": 0, "field": ["crimson-dragon-whelp"]},
    {"deck": "BD:black-eclipse", "side": 1, "field": ["wraith-hound"]},
    {"deck": "GH:tidelight-guardians", "side": 1, "defence-area": ["silver-paladin"],
     "fort-area": ["harbour-deckhand", "frost-mage", "cathedral-acolyte", "sera-the-healer"]},
]}


def test_an_attack_names_the_seat_it_attacks_and_that_seat_answers(catalog: Catalog) -> None:
    m = Match.from_position(catalog, THREE)
    legal = [a.text() for a in m.legal_actions()]
    lancer = next(c.uid for c in m.state.cards if c.card_id == "crimson-dragon-whelp")
    assert f"attack {lancer} player 1" in legal and f"attack {lancer} player 2" in legal
    paladin = next(c.uid for c in m.state.cards if c.card_id == "silver-paladin")
    assert f"attack {lancer} unit {paladin}" not in legal  # standing: not a target
    assert f"attack {lancer} player 0" not in legal  # its own seat
    m.apply_action(f"attack {lancer} player 2")
    assert m.state.phase == "block" and m.state.decider == 2  # the ギルドヒーローズ seat decides its blocks
    assert [a.text() for a in m.legal_actions()] == ["noblock", f"block {paladin}"]  # its own game's blocks
    m.apply_action("noblock")
    fort = [e for e in m.state.events if e["type"] in ("fort-broken", "fort-damaged")]
    assert fort and all(e["seat"] == 2 for e in fort)  # the damage went to seat 2's forts
    assert not any(e["type"] == "life-revealed" for e in m.state.events)  # not to seat 1's life


def test_turns_go_round_the_seats(catalog: Catalog) -> None:
    m = Match.from_position(catalog, THREE)
    m.apply_action("end-attacks")
    while m.state.phase == "discard":
        m.apply_action(m.legal_actions()[0])
    assert m.state.active == 1 and m.state.turn == 2
    assert m.position(catalog)["seats"][1]["side"] == 1


def test_random_play_from_three_seats_keeps_the_invariants(catalog: Catalog) -> None:
    for seed in range(12):
        m = Match.from_position(catalog, {**THREE, "seed": seed})
        rng = random.Random(seed)
        for _ in range(300):
            if m.is_terminal():
                break
            m.apply_action(rng.choice(m.legal_actions()))
            assert not invariant_problems(m), invariant_problems(m)
        again = Match.from_position(catalog, m.position(catalog))
        assert again.position(catalog) == m.position(catalog)
