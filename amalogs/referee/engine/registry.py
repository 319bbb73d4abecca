"""The core games the referee can play, by game id, and the lookups every part of the referee shares.

Each game module registers its game (``register``); the engine imports no game. A match holds its seats'
games on its state (``State.games``), so the engine reaches a seat's game through the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from amalogs.referee.engine.state import State

if TYPE_CHECKING:
    from amalogs.catalog import Game
    from amalogs.referee.engine.core import CoreGame

__all__ = [
    "MODULES",
    "characters_of",
    "core_game",
    "game_of_step",
    "module_of",
    "next_seat",
    "opponents",
    "register",
    "set_fallback",
    "spent_characters",
    "turn_order",
]

MODULES: dict[str, CoreGame] = {}
"""The core games the referee can play, by game id (filled by :mod:`amalogs.referee.games`)."""


_FALLBACK: list[Callable[[Game], CoreGame]] = []
_MADE: dict[tuple[str, int], tuple[Game, CoreGame]] = {}


def set_fallback(factory: Callable[[Game], CoreGame]) -> None:
    """How to play a game with no module of its own (:mod:`amalogs.referee.games` sets the profile-driven game)."""
    _FALLBACK[:] = [factory]


def core_game(game: Game) -> CoreGame:
    """The core game that plays ``game``: its own module, else one made from its data (once per loaded game)."""
    found = MODULES.get(game.id)
    if found is not None:
        return found
    hit = _MADE.get((game.id, id(game)))
    if hit is None or hit[0] is not game:
        if not _FALLBACK:
            raise KeyError(game.id)
        hit = _MADE[(game.id, id(game))] = (game, _FALLBACK[0](game))
    return hit[1]


def register(game: CoreGame) -> CoreGame:
    """Make a core game playable (a game module calls this for its game)."""
    MODULES[game.id] = game
    return game


def module_of(state: State, i: int) -> CoreGame:
    return state.games[i]  # type: ignore[no-any-return]


def game_of_step(state: State, step: str) -> CoreGame:
    """The game that runs a step of its own (``GAME-ID:STEP``)."""
    game_id = step[:step.find(":")]
    for game in state.games:  # (a plain loop: this is asked at every decision of such a step)
        if game.id == game_id:
            return game  # type: ignore[no-any-return]
    return MODULES[game_id]


def characters_of(state: State, i: int) -> list[int]:
    return state.games[i].characters(state, i)  # type: ignore[no-any-return]


def spent_characters(state: State, i: int) -> list[int]:
    """Seat i's rested (spent) characters: those an attack may target."""
    rested = state.seats[i].rested
    if not rested:
        return []
    return [u for u in state.games[i].characters(state, i) if u in rested]


# --- seats ---------------------------------------------------------------------------------------------
# A match has any number of seats on two sides (the host and its allies against the rest); a one-to-one
# duel is the two-seat case. Seats take turns in seat order.


def opponents(state: State, i: int) -> list[int]:
    """The seats on the other side from seat i, in seat order."""
    sides = state.sides
    if not sides:
        if len(state.seats) == 2:  # a duel
            return [1 - i]
        return [j for j in range(len(state.seats)) if j != i]
    return [j for j in range(len(state.seats)) if sides[j] != sides[i]]


def turn_order(state: State, start: int) -> list[int]:
    """Every seat, from ``start`` on in seat order."""
    n = len(state.seats)
    if n == 2:  # a duel
        return [start, 1 - start]
    return [(start + k) % n for k in range(n)]


def next_seat(state: State, i: int) -> int:
    """The seat that takes the turn after seat i's."""
    return (i + 1) % len(state.seats)
