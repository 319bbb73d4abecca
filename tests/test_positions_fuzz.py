"""Mutated position files (keys deleted, values of the wrong type, huge and negative numbers, cards swapped):
each loads, or is refused with one line naming the file — never another exception — and a position that
loads keeps the referee's invariants while random actions play on from it."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amalogs.catalog import Catalog
from amalogs.errors import AmalogsError
from amalogs.referee import Match
from amalogs.referee.engine.invariants import invariant_problems
from amalogs.referee.engine.positions import read_position
from amalogs.referee.sessions.runner import resolve_side
from amalogs.referee.sessions.saves import Session

from .mutations import pick

KNOWN = sorted((Path(__file__).parent / "positions").glob("*.toml"))
ODD_VALUES: list[Any] = [None, -1, 0, 10**12, -(10**12), 1.5, float("nan"), "", "x" * 300, [], {}, [[[]]], True,
                         "spark-imp", "spark-imp#99999", "build-divide:red-aggro", {"card": "spark-imp"}, ["hand"]]


def _bases(catalog: Catalog) -> list[dict[str, Any]]:
    bases = [read_position(p) for p in KNOWN[:: max(1, len(KNOWN) // 12)]]
    for seed, (a, b) in enumerate([("BD", "GH"), ("SGK", "BJ"), ("GH", "SGK"), ("BJ", "BD")]):
        session = Session(catalog, (resolve_side(catalog, a), resolve_side(catalog, b)), seed, ("random", "random"))
        for _ in range(60):
            if not session.finished:
                session.step()
        bases.append(session.match.position(catalog))
    return bases


def _mutate(data: dict[str, Any], rng: random.Random, card_ids: list[str]) -> dict[str, Any]:
    data = copy.deepcopy(data)
    for _ in range(rng.randrange(1, 4)):
        place = pick(data, rng)
        assert place is not None
        parent, last = place
        kind = rng.randrange(4)
        if kind == 0:
            del parent[last]
        elif kind == 1:
            parent[last] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif kind == 2 and isinstance(parent[last], str):
            parent[last] = rng.choice(card_ids) + rng.choice(["", "#0", "#7", "#200"])
        elif isinstance(parent[last], int) and not isinstance(parent[last], bool):
            parent[last] = parent[last] + rng.choice([-2, -1, 1, 2, 50])
        else:
            parent[last] = copy.deepcopy(rng.choice(ODD_VALUES))
    return data


@settings(max_examples=150, deadline=3000, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 10**9))
def test_a_mutated_position_loads_or_is_one_line(catalog: Catalog, seed: int) -> None:
    rng = random.Random(seed)
    bases = _BASES.setdefault("bases", _bases(catalog))
    card_ids = [c for g in catalog.games for c in list(catalog.cards(g))[:6]]
    data = _mutate(rng.choice(bases), rng, card_ids)
    try:
        match = Match.from_position(catalog, data, "fuzz.toml")
    except AmalogsError as exc:
        message = str(exc)
        assert message.startswith("fuzz.toml: ") and "\n" not in message and len(message) < 600, message
        return
    assert not invariant_problems(match), invariant_problems(match)
    match.position(catalog)
    for _ in range(20):  # and it plays on, keeping the invariants
        if match.is_terminal():
            break
        match.apply_action(rng.choice(match.legal_actions()))
        assert not invariant_problems(match), invariant_problems(match)


_BASES: dict[str, list[dict[str, Any]]] = {}
