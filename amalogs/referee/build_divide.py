"""ビルディバイド -ブライト- as a core game: setup, the host turn procedure, blocks and life-zone damage.

Native rules (the game's profile and page): stand → draw (the first player skips its first draw; an empty
deck draws from the life zone, yellow first; with no life either the player loses) → main (one energy from
hand a turn; play units and commands by resting energy equal to the cost, one of each of the card's
colours) → attack (rest a standing unit to attack the player or a rested unit; a rested デコイ unit must be
the target; a バーサーク unit attacks the player or a rested デコイ; the defender may block with a standing
unit that is not the target) → end (damage clears, discard to 5). Damage to the player reveals one life
card per point: バースト deals one more, ショット may be played free (spell speed 3); if that removes the
attacker, its remaining hits are not dealt. Units have no summoning sickness.

Card effects are not carried out yet: a played command goes to the drop zone with an ``effect-pending``
event (the canonical effect engine is future work).
"""

from __future__ import annotations

from amalogs.models.cards import Card
from amalogs.referee.actions import Action
from amalogs.referee.state import CardData, Seat, State

__all__ = ["GAME", "card_data", "new_seat", "place_life_and_energy", "host_actions", "play", "draw",
           "attack_targets", "block_options", "take_hit", "HAND_LIMIT"]

GAME = "build-divide"
HAND_LIMIT = 5
LIFE = 10
START_ENERGY = 2
ZONES = ("deck", "hand", "field", "energy", "life", "drop", "territory", "d-deck")


def card_data(card: Card, uid: int, owner: int) -> CardData:
    """A card instance of a ビルディバイド card."""
    s = card.stats
    title = s.get("title")
    return CardData(uid, owner, card.id, card.name, card.type, card.colours, int(s.get("play-cost", 0)),  # type: ignore[arg-type]
                    int(s.get("power", 0)), int(s.get("hit", 0)), frozenset(card.keywords),  # type: ignore[arg-type]
                    title if isinstance(title, str) else None)


def new_seat(main: list[int], territory: list[int]) -> Seat:
    zones: dict[str, list[int]] = {z: [] for z in ZONES}
    zones["deck"] = list(main)
    zones["territory"] = list(territory)
    return Seat(GAME, zones)


def place_life_and_energy(state: State, i: int) -> None:
    """After the mulligan: 10 life cards (yellow 5, then red 5; the first revealed is first in the list), 2 energy."""
    seat = state.seats[i]
    deck = seat.zones["deck"]
    seat.zones["life"] = [deck.pop() for _ in range(min(LIFE, len(deck)))]
    seat.zones["energy"] = [deck.pop() for _ in range(min(START_ENERGY, len(deck)))]
    state.emit("life-set", seat=i, life=len(seat.zones["life"]), energy=len(seat.zones["energy"]))


def draw(state: State, i: int) -> bool:
    """Draw a card; an empty deck draws the top life card. False when there is neither (the player loses)."""
    seat = state.seats[i]
    if seat.zones["deck"]:
        uid = seat.zones["deck"].pop()
        seat.zones["hand"].append(uid)
        state.emit("draw", seat=i, card=uid)
        return True
    if seat.zones["life"]:
        uid = seat.zones["life"].pop(0)
        seat.zones["hand"].append(uid)
        state.emit("draw-from-life", seat=i, card=uid, life=len(seat.zones["life"]))
        return True
    return False


def _standing_energy(state: State, seat: Seat) -> list[int]:
    return [u for u in seat.zones["energy"] if u not in seat.rested]


def payment(state: State, seat: Seat, card: CardData) -> list[int] | None:
    """The energy to rest for a card (one of each of its colours first), or None if it cannot be paid."""
    standing = _standing_energy(state, seat)
    chosen: list[int] = []
    for colour in card.colours:
        if colour == "colourless":
            continue
        match = next((u for u in standing if u not in chosen and colour in state.cards[u].colours), None)
        if match is None:
            return None
        chosen.append(match)
    rest = [u for u in standing if u not in chosen]
    needed = card.cost - len(chosen)
    if needed > len(rest):
        return None
    return chosen + rest[:max(needed, 0)]


def host_actions(state: State, i: int) -> list[Action]:
    """The active player's choices in its main phase."""
    seat = state.seats[i]
    actions: list[Action] = []
    if not seat.energy_placed:
        actions += [Action("energy", (u,)) for u in seat.zones["hand"]]
    for u in seat.zones["hand"]:
        card = state.cards[u]
        if card.type in ("unit", "ace-unit", "command") and payment(state, seat, card) is not None:
            actions.append(Action("play", (u,)))
    actions.append(Action("attack-phase"))
    return actions


def play(state: State, i: int, uid: int, free: bool = False) -> None:
    """Play a card from hand (paying) or from a revealed life card (free, spell speed 3)."""
    seat, card = state.seats[i], state.cards[uid]
    if not free:
        for e in payment(state, seat, card) or []:
            seat.rested.add(e)
    source = "hand" if uid in seat.zones["hand"] else "drop"
    seat.zones[source].remove(uid)
    if card.type in ("unit", "ace-unit"):
        seat.zones["field"].append(uid)
        state.emit("play", seat=i, card=uid, name=card.name, zone="field", free=free)
    else:
        seat.zones["drop"].append(uid)
        state.emit("play", seat=i, card=uid, name=card.name, zone="drop", free=free)
        state.emit("effect-pending", seat=i, card=uid, note="card effects are not carried out yet")


def attack_targets(state: State, attacker: int, defender: int) -> list[int | None]:
    """Legal targets of an attack (None: the player), with デコイ and バーサーク applied."""
    opp = state.seats[defender]
    rested = [u for u in opp.zones["field"] if u in opp.rested]
    decoys = [u for u in rested if "decoy" in state.cards[u].keywords]
    if decoys:
        return list(decoys)
    if "berserk" in state.cards[attacker].keywords:
        return [None]
    return [None, *rested]


def block_options(state: State, defender: int, target: int | None) -> list[int]:
    seat = state.seats[defender]
    return [u for u in seat.zones["field"] if u not in seat.rested and u != target]


def take_hit(state: State, defender: int) -> str:
    """One point of damage to a ビルディバイド player: 'lost', 'burst', 'shot' (a shot card revealed) or 'ok'."""
    seat = state.seats[defender]
    if not seat.zones["life"]:
        return "lost"
    uid = seat.zones["life"].pop(0)
    seat.zones["drop"].append(uid)
    card = state.cards[uid]
    state.emit("life-revealed", seat=defender, card=uid, name=card.name, life=len(seat.zones["life"]))
    if "burst" in card.keywords:
        state.emit("burst", seat=defender, card=uid)
        return "burst"
    if "shot" in card.keywords:
        return "shot"
    return "ok"
