"""The contract every core game implements for the referee, and what the games share.

A core game plays its own turn as host (``begin_turn``, ``main_actions``/``apply_main``, ``attackers``,
``targets``) and answers as defender (``block_options``, life damage through ``take_hits`` /
``take_attack``, life triggers). The match (:mod:`amalogs.referee.engine.match`) runs the shared steps (attack
declaration, blocks, battles, player damage, end of turn) and the bridge rules between the two games.

Battle values are canonical and held as integers in thousandths (``ap``/``dp`` of :class:`CardData`): a
ビルディバイド power of 5000 is BP 5 = 5000, a ギルドヒーローズ 3/4 is AP 3000 / DP 4000. A BP character
counts as BP/BP (``ap == dp``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from amalogs.models.cards import Card
from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.state import CardData, Seat, State

__all__ = ["CoreGame", "HIDDEN_ZONES", "HitResult", "draw_from_deck", "mulligan_actions", "shuffle_and_draw", "standing", "is_character", "move_top", "seat_from"]

HIDDEN_ZONES = frozenset({"deck", "life", "fort-area", "mana-deck"})
"""The zones whose cards neither player may see (only their count), for the games that hide no others."""

HitResult = str
"""What one point of player damage did: 'ok', 'lost', 'burst' (one more), or 'trigger' (a card to decide on)."""


class CoreGame(Protocol):
    """One core game behind the referee."""

    id: str
    damage_system: str  # "SPS" or "DDS"
    hand_limit: int | None
    resource_zone: str  # where the cards that pay costs are
    summoning_sickness: bool  # a character cannot rest itself (attack, pay) the turn it came into play
    # Why the seat loses when an effect makes it draw and ``draw`` says it cannot (no deck, no life cards …);
    # None when its game says such a draw just does nothing (only its draw phase may lose on it, or never).
    draw_out_loss: str | None

    def can_activate(self, state: State, i: int) -> bool:
        """Whether the host may activate abilities now (in its main phase)."""

    def card_data(self, card: Card, uid: int, owner: int) -> CardData: ...

    def new_seat(self, parts: dict[str, list[int]]) -> Seat: ...

    def deal(self, state: State, i: int) -> None:
        """Shuffle and draw the opening hand."""

    def setup_actions(self, state: State, i: int) -> list[Action]:
        """The seat's setup decision (mulligan, forts …); empty when it has decided."""

    def apply_setup(self, state: State, i: int, action: Action) -> None: ...

    def finish_setup(self, state: State, i: int) -> None:
        """After both seats decided: life, resources, anything else the game sets up."""

    def draw(self, state: State, i: int) -> bool:
        """Draw a card (False when the game's rules say the player cannot)."""

    def gain_resource(self, state: State, i: int, rested: bool) -> None:
        """Add one resource the game's way (an effect's gain_resource)."""

    def begin_turn(self, state: State, i: int) -> str | None:
        """Ready cards, draw, add resources; return a loss reason if the player loses doing so."""

    def main_actions(self, state: State, i: int) -> list[Action]:
        """The host's choices before attacking (the last one moves on to attacks)."""

    def apply_main(self, state: State, i: int, action: Action) -> bool:
        """Carry out a main-phase action; True when the host moves on to its attacks."""

    def reactions(self, state: State, i: int) -> list[Action]:
        """Spell-speed-2 plays this seat may make as defender when the host's attacks begin (empty: none)."""

    def apply_reaction(self, state: State, i: int, action: Action) -> None: ...

    def attackers(self, state: State, i: int) -> list[int]:
        """The host's characters that may declare an attack now."""

    def on_attack(self, state: State, i: int, uid: int) -> None:
        """The host's cost of attacking (rest / spend the attacker)."""

    def targets(self, state: State, i: int, attacker: int, defender: int) -> list[int | None]:
        """The host's game decides legal targets (None: the player), honouring the defender's デコイ."""

    def characters(self, state: State, i: int) -> list[int]:
        """The seat's characters on the field."""

    def permanents(self, state: State, i: int) -> list[int]:
        """Every card of the seat on the field whose abilities may be used (characters and the rest)."""

    def block_options(self, state: State, i: int, target: int | None) -> list[int]:
        """The defender's game decides who may block an attack on ``target``."""

    def on_block(self, state: State, i: int, uid: int) -> None: ...

    def take_hit(self, state: State, i: int) -> HitResult:
        """One point of damage to this player's life (one shield, one fort …)."""

    def take_attack(self, state: State, i: int, amount: int) -> HitResult:
        """A direct-damage (DDS) hit of ``amount`` thousandths against this player's life."""

    def trigger(self, state: State, i: int, uid: int, use: bool) -> None:
        """Use (or not) the life trigger of a revealed or broken card."""

    def end_turn(self, state: State, i: int) -> None:
        """The host's end-of-turn cleanup (damage, 'this turn' effects)."""

    # For a game whose procedure the shared steps do not cover (a round-based game, a step the match has no
    # name for): the game sets ``state.phase`` to ``"GAME-ID:STEP"`` for its own steps; the match then asks it
    # for that step's actions and hands it the decision (see ``Match._do_game_step``). Games with no steps
    # of their own return no actions and are never asked to apply one.
    first_step: str  # the step the host's turn starts in after begin_turn ("main" for most games)
    hidden_zones: frozenset[str]  # the seat's zones neither player may see (only their count)

    own_steps: frozenset[str]  # the game's own steps ("GAME-ID:STEP"), as a position file may name them

    # How position files (amalogs.referee.engine.positions) name the seat's zones: by the zone ids of the game's
    # profile. A pair is (zone of the face-down cards, zone of the face-up ones), e.g. a closed and an open
    # territory; zones the referee adds (cards removed from the game) keep the referee's name.
    position_zones: dict[str, str | tuple[str, str]]
    top_last: frozenset[str]  # referee piles held with the top card last (a position lists the top first)
    face_down_zones: frozenset[str]  # referee zones whose cards lie face down unless a position says otherwise
    damage_stat: str | None  # the native stat damage counts against; positions write damage in its printed units

    def step_actions(self, state: State, i: int) -> list[Action]:
        """The actions of one of the game's own steps (``state.phase`` is ``"GAME-ID:STEP"``)."""

    def apply_step(self, state: State, i: int, action: Action) -> str | None:
        """Carry out a decision in one of the game's own steps; return where the match goes on (one of the
        game's steps, or a match step: ``main``, ``attack``, ``block``, ``resolve-attack``, ``damage``,
        ``attack-over``, ``end``, ``next-turn``), or None when the game has set the next decision itself."""

    # Optional hooks, looked up with getattr (a game without them gets the match's default):
    # - ``step_decider(state) -> int``: who decides the game's step the match goes on with (default: the host);
    # - ``after_blocks(state) -> str``: as host, where the match goes after blocks (a step of its own, such as
    #   戦国大戦TCG's 計略 step; default ``resolve-attack``);
    # - ``attack_returns_to: str``: as host, the step after each attack (default ``attack``; 戦国大戦TCG: ``main``);
    # - ``battle_damage(state, attacker, defender, dealt)``: change what each side of a battle deals
    #   (``dealt``: card → thousandths), asked once per game of the two characters at the start of the battle.
    # - ``must_attack(state, i) -> list[int]``: as host, its characters that must attack when they can (ビルディバイド
    #   バーサーク): the attack step cannot end while one of them has a legal attack.


