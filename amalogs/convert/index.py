"""Per-game lookup tables for conversion, built once per loaded game (conversion is a hot path)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeVar

from amalogs.cardcheck import type_stats
from amalogs.catalog import Game
from amalogs.convert.effects import GameFacts, facts_of
from amalogs.models.game import Stat
from amalogs.models.mapping import UnifiedEntry
from amalogs.ontology.terms import (
    CanonicalStat,
    ColourSlot,
    Genus,
    StatSystem,
    UnifiedKeyword,
)

__all__ = ["GameIndex", "genus_of", "index_of", "per_game"]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class GameIndex:
    """What conversion looks up about one game, as plain dicts."""

    status: dict[str, CanonicalStat | None]
    ratios: dict[str, Fraction]
    slots: dict[str, ColourSlot]
    reverse_colours: dict[ColourSlot, str]
    keywords: dict[str, UnifiedEntry]
    natives: dict[UnifiedKeyword, str]
    genera: dict[str, Genus | None]
    printed: dict[str, tuple[str, ...]]
    stats: dict[str, Stat]
    totals: tuple[tuple[str, str], ...]
    stat_system: StatSystem | None
    facts: GameFacts
    """What the effect judgement reads of the game (:mod:`amalogs.convert.effects`)."""
    type_choices: dict[tuple[object, ...], tuple[str | None, object, str]] = field(default_factory=dict)
    """Memo of card-type choices by (genus, family, permanent): (type or None when the family is missing,
    fidelity, reason)."""


def genus_of(game: Game, type_id: str) -> Genus | None:
    """The genus a native card type maps to, looking through parent types when it has no entry."""
    types = {t.id: t for t in game.profile.card_types}
    mapped = {e.native: e.genus for e in game.page.card_types}
    current: str | None = type_id
    while current is not None:
        if current in mapped:
            return mapped[current]
        current = types[current].subtype_of if current in types else None
    return None



def _build(game: Game) -> GameIndex:
    page, profile = game.page, game.profile
    reverse: dict[ColourSlot, str] = {}
    for e in page.colours:
        reverse.setdefault(e.slot, e.native)
    natives: dict[UnifiedKeyword, str] = {}
    for k in page.unified_keywords:
        if k.unified is not None:
            natives.setdefault(k.unified, k.native)
    types = [t.id for t in profile.card_types]
    return GameIndex(
        status={e.native: e.stat for e in page.status},
        ratios={e.stat: e.ratio for e in page.adjust},
        slots={e.native: e.slot for e in page.colours},
        reverse_colours=reverse,
        keywords={e.native: e for e in page.unified_keywords},
        natives=natives,
        genera={t: genus_of(game, t) for t in types},
        printed={t: tuple(type_stats(profile, t)) for t in types},
        stats={s.id: s for s in profile.stats},
        totals=tuple((s.id, s.sum_of) for s in profile.stats if s.sum_of is not None),
        stat_system=page.stat_system(),
        facts=facts_of(game),
    )


def per_game(build: Callable[[Game], T]) -> Callable[[Game], T]:
    """``build`` worked out once per loaded game object and kept (keyed by the object, so a second catalog of
    the same data gets its own)."""
    cache: dict[int, tuple[Game, T]] = {}

    def get(game: Game) -> T:
        hit = cache.get(id(game))
        if hit is None or hit[0] is not game:
            hit = (game, build(game))
            cache[id(game)] = hit
        return hit[1]

    get.__doc__ = build.__doc__
    return get


index_of = per_game(_build)
"""The lookup tables of a game, built on first use."""
