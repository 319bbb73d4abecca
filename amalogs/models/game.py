"""The rule profile of one core game (``games/<id>/game.toml``): native facts only.

The profile says what a game *is* in its own terms; how it maps onto AMALOGS is the page's job
(:mod:`amalogs.models.mapping`). Its sections cover the fixed template Japanese rule-summary sites use
for every TCG (deck size, life, starting hand, hand limit, mulligan, first-draw restriction, discard,
library-out, summoning sickness, cross-turn resource and damage accumulation), so any game can be
described with it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from amalogs.models.base import Count, CountRange, DataModel, Flag, Named, Slug, Text
from amalogs.ontology.terms import CanonicalPhase

__all__ = [
    "GameProfile",
    "DeckRules",
    "Setup",
    "Turn",
    "Phase",
    "ResourceSystem",
    "LifeRules",
    "BattleRules",
    "Keyword",
    "LifeTier",
    "Stat",
    "Zone",
    "CardType",
    "Colour",
]


class Overview(DataModel):
    """ゲーム概要: what kind of game it is."""

    game_type: Text = Field(description="ゲームタイプ, e.g. 'ライフ破壊戦'")
    players: Count = 2
    multiplayer: Text = Field(description="3人以上でのプレイ: whether and how more than two players play")
    summary: Text


class SideDeck(Named):
    size: CountRange
    types: tuple[Slug, ...] = Field((), description="the card types it may hold (empty: any)")
    copy_limit: Count | None = Field(None, description="most copies of one card in this deck; omit for none")
    note: Text | None = None


class ExtraCard(Named):
    """A card that is kept outside every deck (a territory, a base card)."""

    count: CountRange
    types: tuple[Slug, ...] = Field((), description="the card types it may be (empty: any)")
    note: Text | None = None


class SpecialCount(Named):
    """A construction rule counting cards with a keyword or of a card type."""

    deck: Slug = Field("main", description="'main' or the id of a side deck: which deck the rule counts")
    keyword: Slug | None = Field(None, description="count the cards that have this native keyword")
    card_type: Slug | None = Field(None, description="count the cards of this native card type")
    count: CountRange

    @model_validator(mode="after")
    def _one_selector(self) -> SpecialCount:
        if (self.keyword is None) == (self.card_type is None):
            raise ValueError("give exactly one of 'keyword' or 'card_type'")
        return self


class DeckRules(DataModel):
    """デッキ構築: sizes, copy limits, side decks and special counts."""

    main: CountRange
    copy_limit: Count | None = Field(None, description="most copies of one card; omit when there is none")
    copy_by: Slug = Field("name", description="'name', or the id of the stat that identifies a card for the limit")
    main_types: tuple[Slug, ...] = Field((), description="the card types the main deck may hold (empty: any)")
    composition: Text | None = Field(None, description="what kinds of cards the main deck may hold")
    side_decks: tuple[SideDeck, ...] = ()
    extra_cards: tuple[ExtraCard, ...] = ()
    special_counts: tuple[SpecialCount, ...] = ()


class Mulligan(DataModel):
    kind: Literal["none", "full", "partial", "other"]
    times: Count = 0
    note: Text | None = None


class Setup(DataModel):
    """ゲーム開始準備: starting hand, mulligan, and the setup steps in order."""

    starting_hand: Count
    mulligan: Mulligan
    first_player: Text = Field(description="how the first player is chosen")
    steps: tuple[Text, ...] = Field(min_length=1)


class Phase(Named):
    """One phase (or step) of a turn or round, in order."""

    kind: CanonicalPhase = Field(description="the canonical phase this counts as")
    steps: tuple[Text, ...] = ()
    description: Text


class Turn(DataModel):
    """ターンの流れ: the phases in order and the per-turn rules."""

    unit: Literal["turn", "round"] = Field(description="'round' for games where both play each round")
    phases: tuple[Phase, ...] = Field(min_length=1)
    first_player_skips_draw: Flag = Field(description="ファーストドロー制限")
    draw_per_turn: Count
    hand_limit: Count | None = Field(None, description="手札上限; omit when there is no hand or no limit")
    hand_limit_check: Text | None = None
    card_states: tuple[Named, ...] = Field((), description="カードの行動表現: upright, sideways, face down")


class Resource(Named):
    """A resource concept (energy, 国力, mana ...)."""

    zone: Slug | None = None
    description: Text


ResourceSource = Literal["none", "automatic", "any-card", "dedicated-cards", "deck-top"]


class ResourceSystem(DataModel):
    """How costs are paid. These facts drive the WE appraisal (WE考課)."""

    costs: Flag = Field(description="whether cards or abilities need resources to be used at all")
    source: ResourceSource = Field(
        description="how resources arrive: automatic (every turn, whatever is drawn), any-card (most cards "
        "can serve as one), dedicated-cards (specific resource cards must be drawn from the main deck), "
        "deck-top (paid from the deck itself), none"
    )
    grows: Flag = Field(description="whether the available resources build up turn by turn")
    kept_between_turns: Flag = Field(description="whether resources (cards or otherwise) stay available from turn to turn")
    off_card_accumulation: Flag = Field(
        description="手番を跨ぐカード外コスト蓄積: whether resources that are not cards (counters, a pool) build up across turns"
    )
    consumed_on_use: Flag = Field(description="whether paying uses a resource up for good")
    per_turn: Count | None = Field(None, description="resources added per turn, if fixed")
    starting: Count = 0
    maximum: Count | None = None
    payment: Text
    resources: tuple[Resource, ...] = ()


class LifeTier(Named):
    """One tier of a life made of shields with a defence value (forts)."""

    count: Count
    defence: Count | None = Field(None, description="the damage within a turn that breaks one card of this tier")


class LifeRules(Named):
    """The player's life: what it is, how damage takes it, when a player loses."""

    zone: Slug | None = Field(None, description="the native zone that holds the life cards, if any")
    starting: Count
    tiers: tuple[LifeTier, ...] = Field((), description="tiers in the order damage reaches them (first hit first)")
    maximum: Count | None = None
    damage: Text = Field(description="how one point of damage is taken")
    triggers: Text | None = None


