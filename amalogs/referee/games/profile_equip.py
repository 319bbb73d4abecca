"""Equipment attached by an ability of its own (``[play.equip]``) for a core game played from its data
(:class:`~amalogs.referee.games.profile.ProfileGame`): Magic's 装備品.

An equipment card is played as any permanent is and lies on the field attached to nothing. In its main phase a
player may pay a piece of equipment's equip cost (the number stat ``cost``, in resources of any colour) to attach
it to one of its own characters (``equip E C``: equipment E onto character C), moving it from the character it was
on, if any. Its static effects that name the character it is attached to act on that character while it stays
attached (the auras read ``Seat.attached``: :func:`amalogs.referee.engine.values.refresh_auras`). When the
character leaves play the equipment stays on the field attached to nothing (``stays``), or goes with it
(:func:`amalogs.referee.engine.field.destroy` reads ``CoreGame.keeps_equipment``).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.state import CardData, Seat, State
from amalogs.referee.games.profile_energy import ProfileEnergy
from amalogs.referee.games.profile_places import _new

if TYPE_CHECKING:
    from amalogs.catalog import Game

__all__ = ["ProfileEquip"]


class ProfileEquip(ProfileEnergy):
    """Equipment and its equip cost (see the module docstring); the payment is the plays' (:class:`ProfilePlays`)."""

    equip_rule: Any  # the profile's play.equip (models.play.Equip), or None
    equip_types: frozenset[str]
    equip_costs: dict[str, CardData]  # card id → what its equip cost pays like: a card of that cost, no colours

    def _read_equip(self, game: Game) -> None:
        rule = game.profile.play.equip
        self.equip_rule = rule
        self.equip_types = frozenset(rule.types) if rule is not None else frozenset()
        self.keeps_equipment = self.equip_types if rule is not None and rule.stays else frozenset()
        if rule is not None:
            self.equipment_zone = self.field  # (it is played onto the field and stays there, attached or not)
        self.equip_costs = {}

    def read_equip_card(self, card: Any, data: CardData) -> None:
        """Note an equipment card's equip cost as it is read (a card with no such stat cannot be attached)."""
        if data.type in self.equip_types:
            raw = card.stats.get(self.equip_rule.cost)
            if isinstance(raw, int) and not isinstance(raw, bool):
                self.equip_costs[card.id] = dataclasses.replace(data, cost=raw, colours=(), cost_table=(), effects=())

    def payment(self, state: State, seat: Seat, card: CardData) -> list[int] | None:  # (the plays' own)
        raise NotImplementedError

    def _spend(self, state: State, i: int, card: CardData) -> None:  # (the plays' own)
        raise NotImplementedError

    def equip_actions(self, state: State, i: int, characters: list[int]) -> list[Action]:
        """``equip E C`` for each piece of equipment E on the seat's field whose equip cost it can pay now, onto each
        of its characters C that E is not attached to already."""
        seat = state.seats[i]
        if not characters:
            return []
        cards, costs, out = state.cards, self.equip_costs, []
        payable: dict[int, bool] = {}  # (by cost: what one payment check found)
        for e in seat.zones[self.field]:
            cost = costs.get(cards[e].card_id)
            if cost is None:
                continue
            ok = payable.get(cost.cost)
            if ok is None:
                ok = payable[cost.cost] = self.payment(state, seat, cost) is not None
            if ok:
                on = seat.attached.get(e)
                out += [_new(Action, ("equip", (e, c))) for c in characters if c != on]
        return out

    def equip(self, state: State, i: int, uid: int, character: int) -> None:
        """Pay ``uid``'s equip cost and attach it to ``character``."""
        seat = state.seats[i]
        self._spend(state, i, self.equip_costs[state.cards[uid].card_id])
        seat.attached[uid] = character
        state.auras_stale = True
        state.emit("equip", seat=i, card=uid, target=character)
