"""Position files: dumped from any decision point of random matches in every pairing they load back to the
same position and play on with the same events; bad files are refused in one line naming the key."""

from __future__ import annotations

import random
import tomllib
import zlib
from copy import deepcopy
from pathlib import Path
from typing import Any

import pytest

from amalogs.catalog import Catalog
from amalogs.referee import Match
from amalogs.referee.engine.invariants import InvariantError, check_invariants
from amalogs.referee.players import RandomPlayer
from amalogs.referee.engine.position_dump import position_text
from amalogs.referee.engine.positions import PositionError
from amalogs.referee.engine.registry import MODULES
from amalogs.referee.sessions.runner import resolve_side
from amalogs.referee.sessions.saves import Session

PAIRINGS = [(a, b) for a in MODULES for b in MODULES]
POINTS_PER_PAIRING = 10


def _without_seq(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k != "seq"} for e in events]


@pytest.mark.parametrize("pairing", PAIRINGS, ids=lambda p: f"{p[0]}-vs-{p[1]}")
def test_a_dump_loads_back_and_plays_on_like_the_reseeded_match(catalog: Catalog, pairing: tuple[str, str]) -> None:
    decks = [sorted(catalog.decks(g)) for g in pairing]
    rng = random.Random(zlib.crc32(" ".join(pairing).encode()))
    for k in range(POINTS_PER_PAIRING):
        sides = tuple(resolve_side(catalog, f"{g}:{d[k % len(d)]}") for g, d in zip(pairing, decks))
        session = Session(catalog, sides, 100 + k, ("random", "random"), turn_cap=40)
        for _ in range(rng.randrange(0, 300)):
            if session.finished:
                break
            session.step()
        dump = session.match.position(catalog)
        text = position_text(dump, "toml" if k % 2 else "json")
        loaded = Match.from_position(catalog, tomllib.loads(text) if k % 2 else __import__("json").loads(text))
        assert loaded.position(catalog) == dump, "load → dump is not the same position"
        original = session.match
        original.state.rng = random.Random(dump["seed"])
        start = len(original.state.events)
        chooser, r1, r2 = RandomPlayer(), random.Random(k), random.Random(k)
        for _ in range(400):
            if original.is_terminal():
                break
            legal = original.legal_actions()
            assert loaded.legal_actions() == legal
            action = chooser.choose({}, legal, r1)
            chooser.choose({}, legal, r2)
            original.apply_action(action)
            loaded.apply_action(action)
        assert _without_seq(loaded.state.events) == _without_seq(original.state.events[start:])
        after, expected = loaded.position(catalog), original.position(catalog)
        after.pop("seed"), expected.pop("seed")  # the same generator state; the loaded match still names its seed
        assert after == expected


BASE = """
step = "attack"
[[seats]]
game = "BD"
field = ["archive-guardian-golem"]
[[seats]]
deck = "BD:blue-white-control"
field = [{ card = "azure-steel-sentinel", rested = true }]
"""


def _load(catalog: Catalog, text: str) -> Match:
    return Match.from_position(catalog, tomllib.loads(text), "p.toml")


def test_a_hand_written_position_numbers_its_cards_and_fills_the_deck(catalog: Catalog) -> None:
    m = _load(catalog, BASE)
    s = m.state
    assert s.cards[0].card_id == "archive-guardian-golem" and s.seats[0].zones["field"] == [0]
    deck = catalog.decks("build-divide")["blue-white-control"][0]
    assert len(s.cards) == 1 + sum(deck.main.values()) + sum(sum(c.values()) for c in deck.extra.values())
    sentinel = s.seats[1].zones["field"][0]
    assert s.cards[sentinel].card_id == "azure-steel-sentinel" and sentinel in s.seats[1].rested
    assert len(s.seats[1].zones["deck"]) == sum(deck.main.values()) - 1  # the rest of the deck, shuffled
    assert s.seats[1].zones["territory"] and set(s.seats[1].zones["territory"]) <= s.seats[1].face_down
    assert [a.text() for a in m.legal_actions()] == [f"attack 0 unit {sentinel}", "end-attacks"]


