"""The core games the referee can play, and lookups every part of the referee shares."""

from __future__ import annotations

from amalogs.referee.break_joker import BreakJoker
from amalogs.referee.build_divide import BuildDivide
from amalogs.referee.core import CoreGame
from amalogs.referee.guild_heroes import GuildHeroes
from amalogs.referee.sengoku import Sengoku
from amalogs.referee.state import State

__all__ = ["MODULES", "module_of", "characters_of", "spent_characters"]

MODULES: dict[str, CoreGame] = {"build-divide": BuildDivide(), "guild-heroes": GuildHeroes(),
                                "break-joker": BreakJoker(),
                                "sengoku-taisen": Sengoku()}
"""The core games the referee can play, by game id."""


def module_of(state: State, i: int) -> CoreGame:
    return MODULES[state.seats[i].game]


def characters_of(state: State, i: int) -> list[int]:
    return module_of(state, i).characters(state, i)


def spent_characters(state: State, i: int) -> list[int]:
    """Seat i's rested (spent) characters: those an attack may target."""
    rested = state.seats[i].rested
    return [u for u in characters_of(state, i) if u in rested]
