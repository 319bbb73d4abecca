"""Activated abilities: what the host may activate in its main phase, paying the structured cost.

An ability starts at an activated effect with a ``pay`` table; the activated effects right after it that
print no cost of their own belong to the same ability. The action is ``activate X K``: card X, the ability
starting at its effect K. Paying: rest the card itself, rest resources (by colour, or any), destroy cards
from the top of the deck, discard cards (the player picks them in the ``cost-discard`` step), discard
the card itself from hand, remove it from the game from the discard pile, or add or remove its own loyalty
counters (a planeswalker: one loyalty ability of a card a turn, in its player's main phase). Once-per-turn
abilities are tracked per card.
"""

from __future__ import annotations

from typing import Any

from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.core import POINTS, CoreGame
from amalogs.referee.engine.costs import extra_payable, extra_costs, pay_extra
from amalogs.referee.engine.effects import discard_from_hand
from amalogs.referee.engine.field import LOYALTY, destroy
from amalogs.referee.engine.stack import push_ability
from amalogs.referee.engine.state import Seat, State
from amalogs.referee.engine.values import works

__all__ = ["activations", "activate", "cost_discard_actions", "pay_discard"]



def _ability_cards(state: State, i: int) -> frozenset[int]:
    """Seat i's cards with an activated ability (worked out again only when cards are added to the match)."""
    known = state.ability_cards
    if known is None or known[0] != len(state.cards):
        per_seat = tuple(frozenset(c.uid for c in state.cards if c.owner == j and c.abilities) for j in range(len(state.seats)))
        known = state.ability_cards = (len(state.cards), per_seat)
    return known[1][i]


def resources_to_rest(state: State, module: CoreGame, i: int, table: dict[str, int]) -> list[int] | None:
    """Standing resources that pay a table of canonical colour slots ('any' takes any colour; a face-down
    resource pays only 'any'), or None."""
    return _resources(state, module, i, tuple(sorted(table.items(), key=lambda kv: kv[0] == "any")))


def _resources(state: State, module: CoreGame, i: int, items: tuple[tuple[str, int], ...],
               free: list[int] | None = None) -> list[int] | None:
    """:func:`resources_to_rest` for a table's items in paying order ('any' last); ``free``: the standing
    resources, when the caller has worked them out already."""
    seat = state.seats[i]
    if free is None:
        rested = seat.rested
        free = [u for u in seat.zones[module.resource_zone] if u not in rested]
    chosen: list[int] = []
    cards, face_down = state.cards, seat.face_down
    for colour, amount in items:
        pool = [u for u in free if u not in chosen
                and (colour == "any" or (colour in cards[u].slots and u not in face_down))]
        if len(pool) < amount:
            return None
        chosen += pool[:amount]
    return chosen


def _payable(state: State, module: CoreGame, i: int, uid: int, k: int, free: list[int] | None = None) -> bool:
    seat: Seat = state.seats[i]
    card = state.cards[uid]
    pay = card.effects[k].pay
    if pay.once_per_turn and (uid, k) in seat.used:
        return False
    if pay.loyalty and not _loyal(state, seat, i, uid, pay.loyalty):
        return False
    if card.conditions and not works(state, i, card, card.effects[k]):
        return False  # e.g. a 覚醒 ability while the territory is closed
    if pay.rest_self and (uid in seat.rested or (state.rules[i].summoning_sickness and seat.entered.get(uid) == state.turn)):
        return False
    if len(seat.zones["deck"]) < pay.deck_top or len(seat.zones["hand"]) - (uid in seat.zones["hand"]) < pay.discard:
        return False
    if extra_costs(pay) and not extra_payable(state, module, i, pay):
        return False
    items = _items(pay.resources)
    if items and module.pays_points:  # points, not cards (resources.counter): any colour slot is a point
        return sum(n for _, n in items) <= seat.counters.get(POINTS, 0)
    return not items or _resources(state, module, i, items, free) is not None


LOYAL = -3
"""In ``Seat.used``, (card, LOYAL): the card has used a loyalty ability this turn."""


def loyalty_of(seat: Seat, uid: int, start: int) -> int:
    """A card's loyalty counters: its own count once an ability changed it, else what it entered with (the
    count goes when the card leaves the field, :func:`amalogs.referee.engine.field.destroy`)."""
    counts = seat.card_counters.get(uid)
    return counts.get(LOYALTY, start) if counts else start


def _loyal(state: State, seat: Seat, i: int, uid: int, change: int) -> bool:
    """Whether a loyalty cost can be paid now: one loyalty ability of a card a turn, in its player's main phase,
    and a removal only of counters it has."""
    if state.phase != "main" or state.active != i or (uid, LOYAL) in seat.used:
        return False
    return change > 0 or loyalty_of(seat, uid, state.cards[uid].loyalty) >= -change


def _pay_loyalty(state: State, seat: Seat, i: int, uid: int, change: int) -> None:
    """Add or remove the counters; a card left with none goes to the discard pile (its ability still resolves)."""
    now = loyalty_of(seat, uid, state.cards[uid].loyalty) + change
    seat.card_counters.setdefault(uid, {})[LOYALTY] = now
    seat.used.add((uid, LOYAL))
    state.emit("loyalty", seat=i, card=uid, change=change, loyalty=now)
    if now <= 0:
        destroy(state, uid)


def _table(resources: dict[Any, int]) -> dict[str, int]:
    return {str(getattr(k, "value", k)): n for k, n in resources.items()}


