"""The bridge between two core games: battles on canonical values, leaving the field, the end of a match,
and what anyone can read on a face-up card."""

from __future__ import annotations

from typing import Any

from amalogs.referee.engine.field import destroy, destroy_if_dead, finish, on_field
from amalogs.referee.engine.state import State
from amalogs.referee.engine.values import ap, dp, has, refresh_auras, sp

__all__ = ["battle", "destroy", "destroy_if_dead", "finish", "public_card"]


def public_card(s: State, uid: int) -> dict[str, Any]:
    """What anyone can read on a face-up card: its current battle values (thousandths of a canonical point,
    after this turn's changes), keywords (granted ones included) and what its activated abilities do."""
    card = s.cards[uid]
    granted = s.seats[card.owner].granted.get(uid, frozenset())
    data = {"name": card.name, "type": card.type, "cost": card.cost, "ap": ap(s, uid), "dp": dp(s, uid),
            "sp": sp(s, uid), "colours": list(card.colours), "keywords": sorted(card.keywords),
            "unified": sorted(card.unified | granted)}
    if card.level:
        data["level"] = card.level
    if card.shield:
        data["shield"] = card.shield
    if card.abilities:  # what each activated ability does: {K: [primitive, the side it aims at or None]}
        data["abilities"] = {k: [card.effects[k].do, getattr(getattr(card.effects[k], "target", None), "side", None)]
                             for k in card.abilities}
    return data


def battle(s: State, attacker: int, defender: int) -> int:
    """Two characters deal their canonical attack to each other; 先制攻撃 deals first; damage accumulates. Returns
    what the attacker dealt (0 when it left the field before it could)."""
    refresh_auras(s)
    first = [u for u in (attacker, defender) if has(s, u, "先制攻撃")]
    both = [attacker, defender]
    order = [first, [u for u in both if u not in first]] if len(first) == 1 else [both]
    if s.log_events:
        s.emit("battle", attacker=attacker, defender=defender)
    dealt = _battle_damage(s, attacker, defender)
    by_attacker = 0
    for wave in order:
        hits = [(u, defender if u == attacker else attacker, dealt[u]) for u in wave if on_field(s, u)]
        by_attacker += sum(amount for u, _, amount in hits if u == attacker)
        for _, target, amount in hits:
            seat = s.seats[s.cards[target].owner]
            seat.damage[target] = seat.damage.get(target, 0) + amount
        for _, target, _ in hits:
            destroy_if_dead(s, target)
    for u in both:  # a game whose damage does not outlast the battle (ダメージクリンナップ 戦闘終了時, なし)
        owner = s.cards[u].owner
        if s.rules[owner].damage_cleanup in ("戦闘終了時", "なし"):
            s.seats[owner].damage.pop(u, None)
    return by_attacker


def _battle_damage(s: State, attacker: int, defender: int) -> dict[int, int]:
    """What each side deals: its canonical attack, as the games of the two characters may change it (a game's
    optional ``battle_damage`` hook: no-damage battles, damage multipliers …), asked once per game."""
    dealt = {attacker: ap(s, attacker), defender: ap(s, defender)}
    attack = s.attack
    if attack is not None and attack.attacker == attacker and (attack.power or attack.shield):
        dealt[attacker] = max(0, dealt[attacker] + attack.power - attack.shield)  # boosts and guards, this battle
    rules, cards = s.rules, s.cards
    if rules[cards[defender].owner].hp_system and rules[cards[attacker].owner].damage_system == "SPS":
        dealt[attacker] = max(sp(s, attacker), 0) * 1000  # published: an SPS attacker deals an HP制 character its SP
    for game in dict.fromkeys(s.games[s.cards[u].owner] for u in (attacker, defender)):
        game.battle_damage(s, attacker, defender, dealt)
    return dealt
