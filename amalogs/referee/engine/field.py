"""Leaving the field and the end of a match: a card destroyed (its damage and changes go with it, its
'destroyed' effects go on the stack), a character whose damage reached its defence, the match's outcome."""

from __future__ import annotations

from typing import Any

from amalogs.referee.engine.registry import opponents
from amalogs.referee.engine.stack import push_effects
from amalogs.referee.engine.state import State
from amalogs.referee.engine.values import dp

__all__ = ["LOYALTY", "finish", "lose", "destroy", "destroy_if_dead", "on_field"]

LOYALTY = "loyalty"
"""A card's counter (``Seat.card_counters``) of loyalty: a planeswalker's, from ``CardData.loyalty`` as it entered;
kept once an ability changes it, gone when the card leaves the field."""


def finish(s: State, winner: int | None, reason: str) -> None:
    """End the match (once)."""
    if s.finished:
        return
    s.winner, s.reason, s.finished = winner, reason, True
    s.phase, s.decider = "over", None
    s.stack.clear()
    s.emit("end", winner=winner, reason=reason)


def lose(s: State, seat: int, reason: str) -> None:
    """Seat ``seat`` meets a losing condition of its game: the other side wins (named by its first seat)."""
    if not s.finished:
        s.loser = seat  # which seat lost, when a side has more than one
    finish(s, opponents(s, seat)[0], reason)


def on_field(s: State, uid: int) -> bool:
    owner = s.cards[uid].owner
    return s.games[owner].has_character(s, owner, uid)  # type: ignore[no-any-return]


def destroy(s: State, uid: int, to: str = "drop") -> None:
    """A card leaves the field: to its owner's discard pile (or hand); its damage and changes go with it."""
    owner = s.cards[uid].owner
    seat = s.seats[owner]
    counting = to != "hand" and any(game.counts_knock_outs for game in s.games)
    knocked_out = counting and s.games[owner].has_character(s, owner, uid)  # a character knocked out (prizes)
    for cards in seat.zones.values():
        if uid in cards:
            cards.remove(uid)
    discard_pile = "drop" if "drop" in seat.zones else "discard"
    pile = to if to in seat.zones else discard_pile
    seat.zones[pile].append(uid)
    seat.rested.discard(uid)
    for table in (seat.damage, seat.mods, seat.lasting, seat.granted, seat.entered):
        table.pop(uid, None)
    counts = seat.card_counters.get(uid)
    if counts and LOYALTY in counts:  # (it enters again with its printed loyalty)
        del counts[LOYALTY]
        if not counts:
            del seat.card_counters[uid]
    if seat.until_next:
        seat.forget(uid)
    seat.attached.pop(uid, None)
    if seat.attached:
        kept = s.games[owner].keeps_equipment  # (equipment that stays on the field, attached to nothing)
        for e in [e for e, c in seat.attached.items() if c == uid]:
            if s.cards[e].type in kept:
                del seat.attached[e]
            else:
                _leave_with(seat, e, discard_pile)
    for gone in seat.under.pop(uid, []):
        _leave_with(seat, gone, discard_pile)
    if s.log_events:
        s.emit("destroyed" if pile != "hand" else "returned", seat=owner, card=uid, name=s.cards[uid].name)
    push_effects(s, owner, uid, "leave")  # (wherever it went; resolves after its "destroyed" effects)
    if pile != "hand":
        push_effects(s, owner, uid, "destroyed")
    if knocked_out:  # the other seats first (a prize taken), then the owner's (a knock-out counted)
        for k in sorted(range(len(s.games)), key=lambda k: k == owner):
            if s.games[k].counts_knock_outs and not s.finished:
                s.games[k].knocked_out(s, k, uid)


def _leave_with(seat: Any, uid: int, pile: str) -> None:
    """Equipment and the cards under an evolved character leave the field with it."""
    for cards in seat.zones.values():
        if uid in cards:
            cards.remove(uid)
    seat.attached.pop(uid, None)
    seat.zones[pile].append(uid)


def destroy_if_dead(s: State, uid: int) -> None:
    """Destroy a character whose damage this turn has reached its defence; otherwise report its damage."""
    if not on_field(s, uid):
        return
    seat = s.seats[s.cards[uid].owner]
    if seat.damage.get(uid, 0) >= dp(s, uid):
        destroy(s, uid)
    elif seat.damage.get(uid, 0) and s.log_events:
        s.emit("damaged", seat=s.cards[uid].owner, card=uid, damage=seat.damage[uid])