def _items(resources: dict[Any, int]) -> tuple[tuple[str, int], ...]:
    """A payment's resources by colour slot name, in paying order ('any' last): worked out once per payment
    (payments are frozen)."""
    hit = _ITEMS.get(id(resources))
    if hit is None:
        if len(_ITEMS) > 4096:
            _ITEMS.clear()
        items = tuple(sorted(_table(resources).items(), key=lambda kv: kv[0] == "any"))
        hit = _ITEMS[id(resources)] = (resources, items)  # (the entry keeps the table, so its id stays its own)
    return hit[1]


_ITEMS: dict[int, tuple[dict[Any, int], tuple[tuple[str, int], ...]]] = {}
_new = tuple.__new__  # an Action made without the named tuple's argument handling (the hot path makes many)


def _by_zone(mine: frozenset[int], cards: tuple[Any, ...]) -> tuple[tuple[str, frozenset[int]], ...]:
    """A seat's cards with an activated ability, by the zone an ability of theirs is used from (field, hand,
    discard; a zone no ability is used from left out), worked out once per set of cards: a set is made from one
    match's cards, and its entry keeps it, so its id stays its own."""
    hit = _BY_ZONE.get(id(mine))
    if hit is None:
        if len(_BY_ZONE) > 1024:
            _BY_ZONE.clear()
        split = ((zone, frozenset(u for u in mine if any(cards[u].effects[k].pay.zone == zone
                                                          for k in cards[u].abilities)))
                 for zone in ("field", "hand", "discard"))
        hit = _BY_ZONE[id(mine)] = (mine, tuple((zone, wanted) for zone, wanted in split if wanted))
    return hit[1]


_BY_ZONE: dict[int, tuple[frozenset[int], tuple[tuple[str, frozenset[int]], ...]]] = {}


def activations(state: State, module: CoreGame, i: int) -> list[Action]:
    """Every ability the host can pay for now."""
    known = state.ability_cards
    mine = known[1][i] if known is not None and known[0] == len(state.cards) else _ability_cards(state, i)
    if not mine:
        return []
    seat = state.seats[i]
    zones = seat.zones
    out = []
    free: list[int] | None = None  # the standing resources, worked out when an ability needs them
    cards = state.cards
    for zone, wanted in _by_zone(mine, cards):  # the cards with an ability used from each zone (where there are)
        if zone == "field":
            among = module.permanents_among(state, i, wanted)
        else:
            among = zones["hand"] if zone == "hand" else zones.get("drop", zones.get("discard", []))
        found = wanted.intersection(among)
        if not found:
            continue
        for uid in sorted(found, key=among.index) if len(found) > 1 else found:  # in the zone's order
            effects = cards[uid].effects
            for k in cards[uid].abilities:
                if effects[k].pay.zone == zone:
                    if free is None:
                        rested = seat.rested
                        free = [u for u in zones[module.resource_zone] if u not in rested]
                    if _payable(state, module, i, uid, k, free):
                        out.append(_new(Action, ("activate", (uid, k))))
    return out


def activate(state: State, module: CoreGame, i: int, uid: int, k: int) -> None:
    """Pay the ability's cost, then put its effects on the stack."""
    seat = state.seats[i]
    pay = state.cards[uid].effects[k].pay
    pile = "drop" if "drop" in seat.zones else "discard"
    if module.pays_points:
        seat.counters[POINTS] = seat.counters.get(POINTS, 0) - sum(n for _, n in _items(pay.resources))
    else:
        seat.rested.update(_resources(state, module, i, _items(pay.resources)) or [])
    if pay.rest_self:
        seat.rested.add(uid)
    if extra_costs(pay):
        pay_extra(state, module, i, pay)
    for _ in range(pay.deck_top):
        seat.zones[pile].append(seat.zones["deck"].pop())
    others = [u for u in seat.zones["hand"] if u != uid]
    if pay.discard >= len(others):  # every other card goes: nothing to choose
        for gone in others[:pay.discard]:
            discard_from_hand(state, i, gone)
    elif pay.discard:  # the player picks them (the cost-discard step) before the ability resolves
        state.cost_discard = (uid, pay.discard)
    if pay.discard_self:
        seat.zones["hand"].remove(uid)
        seat.zones[pile].append(uid)
    if pay.exile_self:
        seat.zones[pile].remove(uid)
        seat.zones["removed"].append(uid)
    if pay.once_per_turn:
        seat.used.add((uid, k))
    state.emit("activate", seat=i, card=uid, ability=k, name=state.cards[uid].name)
    push_ability(state, i, uid, k)
    if pay.loyalty:
        _pay_loyalty(state, seat, i, uid, pay.loyalty)
    if state.cost_discard is not None:
        state.phase, state.decider = "cost-discard", i


def cost_discard_actions(state: State, i: int) -> list[Action]:
    """The cards the player may discard for an ability's cost (any in hand but the ability's own card)."""
    assert state.cost_discard is not None
    own = state.cost_discard[0]
    return [Action("discard", (u,)) for u in state.seats[i].zones["hand"] if u != own]


def pay_discard(state: State, i: int, uid: int) -> bool:
    """Discard one card for the cost; True when the cost is paid in full."""
    assert state.cost_discard is not None
    discard_from_hand(state, i, uid)
    own, left = state.cost_discard
    state.cost_discard = (own, left - 1) if left > 1 else None
    return state.cost_discard is None
