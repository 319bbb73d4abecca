"""Building a match from a validated position file (:mod:`amalogs.referee.engine.positions`): seats, card
instances, zones, the step and what is in progress; every problem is one line naming the key."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import ValidationError

from amalogs.catalog import Catalog, Game
from amalogs.errors import AmalogsError
from amalogs.models.cards import Card, Deck
from amalogs.referee.engine.instances import card_instance, deck_instances
from amalogs.referee.engine.positions import (
    EXTRA_ZONES,
    POSITION_VERSION,
    PlacedCard,
    PositionError,
    PositionFile,
    SeatPosition,
    Values,
    cut,
    damage_unit,
    read_position,
    split_ref,
)
from amalogs.referee.engine.registry import core_game
from amalogs.referee.engine.rules import rules_of
from amalogs.referee.engine.position_steps import check_reachable, hint as _hint, set_step
from amalogs.referee.engine.state import CardData, Seat, State

if TYPE_CHECKING:
    from amalogs.referee.engine.match import Match

__all__ = ["build", "load_position"]

M = TypeVar("M", bound="Match")


def _is_file(text: str) -> bool:
    """Whether a deck reference names a file (a name too long or with a NUL byte names none)."""
    try:
        return Path(text).is_file()
    except (OSError, ValueError):
        return False


def _shown(value: Any) -> str:
    return f"{cut(value)} ({type(value).__name__})"


@dataclass
class _Seat:
    """One seat while it is built."""

    index: int
    game: Game
    module: Any
    key: str
    pool: dict[str, Card]
    deck: Deck | None
    deck_ref: str | None
    free: dict[str, list[int]] = field(default_factory=dict)  # card id → its instances no zone has taken yet
    parts: dict[str, list[int]] = field(default_factory=dict)
    start: int = 0
    size: int = 0
    numbers: list[int] = field(default_factory=list)  # a seat without a deck: the numbers still to give out


class _Builder:
    def __init__(self, catalog: Catalog, spec: PositionFile, where: str) -> None:
        self.catalog, self.spec, self.where = catalog, spec, where
        self.cards: list[CardData] = []
        self.keys: dict[int, str] = {}  # instance → the key that placed it
        self.taken: dict[str, int] = {}  # key of a listed card → its instance

    def fail(self, key: str, message: str) -> PositionError:
        return PositionError(f"{self.where}: {key}: {message}")

    # --- seats and instances ------------------------------------------------------------------------

    def seat_of(self, k: int, spec: SeatPosition) -> _Seat:
        key = f"seats[{k}]"
        deck: Deck | None = None
        try:
            if spec.deck is not None:
                path = Path(spec.deck)
                if _is_file(spec.deck):
                    from amalogs.catalog import load_deck_file

                    # checked as validate checks a deck file (its cards exist), not its construction rules
                    game, deck = load_deck_file(self.catalog, path, construction=False)
                else:
                    name, sep, deck_id = spec.deck.rpartition(":")
                    if not sep:
                        raise AmalogsError(f"expected GAME:DECK or a deck file, got {cut(spec.deck)}")
                    game = self.catalog.game(name)
                    decks = self.catalog.decks(game.id)
                    if deck_id not in decks:
                        self.catalog.deck_left_out(game.id, deck_id)
                        raise AmalogsError(f"{game.id} has no sample deck {cut(deck_id)}{_hint(deck_id, list(decks))}")
                    deck = decks[deck_id][0]
                if spec.game is not None and self.catalog.game(spec.game).id != game.id:
                    raise AmalogsError(f"the deck is of {game.id}, not of {spec.game}")
            elif spec.game is not None:
                game = self.catalog.game(spec.game)
            else:
                raise AmalogsError("give the seat's deck (GAME:DECK or a deck file) or its game")
        except ValidationError as exc:
            raise self.fail(f"{key}.deck", f"not a valid deck file ({exc.errors()[0]['msg']})") from None
        except AmalogsError as exc:
            raise self.fail(f"{key}.deck" if spec.deck is not None else f"{key}.game", str(exc)) from None
        try:
            core_game(game)
        except KeyError:
            raise self.fail(f"{key}.game", f"the referee cannot play {game.profile.name} yet") from None
        pool = {**self.catalog.cards(game.id), **({c.id: c for c in deck.cards} if deck else {})}
        deck_ref = spec.deck if deck is None or _is_file(spec.deck or "") else f"{game.id}:{(spec.deck or '').rpartition(':')[2]}"
        seat = _Seat(k, game, core_game(game), key, pool, deck, deck_ref, start=len(self.cards))
        if deck is not None:
            seat.parts = deck_instances(self.catalog, game, deck, k, self.cards)
            for uid in range(seat.start, len(self.cards)):
                seat.free.setdefault(self.cards[uid].card_id, []).append(uid)
        return seat

    def entries(self, seat: _Seat, spec: SeatPosition) -> dict[str, tuple[PlacedCard, ...]]:
        """The seat's zones as the file lists them (profile zone id → cards), checked against its game."""
        known = [*seat.module.position_zones, *EXTRA_ZONES, *_held_zones(seat.module, seat.game)]
        out: dict[str, tuple[PlacedCard, ...]] = {}
        loose = spec.model_extra or {}
        for zone in set(loose) & set(spec.zones):
            raise self.fail(f"{seat.key}.{zone}", "given twice: in the seat and in its zones")
        for zone, value in {**spec.zones, **loose}.items():
            if zone not in known:
                where = f"{seat.key}.zones.{zone}" if zone in spec.zones else f"{seat.key}.{zone}"
                raise self.fail(where, f"not a zone of {seat.game.profile.name} (its zones: "
                                f"{', '.join(seat.module.position_zones)}){_hint(zone, known)}")
            key = f"{seat.key}.zones.{zone}" if zone in spec.zones else f"{seat.key}.{zone}"
            if not isinstance(value, list):
                raise self.fail(key, f"expected a list of cards, got {_shown(value)}")
            listed = [self.entry(f"{key}[{k}]", item) for k, item in enumerate(value)]
            out[zone] = tuple(e if isinstance(e, PlacedCard) else PlacedCard(card=e) for e in listed)
        return {zone: out[zone] for zone in known if zone in out}  # in the game's zone order

    def entry(self, key: str, item: Any) -> PlacedCard:
        """One card of a zone: a card id (``card-id#N``) or a table (:class:`PlacedCard`)."""
        if isinstance(item, str):
            return PlacedCard(card=item)
        if not isinstance(item, dict):
            raise self.fail(key, f"expected a card id or a table with a card, got {_shown(item)}")
        try:
            return PlacedCard.model_validate(item)
        except ValidationError as exc:
            from amalogs.validation_messages import describe

            where, message = describe(exc.errors(include_url=False)[0], PlacedCard)
            raise self.fail(f"{key}.{where}" if where else key, message) from None

    def number_loose(self, seat: _Seat, zones: dict[str, tuple[PlacedCard, ...]]) -> None:
        """A seat without a deck: its listed cards become its instances, numbered in the order listed."""
        listed = [(key, e) for key, e in self._walk(seat, zones)]
        seat.size = len(listed)
        wanted: set[int] = set()
        for key, entry in listed:
            card_id, n = self._split(key, entry.card)
            if card_id not in seat.pool:
                raise self._unknown(seat, key, card_id)
            if n is not None:
                if not seat.start <= n < seat.start + seat.size:
                    raise self.fail(key, f"instance #{n} is outside this seat's numbers "
                                    f"({seat.start}–{seat.start + seat.size - 1})")
                if n in wanted:
                    raise self.fail(key, f"instance #{n} is listed twice")
                wanted.add(n)
        seat.numbers = [n for n in range(seat.start, seat.start + seat.size) if n not in wanted]
        made: dict[int, CardData] = {}
        order = iter(seat.numbers)
        for key, entry in listed:
            card_id, n = self._split(key, entry.card)
            uid = n if n is not None else next(order)
            made[uid] = card_instance(self.catalog, seat.game, seat.pool[card_id], uid, seat.index)
            seat.free.setdefault(card_id, []).append(uid)
        self.cards += [made[u] for u in range(seat.start, seat.start + seat.size)]
        for uids in seat.free.values():
            uids.sort()

    def _walk(self, seat: _Seat, zones: dict[str, tuple[PlacedCard, ...]]) -> list[tuple[str, PlacedCard]]:
        out: list[tuple[str, PlacedCard]] = []

        def visit(key: str, entry: PlacedCard) -> None:
            out.append((key, entry))
            for part in ("under", "equipment", "attached"):
                for k, sub in enumerate(getattr(entry, part)):
                    visit(f"{key}.{part}[{k}]", sub if isinstance(sub, PlacedCard) else PlacedCard(card=sub))

        for zone, listed in zones.items():
            for k, entry in enumerate(listed):
                visit(f"{seat.key}.{zone}[{k}]", entry)
        return out

    def _split(self, key: str, text: str) -> tuple[str, int | None]:
        try:
            return split_ref(text)
        except ValueError as exc:
            raise self.fail(key, str(exc)) from None

    def _unknown(self, seat: _Seat, key: str, card_id: str) -> PositionError:
        for other in self.catalog.games.values():
            if other.id != seat.game.id and card_id in self.catalog.cards(other.id):
                return self.fail(key, f"{cut(card_id)} is a card of {other.profile.name}, not of {seat.game.profile.name}")
        return self.fail(key, f"no card {cut(card_id)} in {seat.game.profile.name}{_hint(card_id, list(seat.pool))}")

    def take(self, seat: _Seat, key: str, entry: PlacedCard) -> int:
        """The instance a listed card stands for (its own number, or the lowest copy not yet taken)."""
        card_id, n = self._split(key, entry.card)
        if card_id not in seat.pool:
            raise self._unknown(seat, key, card_id)
        free = seat.free.get(card_id, [])
        if n is None:
            if not free:
                held = sum(1 for c in self.cards[seat.start:seat.start + self._size(seat)] if c.card_id == card_id)
                raise self.fail(key, f"more copies of {cut(card_id)} than the deck holds ({held})" if seat.deck
                                else f"{cut(card_id)} listed again")
            uid = free.pop(0)
        else:
            if n not in free:
                if n < len(self.cards) and self.cards[n].card_id == card_id and n in self.keys:
                    raise self.fail(key, f"{card_id}#{n} is already placed at {self.keys[n]}")
                raise self.fail(key, f"#{n} is not an instance of {cut(card_id)} in this seat's deck")
            free.remove(n)
            uid = n
        self.keys[uid] = key
        return uid

    def _size(self, seat: _Seat) -> int:
        return seat.size or sum(len(v) for v in seat.parts.values())

    # --- zones --------------------------------------------------------------------------------------

    def seat(self, seat: _Seat, spec: SeatPosition, zones: dict[str, tuple[PlacedCard, ...]], shuffler: random.Random,
             unit: int) -> Seat:
        """The seat with its zones: the listed cards, and the deck's other cards where they start (shuffled)."""
        taken = {key: self.take(seat, key, e) for key, e in self._walk(seat, zones)}  # every listed card first
        self.taken.update(taken)
        placed = set(taken.values())
        left = {part: [u for u in uids if u not in placed] for part, uids in seat.parts.items()}
        listed = {zone: [(f"{seat.key}.{zone}[{k}]", taken[f"{seat.key}.{zone}[{k}]"], e) for k, e in enumerate(entries)]
                  for zone, entries in zones.items()}
        made: Seat = seat.module.new_seat(left, rules_of(seat.game, self.catalog.ontology))
        for zone in seat.module.top_last:
            if zone in made.zones:
                shuffler.shuffle(made.zones[zone])
        module = seat.module
        on_field: list[tuple[str, int, str | None, str]] = []  # cards in play of a game with places: (key, card, at, zone)
        for zone, cards in listed.items():
            target = module.position_zones.get(zone, zone)
            for inner_zone in target if isinstance(target, tuple) else (target,):
                made.zones.setdefault(inner_zone, [])
            for key, uid, entry in cards:
                if isinstance(target, tuple):
                    inner = target[0] if entry.face_down is not False else target[1]
                else:
                    inner = target
                if inner not in made.zones:
                    made.zones[inner] = []
                made.zones[inner].append(uid)
                self.mark(seat, made, key, uid, entry, inner, unit)
                if entry.at is not None or (inner == getattr(module, "field", None) and getattr(module, "places", ())):
                    on_field.append((key, uid, entry.at, inner))
        self.place(seat, made, on_field)
        for zone in module.top_last:  # the position lists piles from the top; the referee holds the top last
            for name, target in module.position_zones.items():
                if target == zone and name in listed:
                    pile = made.zones[zone]
                    count = len(listed[name])
                    pile[len(pile) - count:] = pile[len(pile) - count:][::-1]
        return made

    def place(self, seat: _Seat, made: Seat, cards: list[tuple[str, int, str | None, str]]) -> None:
        """Each card in play on its place: those that name one first, then the rest on the open ones, leader's first."""
        module = seat.module
        places: tuple[str, ...] = getattr(module, "places", ())
        taken: dict[str, str] = {}
        for key, uid, at, zone in cards:
            if at is None:
                continue
            if not places:
                raise self.fail(f"{key}.at", f"{seat.game.profile.name} has no places on its field (play.places)")
            if zone != module.field:
                raise self.fail(f"{key}.at", f"only a card in play has a place; this one is in {zone}")
            if at not in places:
                raise self.fail(f"{key}.at", f"unknown place {cut(at)} (places: {', '.join(places)})")
            if at in taken:
                raise self.fail(f"{key}.at", f"{at} already holds {taken[at]}")
            taken[at] = key
            made.at[uid] = at
        leader = getattr(module, "leader_place", None)
        order = [p for p in places if p == leader] + [p for p in places if p != leader]
        for key, uid, at, _ in cards:
            if at is None:
                free = next((p for p in order if p not in taken), None)
                if free is None:
                    raise self.fail(key, f"no open place left on the field for it (places: {', '.join(places)})")
                taken[free] = key
                made.at[uid] = free

    def mark(self, seat: _Seat, made: Seat, key: str, uid: int, entry: PlacedCard, zone: str, unit: int) -> None:
        """What the position says of one card: rested, face down, damage, changes, counters, cards under it."""
        if entry.rested:
            made.rested.add(uid)
        if entry.face_down or (entry.face_down is None and zone in seat.module.face_down_zones):
            made.face_down.add(uid)
        else:
            made.face_down.discard(uid)
        if entry.damage:
            made.damage[uid] = round(entry.damage * unit)
        for values, table in ((entry.changed, made.mods), (entry.lasting, made.lasting)):
            if values is not None and values != Values():
                table[uid] = (round(values.ap * unit), round(values.dp * unit), values.sp * 1000)
        if entry.granted:
            made.granted[uid] = frozenset(self.keywords(f"{key}.granted", entry.granted))
        for k, until in enumerate(entry.until_next_turn):
            where = f"{key}.until_next_turn[{k}]"
            if until.by >= len(self.spec.seats):
                raise self.fail(f"{where}.by", f"seat {until.by} does not exist")
            values = until.changed or Values()
            made.until_next_turn(uid, until.by, (round(values.ap * unit), round(values.dp * unit), values.sp * 1000),
                                 frozenset(self.keywords(f"{where}.granted", until.granted)))
        if entry.entered is not None:
            if entry.entered > self.spec.turn:
                raise self.fail(f"{key}.entered", f"turn {entry.entered} is after the position's turn {self.spec.turn}")
            made.entered[uid] = entry.entered
        if entry.counters:
            made.card_counters[uid] = dict(entry.counters)
        energy = getattr(seat.module, "resource_zone", "") if getattr(seat.module, "from_hand", False) else ""
        for part, zone_name in (("under", "under"), ("equipment", seat.module.equipment_zone), ("attached", energy)):
            subs = getattr(entry, part)
            if not subs:
                continue
            if zone_name not in made.zones:
                what = "attaches no resources from the hand" if part == "attached" else f"puts no cards {part} a card"
                raise self.fail(f"{key}.{part}", f"{seat.game.profile.name} {what}")
            for k, sub in enumerate(subs):
                sub = sub if isinstance(sub, PlacedCard) else PlacedCard(card=sub)
                sub_key = f"{key}.{part}[{k}]"
                sub_uid = self.taken[sub_key]
                made.zones[zone_name].append(sub_uid)
                if part == "under":
                    made.under.setdefault(uid, []).append(sub_uid)
                else:
                    made.attached[sub_uid] = uid
                self.mark(seat, made, sub_key, sub_uid, sub, zone_name, unit)

    # --- references ----------------------------------------------------------------------------------

    def keywords(self, key: str, words: tuple[str, ...]) -> tuple[str, ...]:
        """Unified keywords a card has gained, each checked against the ontology's."""
        known = [k.id.value for k in self.catalog.ontology.unified_keywords]
        for word in words:
            if word not in known:
                raise self.fail(key, f"unknown unified keyword {cut(word)}{_hint(word, known)}")
        return words

    def ref(self, key: str, value: int | str) -> int:
        """A card named by its instance number, ``card-id#N`` or a card id that only one instance has."""
        if isinstance(value, int):
            if not 0 <= value < len(self.cards):
                raise self.fail(key, f"no card #{value} (the position has #0–#{len(self.cards) - 1})")
            return value
        card_id, n = self._split(key, value)
        if n is not None:
            if not (0 <= n < len(self.cards) and self.cards[n].card_id == card_id):
                raise self.fail(key, f"#{n} is not an instance of {cut(card_id)}")
            return n
        found = [c.uid for c in self.cards if c.card_id == card_id]
        if len(found) != 1:
            raise self.fail(key, f"no card {cut(card_id)} in the position" if not found else
                            f"{len(found)} instances of {cut(card_id)}: write one as {card_id}#N "
                            f"(#{', #'.join(map(str, found[:6]))})")
        return found[0]


