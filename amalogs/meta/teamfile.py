"""A team file: two teams of three avatars, optional reserve decks and optional settings, in one TOML file,
validated once by strict models (``docs/meta-game.md``, "A team file").

.. code-block:: toml

    [settings]            # optional: any of MetaSettings' numbers
    turn_cap = 40

    [[team]]
    name = "dragons"
    avatars = ["BD:red-aggro", "GH", "SGK"]
    reserve = ["BD:black-eclipse"]   # optional: decks for revival, in order

    [[team]]
    name = "jokers"
    avatars = ["BJ", "GH", "BD"]
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, StrictStr, ValidationError

from amalogs.catalog import Catalog, read_data
from amalogs.errors import AmalogsError, shown_path
from amalogs.meta.settings import (
    META_VERSION,
    TEAM_SIZE,
    MetaError,
    MetaSettings,
    TeamSpec,
)
from amalogs.models.base import DataModel
from amalogs.referee.sessions.sides import resolve_side

__all__ = ["TeamEntry", "TeamFile", "load_team_file"]

Deck = Annotated[StrictStr, Field(min_length=1, max_length=200, description="GAME or GAME:DECK")]


class TeamEntry(DataModel):
    """One team of a team file: a name, three avatars (``game`` or ``game:deck``) and reserve decks."""

    name: Annotated[StrictStr, Field(min_length=1, max_length=40)]
    avatars: Annotated[tuple[Deck, ...], Field(min_length=TEAM_SIZE, max_length=TEAM_SIZE)]
    reserve: Annotated[tuple[Deck, ...], Field(max_length=30)] = ()

    def spec(self) -> TeamSpec:
        return TeamSpec(name=self.name, avatars=self.avatars, reserve=self.reserve)


class TeamFile(DataModel):
    """A team file: exactly two ``[[team]]`` tables and an optional ``[settings]`` table."""

    version: Literal[1] = META_VERSION
    settings: MetaSettings = MetaSettings()
    team: Annotated[tuple[TeamEntry, ...], Field(min_length=2, max_length=2)]


def load_team_file(path: Path, catalog: Catalog | None = None) -> tuple[tuple[TeamSpec, TeamSpec], MetaSettings]:
    """The two teams and the settings of a team file; one line naming the file and key on any problem (with a
    catalog, every deck is also looked up)."""
    if path.suffix != ".toml":
        raise MetaError(f"{shown_path(path)}: a team file is TOML (name it .toml)")
    data = read_data(path)
    try:
        parsed = TeamFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        key = ".".join(str(p) for p in first["loc"]) or "(top level)"
        raise MetaError(f"{shown_path(path)}: {key}: {first['msg']}") from None
    if catalog is not None:
        for t, team in enumerate(parsed.team):
            for key, decks in (("avatars", team.avatars), ("reserve", team.reserve)):
                for k, deck in enumerate(decks):
                    try:
                        resolve_side(catalog, deck)
                    except AmalogsError as exc:
                        raise MetaError(f"{shown_path(path)}: team.{t}.{key}.{k}: {exc}") from None
    return (parsed.team[0].spec(), parsed.team[1].spec()), parsed.settings
