"""Costs beyond resources, for activated abilities and for triggered effects that print a cost (``pay``):
counter blast (face-up cards of the payer's damage zone turn face down) and soul blast (cards of its soul, the
cards under its leader, go to the discard pile). A cost that cannot be paid is not offered (an ability) or makes
its effect fizzle (a triggered effect)."""

from __future__ import annotations

from typing import Any

from amalogs.referee.engine.core import CoreGame
from amalogs.referee.engine.state import State

__all__ = ["blasts_payable", "pay_blasts"]


def blasts_payable(state: State, module: CoreGame, i: int, pay: Any) -> bool:
    """Whether the seat can pay a cost's counter blast (face-up cards of its damage zone) and soul blast (cards
    of its soul)."""
    seat = state.seats[i]
    if pay.counter_blast:
        zone = module.counter_blast_zone
        rested = seat.rested
        if zone is None or sum(1 for u in seat.zones[zone] if u not in rested) < pay.counter_blast:
            return False
    if pay.soul_blast:
        zone = module.soul_zone
        if zone is None or len(seat.zones[zone]) < pay.soul_blast:
            return False
    return True


def pay_blasts(state: State, module: CoreGame, i: int, pay: Any) -> None:
    """Counter blast: that many face-up damage cards (the oldest first) turn face down; soul blast: that many soul
    cards (the oldest first) go to the discard pile."""
    seat = state.seats[i]
    if pay.counter_blast and module.counter_blast_zone is not None:
        up = [u for u in seat.zones[module.counter_blast_zone] if u not in seat.rested][:pay.counter_blast]
        seat.rested.update(up)
        state.emit("counter-blast", seat=i, cards=len(up))
    if pay.soul_blast and module.soul_zone is not None:
        soul = seat.zones[module.soul_zone]
        gone, soul[:] = soul[:pay.soul_blast], soul[pay.soul_blast:]
        seat.zones["drop" if "drop" in seat.zones else "discard"].extend(gone)
        state.emit("soul-blast", seat=i, cards=len(gone))
