"""The ``native`` skills of the sample ブレイクジョーカー cards: what only the round itself can carry out.

Joined to the card data by card id (the card file says what the skill does in words; the canonical effect
engine cannot express "count this card as another number"). A choice the skill leaves to its owner (a
number, a suit, a work title) is not asked for: it stays open until the battle check, which takes the best
reading for the player (:mod:`amalogs.referee.games.break_joker_score`). Marks live in the seat's
``card_counters`` and are swept away with the row at the next round's start. A skill that names the
opponent's deck acts only on a ブレイクジョーカー opponent; against another game it fizzles (立ち消え).
"""

from __future__ import annotations

from collections.abc import Callable

from amalogs.referee.engine.state import State
from amalogs.referee.games.break_joker_score import ROW, TIE_BONUS

__all__ = ["carry_out", "NATIVE_SKILLS"]

GAME = "break-joker"


def _mark(state: State, i: int, uid: int, key: str, value: int = 1) -> None:
    state.seats[i].card_counters.setdefault(uid, {})[key] = value
    state.emit("effect", seat=i, card=uid, effect=key)


def _row(state: State, j: int) -> list[int]:
    seat = state.seats[j]
    return seat.zones["field"] if seat.game == GAME else seat.zones.get(ROW, [])


def _north(state: State, i: int, uid: int) -> None:
    _mark(state, i, uid, "north")  # counts as 1, 7 or 11


def _any_number(state: State, i: int, uid: int) -> None:
    _mark(state, i, uid, "any")  # counts as any number from 1 to 7


def _wild_suit(state: State, i: int, uid: int) -> None:
    _mark(state, i, uid, "wild-suit")


def _wild_title(state: State, i: int, uid: int) -> None:
    _mark(state, i, uid, "wild-title")


def _mirror(state: State, i: int, uid: int) -> None:
    """Its number becomes the printed number of the card just left of it (a face-down card included)."""
    row = state.seats[i].zones["field"]
    at = row.index(uid)
    if at == 0:
        state.emit("fizzle", seat=i, card=uid, effect="native")
        return
    _mark(state, i, uid, "as", state.cards[row[at - 1]].cost)


def _plus_one(state: State, i: int, uid: int) -> None:
    """The opponent's rightmost face-up card counts one more this round."""
    seat = state.seats[1 - i]
    up = [u for u in _row(state, 1 - i) if u not in seat.face_down]
    if not up:
        state.emit("fizzle", seat=i, card=uid, effect="native")
        return
    marks = seat.card_counters.setdefault(up[-1], {})
    marks["plus"] = marks.get("plus", 0) + 1
    state.emit("effect", seat=i, card=uid, effect="plus", target=up[-1])


def _swap_face_down(state: State, i: int, uid: int) -> None:
    """Destroy one's face-down card; the deck top takes its place, face down."""
    seat = state.seats[i]
    row = seat.zones["field"]
    down = [u for u in row if u in seat.face_down]
    if not down:
        state.emit("fizzle", seat=i, card=uid, effect="native")
        return
    at = row.index(down[0])
    seat.face_down.discard(down[0])
    seat.zones["discard"].append(row.pop(at))
    state.emit("effect", seat=i, card=uid, effect="swap-face-down")
    if seat.zones["deck"]:
        new = seat.zones["deck"].pop()
        row.insert(at, new)
        seat.face_down.add(new)
        state.emit("face-down", seat=i, card=new)


def _tie_bonus(state: State, i: int, uid: int) -> None:
    state.counters[TIE_BONUS] = state.counters.get(TIE_BONUS, 0) + 1
    state.emit("effect", seat=i, card=uid, effect="tie-bonus")


def _take_back(state: State, i: int, uid: int) -> None:
    """The face-up card just left of this one goes to the bottom of its owner's deck."""
    seat = state.seats[i]
    row = seat.zones["field"]
    at = row.index(uid)
    if at == 0 or row[at - 1] in seat.face_down:
        state.emit("fizzle", seat=i, card=uid, effect="native")
        return
    gone = row.pop(at - 1)
    seat.rested.discard(gone)
    seat.card_counters.pop(gone, None)
    seat.zones["deck"].insert(0, gone)
    state.emit("effect", seat=i, card=uid, effect="to-deck-bottom", target=gone)


def _peek(state: State, i: int, uid: int) -> None:
    """Look at the opponent's face-down card (it stays face down; only the log records what it is)."""
    seat = state.seats[1 - i]
    down = [u for u in _row(state, 1 - i) if u in seat.face_down]
    if not down:
        state.emit("fizzle", seat=i, card=uid, effect="native")
        return
    state.emit("peek", seat=i, card=down[0])


def _destroy_opponent_deck(state: State, i: int, uid: int) -> None:
    """Destroy the opponent's top two deck cards (a ブレイクジョーカー opponent only)."""
    seat = state.seats[1 - i]
    if seat.game != GAME:
        state.emit("fizzle", seat=i, card=uid, effect="native")
        return
    n = min(2, len(seat.zones["deck"]))
    for _ in range(n):
        seat.zones["discard"].append(seat.zones["deck"].pop())
    state.emit("deck-destroyed", seat=1 - i, cards=n)


NATIVE_SKILLS: dict[str, Callable[[State, int, int], None]] = {
    "rashin-north": _north, "homuraou": _any_number, "tsumugi-ayaori": _wild_suit, "tsumugi": _wild_title,
    "minamo-kyoei": _mirror, "uzume": _plus_one, "minamo": _swap_face_down, "mizuha": _tie_bonus,
    "tsumugi-nishiki": _take_back, "hiuchi": _peek, "kagaribi-gouka": _destroy_opponent_deck,
}
"""The sample cards' native skills, by card id."""


def carry_out(state: State, i: int, uid: int) -> None:
    handler = NATIVE_SKILLS.get(state.cards[uid].card_id)
    if handler is None:
        state.emit("effect-not-carried-out", seat=i, card=uid, effect="native", when="activated")
        return
    handler(state, i, uid)
