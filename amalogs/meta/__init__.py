"""The AMALOGS meta-game (メタゲーム): two teams of three core games on a board (``docs/meta-game.md``).

:class:`MetaGame` follows the referee's OpenSpiel-like contract; :mod:`amalogs.meta.board` holds the pure
rules of the board, :mod:`amalogs.meta.core` the core games between and inside duels.
"""

from __future__ import annotations

from amalogs.meta.board import Joined, distance, joined, reachable, targets
from amalogs.meta.game import Avatar, MetaGame, MetaOutcome
from amalogs.meta.settings import (
           IllegalMetaActionError,
           MetaError,
           MetaSettings,
           TeamSpec,
           parse_team,
)

__all__ = ["Avatar", "IllegalMetaActionError", "Joined", "MetaError", "MetaGame", "MetaOutcome", "MetaSettings",
           "TeamSpec", "distance", "joined", "parse_team", "reachable", "targets"]
