"""The core games: one module each for the games that need code of their own. Importing this package
registers them with the engine (:mod:`amalogs.referee.engine.registry`); nothing in the engine imports it."""

from __future__ import annotations

from amalogs.referee.engine.registry import register, set_fallback
from amalogs.referee.games.break_joker import BreakJoker
from amalogs.referee.games.build_divide import BuildDivide
from amalogs.referee.games.guild_heroes import GuildHeroes
from amalogs.referee.games.profile import ProfileGame
from amalogs.referee.games.sengoku import Sengoku

__all__ = ["BuildDivide", "GuildHeroes", "BreakJoker", "Sengoku", "ProfileGame"]

for _game in (BuildDivide(), GuildHeroes(), BreakJoker(), Sengoku()):
    register(_game)
set_fallback(ProfileGame)  # every other game plays from its profile and page
