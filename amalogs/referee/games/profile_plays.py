"""The main phase of a core game played from its data (:class:`amalogs.referee.games.profile.ProfileGame`):
resources, paying a card's cost and playing cards — also free, as a life trigger.

A resource comes by the profile's source (a card from hand, a resource card from hand, or the deck top each
turn), or from a separate resource deck (``resources.deck``: ``per_turn`` a turn, ``first_turn`` on the first
player's first), never beyond ``resources.maximum``; a cost is paid by resting that many standing resources,
with the colours ``resources.colour_rule`` asks for. Resources that are not cards are a counter of points
(``resources.counter``, PP): its maximum grows each turn up to ``resources.maximum``, it refills, and a cost
spends that many points. ``resources.plays_per_turn`` limits the cards played from hand a turn. These are the profile game's
own methods, kept in a class of their own that :class:`~amalogs.referee.games.profile.ProfileGame` inherits
(no extra call on the hot path: ``main_actions`` runs at every decision of the main phase).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, Literal

from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.core import POINTS, POINTS_MAX, move_top, standing
from amalogs.referee.engine.stack import push_effects
from amalogs.referee.engine.state import CardData, Seat, State
from amalogs.referee.engine.values import has
from amalogs.referee.games.profile_equip import ProfileEquip

if TYPE_CHECKING:
    from amalogs.models.game import ResourceCounter, ResourceSource

__all__ = ["ATTACHED", "PLAYS", "OfTypes", "ProfilePlays"]

_ATTACK_PHASE = Action("attack-phase")
_new = tuple.__new__  # an Action made without the named tuple's argument handling (the menus make many)
PLAYS = "plays"  # seat counter: cards played from hand this turn (resources.plays_per_turn)
ATTACHED = "attached"  # card counter: resources attached to it this turn (resources.attach)


def _single_colour_counts(gives: dict[int, frozenset[str]]) -> dict[str, int] | None:
    """How many resources give each colour, when none gives more than one (else None)."""
    counts: dict[str, int] = {}
    for colours in gives.values():
        if len(colours) > 1:
            return None
        for colour in colours:
            counts[colour] = counts.get(colour, 0) + 1
    return counts


def _colour_set(colours: tuple[str, ...]) -> frozenset[str]:
    """The colours as a set (one set per tuple of colours: cards print few different ones)."""
    known = _COLOUR_SETS.get(colours)
    if known is None:
        if len(_COLOUR_SETS) > 1024:
            _COLOUR_SETS.clear()
        known = _COLOUR_SETS[colours] = frozenset(colours)
    return known


_COLOUR_SETS: dict[tuple[str, ...], frozenset[str]] = {}


class OfTypes:
    """The instances of a match's cards whose card type is one of ``kinds``, worked out once per card list (a
    match's cards never change; the entry keeps the list, so its id stays its own), so that a zone is filtered by
    instance number instead of reading each card's type."""

    __slots__ = ("kinds", "_cards", "_uids")

    def __init__(self, kinds: frozenset[str]) -> None:
        self.kinds = kinds
        self._cards: tuple[CardData, ...] | None = None
        self._uids: frozenset[int] = frozenset()

    def among(self, cards: tuple[CardData, ...]) -> frozenset[int]:
        if self._cards is not cards:
            kinds = self.kinds
            self._cards, self._uids = cards, frozenset(u for u, c in enumerate(cards) if c.type in kinds)
        return self._uids


@dataclass(slots=True)
class _Payments:
    """What the menus of one decision know of a seat's payments, worked out when first needed: its standing
    resources, the colours each gives and how many give each colour (when none gives two), and whether a cost
    (what a payment reads of a card) can be paid."""

    free: list[int] | None = None
    gives: dict[int, frozenset[str]] | None = None
    counts: dict[str, int] | None = None
    payable: dict[tuple[object, ...], bool] = field(default_factory=dict)


