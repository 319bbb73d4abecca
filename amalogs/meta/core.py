"""Each avatar's core game between duels, and one duel: the host's turn of its own game against the others.

An avatar's core game is kept as one seat of a position file (``docs/positions.md``) with its cards numbered
from 0. A duel renumbers the participants' seats one after another, loads them as one match
(:meth:`Match.from_position`, host first, its キャスト on its side, the ゲスト on the other), starts the host's
turn, lets each seat's player decide until the turn passes or a core game is lost, and dumps every seat back.
Positions already cover everything a seat keeps (deck order, hand, field, life, counters, the turn a card came
in), so nothing of the engine is copied here.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from amalogs.catalog import Catalog
from amalogs.referee import Match
from amalogs.referee.engine.actions import Action, IllegalActionError
from amalogs.referee.players import Player, RandomPlayer, reads_observation
from amalogs.referee.sessions.sides import Side, deck_ref

__all__ = [
    "TWO_SEAT_HOSTS",
    "CoreSeat",
    "DuelMatch",
    "DuelResult",
    "core_seats",
    "duel_match",
    "fresh_core",
    "play_duel",
]

CoreSeat = dict[str, Any]
"""One avatar's core game: a position file's seat (its cards numbered from 0)."""

TWO_SEAT_HOSTS = frozenset({"break-joker"})
"""Games whose turn the engine plays against one opponent only (a ブレイクジョーカー round is a two-player contest):
as host, such a game plays a round against each ゲスト in turn, the nearest first, without its キャスト."""

DUEL_OVER = "the host's turn is over"
_REF = re.compile(r"^(.+)#(\d+)$")
_ENOUGH = 100_000  # the position format's largest turn cap: a duel is one turn, so it never binds
_END_ATTACKS = Action("end-attacks")
_EMPTY_SEAT_PLAYER = RandomPlayer()


class _Dealer(Match):
    """A match that stops when its first turn would begin: a core game set up (dealt, mulligans decided)."""

    def _start_turn(self, me: int) -> None:
        self.state.phase, self.state.decider = "main", me


class DuelMatch(Match):
    """A match that plays one turn, the host's (seat 0): when the turn would pass to the next seat, the duel is
    over. When the enemy base is in the duel, each character the host's game lets attack may attack the base
    (``attack 12 base``): nothing can block it, so it succeeds and is counted in :attr:`base_hits`. A host with
    no ゲスト plays against an empty seat (:attr:`empty`) that nobody may attack: the engine needs two sides."""

    began = False
    base_target = False  # the enemy base is within the host's レンジ
    empty: int | None = None  # the stand-in seat of the other side when there is no ゲスト
    base_hits = 0

    def _start_turn(self, me: int) -> None:
        if self.began:
            s = self.state
            s.finished, s.phase, s.decider, s.reason = True, "over", None, DUEL_OVER
            return
        self.began = True
        super()._start_turn(me)

    def start(self) -> None:
        """Begin the host's turn (seat 0): ready, draw, resources, as its game says."""
        self._start_turn(0)

    def legal_actions(self) -> list[Action]:
        legal = super().legal_actions()
        s = self.state
        if s.phase != "attack" or s.decider != 0 or (self.empty is None and not self.base_target):
            return legal
        attacks = [a for a in legal if a.verb == "attack" and not self._at_empty(a)]
        if self.base_target:
            attacks += [Action("attack", (u, "base")) for u in s.games[0].attackers(s, 0)]
        ends = [a for a in legal if a.verb == "end-attacks"]
        legal = [*attacks, *(ends or ([] if attacks else [_END_ATTACKS]))]
        self._legal = (self._version, legal)
        return legal

    def _at_empty(self, a: Action) -> bool:
        return self.empty is not None and a.args[1] == "player" and (len(a.args) == 2 or a.args[2] == self.empty)

    def apply_action(self, action: Action | str) -> None:
        act = Action.parse(action) if isinstance(action, str) else action
        if act.verb != "attack" or len(act.args) != 2 or act.args[1] != "base":
            super().apply_action(act)
            return
        if act not in self.legal_actions():
            raise IllegalActionError(act.text(), "the base may be attacked only by a character that may attack now")
        self._version += 1
        s = self.state
        s.auras_stale = True
        attacker = int(act.args[0])
        s.emit("action", seat=0, action=act.text())
        s.games[0].on_attack(s, 0, attacker)  # the cost of attacking (rest, spend)
        s.emit("attack", seat=0, attacker=attacker, target="base")
        self.base_hits += 1


