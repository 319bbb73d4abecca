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

from amalogs.models.base import Count, CountRange, DataModel, Flag, Named, Positive, Slug, Text
from amalogs.models.play import Board, Evolve, Place, PlayRules, Retreat, Ride, TypeLimit
from amalogs.ontology.terms import CanonicalPhase

__all__ = [
    "GameProfile",
    "Mechanism",
    "DeckRules",
    "CopyLimitExemption",
    "DeckColours",
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
    "Guard",
    "Board",
    "Evolve",
    "Place",
    "PlayRules",
    "Retreat",
    "Ride",
    "TypeLimit",
]


Mechanism = Literal["dice", "board-movement", "team-start", "hero-card", "stacking", "pitch", "simultaneous",
                    "set-face-down", "shop", "levels", "deck-as-life", "extra-deck", "digital"]
"""The mechanisms a profile may list (``overview.mechanisms``): rules that make a game's shape its own, read by the
similarity measure of the same name."""


class Overview(DataModel):
    """ゲーム概要: what kind of game it is."""

    game_type: Text = Field(description="ゲームタイプ, e.g. 'ライフ破壊戦'")
    players: Count = Field(2, description="how many players a standard game has: 2 or more (fewer is refused); a "
                           "game of more is compared as written, and its core game is refereed two seats at a time "
                           "(the AMALOGS meta-game seats more)")
    multiplayer: Text = Field(description="3人以上でのプレイ: whether and how more than two players play")
    summary: Text = Field(description="a short account of how the game is played, in the project's own words")
    mechanisms: tuple[Mechanism, ...] = Field(
        (), description="which of these mechanisms the game's rules have (each at most once; none: an empty list): "
        "dice (dice rolled in play, or cards that are dice, decide what happens); board-movement (cards stand on "
        "the squares or hexes of a board and move between them); team-start (each player starts with two or more "
        "of its characters in play, chosen when the deck is built); hero-card (one card chosen when the deck is "
        "built, never drawn, starts face up in play and stands for the player: its life is the player's, it "
        "attacks or is attacked, or it gives the player an ability for the whole game: a leader, hero, champion, "
        "ruler, avatar, identity, LRIG, oshi, first vanguard); stacking (by a basic rule, a card is played on top "
        "of one of its player's own cards in play and becomes it, the old card beneath: evolution, ride, "
        "digivolve, bloom, grow); pitch (costs are paid by giving up cards from the hand as they are paid, not "
        "from resources kept in play); simultaneous (both players act at once: secret plays revealed together, "
        "or real time); set-face-down (cards are set face down in play to be turned up later: traps, hidden "
        "defences; not life cards or shields); shop (cards are bought during play from a market outside the "
        "deck); levels (what a player may play is limited by a level that rises during the game); deck-as-life "
        "(damage to the player takes cards from its deck); extra-deck (a second deck built with the main one, not "
        "of resources only, from which cards come into play by a rule: an extra deck, an evolve deck, a material "
        "deck); digital (the game exists only as software, and its rules use what only software can do). Read by "
        "compare")

    @model_validator(mode="after")
    def _mechanisms_once(self) -> Overview:
        twice = sorted({m for m in self.mechanisms if self.mechanisms.count(m) > 1})
        if twice:
            raise ValueError(f"mechanisms lists {', '.join(twice)} more than once")
        return self


class SideDeck(Named):
    size: CountRange = Field(description="how many cards it holds")
    types: tuple[Slug, ...] = Field((), description="the card types it may hold (empty: any)")
    copy_limit: Count | None = Field(None, description="most copies of one card in this deck; omit for none")
    copy_limit_with_main: Flag = Field(
        False,
        description="whether the main deck's copy limit counts this deck's cards together with the main deck's "
        "(Magic's sideboard); false: the main deck is counted on its own",
    )
    note: Text | None = Field(None, description="anything else about it")


