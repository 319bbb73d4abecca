"""Determinization: a copy of a match in which everything one seat cannot see is dealt again at random.

A search player may look ahead only through what its seat knows. :func:`determinize` copies the match and
re-deals its hidden cards — the other seats' hands and face-down cards, every seat's deck, life cards, forts,
castle walls, any zone the seat's observation shows only as a count — consistently with what is public: each
hidden card stays with its owner and trades places only with hidden cards of the same part of the deck (the
main deck; a 特殊マナ deck, a D deck or a territory stay apart), so every zone keeps its number of cards and
every face-down card stays face down. Whatever a card's place carries (rested, damage, the turn it came in)
stays with the place. The match's own random generator is seeded anew from the caller's, so the shuffles and
draws still to come are not the real ones either, and choices another seat made but keeps hidden
(``State.secret``) are forgotten (the rules ask for them again).

The result depends only on the seat's observation and the given generator (hidden pools are sorted before
they are shuffled), so two matches that look the same to the seat give the same samples: a search over them
cannot tell which one it is in. A card whose id the observation names (rested, damaged, attacking, on the
stack) stays where it is, so the observation of the copy is the observation of the match.
"""

from __future__ import annotations

import random
from typing import Any

from amalogs.referee.engine.effects import search_looked
from amalogs.referee.engine.match import Match
from amalogs.referee.engine.state import Seat, State

__all__ = ["SEPARATE_ZONES", "InformationSet", "determinize", "hidden_places"]

SEPARATE_ZONES = frozenset({"mana-deck", "d-deck", "territory"})
"""Zones that hold a part of the deck of their own (ギルドヒーローズ' 特殊マナ deck, ビルディバイド's D deck and
territory): their hidden cards trade places only among themselves, never with the main deck's."""

Place = tuple[int, str, int]  # (seat, zone, index in the zone)


def determinize(match: Match, seat: int, rng: random.Random) -> Match:
    """A copy of ``match`` with every card ``seat`` cannot see dealt again from ``rng`` (see the module
    docstring); the copy logs no events."""
    twin = match.clone()
    s = twin.state
    s.log_events, s.events = False, []
    s.rng.seed(rng.getrandbits(64))
    s.secret.clear()  # a choice kept hidden is made again in the copy
    renamed: dict[int, int] = {}
    for places in hidden_places(s, seat).values():
        pool = sorted(s.seats[i].zones[zone][k] for i, zone, k in places)
        rng.shuffle(pool)
        for (i, zone, k), new in zip(places, pool, strict=True):
            old = s.seats[i].zones[zone][k]
            if old != new:
                renamed[old] = new
                s.seats[i].zones[zone][k] = new
    if renamed:  # auras stay as they were: they come from face-up cards and go to characters on the field
        for each in s.seats:
            _rename(each, renamed)
    return twin


def hidden_places(s: State, seat: int) -> dict[tuple[int, str], list[Place]]:
    """The places whose card ``seat`` cannot see, grouped by what may trade places: (owner, part) → places."""
    known = _named(s, seat)
    groups: dict[tuple[int, str], list[Place]] = {}
    for i, each in enumerate(s.seats):
        hidden = s.games[i].hidden_zones
        private = s.games[i].private_zones if i != seat else frozenset()
        for zone, cards in each.zones.items():
            whole = zone in hidden or (zone == "hand" and i != seat) or zone in private
            down = each.face_down if i != seat else ()
            part = zone if zone in SEPARATE_ZONES or zone in private else "main"  # a private side deck trades within itself
            for k, uid in enumerate(cards):
                if (whole or uid in down) and uid not in known:
                    groups.setdefault((i, part), []).append((i, zone, k))
    return groups


def _named(s: State, seat: int) -> set[int]:
    """Cards the seat's observation names by id wherever they are (rested, damaged, in the attack, on the stack,
    a card a seat's counter holds, the cards a search shows it), or that the rules in progress point at: these
    keep their place."""
    named: set[int] = set()
    for i, each in enumerate(s.seats):
        named |= each.rested
        named.update(each.damage)
        named.update(each.counters[ref] for ref in s.games[i].card_refs if ref in each.counters)
    if s.attack is not None:
        named.update(u for u in (s.attack.attacker, s.attack.target, s.attack.blocker) if u is not None)
    named.update(p.source for p in s.stack)
    named.update(u for u in (s.trigger_card, s.cost_discard[0] if s.cost_discard else None) if u is not None)
    if s.scout is not None:
        for part in s.scout:
            named.update(part)
    if s.phase == "search-pick" and s.decider == seat:
        named.update(search_looked(s, s.stack[-1]))  # the searching seat looks at these
    return named


def _rename(seat: Seat, renamed: dict[int, int]) -> None:
    """Every per-card record of the seat follows its card's place: card ``old`` is now card ``new``."""
    get = renamed.get
    seat.rested = {get(u, u) for u in seat.rested}
    seat.face_down = {get(u, u) for u in seat.face_down}
    for name in ("damage", "mods", "lasting", "granted", "aura", "aura_granted", "entered", "card_counters"):
        table: dict[int, Any] = getattr(seat, name)
        if table:
            setattr(seat, name, {get(u, u): v for u, v in table.items()})
    if seat.attached:
        seat.attached = {get(e, e): get(c, c) for e, c in seat.attached.items()}
    if seat.under:
        seat.under = {get(u, u): [get(b, b) for b in below] for u, below in seat.under.items()}
    if seat.used:
        seat.used = {(get(u, u), k) for u, k in seat.used}
    if seat.until_next:
        seat.until_next = {(get(u, u), by): v for (u, by), v in seat.until_next.items()}


class InformationSet:
    """What one seat may know at its decision: its observation, and samples of the match consistent with it.

    The session hands this (not the match) to a player that searches (``reads_match``): the player reads the
    observation and plays out :meth:`sample` copies, never the match itself."""

    __slots__ = ("_match", "seat")

    def __init__(self, match: Match, seat: int) -> None:
        self._match = match
        self.seat = seat

    def observation(self) -> dict[str, Any]:
        return self._match.observation(self.seat)

    def sample(self, rng: random.Random) -> Match:
        """A determinized copy of the match (:func:`determinize`), drawn from ``rng``."""
        return determinize(self._match, self.seat, rng)
