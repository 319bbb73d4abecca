"""The match contract (OpenSpiel-like): current_player, legal_actions, apply_action, is_terminal, outcome,
observation, clone. Automatic steps (stand, draw, battle, damage) run inside ``apply_action`` until the next
decision, so every decision point is a state that can be copied, saved and resumed.

Supported so far: ビルディバイド against ビルディバイド under its native rules (the other games and the
cross-game bridge are the next steps; see the module docstrings and the issue notes).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from amalogs.catalog import Catalog, Game
from amalogs.errors import AmalogsError
from amalogs.models.cards import Card, Deck
from amalogs.referee import build_divide as bd
from amalogs.referee.actions import Action, IllegalActionError
from amalogs.referee.state import Attack, CardData, State

__all__ = ["Match", "Outcome", "UnsupportedGameError"]


class UnsupportedGameError(AmalogsError):
    """The referee has no module for this game yet."""


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: int | None
    reason: str
    turns: int


class Match:
    """A refereed duel between two decks."""

    def __init__(self, state: State) -> None:
        self.state = state

    # --- construction -------------------------------------------------------------------------------

    @classmethod
    def new(cls, catalog: Catalog, sides: Sequence[tuple[Game, Deck]], seed: int, turn_cap: int = 60,
            log_events: bool = True) -> Match:
        """Shuffle, decide the first player, and deal both sides; the first decision is the first mulligan."""
        for game, _ in sides:
            if game.id != bd.GAME:
                raise UnsupportedGameError(f"the referee cannot play {game.profile.name} yet (supported: "
                                           f"{bd.GAME})")
        rng = random.Random(seed)
        cards: list[CardData] = []
        seats = []
        for i, (game, deck) in enumerate(sides):
            pool = {**catalog.cards(game.id), **{c.id: c for c in deck.cards}}
            main = _instances(cards, pool, deck.main, i)
            territory = _instances(cards, pool, deck.extra.get("territory", {}), i)
            seats.append(bd.new_seat(main, territory))
        state = State(seats, cards, rng, first=rng.randrange(2), turn_cap=turn_cap, log_events=log_events)
        state.emit("start", seed=seed, first=state.first, games=[g.id for g, _ in sides])
        for seat in state.seats:
            rng.shuffle(seat.zones["deck"])
            for _ in range(5):
                seat.zones["hand"].append(seat.zones["deck"].pop())
        state.phase, state.decider = "mulligan", state.first
        return cls(state)

    def clone(self) -> Match:
        return Match(self.state.clone())

    # --- the contract -------------------------------------------------------------------------------

    def current_player(self) -> int | None:
        return None if self.state.finished else self.state.decider

    def is_terminal(self) -> bool:
        return self.state.finished

    @property
    def outcome(self) -> Outcome | None:
        s = self.state
        return Outcome(s.winner, s.reason or "", s.turn) if s.finished else None

    def legal_actions(self) -> list[Action]:
        s = self.state
        if s.finished:
            return []
        me = s.decider
        assert me is not None
        if s.phase == "mulligan":
            return [Action("keep"), Action("mulligan")]
        if s.phase == "main":
            return bd.host_actions(s, me)
        if s.phase == "attack":
            return self._attack_actions(me)
        if s.phase == "block":
            assert s.attack is not None
            return [Action("noblock"), *(Action("block", (u,)) for u in bd.block_options(s, me, s.attack.target))]
        if s.phase == "shot":
            return [Action("shot"), Action("noshot")]
        if s.phase == "discard":
            return [Action("discard", (u,)) for u in s.seats[me].zones["hand"]]
        raise AssertionError(f"unknown phase {s.phase}")

    def apply_action(self, action: Action | str) -> None:
        """Carry out one decision, then every automatic step until the next decision or the end."""
        act = Action.parse(action) if isinstance(action, str) else action
        legal = self.legal_actions()
        if act not in legal:
            raise IllegalActionError(act.text(), self._why(act, legal))
        s = self.state
        me = s.decider
        assert me is not None
        s.emit("action", seat=me, action=act.text())
        getattr(self, f"_do_{s.phase}")(me, act)

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: its own hand, every public zone, and only counts of hidden ones."""
        s = self.state
        seats = []
        for i, seat in enumerate(s.seats):
            seats.append({
                "hand": list(seat.zones["hand"]) if i == player else len(seat.zones["hand"]),
                "deck": len(seat.zones["deck"]),
                "life": len(seat.zones["life"]),
                "field": list(seat.zones["field"]),
                "energy": list(seat.zones["energy"]),
                "drop": list(seat.zones["drop"]),
                "rested": sorted(seat.rested),
                "damage": dict(seat.damage),
            })
        return {"turn": s.turn, "active": s.active, "phase": s.phase, "you": player, "seats": seats}

    # --- decisions ----------------------------------------------------------------------------------

    def _do_mulligan(self, me: int, act: Action) -> None:
        s = self.state
        seat = s.seats[me]
        if act.verb == "mulligan":
            aside = seat.zones["hand"]
            seat.zones["hand"] = [seat.zones["deck"].pop() for _ in range(min(5, len(seat.zones["deck"])))]
            seat.zones["deck"].extend(aside)
            s.rng.shuffle(seat.zones["deck"])
            s.emit("mulligan", seat=me)
        seat.mulligan_decided = True
        other = 1 - me
        if not s.seats[other].mulligan_decided:
            s.decider = other
            return
        for i in (s.first, 1 - s.first):
            bd.place_life_and_energy(s, i)
        self._start_turn(s.first)

    def _do_main(self, me: int, act: Action) -> None:
        s = self.state
        seat = s.seats[me]
        if act.verb == "energy":
            uid = int(act.args[0])
            seat.zones["hand"].remove(uid)
            seat.zones["energy"].append(uid)
            seat.energy_placed = True
            s.emit("energy", seat=me, card=uid, energy=len(seat.zones["energy"]))
        elif act.verb == "play":
            bd.play(s, me, int(act.args[0]))
        else:
            s.phase = "attack"

    def _attack_actions(self, me: int) -> list[Action]:
        s = self.state
        seat = s.seats[me]
        out = []
        for u in seat.zones["field"]:
            if u not in seat.rested:
                for t in bd.attack_targets(s, u, 1 - me):
                    out.append(Action("attack", (u, "player") if t is None else (u, "unit", t)))
        return [*out, Action("end-attacks")]

    def _do_attack(self, me: int, act: Action) -> None:
        s = self.state
        if act.verb == "end-attacks":
            self._end_phase(me)
            return
        attacker = int(act.args[0])
        target = int(act.args[2]) if act.args[1] == "unit" else None
        s.seats[me].rested.add(attacker)
        s.attack = Attack(attacker, target)
        s.emit("attack", seat=me, attacker=attacker, target="player" if target is None else target)
        s.phase, s.decider = "block", 1 - me

    def _do_block(self, me: int, act: Action) -> None:
        s = self.state
        assert s.attack is not None
        if act.verb == "block":
            blocker = int(act.args[0])
            s.seats[me].rested.add(blocker)
            s.attack.blocker = blocker
            s.emit("block", seat=me, blocker=blocker)
        attack = s.attack
        opponent = attack.blocker if attack.blocker is not None else attack.target
        if opponent is not None:
            battle(s, attack.attacker, opponent)
            self._after_attack()
        else:
            attack.hits_left = s.cards[attack.attacker].hit
            self._deal_hits(me)

    def _do_shot(self, me: int, act: Action) -> None:
        s = self.state
        uid = s.seats[me].zones["drop"][-1]
        if act.verb == "shot":
            bd.play(s, me, uid, free=True)
        self._deal_hits(me)

    def _do_discard(self, me: int, act: Action) -> None:
        s = self.state
        uid = int(act.args[0])
        s.seats[me].zones["hand"].remove(uid)
        s.seats[me].zones["drop"].append(uid)
        s.emit("discard", seat=me, card=uid)
        if len(s.seats[me].zones["hand"]) <= bd.HAND_LIMIT:
            self._next_turn(me)

    # --- automatic steps ----------------------------------------------------------------------------

    def _deal_hits(self, defender: int) -> None:
        """Deal the attack's remaining hits one by one; stop for a shot decision, a loss, or a lost attacker."""
        s = self.state
        attack = s.attack
        assert attack is not None
        attacker_seat = s.seats[1 - defender]
        while attack.hits_left > 0:
            if attack.attacker not in attacker_seat.zones["field"]:
                s.emit("hits-cancelled", seat=defender, hits=attack.hits_left)
                break
            attack.hits_left -= 1
            result = bd.take_hit(s, defender)
            if result == "lost":
                self._finish(1 - defender, "damage with an empty life zone")
                return
            if result == "burst":
                attack.hits_left += 1
            elif result == "shot":
                s.phase, s.decider = "shot", defender
                return
        self._after_attack()

    def _after_attack(self) -> None:
        s = self.state
        s.attack = None
        s.phase, s.decider = "attack", s.active

    def _end_phase(self, me: int) -> None:
        s = self.state
        for seat in s.seats:
            seat.damage.clear()
            seat.power_mods.clear()
        s.emit("end-phase", seat=me)
        if len(s.seats[me].zones["hand"]) > bd.HAND_LIMIT:
            s.phase, s.decider = "discard", me
            return
        self._next_turn(me)

    def _next_turn(self, me: int) -> None:
        self._start_turn(1 - me)

    def _start_turn(self, me: int) -> None:
        s = self.state
        if s.turn >= s.turn_cap:
            self._finish(None, f"turn cap ({s.turn_cap}) reached: a draw")
            return
        s.turn += 1
        s.active, s.decider = me, me
        seat = s.seats[me]
        seat.turns += 1
        seat.energy_placed = False
        seat.rested -= set(seat.zones["field"]) | set(seat.zones["energy"])
        s.emit("turn", seat=me, number=s.turn)
        if not (me == s.first and seat.turns == 1):
            if not bd.draw(s, me):
                self._finish(1 - me, "drew with neither deck nor life cards")
                return
        s.phase = "main"

    def _finish(self, winner: int | None, reason: str) -> None:
        s = self.state
        s.winner, s.reason, s.finished = winner, reason, True
        s.phase, s.decider = "over", None
        s.emit("end", winner=winner, reason=reason)

    def _why(self, act: Action, legal: list[Action]) -> str:
        s = self.state
        if s.finished:
            return "the match is over"
        verbs = sorted({a.verb for a in legal})
        if act.verb not in verbs:
            return f"in the {s.phase} step player {s.decider} may only: {', '.join(verbs)}"
        same = [a.text() for a in legal if a.verb == act.verb]
        return f"not allowed with these arguments now; allowed: {', '.join(same[:8])}" + (" …" if len(same) > 8 else "")