class ExtraCard(Named):
    """A card that is kept outside every deck (a territory, a base card)."""

    count: CountRange = Field(description="how many of them a deck brings")
    types: tuple[Slug, ...] = Field((), description="the card types it may be (empty: any)")
    note: Text | None = Field(None, description="anything else about them")


class SpecialCount(Named):
    """A construction rule counting cards with a keyword or of a card type."""

    deck: Slug = Field("main", description="'main' or the id of a side deck: which deck the rule counts")
    keyword: Slug | None = Field(None, description="count the cards that have this native keyword")
    card_type: Slug | None = Field(None, description="count the cards of this native card type")
    count: CountRange = Field(description="how many such cards the deck must hold")

    @model_validator(mode="after")
    def _one_selector(self) -> SpecialCount:
        if (self.keyword is None) == (self.card_type is None):
            raise ValueError("give exactly one of 'keyword' or 'card_type'")
        return self


class CopyLimitExemption(DataModel):
    """Cards that any number of copies of may be played: the copy limits do not count them."""

    types: tuple[Slug, ...] = Field((), description="native card types (and their subtypes) exempt from the copy limits")
    keywords: tuple[Slug, ...] = Field((), description="native keywords: a card with any of them is exempt")


class DeckColours(DataModel):
    """A colour rule for the whole deck (main deck, side decks and extra cards together)."""

    max: Count | None = Field(None, description="most different colours the deck's cards may have together")
    ignore: tuple[Slug, ...] = Field((), description="native colours that do not count (e.g. colourless)")
    within: Slug | None = Field(
        None,
        description="the id of an extra-card kind (a leader): every other card's colours must be among that "
        "card's colours",
    )


class DeckRules(DataModel):
    """デッキ構築: sizes, copy limits, side decks and special counts."""

    main: CountRange = Field(description="how many cards the main deck holds")
    copy_limit: Count | None = Field(None, description="most copies of one card; omit when there is none")
    copy_by: Slug = Field("name", description="'name', or the id of the stat that identifies a card for the limit")
    copy_limit_exempt: CopyLimitExemption = Field(
        CopyLimitExemption.model_construct(), description="cards the copy limits do not count (basic resource cards); default none"
    )
    colours: DeckColours | None = Field(None, description="a colour rule for the deck; omit when there is none")
    main_types: tuple[Slug, ...] = Field((), description="the card types the main deck may hold (empty: any)")
    composition: Text | None = Field(None, description="what kinds of cards the main deck may hold")
    side_decks: tuple[SideDeck, ...] = Field(
        (), description="decks kept apart from the main deck (a D deck, a resource deck)"
    )
    extra_cards: tuple[ExtraCard, ...] = ()
    special_counts: tuple[SpecialCount, ...] = ()


class Mulligan(DataModel):
    kind: Literal["none", "full", "partial", "other"] = Field(
        description="none; full (the whole hand is replaced); partial (some cards are replaced); other (see note)"
    )
    times: Count = Field(0, description="how many times a player may mulligan")
    note: Text | None = Field(None, description="how the mulligan is done, where kind does not say")


class Setup(DataModel):
    """ゲーム開始準備: starting hand, mulligan, and the setup steps in order."""

    starting_hand: Count = Field(description="cards in the opening hand")
    mulligan: Mulligan = Field(description="マリガン: whether and how a player may redraw the opening hand")
    first_player: Text = Field(description="how the first player is chosen")
    steps: tuple[Text, ...] = Field(min_length=1, description="the setup steps, in order")


class Phase(Named):
    """One phase (or step) of a turn or round, in order."""

    kind: CanonicalPhase = Field(description="the canonical phase this counts as")
    steps: tuple[Text, ...] = Field((), description="its steps, in order")
    description: Text = Field(description="what happens in it")


