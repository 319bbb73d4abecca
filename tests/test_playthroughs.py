"""Committed seeded playthroughs (OpenSpiel's transcripts): one JSONL log per pairing and seed, replayed
event by event. A change to the referee that changes any match shows here as the first event that differs;
a deliberate rule change regenerates them (``AMALOGS_REGEN_PLAYTHROUGHS=1 pytest tests/test_playthroughs.py``)
and names the change in its commit."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from amalogs.catalog import Catalog
from amalogs.referee.engine.registry import MODULES
from amalogs.referee.sessions.runner import header, play_match, replay, resolve_side, write_log

FOLDER = Path(__file__).parent / "data" / "playthroughs"
GAMES = {"build-divide": "BD", "guild-heroes": "GH", "sengoku-taisen": "SGK", "break-joker": "BJ"}
CASES = [(a, b, seed, players) for a in MODULES for b in MODULES
         for seed, players in ((3, ("greedy", "random")), (8, ("random", "greedy")))]


def _path(a: str, b: str, seed: int) -> Path:
    return FOLDER / f"{GAMES.get(a, a)}-vs-{GAMES.get(b, b)}-seed{seed}.jsonl"


@pytest.mark.parametrize("case", CASES, ids=lambda c: _path(*c[:3]).stem)
def test_a_committed_playthrough_replays_event_by_event(catalog: Catalog, case: tuple[str, str, int, tuple[str, str]]) -> None:
    a, b, seed, players = case
    path = _path(a, b, seed)
    if os.environ.get("AMALOGS_REGEN_PLAYTHROUGHS"):
        sides = (resolve_side(catalog, a), resolve_side(catalog, b))
        result = play_match(catalog, sides, seed, players, turn_cap=40)
        FOLDER.mkdir(parents=True, exist_ok=True)
        write_log(path, header(sides, seed, players, 40), result.events)
    checked, difference = replay(catalog, path)
    assert difference is None, f"{path.name}: {difference}"
    assert checked > 10
