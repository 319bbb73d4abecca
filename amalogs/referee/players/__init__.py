"""Players behind one protocol: ``choose(observation, legal_actions, rng) -> Action``.

Every player takes its randomness from the injected ``random.Random``, so a seeded match repeats exactly.
:class:`RandomPlayer` picks uniformly; :class:`~amalogs.referee.players.greedy.GreedyPlayer` is a one-step heuristic.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from amalogs.errors import AmalogsError
from amalogs.referee.engine.actions import Action
from amalogs.referee.players.greedy import GreedyPlayer
from amalogs.referee.players.human import HumanPlayer

__all__ = ["Player", "reads_observation", "RandomPlayer", "GreedyPlayer", "HumanPlayer", "ScriptedPlayer", "PLAYERS"]


class Player(Protocol):
    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action: ...


def reads_observation(player: object) -> bool:
    """Whether a player looks at the observation (a player that does not says ``reads_observation = False``, and
    is handed an empty one: building it is most of a decision's cost)."""
    return bool(getattr(player, "reads_observation", True))


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    reads_observation = False

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


class ScriptedPlayer:
    """Plays given decisions in order (a person's decisions read back from a log or a save file)."""

    reads_observation = False

    def __init__(self, actions: list[str]) -> None:
        self.actions = list(reversed(actions))

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if not self.actions:
            raise AmalogsError("the recorded decisions of a player ran out before the match ended")
        return Action.parse(self.actions.pop())


PLAYERS: dict[str, type] = {"random": RandomPlayer, "greedy": GreedyPlayer, "human": HumanPlayer}