def test_piles_are_listed_from_the_top(catalog: Catalog) -> None:
    m = _load(catalog, BASE.replace('field = ["archive-guardian-golem"]',
                                    'field = ["archive-guardian-golem"]\nzones.deck = ["spark-imp", "ember-squire"]'))
    deck = m.state.seats[0].zones["deck"]
    assert [m.state.cards[u].card_id for u in deck] == ["ember-squire", "spark-imp"]  # held with the top last
    assert m.position(catalog)["seats"][0]["zones"]["deck"] == ["spark-imp#0", "ember-squire#1"]  # zone order: deck first


@pytest.mark.parametrize("change, key", [
    (("seats", 0, "field", ["archive-guardian-golemm"]), "seats[0].field[0]: no card 'archive-guardian-golemm'"),
    (("seats", 0, "field", ["takamori-retsudou"]), "is a card of 戦国大戦TCG"),
    (("seats", 0, "feild", ["spark-imp"]), "seats[0].feild: not a zone of"),
    (("step", None, None, "atack"), "step: unknown step 'atack'"),
    (("turnn", None, None, 3), "turnn: unknown key"),
    (("seats", 1, "hand", ["azure-steel-sentinel"] * 5), "more copies of 'azure-steel-sentinel' than the deck holds"),
    (("seats", 0, "field", [{"card": "archive-guardian-golem", "damage": 8000}]), "seats[0].field[0].damage: at or above"),
    (("active", None, None, 2), "active: seat 2 does not exist"),
    (("attack", None, None, {"attacker": 0, "target": 0}), "attack.target: #0 is not a card of another seat"),
    (("seats", 0, "field", [{"card": "archive-guardian-golem", "granted": ["先制攻撃x"]}]), "unknown unified keyword"),
    (("seats", 0, "field", ["archive-guardian-golem#0", "archive-guardian-golem#0"]), "listed twice"),
    (("version", None, None, 2), "version: position format version 2 is not supported"),
    (("seats", 0, "field", [{"card": "archive-guardian-golem", "under": ["spark-imp"]}]), ".under: ビルディバイド"),
    (("step", None, None, "block"), "attack: the block step needs an attack in progress"),
    (("seats", 1, "side", 0), "seats[0].side: every seat is on one side"),  # seat 0 is given side 0 below
    (("step", None, None, "main"), None),  # a sound position loads
])
def test_a_bad_position_is_one_line_naming_the_key(catalog: Catalog, change: tuple[Any, ...], key: str | None) -> None:
    data = tomllib.loads(BASE)
    where, seat, zone, value = change
    if where == "seats":
        data["seats"][seat][zone] = deepcopy(value)
        if zone == "side":
            data["seats"][0]["side"] = value
    else:
        data[where] = value
    if key is None:
        assert Match.from_position(catalog, data, "p.toml").legal_actions()
        return
    with pytest.raises(PositionError) as err:
        Match.from_position(catalog, data, "p.toml")
    message = str(err.value)
    assert key in message and message.startswith("p.toml: ") and "\n" not in message


def test_the_invariants_catch_a_broken_state(catalog: Catalog) -> None:
    m = _load(catalog, BASE)
    check_invariants(m)
    m.state.seats[0].zones["hand"].append(0)  # the golem in two zones
    with pytest.raises(InvariantError, match="cards in two zones: \\[0\\]"):
        check_invariants(m, "a test")


def test_a_finished_match_is_a_position_too(catalog: Catalog, tmp_path: Path) -> None:
    m = _load(catalog, BASE)
    m.apply_action(m.legal_actions()[0])  # the golem attacks the sentinel
    while not m.is_terminal():
        m.apply_action(m.legal_actions()[-1])
    dump = m.position(catalog)
    assert dump["step"] == "over" and dump["outcome"]["reason"] == m.outcome.reason  # type: ignore[union-attr]
    again = Match.from_position(catalog, dump)
    assert again.is_terminal() and again.position(catalog) == dump
