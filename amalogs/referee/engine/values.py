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

__all__ = ["CONDITIONS", "ap", "change_of", "condition_text", "dp", "forbidden", "has", "holds", "ignores", "in_play", "life_left", "matches",
           "refresh_auras", "side_seats", "sp", "thousandths", "works"]

STAT_INDEX = {"AP": (0,), "DP": (1,), "BP": (0, 1), "SP": (2,)}


CONDITIONS: dict[str, Callable[[State, int], bool]] = {
    # ビルディバイド's 覚醒: an open territory (an assault territory opened is on the field as a unit)
    "territory-open": lambda s, i: bool(s.seats[i].zones.get("territory-open")) or any(
        s.cards[u].type == "territory" for u in s.seats[i].zones.get("field", ())),
}
"""What a card's conditional effect (``CardData.conditions``) needs of its controller's side to work."""


def works(s: State, controller: int, card: CardData, e: Any) -> bool:
    """Whether an effect works now: always, unless the card gives it a condition its controller does not meet (a
    game's own, by name, or the effect's ``condition``)."""
    condition = card.conditions.get(id(e)) if card.conditions else None
    if condition is None:
        return True
    if isinstance(condition, str):
        return CONDITIONS[condition](s, controller)
    return holds(s, controller, card.uid, condition)


def forbidden(s: State, uid: int, action: str) -> bool:
    """Whether a ``forbid`` effect of the card itself (static, its condition holding) forbids ``action``
    (``attack``, ``block``, ``effect-damage``). Callers on hot paths ask only for a card with one
    (``CardData.forbids``)."""
    card = s.cards[uid]
    for e in card.forbids:
        if action in e.actions and works(s, card.owner, card, e):
            return True
    return False


def ignores(s: State, uid: int, keyword: str) -> bool:
    """Whether the card's attacks ignore the opposing cards' ``keyword`` (an ``ignore_keyword`` effect)."""
    card = s.cards[uid]
    statics = card.timed.get("static", ())
    return any(e.do == "ignore_keyword" and e.keyword.value == keyword and works(s, card.owner, card, e)
               for e in statics)


def holds(s: State, controller: int, uid: int, c: Any) -> bool:
    """Whether an effect's :class:`~amalogs.models.effects.Condition` holds now for the card ``uid`` of seat
    ``controller``: every part given."""
    if c.turn is not None and (s.active == controller) != (c.turn == "own"):
        return False
    if c.place is not None:
        on = uid in s.games[controller].characters(s, controller)
        if not on or (s.games[controller].leader_of(s, controller) == uid) != (c.place == "leader"):
            return False
    if c.rule is not None and not CONDITIONS[c.rule](s, controller):
        return False
    if c.under is not None:  # face-up cards stacked under it (a face-down 防護 card is not one)
        seat = s.seats[s.cards[uid].owner]
        if sum(u not in seat.face_down for u in seat.under.get(uid, ())) < c.under:
            return False
    if c.counter is not None:
        seats = [controller] if c.counter.side == "self" else opponents(s, controller)
        if not any(s.seats[j].counters.get(c.counter.name, 0) >= c.counter.at_least for j in seats):
            return False
    if c.behind and not all(life_left(s, controller) <= life_left(s, j) for j in opponents(s, controller)):
        return False
    count = c.count
    if count is not None:
        n = len(in_play(s, controller, count))
        if (count.at_least is not None and n < count.at_least) or (count.at_most is not None and n > count.at_most):
            return False
    return True


def in_play(s: State, controller: int, f: Any) -> list[int]:
    """The characters in play that a selector or a field count names (its side, leader, row and card filter)."""
    out = []
    leader, row, home = f.leader, f.row, f.home
    for i in side_seats(s, controller, f.side):
        game = s.games[i]
        apart = leader is None and game.leader_apart  # its leader is named only by a selector that says leader
        chief = game.leader_of(s, i) if leader is not None or apart else None
        for uid in characters_of(s, i):
            if (matches(s, uid, f) and (uid != chief if apart else leader is None or (uid == chief) == (leader == "only"))
                    and (row is None or game.row_of_card(s, i, uid) == row)
                    and (home is None or game.on_home(s, i, uid) == (home == "only"))):
                out.append(uid)
    return out


