"""Playing meta-games to their end: one game with its JSONL log, or a seeded batch with a summary (in several
processes if asked)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from amalogs.catalog import Catalog
from amalogs.meta.game import MetaGame, MetaOutcome
from amalogs.meta.players import make_meta_player
from amalogs.meta.saves import MetaHeader
from amalogs.meta.saves import log_lines as header_log_lines
from amalogs.meta.settings import MetaError, MetaSettings, TeamSpec

__all__ = ["BatchSummary", "log_lines", "play_batch", "play_game", "play_outcomes", "summarise"]


def play_game(game: MetaGame, players: tuple[str, str], seed: int,
              watch: Callable[[MetaGame, str], None] | None = None) -> MetaOutcome:
    """Play a meta-game to its end; each team's meta player decides from a generator seeded with ``seed``;
    ``watch`` sees every decision after it is carried out."""
    movers = tuple(make_meta_player(name) for name in players)
    rng = random.Random(seed)
    while not game.is_terminal():
        team = game.current_player()
        assert team is not None
        action = movers[team].choose(game.observation(), game.legal_actions(), rng)
        game.apply_action(action)
        if watch is not None:
            watch(game, action)
    assert game.outcome is not None
    return game.outcome


def log_lines(game: MetaGame, seed: int, players: tuple[str, str]) -> list[str]:
    """The JSONL log: a header (what was asked for, :class:`amalogs.meta.saves.MetaHeader`), one event a line,
    and the header's seal (:func:`amalogs.meta.saves.log_lines`)."""
    header = MetaHeader.model_validate({"seed": seed, "settings": game.settings, "teams": game.teams,
                                        "players": players, "core_players": game.core_players})
    return header_log_lines(header, game.events)




@dataclass(frozen=True, slots=True)
class BatchSummary:
    """A seeded batch: games, wins of each team, draws, average meta turns, and how games ended."""

    games: int
    wins: tuple[int, int]
    draws: int
    average_turns: float
    endings: tuple[tuple[str, int], ...]


def play_batch(catalog: Catalog, teams: tuple[TeamSpec, TeamSpec], seed: int, n: int, settings: MetaSettings,
               players: tuple[str, str], core_players: tuple[str, str], jobs: int = 1,
               progress: Callable[[int], None] | None = None) -> BatchSummary:
    """Play ``n`` games, seeds ``seed`` … ``seed + n − 1``, in ``jobs`` forked processes (which share the loaded
    data; where processes cannot be forked, one); the summary is the one ``jobs=1`` gives. ``progress(k)``: k
    more games are done."""
    return summarise(play_outcomes(catalog, teams, seed, n, settings, players, core_players, jobs, progress))


def summarise(outcomes: list[MetaOutcome]) -> BatchSummary:
    """A batch's summary from its games' outcomes."""
    wins, turns, endings = [0, 0], 0, Counter[str]()
    draws = 0
    for out in outcomes:
        turns += out.turns
        if out.winner is None:
            draws += 1
        else:
            wins[out.winner] += 1
        endings[out.ending] += 1
    n = len(outcomes)
    return BatchSummary(n, (wins[0], wins[1]), draws, turns / n if n else 0.0, tuple(sorted(endings.items())))


_BATCH: dict[str, Any] = {}  # what a forked worker plays (set before the pool forks)


def _play_seeds(first: int, count: int) -> list[MetaOutcome]:
    b = _BATCH
    out = []
    for s in range(first, first + count):
        game = MetaGame.new(b["catalog"], b["teams"], s, b["settings"], b["core_players"])
        out.append(play_game(game, b["players"], s))
    return out


def play_outcomes(catalog: Catalog, teams: tuple[TeamSpec, TeamSpec], seed: int, n: int, settings: MetaSettings,
                  players: tuple[str, str], core_players: tuple[str, str], jobs: int = 1,
                  progress: Callable[[int], None] | None = None) -> list[MetaOutcome]:
    """Each game's outcome, in seed order (see :func:`play_batch`)."""
    import multiprocessing

    from amalogs.referee.sessions.runner import forked_parts

    if "human" in players:
        raise MetaError("a person plays one meta-game at a time: leave out -n")
    _BATCH.update(catalog=catalog, teams=teams, settings=settings, players=players, core_players=core_players)
    try:
        jobs = max(1, min(jobs, n))
        if jobs == 1 or "fork" not in multiprocessing.get_all_start_methods():
            outcomes = []
            for s in range(seed, seed + n):
                outcomes += _play_seeds(s, 1)
                if progress is not None:
                    progress(1)
            return outcomes
        size = max(1, min(20, -(-n // (jobs * 8))))
        return [outcome for part in forked_parts(_play_seeds, seed, n, jobs, size, progress) for outcome in part]
    finally:
        _BATCH.clear()
