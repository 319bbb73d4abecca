"""The closed vocabularies of the AMALOGS ontology, typed for code.

Each enum's *value* is the canonical Japanese term as the AMALOGS pages write it, so data files use
the same words as the wiki (``genus = "エースキャラ"``); the member *name* is the English identifier
code uses. English names, descriptions and rules live in the ontology data file
(``amalogs/ontology/ontology.toml``); :mod:`amalogs.catalog` checks that the data file and these enums
list exactly the same terms.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

__all__ = [
    "AttackRule",
    "CanonicalPhase",
    "CanonicalStat",
    "CanonicalZone",
    "CleanupTiming",
    "ColourSlot",
    "DamageSystem",
    "Family",
    "Genus",
    "LifeSystem",
    "PermanentRange",
    "SpellSpeed",
    "StatKind",
    "StatSystem",
    "UnifiedKeyword",
    "FAMILY_OF",
    "STANDARD_GENUS",
    "STAT_KIND_OF",
]


class Family(StrEnum):
    """科: the upper level of the card-type hierarchy."""

    CHARA = "キャラ科"
    EVENT = "イベント科"
    ITEM = "アイテム科"
    RESOURCE = "資源科"
    SHIELD = "シールド科"


class Genus(StrEnum):
    """属: the lower level of the card-type hierarchy; also what a permanent counts as."""

    CHARA = "キャラ"
    ACE_CHARA = "エースキャラ"
    EVOLVED_CHARA = "進化キャラ"
    SUPPORT_CHARA = "サポートキャラ"
    ENEMY_CHARA = "エネミーキャラ"
    LEADER_CHARA = "リーダーキャラ"
    EVENT = "イベント"
    TRAP = "トラップ"
    COUNTER = "カウンター"
    BATTLE = "バトル"
    ITEM = "アイテム"
    FIELD = "フィールド"
    EQUIPMENT = "装備"
    STANDING_RESOURCE = "常駐資源"
    SHIELD = "シールド"


FAMILY_OF: dict[Genus, Family] = {
    Genus.CHARA: Family.CHARA,
    Genus.ACE_CHARA: Family.CHARA,
    Genus.EVOLVED_CHARA: Family.CHARA,
    Genus.SUPPORT_CHARA: Family.CHARA,
    Genus.ENEMY_CHARA: Family.CHARA,
    Genus.LEADER_CHARA: Family.CHARA,
    Genus.EVENT: Family.EVENT,
    Genus.TRAP: Family.EVENT,
    Genus.COUNTER: Family.EVENT,
    Genus.BATTLE: Family.EVENT,
    Genus.ITEM: Family.ITEM,
    Genus.FIELD: Family.ITEM,
    Genus.EQUIPMENT: Family.ITEM,
    Genus.STANDING_RESOURCE: Family.RESOURCE,
    Genus.SHIELD: Family.SHIELD,
}
"""Which family each genus belongs to."""

STANDARD_GENUS: dict[Family, Genus] = {
    Family.CHARA: Genus.CHARA,
    Family.EVENT: Genus.EVENT,
    Family.ITEM: Genus.ITEM,
    Family.RESOURCE: Genus.STANDING_RESOURCE,
    Family.SHIELD: Genus.SHIELD,
}
"""The genus a game that lacks a genus may target instead (the family's standard genus)."""


class PermanentRange(StrEnum):
    """パーマネントレンジ: where a game may place its permanents."""

    NONE = "なし"
    OWN_FIELD = "自分の場のみ"
    ANY_FIELD = "相手の場にも"
    PER_CHARACTER = "キャラ1体につき1枚"


class StatSystem(StrEnum):
    """Keyword rules for how character battles are counted."""

    BP = "BP制"
    APDP = "APDP制"
    SUBSTITUTED_BP = "代入型BP制"
    HP = "HP制"


class DamageSystem(StrEnum):
    """Keyword rules for how damage to a player is counted."""

    SPS = "SPS"
    DDS = "DDS"


class LifeSystem(StrEnum):
    """Keyword rules for what a player's life is."""

    SHIELD_LIFE = "シールドライフ"
    FORT_LIFE = "フォートライフ"
    LIFE_POINTS = "ライフポイント"
    DAMAGE_ACCUMULATION = "ダメージ蓄積"
    LIFE_CARDS = "ライフカード"
    PRIZE_CARDS = "プライズカード"


class AttackRule(StrEnum):
    """Keyword rules for attacks and blocks."""

    BLOCK = "ブロック宣言"
    PLAYER_ATTACK = "プレイヤーアタック"
    SEARCH_ATTACK = "サーチアタック"
    ONE_SIDED_ATTACK = "ワンサイドアタック"
    SELECTED_LEADER = "選抜リーダー制"


class ColourSlot(StrEnum):
    """カラーゲージ: the canonical colour slots."""

    RED = "赤"
    BLUE = "青"
    GREEN = "緑"
    WHITE = "白"
    BLACK = "黒"
    SLOT_6 = "6"
    SLOT_7 = "7"
    SLOT_8 = "8"
    SLOT_9 = "9"
    SLOT_10 = "10"
    COLOURLESS = "無色"


class StatKind(StrEnum):
    """ステータス統合: the three kinds of canonical stat."""

    GENERAL = "一般能力値"
    FIXED = "固定能力値"
    OTHER = "その他記載"


class CanonicalStat(StrEnum):
    """The canonical stats that native stats are integrated into."""

    BP = "BP"
    AP = "AP"
    DP = "DP"
    COLOUR_ATTRIBUTE = "色属性能力"
    SP = "SP"
    HP = "HP"
    UNIQUE = "固有能力"
    TOTAL_COST = "大コスト"
    COST = "コスト"
    TRAIT = "特徴"


STAT_KIND_OF: dict[CanonicalStat, StatKind] = {
    CanonicalStat.BP: StatKind.GENERAL,
    CanonicalStat.AP: StatKind.GENERAL,
    CanonicalStat.DP: StatKind.GENERAL,
    CanonicalStat.COLOUR_ATTRIBUTE: StatKind.GENERAL,
    CanonicalStat.SP: StatKind.FIXED,
    CanonicalStat.HP: StatKind.FIXED,
    CanonicalStat.UNIQUE: StatKind.FIXED,
    CanonicalStat.TOTAL_COST: StatKind.OTHER,
    CanonicalStat.COST: StatKind.OTHER,
    CanonicalStat.TRAIT: StatKind.OTHER,
}
"""Which kind each canonical stat is (一般 / 固定 / その他記載)."""


class SpellSpeed(IntEnum):
    """スペルスピード: when an action may be taken."""

    SS1 = 1
    SS2 = 2
    SS3 = 3


class CleanupTiming(StrEnum):
    """ダメージクリンナップ: when damage on characters resets."""

    END_PHASE = "エンドフェイズ"
    END_OF_BATTLE = "戦闘終了時"
    PERSISTENT = "持続"
    NO_CHARACTER_DAMAGE = "なし"


class CanonicalZone(StrEnum):
    """The canonical zones (領域) that native zones map to."""

    DECK = "山札"
    HAND = "手札"
    FIELD = "場"
    DISCARD = "墓地"
    REMOVED = "除外"
    RESOURCE_AREA = "資源エリア"
    RESOURCE_DECK = "資源デッキ"
    LIFE_AREA = "ライフエリア"
    SIDE_DECK = "サイドデッキ"


class CanonicalPhase(StrEnum):
    """The canonical turn phases that native phases and steps are classified as."""

    START = "開始"
    DRAW = "ドロー"
    RESOURCE = "資源"
    MAIN = "メイン"
    BATTLE = "戦闘"
    END = "終了"


class UnifiedKeyword(StrEnum):
    """統一キーワード能力: the project's list of shared keyword abilities."""

    DECOY = "デコイ"
    FIRST_STRIKE = "先制攻撃"
    HASTE = "速攻"
    PIERCE = "貫通"
    GUARDIAN = "守護"
    EVOLUTION = "進化"
    EXTRA_ATTACK = "再攻撃"
    AMBUSH = "待ち伏せ"
    WARD = "防護"
    LIFE_TRIGGER = "ライフトリガー"
    BURST = "バースト"
    FROM_HAND = "手札起動"
    FROM_DISCARD = "墓地起動"
    CHECK_TRIGGER = "チェックトリガー"