class Turn(DataModel):
    """ターンの流れ: the phases in order and the per-turn rules."""

    unit: Literal["turn", "round"] = Field(description="'round' for games where both play each round")
    phases: tuple[Phase, ...] = Field(min_length=1, description="the phases (or steps) of a turn, in order")
    first_player_skips_draw: Flag = Field(description="ファーストドロー制限")
    draw_per_turn: Count = Field(description="cards a player draws each turn")
    hand_limit: Count | None = Field(None, description="手札上限; omit when there is no hand or no limit")
    hand_limit_check: Text | None = Field(None, description="when the hand limit is checked, and what then happens")
    card_states: tuple[Named, ...] = Field((), description="カードの行動表現: upright, sideways, face down")


class Resource(Named):
    """A resource concept (energy, 国力, mana ...)."""

    zone: Slug | None = Field(None, description="the native zone that holds it, if it is made of cards")
    description: Text = Field(description="what it is and how it is used")


ResourceSource = Literal["none", "automatic", "any-card", "dedicated-cards", "deck-top"]


class ResourceCounter(DataModel):
    """Resources that are not cards: a counter of points (Shadowverse EVOLVE's PP). Its maximum starts at
    ``resources.starting`` and grows at the start of each of the player's turns up to ``resources.maximum``; a
    cost is paid by spending that many points."""

    grows: Count = Field(1, description="how much the counter's maximum grows at the start of each of the player's "
                         "turns (up to resources.maximum)")
    refills: Flag = Field(True, description="whether the points refill to the counter's maximum at the start of "
                          "each of the player's turns; false: unspent points stay and only the growth is added")
    second_player_extra: Count = Field(0, description="points the second player gets on its first turn only, "
                                       "beyond the maximum (lost at the end of that turn)")


class ResourceAttach(DataModel):
    """Resources attached to a character. From the resource zone (ONE PIECE's DON!!): in its main phase a player
    may give one of its characters (its leader too) a standing resource card; the card can pay nothing more this
    turn, and the character adds ``power`` for the rest of its controller's turn. The cards come back to the
    resource zone at the end of that turn, rested, and stand again with the others. From the hand (ポケモンカード's
    energy, ``from_hand``): the turn's one resource card goes from the hand onto a character and stays there until
    the character leaves play (then to the discard pile with it); what is attached pays the character's attack
    cost (``battle.attack_cost``) and its retreat (``play.retreat``)."""

    power: Count = Field(0, description="what one attached resource adds to the character's power (the stat the "
                         "page maps to AP or BP, both sides of BP), in that stat's printed units (from the resource "
                         "zone only)")
    from_hand: Flag = Field(False, description="the resource card is attached from the hand, one a turn (the "
                            "turn's resource play), and stays on the character until it leaves play (ポケモンカード's "
                            "energy); false: a standing resource card is attached for the turn (DON!!)")


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
    starting: Count = Field(0, description="resources a player has when the game starts")
    maximum: Count | None = Field(None, description="the most resources a player can have; omit for no limit")
    payment: Text = Field(description="how a cost is paid")
    resources: tuple[Resource, ...] = Field((), description="the resource concepts the game names")
    arrival: Literal["deck-top", "rules"] | None = Field(
        None, description="for an automatic source, how its resources arrive: one from the deck top each turn "
        "('deck-top', the default), or only by the game's own rules ('rules': a ride's soul, the damage that pays "
        "counter blast), with no card added each turn")
    plays_per_turn: Count | None = Field(
        None, description="the most cards a player may play from its hand each turn (a game whose plays nothing "
        "else limits); omit for no limit")
    colour_rule: Literal["none", "colour-cost", "one-of-colour"] | None = Field(
        None, description="what colours paying a cost needs: none; colour-cost (each coloured amount of a "
        "colour-cost stat is paid by resources of that colour, the colourless part by any); one-of-colour (at "
        "least one of the resources paid shares a colour with the card). Default: colour-cost when the stat the "
        "page maps to コスト (else 大コスト) is a colour-cost stat, else none")
    colour_source: Slug | None = Field(
        None, description="the id of a list stat that names the colours a resource card gives (Magic's lands); "
        "default: a resource's own colours")
    deck: Slug | None = Field(
        None, description="the id of the side deck (deck.side_decks) the resource cards come from: a separate "
        "resource deck (ONE PIECE's DON!! deck, GUNDAM's resource deck). per_turn cards a turn go from it to the "
        "resource zone (first_turn on the first player's first turn), starting of them at the start; the main "
        "deck never gives resources, and a hand card is never put as one")
    first_turn: Count | None = Field(
        None, description="the resources the first player gains on its first turn, where it differs from per_turn "
        "(ONE PIECE: 1 DON!! instead of 2); for a resource deck, the deck top or a counter's growth")
    counter: ResourceCounter | None = Field(
        None, description="resources that are not cards but a counter of points (PP): see its keys; the "
        "resource zone, per_turn and a source of cards are then not used")
    attach: ResourceAttach | None = Field(
        None, description="resource cards may be attached to a character for a bonus for the turn (DON!!): see "
        "its keys")
    spent: Literal["rested", "returned"] = Field(
        "rested", description="what paying does to a resource card: rested, it stays and stands again next turn; "
        "returned, it goes back to the bottom of its resource deck (resources.deck)")


