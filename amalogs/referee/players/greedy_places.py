"""The greedy player's choices for a field with places (:mod:`amalogs.referee.games.profile_places`): rides,
calls to a place, boosts and guards. They read the observation as it is (the card data of visible cards, each
seat's ``at``: card → place, the attack's ``power`` and ``shield``), so the greedy player's own view stays as
it was for the games without places."""

from __future__ import annotations

from typing import Any

from amalogs.referee.engine.actions import Action

__all__ = ["choose_call", "choose_guard", "choose_ride", "choose_support"]

GUARD_FROM_DAMAGE = 3
"""The greedy player guards an attack on its leader once it has taken this much damage (or the hit would lose)."""


def _card(obs: dict[str, Any], uid: int) -> dict[str, Any]:
    cards = obs.get("cards", {})
    return cards.get(uid) or cards.get(str(uid)) or {}


def choose_ride(obs: dict[str, Any], legal: list[Action]) -> Action | None:
    """Ride the highest level it can (the strongest of that level)."""
    rides = [a for a in legal if a.verb == "ride"]
    if not rides:
        return None
    return max(rides, key=lambda a: (_card(obs, int(a.args[0])).get("level", 0), _card(obs, int(a.args[0])).get("ap", 0),
                                     -int(a.args[0])))


def choose_call(obs: dict[str, Any], legal: list[Action]) -> Action | None:
    """Call the strongest card that has an open place (the engine lists each card's best place first); never
    onto a place that holds a card."""
    me = int(obs.get("you", 0))
    seat = obs["seats"][me] if me < len(obs.get("seats", [])) else {}
    taken = set(seat.get("at", {}).values())
    calls = [a for a in legal if a.verb == "play" and len(a.args) > 1 and a.args[1] not in taken]
    if not calls:
        return None
    best = max(calls, key=lambda a: (_card(obs, int(a.args[0])).get("ap", 0), -int(a.args[0])))
    return next(a for a in calls if a.args[0] == best.args[0])


def choose_support(obs: dict[str, Any], legal: list[Action]) -> Action | None:
    """Always boost (the booster has nothing else to do this battle)."""
    return next((a for a in legal if a.verb == "boost"), None)


def choose_guard(obs: dict[str, Any], legal: list[Action]) -> Action | None:
    """Guard an attack on the player that would hit once it has taken GUARD_FROM_DAMAGE damage: the smallest guard
    that stops it alone, else the largest while the guards in hand can still stop it; never a rear-guard."""
    attack = obs.get("attack") or {}
    me = int(obs.get("you", 0))
    if attack.get("target") is not None:
        return None
    seat = obs["seats"][me]
    leader = next((int(u) for u, place in seat.get("at", {}).items() if place == seat.get("leader_place")), None)
    if leader is None:
        return None
    power = _card(obs, int(attack.get("attacker", -1))).get("ap", 0) + int(attack.get("power", 0))
    needed = power - _card(obs, leader).get("dp", 0) - int(attack.get("shield", 0))
    if needed < 0:
        return None
    damage = seat.get("life_taken", 0)
    if damage < GUARD_FROM_DAMAGE and damage + 1 < int(seat.get("life_limit", 6)):
        return None
    guards = sorted(((int(_card(obs, int(a.args[0])).get("shield", 0)), int(a.args[0]), a)
                     for a in legal if a.verb == "guard"), key=lambda t: (t[0], t[1]))
    if sum(g[0] for g in guards) <= needed:
        return None  # cannot stop it: keep the hand
    enough = [g for g in guards if g[0] > needed]
    return enough[0][2] if enough else guards[-1][2]
