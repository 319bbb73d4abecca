"""The greedy player's choices for energy attached from the hand and retreat
(:mod:`amalogs.referee.games.profile_energy`). They read the observation as it is — the card data of visible
cards and the seat's ``attached`` (character → its attached cards), ``armed`` (the characters whose attached
cards pay their attack) and ``counters.leader`` —, so the greedy player's own view stays as it was for the
games without them."""

from __future__ import annotations

from typing import Any

from amalogs.referee.engine.actions import Action

__all__ = ["choose_attach_energy", "choose_retreat"]


def _card(obs: dict[str, Any], uid: int) -> dict[str, Any]:
    cards = obs.get("cards", {})
    return cards.get(uid) or cards.get(str(uid)) or {}


def _seat(obs: dict[str, Any]) -> dict[str, Any]:
    me, seats = int(obs.get("you", 0)), obs.get("seats", [])
    return seats[me] if me < len(seats) else {}


def _value(card: dict[str, Any]) -> int:
    return max(int(card.get("ap", 0)), int(card.get("dp", 0)))


def choose_attach_energy(obs: dict[str, Any], options: list[Action]) -> Action:
    """An energy from the hand (``attach E C``) onto a character its attack still waits for — the leader first —,
    of that character's colour where none of its colour is attached yet; else onto the leader, the strongest."""
    seat = _seat(obs)
    armed = {int(u) for u in seat.get("armed", ())}
    leader = (seat.get("counters") or {}).get("leader")
    attached = seat.get("attached") or {}

    def score(a: Action) -> tuple[bool, bool, bool, int, int, int]:
        e, c = int(a.args[0]), int(a.args[1])
        colours = set(_card(obs, c).get("colours", ()))
        on_it = attached.get(c, attached.get(str(c))) or ()
        has_colour = any(colours & set(_card(obs, int(k)).get("colours", ())) for k in on_it)
        matches = bool(colours & set(_card(obs, e).get("colours", ()))) and not has_colour
        return (c not in armed, c == leader, matches, _value(_card(obs, c)), -c, -e)

    return max(options, key=score)


def choose_retreat(obs: dict[str, Any], legal: list[Action]) -> Action | None:
    """Retreat a leader that cannot pay its attack for a character that can (the strongest)."""
    options = [a for a in legal if a.verb == "retreat"]
    seat = _seat(obs)
    armed = {int(u) for u in seat.get("armed", ())}
    if not options or (seat.get("counters") or {}).get("leader") in armed:
        return None
    ready = [a for a in options if int(a.args[0]) in armed]
    return max(ready, key=lambda a: (_value(_card(obs, int(a.args[0]))), -int(a.args[0])), default=None)
