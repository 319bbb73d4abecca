"""A scripted two-seat position for rule tests built card by card (the rulings themselves are position files
under tests/positions/): turn 3, both seats past setup, seat 0 the host deciding in ``phase``."""

from __future__ import annotations

import random

from amalogs.referee import Match
from amalogs.referee.engine.core import CoreGame
from amalogs.referee.engine.state import CardData, State

from .conftest import rules


class TwoSeats:
    def __init__(self, game0: CoreGame, game1: CoreGame, phase: str, has_auras: bool = False) -> None:
        self.cards: list[CardData] = []
        seats = [game.new_seat({}, rules(game)) for game in (game0, game1)]
        self.state = State(seats, self.cards, random.Random(0), first=0, has_auras=has_auras)
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