class ProfilePlays(ProfileEquip):
    """Resources, payments and plays of :class:`~amalogs.referee.games.profile.ProfileGame`, which reads the
    facts below from its profile and page."""

    # the colours each of a match's cards gives as a resource, by instance (the match's cards, the sets)
    _gives_table: tuple[tuple[CardData, ...] | None, list[frozenset[str]]] = (None, [])
    # the instances whose mana ability pays like a resource (the match's cards, the instances)
    _producer_table: tuple[tuple[CardData, ...] | None, frozenset[int]] = (None, frozenset())
    # what a set of standing resources pays, for the match's cards: the resources (in order) → what the menus
    # worked out of them (their colours, the counts, the costs they can pay); the same few sets come back turn
    # after turn and match after match of the same sides
    _paid_by: tuple[tuple[CardData, ...] | None, dict[tuple[int, ...], _Payments]] = (None, {})

    deck: str
    hand: str
    discard: str
    field: str
    life_zone: str
    characters_types: frozenset[str]
    resource_types: frozenset[str]
    resource_cards: OfTypes  # the instances of resource_types
    character_cards: OfTypes  # the instances of characters_types
    producing: dict[str, tuple[str, ...]]  # a card id whose mana ability pays like a resource → its colours
    keep_types: frozenset[str]
    source: ResourceSource
    costs: bool
    plays_per_turn: int | None
    colour_rule: Literal["none", "colour-cost", "one-of-colour"]
    colour_source: str | None
    coloured: frozenset[str]
    quick_types: frozenset[str]  # native card types played at spell speed 2 (Magic's instant)
    quick_keywords: frozenset[str]  # native keywords whose cards are played at spell speed 2 (flash)
    per_turn: int
    resource_deck: str | None  # the side deck resource cards come from (resources.deck)
    first_turn: int | None  # resources on the first player's first turn (resources.first_turn)
    resource_max: int | None  # resources.maximum
    counter: ResourceCounter | None  # points that are not cards (resources.counter)
    deck_top_resources: bool  # a resource from the deck top each turn
    attach_power: int  # what one attached resource adds, in thousandths (0: no attaching)
    attach_sides: tuple[int, ...]  # the sides of the battle values it adds to (AP; AP and DP for BP)
    returns_spent: bool  # paid resources go back to the bottom of the resource deck (resources.spent)

    def reactions(self, state: State, i: int) -> list[Action]:
        """Spell-speed-2 plays from hand when the host's attacks begin: cards of a type, or with a keyword, the
        page plays at spell speed 2 that this seat can pay for (placed characters aside: they need a place)."""
        if not (self.quick_types or self.quick_keywords):
            return []
        seat, cards = state.seats[i], state.cards
        out = []
        known = _Payments()
        for u in seat.zones[self.hand]:
            card = cards[u]
            if not (card.type in self.quick_types or card.keywords & self.quick_keywords):
                continue
            if self.places and card.type in self.characters_types:
                continue
            if self.costs and not self._affords(state, seat, card, known):
                continue
            out.append(_new(Action, ("react", (u,))))
        return out

    def apply_reaction(self, state: State, i: int, action: Action) -> None:
        self._play(state, i, int(action.args[0]))

    # --- resources arriving ----------------------------------------------------------------------------

    def _resource_cards(self, state: State, seat: Seat) -> list[int]:
        """The seat's resource cards: its resource zone (on the field itself, only the cards of a resource
        type: lands)."""
        zone = seat.zones[self.resource_zone]
        if self.resource_zone == self.field:
            resources = self.resource_cards.among(state.cards)
            return [u for u in zone if u in resources]
        return zone

    def _room(self, state: State, i: int, wanted: int) -> int:
        """How many of ``wanted`` new resources fit under ``resources.maximum``."""
        if self.resource_max is None:
            return wanted
        return max(0, min(wanted, self.resource_max - len(self._resource_cards(state, state.seats[i]))))

    def gain_resource(self, state: State, i: int, rested: bool) -> None:
        """One more resource (an effect's): a point, a card from the resource deck, or the deck top."""
        if self.counter is not None:
            counters = state.seats[i].counters
            counters[POINTS] = counters.get(POINTS, 0) + 1
            state.emit("points", seat=i, points=counters[POINTS], maximum=counters.get(POINTS_MAX, 0))
        elif self._room(state, i, 1):
            move_top(state, i, self.resource_deck or self.deck, self.resource_zone, "energy", rested)

    def _turn_resources(self, state: State, i: int, usual: int) -> int:
        """The resources the profile gives seat i at the start of this turn: ``usual`` (cards a turn, a
        counter's growth), or ``first_turn`` on the first player's first turn."""
        if self.first_turn is not None and i == state.first and state.seats[i].turns == 1:
            return self.first_turn
        return usual

    def resources_arrive(self, state: State, i: int) -> None:
        """At the start of seat i's turn: the counter grows and refills, or resource cards come from the
        resource deck or the deck top — never beyond ``resources.maximum``."""
        if self.counter is not None:
            seat, counter = state.seats[i], self.counter
            old = seat.counters.get(POINTS_MAX, 0)
            grown = old + self._turn_resources(state, i, counter.grows)
            top = grown if self.resource_max is None else min(grown, self.resource_max)
            points = top if counter.refills else min(seat.counters.get(POINTS, 0) + top - old, top)
            if counter.second_player_extra and i != state.first and seat.turns == 1:
                points += counter.second_player_extra
            seat.counters[POINTS_MAX], seat.counters[POINTS] = top, points
            state.emit("points", seat=i, points=points, maximum=top)
        elif self.resource_deck is not None or self.deck_top_resources:
            pile = self.resource_deck or self.deck
            for _ in range(self._room(state, i, self._turn_resources(state, i, self.per_turn))):
                move_top(state, i, pile, self.resource_zone, "energy")

    def end_turn(self, state: State, i: int) -> None:
        """At the end of seat i's turn: points beyond the counter's maximum (the second player's extra) are
        lost."""
        seat = state.seats[i]
        counters = seat.counters
        if self.counter is not None and counters.get(POINTS, 0) > counters.get(POINTS_MAX, 0):
            counters[POINTS] = counters.get(POINTS_MAX, 0)
        if self.attach_power:  # the attached resources come back (rested, as they are): their bonus ends
            for uid in [u for u, c in seat.card_counters.items() if ATTACHED in c]:
                del seat.card_counters[uid][ATTACHED]
                if not seat.card_counters[uid]:
                    del seat.card_counters[uid]

    def _is_resource(self, state: State, uid: int) -> bool:
        return state.cards[uid].type in self.resource_types

    def _free(self, state: State, seat: Seat) -> list[int]:
        """What can pay now: the standing resources, then the standing cards in play whose mana ability
        (``produce``) pays like a resource (a character that entered this turn not while its game has summoning
        sickness)."""
        zone, rested = seat.zones[self.resource_zone], seat.rested
        if self.resource_zone == self.field:  # (as standing(_resource_cards): one pass over the field)
            resources = self.resource_cards.among(state.cards)
            free = [u for u in zone if u in resources and u not in rested]
        else:
            free = [u for u in zone if u not in rested] if rested else list(zone)
        if self.producing:
            free += self._producers(state, seat)
        return free

    def _producers(self, state: State, seat: Seat) -> list[int]:
        cards = state.cards
        known = self._producer_table
        if known[0] is not cards:  # (the cards that produce: once per match's cards, a tuple never changed)
            producing = self.producing
            resources = self.resource_cards.among(cards) if self.resource_zone == self.field else frozenset()
            known = self._producer_table = (cards, frozenset(
                u for u, c in enumerate(cards) if c.card_id in producing and u not in resources))
        makers, field = known[1], seat.zones[self.field]
        if makers.isdisjoint(field):
            return []
        i = next(k for k, s in enumerate(state.seats) if s is seat)
        sick = state.rules[i].summoning_sickness
        chars = self.character_cards.among(cards)
        rested, entered, turn = seat.rested, seat.entered, state.turn
        return [u for u in field if u in makers and u not in rested
                and not (sick and u in chars and entered.get(u) == turn and not has(state, u, "速攻"))]

    def _colours_given(self, state: State, uid: int) -> tuple[str, ...]:
        card = state.cards[uid]
        return card.gives if self.colour_source is not None else card.gives or card.colours

    def payment(self, state: State, seat: Seat, card: CardData) -> list[int] | None:
        """The standing resources that pay for ``card`` (None: it cannot be paid). colour-cost: each coloured
        amount by resources giving that colour (the scarcest colour first, the resources giving fewest colours
        first), the rest by any; one-of-colour: one resource sharing a colour with the card, the rest by any.
        Points (``resources.counter``): no card is rested, so the payment is empty when the points suffice."""
        if self.counter is not None:
            return [] if card.cost <= seat.counters.get(POINTS, 0) else None
        return self._pay(state, card, self._free(state, seat), None)

    def _spend(self, state: State, i: int, card: CardData) -> None:
        """Pay ``card``'s cost: rest the resources that pay it (or return them to the bottom of the resource deck:
        resources.spent), or spend that many points."""
        seat = state.seats[i]
        if self.counter is not None:
            seat.counters[POINTS] = seat.counters.get(POINTS, 0) - max(card.cost, 0)
        elif self.returns_spent:
            paid = self.payment(state, seat, card) or []
            zone, pile = seat.zones[self.resource_zone], seat.zones[self.resource_deck]  # type: ignore[index]
            if self.producing:  # a card in play that paid with its mana ability is rested, not returned
                seat.rested.update(u for u in paid if u not in zone)
                paid = [u for u in paid if u in zone]
            for u in paid:
                zone.remove(u)
                pile.insert(0, u)  # the bottom (piles keep the top card last)
            if paid:
                state.emit("resources-returned", seat=i, cards=len(paid), deck=len(pile))
        else:
            seat.rested.update(self.payment(state, seat, card) or ())

    # --- attaching resources to a character for the turn (resources.attach: DON!!) -------------------

    def attach_actions(self, state: State, i: int, free: list[int]) -> list[Action]:
        """One action per own character in play (its leader too) while a resource stands."""
        if self.producing:
            free = [u for u in free if state.cards[u].card_id not in self.producing]
        if not free:
            return []
        return [_new(Action, ("attach", (u,))) for u in self.characters(state, i)]

    def attach(self, state: State, i: int, uid: int) -> None:
        """A standing resource onto ``uid``: it pays nothing more this turn, and ``uid`` has more power until the
        end of the turn (when the resource comes back, rested, with the others)."""
        seat = state.seats[i]
        resource = standing(seat, self._resource_cards(state, seat))[-1]
        seat.rested.add(resource)
        counts = seat.card_counters.setdefault(uid, {})
        counts[ATTACHED] = counts.get(ATTACHED, 0) + 1
        mods = list(seat.mods.get(uid, (0, 0, 0)))
        for side in self.attach_sides:
            mods[side] += self.attach_power
        seat.mods[uid] = (mods[0], mods[1], mods[2])
        state.auras_stale = True
        state.emit("attach", seat=i, card=uid, name=state.cards[uid].name, resource=resource, attached=counts[ATTACHED],
                   power=mods[0] + state.cards[uid].ap)

    def _gives(self, state: State, free: list[int]) -> dict[int, frozenset[str]]:
        cards = state.cards
        table = self._gives_table
        if table[0] is not cards:  # (worked out once per match's cards, a tuple never changed)
            own = self.colour_source is not None
            table = self._gives_table = (cards, [_colour_set(c.gives if own else c.gives or c.colours) for c in cards])
        of = table[1]
        return {u: of[u] for u in free}

    def _affords(self, state: State, seat: Seat, card: CardData, known: _Payments) -> bool:
        """Whether the seat can pay ``card``'s cost now (:meth:`payment` finds a payment), with what this
        decision's menus worked out already (``known``, filled in as it goes)."""
        if card.cost <= 0 and self.counter is None:
            return True  # (nothing to pay: the payment is empty, as :meth:`_pay` finds)
        key = (card.cost, card.colours, card.cost_table)
        ok = known.payable.get(key)
        if ok is None:
            if self.counter is not None:
                ok = card.cost <= seat.counters.get(POINTS, 0)
            else:
                if known.free is None:
                    known.free = self._free(state, seat)
                    paid_by = self._paid_by
                    if paid_by[0] is not state.cards or len(paid_by[1]) > 4096:
                        paid_by = self._paid_by = (state.cards, {})
                    seen = paid_by[1].setdefault(tuple(known.free), known)
                    if seen is not known:  # (these resources were worked out before: what they pay is known)
                        known.gives, known.counts, known.payable = seen.gives, seen.counts, seen.payable
                        ok = known.payable.get(key)
                        if ok is not None:
                            return ok
                if known.gives is None and self.colour_rule != "none":
                    known.gives = self._gives(state, known.free)
                    if self.colour_rule == "colour-cost":  # (what a colour-cost check counts)
                        known.counts = _single_colour_counts(known.gives)
                ok = self._can_pay(state, card, known.free, known.gives, known.counts)
            known.payable[key] = ok
        return ok

    def _pay(self, state: State, card: CardData, free: list[int],
             gives: dict[int, frozenset[str]] | None) -> list[int] | None:
        """:meth:`payment` from the standing resources (``free``) and, when the caller has worked them out
        already, the colours each gives (``gives``: read, never changed)."""
        if card.cost > len(free):
            return None
        if self.colour_rule == "none" or card.cost == 0:
            return free[:card.cost]
        if gives is None:
            gives = self._gives(state, free)
        if self.colour_rule == "one-of-colour":
            wanted = set(card.colours) & self.coloured
            if not wanted:
                return free[:card.cost]
            key = next((u for u in free if gives[u] & wanted), None)
            if key is None:
                return None
            return [key, *[u for u in free if u != key][:card.cost - 1]]
        needs = [(c, n) for c, n in card.cost_table if c in self.coloured and n > 0]
        if len(needs) > 1:
            needs.sort(key=lambda cn: sum(1 for u in free if cn[0] in gives[u]))
        chosen: list[int] = []
        for colour, amount in needs:
            suppliers = [u for u in free if colour in gives[u] and u not in chosen]
            if len(suppliers) < amount:
                return None
            suppliers.sort(key=lambda u: len(gives[u]))  # (a stable sort: the same order as sorted() of them)
            chosen += suppliers[:amount]
        rest = [u for u in free if u not in chosen][:card.cost - len(chosen)]
        return chosen + rest if len(chosen) + len(rest) == card.cost else None

    def _can_pay(self, state: State, card: CardData, free: list[int], gives: dict[int, frozenset[str]] | None,
                 counts: dict[str, int] | None) -> bool:
        """Whether :meth:`_pay` finds a payment. ``counts``: the standing resources giving each colour, when none
        gives more than one (the usual case); then a colour-cost payment is a matter of counts, since no resource
        can serve two colours: each coloured amount needs that many resources of its colour, and the rest of the
        cost what is left (as many as the payment would take)."""
        if card.cost > len(free):
            return False  # (as _pay finds)
        if self.colour_rule == "one-of-colour" and gives is not None and card.cost != 0:
            # (as _pay finds: a card of no colour that counts takes any resources; else one must give its colour)
            colours = _colour_set(card.colours) & self.coloured
            return not colours or any(not gives[u].isdisjoint(colours) for u in free)
        if counts is None or card.cost == 0 or self.colour_rule in ("none", "one-of-colour"):
            return self._pay(state, card, free, gives) is not None
        chosen = 0
        for colour, amount in card.cost_table:
            if colour in self.coloured and amount > 0:
                if counts.get(colour, 0) < amount:
                    return False
                chosen += amount
        left, wanted = len(free) - chosen, card.cost - chosen
        taken = min(left, wanted) if wanted >= 0 else max(0, left + wanted)  # (a slice of the rest, as _pay takes)
        return chosen + taken == card.cost

    def main_actions(self, state: State, i: int) -> list[Action]:
        seat = state.seats[i]
        actions: list[Action] = []
        hand = seat.zones[self.hand]
        if not seat.energy_placed and self.source in ("any-card", "dedicated-cards") and self.resource_deck is None \
                and not self.from_hand and (self.resource_max is None or self._room(state, i, 1)):
            any_card, cards, kinds = self.source == "any-card", state.cards, self.resource_types
            actions += [_new(Action, ("energy", (u,))) for u in hand if any_card or cards[u].type in kinds]
        if self.ride_rule is not None:
            actions += self.ride_actions(state, i)
        characters = self.characters(state, i) if self.asks_characters else None  # (once for the menus below)
        if self.from_hand or self.retreat_rule is not None:
            assert characters is not None
            actions += self.attach_from_hand_actions(state, i, characters)
            actions += self.retreat_actions(state, i, characters)
        if self.plays_per_turn is not None and seat.counters.get(PLAYS, 0) >= self.plays_per_turn:
            if self.attach_power:
                actions += self.attach_actions(state, i, self._free(state, seat))
            return [*actions, *self.move_actions(state, i), _ATTACK_PHASE]
        known = _Payments()  # the standing resources, the colours each gives, what can be paid: worked out once
        cards = state.cards
        level = self.leader_level(state, i) if self.call_limit else 0  # (worked out once for the hand)
        orders: dict[bool | None, tuple[str, ...]] = {}  # (the places' orders for calls, as worked out)
        limited = self.field_limit is not None or self.type_limits or self.hand_evolution
        full = self.field_full(state, i, characters)
        resource_types, characters_types, places, costs = (self.resource_types, self.characters_types, self.places,
                                                           self.costs)
        free_calls, no_counter, affords = self.free_calls, self.counter is None, self._affords
        for u in hand:
            card = cards[u]
            kind = card.type
            if kind in resource_types:
                continue
            if limited and (kind in characters_types and (full or self.hand_evolution and card.evolves_from)
                            or self.type_limited(state, i, kind)):
                continue  # (play.field_limit; an evolution card only evolves; play.limits)
            placed = places and kind in characters_types
            if placed and not self.callable_level(state, i, u, level):
                continue
            if costs and (card.cost > 0 or not no_counter) and not (free_calls and placed) \
                    and not affords(state, seat, card, known):
                continue
            if placed:
                actions += self.call_actions(state, i, u, orders)
            else:
                actions.append(_new(Action, ("play", (u,))))
        if self.attach_power:
            actions += self.attach_actions(state, i, self._free(state, seat) if known.free is None else known.free)
        if self.evolve is not None:
            actions += self.evolve_actions(state, i, characters)
        if self.equip_costs:
            actions += self.equip_actions(state, i, self.characters(state, i) if characters is None else characters)
        return [*actions, *self.move_actions(state, i), _ATTACK_PHASE]

    def apply_main(self, state: State, i: int, action: Action) -> bool:
        seat = state.seats[i]
        if action.verb == "energy":
            uid = int(action.args[0])
            seat.zones[self.hand].remove(uid)
            seat.zones[self.resource_zone].append(uid)
            seat.energy_placed = True
            state.emit("energy", seat=i, card=uid, energy=len(self._resource_cards(state, seat)))
            if "play" in state.cards[uid].timed and self._is_resource(state, uid):
                push_effects(state, i, uid, "play")  # a resource card's own effect as it enters (a land: tapped)
            return False
        if action.verb == "play":
            self._play(state, i, int(action.args[0]), place=str(action.args[1]) if len(action.args) > 1 else None)
            return False
        if action.verb == "ride":
            self.ride(state, i, int(action.args[0]))
            return False
        if action.verb == "move":
            self.move(state, i, int(action.args[0]), str(action.args[1]))
            return False
        if action.verb == "attach":
            if len(action.args) > 1:
                self.attach_from_hand(state, i, int(action.args[0]), int(action.args[1]))
            else:
                self.attach(state, i, int(action.args[0]))
            return False
        if action.verb == "retreat":
            self.retreat(state, i, int(action.args[0]))
            return False
        if action.verb == "evolve":
            self.evolve_onto(state, i, int(action.args[0]), int(action.args[1]))
            return False
        if action.verb == "equip":
            self.equip(state, i, int(action.args[0]), int(action.args[1]))
            return False
        return True

    produce_use: ClassVar[str | None] = "any"

    def put_into_play(self, state: State, i: int, uid: int, rested: bool) -> bool:
        """(``put_into_play``) From the hand, the life, the discard pile or the soul onto the field, played free (a
        character with no room goes to the discard pile); its own effects on play do not happen again."""
        seat = state.seats[i]
        soul = getattr(self, "soul", None)
        if soul is not None and uid in seat.zones.get(soul, ()):
            seat.zones[soul].remove(uid)
            seat.zones[self.hand].append(uid)  # (played from there, as from the hand)
        if not any(uid in seat.zones[z] for z in (self.hand, self.life_zone, self.discard)):
            return False
        self._play(state, i, uid, free=True, effects=False)
        if rested and uid in seat.zones[self.field]:
            seat.rested.add(uid)
        return True

    def _play(self, state: State, i: int, uid: int, free: bool = False, place: str | None = None,
              effects: bool = True) -> None:
        seat, card = state.seats[i], state.cards[uid]
        placed = bool(self.places) and card.type in self.characters_types
        if card.type in self.characters_types and self.field_full(state, i):  # (play.field_limit: a free play)
            self._no_room(state, i, uid)
            return
        if placed and place is None:
            place = self.free_place(state, i)
            if place is None:  # no open place (a card played free): it goes to the discard pile
                self._no_room(state, i, uid)
                return
        if not free and self.costs and not (self.free_calls and placed):
            self._spend(state, i, card)
        if not free and self.plays_per_turn is not None:
            seat.counters[PLAYS] = seat.counters.get(PLAYS, 0) + 1
        if not free and self.type_limits:
            self.count_type_play(seat, card.type)
        for zone in (self.hand, self.life_zone, self.discard):
            if uid in seat.zones[zone]:
                seat.zones[zone].remove(uid)
                break
        stays = card.type in self.characters_types or card.type in self.keep_types
        zone = self.field if stays else self.discard
        seat.zones[zone].append(uid)
        if stays:
            seat.entered[uid] = state.turn
        if placed and place is not None:
            self.put_on_place(state, i, uid, place)
            state.emit("play", seat=i, card=uid, name=card.name, zone=zone, free=free, at=place)
        else:
            state.emit("play", seat=i, card=uid, name=card.name, zone=zone, free=free)
        if effects:
            push_effects(state, i, uid, "life" if free else "play")

    def _no_room(self, state: State, i: int, uid: int) -> None:
        """A character played free with no open place, or past the field limit: to the discard pile."""
        seat = state.seats[i]
        for zone in (self.hand, self.life_zone, self.discard):
            if uid in seat.zones[zone]:
                seat.zones[zone].remove(uid)
                break
        seat.zones[self.discard].append(uid)
        state.emit("no-place", seat=i, card=uid, name=state.cards[uid].name)

    def trigger(self, state: State, i: int, uid: int, use: bool) -> None:
        if use:
            self._play(state, i, uid, free=True)
