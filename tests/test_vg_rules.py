"""ヴァンガード played from its data by its real rules (the profile's places, ride, calls, boost, guards and costs):
twenty greedy mirror matches, checked on their play-by-play. No call above the vanguard's grade, at most one ride
a turn and one grade at a time, guards in the logs, counter blasts paid before the effects that cost them."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from amalogs.catalog import Catalog, load_catalog
from amalogs.referee.sessions.runner import Session, result_of
from amalogs.referee.sessions.sides import resolve_side

SEEDS = range(1, 21)


@pytest.fixture(scope="module")
def matches() -> list[tuple[int, tuple[Any, Any]]]:
    catalog: Catalog = load_catalog()
    sides = (resolve_side(catalog, "VG"), resolve_side(catalog, "VG"))
    out = []
    for seed in SEEDS:  # (with the referee's invariants checked after every decision)
        session = Session(catalog, sides, seed, ("greedy", "greedy"), 60, True, check=True)
        session.run()
        out.append((seed, (session.match.state.cards, result_of(session))))
    return out


def test_no_call_above_the_vanguard_grade_and_one_ride_a_turn(matches: list[tuple[int, tuple[Any, Any]]]) -> None:
    calls = 0
    for seed, (cards, result) in matches:
        leader: dict[int, int] = {}
        rides: Counter[tuple[int, int]] = Counter()
        for event in result.events:
            kind, seat = event["type"], event.get("seat")
            if kind == "first-leader":
                leader[seat] = event["card"]
                assert cards[event["card"]].level == 0, (seed, event)
            elif kind == "ride":
                rides[(event["turn"], seat)] += 1
                assert rides[(event["turn"], seat)] <= 1, (seed, event)
                old = cards[leader[seat]].level
                assert old <= cards[event["card"]].level <= old + 1, (seed, event)
                leader[seat] = event["card"]
            elif kind == "play" and "at" in event:
                calls += 1
                assert event["at"] != "vanguard", (seed, event)
                assert cards[event["card"]].level <= cards[leader[seat]].level, (seed, event)
            elif kind == "guard" and not event.get("intercept"):
                assert cards[event["card"]].level <= cards[leader[seat]].level, (seed, event)
    assert calls > 20 * 3  # the players do call units


def test_guards_appear_and_counter_blasts_are_paid(matches: list[tuple[int, tuple[Any, Any]]]) -> None:
    guarded = blasted = 0
    for seed, (cards, result) in matches:
        events = result.events
        kinds = {e["type"] for e in events}
        guarded += "guard" in kinds
        for k, event in enumerate(events):
            if event["type"] != "effect" or not isinstance(event.get("card"), int):
                continue
            costly = [e for e in cards[event["card"]].effects
                      if e.do == event["effect"] and e.pay is not None and e.pay.counter_blast]
            if costly:  # the effect took place: its counter blast was paid just before it
                blasted += 1
                before = [e["type"] for e in events[max(0, k - 3):k]]
                assert "counter-blast" in before, (seed, event, before)
        assert result.outcome.reason, seed
    assert guarded >= len(SEEDS) // 2
    assert blasted > 0


@pytest.fixture(scope="module")
def paladins() -> list[tuple[int, tuple[Any, Any]]]:
    """ロイヤルパラディン (アルヴィオン's hit effect, マーロウ's static) against かげろう, greedy, invariants checked."""
    catalog: Catalog = load_catalog()
    sides = (resolve_side(catalog, "VG:royal-paladin-vanguard"), resolve_side(catalog, "VG:kagero-blaze"))
    out = []
    for seed in SEEDS:
        session = Session(catalog, sides, seed, ("greedy", "greedy"), 60, True, check=True)
        session.run()
        out.append((seed, (session.match.state.cards, result_of(session))))
    return out


def test_hit_effects_come_after_the_damage_of_an_attack_that_hit(paladins: list[tuple[int, tuple[Any, Any]]]) -> None:
    """A "when it hits" effect (アルヴィオン's draw) takes place only in an attack that dealt damage, after it, and
    only as the vanguard (its condition): never after a no-hit."""
    seen = 0
    for seed, (cards, result) in paladins:
        attack: list[dict[str, Any]] = []
        for event in result.events:
            if event["type"] == "attack":
                attack = []
            attack.append(event)
            if event["type"] != "effect" or not isinstance(event.get("card"), int):
                continue
            if not any(e.when == "hit" and e.do == event["effect"] for e in cards[event["card"]].effects):
                continue
            if attack[0]["type"] != "attack" or attack[0].get("attacker") != event["card"]:
                continue  # (an effect of the same kind from another timing)
            seen += 1
            kinds = [e["type"] for e in attack]
            assert "life-revealed" in kinds and "no-hit" not in kinds, (seed, kinds)
    assert seen > 0
