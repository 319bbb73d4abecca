"""Players behind one protocol: ``choose(observation, legal_actions, rng) -> Action``.

Every player takes its randomness from the injected ``random.Random``, so a seeded match repeats exactly.
:class:`RandomPlayer` picks uniformly; :class:`~amalogs.referee.greedy.GreedyPlayer` is a one-step heuristic.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from amalogs.referee.actions import Action
from amalogs.referee.greedy import GreedyPlayer

__all__ = ["Player", "RandomPlayer", "GreedyPlayer", "PLAYERS"]


class Player(Protocol):
    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action: ...


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


PLAYERS: dict[str, type] = {"random": RandomPlayer, "greedy": GreedyPlayer}
