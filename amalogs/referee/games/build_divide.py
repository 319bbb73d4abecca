"""ビルディバイド -ブライト- as a core game: setup, the host turn procedure, blocks and life-zone damage.

Native rules (the game's profile and page): stand → draw (the first player skips its first draw; an empty
deck draws from the life zone, yellow first; with no life either the player loses, an effect's draw too) →
main (one energy from hand a turn; play units and commands by resting energy equal to the cost, one of each
of the card's colours) → attack (rest a standing unit to attack the player or a rested unit; a rested デコイ
unit must be the target; a standing バーサーク unit must attack, the player or a rested デコイ; the defender
may block with a standing unit that is not the target) → end (damage clears, discard to 5). Damage to the
player reveals one life card per point: バースト deals one more, ショット may be played free (spell speed 3);
if that removes the attacker, its remaining hits are not dealt. Units have no summoning sickness.

Card effects run through the canonical effect engine (:mod:`amalogs.referee.engine.effects`): a played card's
play effects, and a shot card's life effects when it is played free. A closed territory may be opened
(``open T``) in the turn an ace unit of its title enters, paying its cost; its play effects happen then,
and its activated abilities can be used while it is open.
"""

from __future__ import annotations

from amalogs.models.cards import Card
from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.core import (
    CoreGame,
    HitResult,
    draw_from_deck,
    move_top,
    seat_from,
    shuffle,
    standing,
)
from amalogs.referee.engine.effects import has, push_effects
from amalogs.referee.engine.registry import spent_characters
from amalogs.referee.engine.rules import GameRules
from amalogs.referee.engine.state import CardData, Pending, Seat, State
from amalogs.referee.engine.values import forbidden, ignores

__all__ = ["BuildDivide"]

ZONES = ("removed", "deck", "hand", "field", "energy", "life", "drop", "territory", "territory-open", "d-deck")
NO_DRAW = "drew with neither deck nor life cards"
_PLAYABLE = frozenset({"unit", "ace-unit", "command"})  # the card types played from hand
_ATTACK_PHASE = Action("attack-phase")
_new = tuple.__new__  # an Action made without the named tuple's argument handling (the hot path makes many)  # losing condition ② of seed 000: any draw, not only a turn's


# 覚醒 (awakening): an ability that works only while its controller's territory is open is written in the cards'
# data with its condition (``condition = { rule = "territory-open" }``, amalogs.referee.engine.values.CONDITIONS).
GATE_OPENING = "gate-opening-chant"  # 開門の詠唱: opens the territory of an ace on the field (carry_out_native)
ASSAULT = "assault-territory"  # アサルトテリトリー: opened, it is a unit on the field
ASSAULT_UNIT = (7000, 7000, 2000)  # its unit values as a lasting change: power 7000 (BP 7), hit 2 (thousandths)


