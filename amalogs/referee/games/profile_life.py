"""The defender's side of a core game played from its data (:class:`amalogs.referee.games.profile.ProfileGame`):
its life taking hits, healing, life triggers and prize cards, by the page's life system.

シールドライフ and ライフカード (each point moves a life card to the hand; a card with a life trigger may be
played free), フォートライフ (forts with the tiers' defence; a DDS attack's damage adds up on the top fort within
the turn), ダメージ蓄積 (the deck top into the damage area, reaching the limit loses), ライフポイント (a number)
and プライズカード (one taken per opposing character knocked out). These are the profile game's own methods,
kept in a class of their own that :class:`~amalogs.referee.games.profile.ProfileGame` inherits (no extra call
on the hot path).
"""

from __future__ import annotations

from typing import Any

from amalogs.referee.engine.core import CoreGame, HitResult, damage_top_fort, move_top
from amalogs.referee.engine.field import finish, lose
from amalogs.referee.engine.registry import opponents
from amalogs.referee.engine.stack import is_check_trigger, push_effects
from amalogs.referee.engine.state import State
from amalogs.referee.engine.values import ap, sp

__all__ = ["KNOCKED_OUT", "LIFE_TRIGGERS", "ProfileLife"]

LIFE_TRIGGERS = frozenset({"ライフトリガー", "チェックトリガー"})
KNOCKED_OUT = "knocked-out"  # seat counter: its characters knocked out by the other side (prize cards)


