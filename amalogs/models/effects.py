"""The canonical effect vocabulary: what a card does, as structured data next to its printed text.

Every primitive has one precise meaning in canonical terms (canonical stats after adjust ratios, canonical
genera, unified keywords), so the referee can carry it out in any game and a converted card keeps it.

Primitives (``do = ...``):

- ``draw``: ``who`` draws ``count`` cards.
- ``damage``: deal ``amount`` damage (canonical battle units: BP, or DP for AP/DP games) to each selected
  character; it is destroyed when its damage this turn reaches its BP (or DP).
- ``destroy``: put each selected character or permanent into its owner's discard pile.
- ``modify``: add ``amount`` (may be negative) to ``stat`` of each selected character until the end of turn (or
  for good, or for that battle: ``until = "end-of-battle"``).
- ``rest`` / ``stand``: turn each selected card sideways / upright.
- ``return_to_hand``: return each selected card to its owner's hand.
- ``search``: look at the top ``look`` cards of the deck (0 = the whole deck), take up to ``take`` that match
  ``filter`` into hand, put the rest on the bottom in any order (the whole deck: shuffle).
- ``scout``: look at the top ``look`` cards and put each on the top or the bottom in any order.
- ``gain_resource``: put the top ``count`` cards of the deck into the resource area, rested or standing.
- ``player_damage``: deal ``amount`` SP of damage to ``who``'s life.
- ``boost_attack``: the next player damage its controller's attack deals this turn is ``amount`` SP higher.
- ``grant_keyword``: each selected character gains ``keyword`` until the end of turn (or for good).
- ``discard``: ``who`` discards ``count`` cards from hand (its own choice).
- ``heal``: ``who`` recovers ``amount`` life: life points go up; a ダメージ蓄積 player puts that many damage
  cards into its discard pile; a ライフカード player puts that many top cards of its deck into its life;
  shield and fort games: nothing happens.
- ``choose``: its controller chooses one of ``options`` (two to five effects of the same timing), which takes
  place (「次の中から1つを選ぶ」, Magic's modal "Choose one —").
- ``produce``: a mana ability: the card, rested as its cost, gives ``amount`` resources of one of ``colours``
  (canonical colour slots; ``any``: any colour; 無色 pays only the part of a cost of no colour) toward a
  payment, or only toward playing the card named ``for_card`` (戦国大戦TCG's 臣下 and its 当主).
- ``add_counter``: ``who`` gets ``count`` counters of the name ``counter`` (a player's counters: 忠誠, 謀反);
  a condition may ask for them (``condition.counter``).
- ``mill``: ``who`` puts the top ``count`` cards of its deck into its discard pile.
- ``put_into_play``: the card itself goes from where it is (the life it was revealed from, the hand) onto its
  owner's field without its cost being paid (ギルドヒーローズ' 砦 quick characters), rested if ``rested``.
- ``forbid``: (static) the card itself cannot do each of ``actions`` — ``attack``, ``block`` (intercept), or
  take ``effect-damage`` (damage from effects) — while the effect works (its condition holds).
- ``hand_limit``: (static) while the card is in play, its controller's hand limit at the end of the turn is
  ``amount``.
- ``ignore_keyword``: (static) when the card attacks, the opposing cards' ``keyword`` (デコイ: a lure that must
  be chosen) does not narrow its choice of target.
- ``look``: its controller looks at the opponents' face-down cards in play (they stay face down).
- ``native``: an effect only the card's own game can carry out; in another game it fizzles (立ち消え).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictInt, model_validator

from amalogs.models.base import MAX_COUNT, Count, DataModel, Number, Positive, Text
from amalogs.ontology.terms import CanonicalStat, ColourSlot, Family, Genus, UnifiedKeyword

__all__ = ["Choose", "Condition", "PlayerCounter", "Produce", "Effect", "FieldCount", "Selector", "CardFilter", "EFFECT_KINDS", "Payment", "Timing"]

Side = Literal["self", "opponent", "any"]
Player = Literal["self", "opponent", "both"]
Until = Literal["end-of-turn", "end-of-battle", "next-turn", "permanent"]
# next-turn: until the start of its controller's next turn (through the opponents' turns in between)
Timing = Literal[
    "play",  # when the card is played or enters the field
    "attack",  # when it attacks
    "block",  # when it blocks or intercepts
    "hit",  # when its attack hits the player (through the leader, where the game attacks that way), after the damage
    "check",  # when revealed by its owner's check: an attack (drive) check or a damage check; where the game has
    #           none, when revealed from the life by damage, as a life trigger
    "activated",  # its controller uses it, paying `cost`
    "static",  # always, while it is on the field
    "life",  # when revealed or broken out of the life area by damage (a life trigger)
    "destroyed",  # when it is destroyed
    "leave",  # when it leaves the field, wherever it goes (destroyed, returned to hand, retired, into the soul)
    "ridden",  # when another card is ridden onto it (the leader's place: it goes under the new leader, to the soul)
    "boost",  # when it boosts an attack (a back-row card adding its power: ヴァンガード's ブースト)
    "start-of-turn",
    "end-of-turn",
]


BATTLE_TIMINGS = ("attack", "block", "boost", "hit", "check", "life")
"""The timings at which a battle may be going on (a change ``until = "end-of-battle"`` needs one)."""


class CardFilter(DataModel):
    """Which cards match, in canonical terms. Every condition given must hold."""

    family: Family | None = None
    genus: Genus | None = None
    keyword: UnifiedKeyword | None = None
    trait: Text | None = Field(None, description="a 特徴 the card must have")
    max_cost: Count | None = Field(None, description="大コスト at most")
    min_cost: Count | None = None
    max_bp: Number | None = Field(None, description="battle value at most (BP; for AP/DP cards, AP or DP)")
    min_bp: Number | None = None
    battle: Literal["attack", "defence"] | None = Field(
        None, description="which battle value max_bp and min_bp read: 'attack' (AP, or BP), 'defence' (DP or HP, "
        "or BP) (「アタック3以下」); omit: BP, and in a game of two values either (the lower for a maximum, the higher "
        "for a minimum)")


class Selector(CardFilter):
    """Which cards on the field an effect acts on."""

    side: Side = "opponent"
    count: Count = Field(1, description="how many to choose; 0 means every match")
    state: Literal["rested", "standing", "attacking"] | None = Field(
        None, description="rested, standing, or attacking: the card whose attack is going on (「アタックしている」)")
    self_only: bool = Field(False, description="the card itself (other conditions are ignored)")
    leader: Literal["only", "not"] | None = Field(
        None, description="'only': the leader (the card on the leader's place, or the 選抜リーダー); 'not': any but "
        "the leader (ヴァンガード's リアガード)")
    row: Literal["front", "back"] | None = Field(
        None, description="only cards on a place of this row (a game whose field has places in rows; elsewhere "
        "every card counts as in the front row)")
    home: Literal["only", "not"] | None = Field(
        None, description="'only': cards on their player's home square of a board (Z/X's player square); 'not': "
        "cards on any other square (「ノーマルスクエアにある」); in a game without a board every card is off it")
    other: bool = Field(False, description="every match but the card itself (「自分の他のユニット」, \"other "
                        "creatures you control\")")
    attached: bool = Field(False, description="the character this card is attached to (equipment: 「装備したキャラクター」, "
                           "\"equipped creature\"); other conditions are ignored. Its changes apply while it stays "
                           "attached; a game where nothing is attached to a character has none")


class FieldCount(CardFilter):
    """A count of cards in play (on the field) that match, for a condition: at least and/or at most so many."""

    side: Side = "opponent"
    state: Literal["rested", "standing"] | None = None
    leader: Literal["only", "not"] | None = Field(None, description="as in a selector: only the leader, or all but it")
    row: Literal["front", "back"] | None = None
    home: Literal["only", "not"] | None = Field(None, description="as in a selector: on the home square or off it")
    at_least: Count | None = None
    at_most: Count | None = None


class PlayerCounter(DataModel):
    """A player's counters of one name, for a condition: at least so many."""

    name: Text = Field(description="the counter's name, as add_counter gives it (忠誠, 謀反)")
    side: Literal["self", "opponent"] = "self"
    at_least: Positive = 1