def build(catalog: Catalog, spec: PositionFile, where: str, make: Callable[[State], M]) -> M:
    """The match at the position ``spec`` describes (already validated as a :class:`PositionFile`)."""
    b = _Builder(catalog, spec, where)
    found: list[tuple[_Seat, dict[str, tuple[PlacedCard, ...]]]] = []
    for k, seat_spec in enumerate(spec.seats):
        seat = b.seat_of(k, seat_spec)
        zones = b.entries(seat, seat_spec)
        if seat.deck is None:
            b.number_loose(seat, zones)
        found.append((seat, zones))
    shuffler = random.Random(f"amalogs-position:{spec.seed}")
    seats = [b.seat(info, seat_spec, zones, shuffler, damage_unit(info.game, info.module.damage_stat))
             for (info, zones), seat_spec in zip(found, spec.seats)]
    n = len(seats)
    if spec.turn > spec.turn_cap:
        raise b.fail("turn", f"turn {spec.turn} is past the turn cap ({spec.turn_cap})")
    for key, value in (("active", spec.active), ("first", spec.first), ("decider", spec.decider)):
        if value is not None and value >= n:
            raise b.fail(key, f"seat {value} does not exist (seats are 0–{n - 1})")
    first = spec.first if spec.first is not None else (spec.active - max(spec.turn - 1, 0)) % n  # turns in seat order
    state = State(seats, tuple(b.cards), random.Random(spec.seed), first=first, turn=spec.turn, active=spec.active,
                  turn_cap=spec.turn_cap, has_auras=any(c.auras for c in b.cards), rulings=spec.rulings,
                  games=[info.module for info, _ in found],
                  rules=[rules_of(info.game, catalog.ontology) for info, _ in found])
    _seat_facts(b, state, spec)
    set_step(b, state, spec, [info.module for info, _ in found])
    match = make(state)
    match.deck_refs = [info.deck_ref for info, _ in found]
    match._seeded = (spec.seed, state.rng.getstate())
    settle = getattr(match, "check_state", None)
    if settle is not None and not state.finished:  # rules that act between decisions (a leader to pick …)
        settle()
    check_reachable(b, match, spec)
    return match


