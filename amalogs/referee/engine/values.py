"""The current values of characters on the field: canonical attack, defence and SP after this turn's changes,
lasting changes and auras; keywords they have; what a card filter matches; conditions on effects.

Values are canonical thousandths, so an effect written for one game reads the same in any game. Auras (static
effects of cards on the field over other characters) are worked out on demand: every decision marks them
stale, and the first value read after it works them out again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from amalogs.referee.engine.registry import characters_of, opponents
from amalogs.referee.engine.state import CardData, State

__all__ = ["CONDITIONS", "works", "ap", "dp", "sp", "has", "refresh_auras", "side_seats", "matches"]

STAT_INDEX = {"AP": (0,), "DP": (1,), "BP": (0, 1), "SP": (2,)}


CONDITIONS: dict[str, Callable[[State, int], bool]] = {
    # ビルディバイド's 覚醒: an open territory (an assault territory opened is on the field as a unit)
    "territory-open": lambda s, i: bool(s.seats[i].zones.get("territory-open")) or any(
        s.cards[u].type == "territory" for u in s.seats[i].zones.get("field", ())),
}
"""What a card's conditional effect (``CardData.conditions``) needs of its controller's side to work."""


def works(s: State, controller: int, card: CardData, e: Any) -> bool:
    """Whether an effect works now: always, unless the card gives it a condition its controller does not meet."""
    condition = card.conditions.get(id(e)) if card.conditions else None
    return condition is None or CONDITIONS[condition](s, controller)


def _mod(s: State, uid: int, index: int) -> int:
    if s.auras_stale:
        refresh_auras(s)
    seat = s.seats[s.cards[uid].owner]
    zero = (0, 0, 0)
    return seat.mods.get(uid, zero)[index] + seat.lasting.get(uid, zero)[index] + seat.aura.get(uid, zero)[index]


def ap(s: State, uid: int) -> int:
    return max(0, s.cards[uid].ap + _mod(s, uid, 0))


def dp(s: State, uid: int) -> int:
    return s.cards[uid].dp + _mod(s, uid, 1)


def sp(s: State, uid: int) -> int:
    return max(0, s.cards[uid].sp + _mod(s, uid, 2) // 1000)


def has(s: State, uid: int, unified: str) -> bool:
    if s.auras_stale:
        refresh_auras(s)
    seat = s.seats[s.cards[uid].owner]
    return (unified in s.cards[uid].unified or unified in seat.granted.get(uid, frozenset())
            or unified in seat.aura_granted.get(uid, frozenset()))


def refresh_auras(s: State) -> None:
    """Work out what the static effects of the cards on the field give other cards right now: one with
    ``count = 0`` applies to every character it matches. (A static effect on the card itself is part of the
    card's values from the start; equipment's changes are applied when it is attached.)

    Worked out on demand: every decision marks them stale, and the first value read after it (or a battle)
    works them out again."""
    s.auras_stale = False
    if not s.has_auras:
        return
    for seat in s.seats:
        if seat.aura:
            seat.aura.clear()
        if seat.aura_granted:
            seat.aura_granted.clear()
    for i in range(len(s.seats)):
        for src in s.games[i].permanents(s, i):
            for e in s.cards[src].auras or ():
                targets = [u for j in side_seats(s, i, e.target.side) for u in characters_of(s, j)
                           if matches(s, u, e.target)]
                for uid in targets:
                    _aura(s, uid, e)


def _aura(s: State, uid: int, e: Any) -> None:
    seat = s.seats[s.cards[uid].owner]
    if e.do == "grant_keyword":
        seat.aura_granted[uid] = seat.aura_granted.get(uid, frozenset()) | {e.keyword.value}
        return
    values = list(seat.aura.get(uid, (0, 0, 0)))
    for index in STAT_INDEX[e.stat.value]:
        values[index] += int(e.amount * 1000)
    seat.aura[uid] = (values[0], values[1], values[2])


def side_seats(s: State, controller: int, side: str) -> list[int]:
    if side == "self":
        return [controller]
    return opponents(s, controller) if side == "opponent" else list(range(len(s.seats)))


def matches(s: State, uid: int, f: Any) -> bool:
    seat = s.seats[s.cards[uid].owner]
    card = s.cards[uid]
    checks = [
        f.state is None or (f.state == "rested") == (uid in seat.rested),
        f.trait is None or f.trait in card.traits,
        f.keyword is None or has(s, uid, f.keyword.value),
        f.max_cost is None or card.cost <= f.max_cost,
        f.min_cost is None or card.cost >= f.min_cost,
        f.max_bp is None or min(ap(s, uid), dp(s, uid)) <= f.max_bp * 1000,
        f.min_bp is None or max(ap(s, uid), dp(s, uid)) >= f.min_bp * 1000,
    ]
    return all(checks)
