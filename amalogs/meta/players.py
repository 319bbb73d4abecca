"""Players of the meta-game's own decisions (where to move): one protocol, ``choose(observation, legal, rng)``,
with every random choice from the injected generator. The core games' decisions inside a duel are made by the
referee's players (:mod:`amalogs.referee.players`)."""

from __future__ import annotations

import random
from typing import Any, Protocol

__all__ = ["META_PLAYERS", "GreedyMetaPlayer", "MetaPlayer", "RandomMetaPlayer", "make_meta_player"]


class MetaPlayer(Protocol):
    def choose(self, observation: dict[str, Any], legal: list[str], rng: random.Random) -> str: ...


class RandomMetaPlayer:
    """Picks uniformly among the legal actions."""

    def choose(self, observation: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        return legal[rng.randrange(len(legal))]


class GreedyMetaPlayer:
    """Moves to the square nearest the enemy: the closer of its base and its nearest avatar (a siege or a duel
    next turn); stays when no square is closer. Ties go to the first square listed."""

    def choose(self, observation: dict[str, Any], legal: list[str], rng: random.Random) -> str:
        if "stay" not in legal:
            return legal[0]
        me = observation["avatars"][observation["acting"]]
        enemy = 1 - me["team"]
        marks = [tuple(observation["bases"][enemy])] + [tuple(a["square"]) for a in observation["avatars"]
                                                        if a["team"] == enemy and a["square"]]

        def gap(square: tuple[int, ...]) -> int:
            return min(max(abs(int(square[0]) - int(m[0])), abs(int(square[1]) - int(m[1]))) for m in marks)

        best, best_gap = "stay", gap(tuple(me["square"]))
        for action in legal:
            if action.startswith("move"):
                _, x, y = action.split()
                g = gap((int(x), int(y)))
                if g < best_gap:
                    best, best_gap = action, g
        return best


META_PLAYERS: dict[str, type] = {"random": RandomMetaPlayer, "greedy": GreedyMetaPlayer}


def make_meta_player(name: str) -> MetaPlayer:
    """The meta player a name asks for: ``random`` or ``greedy``."""
    from amalogs.meta.settings import MetaError

    if name not in META_PLAYERS:
        raise MetaError(f"unknown meta player {name!r} (available: {', '.join(META_PLAYERS)})")
    return META_PLAYERS[name]()  # type: ignore[no-any-return]