def _seat_facts(b: _Builder, state: State, spec: PositionFile) -> None:
    for k, (seat, seat_spec) in enumerate(zip(state.seats, spec.seats)):
        refs = state.games[k].card_refs
        for name, value in seat_spec.counters.items():
            key = f"seats[{k}].counters.{name}"
            if name in refs:
                seat.counters[name] = b.ref(key, value)
            elif isinstance(value, str):
                raise b.fail(key, f"a number is needed, not {cut(value)!r}"
                             + (f" (counters that name a card: {', '.join(sorted(refs))})" if refs else ""))
            else:
                seat.counters[name] = value
        if seat_spec.turns is not None:
            seat.turns = seat_spec.turns
        else:  # the turns so far went round the seats in order from the first player
            n = len(state.seats)
            seat.turns = spec.turn // n + ((k - state.first) % n < spec.turn % n)
        facts = seat_spec.this_turn
        seat.energy_placed, seat.moving = facts.resource_placed, facts.moving
        seat.used = {(b.ref(f"seats[{k}].this_turn.used[{j}]", ref), ability) for j, (ref, ability) in
                     enumerate(facts.used)}
        seat.mulligan_decided = seat_spec.mulligan_decided if seat_spec.mulligan_decided is not None else \
            spec.step != "setup"
    state.boost = [s.this_turn.boost for s in spec.seats]
    if any(s.side is not None for s in spec.seats):
        state.sides = [k if s.side is None else s.side for k, s in enumerate(spec.seats)]
        if len(set(state.sides)) < 2:
            raise b.fail("seats[0].side", "every seat is on one side: a match needs two sides (give a seat another)")