class Condition(DataModel):
    """When an effect works: every part given must hold as it would take place (a static effect: at every moment).
    A triggered effect whose condition does not hold does nothing (logged ``condition-unmet``)."""

    turn: Literal["own", "opponent"] | None = Field(None, description="only during its controller's own turn, or "
                                                    "only during an opponent's")
    place: Literal["leader", "not-leader"] | None = Field(
        None, description="where the card itself is: on the leader's place (the ヴァンガード, the 選抜リーダー) or in "
        "play but not there (a リアガード); a game without a leader has every card 'not-leader'")
    behind: bool = Field(False, description="its controller has no more of its life left than an opponent (as a "
                         "share of the starting life: ヴァンガード's 'your damage is at least your opponent's')")
    count: FieldCount | None = Field(None, description="so many cards in play that match")
    counter: PlayerCounter | None = Field(None, description="a player has so many counters of a name "
                                          "(add_counter's)")
    under: Positive | None = Field(None, description="at least so many cards stacked under the card itself "
                                   "(戦国大戦TCG's 超越)")
    rule: Literal["territory-open"] | None = Field(
        None, description="a state its own game's rules name: 'territory-open', its controller has a territory "
        "opened (ビルディバイド's 覚醒); in a game without territories it never holds")


class Payment(DataModel):
    """The structured cost of an activated ability (its printed words stay in the effect's ``cost``)."""

    zone: Literal["field", "hand", "discard"] = Field("field", description="where the card must be to use it")
    rest_self: bool = Field(False, description="rest (spend, exhaust) the card itself")
    resources: dict[ColourSlot | Literal["any"], Positive] = Field(
        default_factory=dict, description="resources to rest: canonical colour slot → amount ('any' for any colour)"
    )
    deck_top: Count = Field(0, description="destroy this many cards from the top of one's own deck")
    discard: Count = Field(0, description="discard this many other cards from hand")
    discard_self: bool = Field(False, description="discard the card itself from hand")
    exile_self: bool = Field(False, description="remove the card itself from the game (from the discard pile)")
    counter_blast: Count = Field(0, description="turn this many face-up cards of one's own damage zone face down "
                                 "(カウンターブラスト; a ダメージ蓄積 game)")
    soul_blast: Count = Field(0, description="put this many cards of one's soul (the cards under the leader, "
                              "play.ride.under) into the discard pile (ソウルブラスト)")
    life: Count = Field(0, description="pay this many points of one's life (a ライフポイント game: HP); paying the "
                        "last point loses")
    return_resources: Count = Field(0, description="return this many of one's resource cards (standing ones first) "
                                    "to the bottom of one's resource deck (resources.deck; ONE PIECE's DON!!−N)")
    loyalty: Annotated[StrictInt, Field(ge=-MAX_COUNT, le=MAX_COUNT)] = Field(
        0, description="add (+N) or remove (−N; the card must have N) the card's own loyalty counters (a game with "
        "play.loyalty: a planeswalker); one such ability of a card a turn, in its player's main phase, and the card "
        "goes to the discard pile at 0")
    once_per_turn: bool = False


