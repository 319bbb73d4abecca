"""The AMALOGS page of one core game (``mappings/<id>.toml``): how its native terms map onto the ontology.

Sections follow the published page order: 略称 · WE and レンジ · アジャスト率 · 勝敗条件とベースライフダメージ ·
キーワードルール · カードタイプ割り振り · パーマネントタイプ · パーマネントレンジ · カラーゲージ · ステータス統合 ·
スペルスピード · キャストアクション · 細則 (with 統一キーワード能力 and ダメージクリンナップ). The personal data
(デッキ枚数・その他パーソナルデータ) is derived from the rule profile, never typed twice.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, TypeVar

from pydantic import AfterValidator, BeforeValidator, Field, PlainSerializer, StrictStr, model_validator

from amalogs.errors import cut
from amalogs.models.base import DataModel, Slug, Text, parse_fraction
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
    ratio = parse_fraction(value, "expected a ratio such as '1/1000', '1/10' or '1'")
    if ratio <= 0:
        raise ValueError(f"a ratio must be positive, got {cut(value)}")
    if ratio > MAX_RATIO:
        raise ValueError(f"a ratio may be at most {MAX_RATIO}, got {cut(value)}")
    return ratio


def _nameable(abbreviation: str) -> str:
    """A 略称 commands can take (``GAME:DECK``): no colon, no leading, trailing or doubled spaces."""
    if ":" in abbreviation or abbreviation != " ".join(abbreviation.split()):
        raise ValueError(f"{cut(abbreviation)} cannot be a 略称: commands name decks GAME:DECK, so leave out "
                         "colons and leading, trailing or doubled spaces")
    return abbreviation


MAX_RATIO = 1000
"""The largest adjust ratio (canonical points per printed point); shipped ratios are 1 or less."""


Ratio = Annotated[
    Fraction,
    BeforeValidator(_parse_ratio),
    PlainSerializer(lambda r: str(r), return_type=str),
    Field(json_schema_extra={"type": "string", "examples": ["1/1000", "1"]}),
]
"""A positive fraction written as text: ``"1/1000"``; ``"1"`` means unadjusted."""


class Override(DataModel):
    we: Annotated[int, Field(ge=1, le=4, strict=True)] = Field(description="the WE the page keeps")
    reason: Text = Field(description="why it differs from the appraisal")


class WeSection(DataModel):
    """WE and レンジ: declared values; the loader checks them against the appraisal."""

    we: Annotated[int, Field(ge=1, le=4, strict=True)] = Field(
        description="WE: how much game progress the game can make"
    )
    range: Annotated[int, Field(ge=1, le=4, strict=True)] = Field(description="レンジ: always 5 − WE")
    override: Override | None = Field(None, description="keep a WE that differs from the appraisal, with a reason")
    note: Text | None = Field(None, description="a remark on the WE")


class Adjust(DataModel):
    """アジャスト率 for one native stat."""

    stat: Slug = Field(description="a native stat id")
    ratio: Ratio = Field(description="canonical value per printed point: with \"1/1000\", a printed 5000 is 5")
    note: Text | None = Field(None, description="why this ratio")


class Outcome(DataModel):
    """勝敗条件とベースライフダメージ."""

    win: tuple[Text, ...] = Field((), description="勝利条件 beyond the opponent losing; empty means なし")
    lose: tuple[Text, ...] = Field(min_length=1, description="敗北条件: how a player loses")
    base_attack: Text = Field(description="ベースへの攻撃方法: how an attack on a base costs it base life")


class RuleEntry(DataModel):
    rule: KeywordRuleName = Field(description="a keyword rule of the ontology")
    note: Text = Field(description="how the game follows it")


class CardTypeEntry(DataModel):
    native: Slug = Field(description="a native card type id")
    genus: Genus | None = Field(None, description="omit only with a note saying why there is no counterpart")
    note: Text | None = Field(None, description="a remark; required when genus is omitted")

    @model_validator(mode="after")
    def _note_when_unmapped(self) -> CardTypeEntry:
        return _require_note(self, self.genus)


class PermanentEntry(DataModel):
    """What a card in a native zone (optionally in one state) is, canonically."""

    native: Slug = Field(description="a native zone id")
    state: Text | None = Field(None, description="a native state that changes the mapping, e.g. 未開放")
    zone: CanonicalZone = Field(description="the canonical zone it is")
    counts_as: Genus | None = Field(None, description="the permanent type its cards count as; omit for none")
    note: Text | None = Field(None, description="a remark")


class RangeSection(DataModel):
    """パーマネントレンジ."""

    range: PermanentRange = Field(description="where the game may place its permanents")
    note: Text | None = Field(None, description="a remark")


class CastActions(DataModel):
    """キャストアクション: what a non-host may do."""

    actions: tuple[Text, ...] = Field(min_length=1, description="the actions, one per entry")


class ColourEntry(DataModel):
    native: Slug = Field(description="a native colour id")
    slot: ColourSlot = Field(description="the colour slot of the colour gauge it takes")
    note: Text | None = Field(None, description="a remark")


class StatusEntry(DataModel):
    """ステータス統合 for one native stat; its kind (一般/固定/その他) follows from the canonical stat."""

    native: Slug = Field(description="a native stat id")
    stat: CanonicalStat | None = Field(
        None, description="the canonical stat it is integrated into; omit only with a note"
    )
    note: Text | None = Field(None, description="a remark; required when stat is omitted")

    @model_validator(mode="after")
    def _note_when_unmapped(self) -> StatusEntry:
        return _require_note(self, self.stat)


class SpellSpeedEntry(DataModel):
    speed: SpellSpeed = Field(description="a spell speed")
    actions: tuple[Text, ...] = Field(min_length=1, description="the native actions taken at this speed")
    card_types: tuple[Slug, ...] = Field(
        (), description="native card types played at this speed whatever their keywords (Magic's instant: 2)")
    printed: tuple[Text, ...] = Field(
        (), description="words in a card's text that let it be played at this speed (戦国大戦TCG's "
        "「戦闘中にも使える」: a 計略 also played in the battle phase, 2)")


class Detail(DataModel):
    """細則: one titled detailed rule."""

    title: Text = Field(description="its title (usually Japanese)")
    en: Text = Field(description="its title in English")
    text: tuple[Text, ...] = Field(min_length=1, description="the rule, one paragraph per entry")


class UnifiedEntry(DataModel):
    native: Slug = Field(description="a native keyword id")
    unified: UnifiedKeyword | None = Field(None, description="omit (with a note) when there is no unified form")
    spell_speed: SpellSpeed | None = Field(None, description="the speed at which a card with this keyword is played")
    note: Text | None = Field(None, description="a remark; required when unified is omitted")

    @model_validator(mode="after")
    def _note_when_unmapped(self) -> UnifiedEntry:
        return _require_note(self, self.unified)


class ResourceEntry(DataModel):
    native: Slug = Field(description="a native resource id")
    genus: Genus | None = Field(None, description="the genus it counts as; omit only with a note")
    note: Text | None = Field(None, description="a remark; required when genus is omitted")

    @model_validator(mode="after")
    def _note_when_unmapped(self) -> ResourceEntry:
        return _require_note(self, self.genus)


class Cleanup(DataModel):
    timing: CleanupTiming = Field(description="when damage on characters resets")
    note: Text | None = Field(None, description="a remark")


class MappingPage(DataModel):
    """One game's AMALOGS page."""

    game: Slug = Field(description="the id of the game profile this page maps")
    abbreviation: Annotated[StrictStr, Field(min_length=1, max_length=8), AfterValidator(_nameable)] = Field(
        description="略称")
    scope: Text | None = Field(None, description="which editions or products the page covers")
    we: WeSection
    adjust: tuple[Adjust, ...] = ()
    outcome: Outcome
    keyword_rules: tuple[RuleEntry, ...] = Field(
        min_length=1, description="キーワードルール: the stat, damage, life and attack rules the game follows"
    )
    card_types: tuple[CardTypeEntry, ...] = Field(
        min_length=1, description="カードタイプ割り振り: the genus of each native card type"
    )
    permanent_types: tuple[PermanentEntry, ...] = Field(min_length=1)
    permanent_range: RangeSection
    colours: tuple[ColourEntry, ...] = Field(
        (), description="カラーゲージ: the colour slot of each native colour"
    )
    status: tuple[StatusEntry, ...] = ()
    spell_speeds: tuple[SpellSpeedEntry, ...] = Field(
        min_length=1, description="スペルスピード: which actions are taken at which speed"
    )
    cast_actions: CastActions
    details: tuple[Detail, ...] = ()
    unified_keywords: tuple[UnifiedEntry, ...] = Field(
        (), description="統一キーワード能力: the unified keyword of each native keyword"
    )
    resources: tuple[ResourceEntry, ...] = Field((), description="資源: the genus of each native resource")
    damage_cleanup: Cleanup = Field(description="ダメージクリンナップ: when damage on characters resets")

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
