"""Evolution (``[play.evolve]``) for a core game played from its data
(:class:`~amalogs.referee.games.profile.ProfileGame`).

An evolution card prints the name of the card it goes onto (``base_stat``). In its main phase a player may put
one, from its hand or from its evolve deck (``deck``), onto a character of that name in play — one that has been
in play since the start of the turn, where ``wait`` says so — paying its cost, one evolve point, or nothing
(``pays``), at most ``per_turn`` times a turn. The evolved card takes the base's place in the field (its place,
damage, rested state and the turn it came, so it may attack if the base could); the base goes under it, into
the ``under`` zone, and leaves the field with it. ``evolve X Y``: card X onto character Y.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.stack import push_effects
from amalogs.referee.engine.state import CardData, Seat, State
from amalogs.referee.games.profile_places import ProfilePlaces, _new

if TYPE_CHECKING:
    from amalogs.catalog import Game

__all__ = ["EVOLVES", "EVOLVE_POINTS", "ProfileEvolve"]

EVOLVES = "evolves"  # seat counter: evolutions this turn (play.evolve.per_turn)
EVOLVE_POINTS = "evolve-points"  # seat counter: evolve points left (play.evolve.pays = "points")
UNDER = "under"  # the engine's zone for the cards under an evolved character
EVOLVED = -2
"""In a seat's once-a-turn set (``Seat.used``) with a card: it evolved this turn (with ``wait``, it evolves no
further until the next turn)."""


class ProfileEvolve(ProfilePlaces):
    """Evolution (see the module docstring); the payment is the plays' (:class:`ProfilePlays`)."""

    evolve: Any  # the profile's play.evolve (models.game.Evolve), or None
    evolve_zone: str | None  # where evolution cards wait: the evolve deck, or the hand
    evolve_stat: str | None  # the native stat naming an evolution card's base

    def _read_evolve(self, game: Game) -> None:
        evolve = game.profile.play.evolve
        self.evolve = evolve
        # (a side deck's cards lie in the zone named by its id, as the seat is dealt: engine.instances.deck_parts)
        self.evolve_zone = None if evolve is None else evolve.deck or self.hand
        self.evolve_stat = evolve.base_stat if evolve is not None else None

    def payment(self, state: State, seat: Seat, card: CardData) -> list[int] | None:  # (the plays' own)
        raise NotImplementedError

    def _spend(self, state: State, i: int, card: CardData) -> None:  # (the plays' own)
        raise NotImplementedError

    def deal_evolve_points(self, seat: Seat, second: bool) -> None:
        """At setup: the evolve points a player has for the match."""
        evolve = self.evolve
        if evolve is not None and evolve.pays == "points":
            seat.counters[EVOLVE_POINTS] = evolve.points + (evolve.second_player_extra if second else 0)

    def evolve_actions(self, state: State, i: int, characters: list[int] | None = None) -> list[Action]:
        """``evolve X Y`` for every evolution card X (one per card id) and character Y of the name X prints
        (``characters``: the seat's characters in play, when the caller has them)."""
        evolve, seat = self.evolve, state.seats[i]
        if evolve.per_turn is not None and seat.counters.get(EVOLVES, 0) >= evolve.per_turn:
            return []
        if evolve.pays == "points" and seat.counters.get(EVOLVE_POINTS, 0) <= 0:
            return []
        cards = state.cards
        waiting = [u for u in seat.zones[self.evolve_zone] if cards[u].evolves_from]  # type: ignore[index]
        if not waiting:
            return []
        wanted = {cards[u].evolves_from for u in waiting}
        bases: dict[str, list[int]] = {}
        for c in self.characters(state, i) if characters is None else characters:
            name = cards[c].name
            if name in wanted and not (evolve.wait and (seat.entered.get(c) == state.turn or (c, EVOLVED) in seat.used)):
                bases.setdefault(name, []).append(c)
        if not bases:
            return []
        out: list[Action] = []
        seen: set[str] = set()
        for u in waiting:
            card = cards[u]
            targets = bases.get(card.evolves_from or "")
            if not targets or card.card_id in seen:
                continue
            if evolve.pays == "cost" and self.payment(state, seat, card) is None:
                continue
            seen.add(card.card_id)
            out += [_new(Action, ("evolve", (u, b))) for b in targets]
        return out

    def evolve_onto(self, state: State, i: int, uid: int, base: int) -> None:
        """Card ``uid`` onto character ``base``: paid for, it takes the base's place and state; the base goes
        under it."""
        evolve, seat, card = self.evolve, state.seats[i], state.cards[uid]
        if evolve.pays == "cost":
            self._spend(state, i, card)
        elif evolve.pays == "points":
            seat.counters[EVOLVE_POINTS] = seat.counters.get(EVOLVE_POINTS, 0) - 1
        seat.zones[self.evolve_zone].remove(uid)  # type: ignore[index]
        field = seat.zones[self.field]
        field[field.index(base)] = uid
        seat.zones[UNDER].append(base)
        seat.under[uid] = [base, *seat.under.pop(base, [])]
        for numbers in (seat.damage, seat.entered):
            if base in numbers:
                numbers[uid] = numbers.pop(base)
        if base in seat.at:
            seat.at[uid] = seat.at.pop(base)
        seat.mods.pop(base, None)  # changes to the base end with it
        seat.lasting.pop(base, None)
        seat.granted.pop(base, None)
        if seat.until_next:
            seat.forget(base)
        if base in seat.rested:
            seat.rested.discard(base)
            seat.rested.add(uid)
        seat.counters[EVOLVES] = seat.counters.get(EVOLVES, 0) + 1
        if evolve.wait:  # (a card that evolved this turn waits, as one that came this turn does)
            seat.used.add((uid, EVOLVED))
        state.auras_stale = True
        state.emit("evolve", seat=i, card=uid, base=base, name=card.name)
        push_effects(state, i, uid, "play")
