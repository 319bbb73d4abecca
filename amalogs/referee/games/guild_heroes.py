"""ギルドヒーローズ as a core game: forts, mana, defence and attack areas, standby.

Native rules (the game's profile and page): setup — the base card goes to the mana area, each player draws
5 and sets 0–4 cards from hand face down as forts (lower tier first), tops the forts up to 4 from the deck
and refills the hand to 5. Turn — wake-up (characters in the attack area return to the defence area, spent
cards wake) → draw (the first player skips its first draw; having to draw from an empty deck loses) →
mana (one card from the mana deck to the mana area) → main (play cards by spending mana-area cards, one
mana of its attribute each; no-attribute costs take any) → attack phase: move step (wake, non-standby
characters from the defence area to the attack area), then battles: a wake character in the attack area
spends to attack the player (its forts) or a spent character; only an attack on the player can be blocked,
by a wake character in the defence area → end (discard to 6). Forts: the top fort of the upper tier
(defence 3) is hit first, then the lower tier (defence 5); damage on a fort stays until the end of the
turn; a broken fort goes to its owner's hand, or fires its quick effect. With no forts, an attack of 1 or
more on the player wins. Characters placed this turn are on standby (they cannot move or attack).

Card effects run through the canonical effect engine (play effects; a broken fort's quick effect fires
its life effects). 進化: ``evolve X Y`` puts an evolution character onto the character it names, paying the
evolution cost; the stack is one character. Equipment: ``equip X Y`` attaches equipment magic to one of the
player's characters (one each); its static changes last while both stay; it leaves with the character.
Reaction step: when the host's attacks begin, the defender may play reaction magic (``react X``) at spell
speed 2 until it passes (``pass``); reaction magic is not played in the main phase (the project's reading).
"""

from __future__ import annotations

from typing import Any, ClassVar

from amalogs.models.cards import Card
from amalogs.referee.engine.actions import Action
from amalogs.referee.engine.core import (
    CoreGame,
    HitResult,
    damage_top_fort,
    draw_from_deck,
    move_top,
    seat_from,
    shuffle,
    standing,
)
from amalogs.referee.engine.effects import has, push_effects
from amalogs.referee.engine.registry import spent_characters
from amalogs.referee.engine.rules import GameRules
from amalogs.referee.engine.state import CardData, Seat, State
from amalogs.referee.engine.values import forbidden, ignores

__all__ = ["GuildHeroes"]

ZONES = ("removed", "deck", "hand", "mana-deck", "mana-area", "defence-area", "attack-area", "fort-area", "discard",
         "equipment", "under")
# The sample cards' `native` texts this module carries out itself (the rest are logged as not carried out).
FROM_FORT = ("Put this card from the broken fort into its owner's defence area without paying its cost "
             "(it enters on standby).")
ENTERS_SPENT = "Enters the mana area spent, so it cannot be used on the turn it arrives."
FIFTH_FORT = ("During setup, after its owner's forts are placed, the top card of its deck is added face down on "
              "top of the upper tier, so its owner starts with 5 forts.")
ATTRIBUTES = ("fire", "water", "wood", "metal", "earth", "wind", "thunder", "light", "dark")
CARRIED_OUT = frozenset({FROM_FORT, ENTERS_SPENT, FIFTH_FORT})
MANA_TYPES = ("basic-mana", "special-mana")


def _carried_out(card: Card, e: Any) -> bool:
    """An effect this module carries out itself: a native text it knows, a special mana's mana ability (paying
    with the card is that ability: ``produce``), a quick character's way out of a broken fort (``put_into_play``),
    a special mana entering spent."""
    if e.do == "native":
        return getattr(e, "text", "") in CARRIED_OUT
    return e.do in ("produce", "put_into_play") or (e.do == "rest" and e.when == "play" and card.type in MANA_TYPES
                                                    and e.target.self_only)
CHARACTERS = ("character", "evolution-character")
NO_DRAW = "had to draw from an empty deck"
_ATTACK_PHASE, _MOVES_DONE, _FORTS_DONE = Action("attack-phase"), Action("moves-done"), Action("forts-done")
_new = tuple.__new__  # an Action made without the named tuple's argument handling (the hot path makes many)  # a losing condition (seed 004: 引くべき時に引けない), effect draws too