LIFE_ZONES = ("life", "fort-area", "forts", "castle")
"""The zones that hold a seat's life in the games with modules of their own (a game played from its data names
its own, ``life_zone``)."""


def life_zone(s: State, i: int) -> str | None:
    """The zone holding seat i's life (life cards, forts, castle walls, the damage zone of a game that counts
    damage up to a limit), or None (HP, or no such zone)."""
    seat = s.seats[i]
    zone = getattr(s.games[i], "life_zone", None) if i < len(s.games) else None
    if isinstance(zone, str) and zone in seat.zones:
        return zone
    return next((z for z in LIFE_ZONES if z in seat.zones), None)


def life_left(s: State, i: int) -> float:
    """How much of its life seat i has left, 0 to 1 (HP, life cards, forts, castle walls, damage to take)."""
    game = s.games[i]
    if game.layered:  # layers of life in front of it (a base, shields): each counts as much as the life itself
        parts: list[float] = game.layers_left(s, i)
        return (sum(parts) + _main_life_left(s, i)) / (len(parts) + 1)
    return _main_life_left(s, i)


def _main_life_left(s: State, i: int) -> float:
    seat = s.seats[i]
    start = max(int(s.rules[i].life), 1)
    if "hp" in seat.counters:
        return max(seat.counters["hp"], 0) / max(seat.counters.get("hp-max", start), 1)
    zone = life_zone(s, i)
    limit: int | None = getattr(s.games[i], "damage_limit", None)
    if zone is None:
        return 0.5
    if limit and zone == getattr(s.games[i], "life_zone", None):  # ダメージ蓄積: damage taken counts up to the limit
        return max(limit - len(seat.zones[zone]), 0) / limit
    return min(len(seat.zones[zone]) / start, 1.0)


def condition_text(c: Any) -> str:
    """A condition as a short line for the log (``turn=own place=leader count≤2``)."""
    parts = [f"{k}={v}" for k, v in (("turn", c.turn), ("place", c.place)) if v is not None]
    if c.rule is not None:
        parts.append(c.rule)
    if c.counter is not None:
        parts.append(f"{c.counter.side}:{c.counter.name}≥{c.counter.at_least}")
    if c.under is not None:
        parts.append(f"under≥{c.under}")
    if c.behind:
        parts.append("behind")
    if c.count is not None:
        parts.append("count" + "".join(f"{op}{n}" for op, n in (("≥", c.count.at_least), ("≤", c.count.at_most))
                                       if n is not None))
    return " ".join(parts) or "always"


_ZERO = (0, 0, 0)


def _mod(s: State, uid: int, index: int) -> int:
    if s.auras_stale:
        refresh_auras(s)
    seat = s.seats[s.cards[uid].owner]
    zero = _ZERO
    return seat.mods.get(uid, zero)[index] + seat.lasting.get(uid, zero)[index] + seat.aura.get(uid, zero)[index]


def ap(s: State, uid: int) -> int:
    return max(0, s.cards[uid].ap + _mod(s, uid, 0))


def dp(s: State, uid: int) -> int:
    return s.cards[uid].dp + _mod(s, uid, 1)