class BaseFirst:
    """A player that attacks the enemy base whenever it may (a hit on a base cannot be blocked and is lasting),
    and otherwise decides as the player it wraps."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.reads_observation = reads_observation(player)

    def choose(self, observation: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        for a in legal:
            if a.verb == "attack" and a.args[-1] == "base":
                return a
        return self.player.choose(observation, legal, rng)


def _shift(value: Any, by: int) -> Any:
    """Card numbers (``card-id#N``) moved by ``by``, everywhere in a seat."""
    if isinstance(value, str):
        found = _REF.match(value)
        return f"{found[1]}#{int(found[2]) + by}" if found else value
    if isinstance(value, list):
        return [_shift(v, by) for v in value]
    if isinstance(value, dict):
        return {k: _shift(v, by) for k, v in value.items()}
    return value


def _count(entry: Any) -> int:
    """How many cards one zone entry is: the card, and the cards under it and attached to it."""
    if isinstance(entry, str):
        return 1
    return 1 + sum(_count(e) for key in ("under", "equipment") for e in entry.get(key, []))


def card_total(seat: CoreSeat) -> int:
    """How many cards a seat holds (every one is listed: its deck is a zone too)."""
    return sum(_count(entry) for cards in seat["zones"].values() for entry in cards)


def _choose(player: Player, match: Match, seat: int, rng: random.Random) -> Action:
    legal = match.legal_actions()
    seen = match.observation(seat) if reads_observation(player) else {}
    return player.choose(seen, legal, rng)


def fresh_core(catalog: Catalog, side: Side, seed: int, player: Player) -> CoreSeat:
    """A new core game for an avatar: its deck shuffled and dealt, its setup decided by its player."""
    match = _Dealer.new(catalog, [(side.game, side.deck)], seed=seed, log_events=False)
    rng = random.Random(seed)
    while match.state.phase == "setup":
        match.apply_action(_choose(player, match, 0, rng))
    match.deck_refs = [deck_ref(side)]
    seat: CoreSeat = match.position(catalog)["seats"][0]
    seat["turns"] = 0
    return seat


@dataclass(frozen=True, slots=True)
class DuelResult:
    """What a duel left: every seat's core game, the seats whose core game was lost, the core match's events,
    the turn number it reached, how its last step ended, and how many attacks hit the enemy base."""

    seats: tuple[CoreSeat, ...]
    lost: tuple[int, ...]
    events: tuple[dict[str, Any], ...]
    turn: int
    reason: str
    base_hits: int = 0
    match: Match | None = field(default=None, compare=False, repr=False)  # the duel's match (its cards, for names)


def duel_match(catalog: Catalog, seats: Sequence[CoreSeat], sides: Sequence[int], turn: int, seed: int,
               log_events: bool = True, base: bool = False, host_game: str = "") -> DuelMatch:
    """The duel's match: the seats renumbered one after another (host first), at the host's turn ``turn + 1``;
    ``base``: the enemy base is in the duel. With nobody on the other side, an empty seat stands there."""
    built: list[dict[str, Any]] = []
    offset = 0
    for seat, side in zip(seats, sides, strict=True):
        moved = _shift(seat, offset)
        moved["zones"] = {k: v for k, v in moved["zones"].items() if v}  # (an empty zone says nothing)
        moved["side"] = side
        built.append(moved)
        offset += card_total(seat)
    empty = None
    if 1 not in sides:
        empty = len(built)
        built.append({"game": host_game or seats[0].get("game") or str(seats[0]["deck"]).partition(":")[0],
                      "side": 1})
    data = {"seed": seed, "turn": turn, "turn_cap": _ENOUGH, "active": 0, "first": 0, "step": "main",
            "seats": built}
    match = DuelMatch.from_position(catalog, data, where="duel")
    assert isinstance(match, DuelMatch)
    match.state.log_events = log_events
    match.base_target, match.empty = base, empty
    return match


def play_duel(catalog: Catalog, seats: Sequence[CoreSeat], sides: Sequence[int], turn: int, seed: int,
              players: Sequence[Player], check: Callable[[Match], None] | None = None,
              base: bool = False, host_game: str = "") -> DuelResult:
    """Play the host's turn (seat 0) against the others, each seat deciding with its player; ``check`` runs after
    every action (the invariants, in tests); ``base``: the enemy base is in the duel."""
    match = duel_match(catalog, seats, sides, turn, seed, base=base, host_game=host_game)
    rng = random.Random(seed)
    match.start()
    while not match.is_terminal():
        seat = match.current_player()
        assert seat is not None
        who = players[seat] if seat < len(players) else _EMPTY_SEAT_PLAYER  # (the empty seat decides at random)
        match.apply_action(_choose(who, match, seat, rng))
        if check is not None:
            check(match)
    s = match.state
    lost = tuple(k for k in _losers(match) if k < len(seats))  # (the empty seat is nobody's core game)
    _tidy(match)
    out = tuple(_revealed_back(seat) for seat in core_seats(catalog, match)[:len(seats)])
    return DuelResult(out, lost, tuple(s.events), s.turn, s.reason or "", match.base_hits, match)


def core_seats(catalog: Catalog, match: Match) -> list[CoreSeat]:
    """Every seat of a match as a core game on its own: its position seat, its cards numbered from 0."""
    out, offset = [], 0
    for seat in match.position(catalog)["seats"]:
        moved = _shift(seat, -offset)
        offset += card_total(seat)
        moved.pop("side", None)
        out.append(moved)
    return out


def _losers(match: Match) -> tuple[int, ...]:
    """The seats whose core game was lost (none when the host's turn simply ended)."""
    s = match.state
    if s.reason == DUEL_OVER:
        return ()
    if s.loser is not None:
        return (s.loser,)
    if s.winner is None:  # both players at 0 HP (a ブレイクジョーカー round): both lost
        return tuple(k for k, seat in enumerate(s.seats) if seat.counters.get("hp", 1) <= 0)
    return tuple(k for k in range(len(s.seats)) if k != s.winner) if len(s.seats) == 2 else ()


def _tidy(match: Match) -> None:
    """A duel that ended in the middle of the host's turn (a core game lost): what lasts this turn ends."""
    s = match.state
    s.attack, s.trigger_card, s.scout, s.cost_discard = None, None, None, None
    s.stack.clear()
    s.boost = [0] * len(s.seats)
    for k, seat in enumerate(s.seats):
        if s.rules[k].damage_cleanup != "持続":
            seat.damage.clear()
        seat.mods.clear()
        seat.granted.clear()


def _revealed_back(seat: CoreSeat) -> CoreSeat:
    """Another game's cards left revealed in a ブレイクジョーカー round go under its deck, in the order revealed."""
    row = seat["zones"].pop("bj-row", [])
    if row:
        deck = "deck" if "deck" in seat["zones"] else next(iter(seat["zones"]))
        seat["zones"][deck] = [*seat["zones"][deck], *row]
    seat.pop("this_turn", None)
    return seat
