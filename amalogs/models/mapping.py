"""The AMALOGS page of one core game (``mappings/<id>.toml``): how its native terms map onto the ontology.

Sections follow the published page order: 略称 · WE and レンジ · アジャスト率 · 勝敗条件とベースライフダメージ ·
キーワードルール · カードタイプ割り振り · パーマネントタイプ · パーマネントレンジ · カラーゲージ · ステータス統合 ·
スペルスピード · キャストアクション · 細則 (with 統一キーワード能力 and ダメージクリンナップ). The personal data
(デッキ枚数・その他パーソナルデータ) is derived from the rule profile, never typed twice.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, TypeVar

from pydantic import (
    AfterValidator,
    BeforeValidator,
    Field,
    PlainSerializer,
    StrictStr,
    model_validator,
)

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

__all__ = ["DEFAULT_PHRASEBOOK", "KeywordRuleName", "MappingPage", "Phrasebook", "Ratio"]

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


_PLACEHOLDERS = {
    "this_turn": ("{}",),
    "this_battle": ("{}",),
    "until_next_turn": ("{}",),
    "choose_one": ("{}",),
    "stat_change": ("{stat}", "{amount}"),
    "boost": ("{amount}",),
    "counter_blast": ("{}",),
    "soul_blast": ("{}",),
    "selector": ("{side}", "{state}", "{filter}", "{character}", "{count}"),
}
"""The placeholders each template of a phrasebook must hold, once each."""

TIMINGS = ("on_play", "on_attack", "on_block", "on_hit", "on_destroyed", "on_leave", "on_boost", "on_ridden", "on_life",
           "on_check",
           "on_start_of_turn", "on_end_of_turn", "static", "activated")
"""The phrasebook keys that open a sentence by its timing (``Effect.when``)."""


class Phrasebook(DataModel):
    """言い回し: the game's own words for the canonical terms its card texts use, so a converted card's text
    reads like a card of the game (docs/rules.md §7, "Text in the target's words"). Stat names are not given
    here: they are the profile's stats, found through the page's ``status``. A page without a phrasebook
    uses :data:`DEFAULT_PHRASEBOOK` (plain AMALOGS words)."""

    character: Text = Field("キャラ", description="a character: ユニット, キャラクター, 武将, ゼクス, クリーチャー")
    this_character: Text = Field("このカード", description="the card itself: このユニット, この武将")
    equipped: Text | None = Field(None, description="the character the card is attached to: 装備したキャラクター, "
                                  "装備しているクリーチャー; omit: 装備した and the character word")
    equip_ability: Text | None = Field(None, description="how an equipment's equip ability is printed, N standing "
                                       "for its cost: 装備{N}; omit where equipment is attached as it is played")
    self_side: Text = Field("自分の", description="before a card: your own (自分の, 味方, あなたの)")
    opponent_side: Text = Field("相手の", description="before a card: the opponent's (相手の, 敵)")
    self_player: Text = Field("自分", description="you, as a player (自分, あなた)")
    opponent_player: Text = Field("相手", description="the opponent, as a player (相手, 相手プレイヤー, 対戦相手)")
    both_players: Text = Field("お互い", description="both players")
    counter: Text = Field("体", description="the counter word after a number of characters (体, 枚)")
    every: Text = Field("すべて", description="every one (すべて, 全て)")
    rested: Text = Field("レストしている", description="before a card: rested (レストしている, スペント状態の, 疲弊状態の)")
    standing: Text = Field("スタンドしている", description="before a card: upright (スタンドしている, ウェイク状態の)")
    rest: Text = Field("レストする", description="to rest a card (レストする, スペント状態にする, タップする)")
    stand: Text = Field("スタンドする", description="to stand a card (スタンドする, ウェイクさせる, アンタップする)")
    destroy: Text = Field("破壊する", description="to destroy a card (破壊する, 退却させる, 撃破する)")
    damage: Text = Field("ダメージ", description="damage, after its amount (ダメージ, 点のダメージ)")
    draw: Text = Field("引く", description="to draw (引く, ドローする)")
    discard: Text = Field("捨てる", description="to discard (捨てる, トラッシュに置く)")
    hand: Text = Field("手札", description="the hand")
    deck: Text = Field("山札", description="the deck (山札, デッキ, ライブラリー)")
    discard_pile: Text = Field("捨て札", description="the discard pile (捨て札, ドロップゾーン, 墓地, トラッシュ)")
    life: Text = Field("ライフ", description="a player's life (ライフ, HP, 城壁, 砦)")
    resource_zone: Text = Field("資源", description="where resources are put (エナジーゾーン, 国力, マナエリア)")
    to_hand: Text = Field("手札に戻す", description="to return a card to its owner's hand")
    this_turn: Text = Field("このターン、{}", description="until the end of the turn, around the effect ({}): "
                            "このターン、{} or {}（ターン終了時まで）")
    this_battle: Text = Field("そのバトル中、{}", description="for that battle, around the effect ({}): そのバトル中、{}")
    until_next_turn: Text = Field("次の自分のターン開始時まで、{}", description="until the start of its controller's "
                                  "next turn, around the effect ({}): 次のあなたのターン開始時まで、{}")
    choose_one: Text = Field("次の中から1つを選ぶ：{}", description="a choice among effects, around the options "
                             "({}: each option's words, split by ／)")
    attacking_card: Text = Field("アタックしている", description="before a card: the one whose attack is going on "
                                 "(アタックしている, 攻撃している)")
    own_turn: Text = Field("自分のターン中、", description="a condition: during its controller's own turn")
    opponent_turn: Text = Field("相手のターン中、", description="a condition: during an opponent's turn")
    behind: Text = Field("自分のライフが相手以下", description="a condition: its controller has no more of its life "
                         "left than the opponent (あなたのダメージが相手以上)")
    stat_change: Text = Field("{stat}{amount}", description="a stat changed by an amount: {stat}{amount} or "
                              "{stat}を{amount}する")
    boost: Text = Field("このターン、次に自分のキャラが相手に与えるダメージ{amount}", description="the next "
                        "player damage this turn, changed by {amount}, with the words for this turn")
    selector: Text = Field("{side}{state}{filter}{character}{count}", description="the order of the words that "
                           "choose cards: {side} {state} {filter} {character} {count}")
    leader: Text = Field("リーダー", description="the leader, the card on the leader's place (ヴァンガード); a "
                         "selector of the leader only names it, one of every character but the leader reads "
                         "{leader}以外の (or `others`)")
    others: Text | None = Field(None, description="the characters that are not the leader, as one word (リアガード); "
                                "omit: {leader}以外の before the character word")
    other: Text = Field("他の", description="before a card: any but the card itself (他の, その他の)")
    on_home: Text = Field("ホームにある", description="before a card: on its player's home square of a board "
                          "(プレイヤースクエアにある)")
    off_home: Text = Field("ホーム以外にある", description="before a card: on any square of a board but its "
                           "player's home square (ノーマルスクエアにある)")
    territory_open: Text = Field("自分のテリトリーが開放されている", description="a condition: its controller has a "
                                 "territory opened (ビルディバイド's 覚醒)")
    front_row: Text = Field("前列の", description="before a card: on a place of the front row")
    back_row: Text = Field("後列の", description="before a card: on a place of the back row")
    counter_blast: Text = Field("カウンターブラスト({})", description="a cost: turn {} face-up cards of one's "
                                "damage zone face down (【カウンターブラスト】({}))")
    soul_blast: Text = Field("ソウルブラスト({})", description="a cost: put {} cards from under one's leader into the "
                             "discard pile (【ソウルブラスト】({}))")
    attacking: Text = Field("アタックしている間", description="while it attacks: a change only to the attack side")
    defending: Text = Field("ブロックしている間", description="while it defends: a change only to the defence side")
    on_play: Text = Field("このカードが登場した時、", description="opens an effect when a character enters play "
                          "(【登場時】, 【配備時】); an event's own effect has none")
    on_attack: Text = Field("このカードがアタックした時、", description="opens an effect when it attacks")
    on_block: Text = Field("このカードがブロックした時、", description="opens an effect when it blocks")
    on_hit: Text = Field("このカードのアタックがヒットした時、", description="opens an effect when its attack hits the "
                         "player (【自】：このユニットのアタックがヴァンガードにヒットした時、)")
    on_destroyed: Text = Field("このカードが破壊された時、", description="opens an effect when it is destroyed")
    on_leave: Text = Field("このカードが場を離れた時、", description="opens an effect when it leaves the field, wherever "
                           "it goes (【自】：このユニットが場から離れた時、)")
    on_boost: Text = Field("このカードがブーストした時、", description="opens an effect when it boosts an attack "
                           "(【自】：このユニットがブーストした時、)")
    on_ridden: Text = Field("このカードにライドされた時、", description="opens an effect when another card is ridden "
                            "onto it (【自】：このユニットにライドされた時、)")
    on_life: Text = Field("このカードがライフから公開された時、", description="opens a life trigger")
    on_check: Text = Field("このカードがチェックで公開された時、", description="opens a check trigger (revealed by a "
                           "drive check or a damage check)")
    on_start_of_turn: Text = Field("自分のターン開始時、", description="opens an effect at the start of the turn")
    on_end_of_turn: Text = Field("自分のターン終了時、", description="opens an effect at the end of the turn")
    static: Text = Field("【常時】", description="opens a static ability (【永続】, 【常時】, 【永】)")
    activated: Text = Field("【起動】", description="opens an activated ability, before its cost (【起動】, 【起】)")
    keyword_open: StrictStr = Field("【", description="before a keyword's name ('' for none)")
    keyword_close: StrictStr = Field("】", description="after a keyword's name ('' for none)")
    keyword_separator: StrictStr = Field("", description="between keywords on one line (、 where there are no "
                                         "brackets)")

    @model_validator(mode="after")
    def _templates(self) -> Phrasebook:
        for key, needed in _PLACEHOLDERS.items():
            text = getattr(self, key)
            for slot in needed:
                if text.count(slot) != 1:
                    raise ValueError(f"{key}: {cut(text)} must hold {slot} exactly once")
        prefixes = [getattr(self, key) for key in TIMINGS]
        if len(set(prefixes)) != len(prefixes):
            raise ValueError("the timing openings (on_play … activated) must differ from one another")
        return self


DEFAULT_PHRASEBOOK = Phrasebook.model_construct()


class MappingPage(DataModel):
    """One game's AMALOGS page."""

    game: Slug = Field(description="the id of the game profile this page maps")
    abbreviation: Annotated[StrictStr, Field(min_length=1, max_length=8), AfterValidator(_nameable)] = Field(
        description="略称; no two loaded games may share one (nor an id): a user game that reuses a shipped "
        "game's is refused, naming both files")
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
    permanent_types: tuple[PermanentEntry, ...] = Field(
        min_length=1, description="パーマネントタイプ: each native zone once (once per state, where a state changes it)")
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
    phrasebook: Phrasebook | None = Field(
        None, description="言い回し: the game's words for the canonical terms, for converted card texts")

    def rules_of(self, kind: type[StatSystem | DamageSystem | LifeSystem | AttackRule]) -> list[
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

    def zones_on(self, canonical: str) -> list[str]:
        """The native zones the page maps to a canonical zone (``資源エリア`` …), in the page's order."""
        return [e.native for e in self.permanent_types if str(getattr(e.zone, "value", e.zone)) == canonical]

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