class LifeTier(Named):
    """One tier of a life made of shields with a defence value (forts)."""

    count: Count = Field(description="cards in this tier")
    defence: Count | None = Field(None, description="the damage within a turn that breaks one card of this tier")


class LifeLayer(Named):
    """A layer of life in front of the one the page's life system says (a base, then shields, before life
    points or life cards): damage to the player reaches the outermost layer still standing, and reaches the
    page's life only once every layer is gone (docs/rules.md §3, Layered life)."""

    kind: Literal["shields", "base"] = Field(
        description="shields: cards from the deck top, face down, one broken per hit; base: a card with HP that "
        "takes an attack's damage (its AP, or an SPS attacker's SP) and absorbs the whole attack")
    zone: Slug = Field(description="the native zone that holds the layer: its shields, or where the base stands "
                       "(the referee keeps a base's HP left as the seat counter named by the layer's id)")
    count: Count | None = Field(None, description="shields: how many cards from the deck top at the start")
    hp: Count | None = Field(None, description="base: the damage it takes before it breaks, printed in the units "
                             "of the stat the page maps to DP or HP; it is never healed")
    to: Literal["hand", "discard"] = Field(
        "discard", description="where a broken shield goes (hand or discard pile); a base that breaks leaves")
    triggers: bool = Field(False, description="a broken shield with a life trigger may be played free")
    sps: Literal["point", "attack"] = Field(
        "point", description="how an SPS attacker's SP reaches this layer: point, each SP point one hit (the rest "
        "going on to the next layer); attack, one hit whatever its SP, the whole attack absorbed")


class LifeRules(Named):
    """The player's life: what it is, how damage takes it, when a player loses."""

    zone: Slug | None = Field(None, description="the native zone that holds the life cards, if any")
    starting: Count = Field(description="life when the game starts: cards, walls, forts or points")
    tiers: tuple[LifeTier, ...] = Field((), description="tiers in the order damage reaches them (first hit first)")
    layers: tuple[LifeLayer, ...] = Field(
        (), description="layers of life in front of this one, outermost first (a base, then shields): see its keys")
    to: Literal["hand", "discard"] = Field(
        "hand", description="シールドライフ and ライフカード: where a card taken from the life goes (hand or discard pile)")
    maximum: Count | None = Field(None, description="the most life a player can have; omit for no limit")
    damage: Text = Field(description="how one point of damage is taken")
    triggers: Text | None = Field(None, description="what a life card may do when it is taken")
    from_card: Slug | None = Field(
        None, description="the id of an extra-card kind (deck.extra_cards) whose printed HP (the stat the page "
        "maps to HP) is the player's starting life, as a leader's HP; default: life is life.starting")
    race: Flag = Field(
        False, description="the game is a race: a player wins by counting up a score of its own (Lorcana's lore) and "
        "nobody loses life; the life is then what the opponent still needs to win (life.starting), and each point "
        "the opponent scores takes one away")


