"""Dumping a match as a position file (:mod:`amalogs.referee.engine.positions`): every zone in order, the deck
included, each card as ``card-id#N`` with what is true of it, and the seed for what follows.

The dump is canonical (zones in the order of the game's profile, keys sorted where the engine's order does not
matter), so loading a dump and dumping it again gives the same data.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

from amalogs.referee.engine.positions import POSITION_VERSION, damage_unit
from amalogs.referee.engine.registry import opponents
from amalogs.referee.engine.state import Seat, State

__all__ = ["dump_position", "position_text"]


def dump_position(match: Any, catalog: Any) -> dict[str, Any]:
    """The match's position as plain data (a valid position file)."""
    s: State = match.state
    out: dict[str, Any] = {"format": "amalogs-position", "version": POSITION_VERSION, "seed": match.position_seed(),
                           "turn": s.turn, "turn_cap": s.turn_cap, "active": s.active, "first": s.first,
                           "step": s.phase}
    if s.decider is not None:
        out["decider"] = s.decider
    if s.resume != "main":
        out["resume"] = s.resume
    if s.rulings:
        out["rulings"] = True

    def ref(uid: int) -> str:
        return f"{s.cards[uid].card_id}#{uid}"

    if s.attack is not None:
        a = s.attack
        default = s.cards[a.target].owner if a.target is not None else opponents(s, s.active)[0]
        out["attack"] = {"attacker": ref(a.attacker), **({"defender": a.defender} if a.defender != default else {}),
                         "target": "player" if a.target is None else ref(a.target),
                         **({"blocker": ref(a.blocker)} if a.blocker is not None else {}),
                         **({"hits_left": a.hits_left} if a.hits_left else {}),
                         **({"power": _number(a.power, _unit(s, catalog, s.cards[a.attacker].owner))} if a.power else {}),
                         **({"shield": _number(a.shield, _unit(s, catalog, a.defender))} if a.shield else {}),
                         **({"hit": True} if a.hit else {})}
    if s.trigger_card is not None:
        out["trigger"] = {"card": ref(s.trigger_card), **({"by_effect": True} if s.trigger_by_effect else {})}
    if s.cost_discard is not None:
        out["cost_discard"] = {"card": ref(s.cost_discard[0]), "left": s.cost_discard[1]}
    if s.scout is not None:
        out["scout"] = {part: [ref(u) for u in cards] for part, cards in zip(("left", "top", "bottom"), s.scout)}
    if s.stack:
        out["stack"] = [_pending(s, p, ref) for p in s.stack]
    if s.counters:
        out["counters"] = dict(sorted(s.counters.items()))
    if s.secret:
        out["secret"] = dict(sorted(s.secret.items()))
    if s.finished:
        out["outcome"] = {**({"winner": s.winner} if s.winner is not None else {}), "reason": s.reason or ""}
    out["seats"] = [_seat(s, i, match.deck_refs[i], catalog, ref) for i in range(len(s.seats))]
    return out


def _pending(s: State, p: Any, ref: Any) -> dict[str, Any]:
    effects = s.cards[p.source].effects
    index = next((k for k, e in enumerate(effects) if e is p.effect), None)
    if index is None:
        index = next((k for k, e in enumerate(effects) if e == p.effect), None)
    effect: Any = index if index is not None else p.effect.model_dump(mode="json", exclude_defaults=True)
    return {"controller": p.controller, "card": ref(p.source), "effect": effect}


def _unit(s: State, catalog: Any, i: int) -> int:
    return damage_unit(catalog.games[s.seats[i].game], s.games[i].damage_stat)


def _number(value: int, unit: int) -> int | float:
    exact = Fraction(value, unit)
    return int(exact) if exact.denominator == 1 else float(exact)


