"""The meta-game's settings and teams as strict, frozen, versioned models (``docs/meta-game.md``).

Every number the sources leave open is a setting here, with the project's decision as its default: the board's
size, the 行動値 budget, how much base life a defeat costs and gives, what a siege takes.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import (
    Field,
    SerializerFunctionWrapHandler,
    StrictBool,
    StrictInt,
    StrictStr,
    model_serializer,
    model_validator,
)

from amalogs.errors import AmalogsError
from amalogs.models.base import DataModel

__all__ = ["META_PLAYER_NAMES", "META_VERSION", "PlayerName", "TEAM_SIZE", "WE_SWITCHES", "MetaError", "MetaSettings", "TeamSpec", "parse_team"]

PlayerName = Literal["random", "greedy", "matchup", "human"]
"""A team's meta player (``amalogs.meta.players``): the one list of their names."""
META_PLAYER_NAMES: tuple[str, ...] = get_args(PlayerName)
"""The players ``--p1`` and ``--p2`` of ``amalogs meta`` may name, in the order shown."""

META_VERSION: Literal[1] = 1
"""The version of the meta-game's settings, teams and logs as written."""

TEAM_SIZE = 3
"""Three core games form a team [wiki]."""


class MetaError(AmalogsError):
    """A meta-game that cannot be set up or an action it refuses."""


class IllegalMetaActionError(MetaError, ValueError):
    """An action that is not legal now; the message names the allowed ones."""


Small = Annotated[StrictInt, Field(ge=0, le=1000)]

WE_SWITCHES: dict[str, bool | int] = {"we_movement": True, "we_range": True, "we_defeat": True, "flat_we": 3}
"""The settings that switch the meta-game's WE rules off (for the WE balance study, ``benchmarks/we_balance.py``)
and their defaults. At their defaults they are left out of a dump, so a log's header is what it was before they
existed."""


class MetaSettings(DataModel):
    """The rules of a meta-game that the sources leave open, each with the project's default (a decision) or the
    wiki's number."""

    version: Literal[1] = META_VERSION
    width: Annotated[StrictInt, Field(ge=3, le=40)] = Field(9, description="board columns (decision: 9)")
    height: Annotated[StrictInt, Field(ge=3, le=40)] = Field(9, description="board rows (decision: 9)")
    base_life: Annotated[StrictInt, Field(ge=1, le=1000)] = Field(18, description="ベースライフ at the start [wiki]")
    win_life: Annotated[StrictInt, Field(ge=2, le=2000)] = Field(
        36, description="a team whose own base life reaches this wins (double the start) [wiki]")
    action_points: Small = Field(3, description="行動値 each avatar has a turn (decision: one move)")
    move_cost: Small = Field(3, description="行動値 a move costs [wiki]")
    dice: Annotated[StrictInt, Field(ge=1, le=10)] = Field(2, description="D6 rolled for a move: 2D6 [wiki]")
    defeat_loss_per_we: Small = Field(1, description="base life a defeated avatar's team loses per WE of its game "
                                                     "(decision: its WE)")
    defeat_gain_per_we: Small = Field(1, description="base life the defeating team gains per WE of the defeated "
                                                     "game (decision: as much as the other loses)")
    siege_damage: Small = Field(1, description="base life a siege takes: a successful attack on a base [wiki]")
    turn_cap: Annotated[StrictInt, Field(ge=1, le=10_000)] = Field(
        60, description="meta turns (one team's turn each) before the game ends as a draw (decision)")
    we_movement: StrictBool = Field(True, description="a move goes up to 2D6 − the avatar's WE [wiki]; off: 2D6 − "
                                                      "flat_we for every avatar (decision, for the WE study)")
    we_range: StrictBool = Field(True, description="レンジ = 5 − the avatar's WE [wiki]; off: 5 − flat_we for every "
                                                   "avatar (decision, for the WE study)")
    we_defeat: StrictBool = Field(True, description="a defeat costs (and gives) base life by the defeated game's WE "
                                                    "(decision); off: by flat_we for every game")
    flat_we: Annotated[StrictInt, Field(ge=0, le=4)] = Field(
        3, description="the WE every avatar counts as for a WE rule switched off (decision: 3, the shipped games' "
                       "mean WE, so the game keeps its pace)")

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> Any:
        """The WE switches are written only when one differs from its default (old headers stay the same)."""
        data = handler(self)
        if isinstance(data, dict):
            for key, default in WE_SWITCHES.items():
                if data.get(key, default) == default:
                    data.pop(key, None)
        return data

    def movement_we(self, we: int) -> int:
        """The WE a move's allowance subtracts for a game of WE ``we``."""
        return we if self.we_movement else self.flat_we

    def reach(self, page_range: int) -> int:
        """The レンジ of a game whose page gives ``page_range`` (5 − its WE)."""
        return page_range if self.we_range else 5 - self.flat_we

    def defeat_we(self, we: int) -> int:
        """The WE a defeat of a game of WE ``we`` counts (× defeat_loss_per_we, defeat_gain_per_we)."""
        return we if self.we_defeat else self.flat_we

    @model_validator(mode="after")
    def _win_above_start(self) -> MetaSettings:
        if self.win_life <= self.base_life:
            raise ValueError(f"win_life {self.win_life} must be above base_life {self.base_life}")
        return self


class TeamSpec(DataModel):
    """A team: a name and three avatars, each a deck as the command line names it (``BD`` — the game's first
    shipped deck — or ``BD:black-eclipse``) and reserve decks for revival."""

    version: Literal[1] = META_VERSION
    name: Annotated[StrictStr, Field(min_length=1, max_length=40)]
    avatars: Annotated[tuple[Annotated[StrictStr, Field(min_length=1, max_length=200)], ...],
                       Field(min_length=TEAM_SIZE, max_length=TEAM_SIZE)]
    reserve: Annotated[tuple[Annotated[StrictStr, Field(min_length=1, max_length=200)], ...],
                       Field(max_length=30)] = Field((), description="decks defeated avatars come back with, in order, "
                                                     "before their own (decision)")


def parse_team(name: str, text: str) -> TeamSpec:
    """A team from its command-line form, three decks separated by commas: ``BD,GH,SGK``."""
    decks = tuple(part.strip() for part in text.split(","))
    if len(decks) != TEAM_SIZE or not all(decks):
        raise MetaError(f"{name}: expected {TEAM_SIZE} decks separated by commas (e.g. BD,GH,SGK), got {text!r}")
    return TeamSpec(name=name, avatars=decks)
