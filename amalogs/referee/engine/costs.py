"""Costs beyond resources, for activated abilities and for triggered effects that print a cost (``pay``):
counter blast (face-up cards of the payer's damage zone turn face down), soul blast (cards of its soul, the
cards under its leader, go to the discard pile), life (points of its HP; paying the last loses) and returning
resource cards to its resource deck (DON!!−N). A cost that cannot be paid is not offered (an ability) or makes its
effect fizzle (a triggered effect)."""

from __future__ import annotations

from typing import Any

from amalogs.referee.engine.core import CoreGame
from amalogs.referee.engine.field import lose
from amalogs.referee.engine.state import State

__all__ = ["extra_costs", "extra_payable", "pay_extra"]


def extra_costs(pay: Any) -> bool:
    """Whether a payment has a cost of this module's (checked and paid by the two functions below)."""
    return bool(pay.counter_blast or pay.soul_blast or pay.life or pay.return_resources)


def extra_payable(state: State, module: CoreGame, i: int, pay: Any) -> bool:
    """Whether the seat can pay a cost's counter blast (face-up cards of its damage zone), soul blast (cards of
    its soul), life (its HP) and resource cards to return (its resource zone's, with a resource deck to take them)."""
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
    if pay.life and ("hp" not in seat.counters or seat.counters["hp"] < pay.life):
        return False
    if pay.return_resources:
        if module.resource_deck is None or len(seat.zones.get(module.resource_zone, ())) < pay.return_resources:
            return False
    return True


def pay_extra(state: State, module: CoreGame, i: int, pay: Any) -> None:
    """Counter blast: that many face-up damage cards (the oldest first) turn face down; soul blast: that many soul
    cards (the oldest first) go to the discard pile; life: that many HP (the last one loses); returning: that many
    resource cards (standing ones first) to the bottom of the resource deck."""
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
    if pay.life and "hp" in seat.counters:
        seat.counters["hp"] -= pay.life
        state.emit("life-paid", seat=i, life=pay.life, hp=seat.counters["hp"])
        if seat.counters["hp"] <= 0:
            lose(state, i, "paid its last life")
    deck = module.resource_deck
    if pay.return_resources and deck is not None:
        zone = seat.zones[module.resource_zone]
        rested = seat.rested
        chosen = sorted(zone, key=lambda u: u in rested)[:pay.return_resources]  # standing ones first
        for u in chosen:
            zone.remove(u)
            rested.discard(u)
            seat.zones[deck].insert(0, u)  # the bottom (piles keep the top card last)
        state.emit("resources-returned", seat=i, cards=len(chosen), deck=len(seat.zones[deck]))