def load_position(catalog: Catalog, source: Path | dict[str, Any], make: Callable[[State], M],
                  where: str | None = None) -> M:
    """The match (``make(state)``) at the position a file (or its data) describes."""
    data = read_position(source) if isinstance(source, Path) else source
    where = where or (str(source) if isinstance(source, Path) else "position")
    if not isinstance(data, dict):
        raise PositionError(f"{where}: expected a table at the top")
    version = data.get("version", POSITION_VERSION)
    if version != POSITION_VERSION:
        raise PositionError(f"{where}: version: position format version {cut(version)} is not supported "
                            f"(this amalogs reads version {POSITION_VERSION})")
    try:
        spec = PositionFile.model_validate(data)
    except ValidationError as exc:
        from amalogs.validation_messages import describe

        key, message = describe(exc.errors(include_url=False)[0], PositionFile)
        raise PositionError(f"{where}: {key or '(top level)'}: {message}") from None
    return build(catalog, spec, where, make)


def _held_zones(module: Any, game: Game) -> list[str]:
    """Zones the referee holds for a seat beyond its profile's, which a dump writes by their own names: a game
    played from its data keeps removed cards in ``removed`` and its deck's side and extra parts (Z/X's
    ``player-card``) under their ids, so a dumped position loads again."""
    targets: set[str] = set()
    for target in module.position_zones.values():
        targets.update(target if isinstance(target, tuple) else (target,))
    parts = [p.id for p in game.profile.deck.side_decks] + [e.id for e in game.profile.deck.extra_cards]
    held = [z for z in (*getattr(module, "zones", ()), *parts) if z not in targets]
    return list(dict.fromkeys(held))