class Guard(DataModel):
    """The guard step (ヴァンガード's ガードステップ): after blocks, the attacked player may put cards from its hand
    into a guard zone, each adding its printed guard value to the attacked card (the leader, for an attack on the
    player) for that battle; when the battle closes the guardians go to the discard pile."""

    stat: Slug = Field(description="the native number stat a guardian adds (シールド)")
    zone: Slug | None = Field(None, description="the native zone the guardians stand in for the battle; omit: "
                              "they go straight to the discard pile")
    intercept: Slug | None = Field(
        None, description="a native keyword: a front-row card (not the leader) with it may guard from the field, "
        "moving to the guard zone (インターセプト)")


class Evasion(DataModel):
    """An attacker with a keyword that only some cards may block (Magic's flying: only flying or reach)."""

    keyword: Slug = Field(description="the native keyword of the attacker")
    blocked_by: tuple[Slug, ...] = Field(description="the native keywords a card needs to block it (empty: nothing "
                                         "may)")


class CombatKeywords(DataModel):
    """Native keywords whose rules are the attack's: who may block, who may attack, whether attacking rests."""

    evasion: tuple[Evasion, ...] = Field((), description="attackers only some cards may block")
    vigilance: Slug | None = Field(None, description="a card with this keyword does not rest when it attacks")
    defender: Slug | None = Field(None, description="a card with this keyword cannot attack")
    trample: Slug | None = Field(None, description="a blocked attacker with this keyword deals the damage beyond "
                                 "what destroys its blocker to the defending player (a DDS game's attacker)")


class Weakness(DataModel):
    """弱点 (ポケモンカード's weakness): a character prints the colours it is weak to; battle damage dealt to it by an
    attacking character of its own game with one of those colours is multiplied."""

    stat: Slug = Field(description="the native text or list stat naming the colours (ids of the profile's colours) "
                       "the character is weak to")
    times: Positive = Field(2, description="what the damage is multiplied by")