class _Effect(DataModel):
    when: Timing = "play"
    cost: Text | None = Field(None, description="the printed cost of an activated ability")
    pay: Payment | None = Field(None, description="the structured cost, so the referee can offer the ability")
    optional: bool = Field(False, description="the controller may choose not to do it")
    condition: Condition | None = Field(None, description="when it works (see Condition); omit: always")

    @model_validator(mode="after")
    def _loyalty_is_activated(self) -> _Effect:
        if self.pay is not None and self.pay.loyalty and self.when != "activated":
            raise ValueError("pay.loyalty is the cost of an activated ability (when = \"activated\"), paid as it is used")
        return self


class Draw(_Effect):
    do: Literal["draw"]
    count: Positive = 1
    who: Player = "self"


class Damage(_Effect):
    do: Literal["damage"]
    amount: Number
    target: Selector = Selector.model_construct()  # (no validation at import: schemas are built on first use)


class Destroy(_Effect):
    do: Literal["destroy"]
    target: Selector = Selector.model_construct()  # (no validation at import: schemas are built on first use)


class Modify(_Effect):
    do: Literal["modify"]
    stat: Literal[CanonicalStat.BP, CanonicalStat.AP, CanonicalStat.DP, CanonicalStat.SP]
    amount: Number = Field(description="canonical units; negative lowers the stat")
    target: Selector = Selector.model_construct(side="self", self_only=True)
    until: Until = "end-of-turn"

    @model_validator(mode="after")
    def _for_that_battle(self) -> Modify:
        if self.until == "end-of-battle":
            if self.stat is CanonicalStat.SP:
                raise ValueError("until = 'end-of-battle' changes a battle value (BP, AP, DP), not SP")
            if self.when not in BATTLE_TIMINGS:
                raise ValueError(f"until = 'end-of-battle' needs a battle: when must be one of {', '.join(BATTLE_TIMINGS)}"
                                 f" (got {self.when!r})")
        return self