def seat_from(game: str, zones: tuple[str, ...], parts: dict[str, list[int]], placement: dict[str, str]) -> Seat:
    """A new seat: empty zones, with each part of the deck (main, side decks, extra cards) put where it starts."""
    seat = Seat(game, {z: [] for z in zones})
    for part, zone in placement.items():
        seat.zones[zone] = list(parts.get(part, []))
    return seat


def move_top(state: State, i: int, source: str, target: str, event: str, rested: bool = False) -> int | None:
    """Move the top card of one of a seat's piles to another zone (rested if asked); emit ``event``."""
    seat = state.seats[i]
    if not seat.zones[source]:
        return None
    uid = seat.zones[source].pop()
    seat.zones[target].append(uid)
    if rested:
        seat.rested.add(uid)
    state.emit(event, seat=i, card=uid, **{target: len(seat.zones[target])})
    return uid


def is_character(card: CardData) -> bool:
    return card.dp > 0 or card.ap > 0


def standing(seat: Seat, uids: list[int]) -> list[int]:
    return [u for u in uids if u not in seat.rested]


def draw_from_deck(state: State, i: int) -> bool:
    """The top card of the seat's deck into its hand (False when the deck is empty)."""
    seat = state.seats[i]
    if not seat.zones["deck"]:
        return False
    uid = seat.zones["deck"].pop()
    seat.zones["hand"].append(uid)
    state.emit("draw", seat=i, card=uid)
    return True


def shuffle_and_draw(state: State, i: int, cards: int, draw: Callable[[State, int], bool]) -> None:
    """Shuffle the seat's deck and draw an opening hand with the game's own draw."""
    state.rng.shuffle(state.seats[i].zones["deck"])
    for _ in range(cards):
        draw(state, i)


def mulligan_actions(state: State, i: int) -> list[Action]:
    """A one-mulligan game's setup decision: keep or mulligan, until the seat has decided."""
    return [] if state.seats[i].mulligan_decided else [Action("keep"), Action("mulligan")]