class BattleRules(DataModel):
    """Attacks, blocks, battles and damage on characters."""

    attack_targets: tuple[Text, ...] = Field(min_length=1, description="what an attacker may attack")
    blocking: Text = Field(description="how an attack is blocked")
    battle: Text = Field(description="how a battle between characters is settled")
    summoning_sickness: Flag = Field(description="召喚酔い")
    summoning_sickness_note: Text | None = Field(None, description="exceptions to summoning sickness, and details")
    damage_carries_over: Flag = Field(description="手番を跨ぐカードダメージ蓄積")
    damage_cleanup: Text = Field(description="when damage on characters resets, natively")
    targets: tuple[Literal["player", "rested-characters", "characters"], ...] | None = Field(
        None, description="what an attack may target: the opposing player, a rested (spent) opposing character, "
        "any opposing character. Default: the player, and rested characters where the page has サーチアタック "
        "(with 選抜リーダー制 on the page only the leader is attacked, whatever this says)")
    fighters: Literal["characters", "active", "hero", "sum", "none"] | None = Field(
        None, description="who fights for a player: the characters it has in play (characters), one active "
        "character at a time while the others wait on a bench (active: ポケモンカード's active Pokémon), its hero, "
        "who attacks with cards from the hand (hero: Flesh and Blood), its characters together, who add up their "
        "strength on each side of a contest and never fight one another (sum: Legend of the Five Rings' conflicts, "
        "Marvel Snap's locations, Gwent's rows), or nothing fights and the game is won another way (none: a race "
        "of runs, of points scored by cards). Read by compare; default: active where the page has 選抜リーダー制, "
        "else characters")
    layout: Literal["open", "rows", "lanes", "places", "grid"] = Field(
        "open", description="where cards fight: one shared field where a card's place does not matter (open); set "
        "places on each player's side, front and back or in columns, that decide who attacks or blocks whom (rows: "
        "ヴァンガード's circles, ヴァイスシュヴァルツ's stage); fronts both players share, a card fighting only in "
        "its own (lanes: Artifact's lanes, Star Wars: Unlimited's ground and space arenas); places the players "
        "contest or attack and win by holding them (places: Marvel Snap's locations, Legend of the Five Rings' "
        "provinces, Netrunner's servers); or a board of squares on which cards move (grid: Sorcery's realm). "
        "Read by compare")
    blockers: Literal["any", "keyword", "none"] | None = Field(
        None, description="who may block an attack: any standing character (ブロック宣言), only standing "
        "characters with the keyword blocker_keyword, or none. Default: any where the page has ブロック宣言, "
        "else none")
    blocker_keyword: Slug | None = Field(
        None, description="the native keyword a character needs to block, when blockers is 'keyword'")
    attack_check: Count = Field(
        0, description="cards an attacking character's controller reveals from its deck top when the attack is "
        "declared (ヴァンガード's drive check): each goes to its hand, and the effects of one with the unified "
        "keyword チェックトリガー take place")
    attack_check_by: Literal["any", "leader"] = Field(
        "any", description="whose attacks make the attack check: any attacker, or only the leader (the card on "
        "the leader's place of play.places)")
    extra_check_keyword: Slug | None = Field(
        None, description="a native keyword whose attacker makes one more attack check (ツインドライブ!!)")
    rows: tuple[Literal["front", "back"], ...] | None = Field(
        None, description="with play.places in rows: the rows whose cards attack and may be attacked (ヴァンガード: "
        "the front row); default every row")
    first_turn_attacks: Flag = Field(True, description="whether the first player may attack in its first turn")
    through_leader: Flag = Field(
        False, description="an attack on the player is an attack on its leader (the card on the leader's place): "
        "it damages the player only when the attack's power, boosts included, is at least the leader's, guards "
        "included (ヴァンガード); a player with no leader is hit as usual")
    guard: Guard | None = Field(None, description="the guard step, when the game has one")
    hand_answer: Flag | None = Field(
        None, description="whether a rule of the attack lets the attacked player answer it with a card from its "
        "hand: one that adds to the defence (a guard, a counter), cancels the attack (an evade, a guard icon) or "
        "blocks it from the hand; not cards any timing allows (an instant). Read by compare; default: true where "
        "battle.guard is set (the referee plays the guard step), else false; false beside battle.guard is refused")
    attack_cost: Slug | None = Field(
        None, description="the native number stat a character prints for the resources that must be attached to "
        "it (resources.attach.from_hand) before it may attack (ポケモンカード's energy cost of its attack); with "
        "resources.colour_rule 'one-of-colour', one of them must share a colour with the character")
    weakness: Weakness | None = Field(None, description="弱点: battle damage multiplied when the attacker has a "
                                      "colour the attacked character prints: see its keys")
    keywords: CombatKeywords = Field(CombatKeywords.model_construct(), description="keywords whose rules are the "
                                     "attack's: evasion (flying), vigilance, defender (optional)")

    @model_validator(mode="after")
    def _guard_answers_from_hand(self) -> BattleRules:
        if self.hand_answer is False and self.guard is not None:
            raise ValueError("hand_answer is false, but the guard step (guard) answers an attack from the hand")
        return self


class Zone(Named):
    visibility: Literal["public", "private", "hidden", "mixed"] = Field(
        description="who may look at its cards: everyone, the owner only, nobody, or it depends on the card"
    )
    ordered: Flag = Field(False, description="whether the order of its cards matters (a deck)")
    description: Text = Field(description="what the zone holds and what it is for")