class ProfileLife(CoreGame):
    """Life, damage and prize cards of :class:`~amalogs.referee.games.profile.ProfileGame`, which reads the
    facts below from its profile and page."""

    deck: str
    hand: str
    discard: str
    life_zone: str
    damage_limit: int | None
    prize_goal: int | None
    life_to: str  # where a card taken from シールドライフ or ライフカード goes (the hand, or the discard pile)
    layers: tuple[Any, ...]  # the profile's life.layers, outermost first (models.game.LifeLayer)
    base_unit: float  # thousandths of a canonical point per printed point of a base's HP

    def knocked_out(self, state: State, i: int, uid: int) -> None:
        """Prize cards: a character of this seat knocked out counts against it; one of another side's lets it
        take a prize card (the last one wins)."""
        owner = state.cards[uid].owner
        if owner == i:
            self._count_knock_out(state, i)
        elif owner in opponents(state, i):
            prizes = state.seats[i].zones[self.life_zone]
            taken = move_top(state, i, self.life_zone, self.hand, "prize-taken")
            goal = self.prize_goal or state.rules[i].life
            if taken is not None and (not prizes or state.rules[i].life - len(prizes) >= goal):
                finish(state, i, "took its last prize card")

    def _count_knock_out(self, state: State, i: int) -> bool:
        counters = state.seats[i].counters
        counters[KNOCKED_OUT] = counters.get(KNOCKED_OUT, 0) + 1
        state.emit("knocked-out", seat=i, count=counters[KNOCKED_OUT], of=state.rules[i].life)
        if counters[KNOCKED_OUT] >= (self.damage_limit or state.rules[i].life):
            lose(state, i, "as many of its characters knocked out as it has prize cards")
            return True
        return False

    # --- layers of life in front of the page's life (life.layers): a base, shields ---------------------------

    def outer_layer(self, state: State, i: int) -> Any:
        """The outermost layer of life still standing (a base with HP left, shields with a card left), or None."""
        seat = state.seats[i]
        for layer in self.layers:
            if (seat.zones[layer.zone] if layer.kind == "shields" else seat.counters.get(layer.id, 0) > 0):
                return layer
        return None

    def layers_left(self, state: State, i: int) -> list[float]:
        """How much of each layer stands, 0 to 1 (its shields, a base's HP)."""
        seat = state.seats[i]
        return [min(len(seat.zones[layer.zone]) / layer.count, 1.0) if layer.kind == "shields"
                else min(max(seat.counters.get(layer.id, 0), 0) / layer.hp, 1.0) for layer in self.layers]

    def strike(self, state: State, i: int, attacker: int) -> HitResult | None:
        """An attack reaches the outermost layer standing: a shield breaks, or a base takes the attacker's AP (an
        SPS attacker's SP: the published rule for HP-system characters), and the whole attack ends there. An SPS
        attack on a layer taken point by point (``sps = "point"``) goes on as hits, one per SP point."""
        layer = self.outer_layer(state, i)
        if layer is None:
            return None
        sps = state.rules[state.cards[attacker].owner].damage_system == "SPS"
        if sps and layer.sps == "point":
            return None
        if layer.kind == "shields":
            return self._break_shield(state, i, layer)
        return self._hit_base(state, i, layer, max(sp(state, attacker), 0) * 1000 if sps else ap(state, attacker))

    def _break_shield(self, state: State, i: int, layer: Any) -> HitResult:
        seat = state.seats[i]
        uid = seat.zones[layer.zone].pop()
        seat.zones[self.hand if layer.to == "hand" else self.discard].append(uid)
        state.emit("shield-broken", seat=i, card=uid, name=state.cards[uid].name, layer=layer.id,
                   shields=len(seat.zones[layer.zone]), to=layer.to)
        return self._trigger(state, uid) if layer.triggers else "ok"

    def _hit_base(self, state: State, i: int, layer: Any, amount: int) -> HitResult:
        """The base takes ``amount`` thousandths, in whole printed points (at least 1 for a hit that deals any)."""
        counters = state.seats[i].counters
        points = max(round(amount / self.base_unit), 1) if amount > 0 else 0
        counters[layer.id] = left = max(counters.get(layer.id, 0) - points, 0)
        state.emit("base-hit", seat=i, layer=layer.id, damage=points, hp=left)
        if left == 0:
            state.emit("base-broken", seat=i, layer=layer.id)
        return "ok"

    def take_hit(self, state: State, i: int) -> HitResult:
        if self.layers:  # one point of damage: the outermost layer standing takes it
            layer = self.outer_layer(state, i)
            if layer is not None:
                points, attack = 1, state.attack
                if layer.sps == "attack" and attack is not None and attack.defender == i and attack.hits_left > 0:
                    points, attack.hits_left = points + attack.hits_left, 0  # it absorbs the rest of the attack
                return self._break_shield(state, i, layer) if layer.kind == "shields" else \
                    self._hit_base(state, i, layer, 1000 * points)
        seat, rules = state.seats[i], state.rules[i]
        kind = rules.life_system
        if kind == "ライフポイント":
            return self.take_attack(state, i, 1000)
        if kind == "プライズカード":  # a point of player damage counts as a character knocked out
            return "lost" if self._count_knock_out(state, i) else "ok"
        if kind == "ダメージ蓄積":
            uid = move_top(state, i, self.deck, self.life_zone, "life-revealed")
            if len(seat.zones[self.life_zone]) >= (self.damage_limit or rules.life):
                return "lost"
            if uid is not None and is_check_trigger(state.cards[uid]):  # a damage check's trigger
                push_effects(state, i, uid, "check")
            return "ok"
        life = seat.zones[self.life_zone]
        if not life:
            return "lost"
        if kind == "フォートライフ":
            return self._break(state, i)
        uid = life.pop()
        seat.zones[self.life_to].append(uid)
        state.emit("life-revealed", seat=i, card=uid, name=state.cards[uid].name, life=len(life))
        if kind == "ライフカード" and not life:
            return "lost"
        return self._trigger(state, uid)

    def heal(self, state: State, i: int, amount: int) -> None:
        """ダメージ蓄積: that many damage cards (spent ones first, then the newest) go to the discard pile; ライフカード: that many deck-top
        cards go face down into the life; ライフポイント: points back (the engine's way); otherwise nothing."""
        kind = state.rules[i].life_system
        seat = state.seats[i]
        if kind == "ダメージ蓄積":
            damage = seat.zones[self.life_zone]
            for _ in range(min(amount, len(damage))):
                # a spent (face-down) damage card first: it can pay no more; else the newest
                uid = next((u for u in damage[::-1] if u in seat.rested), damage[-1])
                damage.remove(uid)
                seat.rested.discard(uid)
                seat.zones[self.discard].append(uid)
            state.emit("healed", seat=i, life=len(damage))
        elif kind == "ライフカード":
            deck, life = seat.zones[self.deck], seat.zones[self.life_zone]
            for _ in range(min(amount, len(deck))):
                life.append(deck.pop())
            state.emit("healed", seat=i, life=len(life))
        else:
            super().heal(state, i, amount)

    def _break(self, state: State, i: int) -> HitResult:
        """The top fort breaks: to its owner's hand (a card with a life trigger may be played free)."""
        seat = state.seats[i]
        uid = seat.zones[self.life_zone].pop()
        seat.damage.pop(uid, None)
        seat.zones[self.hand].append(uid)
        state.emit("fort-broken", seat=i, card=uid, name=state.cards[uid].name, forts=len(seat.zones[self.life_zone]),
                   to="hand")
        return self._trigger(state, uid)

    @staticmethod
    def _trigger(state: State, uid: int | None) -> HitResult:
        if uid is not None and state.cards[uid].unified & LIFE_TRIGGERS:
            state.trigger_card = uid
            return "trigger"
        return "ok"

    def take_attack(self, state: State, i: int, amount: int) -> HitResult:
        seat = state.seats[i]
        kind = state.rules[i].life_system
        if kind == "フォートライフ":  # a DDS attack's damage adds up on the top fort within the turn
            result = damage_top_fort(state, i, self.life_zone, amount)
            return self._break(state, i) if result == "break" else result
        if kind != "ライフポイント":
            return self.take_hit(state, i)
        counters = seat.counters
        counters["hp"] = max(0, counters.get("hp", 0) - amount // 1000)
        state.emit("hp", seat=i, damage=amount // 1000, hp=counters["hp"])
        return "lost" if counters["hp"] <= 0 else "ok"
