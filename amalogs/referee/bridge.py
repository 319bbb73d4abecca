"""The bridge between two core games: battles on canonical values, leaving the field, the end of a match,
and what anyone can read on a face-up card."""

from __future__ import annotations

from typing import Any

from amalogs.referee.effects import ap, dp, has, push_effects, refresh_auras, sp
from amalogs.referee.registry import MODULES, characters_of
from amalogs.referee.state import State

__all__ = ["battle", "destroy", "destroy_if_dead", "finish", "public_card"]


def public_card(s: State, uid: int) -> dict[str, Any]:
    """What anyone can read on a face-up card: its current battle values (thousandths of a canonical point,
    after this turn's changes), keywords (granted ones included) and what its activated abilities do."""
    card = s.cards[uid]
    granted = s.seats[card.owner].granted.get(uid, frozenset())
    data = {"name": card.name, "type": card.type, "cost": card.cost, "ap": ap(s, uid), "dp": dp(s, uid),
            "sp": sp(s, uid), "colours": list(card.colours), "keywords": sorted(card.keywords),
            "unified": sorted(card.unified | granted)}
    if card.abilities:  # what each activated ability does: {K: [primitive, the side it aims at or None]}
        data["abilities"] = {k: [card.effects[k].do, getattr(getattr(card.effects[k], "target", None), "side", None)]
                             for k in card.abilities}
    return data


def finish(s: State, winner: int | None, reason: str) -> None:
    """End the match (once)."""
    if s.finished:
        return
    s.winner, s.reason, s.finished = winner, reason, True
    s.phase, s.decider = "over", None
    s.stack.clear()
    s.emit("end", winner=winner, reason=reason)


def battle(s: State, attacker: int, defender: int) -> None:
    """Two characters deal their canonical attack to each other; 先制攻撃 deals first; damage accumulates."""
    refresh_auras(s)
    first = [u for u in (attacker, defender) if has(s, u, "先制攻撃")]
    both = [attacker, defender]
    order = [first, [u for u in both if u not in first]] if len(first) == 1 else [both]
    s.emit("battle", attacker=attacker, defender=defender)
    dealt = _battle_damage(s, attacker, defender)
    for wave in order:
        hits = [(u, defender if u == attacker else attacker, dealt[u]) for u in wave if _on_field(s, u)]
        for _, target, amount in hits:
            seat = s.seats[s.cards[target].owner]
            seat.damage[target] = seat.damage.get(target, 0) + amount
        for _, target, _ in hits:
            destroy_if_dead(s, target)


def _battle_damage(s: State, attacker: int, defender: int) -> dict[int, int]:
    """What each side deals: its canonical attack, as the games of the two characters may change it (a game's
    optional ``battle_damage`` hook: no-damage battles, damage multipliers …), asked once per game."""
    dealt = {attacker: ap(s, attacker), defender: ap(s, defender)}
    for game in dict.fromkeys(s.seats[s.cards[u].owner].game for u in (attacker, defender)):
        hook = getattr(MODULES[game], "battle_damage", None)
        if hook is not None:
            hook(s, attacker, defender, dealt)
    return dealt


def _on_field(s: State, uid: int) -> bool:
    return uid in characters_of(s, s.cards[uid].owner)


def destroy(s: State, uid: int, to: str = "drop") -> None:
    """A card leaves the field: to its owner's discard pile (or hand); its damage and changes go with it."""
    owner = s.cards[uid].owner
    seat = s.seats[owner]
    for cards in seat.zones.values():
        if uid in cards:
            cards.remove(uid)
    discard_pile = "drop" if "drop" in seat.zones else "discard"
    pile = to if to in seat.zones else discard_pile
    seat.zones[pile].append(uid)
    seat.rested.discard(uid)
    for table in (seat.damage, seat.mods, seat.lasting, seat.granted, seat.entered):
        table.pop(uid, None)
    seat.attached.pop(uid, None)
    for gone in [e for e, c in seat.attached.items() if c == uid] + seat.under.pop(uid, []):
        _leave_with(seat, gone, discard_pile)
    s.emit("destroyed" if pile != "hand" else "returned", seat=owner, card=uid, name=s.cards[uid].name)
    if pile != "hand":
        push_effects(s, owner, uid, "destroyed")


def _leave_with(seat: Any, uid: int, pile: str) -> None:
    """Equipment and the cards under an evolved character leave the field with it."""
    for cards in seat.zones.values():
        if uid in cards:
            cards.remove(uid)
    seat.attached.pop(uid, None)
    seat.zones[pile].append(uid)


def destroy_if_dead(s: State, uid: int) -> None:
    """Destroy a character whose damage this turn has reached its defence; otherwise report its damage."""
    if not _on_field(s, uid):
        return
    seat = s.seats[s.cards[uid].owner]
    if seat.damage.get(uid, 0) >= dp(s, uid):
        destroy(s, uid)
    elif seat.damage.get(uid, 0):
        s.emit("damaged", seat=s.cards[uid].owner, card=uid, damage=seat.damage[uid])