def battle(s: State, attacker: int, defender: int) -> None:
    """Two ビルディバイド units deal their power to each other; ブリッツ deals first; damage accumulates."""
    a, d = s.cards[attacker], s.cards[defender]
    first = [u for u in (attacker, defender) if "blitz" in s.cards[u].keywords]
    both = [attacker, defender]
    order = [first, [u for u in both if u not in first]] if len(first) == 1 else [both]
    s.emit("battle", attacker=attacker, defender=defender, power=[a.power, d.power])
    for wave in order:
        hits = [(u, defender if u == attacker else attacker) for u in wave if _on_field(s, u)]
        for source, target in hits:
            _damage_unit(s, target, s.cards[source].power)
        for _, target in hits:
            _destroy_if_dead(s, target)


def _on_field(s: State, uid: int) -> bool:
    return uid in s.seats[s.cards[uid].owner].zones["field"]


def _damage_unit(s: State, uid: int, amount: int) -> None:
    seat = s.seats[s.cards[uid].owner]
    seat.damage[uid] = seat.damage.get(uid, 0) + amount


def _destroy_if_dead(s: State, uid: int) -> None:
    seat = s.seats[s.cards[uid].owner]
    if uid in seat.zones["field"] and seat.damage.get(uid, 0) >= s.cards[uid].power + seat.power_mods.get(uid, 0):
        seat.zones["field"].remove(uid)
        seat.zones["drop"].append(uid)
        seat.rested.discard(uid)
        seat.damage.pop(uid, None)
        s.emit("destroyed", seat=s.cards[uid].owner, card=uid, name=s.cards[uid].name)
    elif uid in seat.zones["field"]:
        s.emit("damaged", seat=s.cards[uid].owner, card=uid, damage=seat.damage[uid])


def _instances(cards: list[CardData], pool: dict[str, Card], counts: dict[str, int], owner: int) -> list[int]:
    uids = []
    for card_id, n in counts.items():
        for _ in range(n):
            uid = len(cards)
            cards.append(bd.card_data(pool[card_id], uid, owner))
            uids.append(uid)
    return uids
