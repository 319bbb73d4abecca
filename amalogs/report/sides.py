"""One side of a match at a glance, in its game's own terms: its life (layers of life first), hand, resources
and deck — the status line the play-by-play gives at each turn and the result panel at the end."""

from __future__ import annotations

from typing import Any

from amalogs.referee.engine.core import POINTS, POINTS_MAX
from amalogs.referee.engine.values import life_zone

__all__ = ["LIFE_SYSTEM_WORDS", "LIFE_WORDS", "RESOURCE_WORDS", "layer_words", "side_status"]

LIFE_WORDS = {"life": "life", "fort-area": "forts", "forts": "forts", "castle": "castle walls"}
LIFE_SYSTEM_WORDS = {"シールドライフ": "shields", "ライフカード": "life cards", "フォートライフ": "forts",
                     "プライズカード": "prizes left", "ダメージ蓄積": "damage"}
RESOURCE_WORDS = {"energy": "energy", "mana-area": "mana", "kokuryoku": "国力"}

def layer_words(event: dict[str, Any]) -> str:
    """A layer of life as an event names it (its id), in words."""
    return str(event.get("layer", "layer")).replace("-", " ")


def side_status(state: Any, i: int, game: Any = None) -> str:
    """One side at a glance: life in its game's own terms, hand, resources, deck."""
    seat, module = state.seats[i], state.games[i] if i < len(state.games) else None
    rules = state.rules[i] if i < len(state.rules) else None
    parts = []
    for layer in getattr(module, "layers", ()):  # layers of life in front of the life, outermost first
        parts.append(f"{layer.en.lower()} {len(seat.zones.get(layer.zone, ()))}" if layer.kind == "shields"
                     else f"{layer.en.lower()} HP {seat.counters.get(layer.id, 0)}")
    if "hp" in seat.counters:
        parts.append(f"HP {seat.counters['hp']}")
    else:
        zone = life_zone(state, i)
        limit = getattr(module, "damage_limit", None)
        system = getattr(rules, "life_system", "")
        if zone is not None and limit:
            parts.append(f"damage {len(seat.zones[zone])} of {limit}")
        elif zone is not None:
            word = LIFE_WORDS.get(zone) if zone in LIFE_WORDS else LIFE_SYSTEM_WORDS.get(system, "life")
            parts.append(f"{word} {len(seat.zones[zone])}")
        elif "knocked-out" in seat.counters:
            parts.append(f"knocked out {seat.counters['knocked-out']}")
    if "hand" in seat.zones:
        parts.append(f"hand {len(seat.zones['hand'])}")
    resource = getattr(module, "resource_zone", None)
    if isinstance(resource, str) and resource in seat.zones and resource not in (
            "deck", "hand", getattr(module, "field", None)):
        parts.append(f"{RESOURCE_WORDS.get(resource, resource.replace('-', ' '))} {len(seat.zones[resource])}")
    if getattr(module, "pays_points", False):  # points, not cards (resources.counter)
        parts.append(f"points {seat.counters.get(POINTS, 0)} of {seat.counters.get(POINTS_MAX, 0)}")
    if "deck" in seat.zones:
        parts.append(f"deck {len(seat.zones['deck'])}")
    return " · ".join(parts)
