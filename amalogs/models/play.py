"""How cards come into play besides paying their cost (a rule profile's ``[play]`` table,
:class:`amalogs.models.game.GameProfile`): the field's places and a shared board, levels, rides, evolution,
retreat and limits by card type."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from amalogs.models.base import Count, DataModel, Flag, Named, Positive, Slug

__all__ = ["Board", "Equip", "Evolve", "Place", "PlayRules", "Retreat", "Ride", "TypeLimit"]


class Place(Named):
    """One named place of the field: a circle, a square, a bench spot. A card in play stands on one place."""

    row: Literal["front", "back"] | None = Field(None, description="its row, where the rules use rows")
    column: Count | None = Field(None, description="its column, where the rules use columns (boost, moving)")
    leader: Flag = Field(False, description="the leader's place (ヴァンガードサークル): the card there is the "
                         "player's leader, and a ride puts a new card on it")
    rank: Positive | None = Field(None, description="on a board (play.board): its rank counted from its player's "
                                  "side, 1 the nearest")
    home: Flag = Field(False, description="on a board: the player's own square (Z/X's player square): the opponent "
                       "never plays onto it, and attacks that player only from a square next to it while none of "
                       "that player's cards stands on it")


class Board(DataModel):
    """A board both players' cards share (Z/X's 3×3 squares). Each player's places (play.places) are squares of it,
    by column and rank seen from that player's side; the opponent sees the same square turned half round (column
    columns + 1 − c, rank ranks + 1 − r). A square holds one card of either player."""

    columns: Positive = Field(description="the board's columns")
    ranks: Positive = Field(description="the board's ranks (rows), counted from a player's side")
    attacks: Literal["adjacent"] = Field(
        "adjacent", description="'adjacent': a card attacks only an opposing card on a square next to its own (up, "
        "down, left or right), and the opposing player only from a square next to that player's home square while "
        "none of that player's cards stands on it. Against a game without this board, attacks are as its own "
        "targets say")


class Ride(DataModel):
    """Riding (ライド): a card from hand onto the leader's place, on top of the leader."""

    per_turn: Positive = Field(1, description="rides a turn")
    step: Count = Field(1, description="the most the level may rise in one ride (play.level)")
    same_level: Flag = Field(True, description="whether a card of the leader's own level may be ridden")
    under: Slug | None = Field(None, description="the native zone the old leader goes to (ソウル); omit: the "
                               "discard pile")


class Evolve(DataModel):
    """進化 (evolution): a card that names another is put onto a character of that name in play, which goes under
    it (ポケモンカード's Stage 1, Shadowverse EVOLVE's evolve deck). The evolved card takes the base's place and
    its damage, and may attack if the base could; the base leaves the field with it."""

    base_stat: Slug = Field(description="the native text stat an evolution card prints: the name of the card it "
                            "goes onto (cards without it do not evolve)")
    deck: Slug | None = Field(None, description="the side deck the evolution cards wait in (an evolve deck); omit: "
                              "they are played from the hand")
    per_turn: Positive | None = Field(None, description="evolutions a player may make a turn; omit: no limit")
    wait: Flag = Field(True, description="whether a character must have been in play since the start of the turn "
                       "to evolve (ポケモンカード); false: it may evolve the turn it comes")
    pays: Literal["cost", "free", "points"] = Field(
        "cost", description="what evolving costs: cost, the evolution card's printed cost in resources; free; "
        "points, one of the player's evolve points (points, second_player_extra)")
    points: Count = Field(0, description="with pays = 'points': the evolve points each player has for the match")
    second_player_extra: Count = Field(0, description="with pays = 'points': the second player's extra points")