def _seat(s: State, i: int, deck_ref: str | None, catalog: Any, ref: Any) -> dict[str, Any]:
    seat = s.seats[i]
    module = s.games[i]
    unit = damage_unit(catalog.games[seat.game], module.damage_stat)
    out: dict[str, Any] = {"deck": deck_ref} if deck_ref else {"game": seat.game}
    out["turns"] = seat.turns
    if seat.counters:
        out["counters"] = {k: ref(v) if k in module.card_refs else v for k, v in sorted(seat.counters.items())}
    facts: dict[str, Any] = {}
    if seat.energy_placed:
        facts["resource_placed"] = True
    if seat.used:
        facts["used"] = [[ref(u), k] for u, k in sorted(seat.used)]
    if seat.moving:
        facts["moving"] = True
    if s.boost[i]:
        facts["boost"] = s.boost[i]
    if facts:
        out["this_turn"] = facts
    if s.phase == "setup":
        out["mulligan_decided"] = seat.mulligan_decided
    if s.sides:
        out["side"] = s.sides[i]
    covered = {"under", "equipment"}
    energy = module.resource_zone if getattr(module, "from_hand", False) else None
    zones: dict[str, Any] = {}
    for name, target in module.position_zones.items():
        inner = target if isinstance(target, tuple) else (target,)
        covered.update(inner)
        cards: list[Any] = []
        for zone in inner:
            held = seat.zones.get(zone, [])
            if zone == energy or zone == module.equipment_zone:  # (what is attached is written on its character)
                held = [u for u in held if u not in seat.attached]
            cards += [_card(s, seat, u, zone, module, unit, ref) for u in (held[::-1] if zone in module.top_last
                                                                           else held)]
        zones[name] = cards
    for zone, held in seat.zones.items():  # zones the referee adds (another game's row in a ブレイクジョーカー round)
        if zone not in covered:
            zones[zone] = [_card(s, seat, u, zone, module, unit, ref) for u in held]
    out["zones"] = zones
    return out


def _card(s: State, seat: Seat, uid: int, zone: str, module: Any, unit: int, ref: Any) -> Any:
    """One card: ``card-id#N``, or a table with what is true of it."""
    entry: dict[str, Any] = {}
    if uid in seat.rested:
        entry["rested"] = True
    down = uid in seat.face_down
    if down != (zone in module.face_down_zones):
        entry["face_down"] = down
    if seat.damage.get(uid):
        entry["damage"] = _number(seat.damage[uid], unit)
    until = sorted((by, change, keywords) for (u, by), (change, keywords) in seat.until_next.items() if u == uid)
    lasting = seat.lasting.get(uid)
    if lasting and until:  # (the lasting changes hold those until a next turn too: written apart)
        lasting = (lasting[0] - sum(c[0] for _, c, _ in until), lasting[1] - sum(c[1] for _, c, _ in until),
                   lasting[2] - sum(c[2] for _, c, _ in until))
    for key, values in (("changed", seat.mods.get(uid)), ("lasting", lasting)):
        if values and any(values):
            entry[key] = _values(values, unit)
    if seat.granted.get(uid):
        entry["granted"] = sorted(seat.granted[uid])
    if until:
        entry["until_next_turn"] = [{"by": by, **({"changed": _values(change, unit)} if any(change) else {}),
                                     **({"granted": sorted(keywords)} if keywords else {})}
                                    for by, change, keywords in until]
    if uid in seat.at and zone == getattr(module, "field", None):
        entry["at"] = seat.at[uid]
    if uid in seat.entered:
        entry["entered"] = seat.entered[uid]
    if seat.card_counters.get(uid):
        entry["counters"] = dict(sorted(seat.card_counters[uid].items()))
    if seat.under.get(uid):
        entry["under"] = [_card(s, seat, u, "under", module, unit, ref) for u in seat.under[uid]]
    gear = [e for e in seat.zones.get(module.equipment_zone, []) if seat.attached.get(e) == uid]
    if gear:
        entry["equipment"] = [_card(s, seat, e, module.equipment_zone, module, unit, ref) for e in gear]
    if getattr(module, "from_hand", False):
        energy = [e for e, c in seat.attached.items() if c == uid]
        if energy:
            entry["attached"] = [_card(s, seat, e, module.resource_zone, module, unit, ref) for e in energy]
    return {"card": ref(uid), **entry} if entry else ref(uid)


def _values(values: tuple[int, int, int], unit: int) -> dict[str, Any]:
    return {k: v for k, v in (("ap", _number(values[0], unit)), ("dp", _number(values[1], unit)),
                              ("sp", values[2] // 1000)) if v}


def position_text(data: dict[str, Any], fmt: str = "toml") -> str:
    """A position as the text of a file: TOML (the default) or JSON."""
    if fmt == "json":
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    import tomli_w

    return tomli_w.dumps(data)


def derived_seed(rng: random.Random) -> int:
    """A seed for what follows, worked out from the generator's state without advancing it."""
    copy = random.Random()
    copy.setstate(rng.getstate())
    return copy.getrandbits(31)
