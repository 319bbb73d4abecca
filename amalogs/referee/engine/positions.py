"""Position files: a match in progress as data (TOML or JSON), loaded into a :class:`Match` and dumped back.

A position names, for each seat, its game and deck and every zone's cards **by the zone ids of the game's
profile** (``games/<id>/game.toml``), piles listed from the top; the step, whose decision it is, an attack
in progress, effects waiting on the stack, and the seed for anything random from there on. The format is
documented in ``docs/positions.md``; ``amalogs schema`` writes its JSON Schema (:class:`PositionFile`).

Card instances are numbered as ``Match.new`` numbers them: seat by seat, each seat's deck in deck-list
order (a seat given without a deck: its cards zone by zone in its game's zone order). A card is written as its
card id, or ``card-id#N`` for instance N; cards of a seat's deck that no zone lists make up the rest of its
deck, shuffled, under any cards the position lists there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, StrictInt

from amalogs.catalog import Game, read_data
from amalogs.errors import cut as shared_cut
from amalogs.errors import AmalogsError, DataError
from amalogs.models.base import DataModel
from amalogs.models.effects import Effect

__all__ = ["POSITION_VERSION", "MATCH_STEPS", "EXTRA_ZONES", "PositionError", "PositionFile", "PlacedCard", "SeatPosition",
           "CardEntry", "Values", "cut", "read_position", "resolve_action", "split_ref", "damage_unit"]

POSITION_VERSION = 1
MATCH_STEPS = ("setup", "main", "attack", "block", "reaction", "trigger", "target", "choose", "discard", "effect-discard",
               "cost-discard", "search-pick", "scout-place", "ruling", "ruling-confirm", "support", "guard", "over")
"""The match's own decision steps (``docs/referee.md``); a core game adds its own as ``GAME-ID:STEP``."""
EXTRA_ZONES = ("bj-row",)
"""Zones the referee gives a seat beyond its game's: another game's cards revealed in a ブレイクジョーカー round."""


class PositionError(AmalogsError):
    """A position that cannot be loaded; the message names the file and the key."""


Int = StrictInt
Count = Annotated[StrictInt, Field(ge=0)]
Ref = Annotated[int | str, Field(description="a card: its instance number, or its card id (or card-id#N)")]


class Values(DataModel):
    """Changes to a card's battle values, in its game's printed units (SP in whole points)."""

    ap: int | float = 0
    dp: int | float = 0
    sp: int = Field(0, ge=-1000, le=1000)


class NextTurn(DataModel):
    """What a seat's effect gave a card until the start of that seat's next turn."""

    by: Count = Field(description="the seat whose effect it was (it ends at the start of that seat's next turn)")
    changed: Values | None = Field(None, description="changes to its values (not written again under lasting)")
    granted: tuple[str, ...] = Field((), description="unified keywords it has gained")


class PlacedCard(DataModel):
    """A card in a zone, with what is true of it now."""

    card: str = Field(description="card id, or card-id#N for instance N")
    rested: bool = False
    face_down: bool | None = Field(None, description="face down in a public zone (default: as the zone holds it)")
    damage: int | float = Field(0, ge=0, description="damage on it this turn, in its game's printed units")
    changed: Values | None = Field(None, description="changes to its values until the end of the turn")
    lasting: Values | None = Field(None, description="changes to its values while it stays on the field")
    granted: tuple[str, ...] = Field((), description="unified keywords it has gained until the end of the turn")
    until_next_turn: tuple[NextTurn, ...] = Field((), description="what effects gave it until the start of a "
                                                  "seat's next turn (until = \"next-turn\")")
    entered: Int | None = Field(None, ge=0, description="the turn it came onto the field")
    counters: dict[str, Count] = Field(default_factory=dict, description="its counters (忠誠, marks …)")
    under: tuple[str | PlacedCard, ...] = Field((), description="cards beneath it (evolution, 超越, 防護), nearest first")
    equipment: tuple[str | PlacedCard, ...] = Field((), description="equipment attached to it")
    attached: tuple[str | PlacedCard, ...] = Field((), description="resource cards attached to it from the hand "
                                                   "(resources.attach.from_hand: energy); they lie in its game's "
                                                   "resource zone")
    at: str | None = Field(None, max_length=100, description="its place on the field, in a game whose field has "
                           "places (play.places); default: the first open place of the zone it is listed in")


