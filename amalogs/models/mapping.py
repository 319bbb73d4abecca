"""The AMALOGS page of one core game (``mappings/<id>.toml``): how its native terms map onto the ontology.

Sections follow the published page order: 略称 · WE and レンジ · アジャスト率 · 勝敗条件とベースライフダメージ ·
キーワードルール · カードタイプ割り振り · パーマネントタイプ · パーマネントレンジ · カラーゲージ · ステータス統合 ·
スペルスピード · キャストアクション · 細則 (with 統一キーワード能力 and ダメージクリンナップ). The personal data
(デッキ枚数・その他パーソナルデータ) is derived from the rule profile, never typed twice.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, TypeVar

from pydantic import BeforeValidator, Field, PlainSerializer, StrictStr, model_validator

from amalogs.models.base import DataModel, Slug, Text
from amalogs.ontology.terms import (
    AttackRule,
    CanonicalStat,
    CanonicalZone,
    CleanupTiming,
    ColourSlot,
    DamageSystem,
    Genus,
    LifeSystem,
    PermanentRange,
    SpellSpeed,
    StatSystem,
    UnifiedKeyword,
)

__all__ = ["MappingPage", "KeywordRuleName", "Ratio"]

KeywordRuleName = StatSystem | DamageSystem | LifeSystem | AttackRule


def _parse_ratio(value: object) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ValueError("expected a ratio such as '1/1000', '1/10' or '1'")
    try:
        ratio = Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"expected a ratio such as '1/1000', '1/10' or '1', got {value!r}") from None
    if ratio <= 0:
        raise ValueError(f"a ratio must be positive, got {value!r}")
    return ratio


Ratio = Annotated[
    Fraction,
    BeforeValidator(_parse_ratio),
    PlainSerializer(lambda r: str(r), return_type=str),
    Field(json_schema_extra={"type": "string", "examples": ["1/1000", "1"]}),
]
"""A positive fraction written as text: ``"1/1000"``; ``"1"`` means unadjusted."""


class Override(DataModel):
    we: Annotated[int, Field(ge=1, le=4, strict=True)]
    reason: Text


class WeSection(DataModel):
    """WE and レンジ: declared values; the loader checks them against the appraisal."""

    we: Annotated[int, Field(ge=1, le=4, strict=True)]
    range: Annotated[int, Field(ge=1, le=4, strict=True)]
    override: Override | None = Field(None, description="keep a WE that differs from the appraisal, with a reason")
    note: Text | None = None


class Adjust(DataModel):
    """アジャスト率 for one native stat."""

    stat: Slug
    ratio: Ratio
    note: Text | None = None


class Outcome(DataModel):
    """勝敗条件とベースライフダメージ."""

    win: tuple[Text, ...] = Field((), description="勝利条件 beyond the opponent losing; empty means なし")
    lose: tuple[Text, ...] = Field(min_length=1)
    base_attack: Text = Field(description="ベースへの攻撃方法: how an attack on a base costs it base life")


class RuleEntry(DataModel):
    rule: KeywordRuleName
    note: Text


class CardTypeEntry(DataModel):
    native: Slug
    genus: Genus | None = Field(None, description="omit only with a note saying why there is no counterpart")
    note: Text | None = None

    @model_validator(mode="after")
    def _note_when_unmapped(self) -> CardTypeEntry:
        return _require_note(self, self.genus)


class PermanentEntry(DataModel):
    """What a card in a native zone (optionally in one state) is, canonically."""

    native: Slug = Field(description="a native zone id")
    state: Text | None = Field(None, description="a native state that changes the mapping, e.g. 未開放")
    zone: CanonicalZone
    counts_as: Genus | None = Field(None, description="the permanent type its cards count as; omit for none")
    note: Text | None = None


class RangeSection(DataModel):
    """パーマネントレンジ."""

    range: PermanentRange
    note: Text | None = None


class CastActions(DataModel):
    """キャストアクション: what a non-host may do."""

    actions: tuple[Text, ...] = Field(min_length=1)


class ColourEntry(DataModel):
    native: Slug
    slot: ColourSlot
    note: Text | None = None


class StatusEntry(DataModel):
    """ステータス統合 for one native stat; its kind (一般/固定/その他) follows from the canonical stat."""

    native: Slug
    stat: CanonicalStat | None = None
    note: Text | None = None

    @model_validator(mode="after")
    def _note_when_unmapped(self) -> StatusEntry:
        return _require_note(self, self.stat)


class SpellSpeedEntry(DataModel):
    speed: SpellSpeed
    actions: tuple[Text, ...] = Field(min_length=1)


class Detail(DataModel):
    """細則: one titled detailed rule."""

    title: Text
    en: Text
    text: tuple[Text, ...] = Field(min_length=1)


class UnifiedEntry(DataModel):
    native: Slug
    unified: UnifiedKeyword | None = Field(None, description="omit (with a note) when there is no unified form")
    spell_speed: SpellSpeed | None = Field(None, description="the speed at which a card with this keyword is played")
    note: Text | None = None

    @model_validator(mode="after")
    def _note_when_unmapped(self) -> UnifiedEntry:
        return _require_note(self, self.unified)


class ResourceEntry(DataModel):
    native: Slug
    genus: Genus | None = None
    note: Text | None = None

    @model_validator(mode="after")
    def _note_when_unmapped(self) -> ResourceEntry:
        return _require_note(self, self.genus)


class Cleanup(DataModel):
    timing: CleanupTiming
    note: Text | None = None


class MappingPage(DataModel):
    """One game's AMALOGS page."""

    game: Slug = Field(description="the id of the game profile this page maps")
    abbreviation: Annotated[StrictStr, Field(min_length=1, max_length=8)] = Field(description="略称")
    scope: Text | None = Field(None, description="which editions or products the page covers")
    we: WeSection
    adjust: tuple[Adjust, ...] = ()
    outcome: Outcome
    keyword_rules: tuple[RuleEntry, ...] = Field(min_length=1)
    card_types: tuple[CardTypeEntry, ...] = Field(min_length=1)
    permanent_types: tuple[PermanentEntry, ...] = Field(min_length=1)
    permanent_range: RangeSection
    colours: tuple[ColourEntry, ...] = ()
    status: tuple[StatusEntry, ...] = ()
    spell_speeds: tuple[SpellSpeedEntry, ...] = Field(min_length=1)
    cast_actions: CastActions
    details: tuple[Detail, ...] = ()
    unified_keywords: tuple[UnifiedEntry, ...] = ()
    resources: tuple[ResourceEntry, ...] = ()
    damage_cleanup: Cleanup

    def rules_of(self, kind: type[StatSystem] | type[DamageSystem] | type[LifeSystem] | type[AttackRule]) -> list[
        KeywordRuleName
    ]:
        """The page's keyword rules of one kind, in page order."""
        return [entry.rule for entry in self.keyword_rules if isinstance(entry.rule, kind)]

    def stat_system(self) -> StatSystem | None:
        found = self.rules_of(StatSystem)
        return found[0] if found else None  # type: ignore[return-value]

    def damage_system(self) -> DamageSystem:
        return self.rules_of(DamageSystem)[0]  # type: ignore[return-value]

    def life_system(self) -> LifeSystem:
        return self.rules_of(LifeSystem)[0]  # type: ignore[return-value]

    def ratio_of(self, native_stat: str) -> Fraction:
        """The adjust ratio of one native stat (1 when the page gives none)."""
        for entry in self.adjust:
            if entry.stat == native_stat:
                return entry.ratio
        return Fraction(1)

    def covered(self) -> dict[str, set[str]]:
        """The native ids each section of the page maps, keyed like the profile's native sections."""
        return {
            "zones": {e.native for e in self.permanent_types},
            "card_types": {e.native for e in self.card_types},
            "stats": {e.native for e in self.status},
            "keywords": {e.native for e in self.unified_keywords},
            "colours": {e.native for e in self.colours},
            "resources": {e.native for e in self.resources},
        }


_T = TypeVar("_T", CardTypeEntry, StatusEntry, UnifiedEntry, ResourceEntry)


def _require_note(entry: _T, target: object) -> _T:
    if target is None and not entry.note:
        raise ValueError("no counterpart given: add a 'note' saying why this has none")
    return entry
