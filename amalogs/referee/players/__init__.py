"""Players behind one protocol: ``choose(observation, legal_actions, rng) -> Action``.

Every player takes its randomness from the injected ``random.Random``, so a seeded match repeats exactly.
:class:`RandomPlayer` picks uniformly; :class:`~amalogs.referee.players.greedy.GreedyPlayer` is a one-step heuristic;
:class:`~amalogs.referee.players.search.SearchPlayer` searches determinized copies of the match (``search`` or
``search:N`` for a budget of N iterations a decision). :func:`make_player` builds a player from its name.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol, TypeGuard

from amalogs.errors import AmalogsError
from amalogs.referee.engine.actions import Action
from amalogs.referee.players.greedy import GreedyPlayer
from amalogs.referee.players.human import HumanPlayer
from amalogs.referee.players.search import SearchPlayer, parse_budget

if TYPE_CHECKING:
    from amalogs.referee.engine.determinize import InformationSet

__all__ = [
    "PLAYERS",
    "GreedyPlayer",
    "HumanPlayer",
    "MatchReader",
    "Player",
    "PlayerNameError",
    "RandomPlayer",
    "ScriptedPlayer",
    "SearchPlayer",
    "make_player",
    "reads_match",
    "reads_observation",
]


class Player(Protocol):
    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action: ...


def reads_observation(player: object) -> bool:
    """Whether a player looks at the observation (a player that does not says ``reads_observation = False``, and
    is handed an empty one: building it is most of a decision's cost)."""
    return bool(getattr(player, "reads_observation", True))


class MatchReader(Protocol):
    """A player that searches: it chooses from what its seat may know and samples of the match."""

    def choose_in(self, info: InformationSet, legal: list[Action], rng: random.Random) -> Action: ...


def reads_match(player: object) -> TypeGuard[MatchReader]:
    """Whether a player searches the match: it says ``reads_match = True`` and has ``choose_in(info, legal,
    rng)``, and the session hands it an :class:`~amalogs.referee.engine.determinize.InformationSet` — what its
    seat may know, and determinized samples of the match — instead of the observation."""
    return bool(getattr(player, "reads_match", False))


class RandomPlayer:
    """Picks uniformly among the legal actions."""

    reads_observation = False

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        # rng.randrange(n) without its argument checks: for n ≥ 1, randrange(n) is rng._randbelow(n) (so in every
        # CPython since 3.2), the same draw from the same generator, for one call less at every decision
        return legal[rng._randbelow(len(legal))]  # type: ignore[attr-defined]


class ScriptedPlayer:
    """Plays given decisions in order (a person's decisions read back from a log or a save file)."""

    reads_observation = False

    def __init__(self, actions: list[str]) -> None:
        self.actions = list(reversed(actions))

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if not self.actions:
            raise AmalogsError("the recorded decisions of a player ran out before the match ended")
        return Action.parse(self.actions.pop())


PLAYERS: dict[str, type] = {"random": RandomPlayer, "greedy": GreedyPlayer, "human": HumanPlayer,
                            "search": SearchPlayer}
OPTIONS = {"search": "search:N (N iterations a decision)"}
"""The players that take an option after a colon, and how it is written."""


class PlayerNameError(AmalogsError):
    """A player name that names no player, or an option the player does not take."""


def make_player(name: str) -> Player:
    """The player a name asks for: ``random``, ``greedy``, ``human``, ``search`` or ``search:N``."""
    kind, colon, option = name.partition(":")
    if kind not in PLAYERS:
        shown = name if len(name) <= 40 else name[:40] + "…"
        raise PlayerNameError(f"unknown player {shown!r} (available: {', '.join(PLAYERS)}, {OPTIONS['search']})")
    if not colon:
        return PLAYERS[kind]()  # type: ignore[no-any-return]
    if kind != "search":
        raise PlayerNameError(f"player {kind!r} takes no option (only {OPTIONS['search']})")
    try:
        return SearchPlayer(parse_budget(option))
    except AmalogsError as exc:
        raise PlayerNameError(str(exc)) from None
