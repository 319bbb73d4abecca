"""Places, levels, rides, boosts and guards of a core game played from its data
(:class:`amalogs.referee.games.profile.ProfileGame`), read from the profile's ``[play]`` table and
``[battle]``'s ``rows``, ``through_leader`` and ``guard``.

- **places** (``play.places``): the field as named places, each holding one card, in rows and columns where the
  rules use them. A card put into play names its place (``play CARD PLACE``); a card already there is retired
  to the discard pile (コール on an occupied circle). The card on the leader's place is the player's leader.
- **levels** (``play.level``): a card may be called only while its level is at most the leader's
  (``call_limit = "leader-level"``); ``free_calls``: calling costs no resources.
- **rides** (``play.ride``): once a turn (``per_turn``) a card from hand whose level is the leader's (where
  ``same_level``) or up to ``step`` higher goes onto the leader's place; the old leader goes to ``under`` (the
  soul). ``first_leader``: at setup each player puts a card of that level from its deck on the leader's place.
- **a board** (``play.board``): the places are squares of a board both players share (Z/X's 3×3), by column and
  rank from each player's side; a square holding an opposing card is not open, and a card attacks only an
  opposing card on a square next to its own, and the player only from next to that player's home square while
  none of that player's cards stands on it (against a game without the board, its own targets).
- **moves** (``play.move = "column"``): a card (not the leader) moves to the other place of its column, swapping
  with the card there.
- **attacks**: only cards in ``battle.rows`` attack and may be attacked (the leader is attacked as the player);
  ``first_turn_attacks = false``: not in the first player's first turn. A back-row card with the ``play.boost``
  keyword behind the attacker may rest to add its power to the attack for the battle (the ``support`` step).
- **through the leader** (``battle.through_leader``): an attack on the player hits only when its power (boosts
  included) is at least the leader's (guards included).
- **guards** (``battle.guard``): after blocks the attacked player may put cards from its hand (within the call
  limit) into the guard zone, each adding its guard stat to the attacked card for the battle, or move a
  front-row card with the ``intercept`` keyword there; the guardians go to the discard pile when the battle
  closes.

The match asks these through hooks every core game has (:class:`~amalogs.referee.engine.core.CoreGame`), each
off by default, so a game without places plays exactly as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.core import shuffle, standing
from amalogs.referee.engine.stack import push_effects
from amalogs.referee.engine.state import Seat, State
from amalogs.referee.engine.values import ap, dp
from amalogs.referee.games.profile_life import ProfileLife

if TYPE_CHECKING:
    from amalogs.catalog import Game

__all__ = ["ProfilePlaces", "RIDES"]

RIDES = "rides"  # seat counter: rides this turn (play.ride.per_turn)
_new = tuple.__new__  # an Action made without the named tuple's argument handling


class ProfilePlaces(ProfileLife):
    """The places and what goes with them (see the module docstring)."""

    field: str
    life_zone: str
    damage_limit: int | None
    hand: str
    discard: str
    deck: str
    characters_types: frozenset[str]

    def _read_places(self, game: Game, renamed: dict[str, str]) -> None:
        """Read ``[play]`` and the battle keys that go with it (``renamed``: the engine's names of zones)."""
        profile = game.profile
        play, battle = profile.play, profile.battle
        self.places: tuple[str, ...] = tuple(p.id for p in play.places)
        self.row_of = {p.id: p.row for p in play.places}
        self.column_of = {p.id: p.column for p in play.places}
        self.leader_place = next((p.id for p in play.places if p.leader), None)
        # where a card on each place may move (the other places of its column, the leader's aside), and the
        # order calls offer the places in, by which are open (worked out once for each set of open places)
        self._column_mates = {p: tuple(o for o in self.places if o != p and o != self.leader_place
                                       and self.column_of[o] == self.column_of[p]) for p in self.places}
        self._call_orders: dict[tuple[tuple[str, ...], bool], tuple[str, ...]] = {}
        self.level_stat = play.level
        self.loyalty_stat = play.loyalty  # (a planeswalker's starting loyalty counters)
        self.call_limit = play.call_limit == "leader-level" and self.leader_place is not None
        self.free_calls = play.free_calls
        ride = play.ride
        self.ride_rule = ride if ride is not None and self.leader_place is not None else None
        self.soul = renamed.get(ride.under, ride.under) if ride is not None and ride.under else self.discard
        self.soul_zone = self.soul if self.ride_rule is not None and self.soul != self.discard else None
        self.first_leader = play.first_leader if self.leader_place is not None else None
        self.leader_kind: str | None = play.leader_card if self.leader_place is not None else None
        self.leader_apart = self.leader_kind is not None
        self.moves = play.move == "column"
        self.boost_keyword = play.boost
        rows = battle.rows
        self.attack_rows = frozenset(rows) if rows is not None and self.places else None
        self.first_turn_attacks = battle.first_turn_attacks
        self.through_leader = battle.through_leader and self.leader_place is not None
        guard = battle.guard
        self.guard_zone = (renamed.get(guard.zone, guard.zone) if guard.zone else self.discard) if guard else None
        self.intercept = guard.intercept if guard is not None else None
        self.guards_attacks = guard is not None
        self.supports_attacks = self.boost_keyword is not None
        self.closes_battles = guard is not None and self.guard_zone != self.discard
        self.check_by_leader = battle.attack_check_by == "leader"
        if self.places:
            self.seat_view = self._seat_view
        self.extra_check = battle.extra_check_keyword
        board = play.board
        self.board_size: tuple[int, int] | None = (board.columns, board.ranks) if board is not None else None
        self.board_attacks = board.attacks if board is not None else None  # ('adjacent': the squares next to it)
        self.square: dict[str, tuple[int, int]] = {p.id: (p.column, p.rank) for p in play.places
                                                   if p.column is not None and p.rank is not None}
        self.home_place = next((p.id for p in play.places if p.home), None)
        if board is not None:
            self.targets_per_attacker = True  # (each attacker reaches the squares next to its own)
        # a square and whether the board is turned round (the defender sits across) → the squares next to it
        self._near: dict[tuple[tuple[int, int], bool], frozenset[tuple[int, int]]] = {}
        # the calls' order on the board, by the squares held, the open home squares and the own cards' places
        self._board_orders: dict[tuple[Any, ...], tuple[str, ...]] = {}
        # each place's squares next to it (as its own side sees them), and where it comes in the places' order
        self._next_to = {p: frozenset({(c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)})
                         for p, (c, r) in self.square.items()}
        self._index = {p: k for k, p in enumerate(self.places)}

    # --- where cards are ---------------------------------------------------------------------------

    def occupant(self, state: State, i: int, place: str) -> int | None:
        """The card on a place of seat i (None: the place is open)."""
        at = state.seats[i].at
        for uid in state.seats[i].zones[self.field]:  # (the places of cards no longer in play are not theirs)
            if at.get(uid) == place:
                return uid
        return None

    def place_of(self, seat: Seat, uid: int) -> str | None:
        place = seat.at.get(uid)
        return place if place is not None and uid in seat.zones[self.field] else None

    def leader_card(self, state: State, i: int) -> int | None:
        return self.occupant(state, i, self.leader_place) if self.leader_place is not None else None

    def _open_places(self, state: State, i: int) -> tuple[str, ...]:
        at = state.seats[i].at
        taken = {at.get(u) for u in state.seats[i].zones[self.field]}
        if self.board_size is not None:  # a square an opposing card holds is not open either
            held = self.squares_held(state, i)
            return tuple(p for p in self.places if p not in taken and self.square[p] not in held)
        return tuple(p for p in self.places if p not in taken and p != self.leader_place)

    # --- a board both players share (play.board) ------------------------------------------------------

    def on_home(self, state: State, i: int, uid: int) -> bool:
        return self.home_place is not None and self.place_of(state.seats[i], uid) == self.home_place

    def on_my_board(self, state: State, j: int) -> bool:
        """Whether seat j's cards stand on this game's board (its game has a board of the same size)."""
        return self.board_size is not None and getattr(state.games[j], "board_size", None) == self.board_size

    def seen_from(self, j: int, i: int, square: tuple[int, int]) -> tuple[int, int]:
        """A square of seat j's side as seat i sees it (the board turned half round for the other player)."""
        if i == j or self.board_size is None:
            return square
        columns, ranks = self.board_size
        return columns + 1 - square[0], ranks + 1 - square[1]

    def square_of(self, state: State, i: int, j: int, uid: int) -> tuple[int, int] | None:
        """The square seat j's card ``uid`` stands on, as seat i sees the board (None: on no square)."""
        module = state.games[j]
        place = module.place_of(state.seats[j], uid)
        square = module.square.get(place) if place is not None else None
        return self.seen_from(j, i, square) if square is not None else None

    def squares_held(self, state: State, i: int) -> dict[tuple[int, int], int]:
        """The squares the opposing cards on this board stand on, as seat i sees them → the card."""
        held: dict[tuple[int, int], int] = {}
        for j in range(len(state.seats)):
            if j != i and self.on_my_board(state, j):
                their, at = state.games[j], state.seats[j].at
                for uid in their.characters(state, j):  # (as square_of finds: each card in play is on its place)
                    square = their.square.get(at.get(uid))
                    if square is not None:
                        held[self.seen_from(j, i, square)] = uid
        return held

    def board_targets(self, state: State, i: int, attacker: int, defender: int, chars: list[int],
                      player: bool) -> tuple[list[int], bool]:
        """On a shared board: the opposing characters on squares next to the attacker's, and whether the player
        may be attacked (the attacker next to its home square, none of its cards there)."""
        mine = self.square_of(state, i, i, attacker)
        if mine is None or self.board_attacks != "adjacent":
            return [], False
        # the squares next to it, as the defender's side names them (turning the board round is its own inverse)
        turned = i != defender
        near = self._near.get((mine, turned))
        if near is None:
            near = self._near[(mine, turned)] = frozenset(
                self.seen_from(i, defender, (mine[0] + dc, mine[1] + dr)) for dc, dr in ((1, 0), (-1, 0), (0, 1),
                                                                                      (0, -1)))
        their = state.games[defender]
        at, squares = state.seats[defender].at, their.square
        reached = [u for u in chars if squares.get(at.get(u)) in near]  # (chars: cards in play, each on its place)
        home = their.home_place
        if not player or home is None or squares[home] not in near:
            return reached, False
        guarded = any(at.get(u) == home for u in their.characters(state, defender))
        return reached, not guarded

    def put_on_place(self, state: State, i: int, uid: int, place: str) -> None:
        """Put a card (already in the field zone) on a place; the card there before is retired."""
        seat = state.seats[i]
        seat.at.pop(uid, None)  # (a place it stood on before it last left play is no longer its)
        before = self.occupant(state, i, place)
        if before is not None and before != uid:
            self._retire(state, i, before, "replaced")
        seat.at[uid] = place

    def _retire(self, state: State, i: int, uid: int, why: str) -> None:
        seat = state.seats[i]
        seat.zones[self.field].remove(uid)
        seat.zones[self.discard].append(uid)
        seat.at.pop(uid, None)
        seat.rested.discard(uid)
        for table in (seat.mods, seat.lasting, seat.damage, seat.granted):
            table.pop(uid, None)
        if seat.until_next:
            seat.forget(uid)
        state.emit("retired", seat=i, card=uid, name=state.cards[uid].name, why=why)
        push_effects(state, i, uid, "leave")
        if self.counts_knock_outs:
            self.knocked_out(state, i, uid)

    def free_place(self, state: State, i: int) -> str | None:
        """Where a card put into play with no place named goes: the first open place (None: no place is open)."""
        open_places = self._open_places(state, i)
        return open_places[0] if open_places else None

    def place_problems(self, state: State, i: int) -> list[str]:
        """No two cards on one place; every card in the field on a place of this game."""
        if not self.places:
            return []
        seat = state.seats[i]
        field = seat.zones[self.field]
        places = [seat.at.get(u) for u in field]
        problems = []
        if None in places:
            problems.append(f"seat {i} has cards in play on no place: {[u for u in field if u not in seat.at][:5]}")
        known = [p for p in places if p is not None]
        if len(set(known)) < len(known):
            problems.append(f"seat {i} has two cards on one place")
        if any(p not in self.row_of for p in known):
            problems.append(f"seat {i} has a card on an unknown place")
        if self.board_size is not None:
            held = self.squares_held(state, i)
            shared = [u for u in field if self.square_of(state, i, i, u) in held]
            if shared:
                problems.append(f"seat {i}'s card {shared[0]} stands on a square an opposing card holds")
        return problems

    def _seat_view(self, state: State, i: int) -> dict[str, object]:
        """What the observation adds for a seat of this game: each card in play's place, the leader's place, and
        the damage taken (a ダメージ蓄積 game) with its limit."""
        seat = state.seats[i]
        view: dict[str, object] = {"at": {u: seat.at[u] for u in seat.zones[self.field] if u in seat.at},
                                   "leader_place": self.leader_place}
        if state.rules[i].life_system == "ダメージ蓄積":
            view |= {"life_taken": len(seat.zones[self.life_zone]), "life_limit": self.damage_limit or state.rules[i].life}
        return view

    # --- levels, calls and rides ---------------------------------------------------------------------

    def leader_level(self, state: State, i: int) -> int:
        leader = self.leader_card(state, i)
        return state.cards[leader].level if leader is not None else 0

    def callable_level(self, state: State, i: int, uid: int, level: int | None = None) -> bool:
        """Whether a card may be called under the call limit (``level``: the leader's, when already known)."""
        if not self.call_limit:
            return True
        return state.cards[uid].level <= (self.leader_level(state, i) if level is None else level)

    def call_actions(self, state: State, i: int, uid: int,
                     orders: dict[bool | None, tuple[str, ...]] | None = None) -> list[Action]:
        """``play X PLACE`` for each place a character may be called to: open places first (the front row
        first, or the back row first for a card with the boost keyword), occupied ones after; on a shared board,
        :meth:`_board_order`. ``orders``: the orders this decision's menu has worked out already (the order does not
        depend on the card but for the boost keyword), kept by the caller and filled in as it goes."""
        back_first = None if self.board_size is not None else (
            self.boost_keyword is not None and self.boost_keyword in state.cards[uid].keywords)
        order = orders.get(back_first) if orders is not None else None
        if order is None:
            order = self._board_order(state, i) if back_first is None else self._call_order(state, i, back_first)
            if orders is not None:
                orders[back_first] = order
        return [_new(Action, ("play", (uid, p))) for p in order]

    def _call_order(self, state: State, i: int, back_first: bool) -> tuple[str, ...]:
        open_places = self._open_places(state, i)
        order = self._call_orders.get((open_places, back_first))
        if order is None:
            if len(self._call_orders) > 4096:
                self._call_orders.clear()
            order = self._call_orders[open_places, back_first] = tuple(
                p for p in sorted(self.places, key=lambda p: (p not in open_places,
                                                              (self.row_of[p] == "back") != back_first))
                if p != self.leader_place)
        return order

    def _board_order(self, state: State, i: int) -> tuple[str, ...]:
        """The squares a character may be called to on a shared board: never a square an opposing card holds, an
        own card's square only while it stands (rebooted: played over). The best squares first: next to an
        opposing player's empty home square or to an opposing card (it may attack from there at once), then its own
        home square (it guards the player), then the nearest others."""
        held = self.squares_held(state, i)
        seat = state.seats[i]
        at, rested = seat.at, seat.rested
        mine: dict[str | None, bool] = {}  # an own card's place → whether the card on it is rested (the first)
        for u in seat.zones[self.field]:
            mine.setdefault(at.get(u), u in rested)
        homes = set()
        for j in range(len(state.seats)):
            their = state.games[j]
            if j != i and self.on_my_board(state, j) and their.home_place is not None:
                home = self.seen_from(j, i, their.square[their.home_place])
                if home not in held:
                    homes.add(home)
        key = (frozenset(held), frozenset(homes), frozenset(mine.items()))
        order = self._board_orders.get(key)
        if order is not None:
            return order

        next_to, index, home_place = self._next_to, self._index, self.home_place

        def rank(p: str) -> tuple[int, bool, int]:
            near = next_to[p]
            first = 0 if not near.isdisjoint(homes) else 1 if not near.isdisjoint(held) else 2 if p == home_place else 3
            return first, p in mine, index[p]

        if len(self._board_orders) > 16384:
            self._board_orders.clear()
        order = self._board_orders[key] = tuple(sorted((p for p in self.places if self.square[p] not in held
                                                        and not mine.get(p, False)), key=rank))
        return order

    def ride_actions(self, state: State, i: int) -> list[Action]:
        ride = self.ride_rule
        seat = state.seats[i]
        if ride is None or seat.counters.get(RIDES, 0) >= ride.per_turn:
            return []
        leader = self.leader_card(state, i)
        if leader is None:
            return []
        level = state.cards[leader].level
        low = level if ride.same_level else level + 1
        cards, kinds = state.cards, self.characters_types
        return [_new(Action, ("ride", (u,))) for u in seat.zones[self.hand]
                if cards[u].type in kinds and low <= cards[u].level <= level + ride.step]

    def ride(self, state: State, i: int, uid: int) -> None:
        """The card from hand onto the leader's place; the old leader goes under it (to the soul)."""
        seat = state.seats[i]
        assert self.leader_place is not None
        old = self.leader_card(state, i)
        seat.zones[self.hand].remove(uid)
        if old is not None:
            seat.zones[self.field].remove(old)
            seat.at.pop(old, None)
            seat.rested.discard(old)
            for table in (seat.mods, seat.lasting, seat.damage, seat.granted):
                table.pop(old, None)
            if seat.until_next:
                seat.forget(old)
            seat.zones[self.soul].append(old)
        seat.zones[self.field].append(uid)
        seat.at[uid] = self.leader_place
        seat.entered[uid] = state.turn
        seat.counters[RIDES] = seat.counters.get(RIDES, 0) + 1
        state.emit("ride", seat=i, card=uid, name=state.cards[uid].name, level=state.cards[uid].level,
                   **({"under": old} if old is not None else {}))
        push_effects(state, i, uid, "play")
        if old is not None:  # the old leader left the field for the soul (its effects resolve first)
            push_effects(state, i, old, "leave")
            push_effects(state, i, old, "ridden")  # (resolves first: ridden upon, before it left)

    def first_leader_actions(self, state: State, i: int) -> list[Action]:
        """Setup: one card of the first leader's level from the deck (one action per card id)."""
        if self.first_leader is None or self.leader_card(state, i) is not None:
            return []
        seen: dict[str, int] = {}
        cards, kinds = state.cards, self.characters_types
        for u in state.seats[i].zones[self.deck]:
            card = cards[u]
            if card.type in kinds and card.level == self.first_leader:
                seen.setdefault(card.card_id, u)
        return [_new(Action, ("first-leader", (u,))) for u in sorted(seen.values())]

    def set_first_leader(self, state: State, i: int, uid: int) -> None:
        seat = state.seats[i]
        seat.zones[self.deck].remove(uid)
        self._on_leader_place(seat, uid)
        shuffle(state.rng, seat.zones[self.deck])
        state.emit("first-leader", seat=i, card=uid, name=state.cards[uid].name)

    def _set_leader(self, state: State, i: int, uid: int) -> None:
        """Setup (``play.leader_card``): the leader card kept outside the deck goes onto the leader's place."""
        seat, kind = state.seats[i], self.leader_kind
        assert kind is not None
        seat.zones[kind].remove(uid)
        self._on_leader_place(seat, uid)
        state.emit("leader-set", seat=i, card=uid, name=state.cards[uid].name)

    def _on_leader_place(self, seat: Seat, uid: int) -> None:
        seat.zones[self.field].append(uid)
        assert self.leader_place is not None
        seat.at[uid] = self.leader_place
        seat.entered[uid] = 0  # in play from the start: no summoning sickness

    def move_actions(self, state: State, i: int) -> list[Action]:
        if not self.moves:
            return []
        seat = state.seats[i]
        at, mates = seat.at, self._column_mates
        out = []
        for u in seat.zones[self.field]:  # (a card in the field zone: its place, if any, is its own)
            place = at.get(u)
            if place is not None and place != self.leader_place:
                for other in mates[place]:
                    out.append(_new(Action, ("move", (u, other))))
        return out

    def move(self, state: State, i: int, uid: int, place: str) -> None:
        seat = state.seats[i]
        old = self.place_of(seat, uid)
        there = self.occupant(state, i, place)
        seat.at[uid] = place
        if there is not None and old is not None:
            seat.at[there] = old
        state.emit("moved", seat=i, card=uid, to=place, **({"swapped": there} if there is not None else {}))

    # --- attacks ------------------------------------------------------------------------------------

    def row_of_card(self, state: State, i: int, uid: int) -> str:
        place = self.place_of(state.seats[i], uid)
        return (self.row_of.get(place) if place is not None else None) or "front"

    def in_attack_rows(self, seat: Seat, uid: int) -> bool:
        rows = self.attack_rows
        if rows is None:
            return True
        place = self.place_of(seat, uid)
        return place is not None and self.row_of.get(place) in rows

    def supports(self, state: State) -> list[Action]:
        """The host's boosters for the attack being declared: standing back-row cards with the boost keyword in
        the attacker's column, behind it."""
        attack = state.attack
        if attack is None:
            return []
        i = state.active
        seat = state.seats[i]
        place = self.place_of(seat, attack.attacker)
        if place is None or self.row_of.get(place) != "front":
            return []
        column = self.column_of[place]
        keyword = self.boost_keyword
        return [_new(Action, ("boost", (u,))) for u in standing(seat, seat.zones[self.field])
                if u != attack.attacker and keyword in state.cards[u].keywords
                and (p := self.place_of(seat, u)) is not None and self.row_of.get(p) == "back"
                and self.column_of[p] == column]

    def apply_support(self, state: State, uid: int) -> None:
        attack = state.attack
        assert attack is not None
        state.seats[state.active].rested.add(uid)
        attack.power += ap(state, uid)
        state.emit("boost", seat=state.active, card=uid, attacker=attack.attacker, power=attack.power)
        push_effects(state, state.active, uid, "boost")

    def guarded_card(self, state: State) -> int | None:
        """The card an attack on this game's seat is against: its target, or the leader for the player."""
        attack = state.attack
        assert attack is not None
        if attack.target is not None:
            return attack.target
        return self.leader_card(state, attack.defender)

    def guards(self, state: State, i: int) -> list[Action]:
        """Cards from hand (within the call limit) with a guard value, and front-row interceptors."""
        attack = state.attack
        if attack is None or not self.guards_attacks:
            return []
        seat, cards = state.seats[i], state.cards
        level = self.leader_level(state, i) if self.call_limit else 0
        out = [_new(Action, ("guard", (u,))) for u in seat.zones[self.hand]
               if cards[u].shield > 0 and cards[u].type in self.characters_types
               and self.callable_level(state, i, u, level)]
        if self.intercept is not None:
            for u in seat.zones[self.field]:
                place = self.place_of(seat, u)
                if (u != attack.target and place is not None and place != self.leader_place
                        and self.row_of.get(place) == "front" and self.intercept in cards[u].keywords
                        and cards[u].shield > 0):
                    out.append(_new(Action, ("guard", (u,))))
        return [*out, _GUARD_DONE] if out else []

    def apply_guard(self, state: State, i: int, uid: int) -> None:
        seat = state.seats[i]
        attack = state.attack
        assert attack is not None and self.guard_zone is not None
        source = self.hand if uid in seat.zones[self.hand] else self.field
        seat.zones[source].remove(uid)
        seat.at.pop(uid, None)
        seat.rested.discard(uid)
        seat.zones[self.guard_zone].append(uid)
        attack.shield += state.cards[uid].shield
        state.emit("guard", seat=i, card=uid, name=state.cards[uid].name, shield=attack.shield,
                   **({"intercept": True} if source == self.field else {}))

    def close_battle(self, state: State, i: int) -> None:
        """The battle is over: the guardians go to the discard pile."""
        seat = state.seats[i]
        if self.guard_zone is None or not seat.zones.get(self.guard_zone):
            return
        guardians = seat.zones[self.guard_zone]
        seat.zones[self.discard] += guardians
        state.emit("guardians-retired", seat=i, cards=len(guardians))
        seat.zones[self.guard_zone] = []

    def player_hit(self, state: State, i: int) -> bool:
        """Through the leader: the attack's power (boosts included) against the leader's (guards included)."""
        attack = state.attack
        assert attack is not None
        leader = self.leader_card(state, i)
        if leader is None:
            return True
        power, defence = ap(state, attack.attacker) + attack.power, dp(state, leader) + attack.shield
        if power >= defence:
            return True
        state.emit("no-hit", seat=i, attacker=attack.attacker, power=power, defence=defence)
        return False

    def checks_of(self, state: State, attacker: int) -> int:
        """How many attack checks this attacker's attack makes."""
        count = self.attack_check
        if self.check_by_leader and attacker != self.leader_card(state, state.active):
            return 0
        if self.extra_check is not None and self.extra_check in state.cards[attacker].keywords:
            count += 1
        return count

    attack_check: int


_GUARD_DONE = Action("guard-done")