class Rest(_Effect):
    do: Literal["rest"]
    target: Selector = Selector.model_construct()  # (no validation at import: schemas are built on first use)


class Stand(_Effect):
    do: Literal["stand"]
    target: Selector = Selector.model_construct(side="self")


class ReturnToHand(_Effect):
    do: Literal["return_to_hand"]
    target: Selector = Selector.model_construct()  # (no validation at import: schemas are built on first use)


class Search(_Effect):
    do: Literal["search"]
    look: Count = 0
    take: Positive = 1
    filter: CardFilter = CardFilter.model_construct()


class Scout(_Effect):
    do: Literal["scout"]
    look: Positive


class GainResource(_Effect):
    do: Literal["gain_resource"]
    count: Positive = 1
    rested: bool = True


class PlayerDamage(_Effect):
    do: Literal["player_damage"]
    amount: Positive = 1
    who: Player = "opponent"


class BoostAttack(_Effect):
    do: Literal["boost_attack"]
    amount: Annotated[StrictInt, Field(ge=-MAX_COUNT, le=MAX_COUNT)]


class GrantKeyword(_Effect):
    do: Literal["grant_keyword"]
    keyword: UnifiedKeyword
    target: Selector = Selector.model_construct(side="self", self_only=True)
    until: Literal["end-of-turn", "next-turn", "permanent"] = "end-of-turn"


class Discard(_Effect):
    do: Literal["discard"]
    count: Positive = 1
    who: Player = "opponent"


class Heal(_Effect):
    do: Literal["heal"]
    amount: Positive
    who: Player = "self"


def _any_colour() -> list[ColourSlot | Literal["any"]]:
    return ["any"]


class Produce(_Effect):
    do: Literal["produce"]
    amount: Positive = 1
    colours: Annotated[list[ColourSlot | Literal["any"]], Field(min_length=1)] = Field(
        default_factory=_any_colour, description="canonical colour slots it may give, one of them each time "
        "(its controller's choice); 'any': every colour")
    for_card: Text | None = Field(None, description="it pays only toward playing the card of this name (a 臣下's "
                                  "当主)")

    @model_validator(mode="after")
    def _a_mana_ability(self) -> Produce:
        if self.when not in ("activated", "static"):
            raise ValueError(f"a produce effect is a mana ability: when must be 'activated' (resting the card, "
                             f"pay.rest_self) or 'static' (got {self.when!r})")
        return self


