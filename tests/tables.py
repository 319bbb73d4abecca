"""A scripted two-seat position for rule tests built card by card (the rulings themselves are position files
under tests/positions/): turn 3, both seats past setup, seat 0 the host deciding in ``phase``."""

from __future__ import annotations

import random

from amalogs.referee import Match
from amalogs.referee.engine.core import CoreGame
from amalogs.referee.engine.state import CardData, Seat, State

from .conftest import rules


class Cards(list[CardData]):
    """A scripted table's cards, added as a test goes. A match's cards are a tuple (the compiled referee holds them as
    one, and what it works out once per card set is kept by the tuple): each state made by :func:`table_state` is
    given this list again, as a new tuple, whenever a card is added or replaced."""

    def __init__(self) -> None:
        super().__init__()
        self.states: list[State] = []

    def _changed(self) -> None:
        for state in self.states:
            state.cards = tuple(self)

    def append(self, card: CardData) -> None:
        super().append(card)
        self._changed()

    def extend(self, cards: object) -> None:
        super().extend(cards)  # type: ignore[arg-type]
        self._changed()

    def __setitem__(self, index: object, card: object) -> None:
        super().__setitem__(index, card)  # type: ignore[index, assignment]
        self._changed()


def table_state(seats: list[Seat], cards: Cards, rng: random.Random, **options: object) -> State:
    """A state over a scripted table's cards (kept up to date as cards are added: :class:`Cards`)."""
    state = State(seats, tuple(cards), rng, **options)  # type: ignore[arg-type]
    cards.states.append(state)
    return state


class TwoSeats:
    def __init__(self, game0: CoreGame, game1: CoreGame, phase: str, has_auras: bool = False) -> None:
        self.cards = Cards()
        seats = [game.new_seat({}, rules(game)) for game in (game0, game1)]
        self.state = table_state(seats, self.cards, random.Random(0), first=0, has_auras=has_auras)
        self.state.turn, self.state.active, self.state.decider, self.state.phase = 3, 0, 0, phase
        for seat in seats:
            seat.turns, seat.mulligan_decided = 2, True
        self.match = Match(self.state)

    def play(self, *actions: str) -> None:
        for a in actions:
            self.match.apply_action(a)

    def legal(self) -> set[str]:
        return {a.text() for a in self.match.legal_actions()}

    def zone(self, uid: int) -> str | None:
        return self.state.seats[self.cards[uid].owner].zone_of(uid)
