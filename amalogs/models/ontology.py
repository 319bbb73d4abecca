"""The model of the ontology data file (amalogs/ontology/ontology.toml)."""

from __future__ import annotations

from enum import Enum
from functools import cached_property
from typing import Literal

from pydantic import Field

from amalogs.models.base import DataModel, Flag, Text
from amalogs.ontology.terms import (
    AttackRule,
    CanonicalPhase,
    CanonicalStat,
    CanonicalZone,
    CleanupTiming,
    ColourSlot,
    DamageSystem,
    Family,
    Genus,
    LifeSystem,
    PermanentRange,
    SpellSpeed,
    StatKind,
    StatSystem,
    UnifiedKeyword,
)

__all__ = ["Ontology", "Term", "ResolutionRule", "entry", "label"]

Source = Literal["wiki", "decision"]


class _Entry(DataModel):
    en: Text
    source: Source = Field(description="'wiki' when published by AMALOGS, 'decision' when the project's own")


class Term(_Entry):
    """One canonical term with its description."""

    description: Text


class FamilyTerm(Term):
    id: Family
    permanent: Flag = Field(description="whether cards of this family are permanents on the field")
    standard: Genus = Field(description="the genus a game lacking another genus of this family targets")


class GenusTerm(Term):
    id: Genus
    family: Family


class RangeTerm(Term):
    id: PermanentRange


class StatSystemTerm(Term):
    id: StatSystem


class DamageSystemTerm(Term):
    id: DamageSystem


class LifeSystemTerm(Term):
    id: LifeSystem


class AttackRuleTerm(Term):
    id: AttackRule


class KeywordRules(DataModel):
    stat_systems: tuple[StatSystemTerm, ...]
    damage_systems: tuple[DamageSystemTerm, ...]
    life_systems: tuple[LifeSystemTerm, ...]
    attack_rules: tuple[AttackRuleTerm, ...]


Formula = Literal["SP", "1", "AP", "AP+SP", "hits", "BP/BP", "match-either"]
Side = DamageSystem | StatSystem | LifeSystem | Literal["*"]


class ResolutionRule(DataModel):
    """One row of the cross-system resolution table."""

    id: Text
    attacker: Side
    defender: Side
    formula: Formula = Field(description="the damage or comparison in canonical terms")
    source: Source
    en: Text
    ja: Text


class ColourTerm(Term):
    id: ColourSlot


class StatKindTerm(Term):
    id: StatKind


class StatTerm(Term):
    id: CanonicalStat
    kind: StatKind


class SpellSpeedTerm(Term):
    id: SpellSpeed


class CleanupTerm(Term):
    id: CleanupTiming


class ZoneTerm(Term):
    id: CanonicalZone


class PhaseTerm(Term):
    id: CanonicalPhase


class UnifiedKeywordTerm(_Entry):
    id: UnifiedKeyword
    rule: Text = Field(description="the one precise rule the referee enforces, in the project's words")


class Ontology(DataModel):
    """The whole canonical vocabulary."""

    version: Literal[1]
    families: tuple[FamilyTerm, ...]
    genera: tuple[GenusTerm, ...]
    permanent_ranges: tuple[RangeTerm, ...]
    keyword_rules: KeywordRules
    resolution: tuple[ResolutionRule, ...]
    colour_slots: tuple[ColourTerm, ...]
    stat_kinds: tuple[StatKindTerm, ...]
    stats: tuple[StatTerm, ...]
    spell_speeds: tuple[SpellSpeedTerm, ...]
    cleanup_timings: tuple[CleanupTerm, ...]
    zones: tuple[ZoneTerm, ...]
    phases: tuple[PhaseTerm, ...]
    unified_keywords: tuple[UnifiedKeywordTerm, ...]

    @cached_property
    def index(self) -> dict[tuple[str, object], _Entry]:
        """Every entry by (enum name, term value)."""
        entries: list[_Entry] = [
            *self.families,
            *self.genera,
            *self.permanent_ranges,
            *self.keyword_rules.stat_systems,
            *self.keyword_rules.damage_systems,
            *self.keyword_rules.life_systems,
            *self.keyword_rules.attack_rules,
            *self.colour_slots,
            *self.stat_kinds,
            *self.stats,
            *self.spell_speeds,
            *self.cleanup_timings,
            *self.zones,
            *self.phases,
            *self.unified_keywords,
        ]
        return {(type(e.id).__name__, e.id.value): e for e in entries}  # type: ignore[attr-defined]



def entry(onto: Ontology, term: Enum) -> _Entry:
    """The ontology entry (English name, description or rule) of one canonical term."""
    return onto.index[(type(term).__name__, term.value)]


def label(onto: Ontology, term: Enum) -> str:
    """``キャラ (Character)``: the canonical term with its English name."""
    return f"{term.value} ({entry(onto, term).en})"