class Equip(DataModel):
    """装備 (equipment attached by an ability of its own): an equipment card is played onto the field by itself,
    attached to nothing; in its player's main phase, while nothing waits to resolve, the player pays its equip
    cost (resources of any colour) to attach it to one of its own characters, moving it from the character it
    was attached to (Magic's 装備品). Its static effects that name the character it is attached to
    (「装備しているクリーチャー」: a selector's ``attached``) act on that character while it stays attached. A
    game whose equipment is attached as it is played (ギルドヒーローズ' 装備魔法) has no such key."""

    types: tuple[Slug, ...] = Field(min_length=1, description="the native card types that are equipment")
    cost: Slug = Field(description="the native number stat an equipment card prints: its equip cost, paid in "
                       "resources of any colour")
    stays: Flag = Field(True, description="true: when the character leaves play its equipment stays on the field, "
                        "attached to nothing; false: it goes to the discard pile with it")


class Retreat(DataModel):
    """にげる (retreat): with 選抜リーダー制, the leader is swapped for another of its player's characters in play,
    putting as many of the resources attached to the old leader as it prints into the discard pile."""

    stat: Slug = Field(description="the native number stat a character prints: the attached resources its retreat "
                       "discards (resources.attach.from_hand)")
    per_turn: Positive = Field(1, description="retreats a turn")


class TypeLimit(DataModel):
    """At most ``per_turn`` cards of one card type played from hand a turn (ポケモンカード's one サポート a turn)."""

    type: Slug = Field(description="the native card type")
    per_turn: Count = Field(description="how many of its cards a player may play from its hand in one turn")
    first_turn: Flag = Field(True, description="whether the first player may play one in its first turn")


class PlayRules(DataModel):
    """How cards come into play besides paying their cost: the field's places, levels, rides and calls. Every key
    is optional; a game that says none of them plays as before (one field, no places)."""

    places: tuple[Place, ...] = Field((), description="the field as named places; a card put into play names "
                                      "its place, and a place holds one card")
    level: Slug | None = Field(None, description="the native number stat that ranks cards (グレード)")
    call_limit: Literal["none", "leader-level"] = Field(
        "none", description="'leader-level': a card may be put into play (called) only while its level is at "
        "most the leader's")
    free_calls: Flag = Field(False, description="putting a card into play from hand costs no resources (costs "
                             "of abilities still do)")
    loyalty: Slug | None = Field(
        None, description="the native number stat a card enters the field with as that many loyalty counters "
        "(a planeswalker's 忠誠度); its abilities' loyalty costs add or remove them, one such ability a turn and "
        "only in its player's main phase, and at 0 it goes to the discard pile")
    ride: Ride | None = Field(None, description="riding, when the game has it (needs a leader place and a level)")
    first_leader: Count | None = Field(
        None, description="at setup each player chooses a card of this level from its deck and puts it on its "
        "leader's place (ファーストヴァンガード)")
    leader_card: Slug | None = Field(
        None, description="the id of an extra-card kind (deck.extra_cards): its card, chosen in the deck and never "
        "drawn, starts face up on the leader's place, and attacks and is attacked as the leader (ONE PIECE's "
        "leader, Shadowverse EVOLVE's leader); with life.from_card naming the same kind, the life it prints is "
        "its player's life")
    move: Literal["none", "column"] = Field(
        "none", description="'column': in its main phase a player may move a card (not its leader) to the other "
        "place of its column, swapping with the card there")
    boost: Slug | None = Field(
        None, description="a native keyword: when the card in front of a back-row card with it attacks, it may "
        "rest to add its power to that attack for the battle (ブースト)")
    evolve: Evolve | None = Field(None, description="evolution, when the game has it: see its keys")
    board: Board | None = Field(None, description="a board the players share, its places its squares: see its keys")
    field_limit: Positive | None = Field(
        None, description="the most characters a player may have in play, its leader among them (ポケモンカード: "
        "the active Pokémon and a bench of 5); omit: no limit (or the places')")
    retreat: Retreat | None = Field(None, description="retreat, when the game has it: see its keys")
    equip: Equip | None = Field(None, description="equipment attached by its own equip ability, when the game "
                                "has it: see its keys")
    limits: tuple[TypeLimit, ...] = Field((), description="card types of which only so many may be played from "
                                          "hand a turn")