class BattleRules(DataModel):
    """Attacks, blocks, battles and damage on characters."""

    attack_targets: tuple[Text, ...] = Field(min_length=1)
    blocking: Text
    battle: Text
    summoning_sickness: Flag = Field(description="召喚酔い")
    summoning_sickness_note: Text | None = None
    damage_carries_over: Flag = Field(description="手番を跨ぐカードダメージ蓄積")
    damage_cleanup: Text = Field(description="when damage on characters resets, natively")


class Zone(Named):
    visibility: Literal["public", "private", "hidden", "mixed"]
    ordered: Flag = False
    description: Text


class CardType(Named):
    subtype_of: Slug | None = None
    stats: tuple[Slug, ...] = Field((), description="the stats a card of this type prints (subtypes add theirs)")
    description: Text


class Stat(Named):
    kind: Literal["number", "text", "list", "colour-cost"] = Field(
        description="number; text; list (of words); colour-cost (a table: native colour id → amount)"
    )
    printed: Text | None = Field(None, description="the printed range and step, e.g. '1000–15000 in 500s'")
    step: Count | None = Field(None, description="printed numbers come in multiples of this (e.g. 500)")
    range: CountRange | None = Field(None, description="the lowest and highest printed value, where fixed")
    sum_of: Slug | None = Field(None, description="not printed: the total of this colour-cost stat")
    description: Text


class Keyword(Named):
    kind: Literal["ability", "icon", "trigger", "counter", "mechanic"]
    meaning: Text = Field(description="the native meaning, in the project's own words")


class Colour(Named):
    description: Text | None = None


class Condition(DataModel):
    text: Text
    en: Text


class Misc(DataModel):
    """The remaining template rows."""

    discard: Flag = Field(description="ディスカード: whether cards are discarded from hand (e.g. down to the hand limit)")
    library_out: Literal["lose", "draw-from-life", "none", "other"] = Field(description="ライブラリアウト")
    library_out_note: Text
    unique_rule: Text | None = Field(None, description="ユニーク処理: limits on identical cards in play")
    conflict_rule: Text | None = None


class GameProfile(DataModel):
    """Every fact the sources give about one core game."""

    id: Slug
    name: Text = Field(description="the game's name as published")
    en: Text
    aliases: tuple[Text, ...] = ()
    sources: tuple[Text, ...] = Field(min_length=1)
    overview: Overview
    deck: DeckRules
    setup: Setup
    turn: Turn
    resources: ResourceSystem
    life: LifeRules
    battle: BattleRules
    misc: Misc
    zones: tuple[Zone, ...] = Field(min_length=1)
    card_types: tuple[CardType, ...] = Field(min_length=1)
    stats: tuple[Stat, ...] = ()
    keywords: tuple[Keyword, ...] = ()
    colours: tuple[Colour, ...] = ()
    win_conditions: tuple[Condition, ...] = ()
    lose_conditions: tuple[Condition, ...] = Field(min_length=1)
    draw_conditions: tuple[Condition, ...] = Field((), description="how a game ends in a draw")

    def native_sections(self) -> dict[str, tuple[Named, ...]]:
        """The native vocabularies a page must cover, by section name."""
        return {
            "zones": self.zones,
            "card_types": self.card_types,
            "stats": self.stats,
            "keywords": self.keywords,
            "colours": self.colours,
            "resources": self.resources.resources,
        }

    def ids(self, section: str) -> frozenset[str]:
        """The native ids of one section (see :meth:`native_sections`)."""
        return frozenset(item.id for item in self.native_sections()[section])

    def term(self, section: str, native_id: str) -> Named:
        """One native term by section and id."""
        for item in self.native_sections()[section]:
            if item.id == native_id:
                return item
        raise KeyError(f"{section}: {native_id}")