class CardType(Named):
    subtype_of: Slug | None = Field(None, description="the id of the card type this is a kind of")
    stats: tuple[Slug, ...] = Field((), description="the stats a card of this type prints (subtypes add theirs)")
    optional_stats: tuple[Slug, ...] = Field(
        (), description="stats some cards of this type print and others do not (a counter printed −): a card "
        "may leave them out; also listed in stats or not, they count as printed")
    description: Text = Field(description="what cards of this type are and do")


class Stat(Named):
    kind: Literal["number", "text", "list", "colour-cost"] = Field(
        description="number; text; list (of words); colour-cost (a table: native colour id → amount)"
    )
    printed: Text | None = Field(None, description="the printed range and step, e.g. '1000–15000 in 500s'")
    step: Count | None = Field(None, description="printed numbers come in multiples of this (e.g. 500)")
    range: CountRange | None = Field(None, description="the lowest and highest printed value, where fixed")
    sum_of: Slug | None = Field(None, description="not printed: the total of this colour-cost stat")
    description: Text = Field(description="what the stat means")


class Keyword(Named):
    kind: Literal["ability", "icon", "trigger", "counter", "mechanic"] = Field(
        description="what sort of keyword it is"
    )
    meaning: Text = Field(description="the native meaning, in the project's own words")


class Colour(Named):
    description: Text | None = Field(None, description="what the colour stands for")


class Condition(DataModel):
    text: Text = Field(description="the condition as the rules put it (usually Japanese)")
    en: Text = Field(description="the condition in English")
    form: Literal["life-gone", "deck-out", "no-characters", "count-reached"] | None = Field(
        None, description="the condition's canonical form, which the referee carries out for a game played from "
        "its data: life-gone (the life system's loss), deck-out (a draw from an empty deck loses), "
        "no-characters (a player with no character in play loses), count-reached (a win: the player has taken "
        "count prize cards; a loss: count damage cards, or with prize-card life count of its characters knocked out). Default: none, and the referee goes by the life "
        "system and misc.library_out")
    count: Count | None = Field(None, description="the count of a count-reached condition; default life.starting")


class Misc(DataModel):
    """The remaining template rows."""

    discard: Flag = Field(description="ディスカード: whether cards are discarded from hand (e.g. down to the hand limit)")
    library_out: Literal["lose", "draw-from-life", "none", "other"] = Field(description="ライブラリアウト")
    library_out_note: Text = Field(description="what happens when a player cannot draw, in words")
    unique_rule: Text | None = Field(None, description="ユニーク処理: limits on identical cards in play")
    conflict_rule: Text | None = Field(None, description="how conflicting effects are settled")


class GameProfile(DataModel):
    """Every fact the sources give about one core game."""

    id: Slug = Field(description="the game's id: the name of its folder, games/<id>")
    name: Text = Field(description="the game's name as published")
    en: Text = Field(description="the game's name in English")
    aliases: tuple[Text, ...] = Field((), description="other names the game goes by; commands accept them")
    sources: tuple[Text, ...] = Field(min_length=1, description="the public sources the facts come from")
    overview: Overview
    deck: DeckRules
    setup: Setup
    turn: Turn
    resources: ResourceSystem
    life: LifeRules
    battle: BattleRules
    misc: Misc
    play: PlayRules = Field(PlayRules.model_construct(), description="places, levels, rides and calls (optional)")
    zones: tuple[Zone, ...] = Field(min_length=1, description="the native zones: where cards can be")
    card_types: tuple[CardType, ...] = Field(min_length=1, description="the native card types")
    stats: tuple[Stat, ...] = Field((), description="the native stats cards print (or that are worked out from them)")
    keywords: tuple[Keyword, ...] = Field(
        (), description="the native keywords: abilities, icons, triggers, counters, mechanics"
    )
    colours: tuple[Colour, ...] = Field((), description="the native colours")
    win_conditions: tuple[Condition, ...] = Field((), description="how a player wins")
    lose_conditions: tuple[Condition, ...] = Field(min_length=1, description="how a player loses")
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