def sp(s: State, uid: int) -> int:
    return max(0, s.cards[uid].sp + _mod(s, uid, 2) // 1000)


def has(s: State, uid: int, unified: str) -> bool:
    if s.auras_stale:  # (only when an aura may give the keyword: else what the auras give cannot change the answer)
        hit = _AURA_KINDS.get(id(s.cards))
        if (hit if hit is not None and hit[0] is s.cards else _aura_kinds(s))[2]:
            refresh_auras(s)
    card = s.cards[uid]
    if unified in card.unified:
        return True
    seat = s.seats[card.owner]
    granted, aura = seat.granted, seat.aura_granted
    return bool(granted and unified in granted.get(uid, ()) or aura and unified in aura.get(uid, ()))


def refresh_auras(s: State) -> None:
    """Work out what the static effects of the cards on the field give other cards right now: one with
    ``count = 0`` applies to every character it matches. (A static effect on the card itself is part of the
    card's values from the start; equipment's act on the character it is attached to, while it is.)

    Worked out on demand: every decision marks them stale, and the first value read after it (or a battle)
    works them out again. When every aura in play reads only what cannot change under it (which cards are on
    the field, whether they are rested, the keywords given to them this turn, and what is printed on them) and
    none of that has changed since they were last worked out, what they give is what it was: it is kept. A seat
    whose auras are all equipment's has for sources only the cards attached to something (no need to list its
    permanents), and those are worked out again each time (a few cards: cheaper than comparing the inputs)."""
    s.auras_stale = False
    if not s.has_auras:
        return
    cards = s.cards
    known = s.aura_cards
    if known is None or known[0] != len(cards):
        known = s.aura_cards = (len(cards), tuple(frozenset(k for k, c in enumerate(cards) if c.owner == i and c.auras)
                                                  for i in range(len(s.seats))))
    sources: list[tuple[int, int]] = []
    only_attached: tuple[bool, ...] | None = None  # per seat: whether its cards' auras are all equipment's
    worked_out = False  # whether a source's auras reach past the card it is attached to (then: kept when unchanged)
    for i, mine in enumerate(known[1]):  # (a seat's zones hold its own cards only)
        if not mine:
            continue
        if only_attached is None:
            hit = _AURA_KINDS.get(id(cards))
            only_attached = (hit if hit is not None and hit[0] is cards else _aura_kinds(s))[1]
        if only_attached[i]:  # equipment only: its sources are the cards attached to something, in their zone
            attached = s.seats[i].attached
            if attached:
                zone = s.seats[i].zones.get(s.games[i].equipment_zone, ())
                sources += [(i, src) for src in attached if src in mine and src in zone]
        else:
            found = s.games[i].permanents_among(s, i, mine)
            if found:
                worked_out = True
                sources += [(i, src) for src in found]
    key = _inputs(s, sources) if sources and worked_out else None  # (equipment's alone: cheaper to work out)
    if key is not None and key == s.aura_memo:
        return  # the same auras from the same sources over the same characters: the same values
    for seat in s.seats:
        if seat.aura:
            seat.aura.clear()
        if seat.aura_granted:
            seat.aura_granted.clear()
    s.aura_memo = key
    for i, src in sources:
        for e in cards[src].auras:
            if e.condition is not None and not holds(s, i, src, e.condition):
                continue
            if e.target.self_only:  # a static change of its own under a condition
                targets = [src] if src in characters_of(s, i) else []
            elif e.target.attached:  # equipment: the character it is attached to, while it is
                on = s.seats[i].attached.get(src)
                targets = [on] if on is not None and on in characters_of(s, i) and matches(s, on, e.target) else []
            else:
                other = src if e.target.other else None  # (every match but the card itself)
                targets = [u for j in side_seats(s, i, e.target.side) for u in characters_of(s, j)
                           if u != other and matches(s, u, e.target)]
            for uid in targets:
                _aura(s, uid, e)


def _aura_kinds(s: State) -> tuple[tuple[CardData, ...], tuple[bool, ...], bool]:
    """What kinds of aura the match's cards have: per seat, whether every aura of its cards acts on what the card
    is attached to; and whether any aura gives a keyword (if none does, a keyword is never an aura's to give).
    Worked out once per match's cards (a tuple never changed)."""
    cards = s.cards
    if len(_AURA_KINDS) > 64:
        _AURA_KINDS.clear()
    seats = range(len(s.seats))
    hit = _AURA_KINDS[id(cards)] = (
        cards, tuple(all(e.target.attached for c in cards if c.owner == i for e in c.auras) for i in seats),
        any(e.do == "grant_keyword" for c in cards for e in c.auras))
    return hit


def _inputs(s: State, sources: list[tuple[int, int]]) -> tuple[Any, ...] | None:
    """Everything the auras of these sources read, when that is all they read: each is a ``modify`` (none gives a
    keyword, which a keyword condition would read back) whose selector names no battle value (which would read
    the values being worked out). None otherwise."""
    cards = s.cards
    keyword = state = False
    for _, src in sources:
        for e in cards[src].auras:
            target = e.target
            if e.do != "modify" or target.max_bp is not None or target.min_bp is not None or e.condition is not None \
                    or target.state == "attacking":
                return None  # (a condition reads the turn, places, life and counts; the attacker changes)
            keyword = keyword or target.keyword is not None
            state = state or target.state is not None
    on_field = tuple(tuple(s.games[j].characters(s, j)) for j in range(len(s.seats)))
    granted = tuple(tuple(map(seat.granted.get, chars)) if seat.granted else None  # (None: nothing granted)
                    for seat, chars in zip(s.seats, on_field, strict=True)) if keyword else None
    rested = tuple(tuple(map(seat.rested.__contains__, chars))
                   for seat, chars in zip(s.seats, on_field, strict=True)) if state else None
    attached = tuple(tuple(seat.attached.items()) if seat.attached else None for seat in s.seats)
    return tuple(sources), on_field, granted, rested, attached


def _aura(s: State, uid: int, e: Any) -> None:
    seat = s.seats[s.cards[uid].owner]
    if e.do == "grant_keyword":
        seat.aura_granted[uid] = seat.aura_granted.get(uid, frozenset()) | {e.keyword.value}
        return
    values = list(seat.aura.get(uid, (0, 0, 0)))
    indexes, amount = change_of(e)
    for index in indexes:
        values[index] += amount
    seat.aura[uid] = (values[0], values[1], values[2])


def change_of(e: Any) -> tuple[tuple[int, ...], int]:
    """What a ``modify`` effect changes: the indexes of (AP, DP, SP) and the amount in thousandths (worked out
    once per effect: effects are frozen)."""
    hit = _CHANGES.get(id(e))
    if hit is None:
        if len(_CHANGES) > 4096:
            _CHANGES.clear()
        hit = _CHANGES[id(e)] = (e, STAT_INDEX[e.stat.value], int(e.amount * 1000))
    return hit[1], hit[2]


def thousandths(e: Any) -> int:
    """An effect's ``amount`` in thousandths (``int(amount * 1000)``), worked out once per effect."""
    hit = _AMOUNTS.get(id(e))
    if hit is None:
        if len(_AMOUNTS) > 4096:
            _AMOUNTS.clear()
        hit = _AMOUNTS[id(e)] = (e, int(e.amount * 1000))
    return hit[1]


# a match's cards → (them, the kinds of aura they have: :func:`_aura_kinds`)
_AURA_KINDS: dict[int, tuple[tuple[CardData, ...], tuple[bool, ...], bool]] = {}

# effect → its numbers (each entry keeps its effect, so no other object can have that id meanwhile)
_CHANGES: dict[int, tuple[Any, tuple[int, ...], int]] = {}
_AMOUNTS: dict[int, tuple[Any, int]] = {}


def side_seats(s: State, controller: int, side: str) -> list[int]:
    if side == "self":
        return [controller]
    return opponents(s, controller) if side == "opponent" else list(range(len(s.seats)))


def matches(s: State, uid: int, f: Any) -> bool:
    """Whether a character matches a selector. (Every condition is a read; the auras are worked out first when a
    condition reads a value, as reading every condition did.)"""
    keyword, max_bp, min_bp = f.keyword, f.max_bp, f.min_bp
    if s.auras_stale and (keyword is not None or max_bp is not None or min_bp is not None):
        refresh_auras(s)
    card = s.cards[uid]
    state = f.state
    if state is not None:
        if state == "attacking":  # the card whose attack is going on
            if s.attack is None or s.attack.attacker != uid:
                return False
        elif (state == "rested") != (uid in s.seats[card.owner].rested):
            return False
    if f.trait is not None and f.trait not in card.traits:
        return False
    if keyword is not None and not has(s, uid, keyword.value):
        return False
    if f.max_cost is not None and card.cost > f.max_cost:
        return False
    if f.min_cost is not None and card.cost < f.min_cost:
        return False
    if max_bp is None and min_bp is None:
        return True
    side = f.battle  # (one battle value: attack or defence; none: the lower for a maximum, the higher for a minimum)
    low = ap(s, uid) if side == "attack" else dp(s, uid) if side == "defence" else min(ap(s, uid), dp(s, uid))
    if max_bp is not None and not low <= max_bp * 1000:
        return False
    high = low if side is not None else max(ap(s, uid), dp(s, uid))
    return min_bp is None or high >= min_bp * 1000