class BuildDivide(CoreGame):
    """ビルディバイド -ブライト- behind the referee contract."""

    id = "build-divide"
    resource_zone = "energy"
    draw_out_loss: str | None = NO_DRAW  # an effect's draw with neither deck nor life cards loses too

    position_zones: dict[str, str | tuple[str, str]] = {
        "deck": "deck", "hand": "hand", "field": "field", "energy-zone": "energy", "life-zone": "life",
        "drop-zone": "drop", "territory-zone": ("territory", "territory-open"), "d-deck": "d-deck",
        "removed": "removed"}
    top_last = frozenset({"deck"})  # the life zone is held top first already
    face_down_zones = frozenset({"territory", "d-deck"})
    damage_stat: str | None = "power"
    permanent_zones: tuple[str, ...] | None = ("field", "territory-open")

    def card_data(self, card: Card, uid: int, owner: int) -> CardData:
        s = card.stats
        power, hit = int(s.get("power", 0)), int(s.get("hit", 0))  # type: ignore[arg-type]
        unit = card.type in ("unit", "ace-unit")
        title = s.get("title")
        return CardData(uid, owner, card.id, card.name, card.type, card.colours, int(s.get("play-cost", 0)),  # type: ignore[arg-type]
                        power if unit else 0, power if unit else 0, hit, frozenset(card.keywords),
                        frozenset(),
                        f"{power}/{hit}" if unit else "", (), tuple(card.effects),
                        title=title if isinstance(title, str) else None)

    def new_seat(self, parts: dict[str, list[int]], rules: GameRules) -> Seat:
        seat = seat_from(self.id, ZONES, parts, {"main": "deck", "territory": "territory", "d-deck": "d-deck"})
        seat.face_down.update(seat.zones["territory"] + seat.zones["d-deck"])  # the opponent sees only their backs
        return seat

    # --- setup ----------------------------------------------------------------------------------------

    def apply_setup(self, state: State, i: int, action: Action) -> None:
        seat = state.seats[i]
        if action.verb == "mulligan":
            aside = seat.zones["hand"]
            seat.zones["hand"] = [seat.zones["deck"].pop() for _ in range(min(state.rules[i].starting_hand, len(seat.zones["deck"])))]
            seat.zones["deck"].extend(aside)
            shuffle(state.rng, seat.zones["deck"])
            state.emit("mulligan", seat=i)
        seat.mulligan_decided = True

    def finish_setup(self, state: State, i: int) -> None:
        """10 life cards (yellow 5, then red 5; the first revealed is first in the list) and 2 face-up energy."""
        seat = state.seats[i]
        deck = seat.zones["deck"]
        rules = state.rules[i]
        seat.zones["life"] = [deck.pop() for _ in range(min(rules.life, len(deck)))]
        seat.zones["energy"] = [deck.pop() for _ in range(min(rules.starting_resources, len(deck)))]
        state.emit("life-set", seat=i, life=len(seat.zones["life"]), energy=len(seat.zones["energy"]))

    # --- the host's turn ------------------------------------------------------------------------------

    def draw(self, state: State, i: int) -> bool:
        """Draw a card; an empty deck draws the top life card. False when there is neither."""
        seat = state.seats[i]
        if draw_from_deck(state, i):
            return True
        if seat.zones["life"]:
            uid = seat.zones["life"].pop(0)
            seat.zones["hand"].append(uid)
            state.emit("draw-from-life", seat=i, card=uid, life=len(seat.zones["life"]))
            return True
        return False

    def gain_resource(self, state: State, i: int, rested: bool) -> None:
        move_top(state, i, "deck", "energy", "energy", rested)

    def begin_turn(self, state: State, i: int) -> str | None:
        seat = state.seats[i]
        seat.energy_placed = False
        seat.rested -= set(seat.zones["field"]) | set(seat.zones["energy"])
        first_turn = state.rules[i].first_player_skips_draw and i == state.first and seat.turns == 1
        if not first_turn and not self.draw(state, i):
            return NO_DRAW
        return None

    def payment(self, state: State, seat: Seat, card: CardData, free: list[int] | None = None) -> list[int] | None:
        """The energy to rest for a card (one of each of its colours first), or None if it cannot be paid.
        ``free``: the standing energy, when the caller has worked it out already."""
        if free is None:
            free = standing(seat, seat.zones["energy"])
        chosen: list[int] = []
        taken: set[int] = set()  # (the chosen ones, to look up)
        cards = state.cards
        for colour in card.colours:
            if colour == "colourless":
                continue
            for u in free:  # the first standing energy of the colour not chosen yet
                if u not in taken and colour in cards[u].colours:
                    chosen.append(u)
                    taken.add(u)
                    break
            else:
                return None
        rest = [u for u in free if u not in taken]
        needed = card.cost - len(chosen)
        return chosen + rest[:max(needed, 0)] if needed <= len(rest) else None

    @staticmethod
    def colour_counts(state: State, free: list[int]) -> dict[str, int] | None:
        """Standing energy by colour, when each has one colour (the usual case; else None)."""
        counts: dict[str, int] = {}
        cards = state.cards
        for u in free:
            colours = cards[u].colours
            if len(colours) != 1:
                return None
            counts[colours[0]] = counts.get(colours[0], 0) + 1
        return counts

    @staticmethod
    def can_pay(state: State, card: CardData, free: list[int], counts: dict[str, int] | None = None) -> bool:
        """Whether :meth:`payment` finds energy for the card (the same choices, without building the payment).
        ``counts``: :meth:`colour_counts` of ``free``; with energy of one colour each, it is a matter of counts
        (each of the card's colours takes an energy of that colour, the rest of the cost any energy)."""
        if counts is not None:
            need: dict[str, int] = {}
            for colour in card.colours:
                if colour != "colourless":
                    need[colour] = need.get(colour, 0) + 1
                    if need[colour] > counts.get(colour, 0):
                        return False
            paid = sum(need.values())
            return card.cost - paid <= len(free) - paid
        cards = state.cards
        taken: set[int] = set()
        for colour in card.colours:
            if colour == "colourless":
                continue
            for u in free:
                if u not in taken and colour in cards[u].colours:
                    taken.add(u)
                    break
            else:
                return False
        return card.cost - len(taken) <= len(free) - len(taken)

    def main_actions(self, state: State, i: int) -> list[Action]:
        seat = state.seats[i]
        hand = seat.zones["hand"]
        actions: list[Action] = [] if seat.energy_placed else [_new(Action, ("energy", (u,))) for u in hand]
        free = standing(seat, seat.zones["energy"])
        counts = self.colour_counts(state, free)
        payable: dict[str, bool] = {}  # copies of a card cost the same
        cards = state.cards
        for u in hand:
            card = cards[u]
            if card.type not in _PLAYABLE:
                continue
            ok = payable.get(card.card_id)
            if ok is None:
                ok = payable[card.card_id] = self.can_pay(state, card, free, counts)
            if ok:
                actions.append(_new(Action, ("play", (u,))))
        if seat.zones["territory"]:
            actions += [Action("open", (t,)) for t in self._openable(state, i)]
        actions.append(_ATTACK_PHASE)
        return actions

    @staticmethod
    def _ace(state: State, uid: int) -> bool:
        """An ace unit, or an assault territory on the field (treated as one)."""
        card = state.cards[uid]
        return card.type == "ace-unit" or ASSAULT in card.keywords

    def _openable(self, state: State, i: int) -> list[int]:
        """A closed territory opens when an ace unit of its title entered this turn and its cost can be paid."""
        seat = state.seats[i]
        entered, turn = seat.entered, state.turn
        aces = {state.cards[u].title for u in seat.zones["field"]
                if entered.get(u) == turn and self._ace(state, u)}
        if not aces:
            return []
        return [t for t in seat.zones["territory"]
                if state.cards[t].title in aces and self.payment(state, seat, state.cards[t]) is not None]

    def apply_main(self, state: State, i: int, action: Action) -> bool:
        seat = state.seats[i]
        if action.verb == "energy":
            uid = int(action.args[0])
            seat.zones["hand"].remove(uid)
            seat.zones["energy"].append(uid)
            seat.energy_placed = True
            if state.log_events:
                state.emit("energy", seat=i, card=uid, energy=len(seat.zones["energy"]))
            return False
        if action.verb == "play":
            self.play(state, i, int(action.args[0]))
            return False
        if action.verb == "open":
            self._open(state, i, int(action.args[0]))
            return False
        return True

    def _open(self, state: State, i: int, uid: int) -> None:
        """Pay for a closed territory and open it; its effects go on the stack. An assault territory comes
        onto the field as a unit of power 7000 and hit 2 (its printed unit values, kept as a lasting change)
        and is treated as an ace unit."""
        seat = state.seats[i]
        seat.rested.update(self.payment(state, seat, state.cards[uid]) or [])
        seat.zones["territory"].remove(uid)
        seat.face_down.discard(uid)
        if ASSAULT in state.cards[uid].keywords:
            seat.zones["field"].append(uid)
            seat.entered[uid] = state.turn
            seat.lasting[uid] = ASSAULT_UNIT
            state.emit("territory-opened", seat=i, card=uid, name=state.cards[uid].name, unit=True)
        else:
            seat.zones["territory-open"].append(uid)
            state.emit("territory-opened", seat=i, card=uid, name=state.cards[uid].name)
        push_effects(state, i, uid, "play")

    def carry_out_native(self, state: State, p: Pending) -> bool:
        """The sample cards' `native` effects this module carries out (True), by card id: 開門の詠唱 opens the
        territory of an ace unit's title on its controller's field, paying its cost, whenever it can be paid
        (the card's "may" is taken: opening is never worse)."""
        if ASSAULT in state.cards[p.source].keywords and str(getattr(p.effect, "text", "")).startswith("アサルト"):
            return True  # done when the territory opened (see _open)
        if state.cards[p.source].card_id != GATE_OPENING:
            return False
        seat = state.seats[p.controller]
        aces = {state.cards[u].title for u in seat.zones["field"] if self._ace(state, u)}
        for t in seat.zones["territory"]:
            if state.cards[t].title in aces and self.payment(state, seat, state.cards[t]) is not None:
                self._open(state, p.controller, t)
                break
        return True

    def play(self, state: State, i: int, uid: int, free: bool = False) -> None:
        """Play a card from hand (paying) or from a revealed life card (free, spell speed 3)."""
        seat, card = state.seats[i], state.cards[uid]
        if not free:
            seat.rested.update(self.payment(state, seat, card) or [])
        source = "hand" if uid in seat.zones["hand"] else "drop"
        seat.zones[source].remove(uid)
        if card.type in ("unit", "ace-unit"):
            seat.zones["field"].append(uid)
            seat.entered[uid] = state.turn
            state.emit("play", seat=i, card=uid, name=card.name, zone="field", free=free)
        else:
            seat.zones["drop"].append(uid)
            state.emit("play", seat=i, card=uid, name=card.name, zone="drop", free=free)
        push_effects(state, i, uid, "life" if free else "play")

    def reactions(self, state: State, i: int) -> list[Action]:
        """-ブライト-: the non-turn player has no quick timing (it only blocks and fires shot triggers)."""
        return []

    def attackers(self, state: State, i: int) -> list[int]:
        seat = state.seats[i]
        cards = state.cards
        return [u for u in standing(seat, seat.zones["field"]) if not (cards[u].forbids and forbidden(state, u, "attack"))]

    def targets(self, state: State, i: int, attacker: int, defender: int) -> list[int | None]:
        """The player or a rested (spent) opposing character; a rested デコイ must be chosen; バーサーク hits the
        player or a rested デコイ."""
        rested = spent_characters(state, defender)
        decoys = [u for u in rested if has(state, u, "デコイ")]
        if decoys and not ("static" in state.cards[attacker].timed and ignores(state, attacker, "デコイ")):
            return list(decoys)
        if "berserk" in state.cards[attacker].keywords:
            return [None]
        return [None, *rested]

    def must_attack(self, state: State, i: int) -> list[int]:
        """バーサーク: a standing berserk unit must attack (the player or a rested デコイ) in each of its
        controller's attack steps; the match offers no ``end-attacks`` while one of them can."""
        return [u for u in self.attackers(state, i) if "berserk" in state.cards[u].keywords]

    def characters(self, state: State, i: int) -> list[int]:
        return list(state.seats[i].zones["field"])

    def permanents(self, state: State, i: int) -> list[int]:
        return self.characters(state, i) + state.seats[i].zones["territory-open"]

    # --- the defender ---------------------------------------------------------------------------------

    def block_options(self, state: State, i: int, target: int | None) -> list[int]:
        seat = state.seats[i]
        cards = state.cards
        return [u for u in standing(seat, seat.zones["field"])
                if u != target and not (cards[u].forbids and forbidden(state, u, "block"))]

    def take_hit(self, state: State, i: int) -> HitResult:
        """One point of damage: reveal the top life card (バースト: one more damage; ショット: a trigger)."""
        seat = state.seats[i]
        if not seat.zones["life"]:
            return "lost"
        uid = seat.zones["life"].pop(0)
        seat.zones["drop"].append(uid)
        card = state.cards[uid]
        state.emit("life-revealed", seat=i, card=uid, name=card.name, life=len(seat.zones["life"]))
        if "burst" in card.keywords:
            state.emit("burst", seat=i, card=uid)
            return "burst"
        if "shot" in card.keywords:
            state.trigger_card = uid
            return "trigger"
        return "ok"

    def trigger(self, state: State, i: int, uid: int, use: bool) -> None:
        if use:
            self.play(state, i, uid, free=True)