CardEntry = str | PlacedCard


class ThisTurn(DataModel):
    """A seat's facts about the current turn."""

    resource_placed: bool = Field(False, description="it has put its one resource of the turn from hand")
    used: tuple[tuple[Ref, Int], ...] = Field((), description="once-a-turn abilities used: [card, ability]; "
                                                 "ability -1: the card attacked this turn without resting (vigilance); -2: it evolved this turn")
    moving: bool = Field(False, description="ギルドヒーローズ: its attack phase's move step has begun")
    boost: Int = Field(0, ge=-1000, le=1000, description="extra damage for its next player damage this turn (boost_attack)")


class SeatPosition(DataModel):
    """One seat: its game and deck, its zones (extra keys, by the zone ids of the game's profile), counters."""

    model_config = ConfigDict(extra="allow", frozen=True)

    game: str | None = Field(None, description="the seat's game (id, 略称 or name); needed without a deck")
    deck: str | None = Field(None, description="GAME:DECK (a sample deck) or a deck file path")
    turns: Int | None = Field(None, ge=0, description="turns this seat has had (default: from turn and first)")
    counters: dict[str, Count | str] = Field(
        default_factory=dict, description="the seat's numbers (HP, hand limit …); a counter that names a card (the "
        "leader of 選抜リーダー制) takes the card as card-id or card-id#N")
    this_turn: ThisTurn = ThisTurn()
    mulligan_decided: bool | None = Field(None, description="in the setup step: it has made its setup decision")
    side: Count | None = Field(None, description="its side, with more than two seats (the host and its allies "
                               "against the rest); default: every seat a side of its own")
    zones: dict[str, Any] = Field(default_factory=dict, description="zone id → its cards (the deck pile "
                                  "included); zone ids may also stand in the seat's table itself, except 'deck'")


class AttackPosition(DataModel):
    attacker: Ref
    defender: Count | None = Field(None, description="the seat attacked (default: the target's owner, else the "
                                   "one seat of the other side)")
    target: Ref | Literal["player"] = "player"
    blocker: Ref | None = None
    hits_left: Count = Field(0, le=1000)
    power: int | float = Field(0, ge=-10**9, le=10**9, description="added to the attacker's power for this battle "
                               "(boosts, changes 'for that battle'), in the printed units of the attacker's game")
    shield: int | float = Field(0, ge=-10**9, le=10**9, description="added to the attacked card's power for this "
                                "battle (guards, changes 'for that battle'), in the printed units of the defender's game")
    hit: bool = Field(False, description="the attack has hit the player: the attacker's 'when it hits' effects take "
                      "place once its damage is dealt")


class StackEntry(DataModel):
    """An effect waiting on the stack (the last entry resolves first)."""

    controller: Count
    card: Ref
    effect: Count | Effect = Field(description="the index of the card's effect, or an effect written out")


class ScoutPosition(DataModel):
    left: tuple[Ref, ...] = Field(description="cards looked at, still to put back (top first)")
    top: tuple[Ref, ...] = ()
    bottom: tuple[Ref, ...] = ()


class CostDiscard(DataModel):
    card: Ref
    left: Annotated[int, Field(ge=1)]


class TriggerPosition(DataModel):
    card: Ref
    by_effect: bool = False


class OutcomePosition(DataModel):
    winner: Count | None = None
    reason: str