def _move_key(table: dict[int, Any], old: int, new: int) -> None:
    if old in table:
        table[new] = table.pop(old)


class GuildHeroes(CoreGame):
    """ギルドヒーローズ behind the referee contract."""

    id = "guild-heroes"
    resource_zone = "mana-area"
    draw_out_loss: str | None = NO_DRAW  # an effect's draw from an empty deck loses too

    position_zones: dict[str, str | tuple[str, str]] = {z: z for z in ZONES if z not in ("equipment", "under")}
    top_last = frozenset({"deck", "mana-deck", "fort-area"})  # the top fort is the last
    damage_stat: str | None = "defence"
    produce_use: ClassVar[str | None] = "mana"  # (a special mana pays with its mana ability: produce)
    stacks_cards: ClassVar[bool] = True  # (evolution: the base card goes under)
    permanent_zones: tuple[str, ...] | None = ("defence-area", "attack-area", "equipment", "mana-area")

    def __init__(self) -> None:
        self.natives: dict[str, set[str]] = {}  # a native text this module carries out → the card ids printing it
        self.hand_limits: dict[str, int] = {}  # a card id → the hand limit it sets (hand_limit)

    def can_activate(self, state: State, i: int) -> bool:
        return not state.seats[i].moving

    def card_data(self, card: Card, uid: int, owner: int) -> CardData:
        s = card.stats
        natives = {getattr(e, "text", "") for e in card.effects if e.do == "native"}
        for e in card.effects:  # the forms this module carries out itself, by the text it knows them by
            if e.do == "put_into_play" and e.when == "life":
                natives.add(FROM_FORT)
            elif e.do == "rest" and e.when == "play" and e.target.self_only and card.type in MANA_TYPES:
                natives.add(ENTERS_SPENT)
            elif e.do == "hand_limit":
                self.hand_limits[card.id] = e.amount
        for text in natives & CARRIED_OUT:
            self.natives.setdefault(text, set()).add(card.id)
        effects = tuple(e for e in card.effects if not _carried_out(card, e))
        any_colour = any(e.do == "produce" and "any" in e.colours for e in card.effects)
        colours = ATTRIBUTES if any_colour else card.colours  # it pays any attribute
        cost = s.get("cost", {})
        table = tuple(sorted(cost.items())) if isinstance(cost, dict) else ()
        attack, defence = int(s.get("attack", 0)), int(s.get("defence", 0))  # type: ignore[arg-type]
        char = card.type in CHARACTERS
        evo = s.get("evolution-cost", {})
        source = s.get("evolution-source")
        return CardData(uid, owner, card.id, card.name, card.type, colours, sum(n for _, n in table),
                        attack * 1000 if char else 0, defence * 1000 if char else 0, 0, frozenset(card.keywords),
                        frozenset(),
                        f"{attack}/{defence}" if char else "", table, effects,
                        source if isinstance(source, str) else None,
                        tuple(sorted(evo.items())) if isinstance(evo, dict) else ())

    def new_seat(self, parts: dict[str, list[int]], rules: GameRules) -> Seat:
        return seat_from(self.id, ZONES, parts, {"main": "deck", "mana-deck": "mana-deck", "base-card": "mana-area"})

    # --- setup ----------------------------------------------------------------------------------------

    def deal(self, state: State, i: int) -> None:
        seat = state.seats[i]
        shuffle(state.rng, seat.zones["deck"])
        shuffle(state.rng, seat.zones["mana-deck"])
        for _ in range(state.rules[i].starting_hand):
            self.draw(state, i)

    def setup_actions(self, state: State, i: int) -> list[Action]:
        seat = state.seats[i]
        if seat.mulligan_decided:
            return []
        forts = [_new(Action, ("fort", (u,))) for u in seat.zones["hand"]] \
            if len(seat.zones["fort-area"]) < state.rules[i].life else []
        forts.append(_FORTS_DONE)
        return forts

    def apply_setup(self, state: State, i: int, action: Action) -> None:
        seat = state.seats[i]
        if action.verb == "fort":
            uid = int(action.args[0])
            seat.zones["hand"].remove(uid)
            seat.zones["fort-area"].append(uid)
            state.emit("fort-set", seat=i, forts=len(seat.zones["fort-area"]))
        else:
            seat.mulligan_decided = True

    def finish_setup(self, state: State, i: int) -> None:
        """Top the forts up to 4 from the deck and refill the hand to 5."""
        seat = state.seats[i]
        while len(seat.zones["fort-area"]) < state.rules[i].life and seat.zones["deck"]:
            seat.zones["fort-area"].append(seat.zones["deck"].pop())
        if self._base_says(state, i, FIFTH_FORT) and seat.zones["deck"]:  # one more on top of the upper tier
            seat.zones["fort-area"].append(seat.zones["deck"].pop())
        limit = next((self.hand_limits[state.cards[u].card_id] for u in seat.zones["mana-area"]
                      if state.cards[u].type == "base-card" and state.cards[u].card_id in self.hand_limits), None)
        if limit is not None:  # a base card's hand limit (hand_limit), shown with the seat from the start
            seat.counters["hand-limit"] = limit
        while len(seat.zones["hand"]) < state.rules[i].starting_hand and self.draw(state, i):
            pass
        state.emit("forts-set", seat=i, forts=len(seat.zones["fort-area"]), hand=len(seat.zones["hand"]))

    # --- the host's turn ------------------------------------------------------------------------------

    def _base_says(self, state: State, i: int, text: str) -> bool:
        """Whether the seat's base card (in its mana area from the start) prints this native text."""
        cards = self.natives.get(text, set())
        return any(state.cards[u].card_id in cards and state.cards[u].type == "base-card"
                   for u in state.seats[i].zones["mana-area"])

    def _new_mana(self, state: State, i: int, uid: int | None) -> None:
        if uid is not None and state.cards[uid].card_id in self.natives.get(ENTERS_SPENT, ()):
            state.seats[i].rested.add(uid)  # special mana that enters spent

    def draw(self, state: State, i: int) -> bool:
        return draw_from_deck(state, i)

    def gain_resource(self, state: State, i: int, rested: bool) -> None:
        self._new_mana(state, i, move_top(state, i, "mana-deck", "mana-area", "mana", rested))

    def begin_turn(self, state: State, i: int) -> str | None:
        seat = state.seats[i]
        seat.zones["defence-area"] += seat.zones["attack-area"]
        seat.zones["attack-area"] = []
        seat.rested.clear()
        seat.moving = False
        first_turn = state.rules[i].first_player_skips_draw and i == state.first and seat.turns == 1
        if not first_turn and not self.draw(state, i):
            return NO_DRAW
        self._new_mana(state, i, move_top(state, i, "mana-deck", "mana-area", "mana"))
        return None

    def payment(self, state: State, seat: Seat, card: CardData, evolving: bool = False,
                free: list[int] | None = None) -> list[int] | None:
        """Mana-area cards to spend: each gives one mana of its attribute; no-attribute costs take any.
        ``free``: the standing mana, when the caller has worked it out already."""
        if free is None:
            free = standing(seat, seat.zones["mana-area"])
        chosen: list[int] = []
        taken: set[int] = set()  # (the chosen ones, to look up)
        generic = 0
        cards = state.cards
        for colour, amount in card.evolution_cost if evolving else card.cost_table:
            if colour == "no-attribute":
                generic += amount
                continue
            matching = [u for u in free if u not in taken and colour in cards[u].colours][:amount]
            if len(matching) < amount:
                return None
            chosen += matching
            taken.update(matching)
        rest = [u for u in free if u not in taken]
        return chosen + rest[:generic] if generic <= len(rest) else None

    def can_pay(self, state: State, seat: Seat, card: CardData, evolving: bool, free: list[int]) -> bool:
        """Whether :meth:`payment` finds mana for the card (the same choices, without building the payment)."""
        cards = state.cards
        taken: set[int] = set()
        generic = 0
        for colour, amount in card.evolution_cost if evolving else card.cost_table:
            if colour == "no-attribute":
                generic += amount
                continue
            if amount < 0:  # (no printed cost is negative; the payment itself says what that would do)
                return self.payment(state, seat, card, evolving, free) is not None
            need = amount
            for u in free:
                if not need:
                    break
                if u not in taken and colour in cards[u].colours:
                    taken.add(u)
                    need -= 1
            if need:
                return False
        return generic <= len(free) - len(taken)

    def _standby(self, state: State, seat: Seat, uid: int) -> bool:
        """Placed this turn, unless it never goes on standby (速攻, e.g. 雷鳴の拳士)."""
        return seat.entered.get(uid) == state.turn and not has(state, uid, "速攻")

    def main_actions(self, state: State, i: int) -> list[Action]:
        seat = state.seats[i]
        if seat.moving:  # the move step
            movers = [u for u in standing(seat, seat.zones["defence-area"]) if not self._standby(state, seat, u)]
            return [*[_new(Action, ("move", (u,))) for u in movers], _MOVES_DONE]
        plays: list[Action] = []
        chars = self.characters(state, i)
        free = standing(seat, seat.zones["mana-area"])
        payable: dict[int, bool] = {}  # copies of a card cost the same: by the cost (table) paid

        def can_pay(card: CardData, evolving: bool = False) -> bool:
            key = id(card.evolution_cost if evolving else card.cost_table)
            known = payable.get(key)
            if known is None:
                known = payable[key] = self.can_pay(state, seat, card, evolving, free)
            return known

        cards = state.cards
        for u in seat.zones["hand"]:
            card = cards[u]
            if "reaction" in card.keywords:
                continue  # reaction magic is used in the reaction step only (the project's reading)
            if can_pay(card):
                if card.type == "equipment-magic":
                    plays += [Action("equip", (u, c)) for c in chars if c not in seat.attached.values()]
                else:
                    plays.append(_new(Action, ("play", (u,))))
            if card.evolves_from and can_pay(card, evolving=True):
                plays += [Action("evolve", (u, c)) for c in chars if state.cards[c].name == card.evolves_from]
        plays.append(_ATTACK_PHASE)
        return plays

    def apply_main(self, state: State, i: int, action: Action) -> bool:
        seat = state.seats[i]
        if action.verb == "play":
            self._play(state, i, int(action.args[0]))
        elif action.verb == "equip":
            self._equip(state, i, int(action.args[0]), int(action.args[1]))
        elif action.verb == "evolve":
            self._evolve(state, i, int(action.args[0]), int(action.args[1]))
        elif action.verb == "attack-phase":
            seat.moving = True
        elif action.verb == "move":
            uid = int(action.args[0])
            seat.zones["defence-area"].remove(uid)
            seat.zones["attack-area"].append(uid)
            if state.log_events:
                state.emit("move", seat=i, card=uid)
        else:
            return True
        return False

    def _play(self, state: State, i: int, uid: int) -> None:
        seat, card = state.seats[i], state.cards[uid]
        seat.rested.update(self.payment(state, seat, card) or [])
        seat.zones["hand"].remove(uid)
        if card.type in CHARACTERS:
            seat.zones["defence-area"].append(uid)
            seat.entered[uid] = state.turn
            if state.log_events:
                state.emit("play", seat=i, card=uid, name=card.name, zone="defence-area", free=False)
        else:
            seat.zones["discard"].append(uid)
            state.emit("play", seat=i, card=uid, name=card.name, zone="discard", free=False)
        push_effects(state, i, uid, "play")

    def _equip(self, state: State, i: int, uid: int, target: int) -> None:
        """Attach equipment magic to a character: its static effects that name the character it is attached to
        act on it (as auras: engine.values.refresh_auras) while both stay on the field."""
        seat, card = state.seats[i], state.cards[uid]
        seat.rested.update(self.payment(state, seat, card) or [])
        seat.zones["hand"].remove(uid)
        seat.zones["equipment"].append(uid)
        seat.attached[uid] = target
        state.auras_stale = True
        state.emit("equip", seat=i, card=uid, target=target)

    def _evolve(self, state: State, i: int, uid: int, base: int) -> None:
        """進化: put the card onto the named character, paying the evolution cost; the stack is one character
        that keeps the lower character's place and state and uses only the top card's values."""
        seat = state.seats[i]
        seat.rested.update(self.payment(state, seat, state.cards[uid], evolving=True) or [])
        seat.zones["hand"].remove(uid)
        zone = "attack-area" if base in seat.zones["attack-area"] else "defence-area"
        cards = seat.zones[zone]
        cards[cards.index(base)] = uid
        seat.zones["under"].append(base)
        seat.under[uid] = [base, *seat.under.pop(base, [])]
        _move_key(seat.damage, base, uid)
        _move_key(seat.entered, base, uid)
        _move_key(seat.mods, base, uid)
        _move_key(seat.lasting, base, uid)
        _move_key(seat.granted, base, uid)
        for (card, by) in [key for key in seat.until_next if key[0] == base]:  # (what lasts goes on with it)
            seat.until_next[uid, by] = seat.until_next.pop((card, by))
        if base in seat.rested:
            seat.rested.discard(base)
            seat.rested.add(uid)
        for equipment, target in list(seat.attached.items()):
            if target == base:
                seat.attached[equipment] = uid
        state.emit("evolve", seat=i, card=uid, base=base, name=state.cards[uid].name)
        push_effects(state, i, uid, "play")

    def reactions(self, state: State, i: int) -> list[Action]:
        """The reaction step: reaction magic the defender can pay for with its wake mana (spell speed 2)."""
        seat = state.seats[i]
        return [Action("react", (u,)) for u in seat.zones["hand"]
                if "reaction" in state.cards[u].keywords and self.payment(state, seat, state.cards[u]) is not None]

    def apply_reaction(self, state: State, i: int, action: Action) -> None:
        self._play(state, i, int(action.args[0]))

    def attackers(self, state: State, i: int) -> list[int]:
        seat = state.seats[i]
        cards = state.cards
        return [u for u in standing(seat, seat.zones["attack-area"])
                if not (cards[u].forbids and forbidden(state, u, "attack"))]

    def targets(self, state: State, i: int, attacker: int, defender: int) -> list[int | None]:
        """The player (its forts) or a spent opposing character; a spent デコイ (lure) must be chosen."""
        spent = spent_characters(state, defender)
        if "static" in state.cards[attacker].timed and ignores(state, attacker, "デコイ"):  # (ignore_keyword)
            return [None, *spent]
        lures = [u for u in spent if has(state, u, "デコイ")]
        return list(lures) if lures else [None, *spent]

    def characters(self, state: State, i: int) -> list[int]:
        seat = state.seats[i]
        return seat.zones["defence-area"] + seat.zones["attack-area"]

    def permanents(self, state: State, i: int) -> list[int]:
        seat = state.seats[i]
        return self.characters(state, i) + seat.zones["equipment"] + seat.zones["mana-area"]

    # --- the defender ---------------------------------------------------------------------------------

    def block_options(self, state: State, i: int, target: int | None) -> list[int]:
        if target is not None:
            return []  # only an attack on the player can be blocked
        seat = state.seats[i]
        cards = state.cards
        return [u for u in standing(seat, seat.zones["defence-area"])
                if not (cards[u].forbids and forbidden(state, u, "block"))]

    def _break(self, state: State, i: int) -> None:
        seat = state.seats[i]
        uid = seat.zones["fort-area"].pop()
        seat.damage.pop(uid, None)
        card = state.cards[uid]
        if "quick" in card.keywords and card.card_id in self.natives.get(FROM_FORT, ()):  # the character comes into play, on standby
            seat.zones["defence-area"].append(uid)
            seat.entered[uid] = state.turn
            state.emit("fort-broken", seat=i, card=uid, name=card.name, forts=len(seat.zones["fort-area"]), to="field")
            push_effects(state, i, uid, "life")
        elif "quick" in card.keywords:
            seat.zones["discard"].append(uid)
            state.emit("fort-broken", seat=i, card=uid, name=card.name, forts=len(seat.zones["fort-area"]), to="quick")
            push_effects(state, i, uid, "life")
        else:
            seat.zones["hand"].append(uid)
            state.emit("fort-broken", seat=i, card=uid, name=card.name, forts=len(seat.zones["fort-area"]), to="hand")

    def take_hit(self, state: State, i: int) -> HitResult:
        """One SP point breaks one fort, whatever its defence (the project's bridge decision)."""
        if not state.seats[i].zones["fort-area"]:
            return "lost"
        self._break(state, i)
        return "ok"

    def take_attack(self, state: State, i: int, amount: int) -> HitResult:
        """A direct-damage attack on the top fort (upper tier defence 3, lower tier 5); none left: 1+ wins."""
        result = damage_top_fort(state, i, "fort-area", amount)
        if result == "break":
            self._break(state, i)
            return "ok"
        return result

    def end_turn(self, state: State, i: int) -> None:
        state.seats[i].moving = False
