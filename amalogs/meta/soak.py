"""Random meta-games with every invariant checked: the referee's after each core action inside a duel, the
board's and card conservation after each meta decision (``benchmarks/meta_soak.py`` runs 1,000; the tests a
few).
"""

from __future__ import annotations

import random
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from amalogs.catalog import Catalog
from amalogs.meta.core import card_total
from amalogs.meta.game import MetaGame
from amalogs.meta.settings import MetaSettings, TeamSpec, parse_team
from amalogs.referee import Match
from amalogs.referee.engine.invariants import invariant_problems

__all__ = ["SOAK_DECKS", "SoakResult", "board_problems", "soak"]

SOAK_DECKS = ("BD", "BD:red-aggro", "BD:black-eclipse", "GH", "GH:tidelight-guardians", "SGK", "BJ")
"""The decks random teams are drawn from."""


@dataclass(slots=True)
class SoakResult:
    """What a soak found: games played, decisions, seconds, endings (winner or None) and problems (one line
    each, naming the seed)."""

    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    endings: dict[int | None, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


class _Broken(Exception):
    """An invariant broken inside a duel (raised from the check, caught by the soak)."""


def _check(m: Match) -> None:
    problems = invariant_problems(m)
    if problems:
        raise _Broken("; ".join(problems))


def board_problems(game: MetaGame, sizes: Sequence[int]) -> list[str]:
    """What is wrong on the board: two pieces on a square, a piece off the board, a core game that lost or
    gained cards (``sizes``: each avatar's card count at the start; a revival without reserve decks keeps it)."""
    problems = []
    on = [a.square for a in game.avatars if a.square is not None]
    if len(set(on)) != len(on) or set(on) & set(game.bases):
        problems.append(f"two pieces on one square: {on}")
    w, h = game.settings.width, game.settings.height
    if any(not (0 <= x < w and 0 <= y < h) for x, y in on):
        problems.append(f"off the board: {on}")
    if [card_total(a.core) for a in game.avatars] != list(sizes):
        problems.append("a core game lost or gained cards")
    if not all(0 <= life for life in game.life):
        problems.append(f"base life below 0: {game.life}")
    return problems


def soak(catalog: Catalog, n: int, seed: int = 0, turn_cap: int = 24, decks: Sequence[str] = SOAK_DECKS,
         progress: Callable[[int], None] | None = None) -> SoakResult:
    """Play ``n`` meta-games of random teams and random decisions (seeds ``seed`` …); stop a game at its first
    problem and go on with the next."""
    result = SoakResult()
    start = time.perf_counter()
    for s in range(seed, seed + n):
        rng = random.Random(s)
        teams = (parse_team("a", ",".join(rng.choice(decks) for _ in range(3))),
                 parse_team("b", ",".join(rng.choice(decks) for _ in range(3))))
        try:
            _one(catalog, teams, s, turn_cap, rng, result)
        except Exception as exc:  # noqa: BLE001 (a soak reports every failure and goes on)
            where = traceback.extract_tb(exc.__traceback__)[-1]
            result.problems.append(f"seed {s} ({','.join(teams[0].avatars)} v {','.join(teams[1].avatars)}): "
                                   f"{type(exc).__name__}: {exc} [{where.filename}:{where.lineno}]")
        result.games += 1
        if progress is not None:
            progress(result.games)
    result.seconds = time.perf_counter() - start
    return result


def _one(catalog: Catalog, teams: tuple[TeamSpec, TeamSpec], seed: int, turn_cap: int, rng: random.Random,
         result: SoakResult) -> None:
    game = MetaGame.new(catalog, teams, seed, MetaSettings(turn_cap=turn_cap), check=_check)
    sizes = [card_total(a.core) for a in game.avatars]
    while not game.is_terminal():
        game.apply_action(rng.choice(game.legal_actions()))
        result.decisions += 1
        problems = board_problems(game, sizes)
        if problems:
            raise _Broken("; ".join(problems))
    assert game.outcome is not None and game.outcome.turns <= turn_cap
    result.endings[game.outcome.winner] = result.endings.get(game.outcome.winner, 0) + 1