class PositionFile(DataModel):
    """A match in progress (``docs/positions.md``)."""

    format: Literal["amalogs-position"] = "amalogs-position"
    version: Int = POSITION_VERSION
    seed: Annotated[Int, Field(ge=0, le=2**64 - 1)] = Field(
        1, description="the seed for anything random from this position on (0 … 2**64 - 1)")
    turn: Int = Field(1, ge=0, le=100_000)
    turn_cap: Int = Field(60, ge=1, le=100_000)
    active: Count = Field(0, description="the host: the seat whose turn it is")
    first: Count | None = Field(None, description="the seat that took the match's first turn")
    step: str = "main"
    decider: Count | None = Field(None, description="the seat to decide now (default: from the step)")
    resume: str | None = Field(None, description="the step the match goes on with once the stack is empty")
    attack: AttackPosition | None = None
    trigger: TriggerPosition | None = None
    cost_discard: CostDiscard | None = None
    scout: ScoutPosition | None = None
    stack: tuple[StackEntry, ...] = ()
    counters: dict[str, Count] = Field(default_factory=dict, description="the match's numbers (the tie count …)")
    secret: dict[str, Int] = Field(default_factory=dict, description="choices made but not shown yet")
    outcome: OutcomePosition | None = None
    rulings: bool = Field(False, description="the players rule by hand the native effects the referee cannot "
                          "carry out (engine.rulings)")
    seats: tuple[SeatPosition, ...] = Field(min_length=2, max_length=8)
    # a known answer's keys (amalogs.referee.sessions.known_answers): kept with the position, not carried out on loading
    source: str | None = Field(None, description="where the position or its ruling comes from")
    data_root: str | None = Field(None, description="a data folder (relative to the file) with games the position "
                                  "uses besides the shipped ones")
    do: tuple[str, ...] = Field((), description="a known answer's actions (not taken when the position loads)")
    expect: dict[str, Any] = Field(default_factory=dict, description="a known answer's expectations")


def read_position(path: Path) -> dict[str, Any]:
    """A position file as plain data (TOML, or JSON by its suffix); one-line errors naming the file."""
    try:
        return read_data(path)
    except DataError as exc:
        raise PositionError(str(exc)) from None


def cut(value: Any) -> str:
    """A value as an error echoes it: its repr, cut to 40 characters (the shared :func:`amalogs.errors.cut`)."""
    return shared_cut(value, 40)


def split_ref(text: str) -> tuple[str, int | None]:
    """``"spark-imp#12"`` → ``("spark-imp", 12)``; ``"spark-imp"`` → ``("spark-imp", None)``."""
    card_id, sep, number = text.partition("#")
    if sep and not number.isdigit():
        raise ValueError(f"{cut(text)}: after '#' comes the instance number (e.g. {cut(card_id)}#12)")
    return card_id, int(number) if sep else None


def damage_unit(game: Game, stat: str | None) -> int:
    """Thousandths of a canonical point per printed unit of the stat damage counts against (ビルディバイド
    power 1/1000 → 1; ギルドヒーローズ defence 1 → 1000)."""
    if stat is None:
        return 1000
    ratio = game.page.ratio_of(stat)
    return max(1, round(1000 * ratio))


def resolve_action(match: Any, text: str) -> Any:
    """An action as a person writes it at a position: its text (``attack 12 player``), with a card id or
    ``card-id#N`` standing for a card's number (``attack spark-imp player``), or the number of a legal
    action as listed (1 is the first). Raises :class:`~amalogs.referee.engine.actions.IllegalActionError`."""
    from amalogs.referee.engine.actions import Action, IllegalActionError

    words = text.split()
    legal = match.legal_actions()
    if len(words) == 1 and words[0].isdigit():
        k = int(words[0])
        if not 1 <= k <= len(legal):
            raise IllegalActionError(text, f"there are {len(legal)} legal actions (1–{len(legal)})")
        return legal[k - 1]
    cards = match.state.cards
    out: list[str] = []
    for k, word in enumerate(words):
        card_id, _, number = word.partition("#")
        if k == 0 or not any(c.card_id == card_id for c in cards):
            out.append(word)
            continue
        if number:
            if not (number.isdigit() and int(number) < len(cards) and cards[int(number)].card_id == card_id):
                raise IllegalActionError(text, f"{word}: no such card instance")
            out.append(number)
            continue
        used = {a for action in legal for k, a in enumerate(action.args) if action.is_card(k)}
        found = [c.uid for c in cards if c.card_id == card_id and c.uid in used] or \
            [c.uid for c in cards if c.card_id == card_id]
        if len(found) > 1:
            raise IllegalActionError(text, f"{word} names {len(found)} cards here: write {card_id}#N "
                                     f"(#{', #'.join(map(str, found[:6]))})")
        out.append(str(found[0]))
    return Action.parse(" ".join(out))


