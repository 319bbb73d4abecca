"""Energy attached from the hand, attack costs, retreat, a limit on the characters in play, limits by card type and
weakness, for a core game played from its data (:class:`~amalogs.referee.games.profile.ProfileGame`).

- **attached from the hand** (``resources.attach.from_hand``): in its main phase a player may put one resource
  card from its hand onto one of its characters in play (``attach E C``), once a turn (the turn's one resource
  play). It lies in the resource zone, attached to that character, and leaves play with it (to the discard pile).
- **attack cost** (``battle.attack_cost``): a character attacks only while as many resources are attached to it
  as it prints; with ``resources.colour_rule = "one-of-colour"``, one of them shares a colour with it (a
  character of no colour that counts takes any).
- **retreat** (``play.retreat``, with 選抜リーダー制): ``retreat C`` makes character C the leader in place of the
  old one, which puts as many of its attached resources as it prints into the discard pile (the last attached
  first); ``per_turn`` times a turn.
- **field limit** (``play.field_limit``): no character is put into play from hand while the player has that many;
  one put into play by an effect then goes to the discard pile.
- **limits by card type** (``play.limits``): at most ``per_turn`` cards of the type from hand a turn (and none in
  the first player's first turn where ``first_turn`` is false).
- **weakness** (``battle.weakness``): battle damage that an attacking character of this game with a colour the
  attacked character prints deals it is multiplied by ``times``.

Evolution from the hand goes with these (:mod:`~amalogs.referee.games.profile_evolve`): an evolution card is never
played as a new character, nor chosen as the first leader; the leader that evolves stays the leader, and what is
attached to a character stays attached to what it evolves into.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.state import Seat, State
from amalogs.referee.games.profile_evolve import ProfileEvolve
from amalogs.referee.games.profile_places import _new

if TYPE_CHECKING:
    from amalogs.catalog import Game
    from amalogs.models.cards import Card

__all__ = ["LEADER", "ProfileEnergy"]

LEADER = "leader"  # seat counter: the leader's card (選抜リーダー制)
RETREATS = "retreats"  # seat counter: retreats this turn (play.retreat.per_turn)
_TYPE_PLAYS = "plays:"  # seat counter prefix: cards of a limited type played from hand this turn (play.limits)


def _number(value: Any) -> int:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


class ProfileEnergy(ProfileEvolve):
    """Energy, retreat and the limits that go with them (see the module docstring)."""

    resource_zone: str
    resource_types: frozenset[str]
    colour_rule: str
    coloured: frozenset[str]
    leader_rule: bool
    one_sided: bool

    def _read_energy(self, game: Game) -> None:
        profile = game.profile
        res, play, battle = profile.resources, profile.play, profile.battle
        self.from_hand = res.attach is not None and res.attach.from_hand
        self.attack_cost_stat = battle.attack_cost if self.from_hand else None
        self.retreat_rule = play.retreat if self.from_hand else None
        self.attack_cost_of: dict[str, int] = {}  # card id → the resources it needs attached to attack
        self.retreat_cost_of: dict[str, int] = {}  # card id → what its retreat discards
        self.field_limit = play.field_limit
        self.type_limits = {limit.type: limit for limit in play.limits}
        weakness = battle.weakness
        self.weakness_stat = weakness.stat if weakness is not None else None
        self.weakness_times = weakness.times if weakness is not None else 1
        self.weak_to: dict[str, frozenset[str]] = {}  # card id → the colours it is weak to
        self.hand_evolution = play.evolve is not None and play.evolve.deck is None
        # (whether the main phase's menus ask for the characters in play: worked out once for them)
        self.asks_characters = self.from_hand or self.field_limit is not None or play.evolve is not None
        if self.from_hand:
            self.seat_view = self._energy_view

    def read_energy_card(self, card: Card) -> None:
        """What a card prints for the forms above, read once per card id (as the match's cards are made)."""
        if self.attack_cost_stat is not None:
            self.attack_cost_of[card.id] = _number(card.stats.get(self.attack_cost_stat))
        if self.retreat_rule is not None:
            self.retreat_cost_of[card.id] = _number(card.stats.get(self.retreat_rule.stat))
        if self.weakness_stat is not None:
            weak = card.stats.get(self.weakness_stat)
            colours = [weak] if isinstance(weak, str) else weak if isinstance(weak, list | tuple) else []
            self.weak_to[card.id] = frozenset(str(c) for c in colours if c)

    # --- attaching from the hand -----------------------------------------------------------------------

    @staticmethod
    def attached_to(seat: Seat, uid: int) -> list[int]:
        """The resources attached to character ``uid``, in the order they came."""
        return [e for e, c in seat.attached.items() if c == uid]

    def attach_from_hand_actions(self, state: State, i: int, characters: list[int]) -> list[Action]:
        """``attach E C``: each resource card of the hand (one per card id) onto each character in play."""
        seat = state.seats[i]
        if seat.energy_placed or not characters:
            return []
        cards, seen, out = state.cards, set(), []
        for u in seat.zones[self.hand]:
            card = cards[u]
            if card.type in self.resource_types and card.card_id not in seen:
                seen.add(card.card_id)
                out += [_new(Action, ("attach", (u, c))) for c in characters]
        return out

    def attach_from_hand(self, state: State, i: int, uid: int, character: int) -> None:
        seat = state.seats[i]
        seat.zones[self.hand].remove(uid)
        seat.zones[self.resource_zone].append(uid)
        seat.attached[uid] = character
        seat.energy_placed = True
        state.emit("attach", seat=i, card=character, name=state.cards[character].name, resource=uid,
                   attached=len(self.attached_to(seat, character)))

    def can_attack_with(self, state: State, seat: Seat, uid: int) -> bool:
        """Whether the resources attached to ``uid`` pay its attack cost (battle.attack_cost)."""
        card = state.cards[uid]
        cost = self.attack_cost_of.get(card.card_id, 0)
        if cost <= 0:
            return True
        attached = self.attached_to(seat, uid)
        if len(attached) < cost:
            return False
        if self.colour_rule != "one-of-colour":
            return True
        colours = frozenset(card.colours) & self.coloured
        return not colours or any(not colours.isdisjoint(state.cards[e].colours) for e in attached)

    def _energy_view(self, state: State, i: int) -> dict[str, object]:
        """What the observation adds: the resources attached to each character in play, its attack cost, and the
        characters whose attached resources pay it (``armed``), and whether its attacks are one-sided (the attacked
        card strikes nothing back: an attack that does not knock out still leaves its damage)."""
        seat = state.seats[i]
        attached: dict[int, list[int]] = {}
        for e, character in seat.attached.items():
            attached.setdefault(character, []).append(e)
        field = seat.zones[self.field]
        view: dict[str, object] = self._seat_view(state, i) if self.places else {}
        return view | {"attached": {u: attached.get(u, []) for u in field},
                       "attack_cost": {u: self.attack_cost_of.get(state.cards[u].card_id, 0) for u in field},
                       "armed": [u for u in field if self.can_attack_with(state, seat, u)],
                       "one_sided": self.one_sided}

    def evolve_onto(self, state: State, i: int, uid: int, base: int) -> None:
        """Evolving keeps the leader the leader (選抜リーダー制) and what is attached attached."""
        super().evolve_onto(state, i, uid, base)
        seat = state.seats[i]
        if seat.counters.get(LEADER) == base:
            seat.counters[LEADER] = uid
        for e in self.attached_to(seat, base):
            seat.attached[e] = uid

    def place_problems(self, state: State, i: int) -> list[str]:
        """The places' invariants, and these forms': every attached card lies in the resource zone on a character in
        play; no more characters in play than the field limit."""
        problems = super().place_problems(state, i)
        seat = state.seats[i]
        if self.from_hand:
            field, zone = set(seat.zones[self.field]), set(seat.zones[self.resource_zone])
            astray = [e for e, c in seat.attached.items() if e not in zone or c not in field]
            if astray:
                problems.append(f"seat {i} has attached cards off the resource zone or on no card in play: {astray[:5]}")
        if self.field_limit is not None and len(self.characters(state, i)) > self.field_limit:
            problems.append(f"seat {i} has more characters in play than its field limit {self.field_limit}")
        return problems

    # --- retreat -------------------------------------------------------------------------------------

    def retreat_actions(self, state: State, i: int, characters: list[int] | None = None) -> list[Action]:
        """``retreat C`` for each other character C, while the leader's attached resources pay its retreat
        (``characters``: the seat's characters in play, when the caller has them)."""
        rule, seat = self.retreat_rule, state.seats[i]
        if rule is None or not self.leader_rule or seat.counters.get(RETREATS, 0) >= rule.per_turn:
            return []
        leader = seat.counters.get(LEADER)
        field = seat.zones[self.field]
        if leader is None or leader not in field:
            return []
        cost = self.retreat_cost_of.get(state.cards[leader].card_id, 0)
        if cost and list(seat.attached.values()).count(leader) < cost:  # (the resources attached to the leader)
            return []
        return [_new(Action, ("retreat", (u,))) for u in (self.characters(state, i) if characters is None else characters)
                if u != leader]

    def retreat(self, state: State, i: int, uid: int) -> None:
        seat = state.seats[i]
        old = seat.counters[LEADER]
        cost = self.retreat_cost_of.get(state.cards[old].card_id, 0)
        paid = self.attached_to(seat, old)[-cost:] if cost > 0 else []
        for e in paid:
            del seat.attached[e]
            seat.zones[self.resource_zone].remove(e)
            seat.zones[self.discard].append(e)
        seat.counters[LEADER] = uid
        seat.counters[RETREATS] = seat.counters.get(RETREATS, 0) + 1
        state.emit("retreat", seat=i, card=old, leader=uid, name=state.cards[uid].name, discarded=len(paid))

    # --- limits --------------------------------------------------------------------------------------

    def field_full(self, state: State, i: int, characters: list[int] | None = None) -> bool:
        if self.field_limit is None:
            return False
        return len(self.characters(state, i) if characters is None else characters) >= self.field_limit

    def type_limited(self, state: State, i: int, card_type: str) -> bool:
        """Whether no more cards of ``card_type`` may be played from hand this turn (play.limits)."""
        limit = self.type_limits.get(card_type)
        if limit is None:
            return False
        seat = state.seats[i]
        if not limit.first_turn and i == state.first and seat.turns == 1:
            return True
        return seat.counters.get(_TYPE_PLAYS + card_type, 0) >= limit.per_turn

    def count_type_play(self, seat: Seat, card_type: str) -> None:
        if card_type in self.type_limits:
            key = _TYPE_PLAYS + card_type
            seat.counters[key] = seat.counters.get(key, 0) + 1

    def forget_turn_limits(self, seat: Seat) -> None:
        """At the start of a turn: the turn's retreats and limited plays are counted afresh."""
        seat.counters.pop(RETREATS, None)
        for card_type in self.type_limits:
            seat.counters.pop(_TYPE_PLAYS + card_type, None)

    def weakness_damage(self, state: State, attacker: int, defender: int, dealt: dict[int, int]) -> None:
        """弱点: an attacking character of this game with a colour ``defender`` is weak to deals it ``times`` as much."""
        cards = state.cards
        weak = self.weak_to.get(cards[defender].card_id)
        seats = state.seats
        if weak and seats[cards[attacker].owner].game == self.id == seats[cards[defender].owner].game \
                and not weak.isdisjoint(cards[attacker].colours):
            dealt[attacker] *= self.weakness_times