class AddCounter(_Effect):
    do: Literal["add_counter"]
    counter: Text = Field(description="the counters' name (忠誠, 謀反)")
    count: Positive = 1
    who: Player = "self"


class Mill(_Effect):
    do: Literal["mill"]
    count: Positive = 1
    who: Player = "opponent"


class PutIntoPlay(_Effect):
    do: Literal["put_into_play"]
    rested: bool = Field(False, description="it enters rested (spent, on standby)")


class _StaticRule(_Effect):
    """A lasting rule of the card itself: ``when`` is always ``static``."""

    when: Timing = "static"

    @model_validator(mode="after")
    def _static(self) -> _StaticRule:
        if self.when != "static":
            raise ValueError(f"a {getattr(self, 'do')} effect is a lasting rule of the card: when must be 'static' "
                             f"(got {self.when!r})")
        return self


class Forbid(_StaticRule):
    do: Literal["forbid"]
    actions: Annotated[list[Literal["attack", "block", "effect-damage"]], Field(min_length=1)] = Field(
        description="what the card itself cannot do: attack, block (intercept), take effect-damage")


class HandLimit(_StaticRule):
    do: Literal["hand_limit"]
    amount: Count = Field(description="its controller's hand limit while the card is in play")


class IgnoreKeyword(_StaticRule):
    do: Literal["ignore_keyword"]
    keyword: Literal[UnifiedKeyword.DECOY] = Field(description="the opposing keyword its attacks ignore (デコイ)")


class Look(_Effect):
    do: Literal["look"]


class Native(_Effect):
    do: Literal["native"]
    text: Text = Field(description="what it does in its own game, in the project's words")


_OWN = ("when", "cost", "pay", "condition")  # an option's timing, cost and condition are its choice's


class Choose(_Effect):
    do: Literal["choose"]
    options: Annotated[list[Effect], Field(min_length=2, max_length=5)] = Field(
        description="the effects to choose one of (none of them a choice); each takes the choice's timing (write "
        "no when, cost, pay or condition in them)")

    @model_validator(mode="before")
    @classmethod
    def _options_take_the_timing(cls, data: object) -> object:
        """Each option is read at its choice's timing (so a change 'for that battle' of an attack's choice is one)."""
        if isinstance(data, dict) and isinstance(data.get("options"), list):
            when = data.get("when", "play")
            options = []
            for k, option in enumerate(data["options"]):
                if isinstance(option, dict):
                    if option.get("do") == "choose":
                        raise ValueError(f"options[{k}]: a choice's option is not a choice itself")
                    own = [key for key in _OWN if option.get(key) is not None
                           and not (key == "when" and option[key] == when)]  # (a dump repeats the choice's when)
                    if own:
                        raise ValueError(f"options[{k}]: {own[0]} is the choice's own: write it on the choice, not "
                                         "in an option")
                    option = {**option, "when": when}
                options.append(option)
            data = {**data, "options": options}
        return data


Effect = Annotated[
    Draw
    | Damage
    | Destroy
    | Modify
    | Rest
    | Stand
    | ReturnToHand
    | Search
    | Scout
    | GainResource
    | PlayerDamage
    | BoostAttack
    | GrantKeyword
    | Discard
    | Heal
    | Choose
    | Produce
    | AddCounter
    | Mill
    | PutIntoPlay
    | Forbid
    | HandLimit
    | IgnoreKeyword
    | Look
    | Native,
    Field(discriminator="do"),
]
"""One canonical effect; the ``do`` key chooses the primitive."""

EFFECT_KINDS: tuple[str, ...] = (
    "draw", "damage", "destroy", "modify", "rest", "stand", "return_to_hand", "search", "scout",
    "gain_resource", "player_damage", "boost_attack", "grant_keyword", "discard", "heal", "choose", "produce",
    "add_counter", "mill", "put_into_play", "forbid", "hand_limit", "ignore_keyword", "look", "native",
)
